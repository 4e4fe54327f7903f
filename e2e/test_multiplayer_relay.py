"""Play with friends when a guest's browser cannot connect to the host's directly (a strict office
firewall, a carrier's NAT): her WebRTC is limited to relayed candidates with no TURN server, so no
direct connection can ever open. She is seated anyway and plays a whole hand, her messages
carried as encrypted events on the same (real, local) Nostr relay; she receives no secret. When
the host's page reloads mid-hand she sits again through the relay, and the hand goes on from the
same move.
"""

from __future__ import annotations

import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import (
    act,
    ARTIFACTS,
    assert_no_leak,
    close_hand_result,
    host_moves,
    my_turn,
    open_guest,
    open_host,
    play_until,
    settle,
    wait_seated,
)
from test_multiplayer_restart import MOVE_LIST

# What a strict network does to WebRTC: only relayed candidates, and no TURN server to relay them.
NO_DIRECT_PATH = """(() => {
  const Real = window.RTCPeerConnection;
  class RelayOnly extends Real {
    constructor(config, ...rest) { super({ ...(config || {}), iceTransportPolicy: "relay" }, ...rest); }
  }
  window.RTCPeerConnection = RelayOnly;
})()"""

# Every move count a page shows, in order (a move applied twice or undone would show as a repeat
# or a step back), and every state of its connection.
MOVES_SHOWN = """(() => {
  window.__movesShown = [];
  window.__netShown = [];
  const keep = (list, value) => { if (value !== undefined && list.at(-1) !== value) list.push(value); };
  new MutationObserver(() => {
    keep(window.__movesShown, document.body.dataset.netMoves);
    keep(window.__netShown, document.body.dataset.net);
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-net-moves", "data-net"] });
})()"""


