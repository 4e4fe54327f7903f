"""Rules the table must show as the engine has them: the weak-hand redeal prompt, the Kaiser bid
(North sitting out, three-card tricks), the hint dialog, and playing North's cards."""

from __future__ import annotations

import re

import pytest

from ui_helpers import (
    FAST, dialog_open, engine_call, game_state, human_step_mouse, legal_cards, moves, open_app,
    panel_actions, share_link, step_until_south_plays, wait_turn,
)

# South (seat 0) holds no ace, king, queen, jack, 5 of hearts or 3 of spades: a weak hand.
WEAK_SOUTH = [
    ["TC", "9C", "8C", "7C", "TD", "9D", "8D", "7D"],
    ["AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD"],
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "5H"],
    ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "3S"],
]


def _panel_kind(page) -> str | None:
    return page.evaluate(
        "() => { const p = document.getElementById('action-panel'); return p.hidden ? null : p.dataset.kind; }")


def _view(page, seat: int = 0) -> dict:
    return engine_call(page, "view", game_state(page), seat)


# ------------------------------------------------------------------ weak-hand redeal

@pytest.mark.parametrize("choice", ["redeal", "keep"])
def test_weak_hand_redeal_prompt(page, base_url_sub, choice):
    config = {"profile": "prairie", "seed": "weak-south", "dealer": 3, "deal": WEAK_SOUTH}
    open_app(page, share_link(base_url_sub, config), {**FAST, "profile": "prairie"})
    assert page.evaluate("document.body.dataset.phase") == "redeal"
    assert _panel_kind(page) == "redeal"
    # Exactly the engine's choices, in its order, with spoken names.
    legal = engine_call(page, "legal_actions", game_state(page))
    assert panel_actions(page) == legal == [{"type": "redeal"}, {"type": "keep"}]
    panel = page.get_by_test_id("action-panel")
    assert "weak hand" in panel.inner_text()
    assert page.get_by_role("button", name="Ask for a redeal").is_visible()
    assert page.get_by_role("button", name="Keep this hand").is_visible()
    assert "redeal" in page.get_by_test_id("contract").inner_text()
    assert "redeal or keep" in page.get_by_test_id("turn").inner_text()
    assert page.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)") == \
        _view(page)["hand"] == sorted(WEAK_SOUTH[0], key=WEAK_SOUTH[0].index)

    page.get_by_test_id(f"act-{choice}").click()
    wait_turn(page, 1)
    state = game_state(page)
    assert state["actions"][0] == {"type": choice}
    v = _view(page)
    live = page.get_by_test_id("live").inner_text()
    if choice == "redeal":
        assert "South asks for a redeal" in live
        assert v["dealer"] == 3  # the same dealer deals again
        assert v["hand"] != WEAK_SOUTH[0]
        assert page.locator("#hand button.card").evaluate_all("bs => bs.map(b => b.dataset.card)") == v["hand"]
    else:
        assert "South keeps the hand" in live
        assert v["hand"] == WEAK_SOUTH[0]
        assert v["phase"] == "bidding"
        assert _panel_kind(page) == "bid"
        assert panel_actions(page) == engine_call(page, "legal_actions", state)


# ------------------------------------------------------------------ Kaiser bid

def test_no_kaiser_button_without_the_option(page, base_url_sub):
    open_app(page, share_link(base_url_sub, {"profile": "standard", "seed": "nok", "dealer": 3}))
    assert _panel_kind(page) == "bid"
    legal = engine_call(page, "legal_actions", game_state(page))
    assert {"type": "kaiser"} not in legal
    assert panel_actions(page) == legal
    assert page.get_by_test_id("act-kaiser").count() == 0


