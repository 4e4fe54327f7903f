"""The ``strong`` and ``expert`` levels (search over sampled worlds) and the ``oracle``.

Play: deal the unseen cards into worlds that fit the view (``sampling``), score every legal
card in every world, and play the card with the best mean *score effect*: the raw points a
card leads to matter only through the contract (made or set, doubled at no trump, defenders'
points capped at the threshold), so each world's raw result is turned into the hand's net
score for our team before averaging. Late in the hand a world is scored exactly by the
double-dummy solver; early on, where that costs seconds, by a fast playout in which every
seat follows the club player's rules (win cheaply, feed the 5H to partner, dump the 3S on
opponents). Budgets are counted in worlds, never in time, so a seed fixes the answer; the
optional ``time_cap`` only stops early (for the browser) with the worlds scored so far.

The auction, trump naming and the weak-hand question use the ``basic`` level's hand
evaluation (tuned in self-play, cheap, and measured better than our simulated bidding so far:
see ``SearchPolicy``).

The ``oracle`` sees every hand: double-dummy play, and bids from the true double-dummy
values. It is for measurement only (the share of its edge a fair level gets).
"""

from __future__ import annotations

import random
import time

from ..actions import (
    BID_BASE,
    KAISER,
    PASS,
    TRUMP_BASE,
    TRUMP_NONE,
    bid_no_trump,
    bid_points,
)
from ..cards import SUIT_MASK, cards_of
from ..game import BIDDING, PLAY, TRUMP, Game
from ..scoring import Contract
from . import dds
from .basic import basic_policy
from .observation import Observation, observe
from .sampling import sample_worlds

_FIVE, _THREE = 16, 24
_LOW_KEY = tuple(8 * (c & 7) + (c >> 3) for c in range(32))
"""Cheapest card first, whatever the suit."""


# ----- a fast playout with every hand known -----

def playout(hands: list[int], leader: int, trump: int, out_seat: int,
            trick_seats: list[int], trick_cards: list[int], team: int) -> int:
    """Future raw points of ``team`` when every seat plays by simple rules (hands consumed)."""
    seats = [s for s in range(4) if s != out_seat]
    size = len(seats)
    points = 0
    live = 0
    for h in hands:
        live |= h
    for c in trick_cards:
        live |= 1 << c
    while True:
        if trick_cards:
            seat = dds.next_to_play(leader, out_seat, trick_seats)
        else:
            seat = leader
            if not hands[seat]:
                return points
        hand = hands[seat]
        if not trick_cards:
            card = _lead(hand, live, trump)
        else:
            card = _follow(hand, live, trump, trick_seats, trick_cards, seat, size)
        hands[seat] = hand ^ (1 << card)
        trick_seats.append(seat)
        trick_cards.append(card)
        if len(trick_cards) == size:
            winner = dds._trick_winner(trick_seats, trick_cards, trump)
            if winner & 1 == team:
                points += 1 + (5 if _FIVE in trick_cards else 0) - (3 if _THREE in trick_cards else 0)
            for c in trick_cards:
                live ^= 1 << c
            leader = winner
            trick_seats = []
            trick_cards = []


def _is_top(card: int, live: int) -> bool:
    return (live & SUIT_MASK[card >> 3]).bit_length() - 1 == card


def _lead(hand: int, live: int, trump: int) -> int:
    cards = cards_of(hand)
    tops = [c for c in cards if _is_top(c, live) and c != _FIVE]
    if tops:
        return max(tops, key=lambda c: (c >> 3 != trump, c & 7))
    plain = [c for c in cards if c != _FIVE and c >> 3 != trump] or [
        c for c in cards if c != _FIVE] or cards
    return min(plain, key=_LOW_KEY.__getitem__)


def _follow(hand: int, live: int, trump: int, trick_seats: list[int], trick_cards: list[int],
            seat: int, size: int) -> int:
    legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand
    cards = cards_of(legal)
    best = trick_cards[0]
    best_seat = trick_seats[0]
    for s, c in zip(trick_seats, trick_cards):
        if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
            best, best_seat = c, s
    last = len(trick_cards) == size - 1
    if best_seat & 1 == seat & 1:
        safe = last or (_is_top(best, live) and (best >> 3 == trump or trump < 0))
        if safe and legal >> _FIVE & 1:
            return _FIVE
        rest = [c for c in cards if c != _THREE and c != _FIVE] or cards
        return min(rest, key=_LOW_KEY.__getitem__)
    winners = [c for c in cards if (c >> 3 == best >> 3 and c > best)
               or (c >> 3 == trump and best >> 3 != trump)]
    if winners:
        return min(winners, key=_LOW_KEY.__getitem__)
    if legal >> _THREE & 1:
        return _THREE
    rest = [c for c in cards if c != _FIVE] or cards
    return min(rest, key=_LOW_KEY.__getitem__)


# ----- what a raw result is worth -----

