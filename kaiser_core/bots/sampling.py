"""Deals of the hidden cards that fit what one seat has seen: the worlds a search plays in.

Hard constraints: the cards this seat cannot see, each other seat's hand size, the suits a
seat has shown void in; a Kaiser partner sitting out holds the unseen cards left over, out of
play. Soft evidence (inference, when ``candidates`` > 1): every call and card the other
seats chose. Worlds are drawn under the hard constraints alone, weighed by the likelihood of
what was seen under a softened model of the players (the calls by ``inference``: a seat that
bid is strong, one that passed when it could have bid is not, as far as ``basic`` would have
called from that world's hand; the cards by the rule player: sound players rarely duck with a
master or keep the 5H from a partner's winning trick) and resampled, so the evidence shapes the
worlds without ever making sampling fail.
Everything comes from the ``random.Random`` given, so a seed fixes the worlds.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from ..engine.cards import SUIT_MASK
from .inference import AuctionModel
from .observation import Observation
from .rollout import rule_follow, rule_lead

SURPRISE = 0.4
"""How much less likely a world is for each card played that the rule player would not have
played from that world's hand (a touching card of the same holding counts as the same)."""


class _Dealer:
    """Random assignments of ``cards`` to seats with room and no void in the card's suit. What
    the hard facts allow is worked out once per decision, the dealing once per world."""

    def __init__(self, cards: list[int], sizes: list[int], voids: list[int]) -> None:
        self.cards, self.sizes = cards, sizes
        # The most constrained cards first: those only few seats may hold (a stable sort by
        # the count of seats open to the card's suit, after the shuffle).
        holders = [sum(1 for s in range(4) if sizes[s] and not voids[s] >> suit & 1)
                   for suit in range(4)]
        self.key = holders.__getitem__ if min(holders) != max(holders) else None
        self.open_to = [[s for s in range(4) if not voids[s] >> suit & 1] for suit in range(4)]

    def deal(self, rng: random.Random) -> list[int] | None:
        """One assignment: a card goes to a seat open to it with odds by the room left."""
        order = self.cards[:]
        rng.shuffle(order)
        if self.key is not None:
            key = self.key
            order.sort(key=lambda c: key(c >> 3))
        room = self.sizes[:]
        hands = [0, 0, 0, 0]
        open_to = self.open_to
        random_ = rng.random
        for c in order:
            seats = open_to[c >> 3]
            total = 0
            for s in seats:
                total += room[s]
            if not total:
                return None
            pick = random_() * total
            for s in seats:
                if room[s]:
                    pick -= room[s]
                    if pick < 0:
                        break
            hands[s] |= 1 << c
            room[s] -= 1
        return hands


class Play(NamedTuple):
    seat: int
    card: int
    trick_seats: list[int]
    trick_cards: list[int]
    live: int
    """The cards still deciding tricks then, the same in every world: those held (all 32 were
    dealt) and those on the trick."""


def plays_seen(obs: Observation) -> list[Play]:
    """Every card played this hand, in order, with the trick as it stood before it."""
    plays = []
    sequences = [(t.seats, t.cards) for t in obs.tricks] + [(obs.trick_seats, obs.trick_cards)]
    live = (1 << 32) - 1
    for seats, cards in sequences:
        for k, (seat, card) in enumerate(zip(seats, cards)):
            plays.append(Play(seat, card, list(seats[:k]), list(cards[:k]), live))
        for card in cards:
            live ^= 1 << card
    return plays


def rule_surprised(play: Play, hand: int, trump: int, size: int) -> bool:
    """Did the seat, holding ``hand``, play a card the rule player would not have (a forced
    card, or one touching the rules' choice, is no surprise)?"""
    trick_cards = play.trick_cards
    legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand if trick_cards else hand
    if not legal & (legal - 1):
        return False
    live = play.live
    if trick_cards:
        choice = rule_follow(hand, live, trump, play.trick_seats, trick_cards, play.seat, size)
    else:
        choice = rule_lead(hand, live, trump)
    return not same_holding(choice, play.card, hand, live)


def same_holding(a: int, b: int, hand: int, live: int) -> bool:
    """Two cards of one suit with no live card of another holder between them: playing one or
    the other is the same play."""
    if a == b:
        return True
    if a >> 3 != b >> 3:
        return False
    lo, hi = min(a, b), max(a, b)
    return not ((1 << hi) - (2 << lo)) & live & ~hand


def _explained(obs: Observation, dealt: list[int], plays: list[Play]) -> float:
    """The likelihood (up to a constant) that rule players holding this world's hands as dealt
    made the plays seen: ``SURPRISE`` per card the rules would not have chosen (a forced card
    says nothing)."""
    held = list(dealt)
    size = 3 if obs.out_seat >= 0 else 4
    trump = obs.trump
    weight = 1.0
    for play in plays:
        seat = play.seat
        hand = held[seat]
        if seat != obs.seat and rule_surprised(play, hand, trump, size):
            weight *= SURPRISE
        held[seat] = hand ^ (1 << play.card)
    return weight


