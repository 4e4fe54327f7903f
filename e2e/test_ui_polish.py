"""Table polish: the trick sweeps to its winner (unless motion is off), the person's turn stands
out, the bidding box does not move the hand, contract and trump stay in view on a phone,
the menu's words fit their buttons on a phone, the whole bidding box shows on a small phone,
a seat's role and a link's words keep their room on a desktop, and keyboard focus is always
drawn."""

from __future__ import annotations

from ui_helpers import (FAST, dialog_open, human_step_mouse, open_app, start_game,
                        step_until_south_plays)

WATCH_GATHER = """() => { window.__gathered = 0;
  new MutationObserver((ms) => { for (const m of ms) if (m.target.classList?.contains('gather')) window.__gathered++; })
    .observe(document.getElementById('trick'), {subtree: true, attributes: true, attributeFilter: ['class']}); }"""


def _play_one_trick(page):
    """Act until at least one trick of this hand is complete."""
    for _ in range(40):
        if dialog_open(page, "dlg-hand") or dialog_open(page, "dlg-over"):
            return
        tricks = page.evaluate(
            "async () => (await window.kaiser.engine.call('view', window.kaiser.game.state, 0)).tricks.length")
        if tricks >= 1:
            return
        human_step_mouse(page)
    raise AssertionError("no trick finished")


def test_trick_gathers_toward_the_winner(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "speed": "fast"})
    page.evaluate(WATCH_GATHER)
    _play_one_trick(page)
    page.wait_for_function("() => window.__gathered > 0", timeout=10_000)


def test_no_gather_with_reduced_motion_or_animation_off(browser, base_url_sub):
    ctx = browser.new_context(reduced_motion="reduce")
    page = ctx.new_page()
    open_app(page, base_url_sub, {**FAST, "speed": "fast"})  # reduced motion wins over the setting
    page.evaluate(WATCH_GATHER)
    _play_one_trick(page)
    # The trick has been shown and cleared away: a sweep would have run by now.
    page.wait_for_function("() => window.kaiser.game.holdTrick === null", timeout=10_000)
    assert page.evaluate("window.__gathered") == 0
    # The glow on the seat to act does not pulse either.
    anim = page.evaluate(
        "() => getComputedStyle(document.querySelector('.seat.to-act') || document.body).animationName")
    assert anim in ("none", "")
    ctx.close()


def test_persons_turn_is_marked_and_bidding_box_does_not_move_the_hand(page, base_url_sub):
    open_app(page, base_url_sub)
    tops = {}
    for _ in range(60):
        if dialog_open(page, "dlg-hand") or dialog_open(page, "dlg-over"):
            break
        panel = page.locator("#action-panel").is_visible()
        turn = page.get_by_test_id("turn")
        assert "mine" in (turn.get_attribute("class") or ""), "the person's turn is highlighted"
        assert "to-act" in (page.get_by_test_id("seat-0").get_attribute("class") or "")
        # The hand's top edge (cards not raised) is the same with and without the panel.
        tops.setdefault(panel, page.evaluate("() => document.getElementById('hand').getBoundingClientRect().top"))
        if True in tops and False in tops:
            break
        human_step_mouse(page)
    assert True in tops and False in tops
    assert abs(tops[True] - tops[False]) < 1, tops


