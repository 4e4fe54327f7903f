"""Fit the card model (``kaiser_core/bots/cardmodel.py``) to ``strong``'s own cards.

    python tools/fit_cardmodel.py collect --deals 2400 [--workers 1]  # strong's games, kept
    python tools/fit_cardmodel.py fit [--write]                        # fit, report, write

``collect`` plays the match harness's deals (seed ``cardmodel``, ``prairie`` and
``tournament`` in turn, ``basic``'s auction) with ``strong`` at every seat and keeps, for each
card it chose among two or more, what the model reads: the hand, the trick, the live cards,
the card (``.cache/cardmodel.jsonl``). ``fit`` finds the weights that make those cards most
likely (a softmax over each decision's legal cards, a touching card of the same holding
counted as the same play, a little L2), on four fifths of the deals, and reports on the last
fifth how often the model's favourite is the card played and the mean log-odds of the card
played, beside ``basic``'s and the rule player's agreement. ``--write`` writes the weights.
Training uses numpy and scipy (a tool's dependencies, never the engine's).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import choose
from kaiser_core.bots.cardmodel import FACTS, SITUATIONS, card_facts, holding
from kaiser_core.bots.observation import observe
from kaiser_core.bots.rollout import rule_follow, rule_lead
from kaiser_core.engine.cards import DECK, SUIT_MASK
from kaiser_core.engine.game import PLAY, Game
from kaiser_core.engine.rules import Rules
from kaiser_core.tools.match import deal_context, run_jobs

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / ".cache" / "cardmodel.jsonl"
WEIGHTS = ROOT / "kaiser_core" / "bots" / "cardweights.py"
PROFILES = ("prairie", "tournament")



def _deal(index: int) -> list[dict[str, object]]:
    profile = PROFILES[index % 2]
    rules = Rules.from_config(profile)
    cards, dealer, scores = deal_context("cardmodel", index, rules, False)
    game = Game(rules, f"cardmodel:{index}", dealer=dealer, deal=cards, scores=scores)
    records = len(game.records)
    out = []
    while len(game.records) == records:
        seat = game.to_act
        seed = f"cardmodel:{index}:{len(game.history)}"
        if game.phase != PLAY:
            game.step(choose(game, "basic", seed))
            continue
        obs = observe(game, seat)
        action = choose(game, "strong", seed)
        if len(obs.legal) > 1:
            basic = choose(game, "basic", seed)
            current = sum(1 << c for c in obs.trick_cards)
            live = DECK & ~obs.played | current
            size = 3 if obs.out_seat >= 0 else 4
            if obs.trick_cards:
                rule = rule_follow(obs.hand, live, obs.trump, list(obs.trick_seats),
                                   list(obs.trick_cards), seat, size)
            else:
                rule = rule_lead(obs.hand, live, obs.trump)
            contract = obs.contract
            out.append({"deal": index, "hand": obs.hand, "live": live, "trump": obs.trump,
                        "seats": list(obs.trick_seats), "cards": list(obs.trick_cards),
                        "seat": seat, "declaring": bool(contract and contract.seat & 1 == seat & 1),
                        "card": action, "basic": basic, "rule": rule})
        game.step(action)
    return out


def collect(deals: int, workers: int) -> None:
    DATA.parent.mkdir(exist_ok=True)
    have = set()
    if DATA.exists():
        have = {json.loads(line)["deal"] for line in DATA.open()}
    todo = [(i,) for i in range(deals) if i not in have]
    with DATA.open("a") as f:
        for rows in run_jobs(_deal, todo, workers, "strong's cards", True):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            f.flush()


def _decision(row: dict) -> tuple[list[list[int]], list[int], int]:
    hand, cards = row["hand"], row["cards"]
    legal = hand & SUIT_MASK[cards[0] >> 3] or hand if cards else hand
    facts = card_facts(hand, legal, row["live"], row["trump"], row["seats"], cards,
                       row["seat"], row["declaring"], holding(row["rule"], legal, row["live"]))
    order = sorted(facts)
    same = holding(row["card"], legal, row["live"])
    return [facts[c] for c in order], [int(same >> c & 1) for c in order], order


def fit(write: bool, l2: float) -> None:
    import numpy as np

    rows = [json.loads(line) for line in DATA.open()]
    deals = sorted({r["deal"] for r in rows})
    test_deals = set(deals[len(deals) * 4 // 5:])
    n_weights = len(FACTS) * SITUATIONS

    def arrays(subset: list[dict]) -> tuple:
        feats, chosen, groups = [], [], []
        for d, row in enumerate(subset):
            facts, same, _ = _decision(row)
            for ids, s in zip(facts, same):
                v = np.zeros(n_weights)
                v[ids] = 1.0
                feats.append(v)
                chosen.append(s)
                groups.append(d)
        return np.array(feats), np.array(chosen, dtype=float), np.array(groups), len(subset)

    train = [r for r in rows if r["deal"] not in test_deals]
    test = [r for r in rows if r["deal"] in test_deals]
    x, y, g, n = arrays(train)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        top = np.full(n, -np.inf)
        np.maximum.at(top, g, s)
        e = np.exp(s - top[g])
        total = np.bincount(g, e, n)
        chosen = np.bincount(g, e * y, n)
        ll = np.log(chosen).sum() - np.log(total).sum()
        p_all = e / total[g]
        p_chosen = e * y / chosen[g]
        grad = x.T @ (p_chosen - p_all)
        return -ll / n + l2 * (w @ w), -(grad / n) + 2 * l2 * w

    from scipy.optimize import minimize

    result = minimize(loss, np.zeros(n_weights), jac=True, method="L-BFGS-B")
    w = result.x
    print(f"{len(train)} decisions to fit, {len(test)} to test; train loss {result.fun:.4f}")
    report(test, w)
    if write:
        rows = []
        for k in range(SITUATIONS):
            part = w[k * len(FACTS):(k + 1) * len(FACTS)]
            rows += textwrap.wrap(", ".join(f"{v:.4f}" for v in part) + ",", 92,
                                  initial_indent="    ", subsequent_indent="    ")
        WEIGHTS.write_text('"""The card model\'s weights (``cardmodel``): ``cardmodel.FACTS`` '
                           'in each of its\nseven situations, fitted by '
                           '``tools/fit_cardmodel.py`` on ``strong``\'s cards."""\n\n'
                           "WEIGHTS = (\n" + "\n".join(rows) + "\n)\n")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")


def report(test: list[dict], w) -> None:
    import numpy as np

    hits = basic = rule = 0
    ll = 0.0
    for row in test:
        facts, same, order = _decision(row)
        scores = np.array([w[ids].sum() for ids in facts])
        p = np.exp(scores - scores.max())
        p /= p.sum()
        ll += np.log((p * np.array(same)).sum())
        hits += same[int(np.argmax(scores))]
        basic += same[order.index(row["basic"])]
        rule += same[order.index(row["rule"])]
    n = len(test)
    print(f"on {n} held-out decisions: the model's favourite is strong's card {hits / n:.1%} "
          f"(basic's card {basic / n:.1%}, the rule player's {rule / n:.1%}); "
          f"mean log-odds of strong's card {ll / n:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", type=int, default=600)
    c.add_argument("--workers", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("--write", action="store_true")
    f.add_argument("--l2", type=float, default=1e-4)
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.deals, args.workers)
    else:
        fit(args.write, args.l2)


if __name__ == "__main__":
    main()
