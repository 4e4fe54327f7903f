"""The JSON bridge: the only door the UI and the tests use.

Plain JSON-safe values in and out. A state is ``{"version": 1, "config": ..., "actions":
[...]}`` plus derived fields that are recomputed, never trusted: the game *is* its config and
action list, and ``load`` replays them. Functions never mutate their arguments.

Replaying a long game for every call would make each call cost O(game length), so the
``Game`` behind each state this module hands out is remembered: by the state object itself
(Python callers), and by content for a state that comes back through JSON (the browser's
worker), where the longest remembered prefix of its action list is copied and only the rest
is replayed and checked. Cached games are never mutated.

States are values: a state edited in place after the engine returned it is not answered from
the remembered game. The cache keeps its own copy of the config and actions it handed out and
uses the remembered game only while the state still equals that copy; an edited state is
loaded (and checked) like any other.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from typing import Any, NamedTuple

from ..engine import actions as act
from ..engine.cards import CARD_STRS, card_name, sorted_hand
from ..codes import share
from ..engine.deal import encode_deal, parse_deal
from ..errors import IllegalAction, InvalidAction
from .events import action_events
from .shapes import auction_json, contract_json, record_json, seat_tricks, standing_json, trick_json
from ..engine.game import GAME_OVER, Game
from ..engine.rules import OPTION_META, OPTION_NAMES, PROFILES, Rules
from ..engine.rules_text import PROFILE_TEXT, describe, sheet_notes, value_words

VERSION = 1
_CONFIG_KEYS = {"profile", "options", "seed", "dealer", "deal", "scores"}
_CACHE_SIZE = 64
_RECENT_SIZE = 16


class _Live(NamedTuple):
    """A state's normalised config and game, and its action list as canonical JSON text
    (the exact text, so ``7.0`` or an edited action never passes for a remembered one)."""

    config: dict[str, Any]
    game: Game
    moves_json: str
    frozen: list[Action]
    """The canonical actions, owned here and never handed out: a state still equal to them
    (and to ``config``) has not been edited since the engine returned it."""


_cache: OrderedDict[int, tuple[dict[str, Any], _Live]] = OrderedDict()
_recent: list[tuple[str, _Live]] = []

State = dict[str, Any]
Action = dict[str, Any]


# ----- config and replay -----

def _check_config(config: object) -> dict[str, Any]:
    """``config`` as an object holding only the known fields, else ``InvalidAction``."""
    if not isinstance(config, dict):
        raise InvalidAction(f"a game config is an object, got {type(config).__name__}")
    unknown = sorted(map(repr, set(config) - _CONFIG_KEYS))
    if unknown:
        raise InvalidAction(f"unknown config field {unknown[0]}: known fields are "
                            f"{', '.join(sorted(_CONFIG_KEYS))}")
    return config


def _normalise_config(config: object) -> tuple[dict[str, Any], Game]:
    config = _check_config(config)
    profile = config.get("profile", "standard")
    options = config.get("options") or {}
    rules = Rules.from_config(profile, options)
    seed = config.get("seed")
    if seed is None:
        seed = secrets.token_urlsafe(9)
    if not isinstance(seed, str) or not seed or len(seed) > 200:
        raise InvalidAction(f"seed must be a non-empty string of at most 200 characters, got {seed!r}")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidAction(f"seed must be valid Unicode text, got {seed!r}") from None
    dealer = config.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
        raise InvalidAction(f"dealer must be a seat from 0 to 3, got {dealer!r}")
    scores = config.get("scores", [0, 0])
    if (not isinstance(scores, list) or len(scores) != 2
            or any(isinstance(s, bool) or not isinstance(s, int) or abs(s) > 10000 for s in scores)):
        raise InvalidAction(f"scores must be two whole numbers [team 0, team 1], got {scores!r}")
    deal = config.get("deal")
    hands = parse_deal(deal) if deal is not None else None
    norm: dict[str, Any] = {"profile": profile, "options": dict(options), "seed": seed,
                            "dealer": dealer}
    if hands is not None:
        norm["deal"] = encode_deal(hands)
    if scores != [0, 0]:
        norm["scores"] = list(scores)
    game = Game(rules, seed, dealer, hands, (scores[0], scores[1]))
    if game.winner is None and max(scores) >= game.target and rules.winners == "any":
        raise InvalidAction(f"scores {scores} already reach the target {game.target}")
    if rules.lose_at is not None and min(scores) <= rules.lose_at:
        raise InvalidAction(f"scores {scores} are already at or below the losing score "
                            f"{rules.lose_at}")
    return norm, game


def _replay(game: Game, moves: list[Any], start: int = 0) -> Game:
    """Check and apply ``moves[start:]``; a move the rules refuse makes the state corrupt."""
    for index in range(start, len(moves)):
        obj = moves[index]
        try:
            action = act.decode(obj)
            game.check(action)
        except (InvalidAction, IllegalAction) as err:
            raise InvalidAction(f"action {index + 1} of the saved game ({obj!r}): {err}") from None
        game.step(action)
    return game


def _game(state: object) -> Game:
    return _live(state).game


def _live(state: object) -> _Live:
    """The live game behind ``state``: remembered when it is a state we handed out, else
    loaded (replaying only what no remembered game has already checked)."""
    if not isinstance(state, dict):
        raise InvalidAction(f"a state is an object, got {type(state).__name__}")
    entry = _cache.get(id(state))
    if (entry is not None and entry[0] is state and state.get("version") == VERSION
            and state.get("config") == entry[1].config and state.get("actions") == entry[1].frozen):
        _cache.move_to_end(id(state))
        return entry[1]
    return _load_live(state)


def _json_text(value: object, what: str) -> str:
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise InvalidAction(f"{what} must be plain JSON") from None


def _load_live(state: dict[str, Any]) -> _Live:
    version = state.get("version")
    if version != VERSION:
        raise InvalidAction(f"unsupported state version {version!r} (this engine reads version {VERSION})")
    if "config" not in state or "actions" not in state:
        raise InvalidAction("a state needs its config and its actions")
    config, moves = state["config"], state["actions"]
    if not isinstance(config, dict) or "seed" not in config:
        raise InvalidAction("a saved game's config needs its seed: without it the cards are unknown")
    if not isinstance(moves, list):
        raise InvalidAction("a state's actions must be a list")
    key = _json_text(config, "a game config")
    texts = [_json_text(a, "an action") for a in moves]
    best: _Live | None = None
    best_count = -1
    for cached_key, live in _recent:
        if cached_key != key:
            continue
        done = live.game.history
        count = len(done)
        if count <= len(moves) and count > best_count and live.moves_json == ",".join(texts[:count]):
            best, best_count = live, count
    if best is None:
        norm, game = _normalise_config(config)
        _replay(game, moves)
        known: list[Action] = []
    else:
        norm, game = best.config, _replay(best.game.copy(), moves, best_count)
        known = best.frozen[:best_count]
    frozen = known + [act.encode(a) for a in game.history[len(known):]]
    live = _Live(norm, game, ",".join(texts), frozen)
    _remember(live)
    return live


def _remember(live: _Live) -> None:
    _recent.append((_json_text(live.config, "a game config"), live))
    if len(_recent) > _RECENT_SIZE:
        del _recent[0]


def _config_copy(config: dict[str, Any]) -> dict[str, Any]:
    """A state's own copy of the normalised config (whose values are scalars but for the
    options and the scores), so an edit to one state reaches neither the engine nor another."""
    out = dict(config)
    out["options"] = dict(config["options"])
    if "scores" in out:
        out["scores"] = list(out["scores"])
    return out


def _state(live: _Live, moves: list[Action]) -> State:
    game = live.game
    state: State = {
        "version": VERSION,
        "config": _config_copy(live.config),
        "actions": moves,
        "phase": game.phase,
        "to_act": game.to_act if game.phase != GAME_OVER else None,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "winner": game.winner,
    }
    _cache[id(state)] = (state, live)
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    _remember(live)
    return state


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


def summary(state: State) -> dict[str, Any]:
    """The score sheet: phase, whose turn, scores, target, winner and every finished hand."""
    game = _game(state)
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


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidAction(f"a seat is a number from 0 to 3, got {seat!r}")
    return seat


def view(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: its own cards, the auction, trump, the cards played, scores."""
    seat = _check_seat(seat)
    game = _game(state)
    over = game.phase == GAME_OVER
    trick = {"leader": game.trick_seats[0] if game.trick_seats else
             (game.to_act if game.phase == "play" else None),
             "seats": list(game.trick_seats), "cards": [CARD_STRS[c] for c in game.trick_cards]}
    return {
        "seat": seat,
        "phase": game.phase,
        "to_act": None if over else game.to_act,
        "dealer": game.dealer,
        "hand_number": len(game.records),
        "hand": [] if over else sorted_hand(game.hands[seat]),
        "hand_sizes": [0 if over else m.bit_count() for m in game.hands],
        "auction": auction_json(game.auction),
        "contract": contract_json(game.contract, game.trump),
        "out_seat": game.out_seat if game.out_seat >= 0 else None,
        "trick": trick,
        "tricks": [trick_json(t) for t in game.tricks],
        "raw": list(game.raw()),
        "tricks_won": list(game.tricks_won),
        "seat_tricks": seat_tricks(game.tricks),
        "scores": list(game.scores),
        "target": game.target,
        "threshold": game.rules.threshold(game.target),
        "winner": game.winner,
        "weak_hand": game.phase == "redeal" and game.to_act == seat,
        "standing": standing_json(game),
        "may_equal": (game.phase == "bidding" and game.best_seat >= 0
                      and game.to_act == game.dealer),
        "legal": [act.encode(a) for a in game.legal()] if game.to_act == seat and not over else [],
        "passed_card": None if over or game.passes[seat] < 0 else CARD_STRS[game.passes[seat]],
        "received_card": (None if over or game.received[seat] < 0
                          else CARD_STRS[game.received[seat]]),
        "to_take": _to_take(game, seat),
    }


