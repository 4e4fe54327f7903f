"""Deals of the hidden cards that fit what one seat has seen: the worlds a search plays in.

Hard constraints: the cards this seat cannot see, each other seat's hand size, the suits a
seat has shown void in; a Kaiser partner sitting out holds the unseen cards left over, out of
play. Soft evidence: the auction. A seat that bid is strong and a seat that passed (when it
could have bid) is not; worlds that contradict this are drawn less often, by rejection with
an acceptance chance that falls with the contradiction, so the evidence never makes
sampling fail. Everything comes from the ``random.Random`` given, so a seed fixes the worlds.
"""

from __future__ import annotations

import math
import random

from ..actions import KAISER, PASS, bid_no_trump, bid_points
from .basic import NO_TRUMP, own_tricks
from .observation import Observation

_TRIES = 12
"""Rejection rounds per world before the least contradicting candidate is taken."""


def _deal_once(cards: list[int], sizes: list[int], voids: list[int],
               rng: random.Random) -> list[int] | None:
    """One random assignment of ``cards`` to seats with room and no void in the card's suit."""
    order = cards[:]
    rng.shuffle(order)
    # The most constrained cards first: those only few seats may hold.
    order.sort(key=lambda c: sum(1 for s in range(4) if sizes[s] and not voids[s] >> (c >> 3) & 1))
    room = sizes[:]
    hands = [0, 0, 0, 0]
    for c in order:
        suit = c >> 3
        weights = [room[s] if not voids[s] >> suit & 1 else 0 for s in range(4)]
        total = sum(weights)
        if not total:
            return None
        pick = rng.random() * total
        for s in range(4):
            pick -= weights[s]
            if pick < 0 and weights[s]:
                break
        hands[s] |= 1 << c
        room[s] -= 1
    return hands


def _strength(hand: int) -> float:
    """Tricks a hand takes by itself in its best denomination (the basic level's estimate)."""
    return max(own_tricks(hand, t) for t in (0, 1, 2, 3, NO_TRUMP))


def _contradiction(obs: Observation, hands: list[int], played_by: list[int]) -> float:
    """How far a world's hands are from what each seat's bid or pass suggests (0: not at all).

    ``played_by`` adds back the cards each seat has already played: the auction speaks of
    the hand as dealt.
    """
    penalty = 0.0
    for seat, action in obs.auction:
        if seat == obs.seat:
            continue
        strength = _strength(hands[seat] | played_by[seat])
        if action == PASS:
            penalty += max(0.0, strength - 3.5)
        elif action == KAISER:
            penalty += max(0.0, 7.0 - strength)
        else:
            expected = 0.6 * (bid_points(action) - 4) + (0.5 if bid_no_trump(action) else 0.0)
            penalty += max(0.0, expected - strength)
    return penalty


def sample_worlds(obs: Observation, count: int, rng: random.Random) -> list[list[int]]:
    """``count`` worlds: the four hands (masks) as they are now, this seat's own included; a
    Kaiser partner's hand sitting out is 0, as in the game."""
    unseen = obs.unseen
    sizes = list(obs.hand_sizes)
    sizes[obs.seat] = 0
    voids = list(obs.voids)
    out = obs.out_seat
    if out >= 0:
        # The sitting-out hand takes whatever is left, with no voids to respect.
        sizes[out] = unseen.bit_count() - sum(sizes)
        voids[out] = 0
    cards = [c for c in range(32) if unseen >> c & 1]
    played_by = [0, 0, 0, 0]
    for trick in obs.tricks:
        for s, c in zip(trick.seats, trick.cards):
            played_by[s] |= 1 << c
    for s, c in zip(obs.trick_seats, obs.trick_cards):
        played_by[s] |= 1 << c
    weigh = bool(obs.auction)
    worlds = []
    for _ in range(count):
        best: list[int] | None = None
        best_pen = math.inf
        for _ in range(_TRIES):
            hands = _deal_once(cards, sizes, voids, rng)
            if hands is None:
                continue
            pen = _contradiction(obs, hands, played_by) if weigh else 0.0
            if pen < best_pen:
                best, best_pen = hands, pen
            if rng.random() < math.exp(-1.5 * pen):
                best = hands
                break
        if best is None:
            best = _fallback(cards, sizes, voids)
        best[obs.seat] = obs.hand
        if out >= 0:
            best[out] = 0
        worlds.append(best)
    return worlds


def _fallback(cards: list[int], sizes: list[int], voids: list[int]) -> list[int]:
    """A deterministic fit found by exhaustive search, for views where random tries failed."""
    hands = [0, 0, 0, 0]
    room = sizes[:]

    def place(k: int) -> bool:
        if k == len(cards):
            return True
        c = cards[k]
        for s in range(4):
            if room[s] and not voids[s] >> (c >> 3) & 1:
                room[s] -= 1
                hands[s] |= 1 << c
                if place(k + 1):
                    return True
                room[s] += 1
                hands[s] ^= 1 << c
        return False

    if not place(0):
        raise ValueError("no deal of the unseen cards fits the view")
    return hands

