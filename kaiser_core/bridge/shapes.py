"""The JSON shapes of what a game holds (contracts, auctions, tricks, hand records, a seat's
view, the score sheet), written once for every caller: the bridge's views and summaries, the
per-move events and the analysis. Each shape is a ``TypedDict`` here, so the type checker holds
every writer and reader of a view to the one list of its fields; ``docs/bridge.md`` documents
each shape, ``web/js/types.js`` types the page's copy."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..engine import actions as act
from ..engine.cards import CARD_STRS, FIVE_OF_HEARTS, THREE_OF_SPADES
from ..engine.deal import deal_lists, encode_deal
from ..engine.game import Game, HandRecord, Phase
from ..engine.rules import Rules
from ..engine.actions import auction_json
from ..engine.scoring import ContractJson, contract_json
from ..engine.tricks import Trick, team_holding, team_tricks

Action = dict[str, Any]
"""An action as JSON (``engine.actions.encode``): ``{"type": "play", "card": "5H"}``, ..."""


class TrickJson(TypedDict):
    leader: int
    seats: list[int]
    cards: list[str]
    winner: int


class CurrentTrick(TypedDict):
    """The trick on the table: no winner yet; ``leader`` None before the play begins."""

    leader: int | None
    seats: list[int]
    cards: list[str]


class Standing(TypedDict):
    """The highest bid so far and its place in the auction."""

    seat: int
    action: Action
    index: int


class ToTake(TypedDict):
    """The lowest bid the seat to bid may make (``points`` None: only a Kaiser bid)."""

    points: int | None
    no_trump: bool
    kaiser: bool
    equal_allowed: bool


class View(TypedDict):
    """What one seat may know (``bridge.views.view_json``)."""

    seat: int
    phase: Phase
    to_act: int | None
    dealer: int
    hand_number: int
    hand: list[str]
    hand_sizes: list[int]
    auction: list[list[Any]]
    contract: ContractJson | None
    out_seat: int | None
    trick: CurrentTrick
    winning: int | None
    trick_points: int | None
    tricks: list[TrickJson]
    raw: list[int]
    tricks_won: list[int]
    seat_tricks: list[int]
    scores: list[int]
    target: int
    threshold: int
    winner: int | None
    weak_hand: bool
    standing: Standing | None
    may_equal: bool
    legal: list[Action]
    passed_card: str | None
    received_card: str | None
    to_take: ToTake | None


class Record(TypedDict):
    """A finished hand on the score sheet; ``undo`` only from ``table_summary``."""

    dealer: int
    deal: list[list[str]]
    deal_code: str
    auction: list[list[Any]]
    contract: ContractJson | None
    tricks: list[TrickJson]
    tricks_won: list[int]
    seat_tricks: list[int]
    five_team: int | None
    three_team: int | None
    raw: list[int]
    delta: list[int]
    scores: list[int]
    made: bool | None
    target: int
    threshold: int
    passes: list[str | None]
    reached_target: list[bool]
    at_threshold: list[bool]
    claimed: int | None
    undo: NotRequired[bool]


class Summary(TypedDict):
    """The score sheet (``bridge.views.summary_json``)."""

    phase: Phase
    to_act: int | None
    dealer: int
    scores: list[int]
    target: int
    threshold: int
    winner: int | None
    hands: list[Record]
    notes: list[str]


class TableReply(TypedDict):
    """A table's answer to a move: the views of the seats it shows and the move's events;
    ``action`` after a move, ``undone`` after a move taken back."""

    table: str
    moves: int
    hands_played: int
    view: View
    views: list[View]
    events: list[dict[str, Any]]
    action: NotRequired[Action]
    undone: NotRequired[int]


def trick_json(trick: Trick) -> TrickJson:
    return {"leader": trick.leader, "seats": list(trick.seats),
            "cards": [CARD_STRS[c] for c in trick.cards], "winner": trick.winner}


def _reached_target(rules: Rules, record: HandRecord) -> list[bool]:
    """Per team, does its score after the hand count as reaching the game? With only bidders
    winning (bid-out), defenders past the target do not: the score sheet marks no star."""
    reached = [score >= record.target for score in record.scores]
    if rules.winners == "bidders_only":
        bidders = record.contract.seat & 1 if record.contract is not None else -1
        reached = [r and t == bidders and bool(record.made) for t, r in enumerate(reached)]
    return reached


def seat_tricks(tricks: list[Trick]) -> list[int]:
    """How many tricks each seat took."""
    won = [0, 0, 0, 0]
    for t in tricks:
        won[t.winner] += 1
    return won


def _claimed_team(record: HandRecord, card: int) -> int | None:
    """Who took a card: the trick it fell in, or the claiming side for a card never played
    (unless it sat out with a Kaiser bidder's partner)."""
    taken = team_holding(record.tricks, card)
    contract = record.contract
    if taken is None and record.claimed >= 0 and contract is not None:
        out = (contract.seat + 2) & 3 if contract.kaiser else -1
        if out < 0 or not record.play_deal[out] >> card & 1:
            return record.claimed & 1
    return taken


def record_json(record: HandRecord, rules: Rules) -> Record:
    won = list(team_tricks(record.tricks))
    if record.claimed >= 0:
        won[record.claimed & 1] += 8 - len(record.tricks)
    return {
        "dealer": record.dealer,
        "deal": deal_lists(record.deal),
        "deal_code": encode_deal(record.deal),
        "auction": auction_json(record.auction),
        "contract": contract_json(record.contract, record.trump),
        "tricks": [trick_json(t) for t in record.tricks],
        "tricks_won": won,
        "seat_tricks": seat_tricks(record.tricks),
        "five_team": _claimed_team(record, FIVE_OF_HEARTS),
        "three_team": _claimed_team(record, THREE_OF_SPADES),
        "raw": list(record.raw),
        "delta": list(record.delta),
        "scores": list(record.scores),
        "made": record.made,
        "target": record.target,
        "threshold": record.threshold,
        "passes": [CARD_STRS[c] if c >= 0 else None for c in record.passes],
        "reached_target": _reached_target(rules, record),
        # Defenders at or above the threshold score nothing: the score sheet marks who is there.
        "at_threshold": [score >= record.threshold for score in record.scores],
        "claimed": record.claimed if record.claimed >= 0 else None,
    }


def standing_json(game: Game) -> Standing | None:
    """The highest bid of this hand's auction so far (the winning bid once it is over), with
    its place in ``auction``."""
    for index in range(len(game.auction) - 1, -1, -1):
        seat, action = game.auction[index]
        if action != act.PASS:
            return {"seat": seat, "action": act.encode(action), "index": index}
    return None
