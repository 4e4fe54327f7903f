"""Tables: a game held in the engine between moves, named by an id.

The page opens a table from a new or saved game once, then sends one action per move and gets
back the views of the seats it shows and the move's events: never the whole state, so a move
costs the same at the first trick and the sixth hand, and a page that is not the dealer's (a
guest at a shared table) never needs the seed. ``table_state`` hands the saved game back for
saving and share links; a table the worker has forgotten (closed, or the worker restarted) is
refused by name and the page opens it again from its saved game.

Every reply's events are public: a card passed to partner shows as ``"card": None`` there (the
passer's and receiver's views show it to them), so one list can go to every seat. The move as
the saved game records it is the reply's ``action``, for the device that holds the table only.
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from typing import Any

from ..engine import actions as act
from ..engine.claims import ClaimUndecided, claim_holds
from ..engine.game import GAME_OVER, PLAY, Game
from ..errors import IllegalAction, InvalidAction
from .events import action_events, before_of, seen_by
from .loading import Action, Live, State, json_text, live_of, normalise_config, to_state
from .shapes import Summary, TableReply, View
from .views import check_seat, summary_json, view_json

_SEAT_NAMES = ("South", "West", "North", "East")
_MAX_TABLES = 32
_NOBODY: frozenset[int] = frozenset()


class Table:
    """One open game: its normalised config, the live game, its moves as the saved game holds
    them, the seats whose views each reply carries, and the hands where a move was taken back."""

    __slots__ = ("config", "game", "moves", "name", "seats", "undos")

    def __init__(self, name: str, config: dict[str, Any], game: Game, moves: list[Action],
                 seats: list[int], undos: set[int]) -> None:
        self.name = name
        self.config = config
        self.game = game
        self.moves = moves
        self.seats = seats
        self.undos = undos


_tables: OrderedDict[str, Table] = OrderedDict()


def _table(name: object) -> Table:
    if not isinstance(name, str):
        raise InvalidAction(f"a table is named by its id, a string, got {name!r}")
    table = _tables.get(name)
    if table is None:
        raise InvalidAction(f"no open table {name!r}: it was closed or the engine restarted; "
                            f"open it again from the saved game", code="table_not_found")
    _tables.move_to_end(name)
    return table


def _check_shown(seats: object) -> list[int]:
    if seats is None:
        return [0]
    if not isinstance(seats, list) or not seats or len(seats) > 4:
        raise InvalidAction(f"seats is a list of one to four seats this device shows, got {seats!r}")
    shown = [check_seat(s) for s in seats]
    if len(set(shown)) != len(shown):
        raise InvalidAction(f"seats lists a seat twice: {seats!r}")
    return shown


def _check_undos(undos: object, hands: int) -> set[int]:
    if undos is None:
        return set()
    if (not isinstance(undos, list)
            or any(isinstance(u, bool) or not isinstance(u, int) or not 0 <= u <= hands
                   for u in undos)):
        raise InvalidAction(f"a saved game's undos are the hands (0 to {hands}) where a move "
                            f"was taken back, got {undos!r}")
    return set(undos)


def _reply(table: Table, seat: int, events: list[dict[str, Any]]) -> TableReply:
    game = table.game
    return {
        "table": table.name,
        "moves": len(table.moves),
        "hands_played": len(game.records),
        "view": view_json(game, seat),
        "views": [view_json(game, s) for s in table.seats if s != seat],
        "events": events,
    }


def open_table(state: State, seats: list[int] | None = None) -> TableReply:
    """Open a table from a new or saved game's state (checked and replayed once). ``seats``:
    the seats whose views every reply carries, the first being the device's own (default
    ``[0]``). Answers ``{"table": id, "moves", "hands_played", "view", "views", "events": []}``."""
    shown = _check_shown(seats)
    live = live_of(state)
    undos = _check_undos(state.get("undos"), len(live.game.records))
    name = secrets.token_urlsafe(9)
    table = Table(name, live.config, live.game.copy(), [dict(a) for a in live.frozen], shown,
                  undos)
    _tables[name] = table
    while len(_tables) > _MAX_TABLES:
        _tables.popitem(last=False)
    return _reply(table, shown[0], [])


def _check_turn(table: Table, turn: object) -> None:
    if turn is None:
        return
    if isinstance(turn, bool) or not isinstance(turn, int):
        raise InvalidAction(f"turn is the number of moves already made, got {turn!r}")
    if turn != len(table.moves):
        raise InvalidAction(f"this move was meant for turn {turn}, but the table is at turn "
                            f"{len(table.moves)}: it was already played or comes too late")


def _move(table: Table, code: int, seat: int, view_seat: int) -> TableReply:
    game = table.game
    before = before_of(game)
    game.step(code)
    canonical = act.encode(code)
    table.moves.append(canonical)
    reply = _reply(table, view_seat, seen_by(action_events(before, game, seat, canonical),
                                             _NOBODY))
    reply["action"] = canonical
    return reply


def _check_actor(game: Game, seat: int) -> None:
    if game.phase == GAME_OVER:
        raise IllegalAction("the game is over")
    if game.to_act != seat:
        raise IllegalAction(f"it is {_SEAT_NAMES[game.to_act]}'s turn, not "
                            f"{_SEAT_NAMES[seat]}'s")


def table_step(table: str, action: Action, seat: int, turn: int | None = None
               ) -> TableReply:
    """``seat`` takes ``action``; it must be that seat's turn (and, if ``turn`` is given, the
    table must be at that many moves, so a move sent twice is never played twice). Answers
    ``{"table", "moves", "hands_played", "view": view of seat, "views": the table's other
    seats, "events", "action"}``; a refusal changes nothing."""
    t = _table(table)
    seat = check_seat(seat)
    _check_turn(t, turn)
    _check_actor(t.game, seat)
    code = act.decode(action)
    t.game.check(code)
    return _move(t, code, seat, seat)


CAP_SHARE = 0.9
"""The share of the page's cap a search aims at: it stops before a world that would likely
end past its deadline, judged by the mean so far, and one world can take several times the
mean; the answer must still reach the page inside the cap."""


def bot_time_budget(time_cap_ms: object, started: float) -> float | None:
    """The seconds a search level may still take (``None``: no cap) when the page allows
    ``time_cap_ms`` for the whole call, which began at ``started`` (``time.perf_counter``)."""
    if time_cap_ms is None:
        return None
    if (isinstance(time_cap_ms, bool) or not isinstance(time_cap_ms, (int, float))
            or not 0 < time_cap_ms <= 600_000):
        raise InvalidAction(f"time_cap_ms must be a positive number of milliseconds, got {time_cap_ms!r}")
    return max(0.001, time_cap_ms / 1000 * CAP_SHARE - (time.perf_counter() - started))


def table_bot_step(table: str, level: str, seed: object = 0,
                   time_cap_ms: float | None = None) -> TableReply:
    """A bot of ``level`` plays the seat to act (from that seat's view only); answers as
    ``table_step``, ``view`` being the table's first seat."""
    from ..bots import choose

    started = time.perf_counter()
    t = _table(table)
    game = t.game
    if game.phase == GAME_OVER:
        raise IllegalAction("the game is over")
    cap = bot_time_budget(time_cap_ms, started)
    seat = game.to_act
    code = choose(game, level, seed, cap)
    return _move(t, code, seat, t.seats[0])


def table_claim(table: str, seat: int, time_cap_ms: float = 100) -> dict[str, bool | None]:
    """Would ``seat`` claiming the rest hold now (its side takes every trick left whatever the
    others play)? ``{"holds": true | false}``, or ``{"holds": null}`` when that is not asked
    (not ``seat``'s turn in the play) or not known inside ``time_cap_ms`` (early in a hand the
    search can take a second or more). Changes nothing; the claim itself (``{"type":
    "claim"}``) is checked again, fully, when made."""
    started = time.perf_counter()
    t = _table(table)
    seat = check_seat(seat)
    budget = bot_time_budget(time_cap_ms, started)
    game = t.game
    if game.phase != PLAY or game.to_act != seat:
        return {"holds": None}
    try:
        holds = claim_holds(game.hands, game.to_act, game.trick_seats, game.trick_cards,
                            game.trump, game.next_seat, game.trick_size, seat & 1,
                            deadline=None if budget is None else started + budget)
    except ClaimUndecided:
        return {"holds": None}
    return {"holds": holds}


def table_view(table: str, seat: int) -> View:
    """What ``seat`` may know now (as ``view``)."""
    return view_json(_table(table).game, check_seat(seat))


def table_summary(table: str) -> Summary:
    """The score sheet (as ``summary``), each hand marked ``"undo": true`` where a move was
    taken back."""
    t = _table(table)
    sheet = summary_json(t.game)
    for index, hand in enumerate(sheet["hands"]):
        hand["undo"] = index in t.undos
    return sheet


def table_state(table: str) -> State:
    """The saved game: the state ``load`` and ``open_table`` take, with ``undos``."""
    t = _table(table)
    moves_json = ",".join(json_text(a, "an action") for a in t.moves)
    state = to_state(Live(t.config, t.game.copy(), moves_json, [dict(a) for a in t.moves]),
                     [dict(a) for a in t.moves])
    if t.undos:
        state["undos"] = sorted(t.undos)
    return state


def table_hint(table: str, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """The hint for ``seat``, the seat to act (as ``hint``)."""
    from ..review.hints import hint

    return hint(_table(table).game, check_seat(seat), seed)


def _replayed(config: dict[str, Any], moves: list[Action]) -> Game:
    """The game after ``moves``, which the table already checked."""
    _, game = normalise_config(config)
    for move in moves:
        game.step(act.decode(move))
    return game


def table_undo(table: str, seat: int) -> TableReply:
    """Take back ``seat``'s last move and every move since (the bots'), while the trick or the
    auction it was made in is still going; answers as ``table_bot_step`` with ``"undone"``,
    the number of moves taken back. The hand is marked on the score sheet."""
    t = _table(table)
    seat = check_seat(seat)
    game = t.game
    if game.phase == GAME_OVER:
        raise IllegalAction("the game is over: nothing can be taken back")
    index = _last_move_of(t, seat)
    earlier = _replayed(t.config, t.moves[:index])
    if (len(earlier.records) != len(game.records) or len(earlier.tricks) != len(game.tricks)
            or (earlier.phase == PLAY) != (game.phase == PLAY)):
        raise IllegalAction(f"{_SEAT_NAMES[seat]}'s last move can no longer be taken back: "
                            f"the trick or the bidding it belonged to is over")
    undone = len(t.moves) - index
    t.game = earlier
    del t.moves[index:]
    t.undos.add(len(earlier.records))
    reply = _reply(t, t.seats[0], [])
    reply["undone"] = undone
    return reply


def _last_move_of(table: Table, seat: int) -> int:
    """The index in the table's moves of ``seat``'s last move."""
    game = _replayed(table.config, [])
    last = -1
    for index, move in enumerate(table.moves):
        if game.to_act == seat:
            last = index
        game.step(act.decode(move))
    if last < 0:
        raise IllegalAction(f"{_SEAT_NAMES[seat]} has made no move to take back")
    return last


def close_table(table: str) -> dict[str, bool]:
    """Forget a table; its saved game is the caller's."""
    _table(table)
    del _tables[table]
    return {"closed": True}

