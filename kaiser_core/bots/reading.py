"""Reading the table: worlds drawn in proportion to how well they explain what the other seats
did, by a chain of card swaps rather than by weighing a few random deals.

Weighing random deals (``sampling``, ``candidates`` > 1) breaks down just where reading pays:
once a few cards have fallen, one deal in dozens explains them, so the four candidates a world
leave a handful of worlds repeated over and over. The ``posterior`` yardstick showed what
reading is worth when it is done exactly (``strong``'s judging in its worlds gained +0.68 a
deal over ``strong``, 300 deals), and here is a player's version of it:

- a world's price is ``BETA`` per step of bid rank between each call seen and the call
  ``basic`` makes from that world's hand (``inference``, soft: partner and the opponents need
  not bid as ``basic``), plus ``CARD_MISS`` for each card an opponent played that ``basic``
  holding that world's hand would not have (``replay``: the view it had, the hand swapped in);
  a world's likelihood is ``exp(-price)``. Partner is this bot or a person, not ``basic``:
  its cards are read as ``sampling`` reads them, ``PARTNER_MISS`` for each the rule player
  would not have played;
- or, ``mixed``, the opponents are ``basic`` or they are not, and the chain reads which as it
  reads their cards: its state is a world and a hypothesis, every ``FLIP_EVERY`` steps it
  proposes the other hypothesis (priced on the world's cards under both), so the reading is
  sharp (``SHARP``: 1 in 100 a card ``basic`` would not have played) where the opponents' cards
  have fitted ``basic`` and as soft as ``CARD_MISS`` where they have not;
- or, with ``model``, every other seat's cards priced alike by the card model of ``strong``'s
  own play (``cardmodel``): minus the log of the odds it gives each card seen, from that
  world's hand (the calls as above);
- the chain starts from a deal exactly uniform under the hard facts (``deals``) and swaps one
  card between two seats a step (never into a void), keeping the swap with the Metropolis odds
  ``exp(old - new)``, so its worlds follow the likelihood above without ever failing: a table
  that fits no reading leaves every world about as dear, and the chain wanders freely;
- a step prices only the two hands it changed (the price adds up seat by seat), each hand
  remembered for the whole decision, and stops pricing once the swap has become too dear to
  keep (the odds are drawn first), so most swaps cost one or two ``basic`` calls.

A chain takes ``burn_in`` steps before its first world and ``thin`` between two (100 and 5
cost a card about what ``strong``'s sampler does). Not kept in ``strong``: it gained against
``basic`` but did not beat the shipped ``strong`` head to head (README); the ``strong-chain``
measurement level plays with it. The ``mixed`` reading (``strong-mix``) gains more against
``basic`` than any other fair level, ``expert`` included, and ties ``strong`` head to head,
but loses to ``expert`` head to head and costs half as much again as ``strong`` a card: not
kept either (README). Everything comes from the generator given, so a seed fixes
the worlds; at ``deadline`` the chain stops with the worlds so far. The card passed to
partner is not modelled here (``replay`` reads the deal as dealt): with that rule the caller
keeps to ``sampling``.
"""

from __future__ import annotations

import math
import random
import time

from ..engine.cards import SUIT_MASK
from ..engine.game import partner
from .cardmodel import play_log_odds
from .deals import UniformDeals
from .inference import BETA, AuctionModel
from .observation import Observation
from .replay import Replay
from .sampling import SURPRISE, Play, plays_seen, rule_surprised

CARD_MISS = math.log(5)
"""The price of an opponent's card ``basic`` would not have played: one such world in five is
kept against one that explains it, about the odds of a card of ``strong``'s where ``basic``
chose another (they agree on 64% of cards, among 3.7 legal ones on average). At 1 in 100 the
reading gained more against ``basic`` and lost head to head against ``strong`` (README)."""

SHARP_AGREES, SOFT_AGREES, OTHER_CARDS = 0.99, 0.64, 2.7
"""The two hypotheses of ``mixed``, as the chance that an opponent's card is ``basic``'s: an
opponent who plays ``basic`` (1 in 100 not), or one who agrees as often as ``strong`` does
(64% of its cards), a card it chose among 3.7 legal on average (2.7 others)."""


def _agreeing(agrees: float) -> tuple[float, float]:
    """(the price of a card ``basic`` would have played, the extra price of one it would
    not) for an opponent who plays ``basic``'s card with chance ``agrees``."""
    match = -math.log(agrees)
    return match, -math.log((1.0 - agrees) / OTHER_CARDS) - match


