"""Reading the table: the chain's worlds obey every hard fact, follow the likelihood they are
meant to (checked against every deal of a small ending, counted out), explain the opponents'
cards far more often than random deals do, and a seed fixes them."""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from collections.abc import Iterator

import pytest

from kaiser_core.bots import choose, make_rng, observe
from kaiser_core.bots import reading as R
from kaiser_core.bots.deals import UniformDeals
from kaiser_core.engine.cards import SUIT_MASK, cards_of
from kaiser_core.engine.game import PLAY, Game
from kaiser_core.engine.rules import Rules

from helpers import basic_midhand


def _obeys_the_facts(obs, world: list[int]) -> None:
    assert world[obs.seat] == obs.hand
    others = [s for s in range(4) if s != obs.seat and s != obs.out_seat]
    held = 0
    for s in others:
        assert world[s].bit_count() == obs.hand_sizes[s]
        for suit in range(4):
            if obs.voids[s] >> suit & 1:
                assert not world[s] & SUIT_MASK[suit]
        assert not held & world[s]
        held |= world[s]
    assert held & obs.unseen == held
    if obs.out_seat < 0:
        assert held == obs.unseen


@pytest.mark.parametrize("profile,index,left", [("prairie", 0, 6), ("prairie", 1, 4),
                                                ("tournament", 2, 3), ("prairie", 3, 2)])
def test_worlds_obey_the_hard_facts(profile, index, left):
    game = basic_midhand(profile, index, left)
    obs = observe(game, game.to_act)
    worlds = R.read_worlds(obs, 12, make_rng(index))
    assert worlds is not None and len(worlds) == 12
    for world in worlds:
        _obeys_the_facts(obs, world)


def test_a_seed_fixes_the_worlds():
    game = basic_midhand("prairie", 4, 5)
    obs = observe(game, game.to_act)
    assert R.read_worlds(obs, 8, make_rng("x")) == R.read_worlds(obs, 8, make_rng("x"))


def _explained(reading: R.TableReading, world: list[int]) -> bool:
    """Would ``basic`` have played every opponent's card as it was played, in this world?"""
    cards_read = reading.cards_read
    return all(cards_read.misses(s, world[s] | cards_read.played[s], 1) == 0
               for s in reading.opponents)


def test_worlds_explain_the_opponents_cards_far_more_often_than_random_deals():
    """At a table of ``basic`` players, the share of worlds in which ``basic`` would have
    played every opponent's card as it was played (the reading is soft: an opponent need not
    play as ``basic``, so the chain keeps some worlds that do not explain a card)."""
    read_share, random_share = [], []
    for index in range(4):
        game = basic_midhand("prairie", index, 4)
        obs = observe(game, game.to_act)
        reading = R.TableReading(obs)
        rng = make_rng(index)
        read_share += [_explained(reading, w) for w in reading.worlds(40, rng)]
        deals = UniformDeals(obs.unseen, reading.sizes, reading.voids)
        for _ in range(40):
            hands = deals.draw(rng)
            world = [obs.hand if s == obs.seat else 0 for s in range(4)]
            for seat, held in zip(reading.seats, hands):
                world[seat] = held
            random_share.append(_explained(reading, world))
    read, unread = sum(read_share) / len(read_share), sum(random_share) / len(random_share)
    assert unread < 0.3
    assert read > 3 * unread


def _every_deal(reading: R.TableReading) -> Iterator[list[int]]:
    """Every deal of the unseen cards to the reading's seats that fits the hard facts."""
    cards = cards_of(reading.obs.unseen)
    for owners in itertools.product(range(len(reading.seats)), repeat=len(cards)):
        hands = [0] * len(reading.seats)
        for card, k in zip(cards, owners):
            hands[k] |= 1 << card
        if any(h.bit_count() != size for h, size in zip(hands, reading.sizes)):
            continue
        if any(h & SUIT_MASK[suit] for h, v in zip(hands, reading.voids) for suit in range(4)
               if v >> suit & 1):
            continue
        yield hands


def _distance(reading: R.TableReading, weights: dict[tuple[int, ...], float], seed: str) -> float:
    """How far the chain's worlds, far apart, lie from the deals' weights (total variation)."""
    assert len(weights) > 2
    total = sum(weights.values())
    draws = 3000
    seen = Counter(tuple(w[s] for s in reading.seats)
                   for w in reading.worlds(draws, make_rng(seed), thin=30))
    return sum(abs(seen[h] / draws - w / total) for h, w in weights.items()) / 2


