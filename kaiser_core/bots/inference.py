"""Reading the auction: how likely each call seen was, were the caller's hand the one a world
gives it, under a softened model of the players (the ``basic`` bidder).

A world in which partner bid 8 on a hand that ``basic`` would have passed, or an opponent
passed a hand that ``basic`` would have opened at 9, explains the table badly. Each call of
another seat is compared with the call ``basic`` makes from the world's hand in the same
position (the auction before it, the scores, the rules): the likelihood falls by a factor of
``exp(-BETA)`` per step of bid rank between the two (a pass counts as two steps below the
lowest bid it could have made; a Kaiser bid as far above 12 no). The model is soft on
purpose: the players need not be ``basic`` (a partner at the same level bids by values), so
a call that ``basic`` would not make is unlikely, never impossible. Everything here reads the
public record and the world's hands only: the seat's own view plus a guess.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..engine.actions import KAISER, PASS, bid_rank
from ..engine.game import BIDDING, auction_options, partner
from .basic import NO_TRUMP, CallRule, auction_choice, partner_share, team_estimates
from .observation import Observation

BETA = 0.6
"""Log-likelihood lost per step of bid rank (half a point) between a call and ``basic``'s."""

CAP = 8
"""Steps beyond which a call is no less likely: a model that is sometimes wrong must not let
one call veto a world."""

DENOMINATIONS = (0, 1, 2, 3, NO_TRUMP)
"""In ``basic.evaluations``'s order."""

_PASS_BELOW = 2
"""A pass sits this many rank steps below the lowest bid the caller could have made."""


def _level(action: int, lowest: int) -> int:
    """A call on the scale the model measures distance on: bid rank, a pass under the lowest
    bid open to the caller, the Kaiser bid just over 12 no."""
    if action == PASS:
        return lowest - _PASS_BELOW
    if action == KAISER:
        return 26
    return bid_rank(action)


_Key = tuple[int, int] | tuple[int, float, float]
_MISFITS: dict[tuple[Observation, ...], dict[_Key, int]] = {}
"""Per auction as callers saw it: how far ``basic``'s call lies from the call made, by (call,
caller's hand) and by (call, the best suit's estimate, no trump's), all ``basic`` reads of a
hand without the Kaiser bid. A seat's reading of the auction does not change while a hand is
played, and its worlds keep dealing the same hands to a seat as the unseen cards run out, so
most of a hand's likelihoods are looked up rather than bid again."""
_MISFITS_LIMIT = 8
_MISFIT_LIMIT = 1 << 16


def _misfits(views: tuple[Observation, ...]) -> dict[_Key, int]:
    table = _MISFITS.get(views)
    if table is None:
        if len(_MISFITS) >= _MISFITS_LIMIT:
            del _MISFITS[next(iter(_MISFITS))]
        table = _MISFITS[views] = {}
    elif len(table) >= _MISFIT_LIMIT:
        table.clear()
    return table


class AuctionModel:
    """The other seats' calls, each with the view its caller had (every field but the hand),
    so that a world's likelihood costs one ``basic`` call per call seen (and none for a
    caller's hand met before: ``_MISFITS``)."""

    def __init__(self, obs: Observation) -> None:
        self.calls: list[tuple[int, Observation, float, int, int]] = []
        """(seat, the caller's view without its hand, the share of partner's help it counts
        on, the call's level, its lowest bid)."""
        rules = obs.rules
        best_rank, best_seat = 0, -1
        mate = partner(obs.seat)
        for k, (seat, action) in enumerate(obs.auction):
            legal = auction_options(rules, seat, obs.dealer, best_rank, best_seat)
            if seat != obs.seat and len(legal) > 1:
                lowest = min((bid_rank(a) for a in legal if a != PASS), default=26)
                view = replace(
                    obs, seat=seat, hand=0, phase=BIDDING, to_act=seat, auction=obs.auction[:k],
                    contract=None, trump=-1, out_seat=-1, tricks=(), trick_seats=(),
                    trick_cards=(), played=0, voids=(0, 0, 0, 0), tricks_won=(0, 0),
                    hand_sizes=(8, 8, 8, 8),
                    five_team=-1, three_team=-1, legal=tuple(legal),
                    passed_card=obs.received_card if seat == mate else -1,
                    received_card=obs.passed_card if seat == mate else -1)
                self.calls.append((seat, view, partner_share(view), _level(action, lowest),
                                   lowest))
            if action != PASS:
                best_rank, best_seat = bid_rank(action), seat
        self.misfits = _misfits(tuple(view for _, view, _, _, _ in self.calls))
        self.rules = [CallRule(view) for _, view, _, _, _ in self.calls]
        self.by_seat: list[list[int]] = [[k for k, call in enumerate(self.calls)
                                          if call[0] == s] for s in range(4)]

    def __bool__(self) -> bool:
        return bool(self.calls)

    def likelihood(self, dealt: list[int]) -> float:
        """How well hands as dealt (before any card was played) explain the calls seen, up to
        a constant: 1 when ``basic`` would have made every one of them."""
        steps = 0
        for k in range(len(self.calls)):
            steps += self._misfit(k, dealt[self.calls[k][0]])
        return math.exp(-BETA * steps)

    def steps(self, seat: int, hand: int) -> int:
        """How far ``seat``'s calls lie from ``basic``'s with ``hand`` as dealt, in steps of
        bid rank: the likelihood factorises by seat, so a chain that changes two seats' hands
        (``reading``) prices just those two."""
        steps = 0
        for k in self.by_seat[seat]:
            steps += self._misfit(k, hand)
        return steps

    def _misfit(self, k: int, hand: int) -> int:
        misfit = self.misfits.get((k, hand))
        if misfit is None:
            view, share = self.calls[k][1:3]
            # The call reads the hand through these estimates alone (``basic.evaluations``),
            # but for the Kaiser bid's own test.
            evals = list(zip(team_estimates(hand, share), DENOMINATIONS))
            if KAISER in view.legal:
                misfit = self._misfit_of(k, auction_choice(replace(view, hand=hand), evals))
            else:
                # Without the Kaiser bid's test the call reads only the best suit's estimate
                # and no trump's, which many hands share.
                key = (k, max(evals[0][0], evals[1][0], evals[2][0], evals[3][0]),
                       evals[4][0])
                misfit = self.misfits.get(key)
                if misfit is None:
                    misfit = self.misfits[key] = self._misfit_of(k, self.rules[k](evals))
            self.misfits[k, hand] = misfit
        return misfit

    def _misfit_of(self, k: int, call: int) -> int:
        _, _, _, level, lowest = self.calls[k]
        return min(CAP, abs(_level(call, lowest) - level))
