"""What one action caused, as a list of plain JSON events for the UI to animate.

The UI shows a move by playing these back: it never works out who won a trick, what a hand
scored or whether the game is over. They are read off the game before and after the action:

- ``{"type": "action", "seat", "action"}``: every action, with the seat that took it;
- ``{"type": "trick", "winner", "leader", "seats", "cards", "points"}``: a trick completed
  (``points``: what it is worth to the side that took it, 1, +5 with the 5H, -3 with the 3S;
  None when the 3S needs three tricks and the trick holds the 5H or the 3S, whose worth the
  hand's end decides);
- ``{"type": "hand", "record", "hand_index"}``: a hand finished, played or thrown in
  (``record`` has the shape of ``summary()["hands"][i]``);
- ``{"type": "game_over", "winner", "scores"}``.

The card a seat passes to its partner is that seat's secret until the exchange: ``seen_by``
hides it from everyone else.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..engine.cards import CARD_STRS
from ..engine.game import GAME_OVER, PLAY, Game
from ..engine.tricks import Trick
from .shapes import record_json
from .views import trick_worth

Event = dict[str, Any]


class Before(NamedTuple):
    """What the events of a move compare with: the game's phase and progress before it."""

    phase: str
    hands: int
    tricks: int


def before_of(game: Game) -> Before:
    return Before(game.phase, len(game.records), len(game.tricks))


def trick_event(game: Game, trick: Trick) -> Event:
    return {"type": "trick", "winner": trick.winner, "leader": trick.leader,
            "seats": list(trick.seats), "cards": [CARD_STRS[c] for c in trick.cards],
            "points": trick_worth(game, trick.cards)}


def action_events(before: Before, after: Game, seat: int, action: dict[str, Any]) -> list[Event]:
    """The events of the one action that took the game from ``before`` to ``after``, as the
    seat that took it sees them."""
    events: list[Event] = [{"type": "action", "seat": seat, "action": action}]
    hand_done = len(after.records) > before.hands
    # A claim ends the hand without a trick being played: its tricks are in the hand's record.
    if before.phase == PLAY and action["type"] != "claim":
        if hand_done:
            events.append(trick_event(after, after.records[-1].tricks[-1]))
        elif len(after.tricks) > before.tricks:
            events.append(trick_event(after, after.tricks[-1]))
    if hand_done:
        index = len(after.records) - 1
        events.append({"type": "hand", "record": record_json(after.records[index], after.rules),
                       "hand_index": index})
    if after.phase == GAME_OVER and before.phase != GAME_OVER:
        events.append({"type": "game_over", "winner": after.winner, "scores": list(after.scores)})
    return events


def seen_by(events: list[Event], seats: set[int] | frozenset[int]) -> list[Event]:
    """``events`` as the people at ``seats`` may see them: a card passed to partner by any other
    seat is hidden (``"card": None``)."""
    out = []
    for event in events:
        if (event["type"] == "action" and event["action"]["type"] == "pass_card"
                and event["seat"] not in seats):
            event = {**event, "action": {"type": "pass_card", "card": None}}
        out.append(event)
    return out
