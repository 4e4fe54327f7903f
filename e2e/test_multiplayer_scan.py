"""Play with friends without a relay, the codes read by the camera where the browser can: the
guest's page reads the host's code and the host's page reads the guest's answer. Headless
Chromium has neither a camera nor BarcodeDetector here, so this test gives both pages a stand-in
for them (a canvas as the camera, a detector that "sees" the code the test puts in view): it
checks the pages' part (the buttons, the camera shown and stopped, the code used), not the
reading of a real QR code."""

from __future__ import annotations

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import host_url, wait_seated
from test_multiplayer_codes import candidates, letters

FAKE_CAMERA = """(() => {
  window.__inView = null;
  window.BarcodeDetector = class {
    async detect() { return window.__inView ? [{ rawValue: window.__inView }] : []; }
  };
  navigator.mediaDevices.getUserMedia = async () => {
    const c = document.createElement("canvas");
    c.width = 64; c.height = 64;
    const g = c.getContext("2d");
    setInterval(() => { g.fillStyle = `hsl(${Date.now() % 360} 50% 50%)`; g.fillRect(0, 0, 64, 64); }, 100);
    return c.captureStream(5);
  };
})()"""


def test_the_codes_are_read_with_the_camera(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx = browser.new_context()
    hctx.add_init_script(FAKE_CAMERA)
    host = hctx.new_page()
    host.goto(host_url(base_url_sub, nostr_relay))
    host.wait_for_function("() => document.body.dataset.net === 'host'", timeout=90_000)
    host.keyboard.press("Escape")
    host.get_by_test_id("btn-codes").click()
    host.wait_for_function("() => document.getElementById('host-offer').value.startsWith('H')", timeout=30_000)
    offer = host.get_by_test_id("host-offer").input_value()
    assert letters(offer) <= 120 + 28 * (candidates(host, offer) - 1), "short enough to read out"

    gctx = browser.new_context()
    gctx.add_init_script(FAKE_CAMERA)
    guest = gctx.new_page()
    guest.goto(f"{base_url_sub}friends.html#manual")
    guest.get_by_test_id("join-name").fill("Cy")
    guest.get_by_test_id("scan-offer").click()
    guest.wait_for_selector("#offer-camera:not([hidden])", timeout=15_000)
    guest.evaluate("(t) => { window.__inView = t; }", offer)
    guest.wait_for_function("(t) => document.getElementById('offer-code').value === t", arg=offer, timeout=15_000)
    assert guest.locator("#offer-camera").is_hidden()
    guest.get_by_test_id("join-go").click()
    guest.wait_for_function("() => document.getElementById('answer-code').value.startsWith('G')", timeout=30_000)
    answer = guest.get_by_test_id("answer-code").input_value()

    host.get_by_test_id("scan-answer").click()
    host.wait_for_selector("#answer-camera:not([hidden])", timeout=15_000)
    host.evaluate("(t) => { window.__inView = t; }", answer)
    seat = wait_seated(guest)
    assert seat in (1, 2, 3)
    assert host.locator("#answer-camera").is_hidden()
    gctx.close()
    hctx.close()


def test_no_camera_button_where_the_browser_cannot_read_codes(browser, base_url_sub):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{base_url_sub}friends.html#manual")
    page.get_by_test_id("join-name").wait_for()
    assert page.evaluate("typeof window.BarcodeDetector") == "undefined"
    assert page.get_by_test_id("scan-offer").is_hidden()
    ctx.close()
