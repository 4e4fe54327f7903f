"""Value-based bidding: every auction choice by its expected score for the team, in game points.

Rule counts misprice hands: what a hand is worth is how hands like it actually play out
between our bots. ``tools/fit_bidding.py`` plays many thousands of seeded hands and fits, from
those results, the tables shipped in ``data/bidding.json`` (standard library only here):

- ``declare``: per trump suit (pooled) and no trump, our team's raw points when this seat
  declares and leads, as a linear function of the hand's features (the basic count, the
  simulated mean of the search's sampled worlds, trump length, the 5H and 3S, what partner and
  the opponents have called), with the spread of actual results around that prediction kept
  as a histogram per predicted point (raw points are lumpy: the 5H is worth five);
- ``defend``: our raw points when an opponent's standing bid is played against us;
- ``open_pass``: the net score a pass is worth when nobody has bid yet (the rest of the auction
  played by our bots).

A contract's value is then exact arithmetic, not a rule of thumb: the game's own scoring
(``net_score``) over that histogram, so the threshold, the target, no trump's double and
the losing score all count as they will at the table. Make-probabilities fall out of the same
histograms.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from typing import Any

from ..engine.actions import BID_BASE, KAISER, PASS
from ..engine.cards import FIVE_OF_HEARTS_BIT, SUIT_MASK, THREE_OF_SPADES_BIT
from ..engine.game import BIDDING, Auction, auction_options, contract_of, next_bidder, partner, team
from ..engine.rules import Rules
from ..engine.scoring import Contract, game_winner, hand_winner, raw_points, score_hand
from .basic import NO_TRUMP, basic_policy, own_tricks, partner_share, sure_kaiser, team_estimate
from .observation import Observation
from .rollout import playout_outcome

GAME_WORTH = 30
"""What a game decided on this hand by the losing score (``lose_at``) or by a Kaiser bid played
for the game is worth to the winner beyond the points written: those ends are not points, and
without a value for them the bots would walk into a loss at -52 or pass up a game won."""


def net_score(rules: Rules, contract: Contract, scores: tuple[int, int], target: int, team: int,
              raw: tuple[int, int], tricks: tuple[int, int], three_team: int) -> int:
    """Our team's score change minus theirs for the hand, scored by the game's own
    ``scoring`` from the hand's outcome (raw points, tricks per team, who took the 3S), plus
    ``GAME_WORTH`` when the hand ends the game other than by the target."""
    result = score_hand(rules, contract, raw, tricks, scores, target, three_team)
    delta = result.delta
    net = delta[team] - delta[1 - team]
    after = (scores[0] + delta[0], scores[1] + delta[1])
    if game_winner(rules, after, target, contract.seat & 1, result.made) is None:
        winner = hand_winner(rules, contract, after, target, result.made)
        if winner is not None:
            net += GAME_WORTH if winner == team else -GAME_WORTH
    return net


RAWS = tuple(range(-3, 14))
"""Every raw total one team can end a hand with."""

DENOMINATIONS = (0, 1, 2, 3, NO_TRUMP)


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """The fitted tables, read once from the package's data."""
    text = resources.files("kaiser_core.bots").joinpath("data/bidding.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def auction_facts(obs: Observation) -> tuple[float, float, float]:
    """(partner bid, partner passed, opponents' bids): the calls the tables condition on."""
    mate = partner(obs.seat)
    p_bid = p_pass = 0.0
    opp = 0.0
    for seat, action in obs.auction:
        if seat == mate:
            if action == PASS:
                p_pass = 1.0
            else:
                p_bid = 1.0
        elif seat != obs.seat and action != PASS:
            opp += 1.0
    return p_bid, p_pass, opp


def declare_features(obs: Observation, trump: int, sim: float) -> list[float]:
    """The features of ``declare`` for one denomination (``sim``: the simulated mean raw)."""
    hand = obs.hand
    share = partner_share(obs)
    p_bid, p_pass, opp = auction_facts(obs)
    trump_mask = SUIT_MASK[trump] if trump >= 0 else 0
    trumps = (hand & trump_mask).bit_count()
    # Honours by the usual 4-3-2-1 count, in trumps and (aces and kings) outside them: the
    # counts rate a queen-jack trump suit like an ace-queen one, and the table must not.
    trump_honours = sum(max(0, (c & 7) - 3) for c in range(32) if trump_mask >> c & 1 and hand >> c & 1)
    side = hand & ~trump_mask
    side_aces = sum(1 for s in range(4) if side >> (8 * s + 7) & 1)
    side_kings = sum(1 for s in range(4) if side >> (8 * s + 6) & 1)
    return [1.0, team_estimate(hand, trump, share), own_tricks(hand, trump), sim, float(trumps),
            float(bool(hand & FIVE_OF_HEARTS_BIT)), float(bool(hand & THREE_OF_SPADES_BIT)),
            p_bid, p_pass, opp, float(trump_honours), float(side_aces), float(side_kings)]


def defend_features(obs: Observation, contract: Contract) -> list[float]:
    """The features of ``defend``: our strength against their contract."""
    hand = obs.hand
    share = partner_share(obs)
    best = max(team_estimate(hand, t, share) for t in (0, 1, 2, 3))
    nt = team_estimate(hand, NO_TRUMP, share)
    return [1.0, best, nt, float(contract.points), float(contract.no_trump),
            float(bool(hand & FIVE_OF_HEARTS_BIT)), float(bool(hand & THREE_OF_SPADES_BIT))]


def open_pass_features(obs: Observation) -> list[float]:
    """The features of ``open_pass``: our strength and how many seats are still to call."""
    share = partner_share(obs)
    best = max(team_estimate(obs.hand, t, share) for t in DENOMINATIONS)
    after = 3 - len(obs.auction) % 4
    return [1.0, best, float(after), float(obs.seat == obs.dealer)]


def _dot(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x))


