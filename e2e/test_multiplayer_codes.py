"""Play with friends without any relay: the host's page shows a code, the guest types it into
`friends.html#manual` and types its answer back on the host's page; then they play a hand."""

from __future__ import annotations

import socket

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import host_moves, open_host, play_until, wait_seated


def letters(code: str) -> int:
    """What a person types: the code's letters and digits, not the dashes between groups."""
    return len(code.replace("-", ""))


def candidates(page, code: str) -> int:
    """How many addresses a code carries, read back by the page's own decoder."""
    return page.evaluate(
        """async (code) => {
            const { unpackCode, codeKind } = await import("./js/net/shortcode.js");
            return unpackCode(codeKind(code), code).sdp.split("a=candidate:").length - 1;
        }""",
        code,
    )


def test_codes_typed_by_hand_connect_a_guest_and_they_play_a_hand(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, _ = open_host(browser, base_url_sub, nostr_relay)
    host.get_by_test_id("btn-codes").click()
    host.wait_for_function("() => document.getElementById('host-offer').value.startsWith('H')", timeout=30_000)
    offer = host.get_by_test_id("host-offer").input_value()

    gctx = browser.new_context()
    guest = gctx.new_page()
    sockets = []
    guest.on("websocket", lambda ws: sockets.append(ws.url))
    guest.goto(f"{base_url_sub}friends.html#manual")
    guest.get_by_test_id("join-name").fill("Cy")
    # One letter wrong: said in plain words, and the form stays for the right code.
    typo = offer[:10] + ("7" if offer[10] != "7" else "8") + offer[11:]
    guest.get_by_test_id("offer-code").fill(typo)
    guest.get_by_test_id("join-go").click()
    guest.get_by_test_id("net-error").get_by_text("That code has a typo: check the letters and try again.").wait_for()
    guest.get_by_test_id("offer-code").fill("")
    guest.get_by_test_id("offer-code").press_sequentially(offer.lower().replace("-", " "))
    guest.get_by_test_id("join-go").click()
    guest.wait_for_function("() => document.getElementById('answer-code').value.startsWith('G')", timeout=30_000)
    answer = guest.get_by_test_id("answer-code").input_value()
    host.get_by_test_id("host-answer").press_sequentially(answer)
    host.get_by_test_id("host-connect").click()
    seat = wait_seated(guest)
    print(f"\ncodes typed: the host's {letters(offer)} letters ({len(offer)} with dashes), "
          f"the guest's answer {letters(answer)}")
    # One host candidate under 120 letters, about 28 more for each other one (shortcode.js).
    assert letters(offer) <= 120 + 28 * (candidates(host, offer) - 1)
    assert letters(answer) <= 120 + 28 * (candidates(guest, answer) - 1)
    assert seat in (1, 2, 3)
    host.keyboard.press("Escape")
    host.get_by_test_id(f"lobby-seat-{seat}").get_by_text("Cy").wait_for()
    host.get_by_test_id("start-game").click()
    play_until([host, guest], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    assert host_moves(host) > 30
    assert sockets == [], f"the guest used a relay: {sockets}"
    gctx.close()
    hctx.close()


def test_a_guest_who_cannot_reach_the_relay_is_offered_the_codes(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, _, link = open_host(browser, base_url_sub, nostr_relay)
    port = nostr_relay.rsplit(":", 1)[1]
    with socket.socket() as s:  # a port nothing listens on: the relay cannot be reached
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    gctx = browser.new_context()
    guest = gctx.new_page()
    guest.goto(link.replace(f":{port}", f":{dead}"))
    guest.get_by_test_id("join-name").fill("Cy")
    guest.get_by_test_id("join-go").click()
    guest.get_by_test_id("relay-down").wait_for(timeout=30_000)
    assert "connect with codes instead" in guest.get_by_test_id("relay-down").text_content()
    guest.get_by_test_id("use-codes").click()
    guest.wait_for_function("() => location.hash === '#manual'", timeout=15_000)
    guest.get_by_test_id("offer-code").wait_for(state="visible", timeout=15_000)
    assert guest.get_by_test_id("join-name").input_value() == "Cy"
    gctx.close()
    hctx.close()
