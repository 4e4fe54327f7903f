"""Could a seat that plays exactly ``basic`` have been dealt this hand? Replay and see.

``basic`` is deterministic and reads only its own hand and the public record, so whether a
world explains the table splits by seat: a world is consistent with everything ``basic`` did
this hand exactly when each reading seat's dealt hand, handed to ``basic`` at each of its
decisions with the view it had then, makes the very call or card it made. The views are
rebuilt once per decision of the reader from the public record (a skeleton game replayed with
any hands that fit), and only the hand is swapped in per candidate, so a check costs one
``basic`` call per decision of that seat, and a hand met again costs a lookup.

The posterior yardsticks read the table so, exactly: a player cannot know its table plays
``basic``. ``strong`` reads it softly (``reading``): a card ``basic`` would not have played
makes a world less likely, never impossible (``misses``). The deal is read as dealt: with
``pass_to_partner`` the cards that changed hands unseen would need the opponents' passes
guessed too, which is not modelled (refused; ``strong`` then weighs random worlds).
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..engine.actions import TRUMP_BASE, TRUMP_NONE
from ..engine.cards import HONOURS, SUIT_MASK, cards_of
from ..engine.game import PLAY, TRUMP, Game, partner
from ..errors import InvalidAction
from .basic import basic_policy
from .observation import Observation, observe

_UNUSED = random.Random(0)
"""``basic`` never draws from its generator."""


def played_by(obs: Observation) -> list[int]:
    """Per seat, the cards it has played this hand (mask)."""
    out = [0, 0, 0, 0]
    for trick in obs.tricks:
        for seat, card in zip(trick.seats, trick.cards):
            out[seat] |= 1 << card
    for seat, card in zip(obs.trick_seats, obs.trick_cards):
        out[seat] |= 1 << card
    return out


def _skeleton(obs: Observation, played: list[int]) -> Game:
    """A game of this hand's deal with the other seats holding any cards that fit (only the
    public record of it is read), ready to replay the hand from its first call."""
    dealt = [obs.hand | played[obs.seat] if s == obs.seat else played[s] for s in range(4)]
    spare = cards_of(obs.unseen)
    for s in range(4):
        while dealt[s].bit_count() < 8:
            dealt[s] |= 1 << spare.pop()
    rules = replace(obs.rules, weak_hand_redeal=False)
    game = Game(rules, "replay", dealer=obs.dealer,
                deal=(dealt[0], dealt[1], dealt[2], dealt[3]), scores=obs.scores)
    contract = obs.contract
    # A no-trump target raised by an earlier hand (this hand's own no-trump contract raises
    # it again as the skeleton replays it).
    earlier = obs.target != obs.rules.target and not (contract and contract.no_trump)
    game.no_trump_seen = game.no_trump_made = earlier
    return game


Decision = tuple[Observation, int, int]
"""The reader's view then (the skeleton's hand in it), the action it took, and the cards it
had played before it."""


class Replay:
    """The decisions of the other seats this hand, to check candidate dealt hands against.

    ``calls``: the seats whose calls (the weak-hand question, bids, trump) are read as
    ``basic``'s; ``cards``: those whose cards are. ``fits(seat, dealt)`` answers per seat."""

    def __init__(self, obs: Observation, calls: frozenset[int], cards: frozenset[int]) -> None:
        if obs.rules.pass_to_partner:
            raise InvalidAction("the posterior yardsticks read the deal as dealt: they do not "
                                "model cards passed to partner")
        self.obs = obs
        self.played = played_by(obs)
        self.calls = calls
        self.decisions: dict[int, list[Decision]] = {s: [] for s in calls | cards}
        self._cache: dict[tuple[int, int], bool] = {}
        self._misses: dict[tuple[int, int], tuple[int, bool]] = {}
        self._agreed: dict[tuple[int, int, int], bool | None] = {}
        game = _skeleton(obs, self.played)
        before = [0, 0, 0, 0]

        def step(seat: int, action: int, read: frozenset[int]) -> None:
            assert game.to_act == seat
            if seat in read:
                view = replace(observe(game, seat), rules=obs.rules)
                self.decisions[seat].append((view, action, before[seat]))
            if game.phase == PLAY:
                before[seat] |= 1 << action
            game.step(action)

        for seat, action in obs.auction:
            step(seat, action, calls)
        if obs.phase == PLAY and game.phase == TRUMP and obs.contract is not None:
            step(obs.contract.seat, TRUMP_BASE + obs.trump if obs.trump >= 0 else TRUMP_NONE,
                 calls)
        for trick in obs.tricks:
            for seat, card in zip(trick.seats, trick.cards):
                step(seat, card, cards)
        for seat, card in zip(obs.trick_seats, obs.trick_cards):
            step(seat, card, cards)

    def fits(self, seat: int, dealt: int) -> bool:
        """Would ``basic`` dealt ``dealt`` in ``seat`` have done all this seat did?"""
        key = (seat, dealt)
        known = self._cache.get(key)
        if known is None:
            known = self._cache[key] = self._fits(seat, dealt)
        return known

    def _fits(self, seat: int, dealt: int) -> bool:
        obs = self.obs
        # basic asks for a redeal of every weak hand, so the deal standing means it held none.
        if seat in self.calls and obs.rules.weak_hand_redeal and not dealt & HONOURS:
            return False
        return all(_agrees(view, action, dealt & ~before)
                   for view, action, before in self.decisions.get(seat, ()))

    def misses(self, seat: int, dealt: int, limit: int) -> int:
        """How many of ``seat``'s cards read here ``basic`` dealt ``dealt`` would not have
        played, counted until ``limit`` (a chain pricing a world stops once it is too dear).
        The calls are not counted: a soft reading prices them by ``inference``."""
        key = (seat, dealt)
        known = self._misses.get(key)
        if known is not None and (known[1] or known[0] >= limit):
            return known[0]
        count, complete = 0, True
        for n, (view, action, before) in enumerate(self.decisions.get(seat, ())):
            if view.phase != PLAY:
                continue
            agrees = self._agrees_at(seat, n, view, action, dealt & ~before)
            if agrees is None:
                count = max(count, limit)
            elif not agrees:
                count += 1
            if count >= limit:
                complete = False
                break
        self._misses[key] = (count, complete)
        return count

    def _agrees_at(self, seat: int, n: int, view: Observation, action: int,
                   hand: int) -> bool | None:
        """``_agrees``, remembered by what ``basic``'s card reads of the hand: following suit,
        only the cards of the suit led and of trumps (whether any trump is still out) count,
        so a chain's swap of other suits' cards finds the answer remembered."""
        key = hand
        if view.trick_cards:
            led = SUIT_MASK[view.trick_cards[0] >> 3]
            if hand & led:
                key = hand & (led | (SUIT_MASK[view.trump] if view.trump >= 0 else 0))
        remembered = (seat, n, key)
        if remembered not in self._agreed:
            self._agreed[remembered] = _agrees(view, action, hand)
        return self._agreed[remembered]

    def dealt(self, seat: int, held: int) -> int:
        """A seat's dealt hand from the cards it holds now."""
        return held | self.played[seat]


