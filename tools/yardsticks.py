"""The table of yardsticks: each card-play level against ``basic`` on the same duplicate deals
(the match harness's, seed ``match``), and each one's share of the posterior ceiling.

    python tools/yardsticks.py PROFILE --deals N [--chunk 20] [--workers 1] [--file F]

Every level plays ``basic``'s auction (``basic/LEVEL`` against ``basic``). The deals are
played in chunks, every level in turn, and each deal's result is kept in a JSON file
(``.cache/yardsticks-PROFILE.json`` by default), so a run stopped at any time leaves every
level on about the same deals and a run started again goes on where it stopped. The table is
printed from the deals every level has played: points a deal with 95% intervals, each level's
share of what ``basic/posterior`` gains, and the floor's test, ``strong`` against 85% of the
posterior's gain, deal by deal (an interval above zero meets it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.engine.rules import Rules
from kaiser_core.tools.match import default_workers, interval, play_deal, run_jobs

LEVELS = ("strong", "expert", "posterior", "oracle-partner", "oracle-opponents", "oracle")
FLOOR = 0.85


def _play(profile: str, level: str, first: int, last: int, workers: int) -> list[float]:
    rules = Rules.from_config(profile)
    args = [((f"basic/{level}", "basic"), rules, "match", i, False) for i in range(first, last)]
    return [net for net, _, _ in run_jobs(play_deal, args, workers, level, True)]


def table(results: dict[str, list[float]]) -> str:
    """The yardsticks on the deals every level has played."""
    n = min(len(v) for v in results.values())
    ceiling = results.get("posterior", [])[:n]
    ceiling_mean = sum(ceiling) / n if ceiling else 0.0
    rows = [f"{n} deals", "| `basic/LEVEL` - `basic` | points a deal (95%) | share of "
            "`basic/posterior`'s gain |", "|---|---|---|"]
    for level in results:
        mean, low, high = interval(results[level][:n])
        share = f"{100 * mean / ceiling_mean:.0f}%" if ceiling and ceiling_mean > 0 else "—"
        rows.append(f"| `{level}` | {mean:+.2f} ({low:+.2f}, {high:+.2f}) | {share} |")
    if ceiling and "strong" in results:
        for level in ("strong", "expert"):
            if level in results:
                gap = [a - FLOOR * c for a, c in zip(results[level][:n], ceiling)]
                mean, low, high = interval(gap)
                rows.append(f"`{level}` - {FLOOR:.2f} * `posterior`, deal by deal: {mean:+.2f} "
                            f"({low:+.2f}, {high:+.2f})")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile")
    parser.add_argument("--deals", type=int, required=True)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--file", type=Path)
    args = parser.parse_args(argv)
    path = args.file or Path(f".cache/yardsticks-{args.profile}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    levels = args.levels.split(",")
    results: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}
    for level in levels:
        results.setdefault(level, [])
    while True:
        behind = min(levels, key=lambda lv: len(results[lv]))
        first = len(results[behind])
        if first >= args.deals:
            break
        last = min(args.deals, first + args.chunk)
        results[behind] += _play(args.profile, behind, first, last, args.workers)
        path.write_text(json.dumps(results))
        print(table({lv: results[lv] for lv in levels if results[lv]}), flush=True)
    print(table({lv: results[lv] for lv in levels}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
