"""What one seat may know, and nothing more: the only input a fair bot gets.

Built from a ``Game`` by ``observe``; it copies the seat's own cards and the public record
(auction, contract, cards played, voids shown, scores) and leaves the other hands behind,
so a bot cannot peek even by accident.

What is the seat's alone (its cards, the cards passed, its legal actions) is decided once, by
``engine.knowledge.own_share``, which the page's view (``bridge/views.py``) reads too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import DECK
from ..engine.game import Game
from ..engine.knowledge import own_share
from ..engine.tricks import Trick
from ..engine.rules import Rules
from ..engine.scoring import Contract


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    phase: str
    dealer: int
    to_act: int
    hand: int
    """This seat's cards (mask)."""
    auction: tuple[tuple[int, int], ...]
    contract: Contract | None
    trump: int
    """-1 at no trump or before trump is named."""
    out_seat: int
    """The partner of a Kaiser bidder sits out; -1 otherwise."""
    tricks: tuple[Trick, ...]
    trick_seats: tuple[int, ...]
    trick_cards: tuple[int, ...]
    played: int
    """Every card played this hand, the current trick included (mask)."""
    voids: tuple[int, int, int, int]
    """Per seat, a 4-bit mask of the suits it has shown it does not hold."""
    hand_sizes: tuple[int, int, int, int]
    tricks_won: tuple[int, int]
    five_team: int
    three_team: int
    scores: tuple[int, int]
    target: int
    threshold: int
    weak_queue: tuple[int, ...]
    legal: tuple[int, ...]
    passed_card: int = -1
    """The card this seat passed to its partner this hand (``pass_to_partner``), -1 if none."""
    received_card: int = -1
    """The card this seat received from its partner, -1 before the exchange."""

    @property
    def unseen(self) -> int:
        """Cards this seat cannot see: held by the others (or by a Kaiser partner sitting out)."""
        return DECK & ~self.hand & ~self.played


def observe(game: Game, seat: int) -> Observation:
    played = 0
    voids = [0, 0, 0, 0]
    sequences = [(t.seats, t.cards) for t in game.tricks] + [(game.trick_seats, game.trick_cards)]
    for seats, cards in sequences:
        if not cards:
            continue
        led = cards[0] >> 3
        for s, c in zip(seats, cards):
            played |= 1 << c
            if c >> 3 != led:
                voids[s] |= 1 << led
    own = own_share(game, seat)
    return Observation(
        seat=seat, rules=game.rules, phase=game.phase, dealer=game.dealer, to_act=game.to_act,
        hand=own.hand, auction=tuple(game.auction), contract=game.contract,
        trump=game.trump, out_seat=game.out_seat, tricks=tuple(game.tricks),
        trick_seats=tuple(game.trick_seats), trick_cards=tuple(game.trick_cards), played=played,
        voids=(voids[0], voids[1], voids[2], voids[3]),
        hand_sizes=tuple(m.bit_count() for m in game.hands),  # type: ignore[arg-type]
        tricks_won=(game.tricks_won[0], game.tricks_won[1]), five_team=game.five_team,
        three_team=game.three_team, scores=(game.scores[0], game.scores[1]), target=game.target,
        threshold=game.rules.threshold(game.target), weak_queue=tuple(game.weak_queue),
        legal=own.legal, passed_card=own.passed_card, received_card=own.received_card)

