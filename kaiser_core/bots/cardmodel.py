"""A model of how a sound player chooses its card: the odds of each legal card, learned from
``strong``'s own play, so a reader can weigh a world by how likely the cards seen are from its
hands when the table does not play ``basic``.

A card is described by a handful of yes-or-no facts (does it win the trick, is it the
cheapest card that wins, a master, the 5H, a ruff, the last of its suit, ...), each fact
counted apart in each of seven situations (leading; second, third or last to a trick that
partner or an opponent is winning). A card's score is the sum of its facts' weights and its
odds are a softmax over the legal cards: a linear model, cheap enough to price thousands of
worlds a decision in the browser. The weights (``WEIGHTS``) are fitted by
``tools/fit_cardmodel.py`` on ``strong``'s cards in its own games, and a card of the same
holding as the one played (touching, no other holder's card between) counts as the same play.
"""

from __future__ import annotations

import math

from ..engine.cards import FIVE_OF_HEARTS, SUIT_MASK, THREE_OF_SPADES, cards_of
from ..engine.tricks import beats
from .cardweights import WEIGHTS
from .rollout import rule_follow, rule_lead

FACTS = ("trump", "the 5H", "the 3S", "a master", "one live card above", "two above",
         "three or more above", "lowest of its suit held", "highest of its suit held",
         "a singleton", "one of two", "one of three or more", "wins the trick",
         "the cheapest card that wins", "a ruff", "a discard", "wins a trick holding the 5H",
         "wins a trick holding the 3S", "wins as a master", "a king or ace",
         "one of the two lowest ranks", "trump, for the bidders", "wins, for the bidders",
         "the 5H, winning the trick",
         "the rule player's card")
"""The facts about a card the model weighs, in the order of their weights."""
(TRUMP, FIVE, THREE, MASTER, ONE_ABOVE, TWO_ABOVE, MORE_ABOVE, LOWEST, HIGHEST, SINGLETON,
 OF_TWO, OF_MORE, WINS, CHEAPEST_WIN, RUFF, DISCARD, WINS_FIVE, WINS_THREE, WINS_MASTER, HIGH,
 LOW, BIDDERS_TRUMP, BIDDERS_WIN, FIVE_WINS, RULE) = range(len(FACTS))

SITUATIONS = 7
"""Leading; then second, third and last to play, to a trick partner or an opponent wins."""

_RANK_AND_UP = tuple(~((1 << r) - 1) & 0xFF for r in range(8))


def situation(trick_seats: list[int], seat: int, winner: int) -> int:
    """0 for a lead, else 1 + 2 x (place in the trick - 1) + (partner winning)."""
    if not trick_seats:
        return 0
    return 2 * len(trick_seats) - 1 + (winner & 1 == seat & 1)


def best_of(trick_seats: list[int], trick_cards: list[int], trump: int) -> tuple[int, int]:
    """The card winning the trick so far and its seat."""
    best, best_seat = trick_cards[0], trick_seats[0]
    for s, c in zip(trick_seats, trick_cards):
        if beats(c, best, trump):
            best, best_seat = c, s
    return best, best_seat


