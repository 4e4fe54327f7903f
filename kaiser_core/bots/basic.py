"""The ``basic`` level: how a sound club player bids and plays, from the seat's view only.

Bidding turns the hand into an expected raw score for the team (own tricks, a share of the
rest for partner, the chances of capturing the 5H and 3S) for each trump suit and for no trump,
then bids when that estimate clears the bid by a margin that follows the score: a team that
gains nothing by defending bids more eagerly, and so does a team trying to stop opponents near
the target. Play follows counting rules a club player uses: known masters, shown voids, feed
the 5H to a partner sure to win, dump the 3S on opponents' tricks, win cheaply, never overtake
a partner who is winning safely.

Everything is derived from the ``Observation``; no search, so one decision costs well under
a millisecond.
"""

from __future__ import annotations

import math
import random

from ..engine.actions import (
    BID_BASE,
    KAISER,
    MAX_ACTION,
    PASS,
    PASS_CARD_BASE,
    REDEAL,
    TRUMP_BASE,
    TRUMP_NONE,
    bid_action,
    bid_no_trump,
    bid_points,
    bid_rank,
)
from ..engine.cards import (
    FIVE_OF_HEARTS,
    FIVE_OF_HEARTS_BIT,
    HEARTS,
    SPADES,
    SUIT_MASK,
    THREE_OF_SPADES,
    THREE_OF_SPADES_BIT,
    cards_of,
)
from ..engine.game import BIDDING, PASSING, PLAY, REDEAL_PHASE, TRUMP, partner, team
from ..engine.tricks import beats
from .observation import Observation

NO_TRUMP = -1
SPREAD = 2.2
"""Standard deviation of a team's raw points around the bidding estimate (self-play)."""


# ----- hand evaluation -----

def _suit_bits(hand: int, suit: int) -> int:
    return (hand >> (8 * suit)) & 0xFF


def _honour_tricks(bits: int, trump_suit: bool, ruffable: bool) -> float:
    """Expected tricks from the top cards of one suit: a card with ``h`` unseen higher cards
    wins when it is guarded by at least ``h`` smaller ones, and in a side suit of a trump
    contract only the first three rounds stand up before someone ruffs."""
    length = bits.bit_count()
    value = 0.0
    above = 0
    played_before = 0
    for rank in range(7, -1, -1):
        if bits >> rank & 1:
            missing = 7 - rank - above
            guard = length - played_before - 1
            if missing == 0:
                worth = 0.5 if ruffable and played_before >= 3 else 1.0
            elif missing == 1:
                worth = (0.75 if trump_suit else 0.5) if guard >= 1 else 0.2
            elif missing == 2:
                worth = (0.45 if trump_suit else 0.2) if guard >= 2 else 0.05
            else:
                worth = 0.0
            value += worth
            above += 1
            played_before += 1
    return value


_HONOURS = tuple(tuple(_honour_tricks(bits, trump_suit, ruffable) for bits in range(256))
                 for trump_suit, ruffable in ((True, False), (False, True), (False, False)))
"""``_honour_tricks`` of every 8-bit suit holding, as a trump suit, a side suit at a trump
contract and a suit at no trump: the sampler's inference asks for thousands of hands' values
per decision, and a look-up gives the same floats as the count."""
_LENGTHS = tuple(bits.bit_count() for bits in range(256))


def own_tricks(hand: int, trump: int) -> float:
    """Tricks this hand should take by itself with ``trump`` (``NO_TRUMP`` for no trump)."""
    total = 0.0
    trumps = _LENGTHS[hand >> (8 * trump) & 0xFF] if trump >= 0 else 0
    ruffers = max(0, trumps - 2)
    side = _HONOURS[1] if trump >= 0 else _HONOURS[2]
    for suit in range(4):
        bits = hand >> (8 * suit) & 0xFF
        length = _LENGTHS[bits]
        if suit == trump:
            total += _HONOURS[0][bits] + 0.85 * max(0, length - 3)
            continue
        total += side[bits]
        if trump < 0 and length >= 5 and bits >> 6 == 3:
            total += 0.7 * (length - 4)
        elif trump >= 0 and ruffers and length <= 1:
            bonus = min(ruffers, 2 - length) * 0.7
            total += bonus
            ruffers -= 2 - length
    return min(total, 8.0)