SHARP = _agreeing(SHARP_AGREES)
SOFT = _agreeing(SOFT_AGREES)

FLIP_EVERY = 10
"""Chain steps between two proposals of the other hypothesis (``mixed``)."""

BURN_IN, THIN = 100, 5
"""Chain steps before the first world and between two, unless told otherwise."""

PARTNER_MISS = -math.log(SURPRISE)
"""The price of a card of partner's the rule player would not have played: partner is this
bot or a person, read as ``sampling`` reads every seat."""

_NO_LIMIT = 1e6
"""A budget no price reaches: the start's prices are counted in full."""

_CHECK_EVERY = 32
"""Steps between two looks at the clock."""


def _nth_card(mask: int, n: int) -> int:
    """The ``n``-th card (from the lowest) of ``mask``."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class TableReading:
    """One decision's reading: the seats whose cards are unseen, the facts they obey and each
    hand's price (remembered for the decision)."""

    def __init__(self, obs: Observation, model: bool = False, mixed: bool = False) -> None:
        self.obs = obs
        self.model = model
        self.mixed = mixed
        self.sharp = False
        self.card_miss = SOFT[1] if mixed else CARD_MISS
        mate = partner(obs.seat)
        self.opponents = frozenset(s for s in range(4) if s not in (obs.seat, mate))
        self.cards_read = Replay(obs, frozenset(), self.opponents)
        self.calls = AuctionModel(obs)
        self.mate = mate
        # Each seat's plays, each with the cards that seat had played before it.
        self.seat_plays: list[list[tuple[Play, int]]] = [[], [], [], []]
        before = [0, 0, 0, 0]
        for play in plays_seen(obs):
            self.seat_plays[play.seat].append((play, before[play.seat]))
            before[play.seat] |= 1 << play.card
        self.mate_plays = self.seat_plays[mate] if mate != obs.out_seat else []
        self.opponent_plays = sum(len(self.seat_plays[s]) for s in self.opponents)
        self._mate_misses: dict[int, int] = {}
        contract = obs.contract
        self.declaring = [bool(contract and contract.seat & 1 == s & 1) for s in range(4)]
        self._model_prices: dict[tuple[int, int], float] = {}
        self._play_prices: dict[tuple[int, int, int], float] = {}
        self.size = 3 if obs.out_seat >= 0 else 4
        self.seats = [s for s in range(4) if s != obs.seat]
        self.sizes = [obs.hand_sizes[s] for s in self.seats]
        self.voids = [obs.voids[s] for s in self.seats]
        for k, s in enumerate(self.seats):
            if s == obs.out_seat:
                # A Kaiser partner sitting out holds what is left, whatever the suit.
                self.sizes[k] = obs.unseen.bit_count() - (sum(self.sizes) - self.sizes[k])
                self.voids[k] = 0

    def calls_price(self, k: int, held: int) -> float:
        seat = self.seats[k]
        return BETA * self.calls.steps(seat, held | self.cards_read.played[seat])

    def mate_misses(self, dealt: int) -> int:
        """Partner's cards the rule player dealt ``dealt`` would not have played."""
        known = self._mate_misses.get(dealt)
        if known is not None:
            return known
        trump = self.obs.trump
        count = sum(rule_surprised(play, dealt & ~before, trump, self.size)
                    for play, before in self.mate_plays)
        self._mate_misses[dealt] = count
        return count

    def model_price(self, seat: int, dealt: int) -> float:
        """The card model's price of ``seat``'s cards from ``dealt``: minus the log-odds of
        each. A card that followed suit is priced by the suit held alone (all the model reads
        there), so a swap of other suits' cards finds it remembered."""
        key = (seat, dealt)
        known = self._model_prices.get(key)
        if known is not None:
            return known
        total = 0.0
        trump, declaring = self.obs.trump, self.declaring[seat]
        remembered = self._play_prices
        for n, (play, before) in enumerate(self.seat_plays[seat]):
            hand = dealt & ~before
            if play.trick_cards:
                suit = hand & SUIT_MASK[play.trick_cards[0] >> 3]
                if suit:
                    hand = suit
            odds = remembered.get((seat, n, hand))
            if odds is None:
                odds = play_log_odds(hand, play.card, play.live, trump, play.trick_seats,
                                     play.trick_cards, seat, declaring, self.size)
                odds = remembered[(seat, n, hand)] = -math.inf if odds is None else odds
            total -= odds
        self._model_prices[key] = total
        return total

    def price(self, k: int, held: int, budget: float = math.inf) -> float:
        """The price of seat ``self.seats[k]`` holding ``held`` now, or more than ``budget``
        once past it."""
        seat = self.seats[k]
        dealt = held | self.cards_read.played[seat]
        total = BETA * self.calls.steps(seat, dealt)
        if self.model:
            return total + self.model_price(seat, dealt)
        if seat == self.mate and self.mate_plays:
            total += PARTNER_MISS * self.mate_misses(dealt)
        if seat in self.opponents and total <= budget:
            limit = int(min(budget - total, _NO_LIMIT) / self.card_miss) + 1
            total += self.card_miss * self.cards_read.misses(seat, dealt, limit)
        return total

    def flip(self, hands: list[int], prices: list[float], rng: random.Random) -> None:
        """Propose the other hypothesis for this world (``mixed``), with the Metropolis odds of
        the opponents' cards under each; kept, the opponents' prices follow it."""
        opponents = [k for k, s in enumerate(self.seats) if s in self.opponents]
        misses = sum(self.cards_read.misses(self.seats[k], hands[k] | self.cards_read.played[
            self.seats[k]], int(_NO_LIMIT)) for k in opponents)
        now, other = (SHARP, SOFT) if self.sharp else (SOFT, SHARP)
        change = self.opponent_plays * (other[0] - now[0]) + misses * (other[1] - now[1])
        if change > -math.log(1.0 - rng.random()):
            return
        self.sharp = not self.sharp
        self.card_miss = other[1]
        for k in opponents:
            prices[k] = self.price(k, hands[k])

    def worlds(self, count: int, rng: random.Random, deadline: float | None = None,
               burn_in: int = BURN_IN, thin: int = THIN) -> list[list[int]]:
        obs, seats, voids = self.obs, self.seats, self.voids
        hands = UniformDeals(obs.unseen, self.sizes, voids).draw(rng)
        prices = [self.price(k, h) for k, h in enumerate(hands)]
        holding = [k for k, h in enumerate(hands) if h]
        worlds: list[list[int]] = []
        randrange = rng.randrange
        steps = burn_in
        taken = 0
        while len(worlds) < count:
            for _ in range(steps if len(holding) > 1 else 0):
                taken += 1
                if self.mixed and taken % FLIP_EVERY == 0:
                    self.flip(hands, prices, rng)
                    continue
                if deadline is not None and worlds and taken % _CHECK_EVERY == 0 \
                        and time.perf_counter() > deadline:
                    return worlds
                i = holding[randrange(len(holding))]
                j = holding[randrange(len(holding) - 1)]
                if j == i:
                    j = holding[-1]
                a = _nth_card(hands[i], randrange(hands[i].bit_count()))
                b = _nth_card(hands[j], randrange(hands[j].bit_count()))
                if voids[j] >> (a >> 3) & 1 or voids[i] >> (b >> 3) & 1:
                    continue
                new_i = hands[i] ^ (1 << a) | (1 << b)
                new_j = hands[j] ^ (1 << b) | (1 << a)
                # Kept when the new price is at most the old one less log(u): drawn first, so
                # pricing stops as soon as the swap is sure to be refused.
                budget = prices[i] + prices[j] - math.log(1.0 - rng.random())
                price_i = self.price(i, new_i, budget - self.calls_price(j, new_j))
                if price_i > budget:
                    continue
                price_j = self.price(j, new_j, budget - price_i)
                if price_i + price_j > budget:
                    continue
                hands[i], hands[j] = new_i, new_j
                prices[i], prices[j] = price_i, price_j
            world = [obs.hand if s == obs.seat else 0 for s in range(4)]
            for seat, held in zip(seats, hands):
                world[seat] = 0 if seat == obs.out_seat else held
            worlds.append(world)
            steps = thin
        return worlds


def read_worlds(obs: Observation, count: int, rng: random.Random,
                deadline: float | None = None, burn_in: int = BURN_IN,
                thin: int = THIN, model: bool = False,
                mixed: bool = False) -> list[list[int]] | None:
    """``count`` worlds (the four hands now; a Kaiser partner sitting out holds 0) drawn by
    the likelihood above, or ``None`` where the deal cannot be read as dealt (cards passed
    to partner)."""
    if obs.rules.pass_to_partner:
        return None
    return TableReading(obs, model, mixed).worlds(count, rng, deadline, burn_in, thin)
