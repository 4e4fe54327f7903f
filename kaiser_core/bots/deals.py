"""Deals of the unseen cards exactly uniform under the hard facts (hand sizes, voids shown):
the start of every reading of the table, and the worlds of a player who reads nothing.

Plain card-by-card dealing (``sampling._Dealer``) leans towards some deals once voids are
shown; here the deals are counted suit by suit, so each one is exactly as likely as any other,
which the chains that read the table (``reading``, ``posterior``) need to be right.
"""

from __future__ import annotations

import random
from math import factorial

from ..engine.cards import SUIT_MASK, cards_of


class UniformDeals:
    """Exactly uniform deals of ``cards`` to ``seats`` with these sizes, no card of a suit to
    a seat void in it: the deals are counted suit by suit (how many cards of it each seat
    takes, times the ways to choose them), and a deal drawn in proportion."""

    def __init__(self, cards: int, sizes: list[int], voids: list[int]) -> None:
        self.suits = [cards_of(cards & SUIT_MASK[s]) for s in range(4)]
        self.open = [[k for k in range(len(sizes)) if not voids[k] >> suit & 1]
                     for suit in range(4)]
        self.sizes = tuple(sizes)
        self._table: dict[tuple[int, tuple[int, ...]],
                          tuple[list[tuple[int, ...]], list[int]]] = {}

    def _splits(self, suit: int, rooms: tuple[int, ...]) -> tuple[list[tuple[int, ...]],
                                                                  list[int]]:
        """Each way to share the suit's cards among the open seats, with the count of deals
        that follow it (cumulative)."""
        key = (suit, rooms)
        found = self._table.get(key)
        if found is not None:
            return found
        splits: list[tuple[int, ...]] = []
        cumulative: list[int] = []
        total = 0
        if suit == 4:
            if not any(rooms):
                splits, cumulative = [()], [1]
        else:
            n = len(self.suits[suit])
            for split in _shares(n, self.open[suit], rooms):
                rest = tuple(r - x for r, x in zip(rooms, split))
                ways = self._splits(suit + 1, rest)[1]
                if ways and ways[-1]:
                    weight = factorial(n) * ways[-1]
                    for x in split:
                        weight //= factorial(x)
                    total += weight
                    splits.append(split)
                    cumulative.append(total)
        self._table[key] = (splits, cumulative)
        return splits, cumulative

    def count(self) -> int:
        cumulative = self._splits(0, self.sizes)[1]
        return cumulative[-1] if cumulative else 0

    def draw(self, rng: random.Random) -> list[int]:
        hands = [0] * len(self.sizes)
        rooms = self.sizes
        for suit in range(4):
            splits, cumulative = self._splits(suit, rooms)
            pick = rng.randrange(cumulative[-1])
            k = next(i for i, c in enumerate(cumulative) if pick < c)
            cards = self.suits[suit][:]
            rng.shuffle(cards)
            for seat, x in enumerate(splits[k]):
                for c in cards[:x]:
                    hands[seat] |= 1 << c
                del cards[:x]
            rooms = tuple(r - x for r, x in zip(rooms, splits[k]))
        return hands


def _shares(n: int, open_seats: list[int], rooms: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to give ``n`` cards to the open seats, none past its room."""
    out: list[tuple[int, ...]] = []
    share = [0] * len(rooms)

    def place(k: int, left: int) -> None:
        if k == len(open_seats):
            if not left:
                out.append(tuple(share))
            return
        seat = open_seats[k]
        for x in range(min(left, rooms[seat]) + 1):
            share[seat] = x
            place(k + 1, left - x)
        share[seat] = 0

    place(0, n)
    return out
