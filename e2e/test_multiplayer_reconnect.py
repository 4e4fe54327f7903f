"""Play with friends: leaving and coming back. A guest's reload, a guest who goes away (a bot takes
the seat after the delay, and hands it back), the host's reload (the table reopens from the saved
game and the guests reconnect by themselves)."""

from __future__ import annotations

import time

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import (
    ARTIFACTS,
    host_moves,
    my_turn,
    open_guest,
    open_host,
    play_until,
    wait_seated,
)

ABSENT_S = 2


def seat_info(host, seat: int) -> dict:
    return host.evaluate(f"window.kaiserNet.host.seatInfo()[{seat}]")


def test_guests_and_host_leave_and_come_back(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    ann_seat = wait_seated(ann)
    bctx, bob = open_guest(browser, link, "Bob")
    bob_seat = wait_seated(bob)
    host.get_by_test_id("absent-delay").fill(str(ABSENT_S))
    host.get_by_test_id("absent-delay").dispatch_event("change")
    host.get_by_test_id("lobby-seat-2").get_by_text("Bob").wait_for()
    host.get_by_test_id("start-game").click()
    play_until([host, ann, bob], lambda: host_moves(host) >= 6)

    # Ann reloads mid-hand: the same seat, and the game goes on with her.
    ann.reload()
    assert wait_seated(ann) == ann_seat
    ann.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    start = host_moves(host)
    play_until([host, ann, bob], lambda: host_moves(host) >= start + 4)

    # Ann's browser closes: after the delay a bot plays her seat, marked as such.
    saved = actx.storage_state()
    actx.close()
    host.wait_for_function(f"() => window.kaiserNet.host.seatInfo()[{ann_seat}].away", timeout=30_000)
    start = host_moves(host)
    play_until([host, bob], lambda: host_moves(host) >= start + 6 and seat_info(host, ann_seat)["standIn"])
    host.get_by_test_id(f"seat-{ann_seat}").get_by_text("a bot plays").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "friends-away-desktop.png"), full_page=True)

    # She comes back (her browser kept the token): her seat again, and she plays on.
    t0 = time.monotonic()
    actx, ann = open_guest(browser, link, "Ann", storage_state=saved)
    assert wait_seated(ann) == ann_seat
    ann.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    print(f"\na guest opening the link -> its playable table: {time.monotonic() - t0:.2f} s")
    host.wait_for_function(f"() => !window.kaiserNet.host.seatInfo()[{ann_seat}].away", timeout=30_000)
    start = host_moves(host)
    play_until([host, ann, bob], lambda: host_moves(host) >= start + 8)
    assert not seat_info(host, ann_seat)["standIn"]

    # The host reloads while a person is to play (no bot move is on its way): guests see that
    # the table waits, then it resumes where it was.
    play_until([host, ann, bob], lambda: any(my_turn(p) for p in (host, ann, bob)))
    moves = host_moves(host)
    host.reload()
    bob.get_by_test_id("host-away").wait_for(timeout=30_000)
    bob.screenshot(path=str(ARTIFACTS / "friends-host-away-desktop.png"), full_page=True)
    host.wait_for_function("() => document.body.dataset.net === 'host' && window.kaiserNet.host.started",
                           timeout=90_000)
    assert host_moves(host) == moves
    for page in (ann, bob):
        page.wait_for_function("() => document.body.dataset.net === 'guest'", timeout=30_000)
    assert ann.evaluate("window.kaiserNet.guest.seat") == ann_seat
    assert bob.evaluate("window.kaiserNet.guest.seat") == bob_seat
    play_until([host, ann, bob], lambda: host_moves(host) >= moves + 6)
    for ctx in (actx, bctx, hctx):
        ctx.close()
