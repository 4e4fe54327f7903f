"""Play with friends: a message lost on the way (a relay's loss, a path given up for another).
Each update holds the whole view, so what is lost is a move's playback; the table's story and its
turn must not be: the tricks are caught up from the hand's record, and the host tells the person
whose turn it is again until they move."""

from __future__ import annotations

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import open_guest, open_host, play_until, settle, wait_seated
from test_multiplayer_watch import open_watcher

DROP_ONE = """(() => {
  const g = window.kaiserNet.guest;
  const take = g.take.bind(g);
  g.take = (peer, m) => {
    if (m.type === "update" && window.lost == null && (TEST)) { window.lost = m.moves; return; }
    take(peer, m);
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
