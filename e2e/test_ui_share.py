"""Share links: same deal in a new context, replay with moves, malformed links."""

from __future__ import annotations

from ui_helpers import (
    dialog_open, engine_call, game_state, human_step_mouse, open_app, share_dialog_link, wait_turn,
)
from conftest import wait_engine_ready


def _all_hands(page):
    state = game_state(page)
    return [engine_call(page, "view", state, s)["hand"] for s in range(4)]


def _share(page, which: str) -> str:
    return share_dialog_link(page, which, "#g=")


def test_shared_url_deals_the_same_hands_in_a_new_context(browser, base_url_sub):
    ctx1 = browser.new_context()
    p1 = ctx1.new_page()
    open_app(p1, base_url_sub)
    hands = _all_hands(p1)
    url = _share(p1, "share-deal")
    assert url.startswith(base_url_sub) and "#g=" in url
    ctx2 = browser.new_context()
    p2 = ctx2.new_page()
    open_app(p2, url)
    assert _all_hands(p2) == hands
    assert p2.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)") == hands[0]
    assert "#g=" not in p2.url  # a reload resumes the saved game
    ctx1.close()
    ctx2.close()


def _replay_in_a_new_context(browser, base_url_sub, steps: int):
    """A game `steps` of South's moves in (or to the end of the hand), shared with its moves and
    opened in a second context at its replay bar: (both contexts, the replay page, moves shared)."""
    ctx1 = browser.new_context()
    p1 = ctx1.new_page()
    open_app(p1, base_url_sub)
    for _ in range(steps):
        if dialog_open(p1, "dlg-hand"):
            break
        human_step_mouse(p1)
    n = len(game_state(p1)["actions"])
    url = _share(p1, "share-moves")
    ctx2 = browser.new_context()
    p2 = ctx2.new_page()
    p2.goto(url)
    wait_engine_ready(p2)
    p2.wait_for_selector("[data-testid=replay-bar]:not([hidden])")
    return (ctx1, ctx2), p2, n


def _wait_position(page, prefix: str) -> None:
    page.wait_for_function("(p) => document.getElementById('replay-pos').textContent.startsWith(p)", arg=prefix)


def test_share_with_moves_offers_a_replay(browser, base_url_sub):
    contexts, p2, n = _replay_in_a_new_context(browser, base_url_sub, 6)
    assert p2.get_by_test_id("replay-pos").inner_text().startswith(f"Move 0 of {n}")
    p2.get_by_test_id("replay-forward").click()
    _wait_position(p2, "Move 1 ")
    p2.get_by_test_id("replay-back").click()
    _wait_position(p2, "Move 0 ")
    p2.get_by_test_id("replay-end").click()
    _wait_position(p2, f"Move {n} of {n}")
    p2.get_by_test_id("replay-takeover").click()
    wait_turn(p2)
    assert len(game_state(p2)["actions"]) == n
    for ctx in contexts:
        ctx.close()


def test_quick_taps_in_a_replay_are_never_lost(browser, base_url_sub):
    """Taps made while the previous position is still drawing count: the last one is where it stops."""
    contexts, p2, n = _replay_in_a_new_context(browser, base_url_sub, 4)
    # Three taps within one task: none waits for the one before to draw.
    p2.evaluate("() => { for (let i = 0; i < 3; i++) document.getElementById('replay-forward').click(); }")
    _wait_position(p2, "Move 3 ")
    p2.evaluate("() => { document.getElementById('replay-forward').click();"
                " document.getElementById('replay-end').click(); }")
    _wait_position(p2, f"Move {n} of {n}")
    p2.evaluate("() => { document.getElementById('replay-back').click();"
                " document.getElementById('replay-back').click(); }")
    _wait_position(p2, f"Move {n - 2} of")
    for ctx in contexts:
        ctx.close()


def test_malformed_link_shows_the_engine_message(page, base_url_sub):
    bad = "not-a-valid-code!!"
    # The engine's own message for this code.
    open_app(page, base_url_sub)
    expected = page.evaluate(
        "async (c) => { try { await window.kaiser.engine.call('decode_share', c); return null; }"
        " catch (e) { return e.message; } }",
        bad,
    )
    assert expected
    page.goto("about:blank")
    page.goto(base_url_sub + "#g=" + bad)
    wait_engine_ready(page)
    wait_turn(page)
    msg = page.get_by_test_id("link-error").inner_text()
    # The engine's message, in a card player's words: what is wrong and what happens now, with
    # no code word (the format's 'k1' prefix, an exception's class).
    assert "not a Kaiser game link" in expected and "This link is not a Kaiser game link" in msg, msg
    assert "A fresh game starts instead" in msg
    assert "k1" not in msg and "InvalidAction" not in msg
    assert page.locator("#hand button.card").count() == 8
