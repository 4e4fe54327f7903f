"""How many double-dummy points a search level's card play gives away, by cards in hand.

A match needs thousands of deals to tell two card plays apart, because the cards' luck stays
in every deal's result. This asks a narrower question cheaply: at the decisions of games
played by ``basic`` (prairie, seeded ``play-loss:<game>``), where the seat holds ``--from`` to
``--to`` cards and has a choice, what does the card a level chooses from its own view cost in
the true deal, played double dummy from there on (the best card's exact value minus the
chosen card's), by the side the seat is on and its cards in hand (decisions in brackets)?
Every level is asked at the same decisions, so the differences are paired.
Kaiser bids are left out (their hands are not scored in raw points).

It is a proxy, not the score: the opponents here are not double dummy, and a card that loses
nothing double dummy can still lose to a worse defence. Exact solves in 8 worlds give away a
quarter fewer points here than ``strong``'s 60 playout worlds at 6 to 8 cards, yet in matches
against ``basic`` solving earlier gained a fifth of a point a deal at most (README).

    python tools/play_loss.py GAMES LEVEL [LEVEL ...] [--from 6] [--to 8] [--true-deal]

``--true-deal`` scores each card in the true deal alone, as if the seat saw every hand but
still judged cards by its level's evaluation (playouts before ``exact_from``, exact solves
from there): what the evaluation gives away, apart from what the unseen cards cost.

A LEVEL is ``strong``, ``expert`` or budgets ``playouts,exact_worlds,exact_from,candidates``
(``60,20,5,4`` is ``strong``'s play).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.bots import LEVELS, choose, make_rng
from kaiser_core.bots.dds import solve_moves
from kaiser_core.bots.observation import observe
from kaiser_core.bots.strong import SearchPolicy, rank_moves
from kaiser_core.engine.game import GAME_OVER, PLAY, Game
from kaiser_core.engine.rules import PROFILES


def decisions(games: int, low: int, high: int) -> list[tuple[Game, dict[int, int]]]:
    """The decisions examined, each with every legal card's exact value in the true deal."""
    out = []
    for g in range(games):
        game = Game(PROFILES["prairie"], f"play-loss:{g}")
        records = len(game.records)
        move = 0
        while len(game.records) == records and game.phase != GAME_OVER:
            if game.phase == PLAY and game.out_seat < 0 and len(game.legal()) > 1 and (
                    low <= game.hands[game.to_act].bit_count() <= high):
                seat = game.to_act
                leader = game.trick_seats[0] if game.trick_seats else seat
                values = solve_moves(game.hands, leader, game.trump, game.out_seat,
                                     game.trick_seats, game.trick_cards, seat & 1)
                out.append((game.copy(), values))
            game.step(choose(game, "basic", f"{g}:{move}"))
            move += 1
    return out


def policy_of(spec: str) -> SearchPolicy:
    level = LEVELS.get(spec)
    if isinstance(level, SearchPolicy):
        return level
    try:
        playouts, exact_worlds, exact_from, candidates = map(int, spec.split(","))
    except ValueError:
        raise SystemExit(f"{spec!r} is neither a search level nor playouts,exact_worlds,"
                         "exact_from,candidates") from None
    return SearchPolicy(playouts, exact_worlds, exact_from, 0, candidates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int)
    parser.add_argument("levels", nargs="+")
    parser.add_argument("--from", dest="low", type=int, default=6)
    parser.add_argument("--to", dest="high", type=int, default=8)
    parser.add_argument("--true-deal", action="store_true",
                        help="score the cards in the true deal alone: what the evaluation "
                             "(playouts, exact solves) gives away with every card known")
    args = parser.parse_args()
    policies = [(spec, policy_of(spec)) for spec in args.levels]
    examined = decisions(args.games, args.low, args.high)
    print(f"{len(examined)} decisions from {args.games} games")
    for spec, policy in policies:
        lost: dict[tuple[str, int], list[int]] = {}
        start = time.process_time()
        for k, (game, values) in enumerate(examined):
            obs = observe(game, game.to_act)
            assert obs.contract is not None
            rng = make_rng(f"play-loss:{k}")
            if args.true_deal:
                card = rank_moves(obs, rng, 1, 1, policy.exact_from,
                                  worlds_given=[list(game.hands)])[0][2]
            else:
                card = policy.ranked(obs, rng)[0][2]
            side = "declaring" if obs.contract.seat & 1 == obs.seat & 1 else "defending"
            lost.setdefault((side, obs.hand.bit_count()), []).append(
                max(values.values()) - values[card])
        every = [x for xs in lost.values() for x in xs]
        seconds = time.process_time() - start
        print(f"{spec}: {sum(every) / len(every):.3f} points a decision; "
              f"{1000 * seconds / len(every):.0f} ms a decision")
        for side in ("declaring", "defending"):
            by_size = ", ".join(f"{size} cards {sum(xs) / len(xs):.3f} ({len(xs)})"
                                for (s, size), xs in sorted(lost.items(), reverse=True)
                                if s == side)
            print(f"  {side}: {by_size}")


if __name__ == "__main__":
    main()
