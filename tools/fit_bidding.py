"""Fit the value-based bidding tables (``kaiser_core/bots/data/bidding.json``) from our own
bots' play.

Each sample is a seeded hand: a deal and starting scores, the auction played by ``basic`` to a
random point, then the seat to call is examined (``kaiser_core.bots.bidding`` explains what
the tables are for):

- ``declare``: for each trump and no trump, the hand played out from the real deal by the rule
  player every seat becomes in the search's playouts (``bots.rollout``), this seat declaring
  and leading; the target is our team's raw points, the features those of
  ``bidding.declare_features`` (with the simulated mean over 24 sampled worlds, as ``strong``
  computes it when it bids);
- ``defend``: when an opponent holds the standing bid, that opponent declares its longest
  strong suit (or no trump, as bid) and the hand is played out; the target is our raw points;
- ``open_pass``: when nobody has bid, this seat passes, the others finish the auction by the
  ``basic`` rules, the contract is played out, and the target is the net score for our team.

Least squares gives each model's weights; for ``declare`` and ``defend`` the actual raw results
are kept as a histogram per predicted point (lightly smoothed towards the model's overall
histogram). Profiles are mixed (prairie, tournament, playingcards, standard) and the starting
scores drawn as the match harness draws them. Reproducible: sample ``i`` depends on ``i`` only.

    python tools/fit_bidding.py [samples] [jobs]      # the shipped tables: 24000 samples
"""

from __future__ import annotations

import json
import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from statistics import fmean
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import bidding, make_rng, observe
from kaiser_core.bots.basic import basic_policy, own_tricks
from kaiser_core.bots.rollout import playout, playout_outcome
from kaiser_core.bots.sampling import sample_worlds
from kaiser_core.bots.strong import denomination_raws, net_score
from kaiser_core.engine.actions import PASS
from kaiser_core.engine.game import BIDDING, PLAY, Auction, Game, contract_of, team
from kaiser_core.engine.rules import PROFILES
from kaiser_core.engine.scoring import raw_points

OUT = Path(__file__).resolve().parent.parent / "kaiser_core" / "bots" / "data" / "bidding.json"
MIXED = ("prairie", "prairie", "tournament", "playingcards", "standard")
WORLDS = 24
BINS = {"declare": (-1, 12), "defend": (-1, 11)}


def _basic(game: Game) -> int:
    return basic_policy(observe(game, game.to_act), random.Random(0))


def _open_pass(game: Game, seat: int) -> float:
    """Our net score when this seat passes and the others finish the auction by the basic
    rules, the contract played out by the rule player (0 for a hand thrown in)."""
    g = game.copy()
    g.step(PASS)
    while g.phase != PLAY and len(g.records) == len(game.records):
        g.step(_basic(g))
    if g.phase != PLAY:
        return 0.0
    contract = g.contract
    assert contract is not None
    won, five, three = playout_outcome(list(g.hands), contract.seat, g.trump, g.out_seat, [], [])
    rule = g.rules.spade_three_needs_three_tricks
    raw = (raw_points(won[0], five == 0, three == 0, rule),
           raw_points(won[1], five == 1, three == 1, rule))
    return float(net_score(g.rules, contract, (g.scores[0], g.scores[1]), g.target, team(seat),
                           raw, (won[0], won[1]), three))


