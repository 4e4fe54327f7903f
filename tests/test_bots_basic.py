"""The ``basic`` level: always legal, decides from the seat's view alone, plays like a club player."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaiser_core.engine.actions import KAISER, PASS, REDEAL, TRUMP_BASE, bid_action, bid_no_trump
from kaiser_core.bots import LEVELS, choose, make_rng
from kaiser_core.bots.basic import NO_TRUMP, team_estimate, team_estimates
from kaiser_core.bots.observation import observe
from kaiser_core.engine.cards import SUIT_MASK, mask_of, parse_card
from kaiser_core.engine.game import BIDDING, GAME_OVER, PLAY, Game
from kaiser_core.engine.rules import PROFILES, Rules
from kaiser_core.engine.scoring import Contract

SWITCHES = {"kaiser_bid": True, "weak_hand_redeal": True}


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def deal_with(seat: int, held: str, seed: int = 0) -> tuple[int, int, int, int]:
    """A deal giving ``seat`` exactly ``held`` and the other cards at random."""
    mine = hand(held)
    rest = [c for c in range(32) if not mine >> c & 1]
    random.Random(seed).shuffle(rest)
    hands = [0, 0, 0, 0]
    hands[seat] = mine
    others = [s for s in range(4) if s != seat]
    for k, card in enumerate(rest):
        hands[others[k // 8]] |= 1 << card
    return hands[0], hands[1], hands[2], hands[3]


def test_registered():
    assert "basic" in LEVELS


@pytest.mark.parametrize("profile", list(PROFILES))
def test_only_legal_actions_in_whole_games(profile):
    rules = Rules.from_config(profile, SWITCHES)
    for g in range(4):
        game = Game(rules, f"legal-{profile}-{g}", dealer=g % 4)
        levels = ("basic", "random") if g % 2 else ("basic", "basic")
        moves = 0
        while game.phase != GAME_OVER and len(game.records) < 25:
            action = choose(game, levels[game.to_act & 1], moves)
            game.check(action)
            game.step(action)
            moves += 1


def _resample(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same game with the other seats' hidden cards dealt afresh, keeping every hand's size
    and every void shown; None if the random fill got stuck."""
    view = observe(game, seat)
    others = [s for s in range(4) if s != seat and game.hands[s]]
    pool = [c for s in others for c in range(32) if game.hands[s] >> c & 1]
    for _ in range(50):
        rng.shuffle(pool)
        room = {s: game.hands[s].bit_count() for s in others}
        new = dict.fromkeys(others, 0)
        for card in pool:
            fits = [s for s in others if room[s] and not view.voids[s] >> (card >> 3) & 1]
            if not fits:
                break
            s = rng.choice(fits)
            new[s] |= 1 << card
            room[s] -= 1
        else:
            copy = game.copy()
            for s in others:
                copy.hands[s] = new[s]
            return copy
    return None


@pytest.mark.parametrize("profile", ["prairie", "playingcards", "standard"])
def test_decides_from_the_view_only(profile):
    rules = Rules.from_config(profile, SWITCHES)
    rng = random.Random(7)
    checked = 0
    for g in range(6):
        game = Game(rules, f"view-{g}", dealer=g % 4)
        moves = 0
        while game.phase != GAME_OVER and len(game.records) < 4:
            seat = game.to_act
            action = choose(game, "basic", moves)
            other = _resample(game, seat, rng)
            if other is not None:
                assert choose(other, "basic", moves) == action
                checked += 1
            game.step(action)
            moves += 1
    assert checked > 500


def test_weak_hand_asks_for_a_redeal():
    rules = Rules.from_config("prairie")
    game = Game(rules, "weak", dealer=0, deal=deal_with(1, "7C 8C 9C TC 7D 8D 9H TS"))
    assert game.phase == "redeal" and game.to_act == 1
    assert choose(game, "basic", 0) == REDEAL


def test_kaiser_only_with_eight_sure_tricks():
    rules = Rules.from_config("standard", {"kaiser_bid": True})
    sure = Game(rules, "k", dealer=0, deal=deal_with(1, "AS KS QS JS TS 9S AH AD"))
    assert choose(sure, "basic", 0) == KAISER
    unsure = Game(rules, "k", dealer=0, deal=deal_with(1, "AS KS QS JS TS AH QH AD"))
    assert choose(unsure, "basic", 0) != KAISER


