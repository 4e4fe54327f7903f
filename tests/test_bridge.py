"""The JSON bridge: shapes and names, errors, non-mutation, hidden cards, load and replay."""

import copy
import json
import random

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from helpers import (ALL_CARDS, KAISER, PASS, PROFILE_NAMES, bid, do, play, scripted_hand,
                     trump, winners_for)

STATE_KEYS = {"version", "config", "actions", "phase", "to_act", "dealer", "scores", "winner"}
VIEW_KEYS = {"seat", "phase", "to_act", "dealer", "hand_number", "hand", "hand_sizes", "auction",
             "contract", "out_seat", "trick", "tricks", "raw", "scores", "target", "threshold",
             "winner", "legal"}
SUMMARY_KEYS = {"phase", "to_act", "dealer", "scores", "target", "winner", "hands"}
RECORD_KEYS = {"dealer", "deal", "auction", "contract", "tricks", "raw", "delta", "scores", "made",
               "target", "threshold"}
CONTRACT_KEYS = {"seat", "points", "no_trump", "kaiser", "trump"}


def random_game(profile="standard", seed="bridge", steps=60, options=None, rng_seed=0, **config):
    rng = random.Random(rng_seed)
    s = api.new_game({"profile": profile, "seed": seed, "options": options or {}, **config})
    states = [s]
    for _ in range(steps):
        legal = api.legal_actions(s)
        if not legal:
            break
        s = api.apply(s, rng.choice(legal))
        states.append(s)
    return states


def finished_game():
    return scripted_hand("standard", winners_for(5, 0, 0), 0, bid(8), "C", scores=[10, 10])


# ----- shapes -----

def test_new_game_state_shape():
    s = api.new_game({"profile": "prairie", "seed": "abc", "dealer": 2})
    assert set(s) >= STATE_KEYS
    assert s["version"] == 1
    assert s["config"] == {"profile": "prairie", "options": {}, "seed": "abc", "dealer": 2}
    assert s["actions"] == []
    assert s["dealer"] == 2 and s["scores"] == [0, 0] and s["winner"] is None
    assert s["phase"] in ("bidding", "redeal")
    assert json.loads(json.dumps(s)) == s


def test_config_defaults_and_normalisation():
    s = api.new_game({})
    assert s["config"]["profile"] == "standard" and s["config"]["dealer"] == 0
    assert isinstance(s["config"]["seed"], str) and s["config"]["seed"]
    assert api.new_game(None)["config"]["profile"] == "standard"
    s = api.new_game({"profile": "standard", "seed": "x", "scores": [3, -4],
                      "deal": [[c for c in ALL_CARDS if c[1] == x] for x in "CDHS"],
                      "options": {"kaiser_bid": True}})
    assert s["config"] == {"profile": "standard", "options": {"kaiser_bid": True}, "seed": "x",
                           "dealer": 0, "deal": "AABVVaqq__8", "scores": [3, -4]}
    assert s["scores"] == [3, -4]


@pytest.mark.parametrize("config,words", [
    ({"profile": "standard", "seed": "x", "colour": 1}, "colour"),
    ({"seed": ""}, "seed"), ({"seed": 5}, "seed"), ({"seed": "x" * 201}, "seed"),
    ({"seed": "x", "dealer": 4}, "dealer"), ({"seed": "x", "dealer": -1}, "dealer"),
    ({"seed": "x", "dealer": True}, "dealer"), ({"seed": "x", "dealer": "1"}, "dealer"),
    ({"seed": "x", "scores": [1]}, "scores"), ({"seed": "x", "scores": [1, 2, 3]}, "scores"),
    ({"seed": "x", "scores": [1.5, 2]}, "scores"), ({"seed": "x", "scores": [True, 2]}, "scores"),
    ({"seed": "x", "scores": "0,0"}, "scores"), ({"seed": "x", "scores": [10 ** 9, 0]}, "scores"),
    ({"seed": "x", "deal": "nope"}, "deal"), ({"seed": "x", "deal": [[], [], [], []]}, "8 cards"),
    ({"seed": "x", "profile": "nope"}, "nope"),
    ({"seed": "x", "options": {"minimum_bid": 3}}, "minimum_bid"),
    ("standard", "config"), ([], "config"),
])
def test_bad_configs(config, words):
    with pytest.raises(InvalidAction, match=words):
        api.new_game(config)


