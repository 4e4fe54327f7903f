"""The browser worker's one entry point into the bridge: JSON text in, JSON text out.

The worker (web/worker.js) hands every request to :func:`call` as a function name and a JSON
array of arguments, so that no Python object ever crosses into JavaScript: a memory snapshot of
the interpreter can only be made while JavaScript holds no reference into it. The same code runs
when the site's build makes that snapshot (tools/make_snapshot.mjs), which first calls
:func:`warm`, so that the interpreter it saves has imported everything a request may need.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import traceback
from typing import Any

from ..errors import KaiserError
from . import api

# The bridge functions a page may call; anything else is refused by name.
BRIDGE = frozenset(api.__all__)


class UnknownFunction(LookupError):
    """A request named no bridge function."""


def call(fn: object, args_json: str) -> str:
    """Run one bridge call: ``{"result": ...}``, or for any exception ``{"error": {"type",
    "message", "code", "traceback"}}``, so that a bad request never stops the worker. ``code``
    is what a program tests (``KaiserError.code``, e.g. ``"table_not_found"``;
    ``"unknown_function"``; ``"internal_error"`` for anything the engine did not raise on
    purpose, a bug); ``traceback`` is Python's, for the console, never for a player."""
    try:
        if not isinstance(fn, str) or fn not in BRIDGE:
            raise UnknownFunction(f"unknown engine function: {fn!r}")
        args = json.loads(args_json)
        if not isinstance(args, list):
            raise TypeError("args must be a JSON array")
        result: Any = getattr(api, fn)(*args)
        return json.dumps({"result": result})
    except BaseException as exc:  # the worker must survive anything, even SystemExit
        error = {"type": type(exc).__name__, "message": str(exc), "code": _code(exc),
                 "traceback": traceback.format_exc()}
        return json.dumps({"error": error})


def _code(exc: BaseException) -> str:
    if isinstance(exc, KaiserError):
        return exc.code
    return "unknown_function" if isinstance(exc, UnknownFunction) else "internal_error"


NOT_IN_PAGE = ("kaiser_core.tools", "kaiser_core.interop")
"""Packages the page never imports: the command line and the research adapters. Leaving them
out of the warm-up keeps their standard-library modules (argparse, multiprocessing, ...) out of
the snapshot and out of the trimmed runtime the site ships (tools/trace_stdlib.mjs)."""


def warm() -> None:
    """Import every module of the package (the bots' search too, which the bridge imports only
    when first asked) and make one call of each kind the first table makes, before a snapshot.
    Not ``kaiser_core.interop``: the researchers' doors, which the page never calls (two of them
    need OpenSpiel or PettingZoo, which the browser does not have)."""
    import kaiser_core

    for module in pkgutil.walk_packages(kaiser_core.__path__, "kaiser_core."):
        if not module.name.endswith("__main__") and not module.name.startswith(NOT_IN_PAGE):
            importlib.import_module(module.name)
    state = api.new_game({"profile": "standard", "seed": "warm-up", "dealer": 0})
    table = api.open_table(state)["table"]
    for fn, args in (("legal_actions", [state]), ("view", [state, 0]), ("summary", [state]),
                     ("load", [state]), ("open_table", [state]), ("table_view", [table, 0]),
                     ("table_bot_step", [table, "strong", "warm-up"]), ("table_summary", [table]),
                     ("profiles", []), ("options_schema", [])):
        reply = json.loads(call(fn, json.dumps(args)))
        if "error" in reply:
            raise RuntimeError(f"warm-up call {fn} failed: {reply['error']}")
        if fn == "open_table":
            api.close_table(reply["result"]["table"])
    api.close_table(table)  # the snapshot holds no table: a page opens its own
