"""The ``strong`` and ``expert`` levels (search over sampled worlds) and the oracles.

Play: deal the unseen cards into worlds that fit the view (``sampling``), score every legal
card in every world, and play the card with the best mean *score effect*: the raw points a
card leads to matter only through the contract (made or set, doubled at no trump, defenders'
points capped at the threshold), so each world's raw result is turned into the hand's net
score for our team before averaging. Late in the hand a world is scored exactly by the
double-dummy solver; early on, where that costs seconds, by a fast playout in which every
seat follows the club player's rules (win cheaply, feed the 5H to partner, dump the 3S on
opponents). Budgets are counted in worlds, never in time, so a seed fixes the answer; the
optional ``time_cap`` only stops early (for the browser) with the worlds scored so far.

The auction is simulated too: per trump and no trump, the sampled deals played out give our
team's expected raw points, blended with the ``basic`` count by a fit to double-dummy values,
and the basic level's bidding rules (score, threshold, the dealer's equal right) decide from
that estimate (``simulated_evaluations``), and trump is the suit with the best estimate. The
weak-hand question uses the ``basic`` rule.

The oracles see every hand, for measurement only: ``oracle`` plays double dummy and bids as
``basic`` does (the share of its edge a fair level gets measures card play, as the bots issue
asks); ``oracle_full`` also bids from the true double-dummy values.
"""

from __future__ import annotations

import random
import time
from statistics import fmean

from ..actions import (
    BID_BASE,
    PASS,
    TRUMP_BASE,
    TRUMP_NONE,
    bid_no_trump,
    bid_points,
)
from ..game import BIDDING, PLAY, TRUMP, Game
from ..scoring import Contract
from . import dds
from .basic import auction_choice, basic_policy, evaluations
from .observation import Observation, observe
from .rollout import playout
from .sampling import sample_worlds

_FIVE, _THREE = 16, 24


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
                 search: dds.Solver | None) -> dict[int, int]:
    """Future raw points of ``seat``'s team after each legal card, in one world: exact with a
    ``search``, else by playouts."""
    trick_seats = list(obs_like.trick_seats)
    trick_cards = list(obs_like.trick_cards)
    leader = trick_seats[0] if trick_seats else seat
    team = seat & 1
    if search is not None:
        return dds.solve_moves(hands, leader, obs_like.trump, obs_like.out_seat, trick_seats,
                               trick_cards, team, search)
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
               exact_from: int, time_cap: float | None = None, candidates: int = 1
               ) -> list[tuple[float, float, int]]:
    """Every legal card with its mean net score and mean raw points, best first (a world
    drawn twice by the sampler is scored once and counted twice)."""
    legal = list(obs.legal)
    seat = obs.seat
    team = seat & 1
    contract = obs.contract
    assert contract is not None
    base = _captured(obs.tricks_won, obs.five_team, obs.three_team, team)
    exact = obs.hand.bit_count() <= exact_from
    worlds = exact_worlds if exact else playout_worlds
    search = dds.Solver(obs.trump, team, obs.out_seat) if exact else None
    totals = {c: 0.0 for c in legal}
    raws = {c: 0.0 for c in legal}
    start = time.perf_counter()
    done = 0
    seen: dict[tuple[int, ...], dict[int, int]] = {}
    for hands in sample_worlds(obs, worlds, rng, candidates):
        key = tuple(hands)
        values = seen.get(key)
        if values is None:
            values = seen[key] = _move_values(hands, obs, seat, legal, search)
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


# ----- the auction by simulation -----

SUIT_FIT = (-1.01, 0.59, 0.665)
NO_TRUMP_FIT = (-0.47, 0.639, 0.478)
"""(constant, weight of the basic count, weight of the simulated mean) of a bidding estimate.

Fitted (``tools/fit_bidding.py``) on 1,500 auction decisions of basic self-play against the
double-dummy value of the real deal: the simulated mean alone flatters the declarer (+0.7 raw
points in suits: the rule playouts defend badly) and the count alone misses how the other hands
lie; the least-squares blend of both has the smallest residual spread (3.49 raw points against
3.59 for the count alone, in suits). The constants map that blend back onto the count's scale
through the count's own fitted line, since the basic bidding margins were tuned on it."""


def denomination_raws(worlds: list[list[int]], leader: int, team: int, out_seat: int = -1
                       ) -> dict[int, list[int]]:
    """Per trump (``-1``: no trump), ``team``'s raw points in each world, ``leader`` leading."""
    out: dict[int, list[int]] = {}
    for trump in (0, 1, 2, 3, -1):
        out[trump] = [playout(list(w), leader, trump, out_seat, [], [], team) for w in worlds]
    return out


