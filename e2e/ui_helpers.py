"""Helpers for the UI browser tests: fast settings, waiting for the person's turn, playing."""

from __future__ import annotations

import json

from conftest import wait_engine_ready
from kaiser_core.bridge import api

SETTINGS_KEY = "kaiser.settings.v1"
GAME_KEY = "kaiser.game.v1"
FAST = {"bots": {"1": "random", "2": "random", "3": "random"}, "speed": "off", "profile": "standard"}


def preset_settings(context_or_page, settings: dict | None = None) -> None:
    """Write UI settings into localStorage before any page script runs (every navigation)."""
    value = json.dumps(settings or FAST)
    context_or_page.add_init_script(
        "try { if (!sessionStorage.getItem('preset-done')) {"
        f" localStorage.setItem({SETTINGS_KEY!r}, {json.dumps(value)});"
        " sessionStorage.setItem('preset-done', '1'); } } catch (e) {}"
    )


def share_link(base_url: str, config: dict) -> str:
    """A share link (made by the engine itself) that starts a game from `config`."""
    return base_url + "#g=" + api.encode_share(api.new_game(config))


def open_app(page, url: str, settings: dict | None = None) -> None:
    preset_settings(page, settings)
    page.goto(url)
    wait_engine_ready(page)
    wait_turn(page)


# True when the person must act, or a hand-result / game-over dialog is open.
_SETTLED = """
(minMoves) => {
  const b = document.body;
  if (document.getElementById('dlg-hand').open || document.getElementById('dlg-over').open) return true;
  if (b.dataset.mode === 'replay') return true;
  return b.dataset.turn === 'human' && Number(b.dataset.moves || 0) >= minMoves;
}
"""


def wait_turn(page, min_moves: int = 0, timeout: int = 60_000) -> None:
    page.wait_for_function(_SETTLED, arg=min_moves, timeout=timeout)


def moves(page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.moves || 0)"))


def dialog_open(page, dialog_id: str) -> bool:
    return page.evaluate(f"() => document.getElementById({dialog_id!r}).open")


def engine_call(page, fn: str, *args):
    return page.evaluate(
        "async ([fn, args]) => await window.kaiser.engine.call(fn, ...args)", [fn, list(args)]
    )


def game_state(page):
    return page.evaluate("() => window.kaiser.game.state")


def panel_actions(page) -> list[dict]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#action-panel button[data-action]')]"
        ".map(b => JSON.parse(b.dataset.action))"
    )


def legal_cards(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#hand button.card[aria-disabled=\"false\"]')].map(b => b.dataset.card)"
    )


def choose_panel_action(page) -> None:
    """Bid the lowest legal bid (so a contract happens), name the first trump, keep weak hands."""
    acts = panel_actions(page)
    kinds = [a["type"] for a in acts]
    if "keep" in kinds:
        pick = kinds.index("keep")
    elif "bid" in kinds:
        pick = kinds.index("bid")
    else:
        pick = 0
    page.locator("#action-panel button[data-action]").nth(pick).click()


def human_step_mouse(page) -> None:
    before = moves(page)
    if page.locator("#action-panel").is_visible() and panel_actions(page):
        choose_panel_action(page)
    else:
        cards = legal_cards(page)
        assert cards, "the person's turn but no playable card and no decision panel"
        page.locator(f'#hand button[data-card="{cards[0]}"]').click()
    wait_turn(page, before + 1)


def play_hand(page, step=human_step_mouse, max_steps: int = 60) -> None:
    """Act for the person until the hand-result (or game-over) dialog opens."""
    for _ in range(max_steps):
        if dialog_open(page, "dlg-hand") or dialog_open(page, "dlg-over"):
            return
        step(page)
    raise AssertionError("the hand did not end")


def start_game(page, config: dict, actions=()) -> None:
    """A new game from ``config`` and a few actions, made by the engine and taken up by the UI,
    then wait for the person's turn."""
    page.evaluate("""async ([config, actions]) => { const k = window.kaiser; k.game.stop();
      let s = await k.engine.call('new_game', config);
      for (const a of actions) s = await k.engine.call('apply', s, a);
      await k.game.start(s); }""", [config, list(actions)])
    wait_turn(page)


def play_short_game_to_the_end(page, seed: str) -> None:
    """A game at 9-9 with target 10, started through the engine and played in the UI until
    the game-over dialog opens."""
    start_game(page, {"profile": "standard", "seed": seed, "dealer": 3, "options": {"target": 10},
                      "scores": [9, 9]})
    for _ in range(12):
        play_hand(page)
        if dialog_open(page, "dlg-over"):
            break
        page.get_by_test_id("hand-continue").click()
        wait_turn(page)
    assert dialog_open(page, "dlg-over")


def step_until(page, done, tries: int = 40) -> None:
    """Take South's turns (and move past hand results) until ``done(page)`` holds."""
    for _ in range(tries):
        if done(page):
            return
        if dialog_open(page, "dlg-hand"):
            page.get_by_test_id("hand-continue").click()
            wait_turn(page)
            continue
        human_step_mouse(page)
    raise AssertionError("the game never reached the expected point")


def step_until_south_plays(page, min_moves: int = 0) -> None:
    """Bid, name trump and move past hand results until South has a card to play."""
    step_until(page, lambda p: p.evaluate("document.body.dataset.phase") == "play"
               and bool(legal_cards(p)) and moves(p) >= min_moves)


def share_dialog_link(page, button: str, marker: str, name: str | None = None) -> str:
    """Open the share dialog, press the button with test id ``button`` (after typing ``name``
    for a challenge) and return the link once it carries ``marker`` ("#g=" or "#c=")."""
    page.get_by_test_id("btn-share").click()
    page.wait_for_selector("#dlg-share[open]")
    if name is not None:
        page.get_by_test_id("challenge-name").fill(name)
    page.get_by_test_id(button).click()
    page.wait_for_function("(m) => document.getElementById('share-url').value.includes(m)", arg=marker)
    url = page.get_by_test_id("share-url").input_value()
    page.keyboard.press("Escape")
    return url
