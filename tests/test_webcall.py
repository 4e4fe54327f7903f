"""The worker's entry point: JSON text in and out, every failure an error reply naming it."""

from __future__ import annotations

import json

from kaiser_core.bridge import api
from kaiser_core.bridge import webcall


def reply(fn: object, args: object) -> dict:
    return json.loads(webcall.call(fn, json.dumps(args)))


def test_every_bridge_name_is_a_bridge_function() -> None:
    assert all(callable(getattr(api, name, None)) for name in webcall.BRIDGE)


def test_a_call_answers_what_the_bridge_answers() -> None:
    state = api.new_game({"profile": "standard", "seed": "w", "dealer": 1})
    assert reply("legal_actions", [state]) == {"result": api.legal_actions(state)}
    assert reply("view", [state, 0]) == {"result": json.loads(json.dumps(api.view(state, 0)))}


def test_unknown_names_are_refused_by_name() -> None:
    for fn in ("_replay", "json", "__import__", None, 3):
        error = reply(fn, [])["error"]
        assert error["type"] == "UnknownFunction"
        assert repr(fn) in error["message"]


def test_bad_arguments_and_illegal_moves_are_error_replies() -> None:
    assert reply("profiles", {"a": 1})["error"]["type"] == "TypeError"
    assert json.loads(webcall.call("profiles", "not json"))["error"]["type"] == "JSONDecodeError"
    state = api.new_game({"profile": "standard", "seed": "w", "dealer": 1})
    error = reply("apply", [state, {"type": "play", "card": "AS"}])["error"]
    assert error["type"] in ("IllegalAction", "InvalidAction") and error["message"]


def test_an_error_reply_keeps_its_type_its_code_and_the_traceback() -> None:
    state = api.new_game({"profile": "standard", "seed": "w", "dealer": 1})
    illegal = reply("apply", [state, {"type": "trump", "suit": "H"}])["error"]
    assert (illegal["type"], illegal["code"]) == ("IllegalAction", "illegal_action")
    gone = reply("table_view", ["no-such-table", 0])["error"]
    assert (gone["type"], gone["code"]) == ("InvalidAction", "table_not_found")
    assert gone["message"].startswith("no open table")
    assert gone["traceback"].startswith("Traceback") and "_table" in gone["traceback"]
    assert reply("nothing", [])["error"]["code"] == "unknown_function"
    assert reply("profiles", {"a": 1})["error"]["code"] == "internal_error"


def test_warm_leaves_every_module_imported() -> None:
    import sys

    webcall.warm()
    assert {"kaiser_core.bots", "kaiser_core.review.analysis", "kaiser_core.review.hints"} <= set(sys.modules)
