"""Rule sets: the frozen options object, the six profiles, the switches, validation."""

import dataclasses
import json

import pytest

from kaiser_core import PROFILES, InvalidAction, Rules
from kaiser_core.bridge import api

from helpers import PROFILE_NAMES

EXPECTED = {
    #             min  auction        all_pass               redeal thresh    nt_target winners        both_cross
    "standard":     (5, "single",     "throw_in",            False, 45,        None, "any",          "higher_score"),
    "tournament":   (7, "single",     "throw_in",            False, 45,        None, "any",          "higher_score"),
    "prairie":      (6, "single",     "dealer_bids",         True,  45,        None, "any",          "bidding_team"),
    "playingcards": (6, "continuing", "dealer_bids",         True,  45,        None, "any",          "higher_score"),
    "bidout":       (6, "single",     "dealer_bids_minimum", False, "bid_out", 62,   "bidders_only", "higher_score"),
    "classic":      (6, "single",     "dealer_bids",         True,  45,        None, "any",          "higher_score"),
}


def test_six_profiles():
    assert set(PROFILES) == set(PROFILE_NAMES)
    assert set(api.profiles()) == set(PROFILE_NAMES)


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_profile_values_match_the_rules_table(name):
    r = PROFILES[name]
    got = (r.minimum_bid, r.auction, r.all_pass, r.weak_hand_redeal, r.defender_threshold,
           r.no_trump_target, r.winners, r.both_cross)
    assert got == EXPECTED[name]
    assert r.target == 52
    assert r.spade_three_needs_three_tricks is False
    assert r.kaiser_bid is False


def test_bidout_threshold_is_target_minus_minimum():
    r = PROFILES["bidout"]
    assert r.threshold(52) == 46
    assert r.threshold(62) == 56
    assert Rules.from_config("bidout", {"minimum_bid": 7}).threshold(52) == 45
    for name in PROFILE_NAMES:
        if name != "bidout":
            assert PROFILES[name].threshold(52) == 45


def test_rules_are_frozen_hashable_comparable():
    r = PROFILES["standard"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.minimum_bid = 7  # type: ignore[misc]
    assert hash(r) == hash(Rules.from_config("standard"))
    assert r == Rules.from_config("standard")
    assert r != PROFILES["tournament"]
    assert len({PROFILES[n] for n in PROFILE_NAMES}) == 6


def test_every_option_round_trips_through_json():
    for name in PROFILE_NAMES:
        r = PROFILES[name]
        opts = json.loads(json.dumps(r.to_options()))
        assert Rules(**opts) == r
        assert Rules.from_config("standard", opts) == r


@pytest.mark.parametrize("name", PROFILE_NAMES)
@pytest.mark.parametrize("switch,value", [
    ("minimum_bid", 5), ("minimum_bid", 7), ("minimum_bid", 12),
    ("weak_hand_redeal", True), ("weak_hand_redeal", False),
    ("spade_three_needs_three_tricks", True), ("kaiser_bid", True),
])
def test_switches_in_every_profile(name, switch, value):
    r = Rules.from_config(name, {switch: value})
    assert getattr(r, switch) == value
    others = {k: v for k, v in r.to_options().items() if k != switch}
    base = {k: v for k, v in PROFILES[name].to_options().items() if k != switch}
    assert others == base
    state = api.new_game({"profile": name, "options": {switch: value}, "seed": "s"})
    assert state["config"]["options"] == {switch: value}
    assert api.legal_actions(state)


@pytest.mark.parametrize("profile", ["Standard", "foo", "", None, 3, ["standard"]])
def test_unknown_profile_rejected(profile):
    with pytest.raises(InvalidAction, match="profile"):
        Rules.from_config(profile)
    with pytest.raises(InvalidAction, match="profile"):
        api.new_game({"profile": profile, "seed": "x"})


def test_unknown_profile_message_lists_profiles():
    with pytest.raises(InvalidAction) as err:
        api.new_game({"profile": "fancy", "seed": "x"})
    assert "fancy" in str(err.value)
    for name in PROFILE_NAMES:
        assert name in str(err.value)


@pytest.mark.parametrize("option", ["minimumbid", "kaiser", "redeal", "target_score", ""])
def test_unknown_option_rejected_by_name(option):
    with pytest.raises(InvalidAction) as err:
        api.new_game({"profile": "standard", "options": {option: 1}, "seed": "x"})
    assert repr(option) in str(err.value)


@pytest.mark.parametrize("option,value", [
    ("minimum_bid", 4), ("minimum_bid", 13), ("minimum_bid", 0), ("minimum_bid", -6),
    ("minimum_bid", 6.0), ("minimum_bid", "6"), ("minimum_bid", True), ("minimum_bid", None),
    ("auction", "round"), ("auction", None), ("auction", 1),
    ("all_pass", "redeal"), ("winners", "all"), ("both_cross", "tie"),
    ("weak_hand_redeal", 1), ("weak_hand_redeal", "yes"), ("weak_hand_redeal", None),
    ("spade_three_needs_three_tricks", 0), ("kaiser_bid", "true"),
    ("target", 9), ("target", 501), ("target", 52.0), ("target", None),
    ("defender_threshold", -1), ("defender_threshold", 501), ("defender_threshold", "bidout"),
    ("defender_threshold", None), ("no_trump_target", 51), ("no_trump_target", "62"),
    ("no_trump_target", 1000),
])
def test_out_of_range_values_rejected_naming_the_option(option, value):
    with pytest.raises(InvalidAction) as err:
        Rules.from_config("standard", {option: value})
    assert option in str(err.value)
    with pytest.raises(InvalidAction) as err:
        api.new_game({"profile": "standard", "options": {option: value}, "seed": "x"})
    assert option in str(err.value)


@pytest.mark.parametrize("options", ["abc", 5, ["minimum_bid"], True])
def test_options_must_be_an_object(options):
    with pytest.raises(InvalidAction):
        api.new_game({"profile": "standard", "options": options, "seed": "x"})


def test_options_schema_covers_every_option():
    schema = api.options_schema()
    names = [o["name"] for o in schema]
    assert set(names) == set(Rules.__dataclass_fields__)
    for switch in ("minimum_bid", "weak_hand_redeal", "spade_three_needs_three_tricks", "kaiser_bid"):
        assert switch in names
    for o in schema:
        assert set(o) >= {"name", "type", "allowed", "help", "profiles"}
        assert set(o["profiles"]) == set(PROFILE_NAMES)
        assert o["help"]
        for p, v in o["profiles"].items():
            assert getattr(PROFILES[p], o["name"]) == v
    json.dumps(schema)


def test_profiles_bridge_shape():
    profs = api.profiles()
    for name, entry in profs.items():
        assert set(entry) == {"options", "title", "origin", "summary"}
        assert entry["summary"] and entry["title"] and entry["origin"]
        assert Rules(**entry["options"]) == PROFILES[name]
    json.dumps(profs)