def net_score(contract: Contract, scores: tuple[int, int], threshold: int, team: int,
              raw: int) -> int:
    """Our team's score change minus theirs for the hand, if our team ends with ``raw``."""
    bidders = contract.seat & 1
    raw_b = raw if team == bidders else 10 - raw
    if contract.kaiser:
        bid_delta = 40 if raw_b == 10 else -40
    else:
        bid_delta = raw_b if raw_b >= contract.points else -contract.points
        if contract.no_trump:
            bid_delta *= 2
    def_delta = 10 - raw_b
    if def_delta > 0 and scores[1 - bidders] >= threshold:
        def_delta = 0
    net = bid_delta - def_delta
    return net if team == bidders else -net


def _captured(tricks_won: tuple[int, int] | list[int], five_team: int, three_team: int,
              team: int) -> int:
    return tricks_won[team] + (5 if five_team == team else 0) - (3 if three_team == team else 0)


def _move_values(hands: list[int], obs_like: Observation | Game, seat: int, legal: list[int],
                 exact: bool) -> dict[int, int]:
    """Future raw points of ``seat``'s team after each legal card, in one world."""
    trick_seats = list(obs_like.trick_seats)
    trick_cards = list(obs_like.trick_cards)
    leader = trick_seats[0] if trick_seats else seat
    team = seat & 1
    if exact:
        return dds.solve_moves(hands, leader, obs_like.trump, obs_like.out_seat, trick_seats,
                               trick_cards, team)
    size = 3 if obs_like.out_seat >= 0 else 4
    out = {}
    for c in legal:
        after = list(hands)
        after[seat] ^= 1 << c
        seats = trick_seats + [seat]
        cards = trick_cards + [c]
        gained = 0
        if len(cards) == size:
            winner = dds._trick_winner(seats, cards, obs_like.trump)
            if winner & 1 == team:
                gained = 1 + (5 if _FIVE in cards else 0) - (3 if _THREE in cards else 0)
            seats, cards, nxt = [], [], winner
        else:
            nxt = leader
        out[c] = gained + playout(after, nxt, obs_like.trump, obs_like.out_seat, seats, cards,
                                  team)
    return out


def rank_moves(obs: Observation, rng: random.Random, playout_worlds: int, exact_worlds: int,
               exact_from: int, time_cap: float | None = None) -> list[tuple[float, float, int]]:
    """Every legal card with its mean net score and mean raw points, best first."""
    legal = list(obs.legal)
    seat = obs.seat
    team = seat & 1
    contract = obs.contract
    assert contract is not None
    base = _captured(obs.tricks_won, obs.five_team, obs.three_team, team)
    exact = obs.hand.bit_count() <= exact_from
    worlds = exact_worlds if exact else playout_worlds
    totals = {c: 0.0 for c in legal}
    raws = {c: 0.0 for c in legal}
    start = time.perf_counter()
    done = 0
    for hands in sample_worlds(obs, worlds, rng):
        values = _move_values(hands, obs, seat, legal, exact)
        for c in legal:
            raw = base + values[c]
            totals[c] += net_score(contract, obs.scores, obs.threshold, team, raw)
            raws[c] += raw
        done += 1
        if time_cap is not None and time.perf_counter() - start > time_cap:
            break
    ranked = [(totals[c] / done, raws[c] / done, c) for c in legal]
    ranked.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return ranked


# ----- the auction and trump by simulation -----

def _denomination_raws(worlds: list[list[int]], leader: int, team: int, out_seat: int = -1
                       ) -> dict[int, list[int]]:
    """Per trump (``-1``: no trump), ``team``'s raw points in each world, ``leader`` leading."""
    out: dict[int, list[int]] = {}
    for trump in (0, 1, 2, 3, -1):
        out[trump] = [playout(list(w), leader, trump, out_seat, [], [], team) for w in worlds]
    return out


def _mean_net(contract: Contract, obs: Observation, raws: list[int]) -> float:
    team = obs.seat & 1
    return sum(net_score(contract, obs.scores, obs.threshold, team, r) for r in raws) / len(raws)


def _contract_value(seat: int, points: int, no_trump: bool, obs: Observation,
                    raws: dict[int, list[int]], mine: bool) -> float:
    """Our mean net score if ``seat`` plays this contract with the trump best for its team
    (``raws`` are our team's points, so opponents pick the suit worst for us)."""
    contract = Contract(seat, points, no_trump, False)
    if no_trump:
        return _mean_net(contract, obs, raws[-1])
    values = [_mean_net(contract, obs, raws[t]) for t in range(4)]
    return max(values) if mine else min(values)


