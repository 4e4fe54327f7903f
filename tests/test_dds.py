"""The double-dummy solver against plain minimax on random endings (trump, no trump, Kaiser)."""

from __future__ import annotations

import random

import pytest

from kaiser_core.bots import dds
from kaiser_core.engine.cards import SUIT_MASK
from kaiser_core.engine.tricks import next_to_play, trick_winner


def brute(hands, leader, trump, out_seat, trick_seats, trick_cards, team):
    hands = list(hands)
    size = 3 if out_seat >= 0 else 4

    def rec(seats, cards, leader):
        if len(cards) == size:
            winner = trick_winner(seats, cards, trump)
            pts = 1 + (5 if 16 in cards else 0) - (3 if 24 in cards else 0)
            return (pts if winner & 1 == team else 0) + rec([], [], winner)
        seat = next_to_play(leader, out_seat, seats)
        hand = hands[seat]
        if not hand:
            return 0
        legal = hand & SUIT_MASK[cards[0] >> 3] or hand if cards else hand
        values = []
        for c in range(32):
            if legal >> c & 1:
                hands[seat] ^= 1 << c
                values.append(rec(seats + [seat], cards + [c], leader))
                hands[seat] ^= 1 << c
        return max(values) if seat & 1 == team else min(values)

    return rec(list(trick_seats), list(trick_cards), leader)


def memo_brute(hands, leader, trump, out_seat, team):
    """Plain minimax from a trick's start, remembering the value of each trick's start."""
    size = 3 if out_seat >= 0 else 4
    known = {}

    def start(hands, leader):
        if not any(hands):
            return 0
        key = (hands, leader)
        if key not in known:
            known[key] = rec(list(hands), [], [], leader)
        return known[key]

    def rec(hands, seats, cards, leader):
        if len(cards) == size:
            winner = trick_winner(seats, cards, trump)
            pts = 1 + (5 if 16 in cards else 0) - (3 if 24 in cards else 0)
            return (pts if winner & 1 == team else 0) + start(tuple(hands), winner)
        seat = next_to_play(leader, out_seat, seats)
        hand = hands[seat]
        legal = hand & SUIT_MASK[cards[0] >> 3] or hand if cards else hand
        values = []
        for c in range(32):
            if legal >> c & 1:
                hands[seat] ^= 1 << c
                values.append(rec(hands, seats + [seat], cards + [c], leader))
                hands[seat] ^= 1 << c
        return max(values) if seat & 1 == team else min(values)

    return start(tuple(hands), leader)


@pytest.mark.parametrize("kaiser", [False, True])
def test_solver_equals_minimax_on_longer_endings(kaiser):
    """Four tricks (five in a Kaiser bid) from a trick's start: deep enough for the sure-trick bounds (the
    5H drawn or thrown on them included) and the table to decide positions unsearched."""
    rng = random.Random(21 + kaiser)
    for k in range(50):
        tricks = 4 + k % 2 if kaiser else 4
        hands, leader, trump, out, _, _ = dds.random_position(rng, tricks, kaiser)
        team = rng.randrange(2)
        assert dds.solve(hands, leader, trump, out, team=team) == memo_brute(
            hands, leader, trump, out, team)


def test_solver_equals_minimax_when_the_leader_may_bring_down_the_5h():
    """Endings where the leader holds the top card of a suit and the 5H is its partner's (to
    throw on a winner) or an opponent's (to be drawn): the bounds that count the 5H as won
    without search must hold in each."""
    rng = random.Random(8)
    checked = 0
    while checked < 120:
        hands, leader, trump, out, _, _ = dds.random_position(rng, 3 + checked % 2)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        tops = [(live & SUIT_MASK[s]).bit_length() - 1 for s in range(4)]
        holder = next((s for s in range(4) if hands[s] >> 16 & 1), leader)
        wanted = holder == leader ^ 2 if checked % 3 else (holder - leader) & 1
        if not wanted or not any(hands[leader] >> t & 1 for t in tops if t >= 0):
            continue
        checked += 1
        for team in (0, 1):
            assert dds.solve(hands, leader, trump, out, team=team) == memo_brute(
                hands, leader, trump, out, team)


@pytest.mark.parametrize("kaiser", [False, True])
def test_solver_equals_minimax_on_endings(kaiser):
    rng = random.Random(11 + kaiser)
    for _ in range(120):
        tricks = rng.randint(1, 4 if kaiser else 3)
        played = rng.randrange(3 if kaiser else 4)
        hands, leader, trump, out, seats, cards = dds.random_position(rng, tricks, kaiser, played)
        team = rng.randrange(2)
        assert dds.solve(hands, leader, trump, out, seats, cards, team) == brute(
            hands, leader, trump, out, seats, cards, team)


def test_move_values_equal_minimax_after_each_card():
    rng = random.Random(3)
    for _ in range(40):
        hands, leader, trump, out, seats, cards = dds.random_position(rng, 3, False,
                                                                     rng.randrange(4))
        seat = next_to_play(leader, out, seats)
        values = dds.solve_moves(hands, leader, trump, out, seats, cards)
        for card, value in values.items():
            after = list(hands)
            after[seat] ^= 1 << card
            if len(cards) == 3:
                trick = cards + [card]
                winner = trick_winner(seats + [seat], trick, trump)
                pts = 1 + (5 if 16 in trick else 0) - (3 if 24 in trick else 0)
                want = (pts if winner & 1 == seat & 1 else 0) + brute(
                    after, winner, trump, out, [], [], seat & 1)
            else:
                want = brute(after, leader, trump, out, seats + [seat], cards + [card], seat & 1)
            assert value == want


def test_both_teams_values_add_up():
    rng = random.Random(5)
    hands, leader, trump, out, _, _ = dds.random_position(rng, 5)
    total = 5 + (5 if any(h >> 16 & 1 for h in hands) else 0) - (
        3 if any(h >> 24 & 1 for h in hands) else 0)
    assert dds.solve(hands, leader, trump, out, team=0) + dds.solve(
        hands, leader, trump, out, team=1) == total


def test_bench_reports_times():
    out = dds.bench_dds(2)
    assert out["deals"] == 2 and out["median_ms"] > 0


def test_best_move_has_the_best_value():
    rng = random.Random(9)
    for _ in range(30):
        hands, leader, trump, out, seats, cards = dds.random_position(rng, 3, rng.random() < 0.3,
                                                                     rng.randrange(3))
        values = dds.solve_moves(hands, leader, trump, out, seats, cards)
        card, value = dds.best_move(hands, leader, trump, out, seats, cards)
        assert value == max(values.values()) == values[card]
