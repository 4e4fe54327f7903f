"""A newcomer's first visit on a phone over slow 4G (Chromium's own throttling, which holds for the
engine's worker too): progress in megabytes, the rules and settings usable while the engine
arrives, a playable table with no error on the way; and offline with nothing kept, said at once.
The timings are printed, not asserted: `../shared/tools/firstvisit.py` is the benchmark."""

from __future__ import annotations

import re
import time
from pathlib import Path

from conftest import ENGINE_READY_TIMEOUT_MS, StaticServer

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PHONE = {"width": 390, "height": 844}
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
BYTES = re.compile(r"Downloading the game: (\d+\.\d) of (\d+\.\d) MB")


def _phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    return context, context.new_page()


def test_a_first_visit_on_slow_4g_counts_megabytes_and_deals(browser, base_url_sub):
    context, page = _phone(browser)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    ARTIFACTS.mkdir(exist_ok=True)
    t0 = time.monotonic()
    page.goto(base_url_sub, wait_until="commit")
    seen, states = [], set()
    rules_read = False
    while time.monotonic() - t0 < ENGINE_READY_TIMEOUT_MS / 1000 * 2:
        state = page.evaluate("() => document.body ? document.body.dataset.engine || '' : ''")
        states.add(state)
        if state == "ready":
            break
        text = page.evaluate("() => document.getElementById('boot-bytes')?.textContent || ''")
        if BYTES.search(text) and text not in seen:
            seen.append(text)
            if len(seen) >= 3 and not rules_read and page.evaluate("() => 'kaiser' in window"):
                page.screenshot(path=str(ARTIFACTS / "first-visit-loading-phone.png"))
                # Something to do meanwhile: the rules, in a card player's words.
                page.get_by_test_id("loading-rules").click()
                page.get_by_test_id("help").wait_for(state="visible")
                body = page.get_by_test_id("help").inner_text()
                assert "the 5 of hearts adds 5" in body, body[:300]
                page.screenshot(path=str(ARTIFACTS / "first-visit-rules-while-loading-phone.png"))
                page.locator("#dlg-help [data-close]").click()
                rules_read = True
        time.sleep(0.25)
    ready_after = time.monotonic() - t0
    print(f"[first visit, slow 4G by Chromium's throttling] playable after {ready_after:.1f} s; "
          f"{len(seen)} progress readings, last: {seen[-1] if seen else None}")
    assert "error" not in states, states
    assert page.evaluate("() => document.body.dataset.engine") == "ready"
    assert rules_read, seen
    figures = [tuple(map(float, BYTES.search(t).groups())) for t in seen]
    assert len(figures) >= 5 and figures[-1][0] > figures[0][0], figures
    total = figures[0][1]
    assert 1.0 < total <= 5.0, f"the first visit announces {total} MB"
    assert all(done <= total for done, _ in figures)
    page.locator("#hand button.card").first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "first-visit-dealt-phone.png"))
    words = page.locator("#loading").inner_text()
    for code_word in ("Python", "runtime", "wasm", "Pyodide"):
        assert code_word not in words, words
    context.close()


def test_choosing_the_rules_while_loading_deals_the_first_hand_with_them(browser, base_url_sub):
    context, page = _phone(browser)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {**SLOW_4G, "downloadThroughput": 9e6 / 8})
    page.goto(base_url_sub, wait_until="commit")
    page.wait_for_function("() => 'kaiser' in window && document.body.dataset.engine === 'loading'")
    page.get_by_test_id("loading-settings").click()
    page.get_by_test_id("settings").wait_for(state="visible")
    page.locator('#settings-body input[type="radio"][value="tournament"]').check()
    page.screenshot(path=str(ARTIFACTS / "first-visit-settings-while-loading-phone.png"))
    page.get_by_test_id("settings-apply").click()
    page.wait_for_function("() => document.body.dataset.engine === 'ready'", timeout=ENGINE_READY_TIMEOUT_MS * 2)
    page.locator("#hand button.card").first.wait_for()
    profile = page.evaluate("() => window.kaiser.game.state.config.profile")
    assert profile == "tournament"
    context.close()


def test_offline_with_nothing_kept_says_so_at_once(browser, base_url_sub):
    """The page came, the connection went: the engine's files cannot come, and the page says so
    in plain words as soon as the first request fails, not after a time-out."""
    context, page = _phone(browser)
    page.route("**/pyodide/**", lambda route: route.abort("internetdisconnected"))
    t0 = time.monotonic()
    page.goto(base_url_sub)
    page.wait_for_function("() => document.body.dataset.engine === 'error'", timeout=15_000)
    said_after = time.monotonic() - t0
    text = page.get_by_test_id("boot-error").inner_text()
    print(f"[offline first visit] said after {said_after:.1f} s: {text}")
    assert said_after < 10, said_after
    assert "Retry" in text and "connection" in text.lower(), text
    assert page.get_by_test_id("boot-retry").is_visible()
    page.screenshot(path=str(ARTIFACTS / "first-visit-offline-phone.png"))
    context.close()


def test_retry_after_a_stall_goes_on_from_the_parts_that_arrived(browser, dist_dir):
    """The connection stops in the middle of the runtime: the boot says so once nothing has come
    for the time-out (not on total time), and Retry downloads only what had not arrived whole."""
    server = StaticServer(dist_dir).start()
    context, page = _phone(browser)
    held = {"on": True}

    def hold(route):
        if held["on"]:
            return  # the connection stopped here: the request never completes
        route.continue_()

    page.route("**/pyodide/pyodide.asm.wasm.xz.3", hold)
    try:
        page.goto(server.url + "?boot_timeout_ms=3000")
        page.wait_for_function("() => document.body.dataset.engine === 'error'", timeout=60_000)
        text = page.get_by_test_id("boot-error").inner_text()
        assert "Nothing has arrived for 3 s" in text and "Retry" in text, text
        before = [p for p in server.requests if ".xz." in p]
        assert any(p.endswith("pyodide.asm.wasm.xz.2") for p in before), before
        held["on"] = False
        page.get_by_test_id("boot-retry").click()
        page.wait_for_function("() => document.body.dataset.engine === 'ready'", timeout=ENGINE_READY_TIMEOUT_MS)
        page.locator("#hand button.card").first.wait_for()
        again = [p for p in server.requests if ".xz." in p][len(before):]
        for part in ("pyodide.asm.wasm.xz.0", "pyodide.asm.wasm.xz.1", "pyodide.asm.wasm.xz.2"):
            assert not any(p.endswith(part) for p in again), (part, again)
        assert any(p.endswith("pyodide.asm.wasm.xz.3") for p in again), again
    finally:
        context.close()
        server.stop()