def test_weak_hand_passes_and_strong_hand_bids():
    rules = Rules.from_config("standard")
    weak = Game(rules, "w", dealer=0, deal=deal_with(1, "7C 8C 9D TD 8H 9H 9S TS"))
    assert choose(weak, "basic", 0) == PASS
    strong = Game(rules, "s", dealer=0, deal=deal_with(1, "AS KS QS JS 9S AH KH AD"))
    assert choose(strong, "basic", 0) != PASS


def test_names_the_long_strong_suit():
    rules = Rules.from_config("standard")
    game = Game(rules, "t", dealer=0, deal=deal_with(1, "AD KD QD TD 8D AC 9S 8H"))
    for action in (bid_action(7, False), PASS, PASS, PASS):
        game.step(action)
    assert game.phase == "trump" and game.to_act == 1
    assert choose(game, "basic", 0) == TRUMP_BASE + 1


@pytest.mark.parametrize("held, no_trump", [("AC AD AH AS KC KD KH KS", True),
                                             ("KS QS JS 9S 8S KH 9H 8D", False)])
def test_forced_dealer_picks_the_better_minimum(held, no_trump):
    rules = Rules.from_config("bidout")
    game = Game(rules, "f", dealer=0, deal=deal_with(0, held))
    for _ in range(3):
        game.step(PASS)
    assert game.phase == BIDDING and game.to_act == 0
    action = choose(game, "basic", 0)
    assert action in game.legal() and bid_no_trump(action) == no_trump


def _position(held: str, trick: list[tuple[int, str]], trump: int = 1,
              played: str = "") -> int:
    """Seat 0's card in a play position built directly as an Observation: contract 7 by
    seat 1 with ``trump`` (diamonds by default), ``trick`` the cards already on the table."""
    rules = Rules.from_config("standard")
    base = observe(Game(rules, "p"), 0)
    mine = hand(held)
    trick_cards = tuple(parse_card(c) for _, c in trick)
    on_table = mask_of(trick_cards) | hand(played)
    led = trick_cards[0] if trick_cards else None
    legal_mask = mine & SUIT_MASK[led >> 3] if led is not None else 0
    legal = tuple(c for c in range(32) if (legal_mask or mine) >> c & 1)
    size = mine.bit_count()
    obs = replace(base, phase=PLAY, to_act=0, hand=mine, contract=Contract(1, 7, False, False),
                  trump=trump, trick_seats=tuple(s for s, _ in trick), trick_cards=trick_cards,
                  played=on_table, voids=(0, 0, 0, 0),
                  hand_sizes=(size, size, size, size),
                  legal=legal)
    return LEVELS["basic"](obs, make_rng(0))


def test_feeds_the_five_to_a_partner_sure_to_win():
    assert _position("5H TH KD", [(1, "9H"), (2, "AH"), (3, "8H")]) == parse_card("5H")


def test_keeps_the_five_from_an_opponents_trick():
    assert _position("5H QH KD", [(1, "KH"), (2, "8H"), (3, "9H")]) == parse_card("QH")


def test_dumps_the_three_on_an_opponents_trick():
    assert _position("3S TS 7C", [(1, "AS"), (2, "8S"), (3, "9S")]) == parse_card("3S")


def test_does_not_overtake_a_partner_who_is_winning():
    assert _position("KC 7C AD", [(1, "8C"), (2, "AC"), (3, "9C")]) == parse_card("7C")


def test_wins_with_the_cheapest_winning_card():
    assert _position("AC KC 7C", [(1, "QC"), (2, "8C"), (3, "9C")]) == parse_card("KC")


def test_does_not_take_the_three_of_spades_when_it_can_duck():
    assert _position("AS 8S 7C", [(1, "3S"), (2, "TS"), (3, "QS")]) == parse_card("8S")


def test_declarer_leads_a_master_trump():
    rules = Rules.from_config("standard")
    base = observe(Game(rules, "p"), 0)
    mine = hand("AD KD QD 8C 9H TS 8S 9C")
    obs = replace(base, phase=PLAY, to_act=0, hand=mine, contract=Contract(0, 7, False, False),
                  trump=1, trick_seats=(), trick_cards=(), played=0, legal=tuple(
                      c for c in range(32) if mine >> c & 1))
    assert LEVELS["basic"](obs, make_rng(0)) == parse_card("AD")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << 32) - 1), st.floats(0.0, 1.0))
def test_all_five_estimates_at_once_are_each_ones_own(held, share):
    """The auction's readings take a hand's five estimates in one pass; a bid judged so must
    be the bid judged one denomination at a time, to the last bit."""
    assert team_estimates(held, share) == [team_estimate(held, t, share)
                                           for t in (0, 1, 2, 3, NO_TRUMP)]