def test_view_shape_and_names():
    states = random_game(steps=25)
    for s in states:
        for seat in range(4):
            v = api.view(s, seat)
            assert set(v) >= VIEW_KEYS
            assert v["seat"] == seat
            assert v["phase"] == s["phase"] and v["to_act"] == s["to_act"]
            assert v["dealer"] == s["dealer"] and v["scores"] == s["scores"]
            assert set(v["trick"]) >= {"leader", "seats", "cards"}
            assert len(v["hand_sizes"]) == 4 and len(v["hand"]) == v["hand_sizes"][seat]
            if v["contract"] is not None:
                assert set(v["contract"]) == CONTRACT_KEYS
            for t in v["tricks"]:
                assert set(t) >= {"leader", "seats", "cards", "winner"}
            if seat == s["to_act"]:
                assert v["legal"] == api.legal_actions(s)
            else:
                assert v["legal"] == []
            json.dumps(v)


def test_view_has_every_documented_field():
    """docs/bridge.md lists ``weak_hand`` among the exact fields of view()."""
    v = api.view(api.new_game({"profile": "prairie", "seed": "x"}), 0)
    assert set(v) >= VIEW_KEYS | {"weak_hand"}


def test_summary_shape():
    s = finished_game()
    s = do(s, *([PASS] * 3))
    sm = api.summary(s)
    assert set(sm) >= SUMMARY_KEYS
    assert sm["scores"] == [2, 13] and sm["target"] == 52 and sm["winner"] is None
    rec = sm["hands"][0]
    assert set(rec) >= RECORD_KEYS
    assert rec["dealer"] == 3
    assert len(rec["deal"]) == 4 and all(len(h) == 8 for h in rec["deal"])
    assert sorted(c for h in rec["deal"] for c in h) == sorted(ALL_CARDS)
    assert rec["auction"] == [[0, bid(8)], [1, PASS], [2, PASS], [3, PASS]]
    assert set(rec["contract"]) == CONTRACT_KEYS
    assert rec["contract"] == {"seat": 0, "points": 8, "no_trump": False, "kaiser": False,
                               "trump": "C"}
    assert len(rec["tricks"]) == 8
    for t in rec["tricks"]:
        assert set(t) >= {"leader", "cards", "winner"}
        assert len(t["cards"]) == 4
    assert rec["raw"] == [7, 3] and rec["delta"] == [-8, 3] and rec["scores"] == [2, 13]
    assert rec["made"] is False
    json.dumps(sm)


def test_summary_phase_names():
    seen = set()
    for profile in PROFILE_NAMES:
        for s in random_game(profile, steps=80, rng_seed=3, options={"weak_hand_redeal": True}):
            seen.add(api.summary(s)["phase"])
    seen.add(api.summary(scripted_hand("standard", [0] * 8, 0, bid(10), "C", scores=[45, 0]))["phase"])
    assert seen <= {"redeal", "bidding", "trump", "play", "game_over"}
    assert {"bidding", "trump", "play", "game_over"} <= seen


# ----- errors -----

def test_malformed_vs_forbidden():
    s = api.new_game({"seed": "x"})
    for bad in [None, "pass", [], {}, {"type": "fold"}, {"type": "pass", "extra": 1},
                {"type": "play", "card": "ZZ"}, {"type": "trump", "suit": "Q"}, {"type": 3},
                {"type": "bid", "points": 4}, {"type": "bid", "points": None}]:
        with pytest.raises(InvalidAction):
            api.apply(s, bad)
    for forbidden in [play("AS"), trump("H"), {"type": "keep"}, {"type": "redeal"}, KAISER]:
        with pytest.raises(IllegalAction):
            api.apply(s, forbidden)
    for bad_state in [None, [], "state", 3]:
        with pytest.raises(InvalidAction):
            api.apply(bad_state, PASS)
        with pytest.raises(InvalidAction):
            api.legal_actions(bad_state)
        with pytest.raises(InvalidAction):
            api.summary(bad_state)
        with pytest.raises(InvalidAction):
            api.view(bad_state, 0)


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True, 1.0])
def test_view_bad_seat(seat):
    with pytest.raises(InvalidAction, match="seat"):
        api.view(api.new_game({"seed": "x"}), seat)


# ----- non-mutation -----

def test_apply_never_mutates_its_input():
    states = random_game(steps=120, rng_seed=7, options={"kaiser_bid": True})
    rng = random.Random(5)
    for s in states[::7]:
        before = copy.deepcopy(s)
        legal = api.legal_actions(s)
        if not legal:
            continue
        action = rng.choice(legal)
        action_before = copy.deepcopy(action)
        after = api.apply(s, action)
        assert s == before and action == action_before
        assert after is not s and after["actions"] is not s["actions"]
        api.apply(s, action)  # the same input twice gives the same result
        assert api.apply(s, action) == after
        with pytest.raises((IllegalAction, InvalidAction)):
            api.apply(s, {"type": "play", "card": "7H"})
        assert s == before
        api.view(s, 0), api.summary(s), api.legal_actions(s)
        assert s == before


