"""Actions as small ints inside the engine, as JSON objects outside.

The int form keeps the hot paths (search, playouts) free of dicts; the JSON form is
what the bridge, saved games and share codes carry. ``encode``/``decode`` convert.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_STRS, SUITS, parse_card, parse_suit
from ..errors import InvalidAction

PASS = 32
REDEAL = 33
KEEP = 34
KAISER = 35
TRUMP_BASE = 36
"""36-39: name clubs, diamonds, hearts, spades trump; 40: no trump (only after a Kaiser bid)."""
TRUMP_NONE = 40
BID_BASE = 41
"""41 + 2 * (points - 5) + no_trump: bids 5 to 12 no."""
MAX_ACTION = BID_BASE + 2 * 7 + 1
PASS_CARD_BASE = 64
"""64-95: pass this card to partner (``pass_to_partner``); apart from the other codes so
share codes, which write an action below 64 as one character, stay as they were."""
CLAIM = PASS_CARD_BASE + 32
"""96: the seat to play claims every remaining trick for its side (never in ``legal()``: the
game checks a claim against the cards, and bots do not claim)."""
MAX_BID_RANK = 2 * 12 + 1
"""Rank of 12 no, the highest ordinary bid."""
KAISER_RANK = 100
"""Bid rank of a Kaiser bid; an ordinary bid ranks 2 * points + no_trump."""


def bid_action(points: int, no_trump: bool) -> int:
    return BID_BASE + 2 * (points - 5) + int(no_trump)


def bid_points(action: int) -> int:
    return (action - BID_BASE) // 2 + 5


def bid_no_trump(action: int) -> bool:
    return bool((action - BID_BASE) & 1)


def bid_rank(action: int) -> int:
    """A bid's rank, ``2 * points + no_trump`` (a Kaiser bid: ``KAISER_RANK``): the bid actions
    count up in rank from ``BID_BASE``, which is rank 10 (5 in a suit)."""
    if action == KAISER:
        return KAISER_RANK
    return action - BID_BASE + 10


def encode(action: int) -> dict[str, Any]:
    if action == CLAIM:
        return {"type": "claim"}
    if action >= PASS_CARD_BASE:
        return {"type": "pass_card", "card": CARD_STRS[action - PASS_CARD_BASE]}
    if action < 32:
        return {"type": "play", "card": CARD_STRS[action]}
    if action >= BID_BASE:
        return {"type": "bid", "points": bid_points(action), "no_trump": bid_no_trump(action)}
    if action >= TRUMP_BASE:
        return {"type": "trump", "suit": None if action == TRUMP_NONE else SUITS[action - TRUMP_BASE]}
    return {PASS: {"type": "pass"}, REDEAL: {"type": "redeal"},
            KEEP: {"type": "keep"}, KAISER: {"type": "kaiser"}}[action]


_SIMPLE = {"pass": PASS, "redeal": REDEAL, "keep": KEEP, "kaiser": KAISER, "claim": CLAIM}
_FIELDS = {"pass": set(), "redeal": set(), "keep": set(), "kaiser": set(), "claim": set(),
           "bid": {"points", "no_trump"}, "trump": {"suit"}, "play": {"card"},
           "pass_card": {"card"}}


def decode(obj: object) -> int:
    """The engine's int for a JSON action; anything malformed raises ``InvalidAction``."""
    if not isinstance(obj, dict):
        raise InvalidAction(f"an action is an object like {{\"type\": \"pass\"}}, got {obj!r}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidAction(
            f"unknown action type {kind!r}: expected one of {', '.join(_FIELDS)}")
    extra = set(obj) - {"type"} - _FIELDS[kind]
    if extra:
        raise InvalidAction(f"unexpected field {sorted(extra)[0]!r} in a {kind} action")
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "play":
        if "card" not in obj:
            raise InvalidAction("a play action needs a card, like {\"type\": \"play\", \"card\": \"5H\"}")
        return parse_card(obj["card"])
    if kind == "pass_card":
        if "card" not in obj:
            raise InvalidAction("a pass_card action needs a card, like "
                                "{\"type\": \"pass_card\", \"card\": \"AS\"}")
        return PASS_CARD_BASE + parse_card(obj["card"])
    if kind == "trump":
        if "suit" not in obj:
            raise InvalidAction("a trump action needs a suit (C, D, H, S, or null for no trump)")
        suit = obj["suit"]
        return TRUMP_NONE if suit is None else TRUMP_BASE + parse_suit(suit)
    points = obj.get("points")
    no_trump = obj.get("no_trump", False)
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidAction(f"a bid needs whole-number points, got {points!r}")
    if not 5 <= points <= 12:
        raise InvalidAction(f"a bid is from 5 to 12 points, got {points}")
    if not isinstance(no_trump, bool):
        raise InvalidAction(f"no_trump must be true or false, got {no_trump!r}")
    return bid_action(points, no_trump)


def describe(action: int) -> str:
    """Short words for messages: ``8 no trump``, ``pass``, ``QH``."""
    if action == CLAIM:
        return "claim the rest"
    if action >= PASS_CARD_BASE:
        return f"pass {CARD_STRS[action - PASS_CARD_BASE]} to partner"
    if action < 32:
        return CARD_STRS[action]
    if action >= BID_BASE:
        return f"{bid_points(action)}{' no trump' if bid_no_trump(action) else ''}"
    if action >= TRUMP_BASE:
        return "no trump" if action == TRUMP_NONE else f"{SUITS[action - TRUMP_BASE]} trump"
    return {PASS: "pass", REDEAL: "redeal", KEEP: "keep", KAISER: "Kaiser"}[action]


def auction_json(auction: list[tuple[int, int]]) -> list[list[Any]]:
    """An auction as the bridge and the analysis show it: ``[[seat, action], ...]``."""
    return [[seat, encode(a)] for seat, a in auction]