def _agrees(view: Observation, action: int, hand: int) -> bool | None:
    """Does ``basic`` holding ``hand`` at this decision take ``action``? ``None``: the card
    could not have been played from that hand (it must follow suit or does not hold it)."""
    legal = view.legal
    if view.phase == PLAY:
        follow = hand & SUIT_MASK[view.trick_cards[0] >> 3] if view.trick_cards else 0
        mask = follow or hand
        if not mask >> action & 1:
            return None
        legal = tuple(cards_of(mask))
    return basic_policy(_with_hand(view, hand, legal), _UNUSED) == action


def _with_hand(view: Observation, hand: int, legal: tuple[int, ...]) -> Observation:
    """``view`` with another hand: ``dataclasses.replace`` less its checks, which cost as much
    as the ``basic`` call it feeds (a world's check makes one per decision of the seat)."""
    other = object.__new__(Observation)
    fields = dict(view.__dict__)
    fields["hand"], fields["legal"] = hand, legal
    other.__dict__.update(fields)
    return other


def readers(obs: Observation, seen: frozenset[int] = frozenset()) -> Replay:
    """The yardsticks' reading: every other seat's calls (their auction is ``basic``'s) and
    the opponents' cards; partner's cards are not read, since in the yardstick matches partner
    is the yardstick itself, not ``basic``. Seats in ``seen`` are not read at all."""
    others = frozenset(s for s in range(4) if s != obs.seat) - seen
    opponents = frozenset(s for s in others if s != partner(obs.seat))
    return Replay(obs, others, opponents)