def test_kaiser_bid_north_sits_out_and_tricks_have_three_cards(page, base_url_sub):
    # South deals, so bids last and may take any bid, a Kaiser too: South's contract for sure.
    config = {"profile": "standard", "options": {"kaiser_bid": True}, "seed": "kaiser-ui", "dealer": 0}
    open_app(page, share_link(base_url_sub, config), {**FAST, "options": {"kaiser_bid": True}})
    assert _panel_kind(page) == "bid"
    legal = engine_call(page, "legal_actions", game_state(page))
    assert {"type": "kaiser"} in legal
    assert panel_actions(page) == legal
    kaiser = page.get_by_test_id("act-kaiser")
    assert kaiser.inner_text() == "Kaiser"
    before = moves(page)
    kaiser.click()
    wait_turn(page, before + 1)
    # The auction is over; South names trump from the engine's choices (no trump too).
    assert page.evaluate("document.body.dataset.phase") == "trump"
    legal = engine_call(page, "legal_actions", game_state(page))
    assert panel_actions(page) == legal
    assert {"type": "trump", "suit": None} in legal
    assert page.get_by_test_id("trump-none").is_visible()
    before = moves(page)
    page.get_by_test_id("trump-S").click()
    wait_turn(page, before + 1)

    v = _view(page)
    assert v["out_seat"] == 2 and v["hand_sizes"][2] == 0
    north = page.get_by_test_id("seat-2")
    assert "out" in (north.get_attribute("class") or "")
    assert "sits out" in north.inner_text()
    assert north.locator(".card").count() == 0
    assert "Kaiser" in page.get_by_test_id("contract").inner_text()

    seen_tricks = 0
    for _ in range(40):
        if dialog_open(page, "dlg-hand") or dialog_open(page, "dlg-over"):
            break
        # North's slot on the table stays empty; at most three cards lie there.
        assert page.locator("#trick .slot-n .card").count() == 0
        assert page.locator("#trick .card").count() <= 3
        v = _view(page)
        for t in v["tricks"]:
            assert len(t["cards"]) == 3 and 2 not in t["seats"]
        seen_tricks = max(seen_tricks, len(v["tricks"]))
        if seen_tricks >= 1 and not page.evaluate("document.getElementById('dlg-last').open"):
            page.get_by_test_id("btn-last-trick").click()
            page.wait_for_selector("#dlg-last[open]")
            assert page.locator("#dlg-last figure").count() == 3
            assert "North" not in page.locator("#dlg-last").inner_text()
            page.keyboard.press("Escape")
        human_step_mouse(page)
    assert seen_tricks >= 1
    assert dialog_open(page, "dlg-hand")
    summary = engine_call(page, "summary", game_state(page))
    rec = summary["hands"][-1]
    assert rec["contract"]["kaiser"] is True
    assert all(len(t["cards"]) == 3 for t in rec["tricks"]) and len(rec["tricks"]) == 8
    title = page.locator("#dlg-hand-title").inner_text()
    assert title == ("Contract made" if rec["made"] else "Contract failed")


# ------------------------------------------------------------------ hints

def _hint_items(page) -> list[str]:
    page.wait_for_selector("#hint-body ol.hint-list li", timeout=60_000)
    return page.locator("#hint-body ol.hint-list li").all_inner_texts()


def test_hint_dialog_lists_the_engine_hints(page, base_url_sub):
    open_app(page, share_link(base_url_sub, {"profile": "standard", "seed": "hint-ui", "dealer": 3}))
    assert page.get_by_test_id("btn-hint").is_visible(), "the Hint button is always offered"
    # Bidding: one line per legal action, in the engine's order (its suggestion first).
    state = game_state(page)
    hints = engine_call(page, "hint", state, 0)
    page.get_by_test_id("btn-hint").click()
    page.wait_for_selector("#dlg-hint[open]")
    items = _hint_items(page)
    assert len(items) == len(hints) == len(engine_call(page, "legal_actions", state))
    labels = {"pass": "Pass", "kaiser": "Kaiser"}
    for item, h in zip(items, hints):
        a = h["action"]
        label = labels.get(a["type"]) or f"{a['points']}{' NT' if a['no_trump'] else ''}"
        assert item.startswith(label + ":"), (item, h)
        shown = float(re.search(r"(-?\d+\.\d)", item.replace("\u2212", "-")).group(1))
        assert abs(shown - h["value"]) <= 0.051, (item, h)
    assert "suggested" in items[0].lower()
    page.keyboard.press("Escape")
    assert not dialog_open(page, "dlg-hint")

    # Play: one line per legal card, the card in words.
    step_until_south_plays(page)
    cards = legal_cards(page)
    page.get_by_test_id("btn-hint").click()
    page.wait_for_selector("#dlg-hint[open]")
    items = _hint_items(page)
    assert len(items) == len(cards)
    assert all(" of " in i for i in items)
    page.get_by_role("button", name="Close hint").click()

    # Not the person's turn: a plain sentence, no list.
    page.evaluate("() => { window.kaiser.game.waiting = false; }")
    page.get_by_test_id("btn-hint").click()
    page.wait_for_selector("#dlg-hint[open]")
    assert "when it is your turn" in page.locator("#hint-body").inner_text()