def simulated_bid(obs: Observation, rng: random.Random, worlds: int) -> int:
    """The auction action with the best mean net score over sampled deals played out.

    A bid is worth its contract with our best trump; a pass is worth the standing contract
    (partner's or an opponent's), or nothing while no one has bid (the hand may yet be thrown
    in or fall to anyone). The Kaiser bid is left to the basic rules (a sure thing or nothing).
    """
    basic_choice = basic_policy(obs, rng)
    if basic_choice == KAISER:
        return KAISER
    seat = obs.seat
    team = seat & 1
    sampled = sample_worlds(obs, worlds, rng)
    mine = _denomination_raws(sampled, seat, team)
    holder, standing = -1, -1
    for s, a in obs.auction:
        if a >= BID_BASE:
            holder, standing = s, a
    best_action, best_value = -1, -1e9
    for action in obs.legal:
        if action == PASS:
            if holder < 0:
                value = 0.0
            else:
                theirs = _denomination_raws(sampled, holder, team)
                value = _contract_value(holder, bid_points(standing), bid_no_trump(standing), obs,
                                        theirs, holder & 1 == team)
        elif action >= BID_BASE:
            value = _contract_value(seat, bid_points(action), bid_no_trump(action), obs, mine,
                                    True)
        else:
            continue
        if value > best_value:
            best_action, best_value = action, value
    return best_action if best_action >= 0 else basic_choice


def simulated_trump(obs: Observation, rng: random.Random, worlds: int) -> int:
    """The trump (or no trump, after a Kaiser bid) with the best mean net score."""
    assert obs.contract is not None
    sampled = sample_worlds(obs, worlds, rng)
    raws = _denomination_raws(sampled, obs.seat, obs.seat & 1, obs.out_seat)
    def value(action: int) -> float:
        trump = -1 if action == TRUMP_NONE else action - TRUMP_BASE
        return _mean_net(obs.contract, obs, raws[trump])  # type: ignore[arg-type]
    return max(obs.legal, key=lambda a: (value(a), -a))


class SearchPolicy:
    """A level's budget: worlds scored by playouts early, by exact solves from
    ``exact_from`` cards in hand on (where a solve of every card in a world costs a few ms).

    ``auction_worlds`` > 0 bids and names trump by simulation; 0 uses the basic level's
    auction. Both levels use 0: in 300 duplicate deals (prairie) simulated bidding with 24
    worlds scored -0.34 points a deal (95% CI -1.16 to +0.48) against the basic auction, bidding
    40% more contracts and making fewer: greedy playouts flatter the declarer and a pass is
    valued at 0, so it overbids until both are calibrated."""

    def __init__(self, playout_worlds: int, exact_worlds: int, exact_from: int,
                 auction_worlds: int) -> None:
        self.playout_worlds = playout_worlds
        self.exact_worlds = exact_worlds
        self.exact_from = exact_from
        self.auction_worlds = auction_worlds

    def ranked(self, obs: Observation, rng: random.Random,
               time_cap: float | None = None) -> list[tuple[float, float, int]]:
        return rank_moves(obs, rng, self.playout_worlds, self.exact_worlds, self.exact_from,
                          time_cap)

    def __call__(self, obs: Observation, rng: random.Random,
                 time_cap: float | None = None) -> int:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if obs.phase == BIDDING and self.auction_worlds:
            return simulated_bid(obs, rng, self.auction_worlds)
        if obs.phase == TRUMP and self.auction_worlds:
            return simulated_trump(obs, rng, self.auction_worlds)
        if obs.phase != PLAY:
            return basic_policy(obs, rng)
        if len(obs.legal) == 1:
            return obs.legal[0]
        return self.ranked(obs, rng, time_cap)[0][2]


strong_policy = SearchPolicy(60, 20, 5, 0)
expert_policy = SearchPolicy(160, 32, 6, 0)


# ----- the oracle: every hand known -----

def oracle_choose(game: Game, rng: random.Random) -> int:
    """Double-dummy play and bids from the true double-dummy values (evaluation only)."""
    seat = game.to_act
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    if game.phase == PLAY:
        # Net score rises with raw points, so the most raw points is the best card.
        leader = game.trick_seats[0] if game.trick_seats else seat
        return dds.best_move(game.hands, leader, game.trump, game.out_seat, game.trick_seats,
                             game.trick_cards)[0]
    if game.phase == BIDDING:
        return _oracle_bid(game, seat, legal)
    if game.phase == TRUMP:
        values = [dds.solve(game.hands, seat, t, game.out_seat, team=seat & 1)
                  for t in range(4)]
        return TRUMP_BASE + max(range(4), key=lambda t: values[t])
    return basic_policy(observe(game, seat), rng)


def _oracle_bid(game: Game, seat: int, legal: list[int]) -> int:
    """The legal bid with the best net score from the true values, or pass if none gains."""
    team = seat & 1
    threshold = game.rules.threshold(game.target)
    scores = (game.scores[0], game.scores[1])
    suit_raw = max(dds.solve(game.hands, seat, t, -1, team=team) for t in range(4))
    nt_raw = dds.solve(game.hands, seat, -1, -1, team=team)
    best_action, best_value = PASS, None
    for action in legal:
        if action < BID_BASE:
            continue
        points, no_trump = bid_points(action), bid_no_trump(action)
        raw = nt_raw if no_trump else suit_raw
        value = net_score(Contract(seat, points, no_trump, False), scores, threshold, team, raw)
        if best_value is None or value > best_value:
            best_action, best_value = action, value
    if PASS in legal and (best_value is None or best_value <= 0):
        return PASS
    if best_action == PASS:
        return legal[0] if legal[0] != PASS else PASS
    return best_action

