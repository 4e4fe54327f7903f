"""Issue 19, the table a card player trusts: one status line at most with the hand in view,
the keyboard (first playable card, the hand before the menu, shortcuts), a card player's words
(minus signs, the trump chip, the 3♠ not played, a challenge deal scored alone), statistics of
finished games only, the score sheet's scores first and whole on a phone, the rules badge, one
primary action in the share dialog, and "play this deal again" from the score sheet."""

from __future__ import annotations

from pathlib import Path

from conftest import wait_engine_ready
from ui_helpers import (FAST, dialog_open, engine_call, game_state, legal_cards, moves, open_app,
                        play_hand, preset_settings, share_link, start_game, step_until_south_plays,
                        wait_turn)

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MINUS = "\u2212"


def _shots(page, name: str) -> None:
    """Desktop and phone screenshots of the screen as it is now."""
    ARTIFACTS.mkdir(exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(ARTIFACTS / f"trust-{name}-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / f"trust-{name}-phone.png"))
    page.set_viewport_size(size)


def _module(page, path: str, body: str, arg=None):
    """Run `body` (an async function of (m, arg)) with one of the page's own modules."""
    return page.evaluate(
        "async ([url, arg]) => { const m = await import(new URL(url, location.href).href);"
        f" return await ({body})(m, arg); }}", [path, arg])


def _hand_in_view(page) -> None:
    box = page.evaluate("() => { const r = document.getElementById('hand').getBoundingClientRect();"
                        " return {top: r.top, bottom: r.bottom, h: innerHeight}; }")
    assert box["top"] >= 0 and box["bottom"] <= box["h"], box


# ------------------------------------------------------------------ 2: one status line at most

def test_banners_never_pile_up_and_the_hand_stays_in_view(page, base_url_sub):
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        preset_settings(page, FAST)
        page.goto(share_link(base_url_sub, {"profile": "standard", "seed": "banner"}))
        wait_engine_ready(page)
        wait_turn(page)
        assert page.get_by_test_id("share-banner").is_visible()
        _hand_in_view(page)
        # Five challenge deals' worth of news, as the page used to stack them.
        _module(page, "js/ui/announce.js", """async (m) => { for (let k = 1; k <= 5; k++)
            m.banner(`Challenge: deal ${k} of 5, scored on its own from 0\u20130.`, {testid: 'challenge-banner'}); }""")
        assert page.locator("#banners .banner").count() == 1
        assert "deal 5 of 5" in page.locator("#banners").inner_text()
        _hand_in_view(page)
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
    # News never hides a standing error: one line, the error's.
    _module(page, "js/ui/announce.js", """async (m) => { m.banner('Trouble.', {kind: 'error', testid: 'error-banner'});
        m.banner('News.', {testid: 'share-banner'}); }""")
    assert page.locator("#banners .banner").count() == 1
    assert page.get_by_test_id("error-banner").is_visible()
    _module(page, "js/ui/announce.js",
            "async (m) => { m.banner('A shared deal: the same cards, a fresh game.', {testid: 'share-banner'}); }")
    _shots(page, "banner")


# ------------------------------------------------------------------ 8: keyboard

def test_keyboard_first_playable_card_hand_before_menu_and_shortcuts(page, base_url_sub):
    open_app(page, base_url_sub)
    # Tab reaches the hand (or the bidding box) before any of the toolbar's buttons.
    page.set_viewport_size(DESKTOP)
    page.locator(".brand").click()  # Tab from the top of the page
    first = None
    for _ in range(30):
        page.keyboard.press("Tab")
        first = page.evaluate("""() => { const a = document.activeElement;
          if (a?.closest('.toolbar')) return 'menu';
          if (a?.closest('#hand, #action-panel')) return 'hand'; return null; }""")
        if first:
            break
    assert first == "hand"
    # When the turn comes in the play, the focus is on a card that can be played.
    for _ in range(6):
        step_until_south_plays(page)
        focused = page.evaluate("() => ({card: document.activeElement?.dataset.card,"
                                " ok: document.activeElement?.getAttribute('aria-disabled')})")
        assert focused["ok"] == "false" and focused["card"] in legal_cards(page), focused
        if len(legal_cards(page)) < page.locator("#hand button.card").count():
            break  # a turn where the first card could not be played was met too
        before = moves(page)
        page.keyboard.press("Enter")
        wait_turn(page, before + 1)
    # Shortcuts: H hint, L last trick, S score sheet; never while typing.
    for key, dlg in (("h", "dlg-hint"), ("l", "dlg-last"), ("s", "dlg-score")):
        page.keyboard.press(key)
        page.wait_for_selector(f"#{dlg}[open]")
        page.keyboard.press("Escape")
    page.get_by_test_id("btn-share").click()
    page.get_by_test_id("challenge-name").fill("shs")
    assert not dialog_open(page, "dlg-score")
    page.keyboard.press("Escape")
    page.get_by_test_id("btn-help").click()
    keys = page.get_by_test_id("help-keys").inner_text()
    assert all(k in keys for k in ("H", "L", "S")) and "score sheet" in keys
    page.keyboard.press("Escape")
    # After "Next hand" the focus is back in the play (the bidding box or the hand).
    play_hand(page)
    if dialog_open(page, "dlg-hand"):
        page.get_by_test_id("hand-continue").focus()
        page.keyboard.press("Enter")
        wait_turn(page)
        assert page.evaluate("() => !!document.activeElement?.closest('#action-panel, #hand')")


# ------------------------------------------------------------------ 10: words

def test_words_minus_signs_trump_chip_and_the_three_not_played(page, base_url_sub):
    open_app(page, base_url_sub)
    rec = {"dealer": 1, "contract": {"seat": 2, "points": 0, "no_trump": False, "kaiser": True, "trump": "S"},
           "made": False, "tricks_won": [6, 2], "raw": [3, 2], "delta": [-40, 0], "scores": [-6, 14],
           "five_team": 0, "three_team": None, "tricks": [], "auction": []}
    text = _module(page, "js/table/scoresheet.js", """async (m, rec) => { const d = document.createElement('div');
        m.renderHandResult(d, rec, 0); return d.textContent; }""", rec)
    assert "taken by not played" not in text and "3\u2660 (\u22123) was not played" in text, text
    assert f"{MINUS}40" in text and f"{MINUS}6" in text, text
    assert "-" not in text.replace("N\u2013S", "").replace("W\u2013E", ""), text
    summary = {"scores": [-6, 14], "target": 52, "hands": [rec], "notes": []}
    sheet = _module(page, "js/table/scoresheet.js", """async (m, s) => { const d = document.createElement('div');
        m.renderScoreSheet(d, s, {target: 52, threshold: 45}); return d.textContent; }""", summary)
    assert f"{MINUS}6" in sheet and f"({MINUS}40)" in sheet and "-6" not in sheet, sheet
    # The trump chip shows the suit, never a letter that reads as a seat.
    step_until_south_plays(page)
    chip = page.get_by_test_id("trump").inner_text().strip()
    assert chip in "\u2663\u2666\u2665\u2660" or chip == "NT", chip
    assert not any(seat in chip for seat in ("S", "W", "E")) or chip == "NT"
    _shots(page, "play")


def test_challenge_deal_scored_alone_shows_the_friends_result_after_the_deal(browser, base_url_sub):
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    open_app(page, base_url_sub)
    code = page.evaluate("""async () => { const e = window.kaiser.engine;
      let s = await e.call('new_game', {profile: 'standard', seed: 'trust-challenge', dealer: 1});
      while ((await e.call('summary', s)).hands.length < 2)
        s = await e.call('apply', s, await e.call('bot_action', s, 'basic', String(s.actions.length)));
      return await e.call('encode_challenge', s, {1: 'random', 2: 'random', 3: 'random'}, 'Fran'); }""")
    page.goto("about:blank")
    page.goto(base_url_sub + "#c=" + code)
    wait_engine_ready(page)
    page.wait_for_selector("#dlg-challenge[open]")
    page.get_by_test_id("challenge-start").click()
    page.wait_for_function("() => document.body.dataset.challenge === '1/2'")
    wait_turn(page)
    assert page.locator("#banners .banner").count() == 0
    assert page.get_by_test_id("challenge-deal").inner_text() == "Challenge deal 1 of 2"
    assert not page.get_by_test_id("target").is_visible()
    assert "Hand 1" not in page.get_by_test_id("contract").inner_text()
    _shots(page, "challenge-deal")
    play_hand(page)
    extra = page.get_by_test_id("hand-extra")
    assert extra.is_visible() and "Fran scored" in extra.inner_text()
    _shots(page, "challenge-result")
    page.get_by_test_id("hand-continue").click()
    page.wait_for_function("() => document.body.dataset.challenge === '2/2'")
    wait_turn(page)
    assert page.locator("#banners .banner").count() == 0
    assert page.get_by_test_id("challenge-deal").inner_text() == "Challenge deal 2 of 2"
    ctx.close()


def test_statistics_count_only_finished_games(page, base_url_sub):
    open_app(page, base_url_sub)
    play_hand(page)
    page.get_by_test_id("hand-continue").click()
    wait_turn(page)
    page.get_by_test_id("btn-stats").click()
    page.wait_for_selector("#dlg-stats[open]")
    assert page.get_by_test_id("stats-hands").inner_text().startswith("Hands played: 1. Games played: 0, won: 0")


# ------------------------------------------------------------------ 6, 9: the score sheet

def test_score_sheet_scores_first_whole_on_a_phone_and_play_a_deal_again(page, base_url_sub):
    open_app(page, base_url_sub)
    first_deal = engine_call(page, "view", game_state(page), 0)["hand"]
    play_hand(page)
    page.get_by_test_id("hand-continue").click()
    wait_turn(page)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.get_by_test_id("btn-score").click()
        page.wait_for_selector("#dlg-score[open]")
        fit = page.evaluate("""() => { const w = document.querySelector('#score-body .sheet-wrap');
          const review = document.querySelector('[data-testid=sheet-analyze]').getBoundingClientRect();
          const dlg = document.getElementById('dlg-score').getBoundingClientRect();
          const note = document.querySelector('[data-testid=sheet-note]').getBoundingClientRect();
          const table = document.querySelector('[data-testid=sheet-table]').getBoundingClientRect();
          return {scroll: w.scrollWidth - w.clientWidth, right: review.right, dlg: dlg.right,
                  first: table.top < note.top}; }""")
        assert fit["scroll"] <= 1 and fit["right"] <= fit["dlg"], fit
        assert fit["first"], "the scores come before the rules notes"
        if size is PHONE:
            page.screenshot(path=str(ARTIFACTS / "trust-scoresheet-phone.png"))
        else:
            page.screenshot(path=str(ARTIFACTS / "trust-scoresheet-desktop.png"))
        page.keyboard.press("Escape")
    page.get_by_test_id("btn-score").click()
    page.get_by_test_id("sheet-play-again").first.click()
    page.wait_for_function("() => !document.getElementById('dlg-score').open")
    wait_turn(page)
    # The same cards from 0-0, in a new game (the weak-hand redeal off, so they stay the same).
    state = game_state(page)
    assert engine_call(page, "summary", state)["scores"] == [0, 0]
    assert engine_call(page, "view", state, 0)["hand"] == first_deal


# ------------------------------------------------------------------ 7: the rules badge

def test_rules_badge_names_the_profile_and_the_switches_and_opens_the_rules(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "profile": "prairie",
                                  "options": {"pass_to_partner": True, "kaiser_bid": True}})
    badge = page.get_by_test_id("rules-badge")
    badge.wait_for(state="visible")
    schema = {o["name"]: o["label"] for o in engine_call(page, "options_schema")}
    title = engine_call(page, "profiles")["prairie"]["title"]
    assert badge.inner_text() == f"{title} · {schema['kaiser_bid']} · {schema['pass_to_partner']}"
    box, scores = badge.bounding_box(), page.get_by_test_id("scores").bounding_box()
    assert scores["y"] <= box["y"] <= scores["y"] + scores["height"]
    _shots(page, "rules-badge")
    badge.click()
    page.wait_for_selector("#dlg-help[open]")


# ------------------------------------------------------------------ 11: one primary action to share

def test_share_dialog_marks_the_link_it_holds(page, base_url_sub):
    open_app(page, base_url_sub)
    page.get_by_test_id("btn-share").click()
    page.wait_for_selector("#dlg-share[open]")
    primary = lambda: page.locator("#dlg-share .btn.primary").evaluate_all("bs => bs.map(b => b.id)")  # noqa: E731
    assert primary() == ["share-deal"]
    page.get_by_test_id("share-moves").click()
    page.wait_for_function("() => document.getElementById('share-url').value.includes('#g=')")
    assert primary() == ["share-moves"]
    _shots(page, "share-moves")


# ------------------------------------------------------------------ 12, 10: the hand on a phone, refusals

def _intersects(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_phone_cards_use_the_height_and_a_refusal_covers_no_counter(page, base_url_sub):
    page.set_viewport_size(PHONE)
    open_app(page, base_url_sub)
    for _ in range(60):
        if dialog_open(page, "dlg-hand"):
            page.get_by_test_id("hand-continue").click()
            wait_turn(page)
            continue
        step_until_south_plays(page)
        cards = page.locator("#hand button.card").evaluate_all(
            "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })")
        if len(cards) == 8:
            assert all(c[0] >= 0 and c[1] <= PHONE["width"] and c[3] <= PHONE["height"] for c in cards), cards
            assert min(c[3] - c[2] for c in cards) >= 90, cards  # 62 px before
        disabled = page.locator('#hand button.card[aria-disabled="true"]')
        if disabled.count():
            disabled.first.click(force=True)
            msg = page.get_by_test_id("hand-msg")
            msg.wait_for(state="visible")
            assert not _intersects(msg.bounding_box(), page.get_by_test_id("seat-0").bounding_box())
            assert not _intersects(msg.bounding_box(), page.locator("#hand").bounding_box())
            _shots(page, "refused")
            return
        before = moves(page)
        page.locator(f'#hand button[data-card="{legal_cards(page)[0]}"]').click()
        wait_turn(page, before + 1)
    raise AssertionError("never had a card that could not be played")


# ------------------------------------------------------------------ claim and undo


def engine_call_table_claim(page, seat: int):
    return page.evaluate(
        "async (seat) => (await window.kaiser.game.table.call('table_claim', seat, 2000)).holds", seat)

CLAIM_DEAL = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "3S"], ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
              ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D"], ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "5H"]]
SOUTH_DECLARES = [{"type": "bid", "points": 12, "no_trump": False}, {"type": "pass"}, {"type": "pass"},
                  {"type": "pass"}, {"type": "trump", "suit": "S"}]


def test_claim_the_rest_offered_only_when_it_holds(page, base_url_sub):
    """Issue 33: "Claim the rest" is not offered from the first trick whatever the cards; the
    engine says when the claim holds (table_claim), and only then is it by the hand."""
    open_app(page, base_url_sub)
    step_until_south_plays(page)
    claim = page.get_by_test_id("btn-claim")
    seat = page.evaluate("Number(document.body.dataset.toAct)")
    holds = engine_call_table_claim(page, seat)
    page.wait_for_timeout(300)
    assert claim.is_visible() == bool(holds), holds
    # The engine's own check of a claim still refuses one that does not hold, in words.
    if not holds:
        before = moves(page)
        page.evaluate("() => window.kaiser.game.human(window.kaiser.game.view.to_act, {type: 'claim'})")
        msg = page.get_by_test_id("hand-msg")
        msg.wait_for(state="visible")
        assert msg.inner_text().startswith("The claim does not hold"), msg.inner_text()
        assert moves(page) == before and page.evaluate("document.body.dataset.turn") == "human"
    _shots(page, "claim-not-offered")
    # South holds every trump: the claim holds, the button comes, the hand ends and says so.
    start_game(page, {"profile": "standard", "seed": "claim", "dealer": 3, "deal": CLAIM_DEAL}, SOUTH_DECLARES)
    page.get_by_test_id("btn-claim").wait_for(state="visible")
    _shots(page, "claim-offered")
    page.get_by_test_id("btn-claim").click()
    page.wait_for_selector("#dlg-hand[open]")
    assert page.get_by_test_id("hand-claimed").inner_text() == "South claimed the rest of the tricks."
    assert page.get_by_test_id("hand-tricks-0").inner_text() == "8"
    _shots(page, "claim-held")
    page.get_by_test_id("hand-score").click()
    page.wait_for_selector("#dlg-score[open]")
    assert "claimed by South" in page.get_by_test_id("sheet-mark").first.inner_text()


def test_undo_takes_back_the_card_and_the_sheet_marks_the_hand(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "speed": "slow"})
    start_game(page, {"profile": "standard", "seed": "undo", "dealer": 3, "deal": CLAIM_DEAL}, SOUTH_DECLARES)
    undo = page.get_by_test_id("btn-undo")
    assert undo.is_hidden()  # nothing of South's in this trick yet
    before = moves(page)
    page.locator('#hand button[data-card="AS"]').click()
    undo.wait_for(state="visible")
    _shots(page, "undo")
    undo.click()
    wait_turn(page, before)
    page.wait_for_function("(n) => Number(document.body.dataset.moves) === n", arg=before)
    assert page.locator("#hand button.card").count() == 8 and page.get_by_test_id("trick").inner_text().strip() == ""
    assert game_state(page).get("undos") == [0]
    page.evaluate("() => { window.kaiser.settings.speed = 'off'; }")
    play_hand(page)
    page.get_by_test_id("hand-score").click()
    page.wait_for_selector("#dlg-score[open]")
    assert "a move taken back" in page.get_by_test_id("sheet-mark").first.inner_text()