def distribution(model: dict[str, Any], x: list[float]) -> tuple[float, list[float]]:
    """(predicted mean, probability of each of ``RAWS``) from a fitted model: the histograms
    of the two predicted points either side, mixed by distance."""
    if len(model["coef"]) != len(x):
        raise ValueError("the bidding tables do not fit these features: run tools/fit_bidding.py")
    mean = _dot(model["coef"], x)
    bins: dict[str, list[float]] = model["hist"]
    lo, hi = model["bins"]
    p = min(max(mean, lo), hi)
    k = math.floor(p)
    frac = p - k
    below = bins[str(k)]
    above = bins[str(min(k + 1, hi))]
    return mean, [(1 - frac) * a + frac * b for a, b in zip(below, above)]


def declare_distribution(obs: Observation, trump: int, sim: float) -> tuple[float, list[float]]:
    model = tables()["declare"]["nt" if trump < 0 else "suit"]
    return distribution(model, declare_features(obs, trump, sim))


def make_probability(dist: list[float], points: int) -> float:
    """The chance of taking at least ``points`` raw points."""
    return sum(p for p, r in zip(dist, RAWS) if r >= points)


def hand_net(obs: Observation, contract: Contract, team_: int, raw: int) -> int:
    """The net score (ours minus theirs, ``strong.net_score``) when our team ends the hand with
    ``raw`` points and theirs with the rest of 10 (tricks in proportion, capped at 8; who
    takes the 3S left unknown)."""
    ours_tricks = max(0, min(8, raw))
    raws = (raw, 10 - raw) if team_ == 0 else (10 - raw, raw)
    tricks = (ours_tricks, 8 - ours_tricks) if team_ == 0 else (8 - ours_tricks, ours_tricks)
    return net_score(obs.rules, contract, obs.scores, obs.target, team_, raws, tricks, -1)


def expected_net(obs: Observation, contract: Contract, dist: list[float]) -> float:
    """Expected net score of ``contract`` with our raw points spread as ``dist``."""
    us = team(obs.seat)
    return sum(p * hand_net(obs, contract, us, r) for p, r in zip(dist, RAWS) if p > 0)


def kaiser_chance(obs: Observation, trump: int | None = None) -> float:
    """The chance that this hand alone takes all eight tricks (at ``trump``, else at its best
    denomination): near sure with eight certain tricks, a long shot with about seven, else
    none, so a hand that cannot take eight tricks never has the Kaiser bid valued above a
    failure."""
    hand = obs.hand
    denominations = DENOMINATIONS if trump is None else (trump,)
    if any(sure_kaiser(hand, t) for t in denominations):
        return 0.97
    best = max(own_tricks(hand, t) for t in denominations)
    return 0.25 if best >= 7.0 else 0.0


def kaiser_value(obs: Observation, trump: int | None = None) -> float:
    """Expected net score of a Kaiser bid by this seat (made: every trick; failed: seven)."""
    us = team(obs.seat)
    contract = Contract(obs.seat, 8, False, True)
    p = kaiser_chance(obs, trump)

    def outcome(tricks_us: int) -> int:
        raw_us = tricks_us + (5 if obs.hand & FIVE_OF_HEARTS_BIT or tricks_us == 8 else 0) - (
            3 if obs.hand & THREE_OF_SPADES_BIT or tricks_us == 8 else 0)
        raws = (raw_us, 10 - raw_us) if us == 0 else (10 - raw_us, raw_us)
        tricks = (tricks_us, 8 - tricks_us) if us == 0 else (8 - tricks_us, tricks_us)
        return net_score(obs.rules, contract, obs.scores, obs.target, us, raws, tricks, -1)

    # A failure takes about the tricks the hand has of its own.
    failed = min(7, max(0, round(max(own_tricks(obs.hand, t) for t in DENOMINATIONS))))
    return p * outcome(8) + (1 - p) * outcome(failed)