def team_estimate(hand: int, trump: int, partner_share: float) -> float:
    """Expected raw points of our team if we declare with ``trump``."""
    return _estimate(hand, trump, own_tricks(hand, trump), partner_share)


def _estimate(hand: int, trump: int, mine: float, partner_share: float) -> float:
    tricks = mine + (8.0 - mine) * partner_share
    strength = tricks / 8.0
    if hand & FIVE_OF_HEARTS_BIT:
        hearts = _suit_bits(hand, HEARTS)
        if trump == HEARTS:
            five = 0.8
        elif hearts.bit_count() >= 3 or hearts >> 6:
            five = 0.7
        elif hearts.bit_count() == 2:
            five = 0.55
        else:
            five = 0.45
    else:
        five = 0.1 + 0.5 * strength
    if hand & THREE_OF_SPADES_BIT:
        three = 0.5 if trump == SPADES else 0.3
    else:
        three = 0.05 + 0.45 * strength
    return tricks + 5.0 * five - 3.0 * three


def team_estimates(hand: int, partner_share: float) -> list[float]:
    """``team_estimate`` for the four suits and no trump (``DENOMINATIONS``'s order), the same
    floats from one pass over the hand's suits: the readings of the auction ask it of
    thousands of hands a decision."""
    lengths = _LENGTHS
    suits = [hand >> (8 * suit) & 0xFF for suit in range(4)]
    counts = [lengths[bits] for bits in suits]
    trump_suit, side, no_trump = _HONOURS
    five_held = 0.0
    if hand & FIVE_OF_HEARTS_BIT:
        hearts = suits[HEARTS]
        five_held = 0.7 if counts[HEARTS] >= 3 or hearts >> 6 else 0.55 if counts[HEARTS] == 2 else 0.45
    three_held = hand & THREE_OF_SPADES_BIT
    out = []
    for trump in (0, 1, 2, 3, NO_TRUMP):
        total = 0.0
        if trump >= 0:
            ruffers = max(0, counts[trump] - 2)
            for suit in range(4):
                bits, length = suits[suit], counts[suit]
                if suit == trump:
                    total += trump_suit[bits] + 0.85 * max(0, length - 3)
                    continue
                total += side[bits]
                if ruffers and length <= 1:
                    bonus = min(ruffers, 2 - length) * 0.7
                    total += bonus
                    ruffers -= 2 - length
        else:
            for suit in range(4):
                bits, length = suits[suit], counts[suit]
                total += no_trump[bits]
                if length >= 5 and bits >> 6 == 3:
                    total += 0.7 * (length - 4)
        mine = min(total, 8.0)
        tricks = mine + (8.0 - mine) * partner_share
        strength = tricks / 8.0
        five = (0.8 if trump == HEARTS else five_held) if five_held else 0.1 + 0.5 * strength
        if three_held:
            three = 0.5 if trump == SPADES else 0.3
        else:
            three = 0.05 + 0.45 * strength
        out.append(tricks + 5.0 * five - 3.0 * three)
    return out


def bid_value(mu: float, points: int, no_trump: bool) -> float:
    """Expected score of the bidding team for a contract of ``points`` (normal model)."""
    z = (points - 0.5 - mu) / SPREAD
    p = 0.5 * math.erfc(z / math.sqrt(2.0))
    made = mu * p + SPREAD * math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    value = made - (1.0 - p) * points
    return 2.0 * value if no_trump else value


def sure_kaiser(hand: int, trump: int) -> bool:
    """Eight certain tricks alone: every side suit solid from the ace, and at trumps enough
    top trumps to draw the (at most ``8 - length``) trumps the opponents can hold."""
    for suit in range(4):
        bits = _suit_bits(hand, suit)
        length = bits.bit_count()
        if not length:
            continue
        top = 0
        for rank in range(7, -1, -1):
            if not bits >> rank & 1:
                break
            top += 1
        if suit == trump:
            if top < min(length, 8 - length):
                return False
        elif top < length:
            return False
    return True


