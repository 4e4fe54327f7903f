"""tools/yardsticks.py: the README's rows come from the records kept, deal by deal."""

from __future__ import annotations

import json
import sys

import pytest
from helpers import script_module

M, X = "\N{MINUS SIGN}", "\N{MULTIPLICATION SIGN}"
"""How the README writes a difference and a product."""

pytestmark = [pytest.mark.host_only,
              pytest.mark.skipif(sys.platform == "emscripten", reason="a tool of the host")]


def _yardsticks():
    return script_module("tools/yardsticks.py")


def test_readme_rows_give_shares_and_the_floor_on_the_same_deals(tmp_path, capsys):
    records = {"strong": {"code": "x", "deals": [2.0, 0.0, 1.0, 3.0]},
               "posterior": {"code": "x", "deals": [2.0, 2.0, 2.0]},
               "oracle": {"code": "x", "deals": [4.0, 4.0]}}
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))
    assert _yardsticks().main(["prairie", "--readme", "--file", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    # strong's share is on the three deals both played: 3 of posterior's 6.
    assert rows[0].startswith(f"| `prairie` | `basic/strong` {M} `basic` | 4 | +1.50 ")
    assert rows[0].endswith("| 50% |")
    assert rows[2].endswith("| 200% |")
    # The floor, deal by deal: strong - 0.85 * posterior = 0.3, -1.7, -0.7.
    floor = next(r for r in rows if "0.85" in r)
    assert f"| `strong` {M} 0.85 {X} `posterior` | 3 | {M}0.70 (" in floor
    assert any(f"| `oracle` {M} `posterior` | 2 | +2.00 " in r for r in rows)


def test_playing_needs_a_number_of_deals(tmp_path):
    with pytest.raises(SystemExit):
        _yardsticks().main(["prairie", "--file", str(tmp_path / "r.json")])


def test_readme_rows_record_a_kept_change_against_the_retired_records(tmp_path, capsys):
    records = {"strong": {"code": "new", "deals": [2.0, 1.0, 3.0]},
               "strong@old": {"code": "old", "deals": [1.0, 1.0]},
               "posterior": {"code": "new", "deals": [2.0, 2.0, 2.0]}}
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))
    assert _yardsticks().main(["prairie", "--readme", "--file", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    # On the two deals both played: 2 - 1 and 1 - 1.
    change = [r for r in rows if "strong@old" in r]
    assert len(change) == 1
    assert f"| `strong` {M} `strong@old` (the revision before) | 2 | +0.50 " in change[0]
    # The retired records are no level of the table themselves.
    assert not any("basic/strong@old" in r for r in rows)
