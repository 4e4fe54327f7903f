"""The posterior yardsticks: how well can a player play the cards without peeking, when it
knows exactly how the others play?

``posterior`` sees only its own view but knows the other seats play ``basic`` (deterministic):
it deals the unseen cards from the exact posterior, every deal consistent with all it has seen
*and* with every call and card ``basic`` made (``replay``), equally likely as dealt, and plays
the card with the best mean net score over those worlds, each solved exactly (the double-dummy
solver from the first trick on, wherever raw points decide the score). What it gives away to
``oracle`` is what no reading of the table can win back; what ``strong`` gives away to it is
what inference and search still can. ``oracle-partner`` is the same with partner's hand seen,
``oracle-opponents`` with the opponents' seen: partner's hand is then the cards left, so it
sees the whole deal, and differs from ``oracle`` only in judging cards by net score.

The worlds: the unseen cards are dealt uniformly under the hard facts (hand sizes, voids
shown; exactly uniform, by counting the deals per suit) and kept where every reading seat's
hand fits (plain rejection). Where too few are kept within the budget, as late in a hand where
two dozen cards of ``basic``'s had to match, the rest come from a chain started at a kept world
(or at one found seat by seat: a seat's hand redrawn, with the seats after it, until it fits),
each step swapping one card between two seats and kept only if both hands still fit: the
chain's worlds are uniform over the consistent deals in the long run. ``STATS`` counts how
each decision's worlds were found (``python -m kaiser_core bench posterior``).
For measurement only: never offered to a player, and a yardstick's cost (seconds a decision).
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.cards import cards_of
from ..engine.game import PLAY, Game, partner
from .basic import basic_policy
from .deals import UniformDeals
from .observation import Observation, observe
from .replay import Replay, readers
from .strong import rank_moves, strong_policy

WORLDS = 16
"""Worlds solved a decision: every legal card in each, exactly (a few seconds at the first
trick on CPython)."""
TRIES = 100
"""Plain draws a world wanted before the chain takes over."""
BURN_IN, THIN = 100, 20
"""Chain steps before its first world and between two worlds."""
SEQUENTIAL_TRIES = 2000
"""Redraws of one seat's hand (with the seats after it) before a start is given up."""

STATS: Counter[str] = Counter()
"""Per process: decisions, worlds drawn and kept by rejection, chain steps and moves taken,
worlds from the chain, and decisions where no consistent world was found."""


class _Space:
    """The seats whose cards are unknown, the cards they share and the facts they obey."""

    def __init__(self, obs: Observation, replay: Replay, known: dict[int, int]) -> None:
        cards = obs.unseen
        for held in known.values():
            cards &= ~held
        others = [s for s in range(4) if s != obs.seat and s not in known]
        # The seat with the fewest decisions to fit last: its hand is what the others leave.
        others.sort(key=lambda s: -len(replay.decisions.get(s, ())))
        sizes = [obs.hand_sizes[s] for s in others]
        voids = [obs.voids[s] for s in others]
        for k, s in enumerate(others):
            if s == obs.out_seat:
                sizes[k] = cards.bit_count() - (sum(sizes) - sizes[k])
                voids[k] = 0
        self.seats, self.sizes, self.voids, self.cards = others, sizes, voids, cards
        self.replay = replay
        self.deals = UniformDeals(cards, sizes, voids)

    def fits(self, k: int, held: int) -> bool:
        seat = self.seats[k]
        return self.replay.fits(seat, self.replay.dealt(seat, held))

    def all_fit(self, hands: list[int]) -> bool:
        return all(self.fits(k, h) for k, h in enumerate(hands))

    def sequential(self, rng: random.Random) -> list[int] | None:
        """A consistent deal found seat by seat: each seat's hand (with those after it)
        redrawn until it fits, the last seat taking what is left."""
        hands = self.deals.draw(rng)
        last = len(hands) - 1
        k = tries = 0
        while k <= last:
            if self.fits(k, hands[k]):
                k += 1
                continue
            tries += 1
            if last == 0 or tries > SEQUENTIAL_TRIES:
                return None
            # The last seat holds what the others leave: redraw it with the seat before.
            k = min(k, last - 1)
            rest = 0
            for h in hands[k:]:
                rest |= h
            hands[k:] = UniformDeals(rest, self.sizes[k:], self.voids[k:]).draw(rng)
        return hands

    def step(self, hands: list[int], rng: random.Random) -> bool:
        """One chain step: a card of one seat swapped with one of another, kept when no void
        is broken and both hands still fit."""
        holding = [k for k, h in enumerate(hands) if h]
        if len(holding) < 2:
            return False
        i, j = rng.sample(holding, 2)
        a = rng.choice(cards_of(hands[i]))
        b = rng.choice(cards_of(hands[j]))
        if self.voids[j] >> (a >> 3) & 1 or self.voids[i] >> (b >> 3) & 1:
            return False
        new_i = hands[i] ^ (1 << a) | (1 << b)
        new_j = hands[j] ^ (1 << b) | (1 << a)
        if not (self.fits(i, new_i) and self.fits(j, new_j)):
            return False
        hands[i], hands[j] = new_i, new_j
        return True


