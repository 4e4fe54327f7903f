"""Resume after reload, a corrupt save, offline play after the service worker is active."""

from __future__ import annotations

from conftest import wait_engine_ready
from ui_helpers import (
    FAST, GAME_KEY, game_state, human_step_mouse, moves, open_app,
    preset_settings, step_until_south_plays, wait_turn,
)


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
