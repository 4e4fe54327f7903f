"""Always-present checks for the in-Pyodide run (tests/pyodide/run.mjs); skipped on the host."""

import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="runs inside Pyodide only")


def test_running_inside_pyodide():
    assert sys.platform == "emscripten"
    assert sys.version_info >= (3, 11)


def test_kaiser_core_imports_from_the_wheel():
    import kaiser_core

    assert all("site-packages" in p for p in kaiser_core.__path__)
