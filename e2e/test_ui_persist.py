"""Resume after reload, a corrupt save, offline play after the service worker is active."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import wait_engine_ready
from ui_helpers import (
    FAST, GAME_KEY, game_state, human_step_mouse, legal_cards, moves, open_app,
    preset_settings, step_until, step_until_south_plays, wait_turn,
)

ARTIFACTS = Path(__file__).parent / "artifacts"


def test_reload_mid_hand_resumes(page, base_url_sub):
    open_app(page, base_url_sub)
    step_until_south_plays(page, min_moves=6)
    human_step_mouse(page)
    before = game_state(page)
    hand = page.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    page.reload()
    wait_engine_ready(page)
    wait_turn(page)
    after = game_state(page)
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["config"] == before["config"]
    if len(after["actions"]) == len(before["actions"]):
        assert page.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)") == hand
    assert page.get_by_test_id("save-error").count() == 0


def test_corrupt_save_is_reported_and_set_aside(page, base_url_sub):
    preset_settings(page, FAST)
    page.add_init_script(
        f"if (!sessionStorage.getItem('corrupted')) {{ localStorage.setItem({GAME_KEY!r}, "
        "JSON.stringify({version: 1, state: {config: {profile: 'nope'}, actions: [{type: 'fly'}]}})); "
        "sessionStorage.setItem('corrupted', '1'); }"
    )
    page.goto(base_url_sub)
    wait_engine_ready(page)
    wait_turn(page)
    msg = page.get_by_test_id("save-error").inner_text()
    assert msg.startswith("Your saved game could not be restored: ")
    assert "It was set aside." in msg
    assert page.evaluate("localStorage.getItem('kaiser.game.v1.corrupt')") is not None
    assert page.locator("#hand button.card").count() == 8  # a fresh game, not a blank page


def test_offline_reload_still_plays(browser, base_url_sub, static_server):
    ctx = browser.new_context()
    page = ctx.new_page()
    open_app(page, base_url_sub)
    # Wait until the service worker controls the page (it precaches the whole site first).
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
        wait_engine_ready(page)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=60_000)
    ctx.set_offline(True)
    page.reload()
    wait_engine_ready(page)
    wait_turn(page)
    before = moves(page)
    human_step_mouse(page)
    assert moves(page) > before
    ctx.set_offline(False)
    ctx.close()


# Every card that ever shows in the trick after the reload, in the order it came.
_WATCH_TRICK = """
window.__seen = [];
document.addEventListener('DOMContentLoaded', () => {
  const t = document.getElementById('trick');
  const look = () => {
    for (const c of t.querySelectorAll('.card[data-card]'))
      if (!window.__seen.includes(c.dataset.card)) window.__seen.push(c.dataset.card);
  };
  new MutationObserver(look).observe(t, {subtree: true, childList: true});
});
"""


def test_reload_mid_trick_shows_every_card(page, base_url_sub):
    """Issue 33: a reload while the bots' cards of a trick are still to be shown (the bots have
    chosen them, the save holds them) shows every card of that trick, then the rest."""
    open_app(page, base_url_sub, {**FAST, "speed": "slow"})

    def south_early(p):
        return (p.evaluate("document.body.dataset.phase") == "play" and bool(legal_cards(p))
                and p.locator("#trick .card").count() <= 1 and moves(p) >= 6)

    step_until(page, south_early, tries=60)
    before = len(game_state(page)["actions"])
    on_table = page.locator("#trick .card").count()
    rest = 3 - on_table  # the bots' cards that finish the trick
    page.locator(f'#hand button[data-card="{legal_cards(page)[0]}"]').click()
    # The save holds the whole trick while the table still shows fewer than four cards.
    page.wait_for_function(
        """([key, n]) => JSON.parse(localStorage.getItem(key)).state.actions.length >= n
             && document.querySelectorAll('#trick .card').length < 4""",
        arg=[GAME_KEY, before + 1 + rest], timeout=20_000, polling=20)
    saved = json.loads(page.evaluate(f"localStorage.getItem({GAME_KEY!r})"))["state"]["actions"]
    trick = [a["card"] for a in saved[before - on_table: before + 1 + rest]]
    assert len(trick) == 4 and all(trick), (saved[before - on_table:], on_table, rest)
    page.add_init_script(_WATCH_TRICK)
    down = page.locator("#trick .card[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    page.reload()
    wait_engine_ready(page)
    wait_turn(page)
    seen = page.evaluate("window.__seen")
    # The cards already down come back at once; each one after them comes alone, in turn.
    assert set(trick) <= set(seen), (seen, trick)
    late = [c for c in trick if c not in down]
    assert late, "the reload came after the whole trick was shown"
    assert [c for c in seen if c in late] == late, (seen, trick)
    page.screenshot(path=str(ARTIFACTS / "reload-mid-trick.png"))
