"""Load benchmark: how soon the table is painted and playable, against a bare Pyodide boot.

Serves dist/ (build it first) under /kaiser/ and drives Chromium:
- cold visits: a new browser context each (no HTTP cache, no service worker, no stored snapshot,
  no save): the engine boots Python afresh from the xz runtime and makes a snapshot at idle;
- warm visits: one context that has played a game and has the service worker, this browser's copy
  of the engine's memory snapshot and the saved game with its painted view; then the same with the
  copy deleted before each visit (the shipped snapshot restored from the service worker's cache);
- bare: in that warm context, a worker that only imports the vendored pyodide.mjs and awaits
  loadPyodide() (the runtime from the HTTP cache), the yardstick of issue 9's ratios.
"painted" and "playable" are the page's performance marks kaiser-painted (the saved table drawn,
paint.js) and kaiser-playable (the live game's first render, the engine answering), both from
navigation start.

    python build.py bench-load [--runs N]      or      python tools/bench_boot_browser.py [N]
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
from boot_helpers import SNAPSHOT_DIR, wait_snapshot  # noqa: E402
from conftest import CHROMIUM_ARGS, SYSTEM_CHROMIUM, StaticServer  # noqa: E402

FAST = '{"bots": {"1": "random", "2": "random", "3": "random"}, "speed": "off", "profile": "standard"}'

MARKS = """() => {
  const at = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
  const { boot, snapshot } = document.body.dataset;
  return { painted: at("kaiser-painted"), playable: at("kaiser-playable"),
           boot: snapshot ? `${boot} (${snapshot})` : boot,
           workerCreated: at("kaiser-worker-created"), appLoaded: at("kaiser-app-loaded"),
           engineReady: at("kaiser-engine-ready"),
           worker: window.kaiser.engine?.timings };
}"""

BARE = """async (runtime) => {
  const src = `const t0 = performance.now();
    const { loadPyodide } = await import(${JSON.stringify(runtime)} + "pyodide.mjs");
    await loadPyodide({ indexURL: ${JSON.stringify(runtime)} });
    postMessage(performance.now() - t0);`;
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  const ms = await new Promise((ok, ko) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => ko(e.message); });
  w.terminate();
  return ms;
}"""

# Deleting this browser's copy of the snapshot (boot_helpers names where worker.js keeps it).
DROP_SNAPSHOTS = """async (name) => {
  try { await (await navigator.storage.getDirectory()).removeEntry(name, { recursive: true }); } catch {}
}"""


def _visit(page, url: str) -> dict:
    page.goto(url)
    page.wait_for_function("() => ['ready', 'error'].includes(document.body.dataset.engine)", timeout=120_000)
    page.wait_for_function("() => performance.getEntriesByName('kaiser-playable').length > 0")
    return page.evaluate(MARKS)


def _median(xs: list[float]) -> float:
    return statistics.median(xs) / 1000


def main(runs: int = 5) -> int:
    from playwright.sync_api import sync_playwright

    if not (ROOT / "dist" / "sw.js").exists():
        raise SystemExit("dist/ is missing: run `python build.py` first")
    server = StaticServer().start()
    launch = {"executable_path": str(SYSTEM_CHROMIUM), "args": CHROMIUM_ARGS} if SYSTEM_CHROMIUM.exists() else {}
    settings = f"localStorage.getItem('kaiser.settings.v1') || localStorage.setItem('kaiser.settings.v1', {FAST!r})"
    cold: list[dict] = []
    warm: list[dict] = []
    unsnapped: list[dict] = []
    bare: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            for _ in range(runs):
                ctx = browser.new_context()
                ctx.add_init_script(settings)
                cold.append(_visit(ctx.new_page(), server.url))
                ctx.close()
            ctx = browser.new_context()
            ctx.add_init_script(settings)
            page = ctx.new_page()
            _visit(page, server.url)
            page.wait_for_function("() => document.body.dataset.turn === 'human'", timeout=120_000)
            wait_snapshot(page)
            page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=60_000)
            _visit(page, server.url)  # the first visit that restores; not counted
            for _ in range(runs):
                warm.append(_visit(page, server.url))
            for _ in range(runs):  # this browser's copy deleted: the shipped snapshot restored
                page.evaluate(DROP_SNAPSHOTS, SNAPSHOT_DIR)
                unsnapped.append(_visit(page, server.url))
            page.goto(server.url + "pyodide/pyodide-lock.json")
            page.evaluate(BARE, server.url + "pyodide/")  # fills the HTTP cache; not counted
            for _ in range(runs):
                bare.append(page.evaluate(BARE, server.url + "pyodide/"))
            ctx.close()
            browser.close()
    finally:
        server.stop()

    boots = {v["boot"] for v in warm}
    cold_playable = _median([v["playable"] for v in cold])
    warm_painted = _median([v["painted"] for v in warm if v["painted"] is not None] or [float("nan")])
    warm_playable = _median([v["playable"] for v in warm])
    bare_s = _median(bare)
    print(f"load benchmark, medians of {runs} runs "
          "(seconds from navigation; Chromium, dist/ served locally)")
    print(f"  cold visit: playable {cold_playable:.2f}  (engine booted {', '.join(sorted({v['boot'] for v in cold}))})")
    print(f"  warm visit: painted {warm_painted:.2f}, playable {warm_playable:.2f}  "
          f"(engine booted {', '.join(sorted(boots))})")
    print(f"  warm visit, the stored copy deleted: painted {_median([v['painted'] for v in unsnapped]):.2f}, "
          f"playable {_median([v['playable'] for v in unsnapped]):.2f}  "
          f"(engine booted {', '.join(sorted({v['boot'] for v in unsnapped}))})")
    print(f"  bare warm loadPyodide(): {bare_s:.2f}")
    print(f"  warm visit: worker created at {_median([v['workerCreated'] for v in warm]):.3f}, "
          f"app.js evaluated at {_median([v['appLoaded'] for v in warm]):.3f}, "
          f"engine ready at {_median([v['engineReady'] for v in warm]):.3f}")
    print(f"  ratios to the bare boot: painted {warm_painted / bare_s:.2f}, playable {warm_playable / bare_s:.2f}, "
          f"cold playable {cold_playable / bare_s:.2f}")
    print("  every run: cold playable " + " ".join(f"{v['playable'] / 1000:.2f}" for v in cold)
          + " | warm painted " + " ".join(f"{(v['painted'] or 0) / 1000:.2f}" for v in warm)
          + " | warm playable " + " ".join(f"{v['playable'] / 1000:.2f}" for v in warm)
          + " | bare " + " ".join(f"{b / 1000:.2f}" for b in bare))
    for name, visits in (("cold", cold), ("warm", warm)):
        steps = sorted({k for v in visits for k in (v["worker"] or {})}, key=lambda k: visits[0]["worker"].get(k, 0))
        medians = {k: statistics.median(v["worker"][k] for v in visits if k in v["worker"]) for k in steps}
        print(f"  {name} worker steps (ms from the worker's start, medians): "
              + ", ".join(f"{k} {ms:.0f}" for k, ms in medians.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