def test_a_guest_with_no_direct_path_plays_through_the_relay(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    t0 = time.monotonic()
    actx, ann = open_guest(browser, link, "Ann", init_script=NO_DIRECT_PATH)
    ann_seat = wait_seated(ann, timeout=60_000)
    # The host's lobby said how far she got before she sat down, and says nothing now.
    assert host.evaluate("window.kaiserNet.host.arrivalLog") == ["connecting", "another-way"]
    host.wait_for_selector("[data-testid=lobby-arriving]", state="hidden", timeout=10_000)
    ann_seated = time.monotonic() - t0
    t0 = time.monotonic()
    bctx, bob = open_guest(browser, link, "Bob")
    bob_seat = wait_seated(bob)
    bob_seated = time.monotonic() - t0
    assert ann.evaluate("document.body.dataset.netPath") == "relay"
    assert "through the relay" in ann.get_by_test_id("net-path").text_content()
    assert bob.evaluate("document.body.dataset.netPath") == "direct"
    host.get_by_test_id(f"lobby-seat-{ann_seat}").get_by_text("through the relay").wait_for()
    host.get_by_test_id(f"lobby-seat-{bob_seat}").get_by_text("Bob").wait_for()

    host.get_by_test_id("start-game").click()
    pages = [host, ann, bob]
    for page in pages:
        page.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=60_000)
    sent0 = host.evaluate("window.kaiserNet.relay.stats.sent")
    ann0 = ann.evaluate("window.kaiserNet.relay.stats.sent")
    moves0 = host_moves(host)
    play_until(pages, lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle(pages, host)
    hand_moves = host_moves(host) - moves0
    host_events = host.evaluate("window.kaiserNet.relay.stats.sent") - sent0
    ann_events = ann.evaluate("window.kaiserNet.relay.stats.sent") - ann0
    tricks = [p.evaluate("window.kaiserNet.view.tricks") for p in pages]
    assert len(tricks[0]) == 8 and tricks[0] == tricks[1] == tricks[2]
    scores = [[p.get_by_test_id(f"score-{t}").text_content() for t in (0, 1)] for p in pages]
    assert scores[0] == scores[1] == scores[2], scores
    record = host.evaluate("window.kaiserNet.host.lastHand")
    assert_no_leak(ann.evaluate("window.kaiserNet.received"), ann_seat, record["deal"])
    assert ann.evaluate("window.kaiserNet.guest.forged") == 0
    # Nobody is "on the way" in the host's lobby: Ann is seated, and the host's own previous page,
    # whose last words the relay still held, is nobody.
    assert host.evaluate("window.kaiserNet.host.arriving.size") == 0

    # A move reaches the other screens: the relay path's figure.
    times = []
    names = {id(host): "host", id(ann): "Ann", id(bob): "Bob"}
    for _ in range(10):
        play_until(pages, lambda: any(my_turn(p) for p in pages))
        actor = next(p for p in pages if my_turn(p))
        n = host_moves(host)
        t = time.monotonic()
        close_hand_result(actor)
        try:
            act(actor, timeout=10_000)
        except PlaywrightTimeout as e:
            if not my_turn(actor):
                continue  # an earlier click's move reached this page late: no sample
            raise AssertionError(f"{names[id(actor)]} could not move: " + actor.evaluate(
                "JSON.stringify({turn: document.body.dataset.netTurn, moves: document.body.dataset.netMoves,"
                " dlg: [...document.querySelectorAll('dialog[open]')].map(d => d.id),"
                " panel: document.querySelector('#action-panel')?.outerHTML.slice(0, 300)})")) from e
        for p in pages:
            if p is not actor:
                p.wait_for_function(f"() => Number(document.body.dataset.netMoves) > {n}", polling=5,
                                    timeout=30_000)
        times.append((time.monotonic() - t, actor is ann))
        # The mover's own page keeps "your turn" until the host's answer reaches it.
        actor.wait_for_function(f"() => Number(document.body.dataset.netMoves) > {n}", polling=5,
                                timeout=30_000)
    ann_moves = sorted(t for t, a in times if a)
    others = sorted(t for t, a in times if not a)
    print(f"\nrelay path: Ann join -> seated {ann_seated:.1f} s (Bob, direct, {bob_seated:.1f} s);"
          f" a hand of {hand_moves} moves cost {host_events} events from the host and {ann_events} from Ann;"
          f" a move to every other screen: {[round(t, 2) for t in others]} s"
          f" (Ann's own: {[round(t, 2) for t in ann_moves]})")
    for ctx in (actx, bctx, hctx):
        ctx.close()


def test_the_host_sees_who_cannot_reach_the_table_and_starts_with_a_bot(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    host.evaluate("window.kaiserNet.host.giveUpMs = 15000")
    # A guest whose direct path never opens and whose page does not fall back (in time).
    stuck = link.replace("#play=", "&fallback_ms=600000#play=")
    cctx, cy = open_guest(browser, stuck, "Cy", init_script=NO_DIRECT_PATH)
    arriving = host.get_by_test_id("lobby-arriving")
    host.wait_for_selector("[data-testid=lobby-arriving] li[data-state=connecting]", state="attached", timeout=60_000)
    assert "Someone with the link: connecting…" in arriving.text_content()
    host.wait_for_selector("[data-testid=lobby-arriving] li[data-state=gave-up]", state="attached", timeout=60_000)
    assert "send the link again, or start and let a bot play" in arriving.text_content()
    # The host starts anyway: bots in the empty seats.
    host.get_by_test_id("start-game").click()
    host.wait_for_function("() => window.kaiserNet.host.moves > 2", timeout=60_000)
    assert [s["kind"] for s in host.evaluate("window.kaiserNet.host.seatInfo()")] == ["host", "bot", "bot", "bot"]
    assert cy.evaluate("window.kaiserNet.guest.seat") is None
    for ctx in (cctx, hctx):
        ctx.close()


def test_the_host_reloads_mid_hand_and_the_relayed_guest_sits_again(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann", init_script=f"{NO_DIRECT_PATH};\n{MOVES_SHOWN}")
    ann_seat = wait_seated(ann, timeout=60_000)
    host.get_by_test_id(f"lobby-seat-{ann_seat}").get_by_text("through the relay").wait_for()
    host.get_by_test_id("start-game").click()
    pages = [host, ann]
    play_until(pages, lambda: host_moves(host) >= 10)
    # The host reloads when Ann is to play: the hand cannot go on without her, through the relay.
    play_until(pages, lambda: my_turn(ann))
    moves = host_moves(host)
    before = ann.evaluate(MOVE_LIST)
    old_host = ann.evaluate("window.kaiserNet.guest.host")
    ann_sent = ann.evaluate("window.kaiserNet.relay.stats.sent")
    host.add_init_script(MOVES_SHOWN)
    t0 = time.monotonic()
    host.reload()
    host.wait_for_function("() => document.body.dataset.net === 'host' && window.kaiserNet.host.started",
                           timeout=90_000)
    reopened = time.monotonic() - t0
    assert host_moves(host) == moves
    new_host = host.evaluate("window.kaiserNet.relay.link.self")
    assert new_host.startswith("r:") and new_host != old_host
    ann.wait_for_function("(h) => window.kaiserNet.guest.host === h && document.body.dataset.net === 'guest'",
                          arg=new_host, timeout=60_000)
    host.wait_for_function(f"() => window.kaiserNet.host.seats[{ann_seat}].peer?.startsWith('r:')", timeout=30_000)
    seated = time.monotonic() - t0
    # Her page said the table waits for the host meanwhile (the host's page said "bye" as it went).
    assert ann.evaluate("window.__netShown.slice(-2)") == ["host-away", "guest"]
    sent = "window.kaiserNet.relay.stats.sent"
    events = (host.evaluate(sent), ann.evaluate(sent) - ann_sent)
    assert ann.evaluate("window.kaiserNet.guest.seat") == ann_seat
    assert ann.evaluate("document.body.dataset.netPath") == "relay"
    # The same move on both screens, and it is still Ann's to play.
    assert host.evaluate(MOVE_LIST) == ann.evaluate(MOVE_LIST) == before
    assert my_turn(ann)
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "friends-host-reloaded-relay.png"), full_page=True)

    play_until(pages, lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle(pages, host)
    for _ in range(10):
        lists = [p.evaluate(MOVE_LIST) for p in pages]
        if lists[0] == lists[1]:
            break
        time.sleep(0.3)
    assert lists[0] == lists[1], lists
    record = host.evaluate("window.kaiserNet.host.lastHand")
    played = [c for t in record["tricks"] for c in t["cards"]]
    assert len(played) == len(set(played)) == 32, "each card played once"
    for page in pages:
        shown = [int(m) for m in page.evaluate("window.__movesShown")]
        assert shown == sorted(set(shown)), f"a move shown twice or undone: {shown}"
    assert ann.evaluate("window.kaiserNet.guest.forged") == 0
    # Nobody is "on the way" in the host's lobby: Ann is seated, and the host's own previous page,
    # whose last words the relay still held, is nobody.
    assert host.evaluate("window.kaiserNet.host.arriving.size") == 0
    print(f"\nthe host reloads, a guest on the relay path: the host's table open again after {reopened:.1f} s,"
          f" Ann seated again through the relay after {seated:.1f} s ({events[0]} events from the host,"
          f" {events[1]} from Ann)")
    for ctx in (actx, hctx):
        ctx.close()