class Estimates:
    """Per denomination, our team's predicted raw points and their spread, for one view."""

    def __init__(self, obs: Observation, sims: dict[int, float],
                 raws: dict[int, list[int]] | None = None) -> None:
        self.obs = obs
        self.dists = {t: declare_distribution(obs, t, sims[t]) for t in DENOMINATIONS}
        self.raws = raws or {}
        """Per denomination, our raw points in each sampled world played out (the simulated
        means come from these); a suit's value blends their scores in (``suit_value``)."""
        self.simulated: dict[int, float] = {}
        """Per call, the mean net score of the rest of the auction played out in sampled
        worlds (``simulate_calls``), blended into its value; empty: the tables alone."""

    def simulate(self, worlds: list[list[int]], deadline: float | None = None) -> None:
        """Play the rest of the auction out in ``worlds`` after the pass and the bids the
        tables value best, so that their values count what the other seats will call (at
        ``deadline``, a ``time.perf_counter`` reading, with the worlds played so far)."""
        bids = sorted(((v, a) for v, a, _ in self.table_values() if a >= BID_BASE),
                      key=lambda t: (-t[0], t[1]))[:SIM_CALLS]
        calls = [a for _, a in bids] + ([PASS] if PASS in self.obs.legal else [])
        if len(calls) > 1 and worlds:
            self.simulated = simulate_calls(self.obs, worlds, calls, deadline)

    def mean(self, trump: int) -> float:
        return self.dists[trump][0]

    def suit_value(self, contract: Contract, trump: int) -> float:
        """Expected net of ``contract`` at ``trump``: the tables' spread, blended with the
        scores of the sampled worlds played out. The tables read a hand by its counts, which
        can rate a queen-jack-nine trump suit as high as an ace-queen-nine one; the worlds
        played out cannot."""
        value = expected_net(self.obs, contract, self.dists[trump][1])
        raws = self.raws.get(trump)
        if not raws:
            return value
        us = team(self.obs.seat)
        played = sum(hand_net(self.obs, contract, us, r) for r in raws) / len(raws)
        honours = sum(max(0, (c & 7) - 3) for c in range(8 * trump, 8 * trump + 8)
                      if self.obs.hand >> c & 1)
        return (1 - PLAYED_WEIGHT) * value + PLAYED_WEIGHT * (played + TRUMP_CONTROL * honours)

    def best_suit(self, contract: Contract) -> int:
        """The trump with the best expected score for ``contract`` (``suit_value``)."""
        return max(range(4), key=lambda t: (self.suit_value(contract, t), self.dists[t][0], t))

    def declare_value(self, contract: Contract) -> tuple[float, int]:
        """(expected net, denomination) of playing ``contract`` ourselves."""
        if contract.no_trump:
            return expected_net(self.obs, contract, self.dists[NO_TRUMP][1]), NO_TRUMP
        t = self.best_suit(contract)
        return self.suit_value(contract, t), t

    def pass_value(self) -> float:
        """What passing is worth: partner's contract played with our estimate, an opponent's
        defended, and with nobody bid the fitted worth of leaving it to the others."""
        obs = self.obs
        standing = Auction(obs.auction)
        seat = standing.best_seat
        if seat < 0:
            if obs.seat == obs.dealer and obs.rules.all_pass == "throw_in":
                return 0.0
            return _dot(tables()["open_pass"]["coef"], open_pass_features(obs))
        contract = contract_of(seat, standing.best_action)
        if team(seat) == team(obs.seat):
            return self.declare_value(contract)[0]
        _, dist = distribution(tables()["defend"], defend_features(obs, contract))
        return expected_net(obs, contract, dist)

    def action_values(self) -> list[tuple[float, int, int]]:
        """(expected net, action, denomination planned; -2 for a pass) for every legal call,
        the tables' value blended with the simulated one where there is one."""
        out = []
        for value, a, trump in self.table_values():
            sim = self.simulated.get(a)
            if sim is not None:
                value = (1 - SIM_WEIGHT) * value + SIM_WEIGHT * sim
            out.append((value, a, trump))
        return out

    def table_values(self) -> list[tuple[float, int, int]]:
        """``action_values`` from the tables alone."""
        out = []
        for a in self.obs.legal:
            if a == PASS:
                out.append((self.pass_value(), a, -2))
            elif a == KAISER:
                out.append((kaiser_value(self.obs), a, -1 if sure_kaiser(self.obs.hand, -1) else
                            max(range(4), key=lambda t: (own_tricks(self.obs.hand, t), t))))
            elif a >= BID_BASE:
                value, trump = self.declare_value(contract_of(self.obs.seat, a))
                out.append((value, a, trump))
        return out