def _to_take(game: Game, seat: int) -> dict[str, Any] | None:
    """What the seat to bid must bid at least to take the contract: the lowest legal bid, and
    whether it only equals the standing bid (the dealer's right), so the table can say "5 to
    take" to a dealer instead of "bid to beat 5"."""
    if game.phase != "bidding" or game.to_act != seat:
        return None
    bids = [a for a in game.legal() if a >= act.BID_BASE or a == act.KAISER]
    if not bids:
        return None
    lowest = bids[0]
    if lowest == act.KAISER:
        return {"points": None, "no_trump": False, "kaiser": True, "equal_allowed": False}
    equal = game.best_seat >= 0 and act.bid_rank(lowest) == game.best_rank
    return {"points": act.bid_points(lowest), "no_trump": act.bid_no_trump(lowest),
            "kaiser": False, "equal_allowed": equal}


def profiles() -> dict[str, dict[str, Any]]:
    """The six named profiles: their options, a title, where they come from, and how each
    differs (``description`` is the summary, kept for older callers)."""
    out = {}
    for name, rules in PROFILES.items():
        title, origin, summary = PROFILE_TEXT[name]
        out[name] = {"options": rules.to_options(), "title": title, "origin": origin,
                     "summary": summary, "description": summary}
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


# ----- share codes (kaiser_core.share) -----

