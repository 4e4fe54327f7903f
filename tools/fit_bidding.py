"""Refit the strong level's bidding blend (``SUIT_FIT`` and ``NO_TRUMP_FIT`` in
``kaiser_core/bots/strong.py``): least-squares lines to the double-dummy value of the real deal
from the basic count alone (``a1 + b1·count``) and from count and simulated mean together
(``a2 + b2·count + c2·sim``), per trump suit and for no trump. The constants are the blend
mapped back onto the count's scale through the count's own line, ``(blend - a1) / b1``, since
the basic bidding margins were tuned on that scale.

Samples come from basic self-play on ``prairie``: the auction is played to a random point, the
seat to bid is evaluated (24 sampled worlds, as the strong level does) and the real deal is
solved double dummy with that seat declaring and leading, for each suit and no trump. About
0.5 s of CPU per sample; the committed constants came from 1,500 samples (seeds 0-1499).

    python tools/fit_bidding.py [samples] [jobs]
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from statistics import fmean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import choose, dds, make_rng, observe
from kaiser_core.bots.basic import evaluations
from kaiser_core.bots.sampling import sample_worlds
from kaiser_core.bots.strong import denomination_raws
from kaiser_core.engine.game import BIDDING, Game
from kaiser_core.engine.rules import PROFILES

Row = tuple[int, float, float, int]
"""(trump, basic count, simulated mean, double-dummy value); trump -1 is no trump."""


def sample(index: int) -> list[Row]:
    game = Game(PROFILES["prairie"], f"collect{index}")
    while game.phase != BIDDING:
        game.step(choose(game, "basic", index))
    for _ in range(random.Random(index).randrange(4)):
        if game.phase != BIDDING:
            return []
        game.step(choose(game, "basic", index))
    if game.phase != BIDDING:
        return []
    obs = observe(game, game.to_act)
    seat = obs.seat
    count = {t: mu for mu, t in evaluations(obs)}
    raws = denomination_raws(sample_worlds(obs, 24, make_rng(index)), seat, seat & 1)
    return [(t, count[t], fmean(raws[t]), dds.solve(game.hands, seat, t, -1, team=seat & 1))
            for t in (0, 1, 2, 3, -1)]


def least_squares(xs: list[tuple[float, ...]], ys: list[float]) -> list[float]:
    """Weights of the columns of ``xs`` (normal equations, Gaussian elimination)."""
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            f = a[j][i] / a[i][i]
            a[j] = [u - f * v for u, v in zip(a[j], a[i])]
            b[j] -= f * b[i]
    w = [0.0] * n
    for i in reversed(range(n)):
        w[i] = (b[i] - sum(a[i][k] * w[k] for k in range(i + 1, n))) / a[i][i]
    return w


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 1500
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        rows = [r for rs in pool.map(sample, range(samples), chunksize=10) for r in rs]
    for kind, keep in (("suit", lambda t: t >= 0), ("no trump", lambda t: t < 0)):
        chosen = [r for r in rows if keep(r[0])]
        ys = [float(r[3]) for r in chosen]
        fits = []
        for name, xs in (("count", [(1.0, r[1]) for r in chosen]),
                         ("blend", [(1.0, r[1], r[2]) for r in chosen])):
            w = least_squares(xs, ys)
            fits.append(w)
            spread = statistics.pstdev(y - sum(a * b for a, b in zip(w, x))
                                       for x, y in zip(xs, ys))
            weights = ", ".join(f"{v:.3f}" for v in w)
            print(f"{kind:8} {name:5} rows {len(ys)}: ({weights}), residual spread {spread:.2f}")
        (a1, b1), (a2, b2, c2) = fits
        print(f"{kind:8} constants: ({(a2 - a1) / b1:.3f}, {b2 / b1:.3f}, {c2 / b1:.3f})")


if __name__ == "__main__":
    main()
