"""Challenge codes: round trip, duplicate scoring from 0-0, par, and refusal of bad codes."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from kaiser_core import InvalidAction
from kaiser_core.bridge import api
from kaiser_core.engine.deal import encode_deal


def _game(hands: int, seed: str = "challenge", profile: str = "prairie"):
    state = api.new_game({"profile": profile, "seed": seed, "dealer": 2})
    while len(api.summary(state)["hands"]) < hands:
        state = api.apply(state, api.bot_action(state, "basic", len(state["actions"])))
    return state


def _repack(code: str, edit) -> str:
    body = code[2:]
    payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    edit(payload)
    text = json.dumps(payload, separators=(",", ":")).encode()
    return "c1" + base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


def test_round_trip_carries_rules_seat_bots_name_and_deals():
    state = _game(3)
    bots = {"1": "strong", "2": "basic", "3": "random"}
    code = api.encode_challenge(state, bots, "Marie", 0)
    assert code.startswith("c1")
    c = api.decode_challenge("https://example.org/kaiser/#c=" + code)
    assert (c["profile"], c["seed"], c["seat"], c["name"], c["bots"]) == (
        "prairie", state["config"]["seed"], 0, "Marie", bots)
    hands = api.summary(state)["hands"]
    assert len(c["deals"]) == 3
    first = c["deals"][0]
    assert first["dealer"] == 2 == hands[0]["dealer"]
    fresh = api.new_game(first["config"])
    assert [api.view(fresh, s)["hand"] for s in range(4)] == hands[0]["deal"]
    assert first["config"]["scores"] == [0, 0]
    assert first["config"]["options"]["weak_hand_redeal"] is False


def test_each_result_is_the_hand_scored_on_its_own_from_zero():
    state = _game(8, "duplicate-scoring")
    summary = api.summary(state)
    c = api.decode_challenge(api.encode_challenge(state))
    for rec, deal in zip(summary["hands"], c["deals"]):
        assert deal["deal"] == rec["deal_code"] and deal["dealer"] == rec["dealer"]
        if rec["contract"] is None:
            assert deal["result"] == [0, 0]
        elif min(rec["scores"][t] - rec["delta"][t] for t in (0, 1)) < 45:
            assert deal["result"] == rec["delta"]


def test_defenders_over_the_threshold_still_score_in_the_challenge():
    state = api.new_game({"profile": "standard", "seed": "frozen", "scores": [50, 50],
                          "options": {"all_pass": "dealer_bids"}})
    while not api.summary(state)["hands"]:
        state = api.apply(state, api.bot_action(state, "basic", len(state["actions"])))
    rec = api.summary(state)["hands"][0]
    defenders = 1 - rec["contract"]["seat"] % 2
    result = api.decode_challenge(api.encode_challenge(state))["deals"][0]["result"]
    assert result[defenders] == rec["raw"][defenders]
    assert result[1 - defenders] == rec["delta"][1 - defenders]


def test_at_most_sixteen_deals_and_at_least_one():
    with pytest.raises(InvalidAction, match="finish at least one hand"):
        api.encode_challenge(api.new_game({"seed": "none"}))
    state = api.new_game({"profile": "standard", "seed": "long", "options": {"target": 500}})
    while len(api.summary(state)["hands"]) < 17:
        state = api.apply(state, api.bot_action(state, "random", len(state["actions"])))
    assert len(api.decode_challenge(api.encode_challenge(state))["deals"]) == 16


def test_name_is_plain_text_and_capped():
    state = _game(1)
    evil = "<img src=x onerror=alert(1)>"
    assert api.decode_challenge(api.encode_challenge(state, None, evil))["name"] == evil
    long = api.decode_challenge(api.encode_challenge(state, None, "A" * 500 + "\u0000\n"))
    assert long["name"] == "A" * 40


def test_par_is_the_strong_bot_in_the_same_seat_and_deterministic():
    state = _game(1)
    code = api.encode_challenge(state, {"1": "basic", "2": "basic", "3": "basic"})
    a = api.challenge_par(code, 0)
    assert a == api.challenge_par(code, 0)
    assert len(a["result"]) == 2 and all(isinstance(x, int) for x in a["result"])
    with pytest.raises(InvalidAction):
        api.challenge_par(code, 1)


@pytest.mark.parametrize("bad", [
    "", "c1", "c1!!!!", "g=k1abc", "c1" + "A" * 5000, 42, None,
])
def test_malformed_codes_are_refused_clearly(bad):
    with pytest.raises(InvalidAction):
        api.decode_challenge(bad)


def test_truncated_and_tampered_codes_are_refused():
    code = api.encode_challenge(_game(2))
    for cut in (len(code) - 1, len(code) - 5, len(code) // 2):
        with pytest.raises(InvalidAction, match="damaged"):
            api.decode_challenge(code[:cut])
    with pytest.raises(InvalidAction, match="check digits"):
        api.decode_challenge(_repack(code, lambda p: p["d"][0].__setitem__(2, [40, 0])))
    # A well-formed but edited payload with a fresh check is still validated field by field.
    def bad_deal(p):
        p["d"][0][0] = encode_deal((0xFF, 0xFF00, 0xFF0000, 0xFF000000))[:-1] + "A"
        p["k"] = ""
    with pytest.raises(InvalidAction):
        api.decode_challenge(_repack(code, bad_deal))


def test_reply_carries_the_friends_results_on_the_same_deals():
    code = api.encode_challenge(_game(2), None, "Ann")
    c = api.decode_challenge(code)
    played = []
    for deal in c["deals"]:
        s = api.new_game(deal["config"])
        while not api.summary(s)["hands"]:
            s = api.apply(s, api.bot_action(s, "random", len(s["actions"])))
        played.append(s)
    back = api.decode_challenge(api.reply_challenge(code, played, "Bob"))
    assert back["name"] == "Bob" and back["seed"] == c["seed"]
    assert [d["deal"] for d in back["deals"]] == [d["deal"] for d in c["deals"]]
    assert [d["result"] for d in back["deals"]] == [api.summary(s)["hands"][0]["delta"]
                                                    for s in played]
    with pytest.raises(InvalidAction):
        api.reply_challenge(code, played[::-1])
