"""The JSON bridge: the only door the UI and the tests use.

Plain JSON-safe values in and out. A state is ``{"version": 1, "config": ..., "actions":
[...]}`` plus derived fields that are recomputed, never trusted: the game *is* its config and
action list, and ``load`` replays them. Functions never mutate their arguments.

Replaying a long game for every call would make each call cost O(game length), so the
``Game`` behind each state this module hands out is remembered: by the state object itself
(Python callers), and by content for a state that comes back through JSON (the browser's
worker), where the longest remembered prefix of its action list is copied and only the rest
is replayed and checked. Cached games are never mutated.
"""

from __future__ import annotations

import base64
import json
import secrets
import zlib
from collections import OrderedDict
from typing import Any, NamedTuple

from . import actions as act
from .cards import CARD_STRS, FIVE_OF_HEARTS, SUITS, THREE_OF_SPADES, card_name, sorted_hand
from .deal import deal_lists, encode_deal, parse_deal
from .errors import IllegalAction, InvalidAction
from .events import action_events
from .game import GAME_OVER, Game, HandRecord, Trick
from .rules import OPTION_NAMES, PROFILE_DESCRIPTIONS, PROFILES, Rules

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


_cache: OrderedDict[int, tuple[dict[str, Any], int, _Live]] = OrderedDict()
_recent: list[tuple[str, _Live]] = []

State = dict[str, Any]
Action = dict[str, Any]


# ----- config and replay -----

def _normalise_config(config: object) -> tuple[dict[str, Any], Game]:
    if not isinstance(config, dict):
        raise InvalidAction(f"a game config is an object, got {type(config).__name__}")
    unknown = sorted(map(repr, set(config) - _CONFIG_KEYS))
    if unknown:
        raise InvalidAction(f"unknown config field {unknown[0]}: known fields are "
                            f"{', '.join(sorted(_CONFIG_KEYS))}")
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
    if entry is not None and entry[0] is state:
        moves = state.get("actions")
        if isinstance(moves, list) and len(moves) == entry[1]:
            _cache.move_to_end(id(state))
            return entry[2]
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
    else:
        norm, game = best.config, _replay(best.game.copy(), moves, best_count)
    live = _Live(norm, game, ",".join(texts))
    _remember(live)
    return live


def _remember(live: _Live) -> None:
    _recent.append((_json_text(live.config, "a game config"), live))
    if len(_recent) > _RECENT_SIZE:
        del _recent[0]


def _state(live: _Live, moves: list[Action]) -> State:
    game = live.game
    state: State = {
        "version": VERSION,
        "config": live.config,
        "actions": moves,
        "phase": game.phase,
        "to_act": game.to_act if game.phase != GAME_OVER else None,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "winner": game.winner,
    }
    _cache[id(state)] = (state, len(moves), live)
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    _remember(live)
    return state


# ----- the bridge -----

def new_game(config: dict[str, Any] | None = None) -> State:
    """A new game; ``config`` = profile, options, seed, dealer, deal, scores (all optional)."""
    norm, game = _normalise_config({} if config is None else config)
    return _state(_Live(norm, game, ""), [])


def load(obj: object) -> State:
    """Validate a saved or shared state and replay it; a corrupt one raises ``InvalidAction``."""
    if not isinstance(obj, dict):
        raise InvalidAction(f"a saved game is an object, got {type(obj).__name__}")
    config, game, _ = _load_live(obj)
    moves = [act.encode(a) for a in game.history]
    moves_json = ",".join(_json_text(a, "an action") for a in moves)
    return _state(_Live(config, game, moves_json), moves)


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
    return _state(_Live(live.config, after, moves_json), state["actions"] + [canonical])


def _contract_json(game_contract: Any, trump: int) -> dict[str, Any] | None:
    if game_contract is None:
        return None
    return {"seat": game_contract.seat, "points": game_contract.points,
            "no_trump": game_contract.no_trump, "kaiser": game_contract.kaiser,
            "trump": SUITS[trump] if trump >= 0 else None}


