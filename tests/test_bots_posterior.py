"""The posterior yardsticks: worlds that explain every call and card ``basic`` made, choices
that read the seat's view alone (``posterior``) or partner's hand besides (``oracle-partner``),
never offered to a player."""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from kaiser_core.bots import LEVELS, ORACLES, YARDSTICKS, choose, make_rng, observe
from kaiser_core.bots import posterior as P
from kaiser_core.bots.deals import UniformDeals
from kaiser_core.bots.basic import basic_policy
from kaiser_core.bots.replay import Replay, played_by, readers
from kaiser_core.engine.actions import TRUMP_BASE
from kaiser_core.engine.cards import SUIT_MASK
from kaiser_core.engine.game import BIDDING, PLAY, TRUMP, Game, partner
from kaiser_core.engine.rules import Rules
from kaiser_core.errors import InvalidAction
from kaiser_core.tools import match

from helpers import basic_midhand


def _explains(game: Game, seat: int, world: list[int]) -> bool:
    """An independent check: the hand replayed from the world's deal, every call of the other
    seats and every card of the opponents being the one ``basic`` makes there."""
    obs = observe(game, seat)
    played = played_by(obs)
    dealt = tuple(world[s] | played[s] for s in range(4))
    replay = Game(obs.rules, "check", dealer=obs.dealer, deal=dealt, scores=obs.scores)
    if replay.phase != BIDDING:  # a weak hand: basic would have asked for a redeal
        return False
    cards = [c for trick in obs.tricks for c in trick.cards] + list(obs.trick_cards)
    for action in [a for _, a in obs.auction] + [-1] + cards:
        if action < 0:  # trump, named by the contract's seat (none at a no-trump bid)
            if replay.phase != TRUMP:
                continue
            action = TRUMP_BASE + obs.trump
        actor = replay.to_act
        read = replay.phase != PLAY or partner(seat) != actor
        if actor != seat and read and basic_policy(observe(replay, actor), make_rng(0)) != action:
            return False
        if action not in replay.legal():
            return False
        replay.step(action)
    return True


@pytest.mark.parametrize("tries", [P.TRIES, 0])
def test_worlds_explain_every_call_and_card_of_basic(monkeypatch, tries):
    """By plain rejection, and by the chain from a start found seat by seat (``TRIES`` 0)."""
    monkeypatch.setattr(P, "TRIES", tries)
    for index, left in ((0, 4), (1, 3), (2, 5)):
        game = basic_midhand("prairie", index, left)
        obs = observe(game, game.to_act)
        before = P.STATS["unexplained"]
        worlds = P.posterior_worlds(obs, readers(obs), {}, 6, make_rng(index))
        assert P.STATS["unexplained"] == before
        assert len(worlds) == 6
        for world in worlds:
            assert world[obs.seat] == obs.hand
            assert sum(world) | obs.hand | obs.played == (1 << 32) - 1
            assert _explains(game, obs.seat, world)


def test_the_true_deal_always_fits():
    for index in range(4):
        game = basic_midhand("tournament", index, 5)
        obs = observe(game, game.to_act)
        replay = readers(obs)
        for s in replay.decisions:
            assert replay.fits(s, replay.dealt(s, game.hands[s]))


def _swapped_between(game: Game, a: int, b: int) -> Game | None:
    """The same game with one card of a suit swapped between seats ``a`` and ``b``, neither
    having shown a void: the same view for the other two seats."""
    for suit in range(4):
        ca, cb = game.hands[a] & SUIT_MASK[suit], game.hands[b] & SUIT_MASK[suit]
        if ca and cb:
            other = game.copy()
            x, y = ca & -ca, cb & -cb
            other.hands[a] ^= x | y
            other.hands[b] ^= x | y
            return other
    return None