def test_apply_on_the_same_state_branches_independently():
    s = api.new_game({"profile": "standard", "seed": "branch", "dealer": 3})
    a = api.apply(s, bid(7))
    b = api.apply(s, PASS)
    assert a["actions"] == [bid(7)] and b["actions"] == [PASS]
    assert api.legal_actions(a) != api.legal_actions(b)
    assert api.view(s, 0)["legal"][0] == PASS and s["actions"] == []


def test_load_and_view_do_not_mutate():
    s = random_game(steps=40)[-1]
    obj = json.loads(json.dumps(s))
    before = copy.deepcopy(obj)
    api.load(obj)
    api.view(obj, 1)
    api.summary(obj)
    assert obj == before


# ----- view hides the other hands -----

def test_view_never_reveals_another_seats_unplayed_cards():
    for profile, opts in [("standard", {"kaiser_bid": True}), ("playingcards", {}),
                          ("prairie", {"kaiser_bid": True})]:
        for s in random_game(profile, steps=200, rng_seed=11, options=opts):
            if s["phase"] == "game_over":
                continue
            hands = {seat: set(api.view(s, seat)["hand"]) for seat in range(4)}
            for seat in range(4):
                text = json.dumps(api.view(s, seat))
                for other in range(4):
                    if other == seat:
                        continue
                    for c in hands[other]:
                        assert f'"{c}"' not in text, (profile, seat, other, c)


# ----- load / replay -----

def test_load_round_trip():
    for s in random_game("bidout", steps=150, rng_seed=2)[::10]:
        obj = json.loads(json.dumps(s))
        loaded = api.load(obj)
        assert loaded == s
        assert api.summary(loaded) == api.summary(s)
        for seat in range(4):
            assert api.view(loaded, seat) == api.view(s, seat)
        assert api.legal_actions(loaded) == api.legal_actions(s)


def test_loaded_state_continues_like_the_original():
    s = random_game(steps=30)[-1]
    loaded = api.load(json.loads(json.dumps(s)))
    for a in api.legal_actions(s):
        assert api.apply(loaded, a) == api.apply(s, a)


def test_derived_fields_are_recomputed_not_trusted():
    s = random_game(steps=30)[-1]
    obj = json.loads(json.dumps(s))
    obj.update({"phase": "game_over", "to_act": 3, "dealer": 1, "scores": [99, 99], "winner": 0})
    loaded = api.load(obj)
    assert loaded == s
    assert api.summary(obj) == api.summary(s)


def test_plain_dict_state_works_everywhere():
    s = random_game(steps=30)[-1]
    obj = json.loads(json.dumps(s))
    assert api.legal_actions(obj) == api.legal_actions(s)
    assert api.view(obj, 2) == api.view(s, 2)
    a = api.legal_actions(s)[0]
    assert api.apply(obj, a) == api.apply(s, a)


def test_load_without_seed_is_refused_by_name():
    """A saved game without its seed has unknown cards: loading it must say so, not deal anew
    (a fresh seed would give other cards on every load)."""
    obj = {"version": 1, "config": {"profile": "standard"}, "actions": []}
    with pytest.raises(InvalidAction, match="seed"):
        api.load(obj)


def good_state():
    s = api.new_game({"profile": "standard", "seed": "corrupt", "dealer": 3})
    s = do(s, bid(7), PASS, PASS, PASS, trump("H"))
    hand = api.view(s, 0)["hand"]
    return json.loads(json.dumps(api.apply(s, play(hand[0])))), hand


def corruptions():
    s, hand = good_state()
    foreign = next(c for c in ALL_CARDS if c not in hand)
    edits = [
        ("version", lambda o: o.pop("version")),
        ("version", lambda o: o.update(version=2)),
        ("version", lambda o: o.update(version="1")),
        ("config", lambda o: o.pop("config")),
        ("actions", lambda o: o.pop("actions")),
        ("actions", lambda o: o.update(actions={"0": PASS})),
        ("config", lambda o: o.update(config="standard")),
        ("profile", lambda o: o["config"].update(profile="poker")),
        ("option", lambda o: o["config"].update(options={"bogus": True})),
        ("minimum_bid", lambda o: o["config"].update(options={"minimum_bid": 99})),
        ("seed", lambda o: o["config"].update(seed="")),
        ("dealer", lambda o: o["config"].update(dealer=7)),
        ("deal", lambda o: o["config"].update(deal="!!!!!!!!!!!")),
        ("scores", lambda o: o["config"].update(scores=[1, 2, 3])),
        ("field", lambda o: o["config"].update(extra=1)),
        ("action 1", lambda o: o["actions"].__setitem__(0, {"type": "bid", "points": 99})),
        ("action 1", lambda o: o["actions"].__setitem__(0, "bid 7")),
        ("action 2", lambda o: o["actions"].__setitem__(1, bid(6))),       # does not outrank 7
        ("action 5", lambda o: o["actions"].__setitem__(4, trump(None))),  # no trump after a bid
        ("action 6", lambda o: o["actions"].__setitem__(5, play(foreign))),  # not in the hand
        ("action 6", lambda o: o["actions"].__setitem__(5, play("7H"))),
        ("action 3", lambda o: o["actions"].__setitem__(2, {"type": "pass", "seat": 2})),
    ]
    out = []
    for words, fn in edits:
        obj = copy.deepcopy(s)
        fn(obj)
        out.append((words, obj))
    out.append(("object", [s]))
    out.append(("object", "text"))
    return out


