"""Smoke test: the built site boots its engine under a sub-path, from its own origin only."""

import time
from pathlib import Path

from conftest import ENGINE_READY_TIMEOUT_MS, wait_engine_ready

ROOT = Path(__file__).resolve().parent.parent
# While kaiser_core.bridge.api is being written, the boot must get as far as importing it and fail
# cleanly there; once it exists, the engine must answer.
HAS_API = (ROOT / "kaiser_core" / "bridge" / "api.py").exists()

# Boot the worker through the page-side client, relative to the page (works under any sub-path).
BOOT_AND_CALL = """
async () => {
  const t0 = performance.now();
  const { startEngine } = await import(new URL("./js/worker-client/client.js", document.baseURI).href);
  const stages = [];
  let engine;
  try {
    engine = await startEngine({ onProgress: (p) => stages.push(p.stage + ":" + p.state) });
  } catch (e) {
    return { bootError: { type: e.type, message: e.message }, stages };
  }
  const booted = performance.now() - t0;
  let profiles = null, error = null;
  try {
    profiles = await engine.call("profiles");
  } catch (e) {
    error = { type: e.type, message: e.message };
  }
  let bad = null;
  try {
    await engine.call("not_a_function");
  } catch (e) {
    bad = e.type;
  }
  let illegal = null;
  try {
    await engine.call("apply", {}, { type: "nonsense" });
  } catch (e) {
    illegal = { type: e.type, message: e.message };
  }
  const alive = await engine.call("profiles").then(() => true, () => false);
  engine.terminate();
  return { booted, stages, version: engine.version, profiles, error, bad, illegal, alive };
}
"""

STAGES = [f"{s}:{st}" for s in ("runtime", "python", "engine") for st in ("start", "done")]


def test_engine_boots_under_sub_path(page, base_url_sub, static_server, dist_dir):
    offsite = []
    page.on("request", lambda r: None if r.url.startswith(static_server.origin + "/")
            else offsite.append(r.url))
    page.on("console", lambda m: print(f"[console.{m.type}] {m.text}")
            if m.type == "error" else None)

    timings = {}
    for run in ("cold", "warm"):
        t0 = time.monotonic()
        page.goto(base_url_sub)
        if HAS_API and (dist_dir / "index.html").exists():
            # The UI boots the engine itself and marks the body when it is ready.
            wait_engine_ready(page, ENGINE_READY_TIMEOUT_MS)
            timings[run + ", page to UI ready"] = time.monotonic() - t0
            # The first visit starts Python (the build's 7 MB snapshot would cost more on the wire),
            # later ones restore the snapshot this browser made.
            boot = page.evaluate("() => [document.body.dataset.boot, document.body.dataset.snapshot]")
            assert boot == ["fresh", None] if run == "cold" else boot[0] == "snapshot", boot
        t1 = time.monotonic()
        res = page.evaluate(BOOT_AND_CALL)
        timings[run + ", worker boot + first call"] = time.monotonic() - t1
        if not HAS_API:
            # Runtime and Python came up, the wheel was installed; the import of the API failed.
            assert res["stages"] == STAGES[:5], res
            assert res["bootError"]["type"] == "BootError"
            assert "kaiser_core.bridge.api" in res["bootError"]["message"], res
            continue
        assert "bootError" not in res, res
        assert res["stages"] == STAGES
        assert isinstance(res["version"], str)
        assert res["error"] is None, res["error"]
        assert isinstance(res["profiles"], dict) and res["profiles"]
        assert res["bad"] == "UnknownFunction"
        assert res["illegal"] and res["illegal"]["type"] in ("InvalidAction", "IllegalAction")
        assert res["alive"]

    for name, secs in timings.items():
        print(f"load time ({name}): {secs:.2f} s")
    assert offsite == [], f"requests left the origin: {offsite}"
    assert all(p.startswith("/kaiser/") for p in static_server.requests)
    assert any(p.endswith("/pyodide/pyodide.asm.wasm.xz.0") for p in static_server.requests)
    assert any(p.endswith(".whl") for p in static_server.requests)
