"""What one seat may know, and the score sheet: the JSON the table is drawn from.

A view holds the seat's own cards and what is public (the auction, the cards played, the
scores), never another seat's hand, the seed, or a card a partner is about to pass: the same
view is what a guest's browser receives at a shared table. ``docs/bridge.md`` documents both
shapes.
"""

from __future__ import annotations


from ..engine import actions as act
from ..engine.cards import CARD_STRS, FIVE_OF_HEARTS, THREE_OF_SPADES, sorted_hand
from ..engine.game import BIDDING, GAME_OVER, PLAY, REDEAL_PHASE, Game
from ..engine.knowledge import own_share
from ..engine.rules_text import sheet_notes
from ..engine.tricks import trick_points
from ..errors import InvalidAction
from ..engine.actions import auction_json
from ..engine.scoring import contract_json
from .shapes import CurrentTrick, Summary, ToTake, View, record_json, seat_tricks, standing_json, trick_json


def check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidAction(f"a seat is a number from 0 to 3, got {seat!r}")
    return seat


def trick_worth(game: Game, cards: list[int]) -> int | None:
    """What a trick is worth to the side that takes it, or None while that cannot be known:
    with the 3S needing three tricks, the 5H or the 3S counts only by the hand's end."""
    if game.rules.spade_three_needs_three_tricks and (FIVE_OF_HEARTS in cards
                                                      or THREE_OF_SPADES in cards):
        return None
    return trick_points(cards)


def _current_trick(game: Game) -> CurrentTrick:
    """The trick on the table: who led and the cards played so far."""
    cards = game.trick_cards
    return {
        "leader": game.trick_seats[0] if cards else (game.to_act if game.phase == PLAY else None),
        "seats": list(game.trick_seats),
        "cards": [CARD_STRS[c] for c in cards],
    }


def _to_take(game: Game, legal: tuple[int, ...]) -> ToTake | None:
    """What the seat to bid must bid at least to take the contract: the lowest legal bid, and
    whether it only equals the standing bid (the dealer's right), so the table can say "5 to
    take" to a dealer instead of "bid to beat 5"."""
    lowest = next((a for a in legal if a >= act.BID_BASE or a == act.KAISER), None)
    if lowest is None:
        return None
    if lowest == act.KAISER:
        return {"points": None, "no_trump": False, "kaiser": True, "equal_allowed": False}
    equal = game.best_seat >= 0 and act.bid_rank(lowest) == game.best_rank
    return {"points": act.bid_points(lowest), "no_trump": act.bid_no_trump(lowest),
            "kaiser": False, "equal_allowed": equal}


def view_json(game: Game, seat: int) -> View:
    """The seat's view: its own share of the table as the bots' observation has it
    (``engine.knowledge.own_share``), and the table's public record."""
    over = game.phase == GAME_OVER
    to_act = None if over else game.to_act
    own = own_share(game, seat)
    legal = own.legal
    return {
        "seat": seat,
        "phase": game.phase,
        "to_act": to_act,
        "dealer": game.dealer,
        "hand_number": len(game.records),
        "hand": sorted_hand(own.hand),
        "hand_sizes": [0 if over else m.bit_count() for m in game.hands],
        "auction": auction_json(game.auction),
        "contract": contract_json(game.contract, game.trump),
        "out_seat": game.out_seat if game.out_seat >= 0 else None,
        "trick": _current_trick(game),
        "winning": game.trick_best_seat if game.trick_cards else None,
        "trick_points": trick_worth(game, game.trick_cards) if game.trick_cards else None,
        "tricks": [trick_json(t) for t in game.tricks],
        "raw": list(game.raw()),
        "tricks_won": list(game.tricks_won),
        "seat_tricks": seat_tricks(game.tricks),
        "scores": list(game.scores),
        "target": game.target,
        "threshold": game.rules.threshold(game.target),
        "winner": game.winner,
        "weak_hand": game.phase == REDEAL_PHASE and to_act == seat,
        "standing": standing_json(game),
        "may_equal": (game.phase == BIDDING and game.best_seat >= 0
                      and to_act == game.dealer),
        "legal": [act.encode(a) for a in legal],
        "passed_card": None if own.passed_card < 0 else CARD_STRS[own.passed_card],
        "received_card": None if own.received_card < 0 else CARD_STRS[own.received_card],
        "to_take": _to_take(game, legal) if game.phase == BIDDING else None,
    }


def summary_json(game: Game) -> Summary:
    return {
        "phase": game.phase,
        "to_act": game.to_act if game.phase != GAME_OVER else None,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "target": game.target,
        "threshold": game.rules.threshold(game.target),
        "winner": game.winner,
        "hands": [record_json(r, game.rules) for r in game.records],
        "notes": sheet_notes(game.rules),
    }