# ----- bidding -----

def partner_share(obs: Observation) -> float:
    """Partner's share of the tricks we cannot take alone, read from partner's call (and the
    opponents' bids, which say the strength is over there)."""
    share = 0.32
    mate = partner(obs.seat)
    if obs.passed_card >= 0 and obs.passed_card & 7 >= 6:
        share += 0.04
    if obs.received_card >= 0:
        # A weak hand passes its best card and a strong one keeps it (``_pass_card``): an
        # ace or king from partner says partner is short of strength, a low card that it
        # kept its strength.
        share += -0.05 if obs.received_card & 7 >= 6 else 0.04 if obs.received_card & 7 <= 2 else 0
    for seat, action in obs.auction:
        if seat == mate:
            share += 0.1 if action != PASS else -0.05
        elif action != PASS:
            share -= 0.03
    return min(max(share, 0.2), 0.45)


def _margin(obs: Observation) -> float:
    """How far the estimate must clear a bid before we take it on, from the score."""
    us = team(obs.seat)
    them = 1 - us
    margin = 0.6
    if obs.scores[us] >= obs.threshold:
        margin -= 0.8
    if obs.target - obs.scores[them] <= 10:
        margin -= 0.5
    if obs.rules.winners == "bidders_only" and obs.target - obs.scores[us] <= 10:
        margin -= 0.4
    lose_at = obs.rules.lose_at
    if lose_at is not None and obs.scores[us] - 2 * obs.rules.minimum_bid <= lose_at:
        # A failed bid could lose the game outright: bid only what is close to sure.
        margin += 1.2
    return margin


def kaiser_call(obs: Observation) -> bool:
    """Bid Kaiser with eight sure tricks; played for the game, also as the last hope when
    the opponents are about to win and the hand all but makes it alone."""
    hand = obs.hand
    if any(sure_kaiser(hand, t) for t in (0, 1, 2, 3, NO_TRUMP)):
        return True
    if obs.rules.kaiser_bid_value != "game":
        return False
    them = 1 - team(obs.seat)
    return (obs.target - obs.scores[them] <= 4
            and max(own_tricks(hand, t) for t in (0, 1, 2, 3, NO_TRUMP)) >= 7.0)


def evaluations(obs: Observation) -> list[tuple[float, int]]:
    """(estimate, trump) for the four suits and no trump (``NO_TRUMP``)."""
    share = partner_share(obs)
    return list(zip(team_estimates(obs.hand, share), (0, 1, 2, 3, NO_TRUMP)))


def _best_forced(obs: Observation, options: list[int], evals: list[tuple[float, int]]) -> int:
    suit_mu = max(mu for mu, t in evals if t >= 0)
    nt_mu = evals[-1][0]
    def worth(action: int) -> float:
        nt = bid_no_trump(action)
        return bid_value(nt_mu if nt else suit_mu, bid_points(action), nt)
    return max(options, key=worth)


_NO_TRUMP_BID = tuple(a >= BID_BASE and bid_no_trump(a) for a in range(MAX_ACTION + 1))


def auction_choice(obs: Observation, evals: list[tuple[float, int]]) -> int:
    """The call for the seat to bid, from ``evals`` ((estimate, trump) as ``evaluations``
    gives them): the search levels bid by these rules from their own estimates."""
    return CallRule(obs)(evals)


