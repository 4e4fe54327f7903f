"""A real Nostr relay on loopback for the "Play with friends" tests (never a mock).

The PyPI `nostr-relay` package (pinned in the test extra) runs as its own process with a copy of
the config it ships, pointed at a free loopback port and a temporary sqlite file; the browsers
meet through it exactly as they would through a public relay, and nothing leaves the machine.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

STARTUP_TIMEOUT_S = 30.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _config(tmp: Path, port: int) -> Path:
    """The package's own config.yaml with the port, the database and the log level changed."""
    import nostr_relay

    shipped = (Path(nostr_relay.__file__).parent / "config.yaml").read_text(encoding="utf-8")
    text = (shipped
            .replace("sqlite+aiosqlite:///nostr.sqlite3", f"sqlite+aiosqlite:///{tmp / 'relay.sqlite3'}")
            .replace("bind: 127.0.0.1:6969", f"bind: 127.0.0.1:{port}")
            .replace("loglevel: info", "loglevel: warning"))
    if f"127.0.0.1:{port}" not in text or str(tmp) not in text:
        raise RuntimeError("nostr-relay's shipped config.yaml changed: update e2e/nostr_relay.py")
    path = tmp / "config.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _wait_listening(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"nostr-relay exited ({proc.returncode}): {log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nostr-relay did not listen on {port} within {STARTUP_TIMEOUT_S} s")


@pytest.fixture(scope="session")
def nostr_relay(tmp_path_factory) -> Iterator[str]:
    """The relay's URL, ws://127.0.0.1:PORT, for `?relay=`."""
    tmp = tmp_path_factory.mktemp("nostr-relay")
    port = _free_port()
    config = _config(tmp, port)
    log = tmp / "relay.log"
    with log.open("wb") as out:
        # The package's console script, run by this interpreter (its module has no __main__).
        proc = subprocess.Popen([sys.executable, "-c", "from nostr_relay.cli import main; main()",
                                 "-c", str(config), "serve"],
                                cwd=tmp, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_listening(port, proc, log)
        yield f"ws://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Relay:
    """A relay of the test's own that the test can stop and start again on the same port (the
    same database), as a public relay restarting in the middle of a hand."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.port = _free_port()
        self.config = _config(tmp, self.port)
        self.url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        log = self.tmp / "relay.log"
        with log.open("ab") as out:
            self.proc = subprocess.Popen([sys.executable, "-c", "from nostr_relay.cli import main; main()",
                                          "-c", str(self.config), "serve"],
                                         cwd=self.tmp, stdout=out, stderr=subprocess.STDOUT)
        _wait_listening(self.port, self.proc, log)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture
def restartable_relay(tmp_path_factory) -> Iterator[Relay]:
    relay = Relay(tmp_path_factory.mktemp("nostr-relay-restart"))
    relay.start()
    try:
        yield relay
    finally:
        relay.stop()
