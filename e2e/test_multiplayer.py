"""Play with friends: a host and guests in separate browser contexts, meeting through a real Nostr
relay on loopback (relay_fixture.py) and playing over real WebRTC; the engine runs on the host only.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from relay_fixture import nostr_relay  # noqa: F401  (the fixture)

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
PACE_MS = 120
CARD = re.compile(r"^(?:[AKQJT98753][CDHS])$")
# Only the host ever fetches these: the engine's runtime, the worker and its snapshot.
RUNTIME = ("pyodide", "worker.js", "engine-snapshot", ".whl")
SECRET_KEYS = {"seed", "state", "deal_seed", "actions"}


def host_url(base: str, relay: str, pace: int = PACE_MS) -> str:
    return f"{base}friends.html?relay={relay}&pace_ms={pace}"


def open_host(browser, base: str, relay: str, viewport=None):
    ctx = browser.new_context(viewport=viewport) if viewport else browser.new_context()
    page = ctx.new_page()
    page.goto(host_url(base, relay))
    page.wait_for_function("() => document.body.dataset.net === 'host'", timeout=90_000)
    link = page.get_by_test_id("invite-link").input_value()
    assert "#play=" in link
    page.keyboard.press("Escape")
    return ctx, page, link


def open_guest(browser, link: str, name: str, viewport=None, storage_state=None, init_script=None):
    kw = {}
    if viewport:
        kw["viewport"] = viewport
    if storage_state:
        kw["storage_state"] = storage_state
    ctx = browser.new_context(**kw)
    if init_script:
        ctx.add_init_script(init_script)
    page = ctx.new_page()
    page.downloaded = []  # (url, bytes) of every response before the table is playable
    page.on("requestfinished", lambda r: page.downloaded.append((r.url, r.sizes()["responseBodySize"])))
    page.goto(link)
    if storage_state is None:  # a browser that holds a seat goes back to it by itself
        page.get_by_test_id("join-name").fill(name)
        page.get_by_test_id("join-go").click()
    return ctx, page


def wait_seated(page, timeout=30_000):
    page.wait_for_function("() => window.kaiserNet.guest && window.kaiserNet.guest.seat != null", timeout=timeout)
    return page.evaluate("window.kaiserNet.guest.seat")


def seat_ann_and_bob(browser, base: str, relay: str):
    """A host and two guests, Ann and Bob, seated, Bob shown in the host's lobby:
    (their contexts, host, ann, bob, Ann's seat)."""
    hctx, host, link = open_host(browser, base, relay)
    actx, ann = open_guest(browser, link, "Ann")
    ann_seat = wait_seated(ann)
    bctx, bob = open_guest(browser, link, "Bob")
    wait_seated(bob)
    host.get_by_test_id("lobby-seat-2").get_by_text("Bob").wait_for()
    return (hctx, actx, bctx), host, ann, bob, ann_seat


def host_moves(host) -> int:
    return host.evaluate("window.kaiserNet.host.moves")


def my_turn(page) -> bool:
    return page.evaluate("document.body.dataset.netTurn === 'mine'")


def close_hand_result(page) -> None:
    if page.locator("#dlg-hand[open]").count():
        page.get_by_test_id("hand-continue").click()


def act(page, timeout: float = 30_000) -> None:
    """The person's move, by the mouse: the lowest bid, else the first button of the decision panel, else
    the first legal card."""
    close_hand_result(page)
    panel = page.locator("#action-panel:not([hidden]) button[data-action]")
    bids = page.locator("#action-panel:not([hidden]) button[data-testid^=bid-]")
    if bids.count():
        bids.first.click(timeout=timeout)  # a bid, so that the hand is played rather than thrown in
    elif panel.count():
        panel.first.click(timeout=timeout)
    else:
        page.locator("#hand button.card.legal").first.click(timeout=timeout)


STALL_STATE = """(() => {
  const g = window.kaiserNet.guest;
  const seen = window.kaiserNet.received.length;
  const h = window.kaiserNet.host;
  if (!g) return `host: ${h.moves} moves, to act ${h.views[h.hostSeat]?.to_act}, ${seen} messages in`;
  const last = window.kaiserNet.received.slice(-1)[0] ?? "";
  return `guest: host ${g.host ? "connected" : "gone"}, ${seen} messages in, last ${last.slice(0, 80)}`;
})()"""


def play_until(pages, done, timeout_s: float = 240) -> None:
    """Each person plays when it is their turn, until done() holds. A move that shows no effect
    within a few seconds is made again, as a person would click again: the turn it names makes a
    repeat harmless (the host refuses a move for a turn already played)."""
    deadline = time.monotonic() + timeout_s
    stalls: list[str] = []
    while not done():
        assert time.monotonic() < deadline, f"the table stopped moving; moves that showed nothing: {stalls}"
        moved = False
        for page in pages:
            if done():
                return
            if my_turn(page):
                before = page.evaluate("document.body.dataset.netMoves")
                step = "click"
                try:
                    act(page, timeout=10_000)
                    step = "answer"
                    page.wait_for_function(f"() => document.body.dataset.netMoves !== '{before}'", timeout=8_000)
                except PlaywrightTimeout:
                    stalls.append(f"move {before}, no {step}: {page.evaluate(STALL_STATE)};"
                                  f" {pages[0].evaluate(STALL_STATE)}")
                moved = True
        if not moved:
            time.sleep(0.05)


def settle(pages, host) -> None:
    """Every page has drawn the host's latest move (playback finished)."""
    n = host_moves(host)
    for page in pages:
        page.wait_for_function(f"() => document.body.dataset.netMoves === '{n}'", timeout=30_000)
        page.evaluate("window.kaiserNet.view.playing")


def walk(obj, skip=("token", "room", "name")):
    """Every string in a message, but the ones that are not game data."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                yield from walk(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk(v, skip)
    elif isinstance(obj, str):
        yield obj


def assert_no_leak(messages: list[str], seat: int, deal: list[list[str]]) -> None:
    """Until the hand's end, no message shows a card of another seat before it is played, and no
    message ever holds the seed or the saved game."""
    mine = set(deal[seat])
    played: set[str] = set()
    for text in messages:
        m = json.loads(text)
        keys = set(_keys(m))
        assert not keys & SECRET_KEYS, f"a guest received {keys & SECRET_KEYS}: {text[:200]}"
        events = m.get("events", [])
        if any(e.get("type") == "hand" for e in events):
            return  # the hand is over: its deal is shown to everyone
        for e in events:
            if e.get("type") == "action" and e["action"].get("type") == "play":
                played.add(e["action"]["card"])
        seen = {s for s in walk(m) if CARD.match(s)}
        leaked = seen - mine - played
        assert not leaked, f"seat {seat} was shown {leaked} before they were played: {text[:300]}"
    raise AssertionError("the hand never ended in the guest's messages")


def _keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


def forge(page, text_js: str) -> None:
    page.evaluate(f"(() => {{ const g = window.kaiserNet.guest; g.link.send(g.host, {text_js}); }})()")


def refusals(page) -> list[str]:
    return page.evaluate("window.kaiserNet.received.map(t => JSON.parse(t)).filter(m => m.type === 'refused')"
                         ".map(m => m.message)")


def _seat_two_and_start(browser, base: str, relay: str):
    """A host, Ann and Bob seated (a bot in the fourth seat) and the game started: (contexts,
    the pages host first, the guests as (page, seat), how long each guest took to be seated)."""
    hctx, host, link = open_host(browser, base, relay)
    guests = []
    contexts = [hctx]
    timings = {}
    for name in ("Ann", "Bob"):
        t0 = time.monotonic()
        ctx, page = open_guest(browser, link, name)
        seat = wait_seated(page)
        timings[name] = time.monotonic() - t0
        contexts.append(ctx)
        guests.append((page, seat))
    assert sorted(s for _, s in guests) == [1, 2]
    host.get_by_test_id("lobby-seat-2").get_by_text("Bob").wait_for()
    host.get_by_test_id("start-game").click()
    pages = [host] + [p for p, _ in guests]
    for page in pages:
        page.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    return contexts, pages, guests, timings


def test_two_guests_are_seated_and_play_without_the_python_runtime(browser, base_url_sub, nostr_relay):  # noqa: F811
    contexts, _, guests, timings = _seat_two_and_start(browser, base_url_sub, nostr_relay)
    for page, _ in guests:
        urls = [u for u, _ in page.downloaded]
        assert not [u for u in urls if any(r in u for r in RUNTIME)], urls
        total = sum(n for _, n in page.downloaded)
        assert total < 400_000, f"a guest downloaded {total} bytes before playing"
    print(f"\nguest join -> seated: {timings}; bytes before playing: "
          f"{[sum(n for _, n in p.downloaded) for p, _ in guests]}")
    for ctx in contexts:
        ctx.close()


def test_forged_requests_on_a_guests_turn_are_refused_and_change_nothing(browser, base_url_sub, nostr_relay):  # noqa: F811
    contexts, pages, guests, _ = _seat_two_and_start(browser, base_url_sub, nostr_relay)
    host = pages[0]
    bob, bob_seat = guests[1]
    bobs_turn = "(() => { const g = window.kaiserNet.guest; return g.view.to_act === g.seat; })()"
    play_until([host, guests[0][0]], lambda: bob.evaluate(bobs_turn))
    close_hand_result(bob)
    before = host_moves(host)
    view = bob.evaluate("window.kaiserNet.guest.view")
    not_mine = next(c for c in ["AS", "KS", "QS", "JS", "AH", "KH", "AD", "AC", "KC", "KD"] if c not in view["hand"])
    n_before = len(refusals(bob))
    other_card = {"type": "play", "card": not_mine}
    forge(bob, json.dumps(json.dumps({"v": 1, "type": "move", "turn": before, "action": other_card})))
    forge(bob, json.dumps(json.dumps({"v": 1, "type": "move", "turn": before - 1, "action": view["legal"][0]})))
    forge(bob, json.dumps("not json"))
    forge(bob, json.dumps(json.dumps({"v": 1, "type": "move", "turn": "soon", "action": 5})))
    forge(bob, json.dumps(json.dumps({"v": 1, "type": "sit", "seat": 0})))
    forge(bob, "'x'.repeat(1 << 20)")
    bob.wait_for_function(f"() => window.kaiserNet.received.filter(t => t.includes('refused')).length"
                          f" >= {n_before + 6}", timeout=15_000)
    for _ in range(20):
        forge(bob, json.dumps(json.dumps({"v": 1, "type": "talk", "say": 0})))
    bob.wait_for_function("() => window.kaiserNet.received.some(t => t.includes('Too many messages'))", timeout=15_000)
    said = refusals(bob)[n_before:]
    assert len(said) >= 7, said
    assert any("already played or comes too late" in s for s in said), said
    assert any("Seats change in the lobby only" in s for s in said), said
    assert any("at most 4096 bytes" in s for s in said), said
    assert sum("a message is JSON text" in s or "names its turn" in s for s in said) == 2, said
    assert host_moves(host) == before
    assert host.evaluate("window.kaiserNet.host.views[window.kaiserNet.host.hostSeat].to_act") == bob_seat
    for ctx in contexts:
        ctx.close()


def test_a_whole_hand_shows_the_same_on_every_screen_and_no_guest_sees_a_secret(browser, base_url_sub, nostr_relay):  # noqa: F811
    contexts, pages, guests, _ = _seat_two_and_start(browser, base_url_sub, nostr_relay)
    host = pages[0]
    play_until(pages, lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle(pages, host)
    scores = [[p.get_by_test_id(f"score-{t}").text_content() for t in (0, 1)] for p in pages]
    assert scores[0] == scores[1] == scores[2], scores
    tricks = [p.evaluate("window.kaiserNet.view.tricks") for p in pages]
    assert len(tricks[0]) == 8 and tricks[0] == tricks[1] == tricks[2]
    for page, seat in guests:  # the hand's result from the reader's side of the table
        assert ("Us W\u2013E" if seat % 2 else "Us N\u2013S") in page.locator("#hand-body").text_content()

    # What each guest received: its own cards and what was played, never the seed.
    record = host.evaluate("window.kaiserNet.host.lastHand")
    for page, seat in guests:
        assert_no_leak(page.evaluate("window.kaiserNet.received"), seat, record["deal"])

    # A move reaches the other contexts: median over 20 moves of the next hand (printed, not asserted).
    move_times = []
    for _ in range(20):
        play_until(pages, lambda: any(my_turn(p) for p in pages))
        actor = next(p for p in pages if my_turn(p))
        others = [p for p in pages if p is not actor]
        n = host_moves(host)
        close_hand_result(actor)
        t0 = time.monotonic()
        act(actor)
        for p in others:
            p.wait_for_function(f"() => Number(document.body.dataset.netMoves) > {n}", polling=5, timeout=30_000)
        move_times.append(time.monotonic() - t0)
        # The mover's own page says "your turn" until the host's answer reaches it: wait for it
        # too, or the next round would take that stale turn for a new one.
        actor.wait_for_function(f"() => Number(document.body.dataset.netMoves) > {n}", polling=5, timeout=30_000)
    print(f"move -> every other context: median {statistics.median(move_times) * 1000:.0f} ms over 20 moves")
    for ctx in contexts:
        ctx.close()
