"""The table of yardsticks: each card-play level against ``basic`` on the same duplicate deals
(the match harness's, seed ``match``), and each one's share of the posterior ceiling.

    python tools/yardsticks.py PROFILE --deals N [--chunk 20] [--workers 1] [--file F]
    python tools/yardsticks.py PROFILE --readme      # the README's rows from the records

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
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.engine.rules import Rules
from kaiser_core.tools.match import default_workers, interval, play_deal, run_jobs

LEVELS = ("strong", "expert", "strong-mix", "posterior", "oracle-partner", "oracle-opponents", "oracle")
FLOOR = 0.85
MINUS = "\N{MINUS SIGN}"
"""The tables are pasted into the README, which writes differences with it."""
ACCEPT_CHECK = 4
"""Deals played again before records from other code are accepted as this code's."""
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
         ("posterior", "strong-read", "exact judging, both reading exactly"),
         ("strong-mix", "strong", "reading whether the opponents play `basic`"),
         ("strong-mix", "expert", "that reading against more worlds"),
         ("posterior", "strong-mix", "the ceiling over that reading"))
"""Paired differences on the deals both levels played: where the ceiling's edge lies."""

FLOORED = ("strong", "expert", "strong-mix")
"""The levels the floor (``FLOOR`` of the ceiling's gain) is tested for."""


def _retired(records: dict[str, Any]) -> list[tuple[str, str]]:
    """(level, its retired name ``LEVEL@CODE``) for every record kept aside by ``--retire``:
    each pair is a change of that level, measured on the deals both played."""
    return [(name.split("@")[0], name) for name in records if "@" in name]


def _row(values: list[float]) -> str:
    mean, low, high = interval(values)
    return f"{mean:+.2f} ({low:+.2f}, {high:+.2f})"


def table(records: Records) -> str:
    """Each level over the deals it has played, its share of the posterior's gain on those
    deals; the floor's tests and the paired differences on the deals both sides played (and
    each level against its retired records, ``LEVEL@CODE``: what a change of it did)."""
    results = {level: r["deals"] for level, r in records.items() if r["deals"]}
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
    for level in FLOORED:
        n = min(len(results.get(level, [])), len(ceiling))
        if n > 1:
            gap = [a - FLOOR * c for a, c in zip(results[level], ceiling[:n])]
            rows.append(f"| `{level}` {MINUS} {FLOOR:.2f} \N{MULTIPLICATION SIGN} `posterior` (the floor) | {n} | "
                        f"{_row(gap)} |")
    retired = [(level, old, "the change since") for level, old in _retired(results)]
    for a, b, what in [*PAIRS, *retired]:
        n = min(len(results.get(a, [])), len(results.get(b, [])))
        if n > 1:
            diff = [x - y for x, y in zip(results[a], results[b][:n])]
            rows.append(f"| `{a}` {MINUS} `{b}`: {what} | {n} | {_row(diff)} |")
    return "\n".join(rows)


README_PAIRS = (("posterior", "strong"), ("strong-mix", "strong"), ("strong-mix", "expert"),
                ("posterior", "strong-mix"), ("oracle", "posterior"), ("oracle-partner", "posterior"),
                ("oracle-opponents", "oracle"))
"""The paired rows of the README's table, after the floor's."""


def readme_rows(profile: str, records: Records) -> list[str]:
    """The README's rows for ``profile``: the issue's levels over ``basic`` with their shares,
    the floor's tests, ``README_PAIRS`` and each kept change (a level against its retired
    records), on the deals both sides played."""
    results = {level: records[level]["deals"] for level in LEVELS if records.get(level, {}).get("deals")}
    ceiling = results.get("posterior", [])
    rows = []
    for level, values in results.items():
        n = min(len(values), len(ceiling))
        share = f"{100 * sum(values[:n]) / sum(ceiling[:n]):.0f}%" if n and sum(ceiling[:n]) > 0 else "—"
        rows.append(f"| `{profile}` | `basic/{level}` {MINUS} `basic` | {len(values)} | {_row(values)} | {share} |")
    paired = [(level, [a - FLOOR * c for a, c in zip(results[level], ceiling)],
               f"{MINUS} {FLOOR:.2f} \N{MULTIPLICATION SIGN} `posterior`")
              for level in FLOORED if level in results and ceiling]
    paired += [(a, [x - y for x, y in zip(results[a], results[b])], f"{MINUS} `{b}`")
               for a, b in README_PAIRS if a in results and b in results]
    paired += [(level, [x - y for x, y in zip(results[level], records[old]["deals"])],
                f"{MINUS} `{old}` (the revision before)")
               for level, old in _retired(records) if level in results and records[old]["deals"]]
    for level, diff, what in paired:
        rows.append(f"| `{profile}`, paired | `{level}` {what} | {len(diff)} | {_row(diff)} | |")
    return [row.replace("(-", f"({MINUS}").replace(" -", f" {MINUS}") for row in rows]


