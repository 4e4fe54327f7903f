"""Play with friends: someone watches. The same link, "Only watch": the public table only (no hand,
no seed, no card before it is played), the score and the tricks as the players see them, and
never a move. The host can turn watching off."""

from __future__ import annotations

import json

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import (
    CARD,
    SECRET_KEYS,
    _keys,
    close_hand_result,
    host_moves,
    open_host,
    play_until,
    settle,
    wait_seated,
    walk,
)


def open_watcher(browser, link: str, name: str):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(link)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join-watch").click()
    page.wait_for_function("() => window.kaiserNet.guest && window.kaiserNet.guest.watching", timeout=60_000)
    return ctx, page


def assert_public_only(messages: list[str]) -> None:
    """No hand, no choice, no secret key; no card before it is played, until the hand's end."""
    played: set[str] = set()
    for text in messages:
        m = json.loads(text)
        assert not set(_keys(m)) & SECRET_KEYS, text[:200]
        if m.get("type") == "update":
            assert m["view"]["hand"] == [] and m["view"]["legal"] == [], text[:300]
        events = m.get("events", [])
        if any(e.get("type") == "hand" for e in events):
            return
        for e in events:
            if e.get("type") == "action" and e["action"].get("type") == "play":
                played.add(e["action"]["card"])
        leaked = {s for s in walk(m) if CARD.match(s)} - played
        assert not leaked, f"a watcher was shown {leaked}: {text[:300]}"
    raise AssertionError("the hand never ended in the watcher's messages")


def test_someone_watches_and_never_sees_a_hand(browser, base_url_sub, nostr_relay):  # noqa: F811
    from test_multiplayer import open_guest

    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    wait_seated(ann)
    wctx, wes = open_watcher(browser, link, "Wes")
    assert wes.evaluate("window.kaiserNet.guest.seat") is None
    host.get_by_test_id("lobby-watchers").get_by_text("1 person is watching").wait_for()
    host.get_by_test_id("start-game").click()
    wes.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=60_000)
    assert wes.evaluate("document.body.dataset.netTurn") == "other"

    # A watcher's move is refused and changes nothing.
    before = host_moves(host)
    wes.evaluate("(() => { const g = window.kaiserNet.guest; g.link.send(g.host,"
                 " JSON.stringify({v: 1, type: 'move', turn: g.moves, action: {type: 'pass'}})); })()")
    wes.wait_for_function("() => window.kaiserNet.received.some(t => t.includes('You are watching'))", timeout=15_000)
    assert host_moves(host) >= before

    play_until([host, ann], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle([host, ann, wes], host)
    assert wes.evaluate("document.querySelectorAll('#hand .card').length") == 0
    for t in (0, 1):
        assert wes.get_by_test_id(f"score-{t}").text_content() == host.get_by_test_id(f"score-{t}").text_content()
    assert wes.evaluate("window.kaiserNet.view.tricks") == host.evaluate("window.kaiserNet.view.tricks")
    assert_public_only(wes.evaluate("window.kaiserNet.received"))
    assert wes.evaluate("document.body.dataset.netTurn") == "other"

    # The host turns watching off: Wes is told, and someone new is refused.
    close_hand_result(host)
    host.get_by_test_id("allow-watch").uncheck()
    told = "() => window.kaiserNet.received.some(t => t.includes('turned watching off'))"
    wes.wait_for_function(told, timeout=15_000)
    n = host_moves(host)
    play_until([host, ann], lambda: host_moves(host) >= n + 2)
    assert wes.evaluate(f"Number(document.body.dataset.netMoves) <= {n}")
    xctx, xan = browser.new_context(), None
    xan = xctx.new_page()
    xan.goto(link)
    xan.get_by_test_id("join-name").fill("Xan")
    xan.get_by_test_id("join-watch").click()
    xan.wait_for_function(told, timeout=60_000)
    assert xan.evaluate("window.kaiserNet.guest.watching") is False
    for ctx in (xctx, wctx, actx, hctx):
        ctx.close()
