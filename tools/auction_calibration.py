"""How well ``strong``'s auction foresees the contracts it wins: at the winning bid, the chance
to make it and the raw points it predicted, against what a table of four ``strong`` bots then
took.

``strong`` values a bid by tables fitted to hands played out by the rule player
(``tools/fit_bidding.py``) blended with its sampled worlds played out the same way, and then
plays the cards better than the rule player does. A forecast that is low at a suit and right at
no trump says which of the auction's estimates its own card play outgrows, and whether the bids
it wins are the ones it overrated (a bid is won where its estimate was high, so the winning
bids' forecasts lean high even where the tables are right on average).

    python tools/auction_calibration.py DEALS [--profile P] [--seed S] [--jobs N] [--json]

Each deal is the match harness's deal ``index`` of seed ``S`` (its dealer and starting scores),
played once; a deal whose contract is a Kaiser bid, or that nobody bid, is left out.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from statistics import fmean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import make_rng
from kaiser_core.bots.bidding import make_probability
from kaiser_core.bots.observation import observe
from kaiser_core.bots.strong import strong_policy
from kaiser_core.engine.actions import BID_BASE, KAISER, bid_no_trump, bid_points
from kaiser_core.engine.game import BIDDING, GAME_OVER, Game
from kaiser_core.engine.rules import PROFILES
from kaiser_core.tools.match import choose, deal_context, run_jobs


def forecast_deal(index: int, seed: str = "calib", profile: str = "prairie"
                  ) -> dict[str, Any] | None:
    """The winning bid's forecast and outcome in deal ``index``, or ``None`` where no bid
    other than a Kaiser bid won."""
    rules = PROFILES[profile]
    cards, dealer, scores = deal_context(seed, index, rules, False)
    game = Game(rules, f"{seed}:{index}", dealer=dealer, deal=cards, scores=scores)
    forecasts: dict[int, dict[str, Any]] = {}
    while not game.records and game.phase != GAME_OVER:
        move_seed = f"{seed}:{index}:{len(game.history)}"
        if game.phase != BIDDING or len(game.legal()) == 1:
            game.step(choose(game, "strong", move_seed))
            continue
        # The level's own decision, taken apart: the same generator, the same call.
        obs = observe(game, game.to_act)
        rng = make_rng(move_seed)
        estimates = strong_policy.estimates(obs, rng)
        action = strong_policy.auction_action(obs, estimates, rng)
        if action >= BID_BASE and action != KAISER:
            points, no_trump = bid_points(action), bid_no_trump(action)
            value, trump = next((v, t) for v, a, t in estimates.action_values() if a == action)
            raws = estimates.raws.get(trump, [])
            forecasts[game.to_act] = {
                "points": points, "no_trump": no_trump, "value": value,
                "table_make": make_probability(estimates.dists[trump][1], points),
                "played_make": sum(r >= points for r in raws) / max(1, len(raws)),
                "table_raw": estimates.dists[trump][0],
                "played_raw": fmean(raws) if raws else 0.0}
        game.step(action)
    record = game.records[-1] if game.records else None
    contract = record.contract if record else None
    if record is None or contract is None or contract.kaiser:
        return None
    forecast = forecasts.get(contract.seat)
    if forecast is None or (forecast["points"], forecast["no_trump"]) != (
            contract.points, contract.no_trump):
        return None
    us = contract.seat & 1
    raw = record.raw[us]
    return {**forecast, "deal": index, "raw": raw, "made": raw >= contract.points,
            "net": record.delta[us] - record.delta[1 - us]}


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per denomination (suit, no trump) and per bid within it: how many, made, forecast."""
    out = []
    for no_trump in (False, True):
        kind = [r for r in rows if r["no_trump"] == no_trump]
        for points in [None, *sorted({r["points"] for r in kind})]:
            group = [r for r in kind if points is None or r["points"] == points]
            if not group:
                continue
            out.append({
                "contracts": "no trump" if no_trump else "a suit", "bid": points or "all",
                "count": len(group),
                "made": fmean(r["made"] for r in group),
                "table_make": fmean(r["table_make"] for r in group),
                "played_make": fmean(r["played_make"] for r in group),
                "raw": fmean(r["raw"] for r in group),
                "table_raw": fmean(r["table_raw"] for r in group),
                "played_raw": fmean(r["played_raw"] for r in group),
                "value": fmean(r["value"] for r in group),
                "net": fmean(r["net"] for r in group)})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("deals", type=int)
    parser.add_argument("--profile", default="prairie", choices=sorted(PROFILES))
    parser.add_argument("--seed", default="calib")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the summary as JSON")
    ns = parser.parse_args(argv)
    rows = [r for r in run_jobs(forecast_deal, [(i, ns.seed, ns.profile)
                                                for i in range(ns.deals)],
                                ns.jobs, "deals", not ns.json) if r is not None]
    table = summary(rows)
    if ns.json:
        print(json.dumps({"contracts": len(rows), "summary": table}))
        return 0
    print(f"{len(rows)} contracts won by a bid in {ns.deals} deals ({ns.profile}, seed "
          f"{ns.seed}), four strong bots; made and raw points against the forecasts "
          "(tables / worlds played out), the bid's value against the net it scored")
    for g in table:
        print(f"{g['contracts']:>8} {g['bid']!s:>3}  {g['count']:4d}  made {g['made']:.0%} "
              f"(forecast {g['table_make']:.0%} / {g['played_make']:.0%})  raw {g['raw']:.2f} "
              f"({g['table_raw']:.2f} / {g['played_raw']:.2f})  value {g['value']:+.2f}, "
              f"net {g['net']:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
