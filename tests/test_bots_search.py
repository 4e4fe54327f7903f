"""The search levels: legal, deterministic, blind to hidden cards; the hint and analysis bridge."""

from __future__ import annotations

import random

import pytest

from kaiser_core.bridge import api
from kaiser_core.bots import choose, make_rng, observe
from kaiser_core.bots.dds import solve
from kaiser_core.bots.sampling import sample_worlds
from kaiser_core.bots.strong import raw_decides, strong_policy
from kaiser_core.errors import IllegalAction
from kaiser_core.engine.actions import TRUMP_BASE
from kaiser_core.engine.game import PLAY, TRUMP, Game
from kaiser_core.engine.rules import PROFILES


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
        assert all(p["cost"] >= 0 for p in trick["plays"])
    last = out["tricks"][-1]["plays"][-1]["dd_after"]
    assert last == out["raw"][out["bidders"]]


def test_strong_bids_the_call_with_the_best_expected_score():
    from kaiser_core.bots.basic import evaluations

    game = Game(PROFILES["prairie"], "simulated")
    while game.phase != "bidding":
        game.step(choose(game, "basic", 0))
    while game.phase == "bidding":
        obs = observe(game, game.to_act)
        estimates = strong_policy.evaluations(obs, make_rng(7))
        assert [t for _, t in estimates] == [t for _, t in evaluations(obs)] == [0, 1, 2, 3, -1]
        values = {a: v for v, a, _ in strong_policy.estimates(obs, make_rng(7)).action_values()}
        action = choose(game, "strong", 7)
        assert action in game.legal()
        assert len(obs.legal) == 1 or values[action] == max(values.values())
        game.step(action)


def test_play_evidence_favours_the_worlds_that_explain_the_cards():
    """The real hands explain the rule-like plays of basic players better than random
    worlds do, so weighing by the play moves the sample towards the truth."""
    from kaiser_core.bots.sampling import _explained, plays_seen

    true_weight = sampled_weight = 0.0
    for k in range(12):
        game = _to_play(f"evidence{k}", 2)
        obs = observe(game, game.to_act)
        plays = plays_seen(obs)
        played_by = [0, 0, 0, 0]
        for p in plays:
            played_by[p.seat] |= 1 << p.card
        dealt = [game.hands[s] | played_by[s] for s in range(4)]
        true_weight += _explained(obs, dealt, plays)
        worlds = sample_worlds(obs, 40, random.Random(k))
        sampled_weight += sum(_explained(obs, [w[s] | played_by[s] for s in range(4)], plays)
                              for w in worlds) / 40
    assert true_weight > 1.5 * sampled_weight


def test_resampling_keeps_worlds_consistent_with_the_view():
    game = _to_play("resample", 3)
    obs = observe(game, game.to_act)
    worlds = sample_worlds(obs, 30, random.Random(2), candidates=4)
    assert len(worlds) == 30
    for hands in worlds:
        assert hands[obs.seat] == obs.hand
        assert [h.bit_count() for h in hands] == list(obs.hand_sizes)
        assert hands[0] | hands[1] | hands[2] | hands[3] == obs.hand | obs.unseen
        for seat in range(4):
            for suit in range(4):
                if obs.voids[seat] >> suit & 1:
                    assert not hands[seat] & (0xFF << (8 * suit))


def test_time_cap_returns_a_legal_card_early():
    game = _to_play("cap", 0)
    obs = observe(game, game.to_act)
    assert strong_policy(obs, make_rng(1), time_cap=0.0) in game.legal()


def test_time_cap_stops_the_auction_too():
    """The page's cap holds for calls and trump: past it, the simulation stops with the
    worlds done so far, and the choice is still a legal call; uncapped, the seed alone
    decides."""
    game = Game(PROFILES["prairie"], "cap-auction")
    while game.phase != PLAY:
        obs = observe(game, game.to_act)
        capped = strong_policy(obs, make_rng(2), time_cap=0.0)
        assert capped in game.legal()
        action = strong_policy(obs, make_rng(2))
        assert action == strong_policy(obs, make_rng(2))
        game.step(action)


def _bid_as_basic(game: Game, level: str, seed: int) -> Game:
    """Play the auction with ``level``, checking each call is ``basic``'s (the oracles'
    auction is the fair levels'), up to the first card."""
    while game.phase != PLAY:
        assert choose(game, level, seed) == choose(game, "basic", seed)
        game.step(choose(game, level, seed))
    return game


