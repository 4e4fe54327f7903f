"""House rules in the browser: the settings dialog reads like a card game (sections, titles,
no identifiers, a switch changes the rules text), the rules panel tells each profile's rules as
the engine has them, and the passing phase is played by clicking a card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kaiser_core.bridge import api
from ui_helpers import FAST, engine_call, game_state, moves, open_app, share_link, wait_turn

ARTIFACTS = Path(__file__).parent / "artifacts"
IDENTIFIER = re.compile(r"\b\w+_\w+\b|\bnull\b|\b[2-9TJQKA][CDHS]\b")


def open_settings(page):
    page.get_by_test_id("btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")


def test_settings_read_like_a_card_game(page, base_url_sub):
    open_app(page, base_url_sub)
    open_settings(page)
    legends = page.locator("#settings-body legend").all_inner_texts()
    assert legends == ["Rules", "Players", "Table"]
    for name, title in (("prairie", "Prairie rules"), ("playingcards", "PlayingCards.io"),
                        ("bidout", "Wikipedia: bid-out")):
        label = page.locator(f"label[for=prof-{name}]").inner_text()
        assert title in label
    page.locator(".more-rules > summary").click()
    visible = page.locator("#settings-body").inner_text()
    assert not IDENTIFIER.search(visible), IDENTIFIER.search(visible).group(0)
    options = page.eval_on_selector_all("#settings-body option", "os => os.map(o => o.textContent)")
    assert not any(IDENTIFIER.search(o) for o in options), options
    assert "Strong: thinks ahead by sampling the hidden cards" in visible
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "settings-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#opt-defender_loss").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "settings-desktop.png"))


def test_a_switch_changes_the_rules_text(page, base_url_sub):
    open_app(page, base_url_sub)
    open_settings(page)
    page.get_by_test_id("profile-prairie").check()
    page.locator(".rules-told > summary").click()
    preview = page.get_by_test_id("rules-preview")
    preview.get_by_text("there is no losing score").wait_for()
    page.locator(".more-rules > summary").click()
    page.locator("#opt-lose_at-mode").select_option("num")
    page.locator("#opt-lose_at").fill("-52")
    page.locator("#opt-lose_at").dispatch_event("change")
    preview.get_by_text("A team at -52 or below after a hand loses the game at once").wait_for()
    assert "Losing score: -52" in page.get_by_test_id("rules-summary").inner_text()
    page.get_by_test_id("option-pass_to_partner").check()
    preview.get_by_text("The four cards change hands once everyone has chosen").wait_for()
    page.get_by_test_id("settings-new").click()
    wait_turn(page)
    cfg = game_state(page)["config"]
    assert cfg["profile"] == "prairie"
    assert cfg["options"] == {"lose_at": -52, "pass_to_partner": True}


@pytest.mark.parametrize("profile", ["prairie", "playingcards", "bidout"])
def test_rules_panel_tells_each_profile(page, base_url_sub, profile):
    open_app(page, share_link(base_url_sub, {"profile": profile, "seed": "panel"}))
    page.get_by_test_id("btn-help").click()
    page.wait_for_selector("#dlg-help[open]")
    told = api.describe_rules({"profile": profile})
    text = page.get_by_test_id("rules-text").inner_text()
    assert told["title"] in text
    for section in told["sections"]:
        assert section["title"] in text
        for sentence in section["sentences"]:
            assert sentence in text
    assert not IDENTIFIER.search(text), IDENTIFIER.search(text).group(0)
    if profile == "bidout":
        assert "the first team to reach 52 wins" not in text.lower()
        page.screenshot(path=str(ARTIFACTS / "rules-panel-bidout.png"))


def test_passing_phase_by_clicking_a_card(page, base_url_sub):
    link = share_link(base_url_sub, {"profile": "standard", "seed": "pass-ui", "dealer": 3,
                                     "options": {"pass_to_partner": True}})
    open_app(page, link, FAST)
    page.wait_for_selector("body[data-phase=passing][data-turn=human]")
    assert page.locator("#action-panel").is_hidden()
    cards = page.eval_on_selector_all('#hand button.card[aria-disabled="false"]',
                                      "bs => bs.map(b => b.dataset.card)")
    assert len(cards) == 8
    chosen = cards[0]
    before = moves(page)
    page.locator(f'#hand button.card[data-card="{chosen}"]').click()
    page.wait_for_function("(n) => Number(document.body.dataset.moves) >= n + 4", arg=before)
    wait_turn(page)
    state = game_state(page)
    assert state["actions"][0] == {"type": "pass_card", "card": chosen}
    view = engine_call(page, "view", state, 0)
    assert view["passed_card"] == chosen and view["received_card"] in view["hand"]
    assert chosen not in view["hand"]
    page.screenshot(path=str(ARTIFACTS / "after-passing.png"))


def test_score_sheet_notes_are_the_engines_sentences(page, base_url_sub):
    open_app(page, share_link(base_url_sub, {"profile": "bidout", "seed": "sheet"}))
    page.get_by_test_id("btn-score").click()
    page.wait_for_selector("#dlg-score[open]")
    note = page.get_by_test_id("sheet-note").inner_text()
    assert "defenders who pass 52 do not win, and play goes on" in note
    assert "first team at or above wins" not in note
