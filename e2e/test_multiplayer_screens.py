"""Play with friends as people see it, on a desktop and a phone: the invite, the lobby, a guest's
table and the message while the host is away; axe finds no serious or critical violation."""

from __future__ import annotations

import pytest
from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import ARTIFACTS, open_guest, wait_seated

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# Every Content-Security-Policy violation the page reports, from its first script on.
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""


def _serious(axe, page) -> list:
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe.run(page).response["violations"]
            if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_invite_lobby_guest_table_and_host_away(browser, base_url_sub, nostr_relay, device):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    viewport = VIEWPORTS[device]
    ARTIFACTS.mkdir(exist_ok=True)
    problems = {}
    hctx = browser.new_context(viewport=viewport)
    hctx.add_init_script(WATCH_CSP)
    host = hctx.new_page()
    host.goto(f"{base_url_sub}friends.html?relay={nostr_relay}&pace_ms=400")
    host.wait_for_function("() => document.body.dataset.net === 'host'", timeout=90_000)
    host.get_by_test_id("invite-qr").locator("svg").wait_for()
    policy = host.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert directives["connect-src"] == ["'self'", "wss:", "ws://127.0.0.1:*", "ws://localhost:*"]
    assert directives["default-src"] == ["'self'"] and directives["object-src"] == ["'none'"]
    problems["invite"] = _serious(axe, host)
    host.screenshot(path=str(ARTIFACTS / f"friends-invite-{device}.png"))
    link = host.get_by_test_id("invite-link").input_value()
    host.keyboard.press("Escape")

    gctx, guest = open_guest(browser, link, "Dee", viewport=viewport, init_script=WATCH_CSP)
    seat = wait_seated(guest)
    host.get_by_test_id(f"lobby-seat-{seat}").get_by_text("Dee").wait_for()
    problems["lobby-host"] = _serious(axe, host)
    host.screenshot(path=str(ARTIFACTS / f"friends-lobby-{device}.png"), full_page=True)
    guest.get_by_test_id("lobby").get_by_text("Waiting for the host").wait_for()
    problems["lobby-guest"] = _serious(axe, guest)
    # The host moves Dee to another seat and sets a bot's level; Dee is told her new seat.
    across = 3 if seat != 3 else 1
    host.get_by_test_id(f"move-{seat}").select_option(str(across))
    guest.wait_for_function(f"() => window.kaiserNet.guest.seat === {across}", timeout=15_000)
    host.get_by_test_id(f"level-{seat}").select_option("strong")
    assert host.evaluate(f"window.kaiserNet.host.seats[{seat}].level") == "strong"
    seat = across

    host.get_by_test_id("start-game").click()
    guest.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    # Issue 33: at a person's bid the whole bidding box shows (its last row too) and leaves the
    # hand uncovered, on a phone as on a desktop.
    _check_bid_box(host, guest, device)
    guest.get_by_test_id("talk-0").click()
    host.get_by_test_id("talk-log").get_by_text("Nice!").wait_for()
    problems["guest-table"] = _serious(axe, guest)
    guest.screenshot(path=str(ARTIFACTS / f"friends-guest-table-{device}.png"), full_page=True)

    assert host.evaluate("window.__csp") == []
    hctx.close()
    guest.get_by_test_id("host-away").wait_for(timeout=30_000)
    problems["host-away"] = _serious(axe, guest)
    guest.screenshot(path=str(ARTIFACTS / f"friends-host-away-{device}.png"), full_page=True)
    assert guest.evaluate("window.__csp") == []
    gctx.close()
    assert not {k: v for k, v in problems.items() if v}, problems


_BID_BOXES = """() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom}; };
  return {panel: r(document.getElementById('action-panel')),
          buttons: [...document.querySelectorAll('#action-panel button[data-action]')].map(r),
          hand: r(document.getElementById('hand')), height: innerHeight}; }"""


def _check_bid_box(host, guest, device: str) -> None:
    import time
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for name, page in (("host", host), ("guest", guest)):
            if page.evaluate("document.body.dataset.netPhase !== 'bidding'"):
                return
            if page.evaluate("!document.getElementById('action-panel').hidden"):
                page.screenshot(path=str(ARTIFACTS / f"friends-bid-{name}-{device}.png"))
                boxes = page.evaluate(_BID_BOXES)
                assert all(b["bottom"] <= boxes["height"] + 1 for b in boxes["buttons"]), boxes
                panel, hand = boxes["panel"], boxes["hand"]
                assert (device == "desktop" or panel["top"] >= hand["bottom"] - 1
                        or panel["bottom"] <= hand["top"] + 1), boxes
                return
        host.wait_for_timeout(200)
    raise AssertionError("nobody at the table was asked to bid")
