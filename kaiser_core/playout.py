"""Whole hands played at random as fast as CPython allows: the engine's benchmark and a
baseline for bots' rollouts.

Hands are lists of card ints here (removing a card from a list of eight beats bit tricks
for picking a uniform legal card); legality, trick winners and scores come from the same
functions the ``Game`` uses.
"""

from __future__ import annotations

import random

from .actions import KAISER, PASS, TRUMP_BASE, TRUMP_NONE, bid_no_trump, bid_points, bid_rank
from .game import auction_options, next_bidder, partner
from .rules import Rules
from .scoring import Contract, HandScore, beats, raw_points, score_hand

_DECK = list(range(32))
_FIVE, _THREE = 16, 24


def random_playout(hands: list[list[int]], leader: int, trump: int, out_seat: int,
                   rng: random.Random) -> tuple[list[int], int, int]:
    """Play out ``hands`` (consumed) with uniformly random legal cards.

    Returns tricks won per team and the teams that captured the 5H and the 3S (-1: nobody).
    """
    rand = rng.random
    order = [s for s in range(4) if s != out_seat]
    size = len(order)
    won = [0, 0]
    five = three = -1
    for _ in range(len(hands[leader])):
        pos = order.index(leader)
        hand = hands[leader]
        best = hand.pop(int(rand() * len(hand)))
        led = best >> 3
        best_seat = leader
        trick = [best]
        for k in range(1, size):
            seat = order[(pos + k) % size]
            hand = hands[seat]
            follow = [c for c in hand if c >> 3 == led] or hand
            card = follow[int(rand() * len(follow))]
            hand.remove(card)
            trick.append(card)
            if beats(card, best, trump):
                best = card
                best_seat = seat
        side = best_seat & 1
        won[side] += 1
        if _FIVE in trick:
            five = side
        if _THREE in trick:
            three = side
        leader = best_seat
    return won, five, three


def random_hand(rules: Rules, dealer: int, scores: tuple[int, int], target: int,
                rng: random.Random) -> HandScore | None:
    """Deal, bid, name trump, play and score one hand at random; None if thrown in."""
    deck = rng.sample(_DECK, 32)
    hands = [deck[0::4], deck[1::4], deck[2::4], deck[3::4]]
    best_rank, best_seat, best_action = 0, -1, -1
    passed = [False] * 4
    seat = (dealer + 1) & 3
    while seat >= 0:
        options = auction_options(rules, seat, dealer, best_rank, best_seat)
        action = options[int(rng.random() * len(options))]
        if action == PASS:
            passed[seat] = True
        else:
            best_rank, best_seat, best_action = bid_rank(action), seat, action
        seat = next_bidder(rules, seat, dealer, action, best_rank, best_seat, passed)
    if best_seat < 0:
        return None
    kaiser = best_action == KAISER
    no_trump = not kaiser and bid_no_trump(best_action)
    contract = Contract(best_seat, 8 if kaiser else bid_points(best_action), no_trump, kaiser)
    out_seat = partner(best_seat) if kaiser else -1
    trump = -1
    if not no_trump:
        named = TRUMP_BASE + int(rng.random() * (5 if kaiser else 4))
        trump = -1 if named == TRUMP_NONE else named - TRUMP_BASE
    won, five, three = random_playout(hands, best_seat, trump, out_seat, rng)
    rule = rules.spade_three_needs_three_tricks
    raw = (raw_points(won[0], five == 0, three == 0, rule),
           raw_points(won[1], five == 1, three == 1, rule))
    return score_hand(rules, contract, raw, (won[0], won[1]), scores, target, three)
