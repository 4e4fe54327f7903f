"""The table of yardsticks: each card-play level against ``basic`` on the same duplicate deals
(the match harness's, seed ``match``), and each one's share of the posterior ceiling.

    python tools/yardsticks.py PROFILE --deals N [--chunk 20] [--workers 1] [--file F]

Every level plays ``basic``'s auction (``basic/LEVEL`` against ``basic``). The deals are
played in chunks, every level in turn, and each deal's result is kept in a JSON file
(``tools/results/yardsticks-PROFILE.json`` by default, committed: a deal's result is fixed by
its seed, so runs in different sessions add up), so a run stopped at any time leaves every
level on about the same deals and a run started again goes on where it stopped (runs of
different levels may share the file at once: each keeps the longer record of every level). The
table gives each level's points a deal with 95% intervals and its share of what
``basic/posterior`` gains on the same deals; the floor's test, ``strong`` against 85% of the
posterior's gain, deal by deal (an interval above zero meets it); and paired differences that
split the ceiling's edge into reading the table and judging the cards (``PAIRS``).
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
MINUS = "\N{MINUS SIGN}"
"""The tables are pasted into the README, which writes differences with it."""
RESULTS = Path(__file__).resolve().parent / "results"


def _play(profile: str, level: str, first: int, last: int, workers: int) -> list[float]:
    rules = Rules.from_config(profile)
    args = [((f"basic/{level}", "basic"), rules, "match", i, False) for i in range(first, last)]
    return [net for net, _, _ in run_jobs(play_deal, args, workers, level, True)]


PAIRS = (("posterior", "strong", "the ceiling over `strong`"),
         ("oracle", "posterior", "seeing the cards over reading them"),
         ("oracle-partner", "posterior", "partner's hand seen"),
         ("oracle-opponents", "oracle", "net score against raw points, every hand seen"),
         ("posterior", "posterior-unread", "exact reading, judged exactly"),
         ("strong-read", "strong", "exact reading, judged as `strong` judges"),
         ("posterior-unread", "strong", "exact judging, no reading, against `strong`"),
         ("posterior", "strong-read", "exact judging, both reading exactly"))
"""Paired differences on the deals both levels played: where the ceiling's edge lies."""


def _row(values: list[float]) -> str:
    mean, low, high = interval(values)
    return f"{mean:+.2f} ({low:+.2f}, {high:+.2f})"


def table(results: dict[str, list[float]]) -> str:
    """Each level over the deals it has played, its share of the posterior's gain on those
    deals; the floor's tests and the paired differences on the deals both sides played."""
    ceiling = results.get("posterior", [])
    rows = [f"| `basic/LEVEL` {MINUS} `basic` | deals | points a deal (95%) | share of "
            "`basic/posterior`'s gain |", "|---|---|---|---|"]
    for level, values in results.items():
        n = min(len(values), len(ceiling))
        share = "—"
        if n and sum(ceiling[:n]) > 0:
            share = f"{100 * sum(values[:n]) / sum(ceiling[:n]):.0f}%"
        rows.append(f"| `{level}` | {len(values)} | {_row(values)} | {share} |")
    rows += ["", "| paired, deal by deal | deals | points a deal (95%) |", "|---|---|---|"]
    for level in ("strong", "expert"):
        n = min(len(results.get(level, [])), len(ceiling))
        if n > 1:
            gap = [a - FLOOR * c for a, c in zip(results[level], ceiling[:n])]
            rows.append(f"| `{level}` {MINUS} {FLOOR:.2f} \N{MULTIPLICATION SIGN} `posterior` (the floor) | {n} | "
                        f"{_row(gap)} |")
    for a, b, what in PAIRS:
        n = min(len(results.get(a, [])), len(results.get(b, [])))
        if n > 1:
            diff = [x - y for x, y in zip(results[a], results[b][:n])]
            rows.append(f"| `{a}` {MINUS} `{b}`: {what} | {n} | {_row(diff)} |")
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
    path = args.file or RESULTS / f"yardsticks-{args.profile}.json"
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
        results = _save(path, results)
        print(table({lv: v for lv, v in results.items() if v}), flush=True)
    print(table({lv: v for lv, v in results.items() if v}))
    return 0


def _save(path: Path, results: dict[str, list[float]]) -> dict[str, list[float]]:
    """Write ``results`` merged with what another run wrote meanwhile (per level, the longer
    record: a deal's result is fixed by its seed), and return the merge."""
    on_disk: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}
    merged = dict(on_disk)
    for level, values in results.items():
        if len(values) >= len(merged.get(level, [])):
            merged[level] = values
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(merged))
    tmp.replace(path)
    return merged


if __name__ == "__main__":
    raise SystemExit(main())
