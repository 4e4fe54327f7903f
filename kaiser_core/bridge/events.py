"""What one action caused, as a list of plain JSON events for the UI to animate.

The UI shows a move by playing these back: it never works out who won a trick, what a hand
scored or whether the game is over. They are read off the game before and after the action:

- ``{"type": "action", "seat", "action"}``: every action, with the seat that took it;
- ``{"type": "trick", "winner", "leader", "seats", "cards", "points"}``: a trick completed
  (``points``: what it is worth to the side that took it, 1, +5 with the 5H, -3 with the 3S);
- ``{"type": "hand", "record", "hand_index"}``: a hand finished, played or thrown in
  (``record`` has the shape of ``summary()["hands"][i]``);
- ``{"type": "game_over", "winner", "scores"}``.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import CARD_STRS
from ..engine.game import GAME_OVER, PLAY, Game
from .shapes import record_json
from ..engine.tricks import Trick, trick_points

Event = dict[str, Any]


def trick_event(trick: Trick) -> Event:
    return {"type": "trick", "winner": trick.winner, "leader": trick.leader,
            "seats": list(trick.seats), "cards": [CARD_STRS[c] for c in trick.cards],
            "points": trick_points(trick.cards)}


def action_events(before: Game, after: Game, seat: int, action: dict[str, Any]) -> list[Event]:
    """The events of the one action that took ``before`` to ``after``."""
    events: list[Event] = [{"type": "action", "seat": seat, "action": action}]
    hand_done = len(after.records) > len(before.records)
    if before.phase == PLAY:
        if hand_done:
            events.append(trick_event(after.records[-1].tricks[-1]))
        elif len(after.tricks) > len(before.tricks):
            events.append(trick_event(after.tricks[-1]))
    if hand_done:
        index = len(after.records) - 1
        events.append({"type": "hand", "record": record_json(after.records[index], after.rules),
                       "hand_index": index})
    if after.phase == GAME_OVER and before.phase != GAME_OVER:
        events.append({"type": "game_over", "winner": after.winner, "scores": list(after.scores)})
    return events
