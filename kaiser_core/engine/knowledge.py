"""What one seat may know that the others may not: decided here, once.

At a Kaiser table everything is public (the auction, the contract and trump, the cards played,
the scores) but a seat's own cards, the card it passed to its partner and the one it received,
and, on its turn, the choices open to it. The bots' observation (``bots/observation.py``) and
the page's view (``bridge/views.py``) both take a seat's share from ``own_share``, so a bot
never sees more than a person at the same seat; ``tests/test_knowledge.py`` checks that the two
never disagree about anything either shows.
"""

from __future__ import annotations

from typing import NamedTuple

from .game import GAME_OVER, Game


class OwnShare(NamedTuple):
    """What one seat sees that the others do not."""

    hand: int
    """Its cards (mask)."""
    passed_card: int
    """The card it passed to partner this hand, -1 if none."""
    received_card: int
    """The card partner passed it, -1 before the exchange."""
    legal: tuple[int, ...]
    """Its legal actions on its turn, else none."""


_NOTHING = OwnShare(0, -1, -1, ())


def own_share(game: Game, seat: int) -> OwnShare:
    """The seat's private share of the table. Once the game is over no seat holds anything
    (the last hand's deal is in its record; the cards left of a claimed hand, or a Kaiser
    bidder's partner's, are no seat's to show)."""
    if game.phase == GAME_OVER:
        return _NOTHING
    return OwnShare(game.hands[seat], game.passes[seat], game.received[seat],
                    tuple(game.legal()) if game.to_act == seat else ())
