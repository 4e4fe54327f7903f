"""The table: boots playable, offers exactly the engine's legal bids, refuses illegal cards,
fits a phone, passes axe-core."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_helpers import (
    choose_panel_action, dialog_open, engine_call, game_state, human_step_mouse, legal_cards,
    moves, open_app, panel_actions, step_until, wait_turn,
)

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def test_boots_to_a_playable_table(page, base_url_sub):
    open_app(page, base_url_sub)
    assert page.evaluate("document.body.dataset.engine") == "ready"
    assert page.locator("#loading").is_hidden()
    hand = page.locator("#hand button.card")
    assert hand.count() == 8
    # Every card has its name in words.
    names = [hand.nth(i).get_attribute("aria-label") for i in range(8)]
    assert all(" of " in n for n in names), names
    for seat in range(4):
        assert page.get_by_test_id(f"seat-{seat}").is_visible()
    assert page.get_by_test_id("score-0").inner_text() == "0"
    # Either a decision (bid) or a card is offered.
    assert panel_actions(page) or legal_cards(page)


def test_bidding_box_offers_exactly_the_engine_legal_bids(page, base_url_sub):
    open_app(page, base_url_sub)
    seen = set()
    for _ in range(40):
        phase = page.evaluate("document.body.dataset.phase")
        if phase in ("bidding", "trump", "redeal"):
            legal = engine_call(page, "legal_actions", game_state(page))
            shown = panel_actions(page)
            assert shown == legal, (phase, shown, legal)
            # Buttons carry spoken names ("Bid 7 no trump", "Pass", "Trump hearts").
            labels = page.locator("#action-panel button[data-action]").evaluate_all(
                "bs => bs.map(b => b.getAttribute('aria-label') || b.textContent)")
            assert all(labels)
            seen.add(phase)
            if "trump" in seen and "bidding" in seen:
                break
            before = moves(page)
            choose_panel_action(page)
            wait_turn(page, before + 1)
        elif dialog_open(page, "dlg-hand"):
            page.get_by_test_id("hand-continue").click()
            wait_turn(page)
        else:
            human_step_mouse(page)
    assert "bidding" in seen


def test_an_illegal_card_cannot_be_played(page, base_url_sub):
    open_app(page, base_url_sub)
    for _ in range(120):
        if dialog_open(page, "dlg-hand"):
            page.get_by_test_id("hand-continue").click()
            wait_turn(page)
            continue
        if page.evaluate("document.body.dataset.phase") == "play":
            disabled = page.locator('#hand button.card[aria-disabled="true"]')
            if disabled.count() and legal_cards(page):
                card = disabled.first.get_attribute("data-card")
                engine_legal = engine_call(page, "legal_actions", game_state(page))
                assert {"type": "play", "card": card} not in engine_legal
                before = moves(page)
                disabled.first.click(force=True)
                # The engine refuses it and the table says why, by the hand.
                page.wait_for_selector("#hand-msg:not([hidden])", timeout=10_000)
                assert "follow suit" in page.get_by_test_id("hand-msg").inner_text().lower()
                page.keyboard.press("Enter")  # the focused disabled card: refused again
                page.wait_for_function("() => window.kaiser.game.waiting")
                assert moves(page) == before
                assert page.locator(f'#hand button[data-card="{card}"]').count() == 1
                # Legal cards shown = the engine's legal plays.
                assert sorted(legal_cards(page)) == sorted(a["card"] for a in engine_legal if a["type"] == "play")
                return
        human_step_mouse(page)
    pytest.fail("never had a card that could not be played")


def test_phone_viewport_shows_the_whole_table(browser, base_url_sub):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                              is_mobile=True, has_touch=True)
    page = ctx.new_page()
    open_app(page, base_url_sub)
    # Get to the play phase so cards are on the table.
    step_until(page, lambda p: p.evaluate("document.body.dataset.phase") == "play"
               and p.locator("#trick .card").count() > 0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"horizontal scroll: {width}px"
    for tid in ("seat-1", "seat-2", "seat-3", "trick", "hand", "contract", "scores"):
        box = page.get_by_test_id(tid).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360.5, (tid, box)
        assert box["y"] + box["height"] <= 740, (tid, box)
    cards = page.locator("#hand button.card")
    for i in range(cards.count()):
        b = cards.nth(i).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360.5
    ctx.close()


def _serious(results) -> list:
    return [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def test_axe_no_serious_violations(page, base_url_sub):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    open_app(page, base_url_sub)
    problems = {}
    # The table with the bidding box.
    assert page.evaluate("document.body.dataset.phase") in ("bidding", "redeal")
    problems["bidding"] = _serious(axe.run(page))
    # The table in play.
    for _ in range(30):
        if page.evaluate("document.body.dataset.phase") == "play" and legal_cards(page):
            break
        human_step_mouse(page)
    problems["table"] = _serious(axe.run(page))
    # The score sheet.
    page.get_by_test_id("btn-score").click()
    page.wait_for_selector("#dlg-score[open]")
    problems["scoresheet"] = _serious(axe.run(page))
    page.keyboard.press("Escape")
    # Settings.
    page.get_by_test_id("btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    problems["settings"] = _serious(axe.run(page))
    summary = {k: [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in vs]
               for k, vs in problems.items() if vs}
    assert not summary, summary
