"""Play with friends: a message lost on the way (a relay's loss, a path given up for another).
Each update holds the whole view, so what is lost is a move's playback; the table's story and its
turn must not be: the tricks are caught up from the hand's record, and the host tells the person
whose turn it is again until they move."""

from __future__ import annotations

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import ARTIFACTS, act, my_turn, open_guest, open_host, play_until, settle, wait_seated
from test_multiplayer_watch import open_watcher

DROP_ONE = """(() => {
  const g = window.kaiserNet.guest;
  const take = g.take.bind(g);
  g.take = (peer, m) => {
    if (m.type === "update" && window.lost == null && (TEST)) { window.lost = m.moves; return; }
    take(peer, m);
  };
})()"""


LOSE_FIRST_MOVE = """(() => {
  const g = window.kaiserNet.guest;
  const play = g.play.bind(g);
  g.play = (action) => {
    if (window.lostMove == null) { window.lostMove = g.moves; return; }
    play(action);
  };
})()"""


def drop_one(page, test: str) -> None:
    """The page's guest drops the first update for which `test` (JavaScript, on the message `m`)
    holds; `window.lost` says which move it was."""
    page.evaluate(DROP_ONE.replace("TEST", test))


def test_a_lost_update_loses_no_trick(browser, base_url_sub, nostr_relay):  # noqa: F811
    """A message the watcher never gets (a relay's loss, a path given up for another) skips a
    move's playback, never a trick: the table's story is caught up from the hand's record."""
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    wctx, wes = open_watcher(browser, link, "Wes")
    host.get_by_test_id("lobby-watchers").get_by_text("1 person is watching").wait_for()
    drop_one(wes, 'm.events.some((e) => e.type === "trick")'
             ' && !m.events.some((e) => e.type === "hand") && m.view.tricks.length >= 2')
    host.get_by_test_id("start-game").click()
    play_until([host], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle([host, wes], host)
    assert wes.evaluate("window.lost") is not None
    tricks = host.evaluate("window.kaiserNet.view.tricks")
    assert tricks
    assert wes.evaluate("window.kaiserNet.view.tricks") == tricks
    for ctx in (wctx, hctx):
        ctx.close()


def test_a_lost_turn_is_told_again(browser, base_url_sub, nostr_relay):  # noqa: F811
    """The update that tells a person it is their turn is lost: the host says it again, and the
    table goes on rather than waiting for ever."""
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    wait_seated(ann)
    drop_one(ann, "m.moves > 0 && m.view.to_act === m.view.seat")
    host.evaluate("window.kaiserNet.host.remindMs = 1500")
    host.get_by_test_id("start-game").click()
    play_until([host, ann], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    settle([host, ann], host)
    assert ann.evaluate("window.lost") is not None
    for t in (0, 1):
        assert ann.get_by_test_id(f"score-{t}").text_content() == host.get_by_test_id(f"score-{t}").text_content()
    for ctx in (actx, hctx):
        ctx.close()


def test_a_move_on_its_way_is_not_offered_again_until_answered_or_asked_again(browser, base_url_sub, nostr_relay):  # noqa: F811
    """Once a guest has played, their page says the move is on its way and offers no card or
    call until the host's answer; if the move is lost, the host's reminder offers the turn
    again, and the move made again is taken."""
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    wait_seated(ann)
    ann.evaluate(LOSE_FIRST_MOVE)
    host.evaluate("window.kaiserNet.host.remindMs = 3000")
    host.get_by_test_id("start-game").click()
    play_until([host], lambda: my_turn(ann))
    before = ann.evaluate("document.body.dataset.netMoves")
    act(ann)
    state = ann.evaluate("""({turn: document.body.dataset.netTurn, line: document.getElementById("turn").textContent,
      cards: document.querySelectorAll("#hand button.card.legal").length,
      calls: document.querySelectorAll("#action-panel:not([hidden]) button[data-action]:not([disabled])").length})""")
    assert ann.evaluate("window.lostMove") == int(before)
    assert state == {"turn": "other", "line": "Sent: waiting for the table…", "cards": 0, "calls": 0}, state
    ann.screenshot(path=str(ARTIFACTS / "friends-move-sent-desktop.png"))
    ann.wait_for_function("() => document.body.dataset.netTurn === 'mine'", timeout=15_000)
    assert ann.evaluate("document.body.dataset.netMoves") == before
    assert ann.locator("#turn").text_content() == "Your turn"
    act(ann)
    ann.wait_for_function(f"() => document.body.dataset.netMoves !== '{before}'", timeout=15_000)
    for ctx in (actx, hctx):
        ctx.close()
