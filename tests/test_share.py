"""Share codes: round trips, link forms, and malformed codes giving a clear error."""

import base64
import json
import random
import string
import zlib

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from helpers import PROFILE_NAMES, bid, scripted_hand, winners_for

URL_SAFE = set(string.ascii_letters + string.digits + "-_")


def played(profile, steps, seed="share", rng_seed=0, **config):
    rng = random.Random(rng_seed)
    s = api.new_game({"profile": profile, "seed": seed, **config})
    for _ in range(steps):
        legal = api.legal_actions(s)
        if not legal:
            break
        s = api.apply(s, rng.choice(legal))
    return s


def make_code(payload) -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return "k1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_round_trip_with_actions(profile):
    s = played(profile, 120, options={"kaiser_bid": True}, dealer=2)
    code = api.encode_share(s, with_actions=True)
    assert isinstance(code, str) and code.startswith("k1")
    assert set(code) <= URL_SAFE
    back = api.decode_share(code)
    assert back == s
    assert api.summary(back) == api.summary(s)
    assert api.encode_share(back, with_actions=True) == code


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_round_trip_without_actions_is_the_start(profile):
    s = played(profile, 40, scores=[10, -5])
    code = api.encode_share(s)
    back = api.decode_share(code)
    assert back["actions"] == []
    assert back["config"] == s["config"]
    assert back == api.new_game(s["config"])
    assert api.encode_share(s, False) == code


def test_round_trip_with_fixed_deal_and_finished_game():
    s = scripted_hand("bidout", winners_for(4, 0, 0), 0, bid(6, True), scores=[50, 0],
                      options={"minimum_bid": 6})
    assert s["phase"] == "game_over"
    back = api.decode_share(api.encode_share(s, with_actions=True))
    assert back == s and back["config"]["deal"] == s["config"]["deal"]
    assert api.summary(back)["winner"] == 0


def test_link_forms_accepted():
    s = played("classic", 20)
    code = api.encode_share(s, with_actions=True)
    for text in [code, f"  {code}\n", f"#{code}", f"#g={code}",
                 f"https://example.org/kaiser/#g={code}", f"https://example.org/#{code}"]:
        assert api.decode_share(text) == s


def test_codes_are_short():
    s = played("standard", 300)
    assert len(api.encode_share(s)) < 100
    assert len(api.encode_share(s, with_actions=True)) < 600


def malformed_codes():
    good = api.encode_share(played("prairie", 60), with_actions=True)
    codes = ["", "k1", "k2" + good[2:], good[2:], "k1!!!!", "k1" + "A" * 9000, "x" * 50,
             good[:12], good[:20] + good[21:],
             good.replace("k1", "k1A", 1), "#g=", "k1====", "k1" + "_" * 40]
    codes += [make_code(p) for p in [
        [], "standard", {"p": "standard"}, {"p": "standard", "s": "x"},
        {"p": "nope", "s": "x", "d": 0}, {"p": "standard", "s": "", "d": 0},
        {"p": "standard", "s": "x", "d": 9}, {"p": "standard", "s": "x", "d": 0, "o": {"x": 1}},
        {"p": "standard", "s": "x", "d": 0, "o": "abc"}, {"p": "standard", "s": "x", "d": 0, "h": "bad"},
        {"p": "standard", "s": "x", "d": 0, "c": [99, 0]}, {"p": "standard", "s": "x", "d": 0, "a": 5},
        {"p": "standard", "s": "x", "d": 0, "a": "!"}, {"p": "standard", "s": "x", "d": 0, "a": "9"},
        {"p": "standard", "s": "x", "d": 0, "a": "AAAAAAAAAAAAAAAAAAAA"},
        {"p": ["standard"], "s": "x", "d": 0}, {"p": "standard", "s": 5, "d": 0},
        {"p": "standard", "s": "x", "d": 0, "o": {"minimum_bid": 13}},
    ]]
    codes += [make_code(b"not json"), make_code(b"\xff\xfe"), make_code(b"1" * 5000)]
    return codes


@pytest.mark.parametrize("code", malformed_codes())
def test_malformed_codes_give_a_clear_error(code):
    with pytest.raises(InvalidAction) as err:
        api.decode_share(code)
    assert str(err.value)


@pytest.mark.parametrize("obj", [None, 5, ["k1"], {"code": "k1"}, b"k1abc"])
def test_non_string_codes(obj):
    with pytest.raises(InvalidAction):
        api.decode_share(obj)


def test_illegal_moves_in_a_code_are_invalid():
    # "A" is action 0, the 7C: never legal as the first move of an auction
    with pytest.raises(InvalidAction, match=r"damaged|action"):
        api.decode_share(make_code({"p": "standard", "s": "x", "d": 0, "a": "A"}))


def test_deeply_nested_json_in_a_code():
    """A hand-made link whose JSON nests deeply must be refused cleanly (not RecursionError)."""
    with pytest.raises(InvalidAction):
        api.decode_share(make_code(b"[" * 60000))
    with pytest.raises(InvalidAction):
        api.decode_share(make_code(b'{"p":' * 20000))


def test_seed_that_is_not_utf8_encodable():
    """JSON may carry a lone surrogate; such a seed must be refused, not crash the engine."""
    code = make_code(b'{"p": "standard", "s": "\\ud800", "d": 0}')
    with pytest.raises(InvalidAction):
        api.decode_share(code)


def test_damaged_tails_never_crash():
    good = api.encode_share(played("prairie", 60), with_actions=True)
    for code in [good[:-5], good[:-1], good + "A", good + "AAAA", good[:-2] + "__"]:
        try:
            assert api.decode_share(code) == api.decode_share(good)
        except InvalidAction:
            pass


def test_truncations_never_crash():
    good = api.encode_share(played("playingcards", 80, options={"kaiser_bid": True}),
                            with_actions=True)
    for n in range(len(good)):
        try:
            api.decode_share(good[:n])
        except InvalidAction:
            pass


def test_encode_share_of_a_hand_written_state():
    """A plain saved state (config without dealer/options) is valid for load; sharing it must
    work too (or be refused with InvalidAction, never a KeyError)."""
    obj = {"version": 1, "config": {"profile": "standard", "seed": "x"}, "actions": []}
    assert api.load(obj)["config"]["dealer"] == 0
    try:
        code = api.encode_share(obj)
    except InvalidAction:
        return
    assert api.decode_share(code) == api.load(obj)


def test_encode_share_of_bad_state():
    for bad in [None, {}, {"version": 1}, {"version": 1, "config": {}, "actions": "x"}]:
        with pytest.raises((InvalidAction, IllegalAction)):
            api.encode_share(bad)


def _finished_game(profile: str, seed: str, options: dict) -> dict:
    s = api.new_game({"profile": profile, "seed": seed, "options": options})
    n = 0
    while api.summary(s)["phase"] != "game_over":
        s = api.apply(s, api.bot_action(s, "basic", n))
        n += 1
    return s


@pytest.mark.parametrize("profile,options", [
    *[(p, {}) for p in PROFILE_NAMES],
    ("standard", {"weak_hand_redeal": True, "pass_to_partner": True}),
    ("classic", {"kaiser_bid": True}),
])
def test_a_hand_code_replays_that_hand_alone_and_keeps_the_seed(profile, options):
    """What a shared table gives its guests after each hand: that hand as a game of its own,
    scored as it was scored, holding neither the game's seed nor any other hand's deal."""
    # In this bidout game an early no trump raises the target for the hands after it.
    seed = "zbidout" if profile == "bidout" else f"secret-{profile}"
    s = _finished_game(profile, seed, options)
    hands = api.summary(s)["hands"]
    for k, hand in enumerate(hands):
        code = api.encode_hand(s, k)
        alone = api.decode_share(code)
        assert seed not in json.dumps(alone)
        assert api.summary(alone)["hands"][0] == hand
        others = {h["deal_code"] for h in hands} - {hand["deal_code"]}
        assert not others & {h["deal_code"] for h in api.summary(alone)["hands"]}


def test_a_hand_code_is_only_for_a_finished_hand():
    s = api.new_game({"profile": "prairie", "seed": "unfinished"})
    with pytest.raises(InvalidAction, match="no hand has finished yet"):
        api.encode_hand(s, 0)
    s = _finished_game("prairie", "few", {})
    with pytest.raises(InvalidAction, match="finished hand from 0"):
        api.encode_hand(s, len(api.summary(s)["hands"]))