def _auction_json(auction: list[tuple[int, int]]) -> list[list[Any]]:
    return [[seat, act.encode(a)] for seat, a in auction]


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "seats": list(trick.seats),
            "cards": [CARD_STRS[c] for c in trick.cards], "winner": trick.winner}


def _seat_tricks(tricks: list[Trick]) -> list[int]:
    """How many tricks each seat took."""
    won = [0, 0, 0, 0]
    for t in tricks:
        won[t.winner] += 1
    return won


def _team_holding(tricks: list[Trick], card: int) -> int | None:
    """The team whose tricks hold ``card`` (None: not captured, e.g. a thrown-in hand)."""
    return next((t.winner & 1 for t in tricks if card in t.cards), None)


def _record_json(record: HandRecord) -> dict[str, Any]:
    return {
        "dealer": record.dealer,
        "deal": deal_lists(record.deal),
        "deal_code": encode_deal(record.deal),
        "auction": _auction_json(record.auction),
        "contract": _contract_json(record.contract, record.trump),
        "tricks": [_trick_json(t) for t in record.tricks],
        "tricks_won": [sum(1 for t in record.tricks if t.winner & 1 == side) for side in (0, 1)],
        "seat_tricks": _seat_tricks(record.tricks),
        "five_team": _team_holding(record.tricks, FIVE_OF_HEARTS),
        "three_team": _team_holding(record.tricks, THREE_OF_SPADES),
        "raw": list(record.raw),
        "delta": list(record.delta),
        "scores": list(record.scores),
        "made": record.made,
        "target": record.target,
        "threshold": record.threshold,
    }


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
        "hands": [_record_json(r) for r in game.records],
    }


def _check_seat(seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidAction(f"a seat is a number from 0 to 3, got {seat!r}")
    return seat


def _standing_json(game: Game) -> dict[str, Any] | None:
    """The highest bid of this hand's auction so far (the winning bid once it is over), with
    its place in ``auction``."""
    for index in range(len(game.auction) - 1, -1, -1):
        seat, action = game.auction[index]
        if action != act.PASS:
            return {"seat": seat, "action": act.encode(action), "index": index}
    return None


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
        "auction": _auction_json(game.auction),
        "contract": _contract_json(game.contract, game.trump),
        "out_seat": game.out_seat if game.out_seat >= 0 else None,
        "trick": trick,
        "tricks": [_trick_json(t) for t in game.tricks],
        "raw": list(game.raw()),
        "tricks_won": list(game.tricks_won),
        "seat_tricks": _seat_tricks(game.tricks),
        "scores": list(game.scores),
        "target": game.target,
        "threshold": game.rules.threshold(game.target),
        "winner": game.winner,
        "weak_hand": game.phase == "redeal" and game.to_act == seat,
        "standing": _standing_json(game),
        "may_equal": (game.phase == "bidding" and game.best_seat >= 0
                      and game.to_act == game.dealer),
        "legal": [act.encode(a) for a in game.legal()] if game.to_act == seat and not over else [],
    }


def profiles() -> dict[str, dict[str, Any]]:
    """The six named profiles: their options and a plain-words description."""
    return {name: {"options": rules.to_options(), "description": PROFILE_DESCRIPTIONS[name]}
            for name, rules in PROFILES.items()}