class CallRule:
    """``auction_choice`` at one view, all it reads there but the hand's estimates worked out
    once: the readings of the auction ask it of thousands of hands a decision (the hand
    itself only for the Kaiser bid's test, where that bid is open)."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        legal = obs.legal
        self.kaiser = KAISER in legal
        self.bids = bids = [a for a in legal if a >= BID_BASE]
        self.forced = forced = PASS not in legal
        self.forced_pair = forced and len(bids) == 2 and bid_points(bids[0]) == bid_points(bids[1])
        self.margin = _margin(obs)
        rules = obs.rules
        self.standing = max((bid_rank(a) for _, a in obs.auction if a != PASS), default=0)
        holder = next((s for s, a in reversed(obs.auction) if a != PASS), -1)
        self.partner_holds = holder >= 0 and holder == partner(obs.seat) and not forced
        # Partner's contract already counts on an average hand from us; raise only to shut
        # out an opponent dealer who may still equal it.
        self.partner_stands = (obs.seat == obs.dealer or obs.dealer == partner(obs.seat)
                               or rules.auction != "single")
        self.lowest_level = ((obs.seat == obs.dealer and rules.auction == "single")
                             or rules.auction == "continuing")

    def __call__(self, evals: list[tuple[float, int]]) -> int:
        if self.kaiser and kaiser_call(self.obs):
            return KAISER
        bids = self.bids
        if self.forced_pair:
            return _best_forced(self.obs, bids, evals)
        if not bids:
            return PASS
        suit_mu = max(mu for mu, t in evals if t >= 0)
        nt_mu = evals[-1][0]
        margin = self.margin
        suit_max = math.floor(suit_mu - margin)
        nt_max = math.floor(nt_mu - margin - 0.6)
        # The bids we can afford, against the dearest of each kind (bids count up in points,
        # suit before no trump).
        suit_top, nt_top = bid_action(suit_max, False), bid_action(nt_max, True)
        ok = [a for a in bids if a <= (nt_top if _NO_TRUMP_BID[a] else suit_top)]
        if self.partner_holds:
            if self.partner_stands:
                return PASS
            raise_to = [a for a in ok if bid_rank(a) >= self.standing + 2]
            return raise_to[0] if raise_to and suit_mu - margin >= bid_points(raise_to[0]) + 1 else PASS
        if not ok:
            return bids[0] if self.forced else PASS
        lowest = bid_points(ok[0])
        if self.lowest_level:
            level = lowest
        else:
            level = max(lowest, min(max(suit_max, nt_max) - 1, lowest + 1))
        at_level = [a for a in ok if bid_points(a) == level] or ok[:1]

        def value(action: int) -> float:
            nt = bid_no_trump(action)
            return bid_value(nt_mu if nt else suit_mu, bid_points(action), nt)

        return max(at_level, key=value)


def _name_trump(obs: Observation) -> int:
    if TRUMP_NONE in obs.legal and sure_kaiser(obs.hand, NO_TRUMP):
        return TRUMP_NONE
    # Equal estimates go to the suit with the higher trumps: top trumps keep control, which
    # the count does not see (QJ9 of spades and AQ9 of clubs count the same).
    best = max(range(4), key=lambda t: (team_estimate(obs.hand, t, 0.3),
                                        _HONOURS[0][_suit_bits(obs.hand, t)], t))
    return TRUMP_BASE + best


def _pass_card(obs: Observation) -> int:
    """The card to pass to partner before the bidding, not yet knowing the card to come.

    Strength is worth most in one hand (it declares and keeps the lead): a hand that may
    declare keeps its strength and passes a low card of its shortest side suit, making or
    nearing a void to ruff in; a hand too weak to bid passes its best card (an ace, else a
    king) to strengthen partner's. The 5H is never passed: it goes to whichever of us wins
    its trick anyway, and it is best in the hand that holds it with its guards."""
    hand = obs.hand
    best_trump = max(range(4), key=lambda t: (own_tricks(hand, t), t))
    strong = max(own_tricks(hand, t) for t in (0, 1, 2, 3, NO_TRUMP)) >= 3.0
    cards = [c for c in cards_of(hand) if c != FIVE_OF_HEARTS]
    if strong:
        side = [c for c in cards if c >> 3 != best_trump and c & 7 < 6] or cards
        card = min(side, key=lambda c: (_suit_bits(hand, c >> 3).bit_count(), c & 7))
    else:
        card = max(cards, key=lambda c: (c & 7, _suit_bits(hand, c >> 3).bit_count()))
    return PASS_CARD_BASE + card


def _redeal(obs: Observation) -> int:
    """Always ask. A hand with no A, K, Q, J, 5H or 3S holds at most four cards of a suit, all
    ten or lower, so it takes almost nothing and leaves every honour to the other three hands:
    a fresh deal is worth an average hand to both teams, which beats this one whatever the score.
    """
    return REDEAL


# ----- play -----

class _View:
    """Per-decision facts the play rules share: who is still to play, what is unseen."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.seat = obs.seat
        self.trump = obs.trump
        self.unseen = obs.unseen
        size = 3 if obs.out_seat >= 0 else 4
        after: list[int] = []
        s = self.seat
        while len(after) < size - len(obs.trick_cards) - 1:
            s = (s + 1) & 3
            if s != obs.out_seat:
                after.append(s)
        self.after = after
        self.opponents_after = [s for s in after if team(s) != team(self.seat)]
        self.partner_after = any(team(s) == team(self.seat) for s in after)

    def void(self, seat: int, suit: int) -> bool:
        return bool(self.obs.voids[seat] >> suit & 1)

    def may_lack(self, seat: int, suit: int) -> bool:
        """The seat has shown a void, or so few cards of the suit remain unseen that it
        plausibly has none."""
        return self.void(seat, suit) or (self.unseen & SUIT_MASK[suit]).bit_count() <= 1

    def may_beat(self, seat: int, card: int, led: int) -> bool:
        """Could ``seat`` still take a trick that ``card`` is winning (led suit ``led``)?"""
        suit = card >> 3
        higher = self.unseen & SUIT_MASK[suit] & ~((2 << card) - 1)
        trump = self.trump
        trumps_left = trump >= 0 and bool(self.unseen & SUIT_MASK[trump]) and not self.void(seat, trump)
        if suit == led:
            if higher and not self.void(seat, led):
                return True
            return suit != trump and trumps_left and self.may_lack(seat, led)
        return bool(higher) and not self.void(seat, trump) and self.may_lack(seat, led)

    def safe(self, card: int, led: int) -> bool:
        return not any(self.may_beat(s, card, led) for s in self.opponents_after)

    def master(self, card: int) -> bool:
        suit = card >> 3
        return not self.unseen & SUIT_MASK[suit] & ~((2 << card) - 1)

    def ruff_risk(self, suit: int) -> bool:
        """An opponent may trump a lead of ``suit``."""
        trump = self.trump
        if trump < 0 or suit == trump or not self.unseen & SUIT_MASK[trump]:
            return False
        return any(team(s) != team(self.seat) and s != self.obs.out_seat
                   and self.may_lack(s, suit) and not self.void(s, trump) for s in range(4))


