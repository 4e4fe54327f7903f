"""tools/versus.py: two revisions head to head on the harness's duplicate deals."""

from __future__ import annotations

import json
import sys

import pytest
from helpers import script_module

pytestmark = [pytest.mark.host_only,
              pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in Pyodide")]


def _versus():
    return script_module("tools/versus.py")


def test_a_revision_against_itself_ends_every_deal_even(tmp_path, capsys):
    versus = _versus()
    assert versus.main(["HEAD", "HEAD", "--deals", "3", "--level", "basic", "--workers", "2",
                        "--cache", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["diffs"] == [0.0, 0.0, 0.0] and report["keep"] is False
    assert [p.name for p in tmp_path.iterdir()] != []  # HEAD exported once, to its sha


def test_it_plays_the_harness_deals_and_keeps_a_clear_winner(tmp_path, capsys):
    from kaiser_core.tools import match

    versus = _versus()
    assert versus.main([".", ".", "--deals", "4", "--level", "basic", "--level-b", "random",
                        "--workers", "1", "--cache", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    harness = match.run_match("basic", "random", "prairie", deals=4, seed="match")
    assert report["diffs"] == harness["diffs"]
    assert report["keep"] is True