def test_contract_and_trump_stay_in_view_on_a_phone(browser, base_url_sub):
    ctx = browser.new_context(viewport={"width": 360, "height": 560}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    open_app(page, base_url_sub)
    step_until_south_plays(page)
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function(
        "() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1")
    for tid in ("contract", "trump", "scores"):
        box = page.get_by_test_id(tid).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 560, (tid, box)
    # The contract fits on one line next to the trump badge.
    assert page.get_by_test_id("contract").bounding_box()["height"] < 40
    ctx.close()


LABELS_OUTSIDE = """() => [...document.querySelectorAll('.toolbar .btn.tool')].flatMap((b) => {
  const box = b.getBoundingClientRect();
  const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim() || !t.parentElement.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    for (const r of range.getClientRects())
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push(`${b.id}: ${t.textContent.trim()}`);
  }
  return out;
})"""


def test_menu_words_fit_their_buttons_on_a_phone(browser, base_url_sub):
    """Eight tools share a phone's width: no button's words may run into its neighbour's."""
    for width in (360, 390):
        ctx = browser.new_context(viewport={"width": width, "height": 740}, is_mobile=True,
                                  has_touch=True)
        page = ctx.new_page()
        open_app(page, base_url_sub)
        assert page.evaluate(LABELS_OUTSIDE) == [], width
        assert page.get_by_role("button", name="Statistics").is_visible()
        ctx.close()


def test_tablet_tools_share_one_row(browser, base_url_sub):
    """A tablet held upright (768 px): the eight tools fit one row under the title, their words
    inside their buttons."""
    ctx = browser.new_context(viewport={"width": 768, "height": 1000})
    page = ctx.new_page()
    open_app(page, base_url_sub)
    tops = page.evaluate("() => [...document.querySelectorAll('.toolbar .btn.tool')]"
                         ".filter((b) => b.getClientRects().length).map((b) => b.getBoundingClientRect().top)")
    assert len(tops) == 8 and max(tops) - min(tops) < 1, tops
    assert page.evaluate(LABELS_OUTSIDE) == []
    ctx.close()


def test_the_whole_bidding_box_shows_on_a_small_phone(browser, base_url_sub):
    """At the opening bid on a small phone (375 x 667) the seventeen choices do not fit under the
    table: the page scrolls just enough to show the whole box, with the hand above it and the
    scores still in view."""
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True,
                              has_touch=True)
    page = ctx.new_page()
    open_app(page, base_url_sub, FAST)
    start_game(page, {"profile": "standard", "seed": "agree", "dealer": 3})
    page.wait_for_selector("#action-panel [data-testid='bid-12nt']")
    page.wait_for_function(
        "() => document.getElementById('action-panel').getBoundingClientRect().bottom <= innerHeight + 0.5")
    status = page.locator(".status").bounding_box()
    hand = page.locator("#hand").bounding_box()
    assert status["y"] >= -0.5 and hand["y"] >= status["y"] + status["height"] - 0.5, (status, hand)
    assert page.get_by_test_id("bid-12nt").is_visible()
    ctx.close()


SEATS_SHORT_OF_ROOM = """() => [...document.querySelectorAll('.seat')].flatMap((seat) => {
  const head = seat.querySelector('.seat-head');
  const name = seat.querySelector('.seat-name'), role = seat.querySelector('.seat-role');
  if (!head || !name || !role || !role.textContent.trim()) return [];
  const gap = parseFloat(getComputedStyle(head).columnGap) || 0;
  const pad = getComputedStyle(seat);
  const room = seat.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
  const needed = name.scrollWidth + role.scrollWidth + 20 + 2 * gap;  // 20: the dealer's chip
  return needed > room + 0.5 ? [`${name.textContent}: ${role.textContent} (${needed} > ${room})`] : [];
})"""

ICON_TOUCHING_WORDS = """() => [...document.querySelectorAll('.toolbar a.btn.tool')].flatMap((a) => {
  const icon = a.querySelector('span[aria-hidden="true"]');
  const words = [...a.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  if (!icon || !words) return [];
  const range = document.createRange();
  range.selectNodeContents(words);
  const gap = range.getBoundingClientRect().left - icon.getBoundingClientRect().right;
  return gap < 2 ? [`${a.textContent.trim()}: ${gap}`] : [];
})"""


