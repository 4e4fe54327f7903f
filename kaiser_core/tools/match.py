"""Bot against bot: duplicate matches (``match``) and whole-game self-play (``simulate``).

Duplicate removes the luck of the cards: every deal is played at two tables with the same
cards, dealer and score context, bot A holding seats 0 and 2 at the first table and 1 and 3 at
the second. A's result for the deal is the mean over the two tables of (A's team delta - B's
team delta), so two identical bots score exactly 0 on every deal.

Score context (our choice): each deal starts from scores drawn by a generator seeded with the
match seed and the deal number, each team uniformly from -4 to target - 1, so bidding is
tested across the whole game (defender threshold, near the target) and not only at 0-0. The
same scores stand by seat at both tables. ``--zero-scores`` plays every deal at 0-0.

Every decision's seed depends on the match seed, the deal (or game) and the move number only,
never on the table or the worker, so ``--workers 2`` gives exactly the results of
``--workers 1``: the deals are split across processes, each deal played whole in one of them,
and the results are put back in the deals' order.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..bots import check_level as check_one_level
from ..bots import choose as choose_one
from ..engine.deal import seeded_deal
from ..engine.game import GAME_OVER, PLAY, Game, team
from ..engine.rules import PROFILES, Rules

CLOCK = getattr(time, "thread_time", time.perf_counter)
"""Decisions are timed in CPU time of the deciding thread, so other processes on a busy machine
do not inflate them (wall time where the platform has no thread clock)."""

MAX_HANDS = 300
"""A whole game that has not ended after this many hands counts as unfinished (no winner)."""


def check_level(level: str) -> str:
    """A level, or a composite ``auction/play``: the auction (bids, trump, the card passed to
    partner, the weak-hand question) by the first level, the card play by the second, so that
    card play is measured under a common auction and the auction under a common card play."""
    for part in level.split("/", 1):
        check_one_level(part)
    return level


def choose(game: Game, level: str, seed: object) -> int:
    """``bots.choose`` for a level or a composite ``auction/play`` level."""
    auction, _, play = level.partition("/")
    return choose_one(game, play if play and game.phase == PLAY else auction, seed)


@dataclass
class Tally:
    """What one side did, summed over tables: contracts, and its bots' decision times."""

    contracts: int = 0
    made: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.contracts += other.contracts
        self.made += other.made
        self.times.extend(other.times)


def _play_hand(game: Game, levels: tuple[str, str], seed: str, tallies: tuple[Tally, Tally],
               seat_side: Callable[[int], int]) -> None:
    """Play until one more hand record is written; ``seat_side`` maps a seat to side 0 (A) or
    1 (B). Redeals are part of the hand: they write no record."""
    records = len(game.records)
    while len(game.records) == records and game.phase != GAME_OVER:
        side = seat_side(game.to_act)
        start = CLOCK()
        action = choose(game, levels[side], f"{seed}:{len(game.history)}")
        tallies[side].times.append(CLOCK() - start)
        game.step(action)
    contract = game.records[-1].contract
    if contract is not None:
        side = seat_side(contract.seat)
        tallies[side].contracts += 1
        tallies[side].made += bool(game.records[-1].made)


def deal_context(seed: str, index: int, rules: Rules, zero_scores: bool
                 ) -> tuple[tuple[int, int, int, int], int, tuple[int, int]]:
    """Cards, dealer and starting scores of duplicate deal ``index``."""
    dealer = index % 4
    cards = seeded_deal(f"{seed}:deal", index, dealer)
    if zero_scores:
        return cards, dealer, (0, 0)
    rng = random.Random(f"kaiser-match:{seed}:{index}")
    return cards, dealer, (rng.randrange(-4, rules.target), rng.randrange(-4, rules.target))


def _sides(a_team: int) -> Callable[[int], int]:
    """Seat to side: 0 (A) for the seats of team ``a_team``, 1 (B) for the others."""
    return lambda seat: 0 if team(seat) == a_team else 1


