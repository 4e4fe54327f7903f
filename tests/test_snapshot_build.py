"""The engine's memory snapshot is made at build time and shipped: the same bytes every time,
wherever the checkout is and whatever the machine's time zone and locale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers import build_module


@pytest.mark.host_only
def test_the_shipped_snapshot_is_byte_reproducible(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = build_module()
    runtime = build.DIST / build.RUNTIME_DIR
    shipped = build.DIST / build.SNAPSHOT_FILE
    if not shipped.exists() or shutil.which("node") is None:
        pytest.skip("needs a built site (python build.py) and node")
    site = tmp_path / "elsewhere" / "site"
    shutil.copytree(runtime, site / build.RUNTIME_DIR)
    monkeypatch.setenv("TZ", "America/Regina")
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    size = build.make_snapshot(site)
    assert size > 1_000_000
    assert (site / build.SNAPSHOT_FILE).read_bytes() == shipped.read_bytes()
