"""The form every link code shares: a prefix, then base64url (unpadded) of the zlib-compressed,
compact JSON of a payload. Share codes (``share``) and challenge codes (``challenge``) differ
only in their prefix, their payload and its limits."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any


def pack(prefix: str, payload: dict[str, Any]) -> str:
    text = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode("utf-8")
    return prefix + base64.urlsafe_b64encode(zlib.compress(text, 9)).decode("ascii").rstrip("=")


def code_of(text: str, key: str) -> str:
    """The code in what a person pastes: a whole URL, its hash (``#key=...``) or the bare code."""
    code = text.strip()
    if "#" in code:
        code = code.split("#", 1)[1]
    return code.removeprefix(key + "=")


def unpack(body: str, max_bytes: int, max_brackets: int) -> object:
    """The JSON value of a code's body (after its prefix); ``ValueError`` for anything that is
    not one: bad base64, a cut-short or over-long stream, nesting beyond ``max_brackets`` (a
    hostile link must not exhaust WebAssembly's small native stack while parsing)."""
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, max_bytes)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("cut short or too long")
        text = raw.decode("utf-8")
        if text.count("[") + text.count("{") > max_brackets:
            raise ValueError("nested too deep")
        return json.loads(text)
    except (zlib.error, RecursionError) as err:
        raise ValueError(str(err)) from None
