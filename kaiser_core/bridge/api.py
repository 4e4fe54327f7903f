"""The JSON bridge: the only door the UI and the tests use.

Plain JSON-safe values in and out. A state is ``{"version": 1, "config": ..., "actions":
[...]}`` plus derived fields that are recomputed, never trusted: the game *is* its config and
action list, and ``load`` replays them (``kaiser_core.bridge.loading``). Functions never mutate
their arguments. The page plays through tables (``kaiser_core.bridge.tables``): a game held in
the engine between moves, so that a move sends an action and gets back views, never the state.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ..codes import share
from ..engine import actions as act
from ..engine.cards import CARD_STRS, card_name
from ..engine.deal import encode_deal
from ..engine.game import Game
from ..engine.rules import OPTION_META, OPTION_NAMES, PROFILES, Rules
from ..engine.rules_text import PROFILE_TEXT, describe, value_words
from ..errors import IllegalAction, InvalidAction
from .events import action_events, before_of, seen_by
from .loading import (
    VERSION,
    Action,
    State,
)
from .loading import Live as _Live
from .loading import check_config as _check_config
from .loading import game_of as _game
from .loading import json_text as _json_text
from .loading import live_of as _live
from .loading import load_live as _load_live
from .loading import normalise_config as _normalise_config
from .loading import to_state as _state
from .tables import bot_time_budget as _time_budget
from .tables import (
    close_table,
    open_table,
    table_bot_step,
    table_claim,
    table_hint,
    table_state,
    table_step,
    table_summary,
    table_undo,
    table_view,
)
from .views import check_seat, summary_json, view_json

if TYPE_CHECKING:  # the shapes' names stay out of the bridge's namespace: api.__all__ is its list
    from .shapes import Summary, View

# The bridge's functions, the one list of them: the worker refuses any other name
# (``webcall.BRIDGE``), and docs/bridge.md and web/js/types.js are checked against it.
__all__ = [
    "analyze", "analyze_step", "apply", "bot_action", "bot_step", "card_names",
    "challenge_par", "close_table", "decode_challenge", "decode_share", "describe_rules",
    "encode_challenge", "encode_hand", "encode_share", "hint", "legal_actions", "load", "new_game",
    "open_table", "options_schema", "profiles", "reply_challenge", "step", "summary",
    "table_bot_step", "table_claim", "table_hint", "table_state", "table_step", "table_summary", "table_undo",
    "table_view", "view",
]

# ----- the bridge -----

def new_game(config: dict[str, Any] | None = None) -> State:
    """A new game; ``config`` = profile, options, seed, dealer, deal, scores (all optional)."""
    norm, game = _normalise_config({} if config is None else config)
    return _state(_Live(norm, game, "", []), [])


def load(obj: object) -> State:
    """Validate a saved or shared state and replay it; a corrupt one raises ``InvalidAction``."""
    if not isinstance(obj, dict):
        raise InvalidAction(f"a saved game is an object, got {type(obj).__name__}")
    config, game, _, _ = _load_live(obj)
    moves = [act.encode(a) for a in game.history]
    moves_json = ",".join(_json_text(a, "an action") for a in moves)
    return _state(_Live(config, game, moves_json, [dict(a) for a in moves]), moves)


def legal_actions(state: State) -> list[Action]:
    return [act.encode(a) for a in _game(state).legal()]


def apply(state: State, action: Action) -> State:
    """The state after ``action``; ``state`` itself is left as it was."""
    live = _live(state)
    code = act.decode(action)
    live.game.check(code)
    after = live.game.copy()
    after.step(code)
    canonical = act.encode(code)
    text = _json_text(canonical, "an action")
    moves_json = f"{live.moves_json},{text}" if live.moves_json else text
    return _state(_Live(live.config, after, moves_json, live.frozen + [act.encode(code)]),
                  state["actions"] + [canonical])


def summary(state: State) -> Summary:
    """The score sheet: phase, whose turn, scores, target, winner and every finished hand."""
    return summary_json(_game(state))


def view(state: State, seat: int) -> View:
    """What ``seat`` may know: its own cards, the auction, trump, the cards played, scores."""
    return view_json(_game(state), check_seat(seat))


def profiles() -> dict[str, dict[str, Any]]:
    """The six named profiles: their options, a title, where they come from, and how each
    differs."""
    out = {}
    for name, rules in PROFILES.items():
        title, origin, summary = PROFILE_TEXT[name]
        out[name] = {"options": rules.to_options(), "title": title, "origin": origin,
                     "summary": summary}
    return out


def options_schema() -> list[dict[str, Any]]:
    """Every option: its type, allowed values, each profile's value, a label and a sentence
    for a player, and the words for each value (``choices``: ``[{"value", "label"}]``)."""
    out = []
    for name in Rules.__dataclass_fields__:
        meta = OPTION_META[name]
        entry: dict[str, Any] = {
            "name": name, "type": meta["type"], "allowed": meta["allowed"],
            "label": meta["label"], "help": meta["help"],
            "profiles": {p: getattr(r, name) for p, r in PROFILES.items()},
        }
        if meta["type"] == "choice":
            entry["choices"] = [{"value": v, "label": value_words(name, v)}
                                for v in meta["allowed"]]
        elif meta["words"]:
            special = next(iter(meta["words"]))
            entry["special"] = {"value": special, "label": value_words(name, special)}
        out.append(entry)
    assert {o["name"] for o in out} == OPTION_NAMES
    return out


def describe_rules(config: dict[str, Any] | None = None) -> dict[str, Any]:
    """The rules in force for ``config`` (as for ``new_game``; the seed is optional), in plain
    sentences grouped by topic: ``{"title", "origin", "summary", "sections": [{"topic",
    "title", "sentences"}]}`` with topics deal, bidding, play, scoring and end."""
    config = _check_config({} if config is None else config)
    profile = config.get("profile", "standard")
    rules = Rules.from_config(profile, config.get("options") or {})
    return describe(rules, profile)


def card_names() -> dict[str, str]:
    """Every card string with its name in words, for screen readers."""
    return {CARD_STRS[c]: card_name(c) for c in range(32)}


# ----- share codes (kaiser_core.codes.share) -----

def encode_share(state: State, with_actions: bool = False) -> str:
    """A short URL-safe code: profile, options, seed, first dealer (and the moves, if asked)."""
    config, game, _, _ = _live(state)
    return share.encode(config, game.history if with_actions else None)


def encode_hand(state: State, hand_index: int) -> str:
    """A share code of one finished hand alone: its deal written out, the scores before it and
    its moves, but not the game's seed, which deals the hands to come. It is what a shared
    table gives its guests after each hand (to analyse it, or to pass the deal on) while the
    game goes on; ``decode_share`` reads it as a game whose hand 0 is this one."""
    config, game, _, _ = _live(state)
    index = _finished_hand(game, hand_index)
    record = game.records[index]
    _, replay = _normalise_config(config)
    start = 0
    end = len(game.history)
    target = replay.target
    for i, action in enumerate(game.history):
        earlier = len(replay.records) < index
        replay.step(action)
        if earlier or action == act.REDEAL:
            start = i + 1  # the hand begins after the last earlier hand's move or redeal
            target = replay.target
        if len(replay.records) > index:
            end = i + 1
            break
    options = dict(config["options"])
    if target != replay.rules.target:
        options["target"] = target  # a no-trump target that earlier hands had already raised
    before = [s - d for s, d in zip(record.scores, record.delta)]
    hand_config = {"profile": config["profile"], "options": options,
                   "seed": f"hand-{index + 1}", "dealer": record.dealer,
                   "deal": encode_deal(record.deal), "scores": before}
    return share.encode(_normalise_config(hand_config)[0], game.history[start:end])


def decode_share(text: object) -> State:
    """The game a share code describes, replayed; anything malformed raises ``InvalidAction``."""
    config, moves = share.decode(text)
    try:
        return load({"version": VERSION, "config": config, "actions": moves})
    except IllegalAction as err:
        raise InvalidAction(f"this game link is damaged: {err}") from None


# ----- bots -----

def bot_action(state: State, level: str = "basic", seed: object = 0,
               time_cap_ms: float | None = None) -> Action:
    """The action a bot of ``level`` takes for the seat to act, from that seat's view only.

    ``time_cap_ms`` is for the browser, where Python runs 3-5 times slower: a search level
    returns its best move so far in time for the whole call, reading the game included, to
    answer inside the cap (``tables.bot_time_budget``).
    """
    from .. import bots

    started = time.perf_counter()
    game = _game(state)
    return act.encode(bots.choose(game, level, seed, _time_budget(time_cap_ms, started)))


def _check_seats(seats: object) -> list[int]:
    if seats is None:
        return []
    if not isinstance(seats, list) or len(seats) > 4:
        raise InvalidAction(f"seats is a list of up to four seats, got {seats!r}")
    return [check_seat(s) for s in seats]


def step(state: State, action: Action, seat: int = 0,
         seats: list[int] | None = None) -> dict[str, Any]:
    """Apply ``action`` for the seat to act and return all the UI shows of it, in one call:
    ``{"state", "view": view(new state, seat), "views": [view for each of seats],
    "events": [...], "hands_played": n}`` (events: ``kaiser_core.bridge.events``, as ``seat``
    and ``seats`` may see them)."""
    seat = check_seat(seat)
    extra = _check_seats(seats)
    live = _live(state)
    actor = live.game.to_act
    before = before_of(live.game)
    after = apply(state, action)
    canonical = after["actions"][-1]
    game = _game(after)
    return {
        "state": after,
        "view": view_json(game, seat),
        "views": [view_json(game, s) for s in extra],
        "events": seen_by(action_events(before, game, actor, canonical), {seat, *extra}),
        "hands_played": len(game.records),
    }


def bot_step(state: State, level: str, seed: object = 0, seat: int = 0,
             time_cap_ms: float | None = None, seats: list[int] | None = None
             ) -> dict[str, Any]:
    """A bot of ``level`` acts for the seat to act; the answer has ``step``'s shape."""
    check_seat(seat)
    _check_seats(seats)
    return step(state, bot_action(state, level, seed, time_cap_ms), seat, seats)


