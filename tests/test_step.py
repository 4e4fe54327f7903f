"""The one-call-per-move bridge: ``step`` and ``bot_step`` return the new state, the views and
the events of the move, and those events agree with ``summary`` over whole games."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from test_fuzz import BASE, FUZZ, actions, clean, json_values


def _play_out(config, level="basic", seats=None, limit=2000):
    """Every step result of a game played by bots through ``bot_step``."""
    state = api.new_game(config)
    out = []
    while state["phase"] != "game_over" and len(out) < limit:
        result = api.bot_step(state, level, len(state["actions"]), 0, None, seats)
        out.append((state, result))
        state = result["state"]
    return out


@pytest.mark.parametrize("profile", ["standard", "prairie", "bidout"])
def test_events_agree_with_the_summary_over_a_whole_game(profile):
    steps = _play_out({"profile": profile, "seed": f"events-{profile}", "dealer": 1})
    final = steps[-1][1]["state"]
    summary = api.summary(final)
    assert summary["phase"] == "game_over"
    hands, tricks, overs = [], [], []
    for before, result in steps:
        events = result["events"]
        first = events[0]
        assert first == {"type": "action", "seat": before["to_act"],
                         "action": result["state"]["actions"][-1]}
        assert [e["type"] for e in events] == [t for t in ("action", "trick", "hand", "game_over")
                                               if any(e["type"] == t for e in events)]
        for e in events[1:]:
            {"trick": tricks, "hand": hands, "game_over": overs}[e["type"]].append(e)
        assert result["view"] == api.view(result["state"], 0)
        assert result["hands_played"] == len(api.summary(result["state"])["hands"])
        json.dumps(result)  # plain JSON all through
    assert [h["record"] for h in hands] == summary["hands"]
    assert [h["hand_index"] for h in hands] == list(range(len(summary["hands"])))
    played = [t for rec in summary["hands"] for t in rec["tricks"]]
    assert [{k: t[k] for k in ("leader", "seats", "cards", "winner")} for t in tricks] == played
    assert overs == [{"type": "game_over", "winner": summary["winner"], "scores": summary["scores"]}]
    for rec in summary["hands"]:
        if rec["contract"] is None:
            continue
        won = [sum(1 for t in rec["tricks"] if t["winner"] % 2 == side) for side in (0, 1)]
        assert rec["tricks_won"] == won
        assert rec["five_team"] in (0, 1) and rec["three_team"] in (0, 1)


def test_trick_points_add_up_to_the_raw_points():
    steps = _play_out({"profile": "standard", "seed": "points", "dealer": 0})
    raw = [0, 0]
    for _, result in steps:
        for e in result["events"]:
            if e["type"] == "trick":
                raw[e["winner"] % 2] += e["points"]
            if e["type"] == "hand":
                assert raw == e["record"]["raw"]
                raw = [0, 0]


def test_a_thrown_in_hand_is_a_hand_event():
    state = api.new_game({"profile": "standard", "seed": "throw", "dealer": 3})
    for _ in range(3):
        state = api.step(state, {"type": "pass"})["state"]
    result = api.step(state, {"type": "pass"})
    kinds = [e["type"] for e in result["events"]]
    assert kinds == ["action", "hand"]
    hand = result["events"][1]
    assert hand["record"]["contract"] is None and hand["hand_index"] == 0
    assert hand["record"]["tricks_won"] == [0, 0] and hand["record"]["five_team"] is None
    assert result["hands_played"] == 1


def test_step_returns_the_views_asked_for_and_leaves_the_state_alone():
    state = api.load(copy.deepcopy(BASE))
    before = copy.deepcopy(state)
    action = api.legal_actions(state)[0]
    result = api.step(state, action, 2, [2, 0])
    assert state == before
    assert result["state"] == api.apply(state, action)
    assert result["view"] == api.view(result["state"], 2)
    assert result["views"] == [api.view(result["state"], 2), api.view(result["state"], 0)]
    assert api.step(state, action)["views"] == []


def test_bot_step_is_bot_action_then_step():
    state = api.load(copy.deepcopy(BASE))
    action = api.bot_action(state, "strong", "s", 500)
    result = api.bot_step(state, "strong", "s", 0, 500)
    assert result["state"]["actions"][-1] == action
    assert result["events"][0]["action"] == action


def test_an_illegal_card_is_refused_in_a_players_words():
    state = api.load(copy.deepcopy(BASE))
    hand = api.view(state, state["to_act"])["hand"]
    legal = {a["card"] for a in api.legal_actions(state)}
    wrong = next(c for c in hand if c not in legal)
    with pytest.raises(IllegalAction, match="must follow suit: you hold"):
        api.step(state, {"type": "play", "card": wrong})


def test_standing_bid_and_the_dealers_right_to_equal():
    state = api.new_game({"profile": "standard", "seed": "stand", "dealer": 3})
    v = api.view(state, 0)
    assert v["standing"] is None and v["may_equal"] is False
    for a in [{"type": "pass"}, {"type": "bid", "points": 7, "no_trump": False}, {"type": "pass"}]:
        state = api.step(state, a)["state"]
    v = api.view(state, 0)
    assert v["standing"] == {"seat": 1, "action": {"type": "bid", "points": 7, "no_trump": False},
                             "index": 1}
    assert v["to_act"] == 3 and v["may_equal"] is True
    state = api.step(state, {"type": "pass"})["state"]
    v = api.view(state, 0)
    assert v["standing"]["seat"] == v["contract"]["seat"] == 1 and v["may_equal"] is False


@FUZZ
@given(action=actions, prefix=st.integers(0, len(BASE["actions"])),
       seat=st.integers(0, 3) | json_values, seats=st.none() | json_values)
def test_fuzz_step(action, prefix, seat, seats):
    state = api.load(dict(BASE, actions=BASE["actions"][:prefix]))
    before = copy.deepcopy(state)
    clean(api.step, state, action, seat, seats)
    assert state == before


@FUZZ
@given(level=st.sampled_from(["random", "basic"]) | json_values, seed=json_values,
       seat=st.integers(0, 3) | json_values, cap=st.none() | json_values,
       seats=st.none() | json_values)
def test_fuzz_bot_step(level, seed, seat, cap, seats):
    state = api.load(copy.deepcopy(BASE))
    clean(api.bot_step, state, level, seed, seat, cap, seats)


@FUZZ
@given(obj=json_values)
def test_fuzz_step_states(obj):
    clean(api.step, obj, {"type": "pass"})
    clean(api.bot_step, obj, "random")


def test_step_errors_are_the_bridge_errors():
    state = api.load(copy.deepcopy(BASE))
    with pytest.raises(InvalidAction):
        api.step(state, {"type": "play", "card": "XX"})
    with pytest.raises(InvalidAction):
        api.step(state, api.legal_actions(state)[0], 7)
    with pytest.raises(InvalidAction):
        api.bot_step(state, "genius")
