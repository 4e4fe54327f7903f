"""The hint: every legal action of the seat to act with a value on one scale, best first.

One scale for every phase, so a list can be read top to bottom: the expected score of the
hand for the seat's team minus the other team's (a pass, a redeal and a trump choice
included). The numbers come from the search the ``strong`` bot decides by: in play its
sampled worlds (``strong.rank_moves``); in the auction and the trump choice its simulated
estimate of our team's raw points, turned into a score by the contract's own arithmetic
(``strong.net_score``) over a normal spread of raw results (``basic.SPREAD``, the spread the
bidding rules already assume). Exactly one entry is ``suggested``: the best value, ties going
to the action the bot itself would take.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..engine import actions as act
from ..bots import make_rng
from ..bots.basic import SPREAD
from ..bots.observation import Observation, observe
from ..bots.strong import net_score, strong_policy
from ..errors import IllegalAction
from ..engine.game import BIDDING, GAME_OVER, PLAY, REDEAL_PHASE, SEAT_NAMES, TRUMP, Game, partner
from ..engine.scoring import Contract

_RAWS = range(-3, 14)
"""Every raw total one team can end a hand with."""


def _expected(contract: Contract, obs: Observation, raw_mean: float) -> float:
    """Expected net score (ours minus theirs) with our raw points spread around ``raw_mean``."""
    team = obs.seat & 1
    weights = [math.exp(-0.5 * ((r - raw_mean) / SPREAD) ** 2) for r in _RAWS]
    total = sum(weights)
    return sum(w * _net(contract, obs, team, r) for w, r in zip(weights, _RAWS)) / total


def _net(contract: Contract, obs: Observation, team: int, raw: int) -> int:
    """The net score when our team ends the hand with ``raw`` points and theirs with the rest
    of 10 (tricks in proportion, capped at 8; who takes the 3S left unknown)."""
    ours_tricks = max(0, min(8, raw))
    raws = (raw, 10 - raw) if team == 0 else (10 - raw, raw)
    tricks = (ours_tricks, 8 - ours_tricks) if team == 0 else (8 - ours_tricks, ours_tricks)
    return net_score(obs.rules, contract, obs.scores, obs.target, team, raws, tricks, -1)


def _standing(obs: Observation) -> tuple[int, int] | None:
    """(seat, action) of the highest bid so far, if any."""
    for seat, action in reversed(obs.auction):
        if action != act.PASS:
            return seat, action
    return None


def _contract_of(seat: int, action: int) -> Contract:
    if action == act.KAISER:
        return Contract(seat, 8, False, True)
    return Contract(seat, act.bid_points(action), act.bid_no_trump(action), False)


def _defending(obs: Observation, contract: Contract, suit_mu: float) -> float:
    """Our expectation against the other side's ``contract``: their raw points are taken as a
    point above their bid (the margin bidders keep over their count), or what our own estimate
    leaves them if that is more."""
    theirs = max(contract.points + 1, 10 - suit_mu)
    return _expected(contract, obs, 10 - theirs)


def _pass_value(obs: Observation, suit_mu: float, nt_mu: float) -> float:
    """A pass leaves the standing bid to play (partner's, played with our estimate; an
    opponent's, defended); with no bid standing the hand is thrown in or goes to a later
    bidder, an even prospect on average: 0."""
    standing = _standing(obs)
    if standing is None:
        return 0.0
    seat, action = standing
    contract = _contract_of(seat, action)
    if seat == partner(obs.seat) or seat == obs.seat:
        return _expected(contract, obs, nt_mu if contract.no_trump else suit_mu)
    return _defending(obs, contract, suit_mu)


def _auction_values(obs: Observation, rng: random.Random) -> tuple[list[tuple[float, int]], int]:
    evals = strong_policy.evaluations(obs, rng)
    chosen = strong_policy.auction_action(obs, evals, rng)
    suit_mu = max(mu for mu, t in evals if t >= 0)
    nt_mu = evals[-1][0]
    values = []
    for a in obs.legal:
        if a == act.PASS:
            values.append((_pass_value(obs, suit_mu, nt_mu), a))
        else:
            contract = _contract_of(obs.seat, a)
            mu = max(suit_mu, nt_mu) if contract.kaiser else nt_mu if contract.no_trump else suit_mu
            values.append((_expected(contract, obs, mu), a))
    return values, chosen


def _trump_values(obs: Observation, rng: random.Random) -> tuple[list[tuple[float, int]], int]:
    evals = strong_policy.evaluations(obs, rng)
    chosen = strong_policy.auction_action(obs, evals, rng)
    estimate = {t: mu for mu, t in evals}
    contract = obs.contract
    assert contract is not None
    values = []
    for a in obs.legal:
        if a == act.TRUMP_NONE:
            values.append((_expected(contract._replace(no_trump=True), obs, estimate[-1]), a))
        else:
            values.append((_expected(contract, obs, estimate[a - act.TRUMP_BASE]), a))
    return values, chosen


def _weak_hand_values(obs: Observation, rng: random.Random) -> tuple[list[tuple[float, int]], int]:
    """A redeal gives both sides a fresh, even deal (0); keeping the weak hand means
    defending, at best, against the other side's minimum bid."""
    chosen = strong_policy(obs, rng)
    suit_mu = max(mu for mu, t in strong_policy.evaluations(obs, rng) if t >= 0)
    opponent = (obs.seat + 1) & 3
    keep = _defending(obs, Contract(opponent, obs.rules.minimum_bid, False, False), suit_mu)
    return [(0.0 if a == act.REDEAL else keep, a) for a in obs.legal], chosen


def hint(game: Game, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """Each legal action of ``seat`` (the seat to act, else ``IllegalAction``) as
    ``{"action", "value", "suggested"}``, best value first."""
    if game.phase == GAME_OVER or game.to_act != seat:
        raise IllegalAction(f"it is not {SEAT_NAMES[seat]}'s turn")
    obs = observe(game, seat)
    rng = make_rng(seed)
    if game.phase == PLAY:
        ranked = strong_policy.ranked(obs, rng)
        values = [(v, c) for v, _, c in ranked]
        chosen = ranked[0][2]
    elif game.phase == BIDDING:
        values, chosen = _auction_values(obs, rng)
    elif game.phase == TRUMP:
        values, chosen = _trump_values(obs, rng)
    elif game.phase == REDEAL_PHASE:
        values, chosen = _weak_hand_values(obs, rng)
    else:
        chosen = strong_policy(obs, rng)
        values = [(0.0, a) for a in obs.legal]
    rounded = [(round(float(v), 3), a) for v, a in values]
    order = {a: i for i, (_, a) in enumerate(rounded)}
    rounded.sort(key=lambda t: (-t[0], t[1] != chosen, order[t[1]]))
    return [{"action": act.encode(a), "value": v, "suggested": i == 0}
            for i, (v, a) in enumerate(rounded)]
