"""Share codes: a game's config (and its moves, if asked) in a short URL-safe string.

``k1`` + base64url of the zlib-compressed JSON payload ``{"p": profile, "s": seed, "d": first
dealer, "o": options, "h": first deal code, "c": starting scores, "a": moves}``, a move being
one character of ``_ACTION_ALPHABET`` (its action code) or, for a card passed to partner,
``_PASS_CARD_MARK`` and the card's character. Decoding checks only the code's form; the bridge
replays the moves (``api.decode_share``), so the rules stay the only judge of a move.
"""

from __future__ import annotations

from typing import Any

from ..engine import actions as act
from ..errors import InvalidAction
from .packing import code_of, pack, unpack

PREFIX = "k1"
_MAX_BRACKETS = 16
"""A real payload is one object holding at most an options object and a score list: refusing
more before parsing keeps a hostile link from exhausting WebAssembly's small native stack."""
_ACTION_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_PASS_CARD_MARK = "_"
"""A passed card is written as this mark and the card's character: links made before the
passing existed hold only actions below 64, one character each, and read as they always did.
A claim (``act.CLAIM``, 64 + 32) is the mark and the character after the last card's."""


def _share_char(action: int) -> str:
    if action >= act.PASS_CARD_BASE:
        return _PASS_CARD_MARK + _ACTION_ALPHABET[action - act.PASS_CARD_BASE]
    return _ACTION_ALPHABET[action]


def encode(config: dict[str, Any], history: list[int] | None) -> str:
    """The code of a normalised config, with the moves of ``history`` unless it is None."""
    payload: dict[str, Any] = {"p": config["profile"], "s": config["seed"], "d": config["dealer"]}
    if config.get("options"):
        payload["o"] = config["options"]
    if "deal" in config:
        payload["h"] = config["deal"]
    if "scores" in config:
        payload["c"] = config["scores"]
    if history is not None:
        payload["a"] = "".join(_share_char(a) for a in history)
    return pack(PREFIX, payload)


def decode(text: object) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The config and the moves (JSON actions) a code holds; a malformed code raises
    ``InvalidAction`` saying what is wrong with the link."""
    if not isinstance(text, str):
        raise InvalidAction(f"a share code is a string, got {type(text).__name__}")
    code = code_of(text, "g")
    if not code.startswith(PREFIX) or len(code) > 8000:
        raise InvalidAction("this link is not a Kaiser game link (it should start with 'k1')")
    body = code[len(PREFIX):]
    try:
        payload = unpack(body, 1 << 16, _MAX_BRACKETS)
    except ValueError:
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
    return config, _moves(payload.get("a", ""))


def _moves(moves_text: object) -> list[dict[str, Any]]:
    if not isinstance(moves_text, str) or any(ch not in _ACTION_ALPHABET for ch in moves_text):
        raise InvalidAction("this game link is damaged: its list of moves is unreadable")
    moves = []
    chars = iter(moves_text)
    for ch in chars:
        if ch == _PASS_CARD_MARK:
            card = _ACTION_ALPHABET.index(next(chars, "_"))
            if card == 32:
                moves.append(act.encode(act.CLAIM))
                continue
            if card > 32:
                raise InvalidAction("this game link is damaged: it holds an unknown move")
            moves.append(act.encode(act.PASS_CARD_BASE + card))
            continue
        code_int = _ACTION_ALPHABET.index(ch)
        if code_int > act.MAX_ACTION:
            raise InvalidAction("this game link is damaged: it holds an unknown move")
        moves.append(act.encode(code_int))
    return moves
