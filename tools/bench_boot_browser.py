"""Measure, in Chromium, Pyodide boot + installing the kaiser_core wheel two ways:
"lock" (loadPackage via our pyodide-lock.json entry) and "micropip" (load micropip 0.11.1's
wheel by URL, then micropip.install(wheel URL)). Cold = fresh browser context, warm = the same
context again (HTTP cache). Needs dist/ and .cache/micropip/micropip-0.11.1-py3-none-any.whl.

    python tools/bench_boot_browser.py [runs]
"""

import http.server
import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

WORKER = """
const [origin, mode, wheel, micropip] = %s;
const t0 = performance.now();
const { loadPyodide } = await import(origin + "/dist/pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: origin + "/dist/pyodide/" });
const t1 = performance.now();
if (mode === "lock") {
  await py.loadPackage("kaiser-core", { messageCallback: () => {} });
} else {
  await py.loadPackage(origin + "/.cache/micropip/" + micropip, { messageCallback: () => {} });
  await py.runPythonAsync(`import micropip\\nawait micropip.install("${origin}/dist/pyodide/${wheel}")`);
}
py.runPython("import kaiser_core");
postMessage({ boot: (t1 - t0) / 1000, install: (performance.now() - t1) / 1000 });
"""

RUN = """
async (src) => {
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  const res = await new Promise((ok, ko) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => ko(e.message); });
  w.terminate();
  return res;
}
"""


def main(runs: int = 3) -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(ROOT))
    httpd.RequestHandlerClass.log_message = lambda *a: None
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    wheel = next((ROOT / "dist" / "pyodide").glob("kaiser_core-*.whl")).name
    micropip = next((ROOT / ".cache" / "micropip").glob("micropip-*.whl")).name
    launch = {}
    if Path("/usr/bin/chromium").exists():
        launch = {"executable_path": "/usr/bin/chromium", "args": ["--headless", "--no-sandbox", "--disable-gpu"]}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch)
        for mode in ("lock", "micropip"):
            src = WORKER % json.dumps([origin, mode, wheel, micropip])
            for i in range(runs):
                ctx = browser.new_context()
                page = ctx.new_page()
                page.goto(origin + "/tools/")
                for kind in ("cold", "warm"):
                    r = page.evaluate(RUN, src)
                    print(f"{mode:8s} {kind}: boot {r['boot']:.2f} s, install {r['install']:.2f} s", flush=True)
                ctx.close()
        browser.close()
    httpd.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
