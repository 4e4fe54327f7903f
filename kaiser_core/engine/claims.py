"""Does a claim hold? A player who claims the rest says their side takes every remaining trick
whatever the others do; the engine checks that exactly against the real cards.

The question is narrower than the solver's (kaiser_core.bots.dds values points, and a side may
gain by giving up the 3S trick), so it gets its own search: an and-or search over the remaining
cards in which the claiming side needs one card that keeps every trick and the others try all
theirs, touching cards (no live card of the suit between them) tried once, and positions at
trick boundaries remembered. Each failing branch ends at the first trick the others can win.
Which cards may be played and who wins a trick are the rules' own (``tricks``).
"""

from __future__ import annotations

import time

from .tricks import playable, trick_winner

_Memo = dict[tuple[int, int, int, int, int], bool]


class ClaimUndecided(Exception):
    """The search for ``claim_holds`` passed its ``deadline`` before it knew."""


class _TimedMemo(dict[tuple[int, int, int, int, int], bool]):
    """The positions remembered, which also watch the clock: asked at each trick's start."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline

    def get(self, key: tuple[int, int, int, int, int],  # type: ignore[override]
            default: bool | None = None) -> bool | None:
        if time.perf_counter() > self.deadline:
            raise ClaimUndecided
        return super().get(key, default)


def _choices(hand: int, led: int, live: int) -> list[int]:
    """The cards ``hand`` may play to a trick led in suit ``led`` (-1: a lead), one of each run
    of touching cards: no ``live`` card (held, or on the table) lies between them."""
    hand = playable(hand, led)
    cards: list[int] = []
    previous = -1
    while hand:
        card = (hand & -hand).bit_length() - 1
        hand &= hand - 1
        if (previous < 0 or card >> 3 != previous >> 3
                or live & ((1 << card) - (1 << (previous + 1)))):
            cards.append(card)
        previous = card
    return cards


def claim_holds(hands: list[int], to_act: int, trick_seats: list[int], trick_cards: list[int],
                trump: int, next_seat: tuple[int, ...], trick_size: int, side: int,
                deadline: float | None = None) -> bool:
    """Do ``side``'s seats take every trick left, the one on the table included, whatever the
    other side plays? ``next_seat`` and ``trick_size`` as the game keeps them. ``deadline``
    (``time.perf_counter``): past it, ``ClaimUndecided`` is raised rather than an answer."""
    live = _mask(trick_cards)
    for hand in hands:
        live |= hand
    memo: _Memo = {} if deadline is None else _TimedMemo(deadline)
    return _play(list(hands), to_act, list(trick_seats), list(trick_cards), live, trump,
                 next_seat, trick_size, side, memo)


def _play(hands: list[int], seat: int, seats: list[int], cards: list[int], live: int, trump: int,
          next_seat: tuple[int, ...], size: int, side: int, memo: _Memo) -> bool:
    if not cards:
        if not live:
            return True
        key = (hands[0], hands[1], hands[2], hands[3], seat)
        known = memo.get(key)
        if known is not None:
            return known
    led = cards[0] >> 3 if cards else -1
    ours = seat & 1 == side
    result = not ours
    for card in _choices(hands[seat], led, live):
        bit = 1 << card
        hands[seat] ^= bit
        seats.append(seat)
        cards.append(card)
        if len(cards) == size:
            winner = trick_winner(seats, cards, trump)
            ok = winner & 1 == side and _play(hands, winner, [], [], live & ~_mask(cards), trump,
                                               next_seat, size, side, memo)
        else:
            ok = _play(hands, next_seat[seat], seats, cards, live, trump, next_seat, size, side,
                       memo)
        cards.pop()
        seats.pop()
        hands[seat] ^= bit
        if ok == ours:
            result = ours
            break
    if not cards:
        memo[(hands[0], hands[1], hands[2], hands[3], seat)] = result
    return result


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask
