"""Fuzzing the bridge: malformed configs, actions, states and share codes only ever raise
InvalidAction or IllegalAction, each with a message. The configs draw every option the rules
know, with good values and bad; the actions every type the engine reads, in every phase."""

import base64
import copy
import json
import os
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from helpers import ALL_CARDS, PROFILE_NAMES, all_action_forms

FUZZ = settings(max_examples=int(os.environ.get("KAISER_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

scalars = (st.none() | st.booleans() | st.integers(-10 ** 6, 10 ** 6) |
           st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12) |
           st.sampled_from(ALL_CARDS + ["10h", "♥", "C", "D", "H", "S", "pass", "bid", "play",
                                        "trump", "kaiser", "redeal", "keep", "standard", "bidout",
                                        "bid_out", "single", "continuing", "AABVVaqq__8"]) |
           st.integers(0, 13))
json_values = st.recursive(scalars, lambda kids: st.lists(kids, max_size=4) |
                           st.dictionaries(st.text(max_size=8) | st.sampled_from(
                               ["type", "card", "points", "no_trump", "suit", "profile",
                                "options", "seed", "dealer", "deal", "scores"]), kids, max_size=4),
                           max_leaves=12)
SCHEMA = {o["name"]: o for o in api.options_schema()}
option_names = sorted(SCHEMA)


def good_values(name):
    """Values near and inside what the option accepts, so games under it get played."""
    o = SCHEMA[name]
    if o["type"] == "bool":
        return st.booleans()
    if o["type"] == "choice":
        return st.sampled_from(o["allowed"])
    low, high = o["allowed"]
    numbers = st.integers(low - 2, high + 2)
    if o["type"] == "int_or_bid_out":
        return numbers | st.just("bid_out")
    return numbers | st.none() if o["type"] == "int_or_null" else numbers


good_options = st.lists(st.sampled_from(option_names).flatmap(
    lambda n: st.tuples(st.just(n), good_values(n) | json_values)), max_size=5).map(dict)
options = good_options | st.dictionaries(st.sampled_from(option_names) | st.text(max_size=6),
                                         json_values, max_size=4)
ACTION_TYPES = ["pass", "bid", "play", "trump", "kaiser", "redeal", "keep", "pass_card", "claim"]
configs = st.one_of(
    json_values,
    st.fixed_dictionaries({}, optional={
        "profile": st.sampled_from(PROFILE_NAMES) | json_values,
        "options": options | json_values,
        "seed": st.text(max_size=10) | json_values,
        "dealer": st.integers(-2, 5) | json_values,
        "deal": st.sampled_from(["AABVVaqq__8", "AABVVaqq__9", ""]) | json_values |
        st.lists(st.lists(st.sampled_from(ALL_CARDS), max_size=9), min_size=3, max_size=5),
        "scores": st.lists(st.integers(-60, 70), min_size=1, max_size=3) | json_values,
    }),
)
actions = st.one_of(
    st.sampled_from(all_action_forms() + [{"type": "claim"}]),
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES) | json_values},
                          optional={"points": json_values | st.integers(0, 14),
                                    "no_trump": json_values, "card": json_values,
                                    "suit": json_values, "seat": json_values}),
)


def clean(fn, *args):
    """Call fn; only the two refusal classes may escape, each with a message."""
    try:
        return fn(*args)
    except (InvalidAction, IllegalAction) as err:
        assert str(err)
        return None


def base_state():
    s = api.new_game({"profile": "standard", "seed": "fuzz", "dealer": 3,
                      "options": {"kaiser_bid": True}})
    for a in [{"type": "bid", "points": 7, "no_trump": False}, {"type": "pass"}, {"type": "pass"},
              {"type": "pass"}, {"type": "trump", "suit": "H"}]:
        s = api.apply(s, a)
    return api.apply(s, api.legal_actions(s)[0])


BASE = json.loads(json.dumps(base_state()))


@FUZZ
@given(config=configs)
def test_fuzz_configs(config):
    s = clean(api.new_game, config)
    if s is not None:
        assert api.load(json.loads(json.dumps(s)))["config"] == s["config"]
        clean(api.apply, s, {"type": "pass"})
        api.encode_share(s)


@FUZZ
@given(action=actions, prefix=st.integers(0, len(BASE["actions"])))
def test_fuzz_actions(action, prefix):
    state = api.load(dict(BASE, actions=BASE["actions"][:prefix]))
    before = copy.deepcopy(state)
    clean(api.apply, state, action)
    assert state == before


def test_the_fuzz_knows_every_option_and_every_action_type():
    from kaiser_core.engine.rules import OPTION_NAMES

    assert set(option_names) == OPTION_NAMES
    assert {a["type"] for a in all_action_forms()} | {"claim"} == set(ACTION_TYPES)
    for kind in ACTION_TYPES:  # each type is one the engine reads (a bad field is refused)
        with pytest.raises((InvalidAction, IllegalAction)) as err:
            api.apply(BASE, {"type": kind, "card": "??", "points": 0, "suit": "?"})
        assert "unknown action type" not in str(err.value)


@FUZZ
@given(profile=st.sampled_from(PROFILE_NAMES), opts=good_options, seed=st.integers(0, 999),
       moves=st.integers(0, 60), action=actions)
def test_fuzz_actions_in_every_phase(profile, opts, seed, moves, action):
    """A game under drawn options, some random legal moves in, then any action: a claim in the
    play, a card passed to partner in the passing, malformed ones anywhere."""
    state = clean(api.new_game, {"profile": profile, "options": opts, "seed": f"phase-{seed}"})
    if state is None:
        return
    rng = random.Random(seed)
    for _ in range(moves):
        legal = api.legal_actions(state)
        if not legal:
            break
        state = api.apply(state, rng.choice(legal))
    before = copy.deepcopy(state)
    after = clean(api.apply, state, action)
    assert state == before
    if after is not None:
        assert api.load(json.loads(json.dumps(after)))["actions"] == after["actions"]


def set_path(obj, path, value):
    cur = obj
    for key in path[:-1]:
        cur = cur[key]
    cur[path[-1]] = value


def paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, prefix + (i,))


ALL_PATHS = [p for p in paths(BASE) if p]


@FUZZ
@given(edits=st.lists(st.tuples(st.sampled_from(ALL_PATHS), json_values), min_size=1, max_size=3),
       drop=st.sampled_from([None, "version", "config", "actions"]),
       drop_config=st.sampled_from([None, "profile", "options", "dealer"]))
def test_fuzz_states(edits, drop, drop_config):
    obj = copy.deepcopy(BASE)
    for path, value in edits:
        try:
            set_path(obj, path, value)
        except (KeyError, IndexError, TypeError):
            pass
    if isinstance(obj.get("config"), dict):
        obj["config"].setdefault("seed", "fuzz")  # a seedless config is random: see test_bridge
        if drop_config:
            obj["config"].pop(drop_config, None)
    if drop:
        obj.pop(drop, None)
    for fn in (api.load, api.legal_actions, api.summary):
        clean(fn, copy.deepcopy(obj))
    clean(api.view, copy.deepcopy(obj), 1)
    clean(api.apply, copy.deepcopy(obj), {"type": "pass"})
    clean(api.encode_share, copy.deepcopy(obj))


@FUZZ
@given(obj=json_values)
def test_fuzz_whole_states(obj):
    for fn in (api.load, api.legal_actions, api.summary, api.encode_share, api.decode_share):
        clean(fn, obj)
    clean(api.view, obj, 0)


def share(payload_bytes):
    return "k1" + base64.urlsafe_b64encode(zlib.compress(payload_bytes, 9)).decode().rstrip("=")


GOOD_CODE = api.encode_share(api.load(BASE), with_actions=True)


@FUZZ
@given(text=st.text(max_size=80) | st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=80
).map(lambda t: "k1" + t))
def test_fuzz_share_text(text):
    clean(api.decode_share, text)


@FUZZ
@given(i=st.integers(0, len(GOOD_CODE) - 1), ch=st.sampled_from(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=!#"), cut=st.booleans())
def test_fuzz_share_mutations(i, ch, cut):
    code = GOOD_CODE[:i] if cut else GOOD_CODE[:i] + ch + GOOD_CODE[i + 1:]
    clean(api.decode_share, code)


@FUZZ
@given(payload=st.fixed_dictionaries({}, optional={
    "p": st.sampled_from(PROFILE_NAMES) | json_values, "s": st.text(max_size=6) | json_values,
    "d": st.integers(0, 3) | json_values, "o": options | json_values,
    "h": st.just("AABVVaqq__8") | json_values, "c": json_values,
    "a": st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
                 max_size=12) | json_values}) | json_values)
def test_fuzz_share_payloads(payload):
    clean(api.decode_share, share(json.dumps(payload).encode()))


@pytest.mark.parametrize("seed", ["\ud800", "a\udfffb"])
def test_seed_with_lone_surrogate(seed):
    """A JSON string may hold a lone surrogate (JS strings can); it must be refused cleanly."""
    clean(api.new_game, {"profile": "standard", "seed": seed})


def test_config_seed_surrogate_through_load():
    obj = {"version": 1, "config": {"profile": "standard", "seed": "\ud800", "dealer": 0},
           "actions": []}
    clean(api.load, obj)
