"""Play with friends when the relay falls over mid-hand: the relay (a real one, the test's own) is
stopped after ten moves, a guest reloads her page while it is down, and it comes back 5 s later.
The guests connected directly play on meanwhile; she sits again by herself (her page retries
with backoff, and says so), and the hand goes on from the same move, each move once, the same
move list on every screen."""

from __future__ import annotations

import time

from relay_fixture import restartable_relay  # noqa: F401  (the fixture)
from test_multiplayer import host_moves, play_until, seat_ann_and_bob, settle, wait_seated

MOVE_LIST = """(() => {
  const k = window.kaiserNet;
  const v = k.host ? k.host.views[k.host.hostSeat] : k.guest.view;
  return JSON.stringify({ auction: v.auction, tricks: v.tricks, moves: document.body.dataset.netMoves });
})()"""


def test_the_relay_restarts_mid_hand_while_a_guest_reloads(browser, base_url_sub, restartable_relay):  # noqa: F811
    relay = restartable_relay
    contexts, host, ann, bob, ann_seat = seat_ann_and_bob(browser, base_url_sub, relay.url)
    host.get_by_test_id("start-game").click()
    pages = [host, ann, bob]
    play_until(pages, lambda: host_moves(host) >= 10)

    relay.stop()
    host.wait_for_function("() => document.body.dataset.netRelay === 'down'", timeout=15_000)
    host.get_by_test_id("relay-down").wait_for()
    ann.reload()
    ann.wait_for_function("() => document.body.dataset.netRelay === 'down'"
                          " || document.body.dataset.net === 'connecting'", timeout=15_000)
    time.sleep(5)
    relay.start()
    t0 = time.monotonic()
    assert wait_seated(ann, timeout=60_000) == ann_seat
    ann.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    back = time.monotonic() - t0
    host.wait_for_function("() => document.body.dataset.netRelay === 'up'", timeout=30_000)
    path = ann.evaluate("document.body.dataset.netPath")
    print(f"\nrelay back -> Ann seated again after {back:.1f} s ({path})")

    start = host_moves(host)
    play_until(pages, lambda: host_moves(host) >= start + 8)
    settle(pages, host)
    # The same auction and tricks, at the same move count, on every screen (read again if a bot's
    # move was on its way to one of them while they were read).
    for _ in range(10):
        lists = [p.evaluate(MOVE_LIST) for p in pages]
        if lists[0] == lists[1] == lists[2]:
            break
        time.sleep(0.3)
    assert lists[0] == lists[1] == lists[2], lists
    for ctx in contexts:
        ctx.close()
