"""What an auction is worth against another under a common card play: a duplicate match of
``strong``'s auction (or ``strong`` with a setting changed) against another level's auction,
both sides playing the cards as ``strong``, on the match harness's deals and seeds.

The card play being common, a deal where side A makes every call that B's auction would have
made in its place (checked at each of A's calls, at both tables) ends exactly even and is
scored 0 without being played. Only the deals whose auction differs are played out, so this
gives the harness's own result deal by deal (``match strong basic/strong`` is
``auction_match.py DEALS --against basic``) at a fraction of its cost:

    python tools/auction_match.py DEALS [SETTING=VALUE ...] [--level LEVEL] [--against LEVEL]
                                        [--jobs N] [--first K]

A setting is a constant of ``bots/bidding.py`` (``SIM_WEIGHT=0.5``) or a budget of the level
(``auction_worlds=96``); ``--against`` defaults to ``strong`` itself. ``--level`` puts
another level's auction on side A in place of ``strong``'s (``oracle-auction``: the deal
seen). ``--first K`` starts at deal ``K``, so that a long trial runs in parts (its progress
goes to stderr). The changed level is registered for this process only, so it is no level a
user can pick.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import LEVELS, bidding
from kaiser_core.bots.observation import Observation
from kaiser_core.bots.strong import SearchPolicy, strong_policy
from kaiser_core.engine.game import GAME_OVER, PLAY, Game
from kaiser_core.engine.rules import PROFILES
from kaiser_core.tools.match import check_level, choose, deal_context, interval, run_jobs

BUDGETS = ("playout_worlds", "exact_worlds", "exact_from", "auction_worlds", "candidates")


class Variant:
    """``strong`` with budgets changed and ``bidding`` constants set while it decides."""

    def __init__(self, settings: dict[str, float]) -> None:
        budgets = {name: getattr(strong_policy, name) for name in BUDGETS}
        self.constants: dict[str, float | int] = {}
        for name, value in settings.items():
            if name in budgets:
                budgets[name] = int(value)
            elif hasattr(bidding, name):
                self.constants[name] = type(getattr(bidding, name))(value)
            else:
                raise SystemExit(f"unknown setting {name}: a budget ({', '.join(BUDGETS)}) "
                                 "or a constant of bots/bidding.py")
        self.policy = SearchPolicy(**budgets)

    def __call__(self, obs: Observation, rng: Any) -> int:
        saved = {name: getattr(bidding, name) for name in self.constants}
        for name, value in self.constants.items():
            setattr(bidding, name, value)
        try:
            return self.policy(obs, rng)
        finally:
            for name, value in saved.items():
                setattr(bidding, name, value)


def play_deal(a: str, b: str, settings: dict[str, float], index: int, seed: str = "match",
              profile: str = "prairie") -> tuple[float, bool]:
    """A's mean net score over the deal's two tables (``a`` and ``b`` bid, both play as
    ``strong``), and whether any of A's calls differed from B's."""
    if settings:
        LEVELS["variant"] = Variant(settings)
    rules = PROFILES[profile]
    cards, dealer, scores = deal_context(seed, index, rules, False)
    tables = []
    changed = False
    for a_team in (0, 1):
        game = Game(rules, f"{seed}:{index}", dealer=dealer, deal=cards, scores=scores)
        while game.phase not in (PLAY, GAME_OVER) and not game.records:
            move_seed = f"{seed}:{index}:{len(game.history)}"
            if game.to_act & 1 == a_team:
                action = choose(game, a, move_seed)
                changed = changed or action != choose(game, b, move_seed)
            else:
                action = choose(game, b, move_seed)
            game.step(action)
        tables.append(game)
    if not changed:
        return 0.0, False
    net = 0
    for a_team, game in zip((0, 1), tables):
        while not game.records and game.phase != GAME_OVER:
            game.step(choose(game, "strong", f"{seed}:{index}:{len(game.history)}"))
        delta = game.records[-1].delta
        net += delta[a_team] - delta[1 - a_team]
    return net / 2, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deals", type=int)
    parser.add_argument("settings", nargs="*", help="SETTING=VALUE")
    parser.add_argument("--level", default="strong", help="side A's auction, without settings")
    parser.add_argument("--against", default="strong", help="the other side's auction")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    ns = parser.parse_args()
    settings = {k: float(v) for k, v in (arg.split("=", 1) for arg in ns.settings)}
    if settings and ns.level != "strong":
        raise SystemExit("settings change strong's auction: leave out --level")
    check_level(ns.level)
    a = "variant" if settings else ns.level
    if settings:
        Variant(settings)
    start = time.perf_counter()
    indices = range(ns.first, ns.first + ns.deals)
    results = list(run_jobs(play_deal, [(a, ns.against, settings, i) for i in indices],
                            ns.jobs, "deals", True))
    diffs = [net for net, _ in results]
    changed = sum(differs for _, differs in results)
    mean, low, high = interval(diffs)
    name = f"strong with {' '.join(ns.settings)}" if settings else ns.level
    print(f"{name} vs {ns.against}, both playing as strong: {ns.deals} duplicate deals "
          f"from deal {ns.first} (prairie, seed match), {changed} with a call changed: "
          f"{mean:+.2f} points per deal (95% CI {low:+.2f} to {high:+.2f}), "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
