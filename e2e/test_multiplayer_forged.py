"""Play with friends: only the host speaks for the table. One guest's page sends another guest
what looks like the host's messages: copies of the frames the host sent him (a table seen from
his seat), a frame changed to show a move out of turn, a table of his own making with no
signature, and one of her own old messages replayed on the host's connection. Nothing changes
on her screen, and the game goes on from the same move."""

from __future__ import annotations

import json
import time

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import host_moves, play_until, seat_ann_and_bob, settle

SCREEN = """JSON.stringify({
  moves: document.body.dataset.netMoves,
  hand: document.querySelector('#hand').textContent,
  table: document.querySelector('#shared-table').textContent,
  view: window.kaiserNet.guest.view,
  seat: window.kaiserNet.guest.seat,
})"""


def test_a_guest_cannot_show_another_a_false_table(browser, base_url_sub, nostr_relay):  # noqa: F811
    contexts, host, ann, bob, _ = seat_ann_and_bob(browser, base_url_sub, nostr_relay)
    host.get_by_test_id("start-game").click()
    pages = [host, ann, bob]
    play_until(pages, lambda: host_moves(host) >= 6)
    # Wait for a quiet moment: nobody's turn but a person's (no bot about to move), all drawn.
    play_until(pages, lambda: any(p.evaluate("document.body.dataset.netTurn === 'mine'") for p in pages))
    settle(pages, host)
    time.sleep(1)
    before = ann.evaluate(SCREEN)
    moves = host_moves(host)
    forged0 = ann.evaluate("window.kaiserNet.guest.forged")

    frames = bob.evaluate("window.kaiserNet.received")
    updates = [t for t in frames if json.loads(t).get("type") == "update"]
    assert updates and all('"sig":"' in t for t in updates), "the host's messages are signed"
    latest = json.loads(updates[-1])
    # A move out of turn: Bob's latest frame, one move on, his cards in Ann's hand, signature kept.
    tampered = dict(latest, moves=latest["moves"] + 1)
    tampered["view"] = dict(latest["view"], to_act=(latest["view"]["to_act"] + 1) % 4)
    # A table of his own making, unsigned, numbered far ahead.
    made_up = {k: v for k, v in latest.items() if k != "sig"}
    made_up["seq"] = 10_000
    made_up["moves"] = latest["moves"] + 5
    attacks = [*updates[-6:], json.dumps(tampered), json.dumps(made_up),
               json.dumps({"v": 1, "type": "welcome", "seat": 3, "token": "x", "room": "r"}),
               json.dumps({"v": 1, "type": "refused", "message": "You lost"})]
    # Bob sends them on his own connections (Ann's and the host's: the host refuses them), again
    # until Ann has them (the connection between two guests may open after the host's).
    deadline = time.monotonic() + 40
    while ann.evaluate("window.kaiserNet.guest.forged") < forged0 + len(attacks):
        assert time.monotonic() < deadline, "Bob's messages never reached Ann"
        for text in attacks:
            bob.evaluate("(t) => window.kaiserNet.guest.link.send(null, t)", text)
        time.sleep(2)
    forged1 = ann.evaluate("window.kaiserNet.guest.forged")
    # One of Ann's own old messages, replayed as if on the host's connection.
    ann.evaluate("""() => {
      const g = window.kaiserNet.guest;
      const old = window.kaiserNet.received.filter(t => t.includes('"type":"update"')).slice(-4, -1);
      for (const t of old) g.receive(g.host, t);
    }""")
    ann.wait_for_function(f"() => window.kaiserNet.guest.forged >= {forged1 + 3}", timeout=15_000)
    time.sleep(1)
    after = ann.evaluate(SCREEN)
    assert json.loads(after) == json.loads(before), "Ann's screen changed"
    assert host_moves(host) == moves
    assert not ann.locator("text=You lost").count()

    # The real table goes on from the same move, on every screen.
    play_until(pages, lambda: host_moves(host) >= moves + 4)
    settle(pages, host)
    tricks = [p.evaluate("window.kaiserNet.view.tricks") for p in pages]
    assert tricks[0] == tricks[1] == tricks[2]
    for ctx in contexts:
        ctx.close()
