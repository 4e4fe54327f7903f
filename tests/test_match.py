"""The match harness: duplicate deals, whole games, self-play, the CLI commands."""

from __future__ import annotations

import json
import os
import sys

import pytest

from kaiser_core.tools import match
from kaiser_core.bots import LEVELS, random_policy
from kaiser_core.tools.cli import main
from kaiser_core.engine.rules import Rules


def _without_times(report):
    return {k: v for k, v in report.items() if k != "sides"} | {
        "sides": [{k: v for k, v in side.items() if k != "time"} for side in report["sides"]]}


def test_deterministic_for_a_seed():
    first = match.run_match("basic", "random", "prairie", deals=12, seed="det")
    again = match.run_match("basic", "random", "prairie", deals=12, seed="det")
    other = match.run_match("basic", "random", "prairie", deals=12, seed="other")
    assert _without_times(first) == _without_times(again)
    assert first["diffs"] != other["diffs"]


@pytest.mark.host_only
@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")
def test_two_jobs_give_the_same_results():
    one = match.run_match("basic", "random", "classic", deals=8, seed="jobs", jobs=1)
    two = match.run_match("basic", "random", "classic", deals=8, seed="jobs", jobs=2)
    assert _without_times(one) == _without_times(two)


@pytest.mark.host_only
@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")
def test_cli_workers_split_the_deals_and_keep_the_totals(capsys):
    reports = []
    for flag in (["--workers", "1"], ["--workers", "2"], ["--jobs", "2"]):
        assert main(["match", "basic/strong", "basic", "--deals", "3", "--json", "--seed", "w",
                     *flag]) == 0
        reports.append(_without_times(json.loads(capsys.readouterr().out)))
    assert reports[0] == reports[1] == reports[2]
    assert reports[0]["deals"] == 3


def test_workers_default_to_the_cores():
    expected = 1 if sys.platform == "emscripten" else (os.cpu_count() or 1)
    assert match.default_workers() == expected


def test_duplicate_swaps_the_seats(monkeypatch):
    seats: list[int] = []

    def probe(obs, rng):
        seats.append(obs.seat)
        return random_policy(obs, rng)

    monkeypatch.setitem(LEVELS, "probe", probe)
    rules = Rules.from_config("standard")
    match.play_deal(("probe", "random"), rules, "swap", 0, zero_scores=True)
    assert {s & 1 for s in seats} == {0, 1}


def test_identical_bots_score_zero_on_every_deal():
    report = match.run_match("basic", "basic", "standard", deals=10, seed="same")
    assert report["diffs"] == [0.0] * 10
    assert report["sides"][0]["contracts"] == report["sides"][1]["contracts"]


def test_both_tables_see_the_same_deal_and_scores():
    rules = Rules.from_config("prairie")
    assert match.deal_context("s", 3, rules, False) == match.deal_context("s", 3, rules, False)
    cards, dealer, scores = match.deal_context("s", 3, rules, True)
    assert dealer == 3 and scores == (0, 0) and sum(h.bit_count() for h in cards) == 32


def test_basic_beats_random():
    report = match.run_match("basic", "random", "prairie", deals=20, seed="floor")
    assert report["a_points_per_deal"] > 5
    assert report["low"] > 0


def test_whole_games_in_seat_swapped_pairs():
    report = match.run_match("basic", "random", "standard", games=2, seed="games")
    assert report["games"] == 2
    assert report["a_won"] + report["b_won"] + report["unfinished"] == 2
    assert report["a_won"] >= 1


def test_simulate_reports_every_game():
    report = match.run_simulate("basic", "bidout", 3, seed="sim")
    assert report["games"] == 3
    assert sum(report["wins"]) + report["unfinished"] == 3
    assert report["hands_per_game"] >= 1 and report["contracts"] > 0


def test_unknown_level_is_refused():
    assert main(["match", "basic", "nobody", "--deals", "1", "--quiet"]) == 2


def test_cli_match_json(capsys):
    assert main(["match", "basic", "random", "--deals", "4", "--json", "--seed", "cli",
                 "--options", '{"kaiser_bid": true}']) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 4 and report["options"] == {"kaiser_bid": True}
    assert {"median_ms", "slowest_ms"} <= set(report["sides"][0]["time"])


def test_cli_human_output(capsys):
    assert main(["simulate", "--games", "1", "--level", "random", "--quiet"]) == 0
    assert "1 games of random self-play" in capsys.readouterr().out
    assert main(["match", "random", "random", "--games", "2", "--quiet"]) == 0
    assert "win rate" in capsys.readouterr().out


def test_composite_level_bids_by_the_first_and_plays_by_the_second(monkeypatch):
    phases: dict[str, set[str]] = {"bidder": set(), "player": set()}

    def bidder(obs, rng):
        phases["bidder"].add(obs.phase)
        return LEVELS["basic"](obs, rng)

    def player(obs, rng):
        phases["player"].add(obs.phase)
        return LEVELS["basic"](obs, rng)

    monkeypatch.setitem(LEVELS, "bidder", bidder)
    monkeypatch.setitem(LEVELS, "player", player)
    rules = Rules.from_config("prairie", {"pass_to_partner": True})
    for index in range(3):
        match.play_deal(("bidder/player", "basic"), rules, "composite", index, zero_scores=True)
    assert phases["player"] == {"play"}
    assert "play" not in phases["bidder"] and {"bidding", "passing"} <= phases["bidder"]


def test_composite_of_one_level_is_that_level():
    same = match.run_match("basic/basic", "basic", "prairie", deals=6, seed="comp")
    assert same["diffs"] == [0.0] * 6
    assert main(["match", "basic/nobody", "basic", "--deals", "1", "--quiet"]) == 2
