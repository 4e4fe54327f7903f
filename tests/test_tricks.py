"""The rules of a trick (kaiser_core.engine.tricks) against the worked example and every inlined copy:
the game's own play, the solver's innermost loop and the rule player's playouts."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from kaiser_core.bots import dds, rollout
from kaiser_core.engine.cards import parse_card
from kaiser_core.engine.actions import KAISER
from kaiser_core.engine.game import BIDDING, PLAY, Game
from kaiser_core.engine.rules import PROFILES
from kaiser_core.engine.tricks import beats, next_to_play, playable, trick_points, trick_size, trick_winner


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def test_worked_example_1():
    """RULES.md example 1: diamonds trump; A leads A♥, B 8♥, C 5♥, D K♥: A wins 1 + 5 = 6."""
    trick = cards("AH", "8H", "5H", "KH")
    assert trick_winner([0, 1, 2, 3], trick, trump=1) == 0
    assert trick_points(trick) == 6


def test_points_of_the_special_cards():
    assert trick_points(cards("AC", "KC", "QC", "JC")) == 1
    assert trick_points(cards("3S", "AS", "KS", "QS")) == -2
    assert trick_points(cards("5H", "3S", "AS", "KS")) == 3


def test_any_trump_beats_the_suit_led_and_no_trump_has_none():
    assert beats(parse_card("7C"), parse_card("AH"), trump=0)
    assert not beats(parse_card("7C"), parse_card("AH"), trump=-1)
    assert trick_winner([2, 3, 0, 1], cards("9H", "AS", "7C", "AH"), trump=0) == 0


def test_a_hand_follows_the_suit_led_when_it_can():
    hand = 1 << parse_card("AH") | 1 << parse_card("7C") | 1 << parse_card("9C")
    assert playable(hand, -1) == hand
    assert playable(hand, 0) == 1 << parse_card("7C") | 1 << parse_card("9C")
    assert playable(hand, 3) == hand


def test_next_to_play_skips_the_partner_who_sits_out():
    assert next_to_play(1, -1, []) == 1
    assert next_to_play(1, -1, [1, 2]) == 3
    assert next_to_play(1, 3, [1, 2]) == 0
    assert trick_size(3) == 3 and trick_size(-1) == 4


def test_the_game_agrees_on_every_trick_of_random_hands():
    rng = random.Random(7)
    for k in range(60):
        game = Game(PROFILES["standard"], f"tricks-{k}", k & 3)
        while len(game.records) < 1:
            legal = game.legal()
            game.step(legal[rng.randrange(len(legal))])
        for trick in game.records[0].tricks:
            trump = game.records[0].trump
            assert trick_winner(trick.seats, trick.cards, trump) == trick.winner


def test_the_game_plays_in_the_order_the_rule_gives():
    """The game looks up who plays next (tricks.NEXT_SEAT) rather than asking next_to_play: it
    must agree on every card, with a Kaiser bidder's partner sitting out too."""
    rules = replace(PROFILES["standard"], kaiser_bid=True)
    rng = random.Random(11)
    kaiser_hands = 0
    for k in range(120):
        game = Game(rules, f"order-{k}", k & 3)
        while len(game.records) < 1:
            legal = game.legal()
            if game.phase == BIDDING and KAISER in legal and rng.random() < 0.3:
                game.step(KAISER)
                continue
            if game.phase == PLAY:
                leader = game.trick_seats[0] if game.trick_seats else game.to_act
                assert game.to_act == next_to_play(leader, game.out_seat, game.trick_seats)
                assert len(game.trick_cards) < trick_size(game.out_seat)
            game.step(legal[rng.randrange(len(legal))])
        kaiser_hands += game.records[0].contract is not None and game.records[0].contract.kaiser
    assert kaiser_hands > 10


@pytest.mark.parametrize("trump", [-1, 0, 2, 3])
def test_the_solver_counts_a_last_trick_as_the_rule_does(trump):
    """The solver's innermost loop counts a trick's points inline: a last trick it solves is
    worth exactly trick_points to the side the rule says wins it."""
    rng = random.Random(trump)
    special = cards("5H", "3S")
    for _ in range(40):
        four = rng.sample(range(32), 4)
        if rng.random() < 0.5:
            four[rng.randrange(4)] = rng.choice(special)
            if len(set(four)) < 4:
                continue
        hands = [1 << c for c in four]
        leader = rng.randrange(4)
        seats = [(leader + i) & 3 for i in range(4)]
        played = [four[s] for s in seats]
        winner = trick_winner(seats, played, trump)
        for team in (0, 1):
            expected = trick_points(played) if winner & 1 == team else 0
            assert dds.solve(hands, leader, trump, team=team) == expected


def test_a_three_card_trick_under_a_kaiser_bid():
    for trump, (a, b, c) in itertools.product((-1, 1), [("AH", "5H", "KS"), ("3S", "AS", "7D")]):
        played = cards(a, b, c)
        hands = [0, 0, 0, 0]
        for seat, card in zip((0, 1, 3), played):
            hands[seat] = 1 << card
        winner = trick_winner([0, 1, 3], played, trump)
        expected = trick_points(played) if winner & 1 == 0 else 0
        assert dds.solve(hands, 0, trump, out_seat=2, team=0) == expected




def _rule_playout(hands: list[int], leader: int, trump: int, out_seat: int,
                  seats: list[int], played: list[int]) -> tuple[list[int], int, int]:
    """The rule player's playout told by the engine's own trick rules, card by card."""
    won, five, three = [0, 0], -1, -1
    live = 0
    for h in hands:
        live |= h
    for c in played:
        live |= 1 << c
    size = trick_size(out_seat)
    while True:
        if len(played) == size:
            side = trick_winner(seats, played, trump) & 1
            won[side] += 1
            five = side if parse_card("5H") in played else five
            three = side if parse_card("3S") in played else three
            for c in played:
                live ^= 1 << c
            leader, seats, played = trick_winner(seats, played, trump), [], []
        seat = next_to_play(leader, out_seat, seats)
        if not hands[seat]:
            return won, five, three
        card = (rollout.rule_follow(hands[seat], live, trump, seats, played, seat, size)
                if played else rollout.rule_lead(hands[seat], live, trump))
        hands[seat] ^= 1 << card
        seats, played = [*seats, seat], [*played, card]


def test_the_rule_players_playouts_keep_the_tricks_as_the_rule_does():
    """The playout keeps each trick's best card as the cards fall: every trick must go where
    ``trick_winner`` sends it, with its 5H and 3S, from any point of a trick."""
    rng = random.Random(3)
    for _ in range(3000):
        kaiser = rng.random() < 0.2
        hands, leader, trump, out, seats, played = dds.random_position(
            rng, rng.randint(1, 8), kaiser, rng.randint(0, 2 if kaiser else 3))
        assert rollout.playout_outcome(list(hands), leader, trump, out, list(seats), list(played)
                                       ) == _rule_playout(list(hands), leader, trump, out,
                                                          list(seats), list(played))
