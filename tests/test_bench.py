"""The bots' benchmark times every decision of whole hands, as the page asks for them."""

from __future__ import annotations

import json

import pytest

from kaiser_core.tools.cli import main


def test_bench_bots_times_each_level_over_whole_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bots", "--hands", "1", "--profile", "tournament", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["level"] for row in rows] == ["basic", "strong", "expert"]
    for row in rows:
        # A hand is four calls at the least (a deal nobody bids on is thrown in).
        assert row["decisions"] >= 4
        assert 0 < row["median_ms"] <= row["p90_ms"] <= row["slowest_ms"]