def simulated_evaluations(obs: Observation, rng: random.Random, worlds: int
                          ) -> list[tuple[float, int]]:
    """(estimate, trump) for the four suits and no trump, as ``basic.evaluations`` gives
    them, but informed by simulation: ``worlds`` deals of the unseen cards that fit the
    auction so far, each played out by the rule player with this seat declaring and leading,
    our team's mean raw points blended with the basic count by ``SUIT_FIT`` and
    ``NO_TRUMP_FIT``. The basic level's bidding rules (margins by score, the dealer's equal
    right, partner's contract) then decide from these estimates."""
    sampled = sample_worlds(obs, worlds, rng)
    raws = denomination_raws(sampled, obs.seat, obs.seat & 1, obs.out_seat)
    out = []
    for count, trump in evaluations(obs):
        constant, w_count, w_sim = NO_TRUMP_FIT if trump < 0 else SUIT_FIT
        out.append((constant + w_count * count + w_sim * fmean(raws[trump]), trump))
    return out


class SearchPolicy:
    """A level's budget, in worlds (never in time, so a seed fixes every answer).

    Play: ``playout_worlds`` scored by playouts early, ``exact_worlds`` by exact solves from
    ``exact_from`` cards in hand on (where a solve of every card in a world costs a few ms);
    ``candidates`` > 1 weighs the worlds by the cards the other seats chose (``sampling``).
    The auction and trump: ``auction_worlds`` deals simulated per call
    (``simulated_evaluations``); trump is the suit with the best estimate, simulated again
    once the auction is over (after a Kaiser bid, whether to play no trump is the basic rule's
    sure-tricks test)."""

    def __init__(self, playout_worlds: int, exact_worlds: int, exact_from: int,
                 auction_worlds: int, candidates: int) -> None:
        self.playout_worlds = playout_worlds
        self.exact_worlds = exact_worlds
        self.exact_from = exact_from
        self.auction_worlds = auction_worlds
        self.candidates = candidates

    def ranked(self, obs: Observation, rng: random.Random,
               time_cap: float | None = None) -> list[tuple[float, float, int]]:
        return rank_moves(obs, rng, self.playout_worlds, self.exact_worlds, self.exact_from,
                          time_cap, self.candidates)

    def evaluations(self, obs: Observation, rng: random.Random) -> list[tuple[float, int]]:
        """The bidding estimates this level decides from."""
        return simulated_evaluations(obs, rng, self.auction_worlds)

    def auction_action(self, obs: Observation, estimates: list[tuple[float, int]],
                       rng: random.Random) -> int:
        """The call (auction) or the trump (trump naming) taken from ``estimates``."""
        if obs.phase == BIDDING:
            return auction_choice(obs, estimates)
        if TRUMP_NONE in obs.legal:
            return basic_policy(obs, rng)
        return TRUMP_BASE + max((mu, t) for mu, t in estimates if t >= 0)[1]

    def __call__(self, obs: Observation, rng: random.Random,
                 time_cap: float | None = None) -> int:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if obs.phase in (BIDDING, TRUMP):
            return self.auction_action(obs, self.evaluations(obs, rng), rng)
        if obs.phase != PLAY:
            return basic_policy(obs, rng)
        return self.ranked(obs, rng, time_cap)[0][2]


strong_policy = SearchPolicy(60, 20, 5, 24, 4)
expert_policy = SearchPolicy(160, 32, 6, 48, 4)


# ----- the oracles: every hand known -----

def oracle_choose(game: Game, rng: random.Random) -> int:
    """Double-dummy card play; the auction, trump and the weak-hand question as ``basic``.

    This is the yardstick of card play: it bids exactly as the fair levels do, so the edge it
    gains over ``basic`` is what perfect knowledge of the cards is worth in the play, the
    share a fair level can hope to approach (evaluation only)."""
    if game.phase == PLAY:
        return _oracle_play(game)
    return basic_policy(observe(game, game.to_act), rng)


def oracle_full_choose(game: Game, rng: random.Random) -> int:
    """Double-dummy play and bids from the true double-dummy values: an upper bound that
    no fair level approaches, as its edge is mostly in the auction (evaluation only)."""
    seat = game.to_act
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    if game.phase == PLAY:
        return _oracle_play(game)
    if game.phase == BIDDING:
        return _oracle_bid(game, seat, legal)
    if game.phase == TRUMP:
        values = [dds.solve(game.hands, seat, t, game.out_seat, team=seat & 1)
                  for t in range(4)]
        return TRUMP_BASE + max(range(4), key=lambda t: values[t])
    return basic_policy(observe(game, seat), rng)


def _oracle_play(game: Game) -> int:
    """The card that keeps the most raw points (net score rises with raw points)."""
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    leader = game.trick_seats[0] if game.trick_seats else game.to_act
    return dds.best_move(game.hands, leader, game.trump, game.out_seat, game.trick_seats,
                         game.trick_cards)[0]


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