def test_no_undo_in_a_challenge(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "speed": "slow"})
    start_game(page, {"profile": "standard", "seed": "undo", "dealer": 3, "deal": CLAIM_DEAL}, SOUTH_DECLARES)
    page.evaluate("() => { document.body.dataset.challenge = '1/1'; }")
    page.locator('#hand button[data-card="AS"]').click()
    page.wait_for_function("() => document.body.dataset.turn === 'bot'")
    assert page.get_by_test_id("btn-undo").is_hidden()


# ------------------------------------------------------------------ 5: the card passed and the card received

def test_the_card_passed_and_the_card_received_are_shown_and_read_out(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "options": {"pass_to_partner": True}})
    for _ in range(20):
        if page.evaluate("document.body.dataset.phase") == "passing" and legal_cards(page):
            break
        if dialog_open(page, "dlg-hand"):
            page.get_by_test_id("hand-continue").click()
        wait_turn(page)
    card = legal_cards(page)[0]
    before = moves(page)
    page.locator(f'#hand button[data-card="{card}"]').click()
    wait_turn(page, before + 1)
    view = engine_call(page, "view", game_state(page), 0)
    assert view["passed_card"] == card and view["received_card"]
    note = page.get_by_test_id("pass-note")
    assert note.is_visible()
    label = note.get_attribute("aria-label")
    names = engine_call(page, "card_names")
    assert label == f"You passed the {names[card]} to North and received the {names[view['received_card']]}.", label
    assert page.locator(f'#hand button[data-card="{view["received_card"]}"]').get_attribute("data-received") == "true"
    assert "received the" in page.get_by_test_id("live").inner_text()
    _shots(page, "passed")