def _discard_cost(view: _View, card: int, hand: int) -> float:
    """How much a card is worth keeping: the cheapest goes when we cannot or need not win."""
    suit = card >> 3
    cost = float(card & 7)
    if suit == view.trump:
        cost += 10
    if card == FIVE_OF_HEARTS:
        cost += 30
    if view.master(card):
        cost += 8
    if view.trump >= 0 and suit != view.trump:
        cost -= 3 - min(3, _suit_bits(hand, suit).bit_count())
    return cost


def _lowest(view: _View, cards: list[int], hand: int, keep_three: bool = True) -> int:
    def cost(card: int) -> float:
        extra = 25 if keep_three and card == THREE_OF_SPADES and len(cards) > 1 else 0
        return _discard_cost(view, card, hand) + extra
    return min(cards, key=cost)


def _follow(obs: Observation, view: _View) -> int:
    cards = list(obs.legal)
    hand = obs.hand
    led = obs.trick_cards[0] >> 3
    best = obs.trick_cards[0]
    best_seat = obs.trick_seats[0]
    for seat, card in zip(obs.trick_seats, obs.trick_cards):
        if beats(card, best, view.trump):
            best, best_seat = card, seat
    mine = team(obs.seat)
    pot = 1 + 5 * bool(FIVE_OF_HEARTS in obs.trick_cards) - 3 * bool(THREE_OF_SPADES in obs.trick_cards)
    partner_wins = team(best_seat) == mine
    if partner_wins and view.safe(best, led):
        if FIVE_OF_HEARTS in cards:
            return FIVE_OF_HEARTS
        return _lowest(view, cards, hand)
    winners = [c for c in cards if beats(c, best, view.trump)]
    safe_winners = [c for c in winners if view.safe(c, led)]
    with_five = pot + 5 * bool(FIVE_OF_HEARTS in cards)
    if winners and (pot > 0 or with_five > 0):
        if safe_winners:
            if FIVE_OF_HEARTS in safe_winners:
                return FIVE_OF_HEARTS
            return min(safe_winners, key=lambda c: (c >> 3 == view.trump, c & 7))
        if not partner_wins and not view.partner_after:
            return min(winners, key=lambda c: (c == FIVE_OF_HEARTS, c >> 3 == view.trump, c & 7))
    losers = [c for c in cards if c not in winners] or cards
    opponents_take = not partner_wins and not view.partner_after and (
        not winners or pot <= 0 or not safe_winners)
    if THREE_OF_SPADES in losers and opponents_take:
        return THREE_OF_SPADES
    if pot < 0 and winners and len(losers) < len(cards):
        return max(losers, key=lambda c: (c != FIVE_OF_HEARTS, c & 7)) if len(losers) > 1 else losers[0]
    return _lowest(view, losers, hand)


