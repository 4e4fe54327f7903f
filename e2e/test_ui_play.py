"""Whole hands: by mouse to the score sheet, and by keyboard alone."""

from __future__ import annotations

from kaiser_core.bridge import api
from kaiser_core.engine.cards import parse_card
from kaiser_core.engine.tricks import trick_points
from ui_helpers import dialog_open, moves, open_app, play_hand, play_short_game_to_the_end, wait_turn

SEATS = ["South", "West", "North", "East"]


def test_play_a_hand_by_mouse_to_the_score_sheet(page, base_url_sub):
    open_app(page, base_url_sub)
    play_hand(page)
    # The first hand of a game to 52 cannot end it: the hand's result is shown.
    assert dialog_open(page, "dlg-hand")
    # Read at once: the live region keeps only its last sentence after 15 quiet seconds.
    live = page.get_by_test_id("live").locator("p").all_inner_texts()
    page.get_by_test_id("hand-score").click()
    page.wait_for_selector("#dlg-score[open]")
    rows = page.locator("#dlg-score [data-testid=sheet-row]")
    assert rows.count() >= 1
    summary = page.evaluate("async () => await window.kaiser.engine.call('summary', window.kaiser.game.state)")
    last = summary["hands"][-1]
    row = rows.nth(rows.count() - 1).inner_text()
    shown = [str(n).replace("-", "\u2212") for n in last["scores"]]  # a true minus sign
    assert shown[0] in row and shown[1] in row
    assert page.get_by_test_id("sheet-total-0").inner_text() == str(summary["scores"][0]).replace("-", "\u2212")
    assert page.get_by_test_id("sheet-total-1").inner_text() == str(summary["scores"][1]).replace("-", "\u2212")
    note = page.get_by_test_id("sheet-note").inner_text()
    assert str(last["target"]) in note and str(last["threshold"]) in note
    # The last card, the trick it completed and the hand's result were read out, in order,
    # with the engine's scores.
    trick = last["tricks"][-1]
    points = trick_points([parse_card(c) for c in trick["cards"]])
    worth = "" if points == 1 else f" (worth {points})".replace("-", "\u2212")
    assert live[-3:] == [
        f"{SEATS[trick['seats'][-1]]} plays {api.card_names()[trick['cards'][-1]]}",
        f"{SEATS[trick['winner']]} wins the trick{worth}.",
        f"Hand over. Us {summary['scores'][0]}, them {summary['scores'][1]}.",
    ], live


def _keyboard_step(page):
    before = moves(page)
    panel = page.locator("#action-panel")
    if panel.is_visible() and panel.locator("button[data-action]").count():
        kinds = panel.locator("button[data-action]").evaluate_all(
            "bs => bs.map(b => JSON.parse(b.dataset.action).type)")
        target = kinds.index("keep") if "keep" in kinds else kinds.index("bid") if "bid" in kinds else 0
        # Tab from the hand until the wanted decision button has focus.
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        for _ in range(80):
            page.keyboard.press("Tab")
            idx = page.evaluate("() => [...document.querySelectorAll('#action-panel button[data-action]')]"
                                ".indexOf(document.activeElement)")
            if idx == target:
                break
        else:
            raise AssertionError("decision buttons not reachable by Tab")
        page.keyboard.press("Enter")
    else:
        # Focus the hand by Tab from the page start, then arrows to a legal card.
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("Tab")
        for _ in range(60):
            if page.evaluate("() => document.activeElement?.closest('#hand') != null"):
                break
            page.keyboard.press("Tab")
        for _ in range(10):
            if page.evaluate("() => document.activeElement?.getAttribute('aria-disabled') === 'false'"):
                break
            page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement?.getAttribute('aria-disabled') === 'false'")
        page.keyboard.press("Space")
    wait_turn(page, before + 1)


def test_play_a_hand_by_keyboard_alone(page, base_url_sub):
    open_app(page, base_url_sub)
    play_hand(page, step=_keyboard_step)
    # Enter on the focused "Next hand" button continues.
    if dialog_open(page, "dlg-hand"):
        page.keyboard.press("Enter")
        wait_turn(page)
        assert not dialog_open(page, "dlg-hand")


def test_game_over_screen_and_new_game(page, base_url_sub):
    open_app(page, base_url_sub)
    # A short game (target 10, both teams at 9) through the engine, then played in the UI.
    play_short_game_to_the_end(page, "short")
    summary = page.evaluate("async () => await window.kaiser.engine.call('summary', window.kaiser.game.state)")
    assert summary["winner"] in (0, 1)
    text = page.get_by_test_id("winner").inner_text()
    assert ("You and North win" in text) == (summary["winner"] == 0)
    page.get_by_test_id("over-new").click()
    wait_turn(page)
    assert not dialog_open(page, "dlg-over")
    assert page.evaluate("() => window.kaiser.game.state.scores") == [0, 0]


def test_settings_start_a_new_game_with_another_profile(page, base_url_sub):
    open_app(page, base_url_sub)
    page.get_by_test_id("btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    # Every profile and every option from the engine is offered.
    profiles = page.evaluate("async () => await window.kaiser.engine.call('profiles')")
    schema = page.evaluate("async () => await window.kaiser.engine.call('options_schema')")
    for name in profiles:
        assert page.get_by_test_id(f"profile-{name}").count() == 1
    for opt in schema:
        assert page.get_by_test_id(f"option-{opt['name']}").count() == 1
    assert page.get_by_test_id("bot-level-1").locator("option").all_inner_texts()
    assert "oracle" not in page.get_by_test_id("bot-level-1").inner_html()
    page.get_by_test_id("profile-tournament").check()
    page.get_by_test_id("settings-new").click()
    wait_turn(page)
    cfg = page.evaluate("() => window.kaiser.game.state.config")
    assert cfg["profile"] == "tournament"
    assert cfg.get("options", {}) == {}


def test_solo_turn_line_never_asks_to_pass_the_device(page, base_url_sub):
    """Issue 33: alone at the device, the turn line never says "pass the device to South" (it
    flashed whenever a bot's card came just before the person's turn)."""
    page.add_init_script("""
      window.__turns = [];
      document.addEventListener('DOMContentLoaded', () => {
        const t = document.getElementById('turn');
        new MutationObserver(() => window.__turns.push(t.textContent))
          .observe(t, {subtree: true, childList: true, characterData: true});
      });""")
    open_app(page, base_url_sub)
    play_hand(page)
    turns = page.evaluate("window.__turns")
    assert any("Your turn" in t for t in turns), turns
    assert not [t for t in turns if "pass the device" in t], turns


def test_the_tables_marks_are_explained(page, base_url_sub):
    """Issue 33: the trump badge's "…", the trick's dot and ring, the rules chip: each has words."""
    from ui_helpers import step_until_south_plays
    open_app(page, base_url_sub)
    step_until_south_plays(page)
    assert page.get_by_test_id("trump").get_attribute("title")
    assert "Tap to read them" in (page.get_by_test_id("rules-badge").get_attribute("title") or "")
    if page.locator("#trick .card").count():
        titles = page.locator("#trick .card").evaluate_all("cs => cs.map(c => c.title)")
        assert any("yellow dot" in t for t in titles), titles
    page.get_by_test_id("btn-help").click()
    assert "yellow dot marks the card led" in page.get_by_test_id("legend-trick").inner_text()
    assert "names the rules of this game" in page.get_by_test_id("legend-badges").inner_text()
