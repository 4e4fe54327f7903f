"""What inference is worth: a duplicate match of a level against the same level reading nothing
from the table (worlds drawn under the hard constraints alone, ``candidates`` 1).

The blind copy is registered for this process only, so it is no level a user can pick:

    python tools/inference_match.py [deals] [level]      # e.g. 100 strong
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import LEVELS
from kaiser_core.bots.strong import SearchPolicy
from kaiser_core.tools.match import run_match


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    level = sys.argv[2] if len(sys.argv) > 2 else "strong"
    policy = LEVELS[level]
    assert isinstance(policy, SearchPolicy)
    LEVELS[f"{level}_blind"] = SearchPolicy(policy.playout_worlds, policy.exact_worlds,
                                            policy.exact_from, policy.auction_worlds, 1)
    report = run_match(level, f"{level}_blind", "prairie", deals=deals, jobs=1, progress=True)
    print(f"{level} vs {level}_blind, {deals} duplicate deals: "
          f"{report['a_points_per_deal']:+.2f} points per deal "
          f"(95% CI {report['low']:+.2f} to {report['high']:+.2f})")


if __name__ == "__main__":
    main()
