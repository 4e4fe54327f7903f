"""Challenge codes: duplicate Kaiser between friends.

A code carries the rules (profile and switches), the game's seed, the challenger's seat, the
bot levels, up to 16 finished deals of the challenger's game (the first one is the game's
first hand: same cards, same dealer) with the challenger's result on each, and an optional
name. The friend plays each deal as a game of its own from 0-0, and so did the challenger's
result: every deal is scored on its own (duplicate), whatever the scores were when the
challenger played it.

Each deal is played with the weak-hand redeal switched off: a redeal would deal other cards
and the deal would no longer be the same for both players.

The code is ``c1`` + base64url(zlib(JSON)) with a check of 8 hex digits of SHA-256 inside,
so a link damaged in copying or edited by hand is refused with a message, never half-read.
The check is no seal: anyone can make a valid code; it is a game between friends.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any

from ..engine.cards import THREE_OF_SPADES
from ..engine.deal import encode_deal, parse_deal
from ..errors import InvalidAction
from ..engine.game import Game
from .packing import code_of, pack, unpack
from ..engine.rules import Rules
from ..engine.scoring import score_hand
from ..engine.tricks import team_holding, team_tricks

PREFIX = "c1"
MAX_DEALS = 16
NAME_MAX = 40
_MAX_CODE = 4000
_MAX_BRACKETS = 48
"""A real payload holds one object, an options object, a bot list and a list of at most 16
deals of two lists each: refusing more before parsing keeps a hostile link from exhausting
WebAssembly's small native stack."""
_DAMAGED = "this challenge link is damaged"