def test_desktop_seats_and_links_keep_their_words(browser, base_url_sub):
    """On a desktop every seat shows its whole role ("partner · bot · random") beside its name
    and the dealer's chip, and a toolbar link's icon does not touch its words."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    open_app(page, base_url_sub)
    assert page.evaluate(SEATS_SHORT_OF_ROOM) == []
    assert page.evaluate(ICON_TOUCHING_WORDS) == []
    ctx.close()


def test_keyboard_focus_is_always_drawn(page, base_url_sub):
    open_app(page, base_url_sub)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    seen = set()
    for _ in range(40):
        page.keyboard.press("Tab")
        info = page.evaluate("""() => { const e = document.activeElement; if (!e || e === document.body) return null;
          const s = getComputedStyle(e);
          return {id: e.id || e.dataset.card || e.dataset.testid || e.tagName, outline: s.outlineStyle,
                  width: parseFloat(s.outlineWidth), shadow: s.boxShadow}; }""")
        if info is None:
            continue
        assert (info["outline"] != "none" and info["width"] >= 2) or info["shadow"] != "none", info
        seen.add(info["id"])
    assert "btn-score" in seen and any(len(x) == 2 for x in seen), seen  # toolbar and a card
    # Inside a dialog too.
    page.get_by_test_id("btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    page.keyboard.press("Tab")
    style = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineColor]; }")
    assert style[0] != "none"
    assert style[1] in ("rgb(29, 78, 216)",), style  # the dark blue ring on white


def test_score_sheet_marks_threshold_and_target(page, base_url_sub):
    open_app(page, base_url_sub, {**FAST, "profile": "bidout"})  # a threshold that is not 45
    v = page.evaluate("async () => await window.kaiser.engine.call('view', window.kaiser.game.state, 0)")
    page.get_by_test_id("btn-score").click()
    page.wait_for_selector("#dlg-score[open]")
    tracks = page.get_by_test_id("score-tracks").locator("[role=img]")
    assert tracks.count() == 2
    for i, name in enumerate(("Us", "Them")):
        label = tracks.nth(i).get_attribute("aria-label")
        assert label == f"{name}: {v['scores'][i]} of {v['target']}; defender threshold {v['threshold']}", label
    note = page.get_by_test_id("sheet-note").inner_text()
    assert f"Target: {v['target']}" in note and f"Defender threshold: {v['threshold']}" in note
    # The threshold mark sits at threshold/target of the track's width.
    ratio = page.evaluate("""() => { const t = document.querySelector('#dlg-score .track');
      const m = t.querySelector('.track-mark.threshold');
      return (m.getBoundingClientRect().left - t.getBoundingClientRect().left) / t.getBoundingClientRect().width; }""")
    assert abs(ratio - v["threshold"] / v["target"]) < 0.03, ratio


_SHIFTS = """() => { window.__cls = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({type: 'layout-shift', buffered: false}); }"""


def test_phone_header_keeps_its_height_through_a_hand(browser, base_url_sub):
    """Issue 33: on a phone the score strip never wraps (the rules chip gives way) and the table
    does not move down in the middle of the first hand; a tapped card shows no focus ring."""
    from pathlib import Path
    artifacts = Path(__file__).resolve().parent / "artifacts"
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    open_app(page, base_url_sub)
    step_until_south_plays(page)
    page.evaluate(_SHIFTS)
    tops, strips = set(), set()
    for _ in range(8):
        if dialog_open(page, "dlg-hand") or dialog_open(page, "dlg-over"):
            break
        strips.add(round(page.get_by_test_id("scores").bounding_box()["height"]))
        tops.add(round(page.locator("#table").bounding_box()["y"]))
        if page.locator("#action-panel").is_visible():
            human_step_mouse(page)
            continue
        card = page.locator('#hand button.card.legal').first
        card.tap()
        if len(tops) == 1 and not dialog_open(page, "dlg-hand"):
            page.wait_for_function(
                "() => document.body.dataset.turn === 'human' || document.getElementById('dlg-hand').open")
            focused = page.evaluate("""() => { const a = document.activeElement;
              return a?.matches('button.card') ? getComputedStyle(a).outlineStyle : 'none'; }""")
            assert focused == "none", focused
    assert len(strips) == 1 and max(strips) <= 30, strips
    assert len(tops) == 1, tops
    cls = page.evaluate("window.__cls")
    assert cls < 0.05, cls
    page.screenshot(path=str(artifacts / "phone-header-in-play.png"))
    ctx.close()


_CUT_SELECTS = """() => [...document.querySelectorAll('#dlg-settings [data-testid=section-players] select')]
  .filter((s) => s.offsetParent).flatMap((s) => {
  const span = document.createElement('span');
  span.style.font = getComputedStyle(s).font;
  span.style.whiteSpace = 'nowrap';
  span.style.position = 'absolute';
  span.textContent = s.options[s.selectedIndex]?.text ?? '';
  document.body.append(span);
  const w = span.getBoundingClientRect().width;
  span.remove();
  return w + 24 > s.clientWidth ? [`${s.id}: ${span.textContent}`] : [];
})"""


def test_phone_setup_words_are_not_cut(browser, base_url_sub):
    """Issue 33: the setup menu's choices show their whole words on a phone."""
    from pathlib import Path
    artifacts = Path(__file__).resolve().parent / "artifacts"
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    open_app(page, base_url_sub, {**FAST, "people": [0]})
    page.get_by_test_id("btn-settings").click()
    page.wait_for_selector("#dlg-settings[open]")
    page.get_by_test_id("section-players").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-setup-players.png"))
    assert page.evaluate(_CUT_SELECTS) == []
    ctx.close()
