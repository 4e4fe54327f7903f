"""The hint: one value scale for every legal action, best first, exactly one suggestion."""

from __future__ import annotations

import pytest

from kaiser_core import IllegalAction
from kaiser_core.bridge import api
from kaiser_core.bots import choose
from kaiser_core.review.hints import _expected


def _check(hints, state):
    legal = api.legal_actions(state)
    assert sorted(map(repr, (h["action"] for h in hints))) == sorted(map(repr, legal))
    values = [h["value"] for h in hints]
    assert all(isinstance(v, float) for v in values)
    assert values == sorted(values, reverse=True)
    assert [h["suggested"] for h in hints].count(True) == 1
    assert hints[0]["suggested"] and hints[0]["value"] == max(values)


def _states(seed, profile="prairie", count=60):
    state = api.new_game({"profile": profile, "seed": seed, "dealer": 2})
    for n in range(count):
        if state["phase"] == "game_over":
            return
        yield state
        state = api.apply(state, api.bot_action(state, "basic", n))


@pytest.mark.parametrize("seed", ["hint-a", "hint-b", "hint-c"])
def test_every_phase_is_on_one_scale(seed):
    phases = set()
    for state in _states(seed):
        hints = api.hint(state, state["to_act"])
        _check(hints, state)
        phases.add(state["phase"])
    assert {"bidding", "trump", "play"} <= phases


def test_a_pass_has_a_value_like_any_bid():
    """After an opponent's bid, passing means defending it: not a free 0."""
    state = api.new_game({"profile": "standard", "seed": "defend", "dealer": 3})
    state = api.apply(state, {"type": "bid", "points": 9, "no_trump": False})
    hints = api.hint(state, state["to_act"])
    passing = next(h for h in hints if h["action"]["type"] == "pass")
    assert passing["value"] != 0.0
    _check(hints, state)


def test_ties_go_to_the_bots_choice():
    state = api.new_game({"profile": "prairie", "seed": "hint-a", "dealer": 2})
    for state in _states("hint-a"):
        hints = api.hint(state, state["to_act"], seed=5)
        best = hints[0]["value"]
        tied = [h["action"] for h in hints if h["value"] == best]
        if len(tied) > 1 and state["phase"] == "play":
            bot = choose(api._game(state), "strong", 5)
            from kaiser_core import actions as act
            if act.encode(bot) in tied:
                assert hints[0]["action"] == act.encode(bot)


def test_weak_hand_hint_prefers_the_redeal():
    for seed in range(200):
        state = api.new_game({"profile": "prairie", "seed": f"weak{seed}"})
        if state["phase"] == "redeal":
            break
    else:
        pytest.skip("no weak hand dealt")
    hints = api.hint(state, state["to_act"])
    _check(hints, state)
    assert hints[0]["action"] == {"type": "redeal"}


def test_expected_value_grows_with_the_raw_estimate():
    from kaiser_core.bots import observe
    from kaiser_core.engine.scoring import Contract

    state = api.new_game({"profile": "standard", "seed": "mono"})
    obs = observe(api._game(state), state["to_act"])
    contract = Contract(obs.seat, 7, False, False)
    values = [_expected(contract, obs, mu) for mu in (3, 5, 7, 9)]
    assert values == sorted(values)


def test_hint_for_a_seat_not_to_act():
    state = api.new_game({"profile": "standard", "seed": "who"})
    with pytest.raises(IllegalAction):
        api.hint(state, (state["to_act"] + 1) % 4)