PLAYED_WEIGHT = 0.75
"""How much of a contract's value at one trump comes from the sampled worlds played out with us
declaring (``suit_value``) rather than from the tables' spread: the worlds see which honours
the hand holds, the tables only its counts."""

SIM_WEIGHT = 0.5
"""How much of a call's value comes from playing the rest of the auction out in the sampled
worlds (``simulate_calls``) rather than from the tables: the tables know how hands like ours
play, the simulation what the other seats will call after us (an opponent who overcalls, a
partner who raises, a dealer who takes) and how partner's hand plays when partner declares.
Measured with ``tools/auction_match.py`` against 0.75 under strong's card play: +0.47 points a
deal (-0.07, +1.01) over 200 deals; 1.0 lost 0.34 over 150."""

TRUMP_CONTROL = 0.75
"""Points per honour point (4-3-2-1) of the trump suit that the playouts and the tables miss:
the rule player never draws trumps, so top trumps count there no more than top cards of a side
suit. On the issue's worked hand (QJ9 of spades, AQ9 of clubs) over 60 random deals, double
dummy takes 8.9 at clubs and 8.4 at spades, the playouts 7.1 and 7.4 and the tables favour
spades too; this is the weight at which ``strong`` names clubs from every seed tried."""

SIM_CALLS = 4
"""The bids simulated besides the pass: those the tables value best (each costs a playout per
world)."""


Valuation = Callable[[Observation, list[int], Contract, int], float]
"""Our net score when a contract is played in a world (``simulate_calls``)."""


def simulate_calls(obs: Observation, worlds: list[list[int]], calls: list[int],
                   deadline: float | None = None, value: Valuation | None = None
                   ) -> dict[int, float]:
    """Per call, our mean net score over ``worlds`` when we make it, every later call is the
    one ``basic`` makes from that world's hand (ours too, in a continuing auction), the
    declarer names trump as ``basic`` does and the hand is played out by the rule player
    (``value``, if given, names trump and plays instead: ``oracle-foresight``'s exact
    solver)."""
    value = value or played_out
    rules = obs.rules
    me = obs.seat
    us = team(me)
    base = replace(obs, phase=BIDDING, passed_card=-1, received_card=-1)
    mate = partner(me)
    totals = dict.fromkeys(calls, 0.0)
    done = 0
    for world in worlds:
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        done += 1
        for call in calls:
            book = Auction([*obs.auction, (me, call)])
            seat = next_bidder(rules, me, obs.dealer, call, book.best_rank, book.best_seat,
                               book.passed)
            while seat >= 0:
                legal = auction_options(rules, seat, obs.dealer, book.best_rank, book.best_seat)
                view = replace(base, seat=seat, to_act=seat, hand=world[seat],
                               auction=tuple(book.auction), legal=tuple(legal),
                               passed_card=obs.received_card if seat == mate else
                               obs.passed_card if seat == me else -1,
                               received_card=obs.passed_card if seat == mate else
                               obs.received_card if seat == me else -1)
                action = basic_policy(view, _RNG)
                book.take_call(seat, action)
                seat = next_bidder(rules, seat, obs.dealer, action, book.best_rank, book.best_seat,
                                   book.passed)
            if book.best_seat < 0:
                continue
            totals[call] += value(obs, world, contract_of(book.best_seat, book.best_action), us)
    return {c: v / done for c, v in totals.items()}


_RNG = random.Random(0)
"""``basic`` reads no random numbers; its signature asks for a generator."""


def played_out(obs: Observation, world: list[int], contract: Contract, us: int) -> int:
    """Our net score when ``contract`` is played out in ``world`` by the rule player, the
    declarer naming trump as ``basic`` does (a Kaiser bidder's partner sitting out)."""
    hands = list(world)
    declarer = contract.seat
    out_seat = -1
    trump = -1
    if contract.kaiser:
        out_seat = partner(declarer)
        hands[out_seat] = 0
        if not sure_kaiser(hands[declarer], NO_TRUMP):
            trump = max(range(4), key=lambda t: (team_estimate(hands[declarer], t, 0.3), t))
    elif not contract.no_trump:
        trump = max(range(4), key=lambda t: (team_estimate(hands[declarer], t, 0.3), t))
    won, five, three = playout_outcome(hands, declarer, trump, out_seat, [], [])
    rule = obs.rules.spade_three_needs_three_tricks
    raw = (raw_points(won[0], five == 0, three == 0, rule),
           raw_points(won[1], five == 1, three == 1, rule))
    return net_score(obs.rules, contract, obs.scores, obs.target, us, raw,
                     (won[0], won[1]), three)
