"""The hint: one value scale for every legal action, best first, exactly one suggestion."""

from __future__ import annotations

import pytest

from kaiser_core import IllegalAction
from kaiser_core.bridge import api
from kaiser_core.bots import choose
from kaiser_core.bots import bidding, observe
from kaiser_core.engine.scoring import Contract
from kaiser_core.engine.cards import parse_card
from kaiser_core.review.hints import hint


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
            from kaiser_core.engine import actions as act
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
    state = api.new_game({"profile": "standard", "seed": "mono"})
    obs = observe(api._game(state), state["to_act"])
    contract = Contract(obs.seat, 7, False, False)
    model = bidding.tables()["declare"]["suit"]
    values = []
    for mu in (3, 5, 7, 9):
        # A feature row whose prediction is ``mu``: the constant alone.
        x = [mu / model["coef"][0]] + [0.0] * (len(model["coef"]) - 1)
        values.append(bidding.expected_net(obs, contract, bidding.distribution(model, x)[1]))
    assert values == sorted(values)


def _bidding_state(hand, profile="prairie", options=None, scores=None):
    """A game in the bidding with ``hand`` (card strings) for the seat to bid."""
    from kaiser_core.engine.cards import DECK, mask_of
    from kaiser_core.engine.game import Game
    from kaiser_core.engine.rules import Rules

    mine = mask_of(parse_card(c) for c in hand)
    rest = [c for c in range(32) if not mine >> c & 1]
    others = [mask_of(rest[k * 8:(k + 1) * 8]) for k in range(3)]
    deal = (others[0], mine, others[1], others[2])
    assert sum(deal) == DECK
    game = Game(Rules.from_config(profile, options), "hand", dealer=0, deal=deal,
                scores=scores or (0, 0))
    while game.to_act != 1:
        game.step(choose(game, "basic", 0))
    return game


def test_kaiser_is_never_suggested_to_a_hand_without_eight_tricks():
    kaiser_values, other_values = [], []
    for hand in (["QS", "AH", "QH", "5H", "KD", "QC", "9C", "8C"],
                 ["AS", "KS", "QS", "AH", "KH", "AD", "AC", "9C"]):
        game = _bidding_state(hand, options={"kaiser_bid": True})
        hints = hint(game, 1)
        kaiser = next(h for h in hints if h["action"] == {"type": "kaiser"})
        kaiser_values.append(kaiser["value"])
        other_values.append([h["value"] for h in hints if h is not kaiser])
        assert not kaiser["suggested"]
        assert kaiser["value"] < -20 and "eight tricks" in kaiser["reason"]
    # Far from eight tricks: the Kaiser bid is the worst call there is.
    assert kaiser_values[0] < min(v for v in other_values[0])


def test_a_sure_kaiser_is_valued_as_made():
    game = _bidding_state(["AS", "KS", "QS", "JS", "AH", "KH", "AD", "AC"],
                          options={"kaiser_bid": True})
    hints = hint(game, 1)
    assert hints[0]["action"] == {"type": "kaiser"} and hints[0]["value"] > 30


def test_every_hint_says_why_in_words():
    for state in _states("hint-words", count=40):
        for h in api.hint(state, state["to_act"]):
            reason = h["reason"]
            assert isinstance(reason, str) and reason[0].isupper()
            for code in ("5H", "3S", "NT", "None"):
                assert code not in reason


def test_a_bid_names_its_plan_and_its_expectation():
    game = _bidding_state(["QS", "JS", "9S", "AH", "KD", "AC", "QC", "9C"])
    hints = hint(game, 1)
    bid = next(h for h in hints if h["action"]["type"] == "bid")
    assert bid["reason"].startswith(f"Bid {bid['action']['points']}")
    assert "points expected" in bid["reason"]
    assert any(sign in bid["reason"] for sign in ("♣", "♦", "♥", "♠", "no trump"))


def test_the_pass_to_partner_hint_tells_the_cards_apart():
    state = api.new_game({"profile": "prairie", "seed": "passing",
                          "options": {"pass_to_partner": True}})
    while state["phase"] != "passing":
        state = api.apply(state, api.bot_action(state, "basic", 0))
    hints = api.hint(state, state["to_act"])
    _check(hints, state)
    values = [h["value"] for h in hints]
    assert len(set(values)) > 1 and any(v != 0.0 for v in values)
    assert all(h["reason"].startswith("Pass ") and "to partner" in h["reason"] for h in hints)


def test_hint_for_a_seat_not_to_act():
    state = api.new_game({"profile": "standard", "seed": "who"})
    with pytest.raises(IllegalAction):
        api.hint(state, (state["to_act"] + 1) % 4)