def sample(index: int) -> dict[str, list[tuple[list[float], float]]]:
    rng = random.Random(f"fit-bidding:{index}")
    rules = PROFILES[MIXED[index % len(MIXED)]]
    scores = (rng.randrange(-4, rules.target), rng.randrange(-4, rules.target))
    game = Game(rules, f"fit{index}", dealer=index % 4, scores=scores)
    out: dict[str, list[tuple[list[float], float]]] = {"suit": [], "nt": [], "defend": [],
                                                       "open_pass": []}
    while game.phase != BIDDING and not game.records:
        game.step(_basic(game))
    for _ in range(rng.randrange(4)):
        if game.phase != BIDDING:
            break
        game.step(_basic(game))
    if game.phase != BIDDING or game.records:
        return out
    seat = game.to_act
    obs = observe(game, seat)
    us = seat & 1
    raws = denomination_raws(sample_worlds(obs, WORLDS, make_rng(index)), seat, us)
    for t in bidding.DENOMINATIONS:
        x = bidding.declare_features(obs, t, fmean(raws[t]))
        y = playout(list(game.hands), seat, t, -1, [], [], us)
        out["nt" if t < 0 else "suit"].append((x, float(y)))
    standing = Auction(obs.auction)
    bidder = standing.best_seat
    if bidder < 0:
        if PASS in obs.legal:
            out["open_pass"].append((bidding.open_pass_features(obs), _open_pass(game, seat)))
    elif team(bidder) != us:
        contract = contract_of(bidder, standing.best_action)
        hand = game.hands[bidder]
        trump = -1 if contract.no_trump else max(range(4), key=lambda t: (own_tricks(hand, t), t))
        y = playout(list(game.hands), bidder, trump, -1, [], [], us)
        out["defend"].append((bidding.defend_features(obs, contract), float(y)))
    return out


def least_squares(xs: list[list[float]], ys: list[float], ridge: float = 1e-6) -> list[float]:
    """Weights of the columns of ``xs`` (normal equations, Gaussian elimination)."""
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(n)]
         for i in range(n)]
    b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        b[i], b[pivot] = b[pivot], b[i]
        for j in range(i + 1, n):
            f = a[j][i] / a[i][i]
            a[j] = [u - f * v for u, v in zip(a[j], a[i])]
            b[j] -= f * b[i]
    w = [0.0] * n
    for i in reversed(range(n)):
        w[i] = (b[i] - sum(a[i][k] * w[k] for k in range(i + 1, n))) / a[i][i]
    return w


def _histograms(rows: list[tuple[list[float], float]], w: list[float], lo: int, hi: int
                ) -> dict[str, list[float]]:
    """Per predicted point, the share of each raw total, smoothed towards the overall share
    with the weight of 20 rows, so thin bins stay sensible."""
    raws = bidding.RAWS
    overall = [0.0] * len(raws)
    per: dict[int, list[float]] = {k: [0.0] * len(raws) for k in range(lo, hi + 1)}
    for x, y in rows:
        k = min(max(round(sum(a * b for a, b in zip(w, x))), lo), hi)
        per[k][raws.index(int(y))] += 1
        overall[raws.index(int(y))] += 1
    total = sum(overall)
    out = {}
    for k, counts in per.items():
        n = sum(counts)
        out[str(k)] = [round((c + 20 * o / total) / (n + 20), 5) for c, o in zip(counts, overall)]
    return out


def _model(rows: list[tuple[list[float], float]], name: str, bins: tuple[int, int] | None
           ) -> dict[str, Any]:
    xs = [x for x, _ in rows]
    ys = [y for _, y in rows]
    w = least_squares(xs, ys)
    spread = statistics.pstdev(y - sum(a * b for a, b in zip(w, x)) for x, y in rows)
    base = statistics.pstdev(ys)
    print(f"{name:9} rows {len(rows):6}: residual spread {spread:.2f} (raw spread {base:.2f}); "
          f"weights {', '.join(f'{v:.3f}' for v in w)}")
    model: dict[str, Any] = {"coef": [round(v, 5) for v in w], "rows": len(rows),
                             "residual_sd": round(spread, 3)}
    if bins is not None:
        model["bins"] = list(bins)
        model["hist"] = _histograms(rows, w, *bins)
    return model


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 24000
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rows: dict[str, list[tuple[list[float], float]]] = {"suit": [], "nt": [], "defend": [],
                                                        "open_pass": []}
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(sample, range(samples), chunksize=50)
    else:
        results = [sample(i) for i in range(samples)]
    for result in results:
        for key, value in result.items():
            rows[key].extend(value)
    data = {
        "about": f"fitted by tools/fit_bidding.py from {samples} seeded samples",
        "declare": {"suit": _model(rows["suit"], "suit", BINS["declare"]),
                    "nt": _model(rows["nt"], "no trump", BINS["declare"])},
        "defend": _model(rows["defend"], "defend", BINS["defend"]),
        "open_pass": _model(rows["open_pass"], "open pass", None),
    }
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