def card_facts(hand: int, legal: int, live: int, trump: int, trick_seats: list[int],
               trick_cards: list[int], seat: int, declaring: bool, rule: int
               ) -> dict[int, list[int]]:
    """Per legal card, the indices of its facts in ``WEIGHTS`` (situation by situation)."""
    out: dict[int, list[int]] = {}
    others = live & ~hand
    if trick_cards:
        best, best_seat = best_of(trick_seats, trick_cards, trump)
        led = trick_cards[0] >> 3
        in_trick = 0
        for c in trick_cards:
            in_trick |= 1 << c
    else:
        best, best_seat, led, in_trick = -1, seat, -1, 0
    base = situation(trick_seats, seat, best_seat) * len(FACTS)
    cheapest_win = -1
    if trick_cards:
        winners = [c for c in cards_of(legal) if beats(c, best, trump)]
        if winners:
            cheapest_win = min(winners, key=lambda c: (c >> 3 == trump and led != trump, c & 7))
    mask = legal
    while mask:
        low = mask & -mask
        mask ^= low
        c = low.bit_length() - 1
        suit, rank = c >> 3, c & 7
        facts = []
        if suit == trump:
            facts.append(TRUMP)
            if declaring:
                facts.append(BIDDERS_TRUMP)
        if c == FIVE_OF_HEARTS:
            facts.append(FIVE)
        elif c == THREE_OF_SPADES:
            facts.append(THREE)
        held_suit = (hand >> (8 * suit)) & 0xFF
        above = ((others >> (8 * suit)) & 0xFF & _RANK_AND_UP[rank] & ~(1 << rank)).bit_count()
        facts.append(MASTER + min(above, 3))
        if not held_suit & ((1 << rank) - 1):
            facts.append(LOWEST)
        if not held_suit >> (rank + 1):
            facts.append(HIGHEST)
        facts.append(SINGLETON + min(held_suit.bit_count(), 3) - 1)
        if rank >= 6:
            facts.append(HIGH)
        elif rank <= 1:
            facts.append(LOW)
        if trick_cards:
            if suit != led:
                facts.append(RUFF if suit == trump else DISCARD)
            if beats(c, best, trump):
                facts.append(WINS)
                if c == cheapest_win:
                    facts.append(CHEAPEST_WIN)
                if in_trick >> FIVE_OF_HEARTS & 1 or c == FIVE_OF_HEARTS:
                    facts.append(WINS_FIVE if c != FIVE_OF_HEARTS else FIVE_WINS)
                if in_trick >> THREE_OF_SPADES & 1:
                    facts.append(WINS_THREE)
                if not above and (suit == trump or trump < 0):
                    facts.append(WINS_MASTER)
                if declaring:
                    facts.append(BIDDERS_WIN)
        if rule >> c & 1:
            facts.append(RULE)
        out[c] = [base + f for f in facts]
    return out


def log_odds(facts: dict[int, list[int]], played: int, same: int) -> float:
    """The log of the odds the model gives the play of ``played`` (with the cards of
    ``same``, its holding, counted as the same play) among the legal cards of ``facts``."""
    weights = WEIGHTS
    scores = {c: sum(weights[i] for i in ids) for c, ids in facts.items()}
    top = max(scores.values())
    total = chosen = 0.0
    for c, s in scores.items():
        e = math.exp(s - top)
        total += e
        if same >> c & 1 or c == played:
            chosen += e
    return math.log(chosen / total)


def holding(card: int, hand: int, live: int) -> int:
    """The cards of ``hand`` that are the same play as ``card``: its suit's cards with no live
    card of another holder between them and it."""
    suit = SUIT_MASK[card >> 3]
    run = 1 << card
    others = live & ~hand
    for step in (1, -1):
        c = card + step
        while 0 <= c < 32 and (1 << c) & suit:
            if hand >> c & 1:
                run |= 1 << c
            elif others >> c & 1:
                break
            c += step
    return run


def play_log_odds(hand: int, card: int, live: int, trump: int, trick_seats: list[int],
                  trick_cards: list[int], seat: int, declaring: bool, size: int
                  ) -> float | None:
    """The log-odds of a seat holding ``hand`` playing ``card`` here (``size`` cards make the
    trick); ``None`` where the card could not have been played from that hand. A forced card
    costs nothing."""
    if not hand >> card & 1:
        return None
    legal = hand
    if trick_cards:
        legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand
        if not legal >> card & 1:
            return None
    if not legal & (legal - 1):
        return 0.0
    if trick_cards:
        rule = rule_follow(hand, live, trump, trick_seats, trick_cards, seat, size)
    else:
        rule = rule_lead(hand, live, trump)
    facts = card_facts(hand, legal, live, trump, trick_seats, trick_cards, seat, declaring,
                       holding(rule, legal, live))
    return log_odds(facts, card, holding(card, legal, live))