def _double_dummy_values(game: Game) -> dict[int, int]:
    """Each legal card's exact future raw points for the team of the seat to play."""
    from kaiser_core.bots import dds

    seat = game.to_act
    leader = game.trick_seats[0] if game.trick_seats else seat
    return dds.solve_moves(game.hands, leader, game.trump, game.out_seat, game.trick_seats,
                           game.trick_cards, seat & 1)


def test_oracle_bids_as_basic_and_plays_double_dummy():
    """The oracle is the yardstick of card play: the fair levels' auction, perfect play."""
    game = _bid_as_basic(Game(PROFILES["prairie"], "oracle"), "oracle", 3)
    while game.phase == PLAY:
        values = _double_dummy_values(game)
        action = choose(game, "oracle", 3)
        assert values[action] == max(values.values())
        game.step(action)


def test_strong_oracle_bids_as_basic_and_solves_the_true_deal_late():
    """``oracle_strong`` judges cards as ``strong`` does, in the true deal: exact (the best
    double-dummy card) from ``strong``'s ``exact_from`` on, a legal card before."""
    game = _bid_as_basic(Game(PROFILES["prairie"], "oracle-strong"), "oracle_strong", 5)
    while game.phase == PLAY:
        seat = game.to_act
        action = choose(game, "oracle_strong", 5)
        assert action in game.legal()
        if (game.hands[seat].bit_count() <= strong_policy.exact_from
                and raw_decides(observe(game, seat))):
            values = _double_dummy_values(game)
            assert values[action] == max(values.values())
        game.step(action)


def test_auction_oracle_bids_as_strong_from_the_true_deal_and_plays_as_strong():
    """``oracle-auction``: ``strong``'s estimates from the deal itself (one world, so the
    seed does not matter), ``strong``'s card play."""
    game = Game(PROFILES["prairie"], "oracle-auction")
    while game.phase != PLAY:
        action = choose(game, "oracle-auction", 0)
        assert action in game.legal()
        if game.phase == "bidding":
            assert choose(game, "oracle-auction", 9) == action
        game.step(action)
    for _ in range(4):
        assert choose(game, "oracle-auction", 2) == choose(game, "strong", 2)
        game.step(choose(game, "strong", 2))


def test_foresight_oracle_calls_from_the_deal_names_the_solvers_trump_and_plays_as_strong():
    """``oracle-foresight``: every call from the true deal (the seed does not matter), the
    trump the exact solver favours for the declarer's team, ``strong``'s card play."""
    for name in ("oracle-foresight", "foresight-1", "foresight-2"):
        game = Game(PROFILES["prairie"], name)
        while game.phase != PLAY:
            action = choose(game, "oracle-foresight", 0)
            assert action in game.legal()
            assert choose(game, "oracle-foresight", 9) == action
            if game.phase == TRUMP:
                seat = game.to_act
                raws = [solve(game.hands, seat, t, -1, team=seat & 1) for t in range(4)]
                assert raws[action - TRUMP_BASE] == max(raws)
            game.step(action)
        for _ in range(4):
            assert choose(game, "oracle-foresight", 2) == choose(game, "strong", 2)
            game.step(choose(game, "strong", 2))


def test_full_oracle_bids_from_the_true_values():
    game = Game(PROFILES["prairie"], "oracle-full")
    while game.phase != "bidding":
        game.step(choose(game, "basic", 0))
    while game.phase != PLAY:
        action = choose(game, "oracle_full", 0)
        assert action in game.legal()
        game.step(action)
    assert game.contract is not None
    state = api.new_game({"profile": "prairie", "seed": "oracle-bridge"})
    assert api.bot_action(state, "oracle_full", 1) in api.legal_actions(state)


def test_remembered_auction_readings_equal_fresh_ones():
    """A caller's misfit is remembered per auction as the callers saw it: the scores of
    another game, another seat's reading, or the same reading later in the hand give the
    likelihoods a fresh model computes."""
    from dataclasses import replace

    from kaiser_core.bots import inference

    game = _to_play("memo", 3)
    views = [observe(game, s) for s in range(4)]
    views.append(replace(views[0], scores=(45, 47)))
    later = _to_play("memo", 5)
    views.append(observe(later, 0))
    rng = random.Random(5)
    worlds = [sample_worlds(v, 12, rng) for v in views]
    worlds[4] = worlds[0]

    def readings():
        return [[inference.AuctionModel(v).likelihood(w) for w in ws] for v, ws in zip(views, worlds)]

    remembered = readings()
    again = readings()
    fresh = []
    for v, ws in zip(views, worlds):
        inference._MISFITS.clear()
        fresh.append([inference.AuctionModel(v).likelihood(w) for w in ws])
    assert remembered == again == fresh
    assert remembered[0] != remembered[4]  # the score changes how basic would have bid
