"""The service worker: precaches the site, serves it offline, and offers a new build as an update."""

import re
import shutil
import time

from conftest import StaticServer, wait_engine_ready

REGISTER = """
async () => {
  window.__apply = null;
  const { registerServiceWorker } = await import(new URL("./js/ui/offline.js", document.baseURI).href);
  const reg = await registerServiceWorker((apply) => { window.__apply = apply; });
  await navigator.serviceWorker.ready;
  return { scope: reg.scope, caches: await caches.keys() };
}
"""

SITE_CACHES = "async () => await caches.keys()"


def test_new_build_is_offered_then_replaces_the_old_cache(browser, dist_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    server = StaticServer(site).start()
    try:
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url)
        wait_engine_ready(page)
        first = page.evaluate(REGISTER)
        assert first["scope"] == server.url
        old_cache = re.search(r'const CACHE = "([^"]+)"', (site / "sw.js").read_text()).group(1)
        assert first["caches"] == [old_cache]
        page.wait_for_function("() => !!navigator.serviceWorker.controller")

        # Offline: the precached site still loads and boots the engine.
        context.set_offline(True)
        page.reload()
        wait_engine_ready(page)
        context.set_offline(False)

        # A "new build": a different cache name in sw.js and worker.js, as build.py writes them.
        new_cache = old_cache + "-next"
        for name in ("sw.js", "worker.js"):
            path = site / name
            path.write_text(path.read_text().replace(old_cache, new_cache))
        page.evaluate(REGISTER)
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        page.wait_for_function("() => typeof window.__apply === 'function'", timeout=30_000)
        with page.expect_navigation():
            page.evaluate("() => window.__apply()")
        wait_engine_ready(page)
        deadline = time.monotonic() + 30
        while (keys := page.evaluate(SITE_CACHES)) != [new_cache]:
            assert time.monotonic() < deadline, f"old cache not replaced: {keys}"
            time.sleep(0.2)
        assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") == server.url + "sw.js"
        context.close()
    finally:
        server.stop()