# ----- hints and analysis -----

def hint(state: State, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """Each legal action of ``seat`` as ``{"action", "value", "suggested"}``, best first.

    ``value`` is on one scale for every action: the expected score of the hand for the
    seat's team minus the other team's, from the strong bot's own search
    (``kaiser_core.review.hints``). ``seat`` must be the seat to act, else ``IllegalAction``.
    """
    from ..review.hints import hint as _hint

    return _hint(_game(state), check_seat(seat), seed)


def _finished_hand(game: Game, hand_index: object) -> int:
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or not (
            0 <= hand_index < len(game.records)):
        if not game.records:
            raise InvalidAction(f"no hand has finished yet, so hand {hand_index!r} cannot be analysed")
        raise InvalidAction(f"hand_index must be a finished hand from 0 to "
                            f"{len(game.records) - 1}, got {hand_index!r}")
    return hand_index


def analyze(state: State, hand_index: int) -> dict[str, Any]:
    """Double-dummy review of a finished hand (``kaiser_core.review.analysis``): per card its value,
    its cost to its own side and the best cards instead, the costliest mistakes in words,
    the par of the deal per denomination and the strong bot's estimate of the contract."""
    from ..review.analysis import HandAnalysis

    game = _game(state)
    return HandAnalysis(game, _finished_hand(game, hand_index)).run()


_analyses: OrderedDict[tuple[str, int], Any] = OrderedDict()


def analyze_step(state: State, hand_index: int) -> dict[str, Any]:
    """One step of ``analyze`` (a trick, the par table, ...), so a caller can show progress
    and stop between steps: ``{"done", "progress": [steps done, steps], "result"}`` with
    ``result`` only once done. The work in progress is remembered per game and hand."""
    from ..review.analysis import HandAnalysis

    live = _live(state)
    index = _finished_hand(live.game, hand_index)
    key = (json.dumps(live.config, sort_keys=True) + "|" + live.moves_json, index)
    work = _analyses.get(key)
    if work is None:
        work = _analyses[key] = HandAnalysis(live.game, index)
        while len(_analyses) > 4:
            _analyses.popitem(last=False)
    if not work.finished:
        work.step()
    done = work.finished
    return {"done": done, "progress": work.progress(), "result": work.result() if done else None}


# ----- challenges (duplicate deals between friends) -----

def encode_challenge(state: State, bots: object = None, name: object = None,
                     seat: int = 0) -> str:
    """A challenge code (``kaiser_core.codes.challenge``) for the finished deals of this game, as
    played from ``seat`` against ``bots`` ({"1": level, "2": level, "3": level}), with an
    optional ``name`` (plain text, at most 40 characters)."""
    from ..codes import challenge

    config, game, _, _ = _live(state)
    return challenge.encode(config, game, seat, bots, name)


def decode_challenge(text: object) -> dict[str, Any]:
    """What a challenge code carries: profile, options, seed, seat, bots, name and each deal
    with the challenger's result and a ``config`` for ``new_game``. Anything malformed,
    truncated or edited raises ``InvalidAction``."""
    from ..codes import challenge

    return challenge.decode(text)


def challenge_par(text: object, index: int) -> dict[str, Any]:
    """The par of deal ``index`` of a challenge: what the ``strong`` bot scores from 0-0 in
    the challenger's seat with the same bots (``{"index", "result": [t0, t1], "made", "raw"}``)."""
    from ..codes import challenge

    return challenge.par(text, index)


def reply_challenge(text: object, states: list[State], name: object = None) -> str:
    """The link a friend sends back: the same challenge with the results of ``states``, the
    friend's finished game of each deal (each started from the deal's ``config``), in order."""
    from ..codes import challenge

    if not isinstance(states, list):
        raise InvalidAction("states are the finished games of the challenge's deals, in a list")
    return challenge.reply(text, [_game(s) for s in states], name)
