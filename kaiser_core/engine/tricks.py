"""The rules of one trick, in one place: which card may be played, who wins it, who plays
next, what it is worth.

The game, the claim check, the bots' playouts, the solver's set-up, the analysis and the
bridge's events all ask these. Only the game's play of a card and the solver's innermost loop keep inlined copies
or tables made from them (a function call there costs more than the rule), each marked, and
tests/test_tricks.py checks that they agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import FIVE_OF_HEARTS, SUIT_MASK, THREE_OF_SPADES


@dataclass(slots=True)
class Trick:
    """A finished trick: eight are made every hand, hence the slots."""

    leader: int
    seats: list[int]
    cards: list[int]
    winner: int


def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` take the trick from ``best`` (the card winning so far)?

    ``best`` is always of the suit led or a trump, so: a higher card of the same suit
    wins, and any trump wins over a non-trump. ``trump`` is -1 at no trump.
    """
    suit = card >> 3
    if suit == best >> 3:
        return card > best
    return suit == trump


def playable(hand: int, led: int) -> int:
    """The cards ``hand`` may play to a trick led in suit ``led`` (-1: it leads): the suit led
    if it holds any, else any card."""
    if led < 0:
        return hand
    return hand & SUIT_MASK[led] or hand


def trick_winner(seats: Sequence[int], cards: Sequence[int], trump: int) -> int:
    """The seat whose card wins a complete trick."""
    best, seat = cards[0], seats[0]
    for s, c in zip(seats, cards):
        # beats(c, best, trump), inlined: the bots' playouts ask this of every trick.
        if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
            best, seat = c, s
    return seat


def trick_points(cards: Sequence[int]) -> int:
    """A trick's raw value to the side that takes it: 1, +5 with the 5H, -3 with the 3S."""
    return 1 + (5 if FIVE_OF_HEARTS in cards else 0) - (3 if THREE_OF_SPADES in cards else 0)


def team_tricks(tricks: Sequence[Trick]) -> tuple[int, int]:
    """Tricks taken by each team in a hand's finished tricks."""
    odd = sum(t.winner & 1 for t in tricks)
    return len(tricks) - odd, odd


def team_holding(tricks: Sequence[Trick], card: int) -> int | None:
    """The team whose tricks hold ``card`` (None: not in a finished trick)."""
    return next((t.winner & 1 for t in tricks if card in t.cards), None)


def next_to_play(leader: int, out_seat: int, seats: Sequence[int]) -> int:
    """The seat to play next in a trick led by ``leader`` with ``seats`` already played
    (a Kaiser bidder's partner, ``out_seat``, sits out; -1: nobody does)."""
    if not seats:
        return leader
    nxt = (seats[-1] + 1) & 3
    return (nxt + 1) & 3 if nxt == out_seat else nxt


def trick_size(out_seat: int) -> int:
    """Cards in a trick: three while a Kaiser bidder's partner sits out, else four."""
    return 4 if out_seat < 0 else 3


NEXT_SEAT = tuple(tuple(next_to_play(seat, out_seat, [seat]) for seat in range(4))
                  for out_seat in (0, 1, 2, 3, -1))
"""``NEXT_SEAT[out_seat][seat]``: who plays after ``seat`` in a trick (``out_seat`` -1, nobody
sitting out, reads the last row): the game's play looks it up rather than asking
``next_to_play`` for every card."""