def _check_text(payload: dict[str, Any]) -> str:
    body = json.dumps({k: v for k, v in payload.items() if k != "k"}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()[:8]


def clean_name(name: object) -> str:
    """The challenger's name as plain text: control characters dropped, spaces squeezed,
    at most ``NAME_MAX`` characters (the page shows it as text, never as markup)."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise InvalidAction(f"a name is text, got {type(name).__name__}")
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:NAME_MAX]


def _levels(bots: object, seat: int) -> list[str]:
    from ..bots import LEVELS

    if bots is None:
        bots = {}
    if isinstance(bots, list) and len(bots) == 4:
        bots = {str(s): lvl for s, lvl in enumerate(bots)}
    if not isinstance(bots, dict):
        raise InvalidAction("bots are the levels of the three other seats, as "
                            '{"1": "basic", "2": "basic", "3": "basic"} or a list of four')
    out = []
    for s in range(4):
        if s == seat:
            out.append("")
            continue
        level = bots.get(str(s), bots.get(s, "basic"))
        if level not in LEVELS:
            raise InvalidAction(f"unknown bot level {level!r} for seat {s}: choose one of "
                                f"{', '.join(LEVELS)}")
        out.append(level)
    return out


def challenge_results(game: Game
                      ) -> list[tuple[tuple[int, int, int, int], int, tuple[int, int]]]:
    """(deal, dealer, result) of each finished hand, scored on its own from 0-0."""
    rules = game.rules
    out = []
    for record in game.records[:MAX_DEALS]:
        result = (0, 0)
        if record.contract is not None:
            three_team = team_holding(record.tricks, THREE_OF_SPADES)
            result = score_hand(rules, record.contract, record.raw, team_tricks(record.tricks),
                                (0, 0), rules.target, -1 if three_team is None else three_team).delta
        out.append((record.deal, record.dealer, result))
    return out


def encode(config: dict[str, Any], game: Game, seat: object = 0, bots: object = None,
           name: object = None) -> str:
    """The code for the finished deals of ``game`` played from ``seat``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidAction(f"a seat is a number from 0 to 3, got {seat!r}")
    if not game.records:
        raise InvalidAction("finish at least one hand before sending a challenge: "
                            "the challenge is the deals you have played")
    payload: dict[str, Any] = {
        "v": 1, "p": config["profile"], "o": config.get("options") or {}, "s": config["seed"],
        "t": seat, "b": _levels(bots, seat), "n": clean_name(name),
        "d": [[encode_deal(deal), dealer, list(result)]
              for deal, dealer, result in challenge_results(game)],
    }
    payload["k"] = _check_text(payload)
    return pack(PREFIX, payload)


def _payload(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise InvalidAction(f"a challenge code is text, got {type(text).__name__}")
    code = code_of(text, "c")
    if not code.startswith(PREFIX):
        raise InvalidAction("this is not a Kaiser challenge link (its code should start with 'c1')")
    if len(code) > _MAX_CODE:
        raise InvalidAction(f"{_DAMAGED}: it is far longer than a challenge can be")
    body = code[len(PREFIX):]
    try:
        payload = unpack(body, 1 << 15, _MAX_BRACKETS)
    except ValueError:
        raise InvalidAction(f"{_DAMAGED}: it could not be decoded (was it cut short when "
                            "copied?)") from None
    if not isinstance(payload, dict) or payload.get("v") != 1:
        raise InvalidAction(f"{_DAMAGED}: it is not a challenge this version can read")
    if payload.get("k") != _check_text(payload):
        raise InvalidAction(f"{_DAMAGED}: its check digits do not match (was it changed "
                            "by hand?)")
    return payload


def decode(text: object) -> dict[str, Any]:
    """Everything the code carries, checked, with a ready ``config`` for each deal."""
    from ..bots import LEVELS

    payload = _payload(text)
    profile, options, seed = payload.get("p"), payload.get("o"), payload.get("s")
    try:
        Rules.from_config(profile, options)
    except InvalidAction as err:
        raise InvalidAction(f"{_DAMAGED}: {err}") from None
    if not isinstance(seed, str) or not 0 < len(seed) <= 200:
        raise InvalidAction(f"{_DAMAGED}: its seed is unreadable")
    seat = payload.get("t")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InvalidAction(f"{_DAMAGED}: its seat is unreadable")
    bots = payload.get("b")
    if (not isinstance(bots, list) or len(bots) != 4
            or any((lvl != "") if s == seat else (lvl not in LEVELS) for s, lvl in enumerate(bots))):
        raise InvalidAction(f"{_DAMAGED}: its bot levels are unreadable")
    name = payload.get("n", "")
    if not isinstance(name, str) or clean_name(name) != name:
        raise InvalidAction(f"{_DAMAGED}: its name is unreadable")
    deals = payload.get("d")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_DEALS:
        raise InvalidAction(f"{_DAMAGED}: it must hold from 1 to {MAX_DEALS} deals")
    out = []
    play_options = {**options, "weak_hand_redeal": False}  # type: ignore[dict-item]
    for k, entry in enumerate(deals):
        if not isinstance(entry, list) or len(entry) != 3:
            raise InvalidAction(f"{_DAMAGED}: deal {k + 1} is unreadable")
        code, dealer, result = entry
        try:
            parse_deal(code)
        except InvalidAction as err:
            raise InvalidAction(f"{_DAMAGED}: deal {k + 1}: {err}") from None
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise InvalidAction(f"{_DAMAGED}: deal {k + 1} has no dealer")
        if (not isinstance(result, list) or len(result) != 2
                or any(isinstance(r, bool) or not isinstance(r, int) or abs(r) > 500 for r in result)):
            raise InvalidAction(f"{_DAMAGED}: the result of deal {k + 1} is unreadable")
        out.append({"index": k, "deal": code, "dealer": dealer, "result": result,
                    "config": {"profile": profile, "options": play_options,
                               "seed": f"{seed}/challenge-{k + 1}", "dealer": dealer,
                               "deal": code, "scores": [0, 0]}})
    return {"profile": profile, "options": options, "seed": seed, "seat": seat,
            "bots": {str(s): lvl for s, lvl in enumerate(bots) if s != seat},
            "name": name, "deals": out}


def par(text: object, index: object) -> dict[str, Any]:
    """What the ``strong`` bot scores on deal ``index`` in the challenger's seat with the
    same bots around it, seeded as the page seeds its bots, so it is the same every time."""
    from ..bots import choose

    challenge = decode(text)
    deals = challenge["deals"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(deals):
        raise InvalidAction(f"deal index must be from 0 to {len(deals) - 1}, got {index!r}")
    config = deals[index]["config"]
    rules = Rules.from_config(config["profile"], config["options"])
    game = Game(rules, config["seed"], config["dealer"], deal=parse_deal(config["deal"]))
    levels = {int(s): lvl for s, lvl in challenge["bots"].items()}
    levels[challenge["seat"]] = "strong"
    while not game.records:
        seed = f"{config['seed']}:{len(game.history)}"
        game.step(choose(game, levels[game.to_act], seed))
    record = game.records[0]
    return {"index": index, "result": list(record.delta), "made": record.made,
            "raw": list(record.raw)}


def reply(text: object, games: list[Game], name: object = None) -> str:
    """A code for the same challenge with the results of ``games`` (one game per deal, in
    order, each started from that deal's ``config``): the link a friend sends back."""
    challenge = decode(text)
    payload = _payload(text)
    if not games:
        raise InvalidAction("play at least the first deal before sending your results back")
    deals = []
    for k, game in enumerate(games[:len(challenge["deals"])]):
        entry = challenge["deals"][k]
        if not game.records or encode_deal(game.records[0].deal) != entry["deal"]:
            raise InvalidAction(f"game {k + 1} is not deal {k + 1} of this challenge, finished")
        _, dealer, result = challenge_results(game)[0]
        deals.append([entry["deal"], dealer, list(result)])
    out = {**payload, "n": clean_name(name), "d": deals}
    out["k"] = _check_text(out)
    return pack(PREFIX, out)