_OPTION_HELP = {
    "minimum_bid": ("int", [5, 12], "The lowest bid allowed."),
    "auction": ("choice", ["single", "continuing"],
                "single: one bid each from the dealer's left. continuing: passed players are out "
                "and bidding goes round until one bidder is left or 12 no is bid."),
    "all_pass": ("choice", ["throw_in", "dealer_bids", "dealer_bids_minimum"],
                 "If nobody bids: throw the hand in, make the dealer bid at least the minimum, "
                 "or force the dealer to bid exactly the minimum."),
    "weak_hand_redeal": ("bool", None,
                         "A hand with no ace, king, queen, jack, 5 of hearts or 3 of spades may "
                         "ask for a redeal before bidding."),
    "defender_threshold": ("int_or_bid_out", [0, 500],
                           "Defenders at or above this score gain nothing (losses still count). "
                           "bid_out: the target minus the minimum bid."),
    "target": ("int", [10, 500], "The score that wins the game."),
    "no_trump_target": ("int_or_null", [10, 500],
                        "If set, the target from the first no-trump contract of the game on."),
    "winners": ("choice", ["any", "bidders_only"],
                "any: either team reaching the target wins. bidders_only: only a bidding team "
                "that makes its contract can win."),
    "both_cross": ("choice", ["higher_score", "bidding_team"],
                   "If both teams reach the target on one hand: the higher score wins (a tie goes "
                   "to the bidders), or the bidding team wins."),
    "spade_three_needs_three_tricks": ("bool", None,
                                       "A team with the 3 of spades and only one or two tricks "
                                       "scores -3; the 5 of hearts counts only with three tricks."),
    "kaiser_bid": ("bool", None,
                   "A Kaiser bid above 12 no: the bidder plays alone and must take all eight "
                   "tricks, +40 if made, -40 if not."),
}


def options_schema() -> list[dict[str, Any]]:
    """Every option: its type, allowed values, each profile's value and a plain-words help."""
    out = []
    for name in Rules.__dataclass_fields__:
        kind, allowed, text = _OPTION_HELP[name]
        out.append({"name": name, "type": kind, "allowed": allowed, "help": text,
                    "profiles": {p: getattr(r, name) for p, r in PROFILES.items()}})
    assert {o["name"] for o in out} == OPTION_NAMES
    return out


def card_names() -> dict[str, str]:
    """Every card string with its name in words, for screen readers."""
    return {CARD_STRS[c]: card_name(c) for c in range(32)}


# ----- share codes -----