@pytest.mark.parametrize("model", [False, True])
def test_the_chain_follows_the_likelihood_of_a_small_ending(model):
    """Every deal of the unseen cards counted out with its weight exp(-price); the chain's
    worlds, far apart, must come in about those proportions (the cards read as ``basic``'s,
    or by the card model)."""
    game = basic_midhand("prairie", 5, 2)
    obs = observe(game, game.to_act)
    reading = R.TableReading(obs, model)
    weights = {tuple(hands): math.exp(-sum(reading.price(k, h) for k, h in enumerate(hands)))
               for hands in _every_deal(reading)}
    assert _distance(reading, weights, "ending") < 0.08


def test_a_deadline_stops_the_chain_with_the_worlds_so_far():
    game = basic_midhand("prairie", 6, 7)
    obs = observe(game, game.to_act)
    worlds = R.read_worlds(obs, 200, make_rng(0), deadline=time.perf_counter())
    assert worlds is not None and 1 <= len(worlds) < 200


def test_cards_passed_to_partner_are_left_to_the_sampler():
    rules = Rules.from_config("prairie", {"pass_to_partner": True})
    game = Game(rules, "pass", dealer=0)
    while game.phase != PLAY or len(game.legal()) < 2:
        game.step(choose(game, "basic", 0))
    assert R.read_worlds(observe(game, game.to_act), 4, make_rng(0)) is None
    assert choose(game, "strong", 0) in game.legal()


def test_the_mixed_chain_follows_both_hypotheses_of_a_small_ending():
    """``mixed``: each deal's weight is the sum over the two hypotheses (opponents who play
    ``basic``, or who agree with it as often as ``strong``) of exp(-price) under each; the
    chain, proposing the other hypothesis as it goes, must deal in those proportions."""
    game = basic_midhand("prairie", 5, 2)
    obs = observe(game, game.to_act)
    reading = R.TableReading(obs, mixed=True)
    weights: dict[tuple[int, ...], float] = {}
    for hands in _every_deal(reading):
        weight = 0.0
        for match_price, miss_price in (R.SHARP, R.SOFT):
            reading.card_miss = miss_price
            price = sum(reading.price(k, h) for k, h in enumerate(hands))
            weight += math.exp(-price - reading.opponent_plays * match_price)
        weights[tuple(hands)] = weight
    assert _distance(R.TableReading(obs, mixed=True), weights, "mixed") < 0.08


def _hand_against(opponents: str, index: int, cards_left: int) -> Game:
    """A deal of the harness, ``basic`` in seats 0 and 2 and ``opponents`` in 1 and 3, played
    until seat 0 or 2 holds ``cards_left`` cards and has a choice."""
    game = basic_midhand("prairie", index, 8)
    while not (game.phase == PLAY and game.to_act & 1 == 0
               and game.hands[game.to_act].bit_count() <= cards_left
               and len(game.legal()) > 1):
        game.step(choose(game, "basic" if game.to_act & 1 == 0 else opponents, index))
    return game


def test_the_mixed_chain_reads_whether_the_opponents_play_basic():
    """After four tricks the chain has settled which the opponents are: mostly ``basic``
    where they are, mostly not where they play as ``strong`` does."""
    def sharp_share(opponents: str) -> float:
        sharp = []
        for index in range(8):
            obs = observe(game := _hand_against(opponents, index, 4), game.to_act)
            reading = R.TableReading(obs, mixed=True)
            reading.worlds(4, make_rng(index), thin=10)
            sharp.append(reading.sharp)
        return sum(sharp) / len(sharp)

    assert sharp_share("basic") >= 0.75
    assert sharp_share("strong") <= 0.25


def test_remembered_agreements_are_the_replayed_ones():
    """``Replay.misses`` remembers ``basic``'s card by the suit led and trumps alone when the
    hand follows suit: over many deals (the later ones meeting remembered answers), every
    count equals the one replayed card by card."""
    from kaiser_core.bots.replay import _agrees

    for index in range(4):
        game = basic_midhand("prairie", index, 3)
        obs = observe(game, game.to_act)
        reading = R.TableReading(obs)
        cards_read = reading.cards_read
        deals = UniformDeals(obs.unseen, reading.sizes, reading.voids)
        rng = make_rng(index)
        for _ in range(150):
            for seat, held in zip(reading.seats, deals.draw(rng)):
                if seat not in reading.opponents:
                    continue
                dealt = held | cards_read.played[seat]
                replayed = 0
                for view, action, before in cards_read.decisions[seat]:
                    agrees = _agrees(view, action, dealt & ~before)
                    replayed += 10 ** 6 if agrees is None else not agrees
                assert cards_read.misses(seat, dealt, 10 ** 6) == min(replayed, 10 ** 6)