@pytest.mark.parametrize("words,obj", corruptions())
def test_load_of_corrupt_states(words, obj):
    with pytest.raises((InvalidAction, IllegalAction)) as err:
        api.load(obj)
    assert words.lower() in str(err.value).lower()
    assert str(err.value)
    for fn in (api.legal_actions, api.summary):
        with pytest.raises((InvalidAction, IllegalAction)):
            fn(obj)


def test_load_after_game_over_refuses_extra_actions():
    s = scripted_hand("standard", [0] * 8, 0, bid(10), "C", scores=[45, 0])
    assert s["phase"] == "game_over"
    obj = json.loads(json.dumps(s))
    assert api.load(obj) == s
    obj["actions"].append(PASS)
    with pytest.raises((InvalidAction, IllegalAction), match="over"):
        api.load(obj)


@pytest.mark.parametrize("field,value", [("points", 7.0), ("no_trump", 0)])
def test_load_validates_every_action_even_when_a_prefix_is_remembered(field, value):
    """A malformed action must make a saved state corrupt whatever the bridge remembers:
    7.0 is not a whole number of points and 0 is not true/false (the same actions are refused
    by apply)."""
    s = api.new_game({"profile": "standard", "seed": "prefix", "dealer": 3})
    s = do(s, bid(7), PASS)
    obj = json.loads(json.dumps(s))
    obj["actions"][0][field] = value
    with pytest.raises(InvalidAction):
        api.apply(api.new_game({"profile": "standard", "seed": "prefix", "dealer": 3}),
                  obj["actions"][0])
    with pytest.raises(InvalidAction):
        api.load(obj)


def test_load_sees_in_place_edits_of_a_returned_state():
    """load() validates what it is given: editing an action of a returned state in place must
    not be masked by what the bridge remembers about the state it came from."""
    s = api.new_game({"profile": "standard", "seed": "edit", "dealer": 3})
    s = do(s, bid(7), PASS)
    s["actions"][0]["points"] = 99
    with pytest.raises(InvalidAction):
        api.load(s)
    s["actions"][0]["points"] = 9
    loaded = api.load(s)
    assert api.view(loaded, 0)["auction"][0] == [0, bid(9)]


def test_load_gives_the_same_game_as_new_game_and_apply():
    config = {"profile": "playingcards", "seed": "same", "dealer": 1, "options": {"kaiser_bid": True}}
    s = random_game(steps=90, rng_seed=4, **{k: v for k, v in config.items() if k != "options"},
                    options=config["options"])[-1]
    fresh = api.new_game(s["config"])
    for a in s["actions"]:
        fresh = api.apply(fresh, a)
    assert fresh == s and api.summary(fresh) == api.summary(s)


def test_a_state_edited_in_place_is_not_answered_from_the_old_game():
    """States are values: after an in-place edit every call answers for the edited state,
    exactly as `load` of the same object does."""
    s = api.new_game({"profile": "standard", "seed": "edit-me", "dealer": 0})
    s = api.apply(s, api.legal_actions(s)[0])
    hand_before = api.view(s, 0)["hand"]
    s["config"]["seed"] = "another-seed"
    assert api.view(s, 0)["hand"] == api.view(api.load(s), 0)["hand"] != hand_before
    assert api.decode_share(api.encode_share(s))["config"]["seed"] == "another-seed"
    s2 = api.new_game({"profile": "standard", "seed": "edit-me", "dealer": 0})
    s2 = do(s2, PASS)
    s2["actions"][0] = {"type": "bid", "points": 9, "no_trump": False}
    assert api.view(s2, 0)["auction"] == api.view(api.load(s2), 0)["auction"]
    assert api.view(s2, 0)["auction"][0][1]["type"] == "bid"
    s2["actions"].append({"type": "play", "card": "AS"})
    with pytest.raises(InvalidAction):
        api.view(s2, 0)


def test_states_do_not_share_their_config():
    s = api.new_game({"profile": "standard", "seed": "shared-config"})
    t = api.apply(s, api.legal_actions(s)[0])
    t["config"]["seed"] = "changed"
    assert s["config"]["seed"] == "shared-config"
    assert api.legal_actions(s) == api.legal_actions(api.load(s))
