"""The rule player every seat becomes in a fast playout, and the playout itself.

Early in a hand the search scores a card by playing the rest of the hand out in each sampled
world with these rules (lead a master, else low; win cheaply, feed the 5H to a partner sure to
win, dump the 3S on opponents), thousands of times per decision: they are kept to bit
operations on card masks (a suit's cards, a rank's four cards), never a list of cards. The
sampler also asks them what a seat would have played, to weigh the worlds by how well they
explain the cards seen (``sampling``).
"""

from __future__ import annotations

from ..engine.cards import FIVE_OF_HEARTS as _FIVE
from ..engine.cards import SUIT_MASK
from ..engine.cards import THREE_OF_SPADES as _THREE
from ..engine.tricks import next_to_play


def playout(hands: list[int], leader: int, trump: int, out_seat: int,
            trick_seats: list[int], trick_cards: list[int], team: int) -> int:
    """Future raw points of ``team`` when every seat plays by simple rules (hands consumed)."""
    won, five, three = playout_outcome(hands, leader, trump, out_seat, trick_seats, trick_cards)
    return won[team] + (5 if five == team else 0) - (3 if three == team else 0)


def playout_outcome(hands: list[int], leader: int, trump: int, out_seat: int,
                    trick_seats: list[int], trick_cards: list[int]
                    ) -> tuple[list[int], int, int]:
    """The rest of the hand played by the same rules, told in full: tricks won per team and
    the teams whose tricks take the 5H and the 3S (-1: not in a trick from here on). The
    score of a hand needs these when raw points do not say enough (the 3S read literally,
    the three-trick rule, a Kaiser bid). The trick's best card so far is kept as the cards
    fall, so neither the rules nor the trick's end look for it again."""
    size = 4 - (out_seat >= 0)
    won = [0, 0]
    five = three = -1
    live = 0
    for h in hands:
        live |= h
    count = len(trick_cards)
    in_trick = led = best = best_seat = 0
    if trick_cards:
        led, best, best_seat = trick_cards[0] >> 3, trick_cards[0], trick_seats[0]
    for s, c in zip(trick_seats, trick_cards):
        in_trick |= 1 << c
        if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
            best, best_seat = c, s
    live |= in_trick
    seat = next_to_play(leader, out_seat, trick_seats)
    while True:
        if count == size:
            side = best_seat & 1
            won[side] += 1
            if in_trick >> _FIVE & 1:
                five = side
            if in_trick >> _THREE & 1:
                three = side
            live ^= in_trick
            seat = best_seat
            count = in_trick = 0
        hand = hands[seat]
        if not count:
            if not hand:
                return won, five, three
            card = hand.bit_length() - 1 if not hand & (hand - 1) else rule_lead(hand, live, trump)
            led, best, best_seat = card >> 3, card, seat
        else:
            legal = hand & SUIT_MASK[led] or hand
            if not legal & (legal - 1):
                card = legal.bit_length() - 1
            else:
                card = _follow(legal, live, trump, best, best_seat, seat, count == size - 1)
            if (card >> 3 == best >> 3 and card > best) or (card >> 3 == trump and best >> 3 != trump):
                best, best_seat = card, seat
        hands[seat] = hand ^ (1 << card)
        in_trick |= 1 << card
        count += 1
        seat = (seat + 1) & 3
        if seat == out_seat:
            seat = (seat + 1) & 3


_RANK = tuple(0x01010101 << rank for rank in range(8))
"""The four cards of each rank."""
_NOT_FIVE = ~(1 << _FIVE)
_NOT_POINTS = ~(1 << _FIVE | 1 << _THREE)


def _is_top(card: int, live: int) -> bool:
    return (live & SUIT_MASK[card >> 3]).bit_length() - 1 == card


def _cheapest(cards: int) -> int:
    """The lowest rank, and of equal ranks the first suit (clubs, diamonds, hearts, spades)."""
    for rank_cards in _RANK:
        m = cards & rank_cards
        if m:
            return (m & -m).bit_length() - 1
    raise ValueError("no card")


def rule_lead(hand: int, live: int, trump: int) -> int:
    """A master, a side suit's before a trump and the highest first (the 5H never); else the
    cheapest card outside trumps and the 5H."""
    tops = 0
    for suit_cards in SUIT_MASK:
        m = live & suit_cards
        if m:
            tops |= 1 << (m.bit_length() - 1)
    tops &= hand & _NOT_FIVE
    if tops:
        side = tops & ~SUIT_MASK[trump] if trump >= 0 else tops
        if not side:
            return tops.bit_length() - 1
        for rank in range(7, -1, -1):
            m = side & _RANK[rank]
            if m:
                return (m & -m).bit_length() - 1
    plain = hand & _NOT_FIVE
    if trump >= 0:
        plain = plain & ~SUIT_MASK[trump] or plain
    return _cheapest(plain or hand)


def rule_follow(hand: int, live: int, trump: int, trick_seats: list[int], trick_cards: list[int],
            seat: int, size: int) -> int:
    """Win cheaply; when partner wins, feed the 5H if the trick is safe, else play low (never
    the 3S to partner's trick); when no card wins, dump the 3S, else play low."""
    legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    best = trick_cards[0]
    best_seat = trick_seats[0]
    for s, c in zip(trick_seats, trick_cards):
        if (c >> 3 == best >> 3 and c > best) or (c >> 3 == trump and best >> 3 != trump):
            best, best_seat = c, s
    return _follow(legal, live, trump, best, best_seat, seat, len(trick_cards) == size - 1)


def _follow(legal: int, live: int, trump: int, best: int, best_seat: int, seat: int, last: bool
            ) -> int:
    """``rule_follow`` among two or more ``legal`` cards, the trick's best card known."""
    if best_seat & 1 == seat & 1:
        safe = last or (_is_top(best, live) and (best >> 3 == trump or trump < 0))
        if safe and legal >> _FIVE & 1:
            return _FIVE
        return _cheapest(legal & _NOT_POINTS or legal)
    suit = best >> 3
    winners = legal & SUIT_MASK[suit] & ~((2 << best) - 1)
    if trump >= 0 and suit != trump:
        winners |= legal & SUIT_MASK[trump]
    if winners:
        return _cheapest(winners)
    if legal >> _THREE & 1:
        return _THREE
    return _cheapest(legal & _NOT_FIVE or legal)