# ------------------------------------------------------------------ 9: replay by trick and by hand

def test_replay_jumps_by_trick_and_by_hand_and_the_hands_stay_in_their_seats(page, base_url_sub):
    open_app(page, base_url_sub)
    code = page.evaluate("""async () => { const e = window.kaiser.engine;
      let s = await e.call('new_game', {profile: 'standard', seed: 'replay-jumps', dealer: 0});
      while ((await e.call('summary', s)).hands.length < 2)
        s = await e.call('apply', s, await e.call('bot_action', s, 'basic', String(s.actions.length)));
      return await e.call('encode_share', s, true); }""")
    page.goto("about:blank")
    page.goto(base_url_sub + "#g=" + code)
    wait_engine_ready(page)
    page.wait_for_function("() => document.body.dataset.mode === 'replay'")
    place = """async () => { const r = window.kaiser.replay; const v = await window.kaiser.engine.call('view',
        await r.stateAt(r.k), 0); return [r.k, v.hand_number, v.tricks.length]; }"""

    def jump(testid):
        before = page.evaluate("() => window.kaiser.replay.k")
        page.get_by_test_id(testid).click()
        page.wait_for_function("(k) => window.kaiser.replay.k !== k && !window.kaiser.replay.busy", arg=before)
        return page.evaluate(place)

    k1, hand, tricks = jump("replay-next-trick")
    assert (hand, tricks) == (0, 1)
    assert page.evaluate("""async (k) => (await window.kaiser.engine.call('view',
        await window.kaiser.replay.stateAt(k - 1), 0)).tricks.length""", k1) == 0  # the trick's last card
    k2, hand, tricks = jump("replay-next-trick")
    assert (hand, tricks) == (0, 2) and k2 > k1
    assert jump("replay-prev-trick")[0] == k1  # back to where the first trick was complete
    _, hand, tricks = jump("replay-next-hand")
    assert (hand, tricks) == (1, 0)
    k4, hand, _ = jump("replay-prev-hand")
    assert hand == 0 and k4 == 0
    jump("replay-next-trick")
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        out = page.evaluate("""() => [1, 2, 3].flatMap((s) => {
            const seat = document.getElementById('seat-' + s).getBoundingClientRect();
            return [...document.querySelectorAll('#seat-' + s + ' .mini-hand .card')].map((c) => {
              const r = c.getBoundingClientRect();
              return (r.left < seat.left - 0.5 || r.right > seat.right + 0.5) ? [s, c.dataset.card] : null; })
            .filter(Boolean); })""")
        assert out == [], (size, out)
    _shots(page, "replay")