def encode_share(state: State, with_actions: bool = False) -> str:
    """A short URL-safe code: profile, options, seed, first dealer (and the moves, if asked)."""
    config, game, _, _ = _live(state)
    return share.encode(config, game.history if with_actions else None)


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
    returns its best move so far when the cap is reached.
    """
    from .. import bots

    if time_cap_ms is not None and (isinstance(time_cap_ms, bool)
                                    or not isinstance(time_cap_ms, (int, float))
                                    or not 0 < time_cap_ms <= 600_000):
        raise InvalidAction(f"time_cap_ms must be a positive number of milliseconds, got {time_cap_ms!r}")
    cap = None if time_cap_ms is None else time_cap_ms / 1000
    return act.encode(bots.choose(_game(state), level, seed, cap))


def _check_seats(seats: object) -> list[int]:
    if seats is None:
        return []
    if not isinstance(seats, list) or len(seats) > 4:
        raise InvalidAction(f"seats is a list of up to four seats, got {seats!r}")
    return [_check_seat(s) for s in seats]


def step(state: State, action: Action, seat: int = 0,
         seats: list[int] | None = None) -> dict[str, Any]:
    """Apply ``action`` for the seat to act and return all the UI shows of it, in one call:
    ``{"state", "view": view(new state, seat), "views": [view for each of seats],
    "events": [...], "hands_played": n}`` (events: ``kaiser_core.events``)."""
    seat = _check_seat(seat)
    extra = _check_seats(seats)
    live = _live(state)
    actor = live.game.to_act
    after = apply(state, action)
    canonical = after["actions"][-1]
    game = _game(after)
    return {
        "state": after,
        "view": view(after, seat),
        "views": [view(after, s) for s in extra],
        "events": action_events(live.game, game, actor, canonical),
        "hands_played": len(game.records),
    }


def bot_step(state: State, level: str, seed: object = 0, seat: int = 0,
             time_cap_ms: float | None = None, seats: list[int] | None = None
             ) -> dict[str, Any]:
    """A bot of ``level`` acts for the seat to act; the answer has ``step``'s shape."""
    _check_seat(seat)
    _check_seats(seats)
    return step(state, bot_action(state, level, seed, time_cap_ms), seat, seats)


# ----- hints and analysis -----

def hint(state: State, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """Each legal action of ``seat`` as ``{"action", "value", "suggested"}``, best first.

    ``value`` is on one scale for every action: the expected score of the hand for the
    seat's team minus the other team's, from the strong bot's own search
    (``kaiser_core.hints``). ``seat`` must be the seat to act, else ``IllegalAction``.
    """
    from ..review.hints import hint as _hint

    return _hint(_game(state), _check_seat(seat), seed)


def _finished_hand(game: Game, hand_index: object) -> int:
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or not (
            0 <= hand_index < len(game.records)):
        if not game.records:
            raise InvalidAction(f"no hand has finished yet, so hand {hand_index!r} cannot be analysed")
        raise InvalidAction(f"hand_index must be a finished hand from 0 to "
                            f"{len(game.records) - 1}, got {hand_index!r}")
    return hand_index


def analyze(state: State, hand_index: int) -> dict[str, Any]:
    """Double-dummy review of a finished hand (``kaiser_core.analysis``): per card its value,
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
    """A challenge code (``kaiser_core.challenge``) for the finished deals of this game, as
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
