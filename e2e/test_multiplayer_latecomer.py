"""Play with friends: a friend who opens the link after the game has started takes a bot's seat,
but only between hands: the bot plays that seat to the end of the hand in play, the newcomer
watches it as "You · next deal", and a move sent before then is refused."""

from __future__ import annotations

import json

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import (
    ARTIFACTS,
    forge,
    host_moves,
    open_guest,
    open_host,
    play_until,
    refusals,
    wait_seated,
)


def test_a_latecomer_takes_a_bots_seat_at_the_next_deal(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    wait_seated(ann)
    host.get_by_test_id("start-game").click()
    play_until([host, ann], lambda: host_moves(host) >= 5)

    bctx, bob = open_guest(browser, link, "Bob")
    bob_seat = wait_seated(bob)
    bob.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    info = host.evaluate(f"window.kaiserNet.host.seatInfo()[{bob_seat}]")
    assert info["kind"] == "person" and info["joining"] and info["standIn"], info
    bob.get_by_test_id(f"seat-{bob_seat}").get_by_text("You · next deal").wait_for()
    host.get_by_test_id(f"seat-{bob_seat}").get_by_text("joins next deal").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    bob.screenshot(path=str(ARTIFACTS / "friends-latecomer-desktop.png"), full_page=True)

    # Until the hand is over the bot plays Bob's seat: his table never offers him a move, and a
    # move he sends anyway is refused.
    assert bob.evaluate("document.body.dataset.netTurn") == "other"
    n = host_moves(host)
    forge(bob, json.dumps(json.dumps({"v": 1, "type": "move", "turn": n, "action": {"type": "pass"}})))
    bob.wait_for_function("() => window.kaiserNet.received.some(t => t.includes('until this hand is over'))",
                          timeout=15_000)
    assert any("next deal" in m for m in refusals(bob))

    # The next deal: the seat is Bob's, and he plays it.
    play_until([host, ann], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1, timeout_s=300)
    host.wait_for_function(f"() => !window.kaiserNet.host.seatInfo()[{bob_seat}].joining", timeout=30_000)
    start = host_moves(host)
    play_until([host, ann, bob], lambda: host_moves(host) >= start + 8)
    assert not host.evaluate(f"window.kaiserNet.host.seatInfo()[{bob_seat}].standIn")
    for ctx in (bctx, actx, hctx):
        ctx.close()