def play_deal(levels: tuple[str, str], rules: Rules, seed: str, index: int,
              zero_scores: bool) -> tuple[float, Tally, Tally]:
    """One duplicate deal: A's mean net score over the two tables, and each side's tally."""
    cards, dealer, scores = deal_context(seed, index, rules, zero_scores)
    tallies = (Tally(), Tally())
    net = 0
    for a_team in (0, 1):
        game = Game(rules, f"{seed}:{index}", dealer=dealer, deal=cards, scores=scores)
        _play_hand(game, levels, f"{seed}:{index}", tallies, _sides(a_team))
        delta = game.records[-1].delta
        net += delta[a_team] - delta[1 - a_team]
    return net / 2, tallies[0], tallies[1]


def play_game_pair(levels: tuple[str, str], rules: Rules, seed: str, index: int
                   ) -> tuple[list[int | None], int, Tally, Tally]:
    """Two whole games from the same seed and first dealer, A as team 0 then as team 1.

    Returns, per game, A's result (1 won, 0 lost, None unfinished), the hands played, and
    each side's tally.
    """
    tallies = (Tally(), Tally())
    results: list[int | None] = []
    hands = 0
    for a_team in (0, 1):
        game = Game(rules, f"{seed}:game{index}", dealer=index % 4)
        def side(s: int, a_team: int = a_team) -> int:
            return 0 if team(s) == a_team else 1
        while game.phase != GAME_OVER and len(game.records) < MAX_HANDS:
            _play_hand(game, levels, f"{seed}:game{index}", tallies, side)
        hands += len(game.records)
        results.append(None if game.winner is None else int(game.winner == a_team))
    return results, hands, tallies[0], tallies[1]


# ----- parallel map with a progress bar -----

def _run(job: tuple[Callable[..., Any], tuple[Any, ...]]) -> Any:
    func, args = job
    return func(*args)