def posterior_worlds(obs: Observation, replay: Replay, known: dict[int, int], count: int,
                     rng: random.Random) -> list[list[int]]:
    """``count`` worlds (the four hands now, a Kaiser partner sitting out holding 0) from the
    posterior: consistent with the view, the hands in ``known`` and every decision ``replay``
    reads."""
    space = _Space(obs, replay, known)
    kept: list[list[int]] = []
    drawn = 0
    while drawn < TRIES * count and len(kept) < count:
        hands = space.deals.draw(rng)
        drawn += 1
        if space.all_fit(hands):
            kept.append(hands)
    STATS.update(decisions=1, drawn=drawn, accepted=len(kept))
    if len(kept) < count:
        start = kept[-1][:] if kept else space.sequential(rng)
        if start is None:
            # Nothing found that explains the table (a model the players did not follow):
            # the hard facts alone.
            STATS.update(unexplained=1)
            kept += [space.deals.draw(rng) for _ in range(count - len(kept))]
        else:
            steps = BURN_IN
            while len(kept) < count:
                for _ in range(steps):
                    STATS.update(steps=1, moves=space.step(start, rng))
                kept.append(start[:])
                STATS.update(chained=1)
                steps = THIN
    worlds = []
    for hands in kept:
        world = [obs.hand if s == obs.seat else known.get(s, 0) for s in range(4)]
        for seat, held in zip(space.seats, hands):
            world[seat] = held
        if obs.out_seat >= 0:
            world[obs.out_seat] = 0
        worlds.append(world)
    return worlds


def _best(obs: Observation, rng: random.Random, worlds: list[list[int]]) -> int:
    """The card with the best mean net score over ``worlds``, solved exactly."""
    return rank_moves(obs, rng, 1, 1, 8, worlds_given=worlds)[0][2]


def posterior_policy(obs: Observation, rng: random.Random) -> int:
    """``basic``'s auction; the cards from the exact posterior (the other seats read as
    ``basic``, partner's cards as facts alone)."""
    if obs.phase != PLAY:
        return basic_policy(obs, rng)
    if len(obs.legal) == 1:
        return obs.legal[0]
    return _best(obs, rng, posterior_worlds(obs, readers(obs), {}, WORLDS, rng))


def posterior_unread_policy(obs: Observation, rng: random.Random) -> int:
    """``posterior``'s judging without its reading: exact solves from the first trick in 16
    worlds dealt under the hard facts alone (hand sizes, voids shown). Against ``posterior``
    it tells what reading the table is worth, against ``strong`` what judging exactly is."""
    if obs.phase != PLAY:
        return basic_policy(obs, rng)
    if len(obs.legal) == 1:
        return obs.legal[0]
    unread = Replay(obs, frozenset(), frozenset())
    return _best(obs, rng, posterior_worlds(obs, unread, {}, WORLDS, rng))


def strong_read_policy(obs: Observation, rng: random.Random) -> int:
    """``strong``'s judging (playouts early, exact solves from its ``exact_from``, as many
    worlds) in worlds from ``posterior``'s exact reading instead of its own sampler: what
    reading the table exactly would give ``strong`` as it judges cards today."""
    if obs.phase != PLAY:
        return basic_policy(obs, rng)
    if len(obs.legal) == 1:
        return obs.legal[0]
    level = strong_policy

    def exactly_read(view: Observation, count: int, rng: random.Random,
                     deadline: float | None) -> list[list[int]]:
        return posterior_worlds(view, readers(view), {}, count, rng)

    return rank_moves(obs, rng, level.playout_worlds, level.exact_worlds, level.exact_from,
                      draw=exactly_read)[0][2]


def oracle_partner_choose(game: Game, rng: random.Random) -> int:
    """``posterior`` with partner's hand seen: the opponents' cards from the posterior."""
    obs = observe(game, game.to_act)
    if obs.phase != PLAY:
        return basic_policy(obs, rng)
    if len(obs.legal) == 1:
        return obs.legal[0]
    mate = partner(obs.seat)
    # A Kaiser partner sitting out holds its cards out of play, all of them unseen.
    held = game.dealt[mate] if mate == game.out_seat else game.hands[mate]
    replay = readers(obs, frozenset({mate}))
    return _best(obs, rng, posterior_worlds(obs, replay, {mate: held}, WORLDS, rng))


def oracle_opponents_choose(game: Game, rng: random.Random) -> int:
    """The opponents' hands seen: partner's is then the cards left, so this is the true deal,
    judged as ``posterior`` judges its worlds (net score, exact)."""
    obs = observe(game, game.to_act)
    if obs.phase != PLAY:
        return basic_policy(obs, rng)
    if len(obs.legal) == 1:
        return obs.legal[0]
    return _best(obs, rng, [list(game.hands)])
