"""The search levels: legal, deterministic, blind to hidden cards; the hint and analysis bridge."""

from __future__ import annotations

import random

import pytest

from kaiser_core import api
from kaiser_core.bots import choose, make_rng, observe
from kaiser_core.bots.sampling import sample_worlds
from kaiser_core.bots.strong import strong_policy
from kaiser_core.errors import IllegalAction
from kaiser_core.game import PLAY, Game
from kaiser_core.rules import PROFILES


def _to_play(seed: str, tricks: int) -> Game:
    game = Game(PROFILES["prairie"], seed)
    while game.phase != PLAY:
        game.step(choose(game, "basic", 0))
    while len(game.tricks) < tricks or game.trick_cards:
        game.step(choose(game, "basic", 0))
    return game


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_search_levels_play_legal_cards(level):
    game = _to_play("legal", 0)
    for k in range(12 if level == "strong" else 5):
        action = choose(game, level, k)
        assert action in game.legal()
        game.step(action)


def test_same_seed_same_decision():
    game = _to_play("det", 1)
    assert choose(game, "strong", "s") == choose(game, "strong", "s")


@pytest.mark.parametrize("tricks", [1, 5])
def test_decision_depends_on_the_view_only(tricks):
    game = _to_play(f"view{tricks}", tricks)
    seat = game.to_act
    obs = observe(game, seat)
    decision = strong_policy(obs, make_rng(7))
    # Any other deal of the hidden cards consistent with the view gives the same answer.
    for world in sample_worlds(obs, 3, random.Random(1)):
        other = game.copy()
        other.hands = world
        assert observe(other, seat) == obs
        assert strong_policy(observe(other, seat), make_rng(7)) == decision


def test_auction_decision_depends_on_the_view_only():
    game = Game(PROFILES["prairie"], "auction")
    while game.phase != "bidding":
        game.step(choose(game, "basic", 0))
    game.step(choose(game, "basic", 0))
    seat = game.to_act
    obs = observe(game, seat)
    decision = strong_policy(obs, make_rng(3))
    assert decision in game.legal()
    for world in sample_worlds(obs, 2, random.Random(4)):
        other = game.copy()
        other.hands = world
        assert strong_policy(observe(other, seat), make_rng(3)) == decision


def test_samples_respect_sizes_and_voids():
    game = _to_play("voids", 3)
    obs = observe(game, game.to_act)
    for world in sample_worlds(obs, 10, random.Random(2)):
        assert world[obs.seat] == obs.hand
        for s in range(4):
            assert world[s].bit_count() == obs.hand_sizes[s]
            for suit in range(4):
                if obs.voids[s] >> suit & 1:
                    assert not world[s] >> (8 * suit) & 0xFF
        union = 0
        for h in world:
            assert not union & h
            union |= h
        assert union == obs.unseen | obs.hand


def test_hint_orders_legal_actions_best_first():
    state = api.new_game({"profile": "prairie", "seed": "hint"})
    while api._game(state).phase != "play":
        state = api.apply(state, api.bot_action(state, "basic", 0))
    seat = state["to_act"]
    hints = api.hint(state, seat)
    assert sorted(h["action"]["card"] for h in hints) == sorted(
        a["card"] for a in api.legal_actions(state))
    values = [h["value"] for h in hints]
    assert values == sorted(values, reverse=True)
    with pytest.raises(IllegalAction):
        api.hint(state, (seat + 1) % 4)


def test_analyze_shape():
    state = api.new_game({"profile": "prairie", "seed": "analyze"})
    while not api._game(state).records:
        state = api.apply(state, api.bot_action(state, "basic", 0))
    out = api.analyze(state, 0)
    assert out["hand_index"] == 0 and len(out["tricks"]) == 8
    assert out["tricks"][0]["dd_before"] == out["dd_start"]
    for trick in out["tricks"]:
        assert len(trick["plays"]) in (3, 4)
        assert all(p["loss"] >= 0 for p in trick["plays"])
    last = out["tricks"][-1]["plays"][-1]["dd_after"]
    assert last == out["raw"][out["bidders"]]


def test_simulated_auction_gives_legal_actions():
    from kaiser_core.bots.strong import simulated_bid, simulated_trump

    game = Game(PROFILES["prairie"], "simulated")
    while game.phase != "bidding":
        game.step(choose(game, "basic", 0))
    while game.phase == "bidding":
        action = simulated_bid(observe(game, game.to_act), random.Random(1), 6)
        assert action in game.legal()
        game.step(action)
    if game.phase == "trump":
        assert simulated_trump(observe(game, game.to_act), random.Random(1), 6) in game.legal()


def test_time_cap_returns_a_legal_card_early():
    game = _to_play("cap", 0)
    obs = observe(game, game.to_act)
    assert strong_policy(obs, make_rng(1), time_cap=0.0) in game.legal()
