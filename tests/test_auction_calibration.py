"""tools/auction_calibration.py: the forecasts of the bids a table of ``strong`` bots wins."""

from __future__ import annotations

import json
import sys

import pytest
from helpers import script_module

from kaiser_core.engine.game import GAME_OVER, Game
from kaiser_core.engine.rules import PROFILES
from kaiser_core.tools.match import choose, deal_context

pytestmark = [pytest.mark.host_only,
              pytest.mark.skipif(sys.platform == "emscripten", reason="a host tool")]


def _tool():
    return script_module("tools/auction_calibration.py")


def test_the_deal_is_played_as_strong_plays_it():
    """Taking the call apart to read its forecast must not change the call: the contract and
    the raw points are those of the same deal played by ``strong`` alone."""
    tool = _tool()
    rules = PROFILES["prairie"]
    seen = 0
    for index in range(3):
        cards, dealer, scores = deal_context("calib", index, rules, False)
        game = Game(rules, f"calib:{index}", dealer=dealer, deal=cards, scores=scores)
        while not game.records and game.phase != GAME_OVER:
            game.step(choose(game, "strong", f"calib:{index}:{len(game.history)}"))
        record = game.records[-1]
        row = tool.forecast_deal(index)
        if row is None:
            assert record.contract is None or record.contract.kaiser
            continue
        seen += 1
        us = record.contract.seat & 1
        assert (row["points"], row["no_trump"]) == (record.contract.points,
                                                    record.contract.no_trump)
        assert row["raw"] == record.raw[us] and row["made"] == (record.raw[us] >= row["points"])
        assert 0.0 <= row["table_make"] <= 1.0 and 0.0 <= row["played_make"] <= 1.0
    assert seen


def test_the_summary_counts_every_contract_once(capsys):
    tool = _tool()
    assert tool.main(["2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    totals = [g["count"] for g in report["summary"] if g["bid"] == "all"]
    assert sum(totals) == report["contracts"] <= 2
