"""Play with friends: what everyone keeps of a shared game. After each hand a guest can analyse it
(its page fetches the engine only then), copy a link to the deal, and the hand goes into its own
statistics from its seat's side; once the game is over, a link to the whole game and a challenge
from its seat work for the guest as for the host. No link given before the end holds the seed."""

from __future__ import annotations

import base64
import json
import zlib

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import (
    ARTIFACTS,
    RUNTIME,
    close_hand_result,
    open_guest,
    open_host,
    play_until,
    wait_seated,
)

SEED = "keepsakes-seed-1"


def payload(url: str) -> dict:
    code = url.split("#g=", 1)[1][2:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def test_a_guest_analyses_links_and_counts_a_shared_game(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    actx, ann = open_guest(browser, link, "Ann")
    seat = wait_seated(ann)
    # A game that starts near its end, so that one or two hands finish it.
    host.evaluate(f"window.kaiserNet.host.start({{profile: 'prairie', seed: '{SEED}', scores: [46, 44]}})")
    play_until([host, ann], lambda: host.evaluate("window.kaiserNet.host.handsPlayed") >= 1)
    ann.get_by_test_id("hand-result").wait_for()
    ann.get_by_test_id("hand-link").click()
    deal_url = ann.get_by_test_id("share-url").input_value()
    assert "#g=k1" in deal_url and "friends" not in deal_url.split("#")[0]
    hand = payload(deal_url)
    assert SEED not in json.dumps(hand) and hand["a"], hand
    assert not [u for u, _ in ann.downloaded if any(r in u for r in RUNTIME)]

    # The analysis, by the guest's own engine, fetched now.
    if ann.get_by_test_id("hand-analyze").is_visible():
        ann.get_by_test_id("hand-analyze").click()
        ann.wait_for_selector("#dlg-analysis[data-ready='1']", timeout=180_000)
        ARTIFACTS.mkdir(exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "friends-guest-analysis-desktop.png"))
        ann.keyboard.press("Escape")
    close_hand_result(ann)

    # The whole game, then its links from the guest's side.
    play_until([host, ann], lambda: host.evaluate(
        "window.kaiserNet.host.views[window.kaiserNet.host.hostSeat].phase") == "game_over", timeout_s=400)
    hands = host.evaluate("window.kaiserNet.host.handsPlayed")
    if not ann.locator("#dlg-hand[open]").count():  # closed after an earlier hand: open it again
        ann.get_by_test_id("btn-last-hand").click()
    ann.get_by_test_id("game-challenge").wait_for(timeout=30_000)
    ann.get_by_test_id("game-challenge").click()
    challenge_url = ann.get_by_test_id("share-url").input_value()
    assert "#c=" in challenge_url
    ann.get_by_test_id("game-share").click()
    game_url = ann.get_by_test_id("share-url").input_value()
    assert payload(game_url)["s"] == SEED  # the game is over: its deals are everyone's now

    page = actx.new_page()
    page.goto(challenge_url)
    page.get_by_test_id("challenge").wait_for(timeout=120_000)
    where = ("South", "West", "North", "East")[seat]
    assert f"You play {where}" in page.locator("#challenge-body").text_content()  # the guest's seat
    page.goto(deal_url)
    page.get_by_test_id("share-banner").wait_for(timeout=120_000)
    page.close()

    # The statistics of the guest's browser: every hand, from its seat's side.
    close_hand_result(ann)
    ann.get_by_test_id("btn-stats").click()
    ann.get_by_test_id("stats-hands").get_by_text(f"Hands played: {hands}.").wait_for()
    assert f"you played {where} with friends" in ann.get_by_test_id("stats-game").text_content()
    ann.screenshot(path=str(ARTIFACTS / "friends-guest-stats-desktop.png"))
    for ctx in (actx, hctx):
        ctx.close()
