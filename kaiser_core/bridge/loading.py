"""Saved games in, live games out: a state's config checked and normalised, its actions
replayed and checked, and the ``Game`` behind each state the bridge hands out remembered.

Replaying a long game for every call would make each call cost O(game length), so the
``Game`` behind each state is remembered: by the state object itself (Python callers), and by
content for a state that comes back through JSON, where the longest remembered prefix of its
action list is copied and only the rest is replayed and checked. Cached games are never mutated.

States are values: a state edited in place after the engine returned it is not answered from
the remembered game. The cache keeps its own copy of the config and actions it handed out and
uses the remembered game only while the state still equals that copy; an edited state is
loaded (and checked) like any other. The page itself keeps its game in a table
(``kaiser_core.bridge.tables``) and sends only moves.
"""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from typing import Any, NamedTuple

from ..engine import actions as act
from ..engine.deal import encode_deal, parse_deal
from ..engine.game import GAME_OVER, Game
from ..engine.rules import Rules
from ..errors import IllegalAction, InvalidAction

VERSION = 1
_CONFIG_KEYS = {"profile", "options", "seed", "dealer", "deal", "scores"}
_CACHE_SIZE = 64
_RECENT_SIZE = 16


class Live(NamedTuple):
    """A state's normalised config and game, and its action list as canonical JSON text
    (the exact text, so ``7.0`` or an edited action never passes for a remembered one)."""

    config: dict[str, Any]
    game: Game
    moves_json: str
    frozen: list[Action]
    """The canonical actions, owned here and never handed out: a state still equal to them
    (and to ``config``) has not been edited since the engine returned it."""


_cache: OrderedDict[int, tuple[dict[str, Any], Live]] = OrderedDict()
_recent: list[tuple[str, Live]] = []

State = dict[str, Any]
Action = dict[str, Any]


# ----- config and replay -----

def check_config(config: object) -> dict[str, Any]:
    """``config`` as an object holding only the known fields, else ``InvalidAction``."""
    if not isinstance(config, dict):
        raise InvalidAction(f"a game config is an object, got {type(config).__name__}")
    unknown = sorted(map(repr, set(config) - _CONFIG_KEYS))
    if unknown:
        raise InvalidAction(f"unknown config field {unknown[0]}: known fields are "
                            f"{', '.join(sorted(_CONFIG_KEYS))}")
    return config


def normalise_config(config: object) -> tuple[dict[str, Any], Game]:
    """A config checked and put in the form states carry (a missing seed drawn), and the game
    it deals; a bad one is ``InvalidAction``."""
    config = check_config(config)
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


def game_of(state: object) -> Game:
    """The ``Game`` behind ``state``, for the bridge's readers: never mutate it (it is shared)."""
    return live_of(state).game


def live_of(state: object) -> Live:
    """The live game behind ``state``: remembered when it is a state we handed out, else
    loaded (replaying only what no remembered game has already checked)."""
    if not isinstance(state, dict):
        raise InvalidAction(f"a state is an object, got {type(state).__name__}")
    entry = _cache.get(id(state))
    if (entry is not None and entry[0] is state and state.get("version") == VERSION
            and state.get("config") == entry[1].config and state.get("actions") == entry[1].frozen):
        _cache.move_to_end(id(state))
        return entry[1]
    return load_live(state)


def json_text(value: object, what: str) -> str:
    """``value`` as canonical JSON text (sorted keys), the form states are compared in; text that
    is not plain JSON is ``InvalidAction`` naming ``what``."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise InvalidAction(f"{what} must be plain JSON") from None


def load_live(state: dict[str, Any]) -> Live:
    """A state the cache does not vouch for, checked and replayed from the longest remembered
    game of the same config whose moves it extends."""
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
    key = json_text(config, "a game config")
    texts = [json_text(a, "an action") for a in moves]
    best: Live | None = None
    best_count = -1
    for cached_key, live in _recent:
        if cached_key != key:
            continue
        done = live.game.history
        count = len(done)
        if count <= len(moves) and count > best_count and live.moves_json == ",".join(texts[:count]):
            best, best_count = live, count
    if best is None:
        norm, game = normalise_config(config)
        _replay(game, moves)
        known: list[Action] = []
    else:
        norm, game = best.config, _replay(best.game.copy(), moves, best_count)
        known = best.frozen[:best_count]
    frozen = known + [act.encode(a) for a in game.history[len(known):]]
    live = Live(norm, game, ",".join(texts), frozen)
    _remember(live)
    return live


def _remember(live: Live) -> None:
    _recent.append((json_text(live.config, "a game config"), live))
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


def to_state(live: Live, moves: list[Action]) -> State:
    """The state handed out for ``live``, remembered so that the next call need not replay it."""
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