def _lead(obs: Observation, view: _View) -> int:
    hand = obs.hand
    cards = list(obs.legal)
    trump = view.trump
    contract = obs.contract
    declaring = contract is not None and team(contract.seat) == team(obs.seat)
    mate = partner(obs.seat)
    if declaring and trump >= 0:
        mine = cards_of(hand & SUIT_MASK[trump])
        outside = view.unseen & SUIT_MASK[trump]
        opponents_hold = outside and any(
            team(s) != team(obs.seat) and s != obs.out_seat and not view.void(s, trump)
            for s in range(4))
        if mine and opponents_hold and (len(mine) >= 3 or view.master(mine[-1])):
            if view.master(mine[-1]):
                return mine[-1]
            low = [c for c in mine if c != FIVE_OF_HEARTS]
            if low and len(mine) >= 3:
                return low[0]
    masters = [c for c in cards if view.master(c) and not view.ruff_risk(c >> 3)]
    if masters:
        if FIVE_OF_HEARTS in masters:
            return FIVE_OF_HEARTS
        side = [c for c in masters if c >> 3 != trump]
        pool = side or masters
        return max(pool, key=lambda c: ((view.unseen & SUIT_MASK[c >> 3]).bit_count(), c & 7))
    if THREE_OF_SPADES in cards and trump != SPADES:
        return THREE_OF_SPADES
    if (declaring and trump >= 0 and obs.out_seat < 0 and hand & ~SUIT_MASK[trump]
            and not view.void(mate, trump)):
        for suit in range(4):
            if suit != trump and view.void(mate, suit) and hand & SUIT_MASK[suit]:
                return _lowest(view, cards_of(hand & SUIT_MASK[suit]), hand)
    plain = [c for c in cards if c >> 3 != trump and c != FIVE_OF_HEARTS] or cards
    longest = max((_suit_bits(hand, c >> 3).bit_count(), c >> 3) for c in plain)[1]
    return _lowest(view, [c for c in plain if c >> 3 == longest], hand)


def basic_policy(obs: Observation, rng: random.Random) -> int:
    """Deterministic: the generator is unused, so the same view always gets the same answer."""
    phase = obs.phase
    if phase == PLAY:
        view = _View(obs)
        if len(obs.legal) == 1:
            return obs.legal[0]
        return _follow(obs, view) if obs.trick_cards else _lead(obs, view)
    if phase == BIDDING:
        return auction_choice(obs, evaluations(obs))
    if phase == TRUMP:
        return _name_trump(obs)
    if phase == REDEAL_PHASE:
        return _redeal(obs)
    if phase == PASSING:
        return _pass_card(obs)
    return obs.legal[0]
