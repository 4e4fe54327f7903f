"""The card model: odds over the legal plays that add up to one, a forced card that says
nothing, a card that could not have been played that is refused, and the habits of a sound
player (the 5H fed to partner's sure trick, a trick won cheaply) learned from ``strong``."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_core.bots import observe
from kaiser_core.bots import reading as R
from kaiser_core.bots.cardmodel import holding, play_log_odds
from kaiser_core.engine.cards import DECK, SUIT_MASK, cards_of, parse_card

from helpers import basic_midhand


def _mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def _odds(hand: int, card: str, trick: list[tuple[int, str]], trump: int, seat: int,
          live: int = DECK, declaring: bool = False) -> float:
    seats = [s for s, _ in trick]
    played = [parse_card(c) for _, c in trick]
    odds = play_log_odds(hand, parse_card(card), live, trump, seats, played, seat,
                         declaring, 4)
    assert odds is not None
    return math.exp(odds)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["prairie", "tournament"]), st.integers(0, 60), st.integers(2, 8))
def test_the_odds_of_the_plays_add_up_to_one(profile, index, left):
    game = basic_midhand(profile, index, left)
    obs = observe(game, game.to_act)
    live = DECK & ~obs.played | sum(1 << c for c in obs.trick_cards)
    size = 3 if obs.out_seat >= 0 else 4
    declaring = bool(obs.contract and obs.contract.seat & 1 == obs.seat & 1)
    legal = sum(1 << c for c in obs.legal)
    total, seen = 0.0, 0
    for card in obs.legal:
        if seen >> card & 1:
            continue
        seen |= holding(card, legal, live)
        odds = play_log_odds(obs.hand, card, live, obs.trump, list(obs.trick_seats),
                             list(obs.trick_cards), obs.seat, declaring, size)
        assert odds is not None and odds <= 0
        total += math.exp(odds)
    assert math.isclose(total, 1.0, rel_tol=1e-9)


def test_a_card_not_held_or_not_following_suit_could_not_have_been_played():
    hand = _mask("AH", "9H", "7C")
    trick = [parse_card("KH")]
    assert play_log_odds(hand, parse_card("KS"), DECK, 3, [1], trick, 2, False, 4) is None
    assert play_log_odds(hand, parse_card("7C"), DECK, 3, [1], trick, 2, False, 4) is None
    assert play_log_odds(_mask("7C"), parse_card("7C"), DECK, 3, [1], trick, 2, False, 4) == 0.0


def test_the_5h_goes_to_partners_sure_trick():
    """Last to play, partner's ace of trumps winning: a sound player feeds the 5H."""
    hand = _mask("5H", "9H", "QH", "7C")
    trick = [(1, "8S"), (2, "AS"), (3, "9S")]
    assert _odds(hand, "5H", trick, trump=3, seat=0) > 0.5


def test_an_opponents_trick_is_won_cheaply():
    """Last to play on an opponent's king of hearts, holding the ace and low hearts: the ace
    (the only winner) is far likelier than a low heart."""
    hand = _mask("AH", "8H", "9H", "7C")
    trick = [(1, "KH"), (2, "JH"), (3, "TH")]
    assert _odds(hand, "AH", trick, trump=0, seat=0) > 0.6


def test_a_chain_read_by_the_model_keeps_to_the_facts():
    for index in range(3):
        game = basic_midhand("prairie", index, 4)
        obs = observe(game, game.to_act)
        worlds = R.read_worlds(obs, 8, R.random.Random(index), model=True)
        assert worlds is not None
        for world in worlds:
            others = [s for s in range(4) if s != obs.seat and s != obs.out_seat]
            assert sum(world[s] for s in others) == obs.unseen or obs.out_seat >= 0
            for s in others:
                assert world[s].bit_count() == obs.hand_sizes[s]
                assert not any(world[s] & SUIT_MASK[suit] for suit in range(4)
                               if obs.voids[s] >> suit & 1)
            assert cards_of(world[obs.seat]) == cards_of(obs.hand)
