"""Saving: a game open in two tabs loses nothing; a full storage is said once and play goes on."""

from __future__ import annotations

from conftest import wait_engine_ready
from ui_helpers import (FAST, GAME_KEY, game_state, human_step_mouse, moves, open_app, preset_settings,
                        step_until, wait_turn)

FULL = "this game cannot be saved: the browser's storage for this site is full"


def _stored_moves(page) -> int:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({GAME_KEY!r})).state.actions.length")


def test_a_tab_behind_never_overwrites_the_newer_game(browser, base_url_sub):
    context = browser.new_context()
    first = context.new_page()
    open_app(first, base_url_sub)
    second = context.new_page()
    open_app(second, base_url_sub)
    assert game_state(second) == game_state(first)
    start = moves(first)

    step_until(first, lambda p: moves(p) >= start + 8 and p.evaluate("document.body.dataset.turn") == "human"
               and not p.evaluate("document.getElementById('dlg-hand').open"))
    ahead = moves(first)
    assert _stored_moves(first) == ahead

    # The second tab learnt of the first one's saves and says so.
    second.get_by_test_id("tab-conflict").wait_for()
    assert "moved on in another tab" in second.get_by_test_id("tab-conflict").inner_text()
    # A move made there anyway is not saved over the newer game.
    human_step_mouse(second)
    assert _stored_moves(second) == ahead
    assert second.get_by_test_id("tab-conflict").count() == 1

    # Continuing the newer game in the second tab takes the first tab's moves.
    second.get_by_test_id("tab-continue").click()
    second.wait_for_function("(n) => window.kaiser.game.state.actions.length >= n", arg=ahead)
    wait_turn(second)
    assert game_state(second)["actions"][:ahead] == game_state(first)["actions"][:ahead]

    # Reopened, the game has every move.
    first.reload()
    wait_engine_ready(first)
    wait_turn(first)
    assert moves(first) >= ahead
    context.close()


def test_full_storage_is_said_once_and_play_goes_on(page, base_url_sub):
    open_app(page, base_url_sub)
    saved = _stored_moves(page)
    page.evaluate("""() => {
      let chunk = "x".repeat(1 << 20), i = 0;
      while (chunk.length) {
        try { localStorage.setItem("filler-" + i++, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
      }
    }""")
    n = moves(page)
    human_step_mouse(page)
    banner = page.get_by_test_id("storage-full")
    banner.wait_for()
    assert FULL in banner.inner_text()
    assert _stored_moves(page) == saved  # nothing could be written
    for _ in range(3):
        if page.evaluate("document.getElementById('dlg-hand').open"):
            page.get_by_test_id("hand-continue").click()
            wait_turn(page)
        human_step_mouse(page)
    assert moves(page) > n + 1
    assert page.get_by_test_id("storage-full").count() == 1  # said once

    # Space again: the next save succeeds, the message goes, and a reload resumes the game.
    page.evaluate("() => { for (const k of Object.keys(localStorage))"
                  " if (k.startsWith('filler-')) localStorage.removeItem(k); }")
    if page.evaluate("document.getElementById('dlg-hand').open"):
        page.get_by_test_id("hand-continue").click()
        wait_turn(page)
    human_step_mouse(page)
    page.wait_for_function("() => !document.querySelector('[data-testid=storage-full]')")
    state = game_state(page)
    assert _stored_moves(page) == len(state["actions"])
    preset_settings(page, FAST)
    page.reload()
    wait_engine_ready(page)
    wait_turn(page)
    assert game_state(page)["actions"][: len(state["actions"])] == state["actions"]
