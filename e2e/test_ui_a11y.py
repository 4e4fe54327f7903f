"""axe-core on the screens the table test does not reach: the hand result, the game-over screen
and the rules help panel (no serious or critical violations)."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import dialog_open, open_app, play_hand, play_short_game_to_the_end, wait_turn

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def _serious(results) -> list:
    return [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]


def _brief(problems: dict) -> dict:
    return {k: [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in vs]
            for k, vs in problems.items() if vs}


def test_axe_hand_result_game_over_and_help(page, base_url_sub):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems = {}
    open_app(page, base_url_sub)

    # The rules help panel.
    page.get_by_test_id("btn-help").click()
    page.wait_for_selector("#dlg-help[open]")
    assert page.locator("#help-body table").count() == 1
    problems["help"] = _serious(axe.run(page))
    page.keyboard.press("Escape")

    # The hand result.
    play_hand(page)
    assert dialog_open(page, "dlg-hand")
    assert page.evaluate("document.activeElement.id") == "hand-continue"
    problems["hand-result"] = _serious(axe.run(page))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "hand-result.png"))
    page.get_by_test_id("hand-continue").click()
    wait_turn(page)

    # The game-over screen: a short game (target 10, both teams at 9) played in the UI.
    play_short_game_to_the_end(page, "short-axe")
    assert page.evaluate("document.activeElement.id") == "over-new"
    problems["game-over"] = _serious(axe.run(page))
    page.screenshot(path=str(ARTIFACTS / "game-over.png"))
    # The game-over panel on the table behind the dialog, too.
    page.keyboard.press("Escape")
    page.get_by_test_id("panel-new-game").wait_for()
    problems["game-over-table"] = _serious(axe.run(page))
    assert not _brief(problems), _brief(problems)