def _check_swaps_leave_the_choice(level: str, other_seat: Callable[[int], int], same_view: bool) -> None:
    """Swapping a card between the seat after the one to act and ``other_seat(seat)`` leaves
    ``level``'s choice as it was (and, where ``same_view``, the seat's observation too)."""
    checked = 0
    for index in range(6):
        game = basic_midhand("prairie", index, 3)
        seat = game.to_act
        other = _swapped_between(game, (seat + 1) & 3, other_seat(seat))
        if other is None:
            continue
        if same_view:
            assert observe(other, seat) == observe(game, seat)
        assert choose(other, level, index) == choose(game, level, index)
        checked += 1
    assert checked


@pytest.mark.parametrize("level", ["posterior", "posterior-unread", "strong-read",
                                   "strong-chain", "strong-model", "strong-mix"])
def test_the_fair_yardsticks_read_the_seats_view_alone(level):
    _check_swaps_leave_the_choice(level, partner, same_view=True)


def test_posterior_unread_deals_worlds_the_table_does_not_explain():
    """Its worlds obey the hard facts only: some of them are deals ``basic`` could not have
    played as it did, which ``posterior`` never draws."""
    game = basic_midhand("prairie", 0, 4)
    obs = observe(game, game.to_act)
    unread = P.posterior_worlds(obs, Replay(obs, frozenset(), frozenset()), {}, 24,
                                make_rng("unread"))
    for world in unread:
        assert world[obs.seat] == obs.hand
        assert sum(world) | obs.hand | obs.played == (1 << 32) - 1
    assert not all(_explains(game, obs.seat, world) for world in unread)


def test_oracle_partner_sees_partner_not_the_opponents():
    _check_swaps_leave_the_choice("oracle-partner", lambda seat: (seat + 3) & 3, same_view=False)


def test_oracle_opponents_plays_a_legal_card_of_the_true_deal():
    game = basic_midhand("prairie", 3, 4)
    assert choose(game, "oracle-opponents", 0) in game.legal()


def test_deals_are_exactly_uniform_under_voids():
    cards = 0b1111 | 0b11 << 8  # four clubs, two diamonds
    sizes, voids = [2, 2, 2], [0b10, 0, 0]  # the first seat void in diamonds
    deals = UniformDeals(cards, sizes, voids)
    brute = 0
    for owner in itertools.product(range(3), repeat=6):
        if [owner.count(k) for k in range(3)] == sizes and owner[4] != 0 and owner[5] != 0:
            brute += 1
    assert deals.count() == brute
    rng = make_rng("uniform")
    counts = Counter(tuple(deals.draw(rng)) for _ in range(brute * 200))
    assert len(counts) == brute
    assert max(counts.values()) < 1.4 * min(counts.values())


def test_yardsticks_refuse_the_pass_to_partner():
    rules = Rules.from_config("prairie", {"pass_to_partner": True})
    game = Game(rules, "pass", dealer=0)
    while game.phase != PLAY or len(game.legal()) < 2:
        game.step(choose(game, "basic", 0))
    with pytest.raises(InvalidAction, match="passed to partner"):
        choose(game, "posterior", 0)


def test_the_yardsticks_are_in_the_harness_and_never_offered():
    yardsticks = {"posterior", "posterior-unread", "strong-read", "strong-chain",
                  "strong-model", "strong-mix", "oracle-partner", "oracle-opponents",
                  "oracle-auction", "oracle-foresight"}
    assert yardsticks <= set(YARDSTICKS) | set(ORACLES)
    assert not yardsticks & set(LEVELS)
    for level in yardsticks:
        assert match.check_level(f"basic/{level}") == f"basic/{level}"


@pytest.mark.host_only
@pytest.mark.skipif(sys.platform == "emscripten", reason="the web sources are not shipped")
def test_the_page_offers_none_of_them():
    settings = (Path(__file__).parent.parent / "web" / "js" / "ui" / "settings.js").read_text()
    offered = next(line for line in settings.splitlines() if "BOT_LEVELS =" in line)
    assert "posterior" not in offered and "oracle" not in offered.split("//")[0]