_SHARE_PREFIX = "k1"
_SHARE_MAX_BRACKETS = 16
"""A real payload is one object holding at most an options object and a score list: refusing
more before parsing keeps a hostile link from exhausting WebAssembly's small native stack."""
_ACTION_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def encode_share(state: State, with_actions: bool = False) -> str:
    """A short URL-safe code: profile, options, seed, first dealer (and the moves, if asked)."""
    config, game, _ = _live(state)
    payload: dict[str, Any] = {"p": config["profile"], "s": config["seed"], "d": config["dealer"]}
    if config.get("options"):
        payload["o"] = config["options"]
    if "deal" in config:
        payload["h"] = config["deal"]
    if "scores" in config:
        payload["c"] = config["scores"]
    if with_actions:
        payload["a"] = "".join(_ACTION_ALPHABET[a] for a in game.history)
    text = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf-8")
    packed = zlib.compress(text, 9)
    return _SHARE_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_share(text: object) -> State:
    """The game a share code describes, replayed; anything malformed raises ``InvalidAction``."""
    if not isinstance(text, str):
        raise InvalidAction(f"a share code is a string, got {type(text).__name__}")
    code = text.strip()
    if "#" in code:
        code = code.split("#", 1)[1]
    if code.startswith("g="):
        code = code[2:]
    if not code.startswith(_SHARE_PREFIX) or len(code) > 8000:
        raise InvalidAction("this link is not a Kaiser game link (it should start with 'k1')")
    body = code[len(_SHARE_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        text_bytes = inflater.decompress(packed, 1 << 16)
        if inflater.unconsumed_tail:
            raise ValueError("too long")
        text = text_bytes.decode("utf-8")
        if text.count("[") + text.count("{") > _SHARE_MAX_BRACKETS:
            raise ValueError("nested too deep")
        payload = json.loads(text)
    except (ValueError, zlib.error, RecursionError):
        raise InvalidAction("this game link is damaged: it could not be decoded "
                            "(was it cut short when copied?)") from None
    if not isinstance(payload, dict) or not {"p", "s", "d"} <= set(payload):
        raise InvalidAction("this game link is damaged: it lacks the profile, seed or dealer")
    config: dict[str, Any] = {"profile": payload["p"], "seed": payload["s"], "dealer": payload["d"],
                              "options": payload.get("o", {})}
    if "h" in payload:
        config["deal"] = payload["h"]
    if "c" in payload:
        config["scores"] = payload["c"]
    moves_text = payload.get("a", "")
    if not isinstance(moves_text, str) or any(ch not in _ACTION_ALPHABET for ch in moves_text):
        raise InvalidAction("this game link is damaged: its list of moves is unreadable")
    moves = []
    for ch in moves_text:
        code_int = _ACTION_ALPHABET.index(ch)
        if code_int > act.MAX_ACTION:
            raise InvalidAction("this game link is damaged: it holds an unknown move")
        moves.append(act.encode(code_int))
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
    from . import bots

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
        "events": action_events(live.game, game, actor, canonical, _record_json),
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
    from .hints import hint as _hint

    return _hint(_game(state), _check_seat(seat), seed)


def analyze(state: State, hand_index: int) -> dict[str, Any]:
    """Double-dummy review of a finished hand: for each trick the bidding team's attainable
    raw points (captured so far plus the double-dummy value of the rest) before the trick and
    after each card; ``loss`` is how much that card cost its own team (0: no mistake)."""
    from .bots import dds

    game = _game(state)
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or not (
            0 <= hand_index < len(game.records)):
        raise InvalidAction(f"hand_index must be a finished hand from 0 to "
                            f"{len(game.records) - 1}, got {hand_index!r}")
    record = game.records[hand_index]
    if record.contract is None:
        return {"hand_index": hand_index, "contract": None, "tricks": [], "dd_start": None,
                "raw": list(record.raw)}
    contract = record.contract
    bidders = contract.seat & 1
    trump = record.trump
    out_seat = (contract.seat + 2) & 3 if contract.kaiser else -1
    hands = list(record.deal)
    if out_seat >= 0:
        hands[out_seat] = 0
    solver = dds.Solver(trump, bidders, out_seat)
    captured = [0, 0]
    tricks = []
    dd_start = None
    for trick in record.tricks:
        leader = trick.leader
        before = captured[bidders] + dds.solve(hands, leader, trump, out_seat, team=bidders,
                                              search=solver)
        if dd_start is None:
            dd_start = before
        plays = []
        prev = before
        for k, (s, c) in enumerate(zip(trick.seats, trick.cards)):
            hands[s] ^= 1 << c
            seats, cards = list(trick.seats[:k + 1]), list(trick.cards[:k + 1])
            if k == len(trick.cards) - 1:
                pts = 1 + (5 if 16 in cards else 0) - (3 if 24 in cards else 0)
                gained = pts if trick.winner & 1 == bidders else 0
                after = captured[bidders] + gained + dds.solve(
                    hands, trick.winner, trump, out_seat, team=bidders, search=solver)
            else:
                after = captured[bidders] + dds.solve(hands, leader, trump, out_seat, seats,
                                                      cards, team=bidders, search=solver)
            loss = prev - after if s & 1 == bidders else after - prev
            plays.append({"seat": s, "card": CARD_STRS[c], "dd_after": after, "loss": loss})
            prev = after
        pts = 1 + (5 if 16 in trick.cards else 0) - (3 if 24 in trick.cards else 0)
        captured[trick.winner & 1] += pts
        tricks.append({"leader": leader, "winner": trick.winner,
                       "cards": [CARD_STRS[c] for c in trick.cards], "dd_before": before,
                       "plays": plays})
    return {"hand_index": hand_index, "contract": _contract_json(contract, trump),
            "bidders": bidders, "tricks": tricks, "dd_start": dd_start, "raw": list(record.raw)}