def fingerprint() -> str:
    """The code a level's records were played by: the engine, the bots and their data, and
    the match harness, hashed."""
    root = Path(__file__).resolve().parent.parent / "kaiser_core"
    files = sorted([*root.glob("engine/**/*"), *root.glob("bots/**/*"), root / "tools" / "match.py"])
    digest = hashlib.sha256()
    for f in files:
        if f.is_file() and f.suffix != ".pyc":
            digest.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:10]


Records = dict[str, dict[str, Any]]
"""Per level: ``code`` (``fingerprint()`` of the code that played them) and ``deals`` (A's
net points a deal, deal by deal from the first)."""


def _load(path: Path) -> Records:
    return json.loads(path.read_text()) if path.exists() else {}


def _reconcile(records: Records, profile: str, levels: list[str], accept: set[str],
               retire: set[str], code: str, workers: int) -> None:
    """Records played by other code are refused, unless kept aside (``--retire``: renamed
    ``LEVEL@CODE``, a baseline for the paired rows) or shown to be unchanged (``--accept``:
    the first deals played again must come out the same)."""
    for level in levels:
        record = records.get(level)
        if record is None or record["code"] == code:
            continue
        if level in retire:
            records[f"{level}@{record['code']}"] = records.pop(level)
        elif level in accept:
            check = min(ACCEPT_CHECK, len(record["deals"]))
            if _play(profile, level, 0, check, workers) != record["deals"][:check]:
                raise SystemExit(f"{level}: the first {check} deals come out otherwise with "
                                 "this code; --retire it instead")
            record["code"] = code
        else:
            raise SystemExit(f"{level}: its {len(record['deals'])} deals were played by other "
                             f"code ({record['code']}, now {code}): --accept {level} if its "
                             f"play is unchanged (checked on the first deals), --retire "
                             f"{level} to keep them as {level}@{record['code']} and start again")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profile")
    parser.add_argument("--deals", type=int, help="deals a level (required to play)")
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--accept", default="", help="levels whose records stand for this code")
    parser.add_argument("--retire", default="", help="levels whose records are kept aside")
    parser.add_argument("--file", type=Path)
    parser.add_argument("--readme", action="store_true",
                        help="print the README's rows from the records kept, and play nothing")
    args = parser.parse_args(argv)
    path = args.file or RESULTS / f"yardsticks-{args.profile}.json"
    if args.readme:
        print("\n".join(readme_rows(args.profile, _load(path))))
        return 0
    if args.deals is None:
        parser.error("--deals is required to play")
    path.parent.mkdir(parents=True, exist_ok=True)
    levels = args.levels.split(",")
    code = fingerprint()
    records = _load(path)
    _reconcile(records, args.profile, levels, set(filter(None, args.accept.split(","))),
               set(filter(None, args.retire.split(","))), code, args.workers)
    for level in levels:
        records.setdefault(level, {"code": code, "deals": []})
    records = _save(path, records)
    while True:
        behind = min(levels, key=lambda lv: len(records[lv]["deals"]))
        first = len(records[behind]["deals"])
        if first >= args.deals:
            break
        last = min(args.deals, first + args.chunk)
        records[behind]["deals"] += _play(args.profile, behind, first, last, args.workers)
        records = _save(path, records)
        print(table(records), flush=True)
    print(table(records))
    return 0


def _save(path: Path, records: Records) -> Records:
    """Write ``records`` merged with what another run wrote meanwhile (per level, the longer
    record of the same code: a deal's result is fixed by its seed), and return the merge."""
    merged = _load(path)
    for level, record in records.items():
        there = merged.get(level)
        if (there is None or there["code"] != record["code"]
                or len(record["deals"]) >= len(there["deals"])):
            merged[level] = record
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(merged))
    tmp.replace(path)
    return merged


if __name__ == "__main__":
    raise SystemExit(main())