def run_jobs(func: Callable[..., Any], args: list[tuple[Any, ...]], jobs: int,
             label: str, progress: bool) -> Iterator[Any]:
    """Results of ``func(*a)`` for each ``a``, in order, on ``jobs`` processes (spawn-safe:
    ``func`` is a module-level function) with a progress bar on stderr."""
    start = time.perf_counter()
    total = len(args)
    jobs = min(jobs, total)

    def bar(done: int) -> None:
        if not progress:
            return
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.perf_counter() - start
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label} "
                         f"{elapsed:.1f}s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    step = max(1, total // 100)
    bar(0)
    if jobs <= 1:
        for done, a in enumerate(args, 1):
            yield func(*a)
            if done % step == 0 or done == total:
                bar(done)
        return
    import multiprocessing  # here, not at the top: Pyodide runs matches in one process

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs) as pool:
        chunk = max(1, min(20, total // (jobs * 8)))
        for done, result in enumerate(pool.imap(_run, [(func, a) for a in args], chunk), 1):
            yield result
            if done % step == 0 or done == total:
                bar(done)


# ----- reports -----

def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% normal-approximation interval."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("inf")
    return mean, mean - half, mean + half


def _times(times: list[float]) -> dict[str, float]:
    if not times:
        return {"decisions": 0, "median_ms": 0.0, "slowest_ms": 0.0}
    ordered = sorted(times)
    return {"decisions": len(ordered), "median_ms": statistics.median(ordered) * 1e3,
            "p99_ms": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1e3,
            "slowest_ms": ordered[-1] * 1e3}


def _side(level: str, tally: Tally) -> dict[str, Any]:
    return {"level": level, "contracts": tally.contracts, "made": tally.made,
            "made_pct": 100.0 * tally.made / tally.contracts if tally.contracts else 0.0,
            "time": _times(tally.times)}


def run_match(a: str, b: str, profile: str, deals: int = 0, games: int = 0, seed: str = "match",
              options: dict[str, Any] | None = None, jobs: int = 1, zero_scores: bool = False,
              progress: bool = False) -> dict[str, Any]:
    """A duplicate match of ``deals`` deals, or ``games`` whole games (in seat-swapped pairs)."""
    for level in (a, b):
        check_level(level)
    rules = Rules.from_config(profile, options)
    levels = (a, b)
    tallies = (Tally(), Tally())
    report: dict[str, Any] = {"a": a, "b": b, "profile": profile, "options": options or {},
                              "seed": seed}
    if games:
        pairs = (games + 1) // 2
        per_pair: list[float] = []
        won = lost = unfinished = hands = 0
        for results, pair_hands, ta, tb in run_jobs(
                play_game_pair, [(levels, rules, seed, i) for i in range(pairs)], jobs,
                "game pairs", progress):
            tallies[0].add(ta)
            tallies[1].add(tb)
            hands += pair_hands
            won += results.count(1)
            lost += results.count(0)
            unfinished += results.count(None)
            per_pair.append(sum(r or 0 for r in results) / 2)
        mean, low, high = interval(per_pair)
        report.update(games=2 * pairs, a_won=won, b_won=lost, unfinished=unfinished,
                      a_win_rate=mean, a_win_rate_low=low, a_win_rate_high=high,
                      hands_per_game=hands / (2 * pairs))
    else:
        diffs: list[float] = []
        for net, ta, tb in run_jobs(play_deal, [(levels, rules, seed, i, zero_scores)
                                                for i in range(deals)], jobs, "deals", progress):
            diffs.append(net)
            tallies[0].add(ta)
            tallies[1].add(tb)
        mean, low, high = interval(diffs)
        report.update(deals=deals, scores="0-0" if zero_scores else "sampled",
                      a_points_per_deal=mean, low=low, high=high,
                      diffs=diffs)
    report["sides"] = [_side(a, tallies[0]), _side(b, tallies[1])]
    return report


def run_simulate(level: str, profile: str, games: int, seed: str = "simulate",
                 options: dict[str, Any] | None = None, jobs: int = 1,
                 progress: bool = False) -> dict[str, Any]:
    """``games`` whole games with ``level`` in all four seats."""
    check_level(level)
    rules = Rules.from_config(profile, options)
    wins = [0, 0]
    unfinished = hands = contracts = made = 0
    finals: list[tuple[int, int]] = []
    times: list[float] = []
    for record in run_jobs(simulate_game, [(level, rules, seed, i) for i in range(games)], jobs,
                           "games", progress):
        winner, game_hands, game_contracts, game_made, scores, game_times = record
        if winner is None:
            unfinished += 1
        else:
            wins[winner] += 1
        hands += game_hands
        contracts += game_contracts
        made += game_made
        finals.append(scores)
        times.extend(game_times)
    return {"level": level, "profile": profile, "options": options or {}, "seed": seed,
            "games": games, "wins": wins, "unfinished": unfinished,
            "hands_per_game": hands / games if games else 0.0,
            "contracts": contracts, "made_pct": 100.0 * made / contracts if contracts else 0.0,
            "mean_final_scores": [statistics.fmean(s[t] for s in finals) if finals else 0.0
                                  for t in (0, 1)],
            "time": _times(times)}


def simulate_game(level: str, rules: Rules, seed: str, index: int
                  ) -> tuple[int | None, int, int, int, tuple[int, int], list[float]]:
    """One whole self-play game: winner, hands, contracts, contracts made, final scores, times."""
    game = Game(rules, f"{seed}:{index}", dealer=index % 4)
    tallies = (Tally(), Tally())
    while game.phase != GAME_OVER and len(game.records) < MAX_HANDS:
        _play_hand(game, (level, level), f"{seed}:{index}", tallies, lambda s: 0)
    return (game.winner, len(game.records), tallies[0].contracts, tallies[0].made,
            (game.scores[0], game.scores[1]), tallies[0].times)


# ----- command line -----

def _print_times(name: str, t: dict[str, float]) -> None:
    print(f"  {name}: {t['decisions']} decisions, median {t['median_ms']:.3f} ms, "
          f"p99 {t.get('p99_ms', 0.0):.3f} ms, slowest {t['slowest_ms']:.1f} ms")


def cmd_match(args: argparse.Namespace) -> int:
    options = json.loads(args.options) if args.options else None
    report = run_match(args.a, args.b, args.profile, deals=0 if args.games else args.deals,
                       games=args.games, seed=args.seed, options=options, jobs=args.workers,
                       zero_scores=args.zero_scores, progress=not args.json and not args.quiet)
    if args.json:
        report.pop("diffs", None)
        print(json.dumps(report, indent=2))
        return 0
    a, b = report["sides"]
    with_options = f" with {args.options}" if args.options else ""
    print(f"{args.a} vs {args.b}, {args.profile} rules{with_options}, seed {args.seed!r}")
    if args.games:
        print(f"  {report['games']} games: {args.a} won {report['a_won']}, {args.b} won "
              f"{report['b_won']}, unfinished {report['unfinished']}; "
              f"{args.a} win rate {100 * report['a_win_rate']:.1f}% "
              f"(95% CI {100 * report['a_win_rate_low']:.1f}% to "
              f"{100 * report['a_win_rate_high']:.1f}%), "
              f"{report['hands_per_game']:.1f} hands per game")
    else:
        print(f"  {report['deals']} duplicate deals (scores {report['scores']}): {args.a} "
              f"{report['a_points_per_deal']:+.2f} points per deal "
              f"(95% CI {report['low']:+.2f} to {report['high']:+.2f})")
    for side in (a, b):
        print(f"  {side['level']}: {side['contracts']} contracts, {side['made']} made "
              f"({side['made_pct']:.1f}%)")
    for side in (a, b):
        _print_times(side["level"], side["time"])
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    options = json.loads(args.options) if args.options else None
    report = run_simulate(args.level, args.profile, args.games, seed=args.seed, options=options,
                          jobs=args.workers, progress=not args.json and not args.quiet)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.games} games of {args.level} self-play, {args.profile} rules, seed {args.seed!r}")
    print(f"  wins: team 0 {report['wins'][0]}, team 1 {report['wins'][1]}, "
          f"unfinished {report['unfinished']}")
    print(f"  {report['hands_per_game']:.1f} hands per game; {report['contracts']} contracts, "
          f"{report['made_pct']:.1f}% made")
    s0, s1 = report["mean_final_scores"]
    print(f"  mean final score: team 0 {s0:.1f}, team 1 {s1:.1f}")
    _print_times(args.level, report["time"])
    return 0


def default_workers() -> int:
    """The machine's cores; one process in Pyodide, which has none to spare."""
    if sys.platform == "emscripten":
        return 1
    return os.cpu_count() or 1


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", choices=list(PROFILES), default="prairie")
    parser.add_argument("--options", help='rule switches as JSON, e.g. \'{"kaiser_bid": true}\'')
    parser.add_argument("--seed", default="match")
    parser.add_argument("--workers", "--jobs", dest="workers", type=int,
                        default=default_workers(),
                        help="worker processes, the deals split across them (default: the "
                             "machine's cores; the totals do not depend on it)")
    parser.add_argument("--json", action="store_true", help="machine-readable report")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def add_commands(sub: Any, commands: dict[str, Callable[[argparse.Namespace], int]]) -> None:
    """Register ``match`` and ``simulate`` on the CLI's subparsers."""
    match = sub.add_parser("match", help="duplicate match of bot A against bot B")
    match.add_argument("a", help="bot level of side A, or auction/play (e.g. basic/strong)")
    match.add_argument("b", help="bot level of side B, or auction/play")
    match.add_argument("--deals", type=int, default=200)
    match.add_argument("--games", type=int, default=0,
                       help="play whole games (in seat-swapped pairs) instead of deals")
    match.add_argument("--zero-scores", action="store_true",
                       help="start every deal at 0-0 instead of sampled scores")
    _common(match)
    commands["match"] = cmd_match

    simulate = sub.add_parser("simulate", help="whole games of one bot level in all seats")
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--level", default="basic")
    _common(simulate)
    simulate.set_defaults(seed="simulate")
    commands["simulate"] = cmd_simulate
