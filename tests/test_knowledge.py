"""What a seat may know is decided once (``engine.knowledge.own_share``): a bot's observation
and the page's view of the same seat never disagree, in random games of every profile and
switch, for every seat at every step (claims included): the hand, the cards played, the
auction, the contract and trump, the cards passed, the legal actions, the scores."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_core import IllegalAction
from kaiser_core.bots.observation import observe
from kaiser_core.bridge.shapes import trick_json
from kaiser_core.bridge.views import view_json
from kaiser_core.engine import actions as act
from kaiser_core.engine.cards import CARD_STRS, cards_of, sorted_hand
from kaiser_core.engine.game import GAME_OVER, PLAY, REDEAL_PHASE, Game
from kaiser_core.engine.rules import Rules
from kaiser_core.engine.scoring import contract_json

from helpers import PROFILE_NAMES

switches = st.fixed_dictionaries({}, optional={
    "kaiser_bid": st.booleans(), "kaiser_bid_value": st.sampled_from([40, "game"]),
    "pass_to_partner": st.booleans(), "weak_hand_redeal": st.booleans(),
    "spade_three_needs_three_tricks": st.booleans(), "target": st.sampled_from([15, 25, 52]),
})


def agree(game: Game, seat: int) -> None:
    obs, view = observe(game, seat), view_json(game, seat)
    over = game.phase == GAME_OVER
    assert (view["seat"], view["phase"], view["dealer"]) == (obs.seat, obs.phase, obs.dealer)
    assert view["to_act"] == (None if over else obs.to_act)
    assert view["hand"] == sorted_hand(obs.hand)
    if not over:
        assert view["hand_sizes"] == list(obs.hand_sizes)
    assert view["auction"] == act.auction_json(list(obs.auction))
    assert view["contract"] == contract_json(obs.contract, obs.trump)
    assert view["out_seat"] == (obs.out_seat if obs.out_seat >= 0 else None)
    assert view["trick"]["seats"] == list(obs.trick_seats)
    assert view["trick"]["cards"] == [CARD_STRS[c] for c in obs.trick_cards]
    assert view["tricks"] == [trick_json(t) for t in obs.tricks]
    shown = {c for t in view["tricks"] for c in t["cards"]} | set(view["trick"]["cards"])
    assert shown == {CARD_STRS[c] for c in cards_of(obs.played)}
    assert view["legal"] == [act.encode(a) for a in obs.legal]
    assert view["passed_card"] == (CARD_STRS[obs.passed_card] if obs.passed_card >= 0 else None)
    assert view["received_card"] == (CARD_STRS[obs.received_card] if obs.received_card >= 0 else None)
    assert view["weak_hand"] == (obs.phase == REDEAL_PHASE and obs.to_act == seat)
    if view["weak_hand"]:
        assert obs.weak_queue[0] == seat
    assert (view["scores"], view["tricks_won"]) == (list(obs.scores), list(obs.tricks_won))
    assert (view["target"], view["threshold"]) == (obs.target, obs.threshold)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILE_NAMES), options=switches, seed=st.integers(0, 10 ** 6),
       dealer=st.integers(0, 3), moves=st.integers(1, 200))
def test_a_bots_observation_and_a_seats_view_never_disagree(profile, options, seed, dealer, moves):
    game = Game(Rules.from_config(profile, options), f"know-{seed}", dealer)
    rng = random.Random(seed)
    for _ in range(moves):
        for seat in range(4):
            agree(game, seat)
        if game.phase == GAME_OVER:
            break
        if game.phase == PLAY and rng.random() < 0.1:
            try:
                game.check(act.CLAIM)
                game.step(act.CLAIM)
                continue
            except IllegalAction:
                pass
        game.step(rng.choice(game.legal()))
    for seat in range(4):
        agree(game, seat)