def _resample(worlds: list[list[int]], weights: list[float], count: int,
              rng: random.Random) -> list[list[int]]:
    """``count`` worlds drawn in proportion to their weights (systematic resampling: each
    world appears about ``count * weight / total`` times)."""
    total = sum(weights)
    step = total / count
    pick = rng.random() * step
    out = []
    acc = 0.0
    k = -1
    for _ in range(count):
        while acc <= pick and k < len(worlds) - 1:
            k += 1
            acc += weights[k]
        out.append(worlds[k])
        pick += step
    return out


def sample_worlds(obs: Observation, count: int, rng: random.Random,
                  candidates: int = 1, deadline: float | None = None) -> list[list[int]]:
    """``count`` worlds: the four hands (masks) as they are now, this seat's own included; a
    Kaiser partner's hand sitting out is 0, as in the game.

    With ``candidates`` > 1 the table is read (inference): ``candidates`` times as many worlds
    are drawn under the hard constraints and ``count`` of them resampled by how well they
    explain the other seats' calls (``inference.AuctionModel``) and cards (``_explained``), so
    a world in which partner bid 8 on nothing, or a defender who held the ace ducked, is rare.
    With 1, every world that fits the hard constraints is as likely as any other. At
    ``deadline`` (a ``time.perf_counter`` reading: the browser's cap) the drawing and the
    weighing stop, and the worlds weighed so far are resampled."""
    unseen = obs.unseen
    sizes = list(obs.hand_sizes)
    sizes[obs.seat] = 0
    voids = list(obs.voids)
    out = obs.out_seat
    if out >= 0:
        # The sitting-out hand takes whatever is left, with no voids to respect.
        sizes[out] = unseen.bit_count() - sum(sizes)
        voids[out] = 0
    known = _known_with_partner(obs)
    if known >= 0:
        sizes[partner_of(obs.seat)] -= 1
    cards = [c for c in range(32) if unseen >> c & 1 and c != known]
    plays = plays_seen(obs)
    played_by = [0, 0, 0, 0]
    for play in plays:
        played_by[play.seat] |= 1 << play.card
    calls = AuctionModel(obs) if candidates > 1 else None
    by_others = any(p.seat != obs.seat for p in plays)
    if not calls and not by_others:
        candidates = 1
    worlds: list[list[int]] = []
    dealer = _Dealer(cards, sizes, voids)
    for _ in range(count * candidates):
        if deadline is not None and worlds and time.perf_counter() > deadline:
            break
        hands = dealer.deal(rng) or _fallback(cards, sizes, voids)
        if known >= 0:
            hands[partner_of(obs.seat)] |= 1 << known
        hands[obs.seat] = obs.hand
        worlds.append(hands)
    if candidates == 1:
        if out >= 0:
            for hands in worlds:
                hands[out] = 0
        return worlds
    weights: list[float] = []
    for hands in worlds:
        if deadline is not None and weights and time.perf_counter() > deadline:
            del worlds[len(weights):]
            break
        dealt = [hands[s] | played_by[s] for s in range(4)]
        weight = calls.likelihood(dealt) if calls else 1.0
        if by_others:
            weight *= _explained(obs, dealt, plays)
        weights.append(weight)
    if out >= 0:
        for hands in worlds:
            hands[out] = 0
    return _resample(worlds, weights, count, rng)


def partner_of(seat: int) -> int:
    return (seat + 2) & 3


def _known_with_partner(obs: Observation) -> int:
    """The card this seat passed to its partner, if partner still holds it (-1: none): the
    one unseen card whose holder is known, dealt to partner in every world. A Kaiser
    partner sitting out holds it among its out cards, which take whatever is left."""
    card = obs.passed_card
    if card < 0 or obs.received_card < 0 or obs.out_seat >= 0 or not obs.unseen >> card & 1:
        return -1
    return card


def _fallback(cards: list[int], sizes: list[int], voids: list[int]) -> list[int]:
    """A deterministic fit found by exhaustive search, for views where random tries failed."""
    hands = [0, 0, 0, 0]
    room = sizes[:]

    def place(k: int) -> bool:
        if k == len(cards):
            return True
        c = cards[k]
        for s in range(4):
            if room[s] and not voids[s] >> (c >> 3) & 1:
                room[s] -= 1
                hands[s] |= 1 << c
                if place(k + 1):
                    return True
                room[s] += 1
                hands[s] ^= 1 << c
        return False

    if not place(0):
        raise ValueError("no deal of the unseen cards fits the view")
    return hands

