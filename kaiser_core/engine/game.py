"""The whole game as a mutable state machine over int actions: the engine's fast path.

``Game.step`` trusts its caller (bots and replays feed it legal actions); ``Game.check``
is the checked door that explains, in a player's words, why an action is refused. The
JSON bridge (``api``) wraps both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .actions import (
    BID_BASE,
    CLAIM,
    KAISER,
    KAISER_RANK,
    KEEP,
    MAX_BID_RANK,
    PASS,
    PASS_CARD_BASE,
    REDEAL,
    TRUMP_BASE,
    TRUMP_NONE,
    bid_action,
    bid_no_trump,
    bid_points,
    bid_rank,
    describe,
)
from .claims import claim_holds
from .tricks import Trick
from .cards import (
    FIVE_OF_HEARTS,
    HONOURS,
    SUIT_CARDS,
    THREE_OF_SPADES,
    card_name,
    cards_of,
)
from .deal import seeded_deal
from ..errors import IllegalAction
from .rules import Rules
from .scoring import Contract, hand_winner, raw_points, score_hand
from .tricks import NEXT_SEAT, playable, trick_size



class Phase(StrEnum):
    """Where a hand stands. Each member is its own string, so a view's JSON and every saved
    comparison with ``"play"`` are what they were, while a type checker knows the six."""

    REDEAL = "redeal"
    PASSING = "passing"
    BIDDING = "bidding"
    TRUMP = "trump"
    PLAY = "play"
    GAME_OVER = "game_over"


REDEAL_PHASE, PASSING, BIDDING, TRUMP, PLAY, GAME_OVER = (
    Phase.REDEAL, Phase.PASSING, Phase.BIDDING, Phase.TRUMP, Phase.PLAY, Phase.GAME_OVER)
SEAT_NAMES = ("South", "West", "North", "East")
_TRUMP_SUITS = tuple(TRUMP_BASE + suit for suit in range(4))
_FROM_LEFT = tuple(tuple((dealer + k) & 3 for k in (1, 2, 3, 4)) for dealer in range(4))
"""Per dealer, the seats in turn from the dealer's left, the dealer last."""
_A_CARD_OF = ("a club", "a diamond", "a heart", "a spade")
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_CARDS
_BITS = tuple(1 << card for card in range(32))


def is_forced(rules: Rules, seat: int, dealer: int, best_seat: int) -> bool:
    """Must the dealer bid? Only when nobody has bid and the rules forbid a throw-in."""
    return seat == dealer and best_seat < 0 and rules.all_pass != "throw_in"


def auction_options(rules: Rules, seat: int, dealer: int, best_rank: int,
                    best_seat: int) -> list[int]:
    """Legal auction actions for ``seat``: pass (unless forced), bids ascending, then Kaiser.

    A bid must outrank the standing bid; the dealer alone may equal it.
    """
    if seat != dealer:
        forced, lowest = False, best_rank + 1
    else:
        forced, lowest = is_forced(rules, seat, dealer, best_seat), best_rank
        if forced and rules.all_pass == "dealer_bids_minimum":
            return [bid_action(rules.minimum_bid, False), bid_action(rules.minimum_bid, True)]
    if lowest < 2 * rules.minimum_bid:
        lowest = 2 * rules.minimum_bid
    bids = range(BID_BASE + lowest - 10, BID_BASE + MAX_BID_RANK - 9)  # bid_rank, inverted
    out = [*bids] if forced else [PASS, *bids]
    if rules.kaiser_bid and lowest <= KAISER_RANK:
        out.append(KAISER)
    return out


def next_bidder(rules: Rules, seat: int, dealer: int, action: int, best_rank: int,
                best_seat: int, passed: list[bool]) -> int:
    """Who bids after ``seat`` took ``action`` (already counted in the other arguments);
    -1 when the auction is over.

    Single auction: one turn each, the dealer last. Continuing: passed players are out; it
    ends when one bidder is left or at once on 12 no or a Kaiser bid.
    """
    if rules.auction == "single":
        return -1 if seat == dealer else (seat + 1) & 3
    if action != PASS and best_rank > MAX_BID_RANK - 1:
        return -1
    active = [s for s in range(4) if not passed[s]]
    if not active or (len(active) == 1 and best_seat == active[0]):
        return -1
    nxt = (seat + 1) & 3
    while passed[nxt]:
        nxt = (nxt + 1) & 3
    return nxt


def contract_of(seat: int, action: int) -> Contract:
    """The contract ``seat``'s winning bid ``action`` makes: a Kaiser bid is eight tricks,
    its trump still to be named (or no trump)."""
    if action == KAISER:
        return Contract(seat, 8, False, True)
    return Contract(seat, bid_points(action), bid_no_trump(action), False)


class Auction:
    """An auction's bookkeeping: the calls in order, who has passed, and the standing bid (its
    rank, its seat and the action). The game is one (``Game`` inherits it); the bots' simulated
    auctions keep their own (``bots/bidding.py``), so both count calls the same way."""

    __slots__ = ("auction", "best_action", "best_rank", "best_seat", "passed")

    auction: list[tuple[int, int]]
    passed: list[bool]
    best_rank: int
    """The standing bid's rank (``actions.bid_rank``), 0 before any bid."""
    best_seat: int
    """Who made the standing bid, -1 before any bid."""
    best_action: int

    def __init__(self, calls: Iterable[tuple[int, int]] = ()) -> None:
        self.start_auction()
        for seat, action in calls:
            self.take_call(seat, action)

    def start_auction(self) -> None:
        self.auction = []
        self.best_rank = 0
        self.best_seat = -1
        self.best_action = -1
        self.passed = [False] * 4

    def take_call(self, seat: int, action: int) -> None:
        """``seat`` passes or bids; who bids next is ``next_bidder``'s to say."""
        self.auction.append((seat, action))
        if action == PASS:
            self.passed[seat] = True
        else:
            self.best_rank = bid_rank(action)
            self.best_seat = seat
            self.best_action = action


def partner(seat: int) -> int:
    return (seat + 2) & 3


def team(seat: int) -> int:
    return seat & 1


@dataclass
class HandRecord:
    """One finished (or thrown-in) hand, as the score sheet shows it."""

    dealer: int
    deal: tuple[int, int, int, int]
    auction: list[tuple[int, int]]
    contract: Contract | None = None
    trump: int = -1
    tricks: list[Trick] = field(default_factory=list)
    raw: tuple[int, int] = (0, 0)
    delta: tuple[int, int] = (0, 0)
    scores: tuple[int, int] = (0, 0)
    made: bool | None = None
    target: int = 52
    threshold: int = 45
    passes: tuple[int, int, int, int] = (-1, -1, -1, -1)
    """The card each seat passed to its partner (``pass_to_partner``), -1 for none."""
    claimed: int = -1
    """The seat that claimed the tricks left (they went to its side unplayed), -1 for none."""

    @property
    def play_deal(self) -> tuple[int, int, int, int]:
        """The hands as the bidding and the play began: the deal after the passed cards
        changed hands."""
        hands = list(self.deal)
        for seat, card in enumerate(self.passes):
            if card >= 0:
                hands[seat] ^= 1 << card
                hands[partner(seat)] |= 1 << card
        return (hands[0], hands[1], hands[2], hands[3])


class Game(Auction):
    """A game of Kaiser from its rules, seed, first dealer and optional first deal."""

    # Slots, not an instance dict: past 30 attributes a dict no longer shares its keys with the
    # class, and each attribute read in the hot paths (legal, step) becomes a dict lookup.
    __slots__ = (
        "claimed", "contract", "deal_count", "dealer",
        "dealt", "exchanged", "first_deal", "first_dealer", "five_team", "hands", "history",
        "led_suit", "next_seat", "no_trump_made", "no_trump_seen", "out_seat", "passes",
        "phase", "records", "rules", "scores", "seed", "start_scores", "three_team", "to_act",
        "trick_best", "trick_best_seat", "trick_cards", "trick_seats", "trick_size", "tricks",
        "tricks_won", "trump", "weak_queue", "winner")

    def __init__(self, rules: Rules, seed: str, dealer: int = 0,
                 deal: tuple[int, int, int, int] | None = None,
                 scores: tuple[int, int] = (0, 0)) -> None:
        self.rules = rules
        self.seed = seed
        self.first_deal = deal
        self.history: list[int] = []
        self.records: list[HandRecord] = []
        self.scores = [scores[0], scores[1]]
        self.start_scores = (scores[0], scores[1])
        self.first_dealer = dealer
        self.dealer = dealer
        self.deal_count = 0
        self.no_trump_seen = False
        self.no_trump_made = False
        self.winner: int | None = None
        self._deal()

    # ----- dealing and the weak-hand question -----

    def _deal(self) -> None:
        if self.deal_count == 0 and self.first_deal is not None:
            dealt = self.first_deal
        else:
            dealt = seeded_deal(self.seed, self.deal_count, self.dealer)
        self.deal_count += 1
        self.start_deal(dealt)

    def start_deal(self, dealt: tuple[int, int, int, int]) -> None:
        """Begin a deal with these four hands (masks, by seat): every deal of the game comes
        here from its seed. A caller that deals the cards itself (the chance nodes of
        ``kaiser_core.interop``) calls it again with its own cards before any action of the
        deal, in place of the seeded ones; the seed's count of deals is left as it was."""
        self.claimed = -1
        self.dealt = dealt
        self.hands = list(dealt)
        self.start_auction()
        self.contract: Contract | None = None
        self.trump = -1
        self.out_seat = -1
        self.trick_size = 4
        self.next_seat = NEXT_SEAT[-1]
        self.tricks: list[Trick] = []
        self.trick_seats: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_best = -1
        self.trick_best_seat = -1
        # The suit led to the trick in play (-1 before its lead), to be followed if possible.
        self.led_suit = -1
        self.tricks_won = [0, 0]
        self.five_team = -1
        self.three_team = -1
        self.passes = [-1, -1, -1, -1]
        self.exchanged = False
        self.weak_queue: list[int] = []
        south, west, north, east = dealt
        if self.rules.weak_hand_redeal and not (south & HONOURS and west & HONOURS
                                                and north & HONOURS and east & HONOURS):
            self.weak_queue = [s for s in _FROM_LEFT[self.dealer] if not dealt[s] & HONOURS]
            self.phase = REDEAL_PHASE
            self.to_act = self.weak_queue[0]
        else:
            self._after_weak_hands()

    def _after_weak_hands(self) -> None:
        """The passing to partner (if played), else the bidding, from the dealer's left."""
        self.phase = PASSING if self.rules.pass_to_partner else BIDDING
        self.to_act = (self.dealer + 1) & 3

    def copy(self) -> Game:
        """An independent copy; finished tricks and hand records are shared, never mutated."""
        new = object.__new__(Game)
        for name in _GAME_SLOTS:
            setattr(new, name, getattr(self, name))
        for name in ("history", "records", "scores", "hands", "auction", "passed", "tricks",
                     "trick_seats", "trick_cards", "tricks_won", "weak_queue", "passes"):
            setattr(new, name, list(getattr(self, name)))
        return new

    @property
    def target(self) -> int:
        """The target in force now: the no-trump target from when ``no_trump_target_from``
        says (for ``made_contract`` a hand being played counts once it is made, which
        ``_finish_hand`` records before it scores)."""
        rules = self.rules
        if rules.no_trump_target is None:
            return rules.target
        mode = rules.no_trump_target_from
        if mode == "any_contract":
            raised = self.no_trump_seen
        elif mode == "made_contract":
            raised = self.no_trump_made
        else:
            raised = self.contract is not None and self.contract.no_trump
        return rules.no_trump_target if raised else rules.target

    @property
    def received(self) -> list[int]:
        """The card each seat received from its partner this hand (-1 before the exchange)."""
        if not self.exchanged:
            return [-1, -1, -1, -1]
        return [self.passes[partner(s)] for s in range(4)]

    # ----- legality -----

    def _forced(self, seat: int) -> bool:
        return is_forced(self.rules, seat, self.dealer, self.best_seat)

    def play_mask(self) -> int:
        """The cards ``to_act`` may play: of the suit led if it holds any, else its whole hand."""
        return playable(self.hands[self.to_act], self.led_suit)

    def legal(self) -> list[int]:
        """Every legal action, in a stable order."""
        if self.phase == PLAY:
            # cards_of(self.play_mask()), inlined: legal() runs before every card of every game,
            # and tests/test_play.py checks that the two agree. Following suit reads that suit's
            # table alone.
            hand = self.hands[self.to_act]
            led = self.led_suit
            if led >= 0:
                follow = SUIT_CARDS[led][hand >> 8 * led & 0xFF]
                if follow:
                    return [*follow]
            return [*_CLUBS[hand & 0xFF], *_DIAMONDS[hand >> 8 & 0xFF], *_HEARTS[hand >> 16 & 0xFF],
                    *_SPADES[hand >> 24]]
        phase = self.phase
        if phase == BIDDING:
            return auction_options(self.rules, self.to_act, self.dealer, self.best_rank,
                                   self.best_seat)
        if phase == TRUMP:
            if self.contract is not None and self.contract.kaiser:
                return [*_TRUMP_SUITS, TRUMP_NONE]
            return [*_TRUMP_SUITS]
        if phase == REDEAL_PHASE:
            return [REDEAL, KEEP]
        if phase == PASSING:
            return [PASS_CARD_BASE + c for c in cards_of(self.hands[self.to_act])]
        return []

    def check(self, action: int) -> None:
        """Raise ``IllegalAction`` saying why ``action`` is not allowed now."""
        phase = self.phase
        who = SEAT_NAMES[self.to_act]
        if phase == GAME_OVER:
            raise IllegalAction("the game is over")
        if action == CLAIM:
            self._check_claim(who)
            return
        if action >= PASS_CARD_BASE and phase != PASSING:
            raise IllegalAction("cards are passed to partner only before the bidding")
        if phase == PLAY:
            self._check_play(action, who)
            return
        if action in self.legal():
            return
        if phase == REDEAL_PHASE:
            raise IllegalAction(f"{who} is asked about a weak hand first: redeal or keep")
        if phase == PASSING:
            if action >= PASS_CARD_BASE:
                raise IllegalAction(f"the {card_name(action - PASS_CARD_BASE)} is not in "
                                    f"{who}'s hand")
            raise IllegalAction(f"each player first passes a card to partner: it is {who}'s "
                                f"turn to choose one")
        if phase == TRUMP:
            if action == TRUMP_NONE:
                raise IllegalAction("no trump can only be named after a Kaiser bid; "
                                    "a no-trump bid must say so in the auction")
            if action < 32:
                raise IllegalAction(f"it is not time to play a card: {who} won the bidding "
                                    f"and must name trump first")
            raise IllegalAction(f"the bidding is over: {who} won it and must name trump now")
        self._check_bid(action, who)

    def _check_claim(self, who: str) -> None:
        if self.phase != PLAY:
            raise IllegalAction("the rest of the tricks can be claimed only during the play")
        side = self.to_act & 1
        if not claim_holds(self.hands, self.to_act, self.trick_seats, self.trick_cards,
                           self.trump, self.next_seat, self.trick_size, side):
            raise IllegalAction(f"the claim does not hold: {who}'s side can lose a trick if "
                                f"the others play well, so play goes on")

    def _check_play(self, action: int, who: str) -> None:
        if action >= TRUMP_BASE and action <= TRUMP_NONE:
            raise IllegalAction(f"trump is already chosen: it is time for {who} to play a card")
        if action >= 32:
            raise IllegalAction(f"the bidding is over: it is time for {who} to play a card")
        hand = self.hands[self.to_act]
        if not hand >> action & 1:
            raise IllegalAction(f"the {card_name(action)} is not in {who}'s hand")
        if not self.play_mask() >> action & 1:
            led = self.trick_cards[0] >> 3
            raise IllegalAction(f"must follow suit: you hold {_A_CARD_OF[led]}")

    def _check_bid(self, action: int, who: str) -> None:
        """Why a call is refused during the bidding, the rule a player would quote."""
        if TRUMP_BASE <= action <= TRUMP_NONE:
            raise IllegalAction(f"trump is named after the auction, by the player who wins it: "
                                f"now {who} must bid or pass")
        if action < 32 or action in (REDEAL, KEEP):
            raise IllegalAction(f"the auction is on: {who} must bid or pass before any card "
                                f"is played")
        if action == PASS:
            raise IllegalAction(f"{who} is the dealer and must bid: everyone else passed")
        if action == KAISER and not self.rules.kaiser_bid:
            raise IllegalAction("the Kaiser bid is not allowed in these rules")
        if self._forced(self.to_act) and self.rules.all_pass == "dealer_bids_minimum":
            raise IllegalAction(f"the dealer's forced bid is {self.rules.minimum_bid} or "
                                f"{self.rules.minimum_bid} no trump")
        if self.best_seat >= 0:
            standing = describe(self.best_action)
            if self.to_act == self.dealer:
                raise IllegalAction(f"a bid must at least equal the standing bid of {standing}")
            raise IllegalAction(f"a bid must outrank the standing bid of {standing}")
        raise IllegalAction(f"the minimum bid is {self.rules.minimum_bid}")

    # ----- applying actions (trusted) -----

    def step(self, action: int) -> None:
        self.history.append(action)
        if action == CLAIM:
            self._claim()
            return
        if self.phase != PLAY:
            phase = self.phase
            if phase == BIDDING:
                self._bid(action)
            elif phase == TRUMP:
                self._name_trump(action)
            elif phase == PASSING:
                self._pass_card(action - PASS_CARD_BASE)
            else:
                self._weak_hand(action)
            return
        # A card is played: inline here, not a method of its own, because this runs for every
        # card of every game and playout and a call costs as much as a third of the work.
        seat = self.to_act
        self.hands[seat] ^= _BITS[action]
        cards = self.trick_cards
        cards.append(action)
        self.trick_seats.append(seat)
        best = self.trick_best
        # tricks.beats(action, best, trump), inlined (two cards of a suit differ in their three
        # rank bits only); a lead (best is -1 then) sets the suit.
        if best < 0:
            self.led_suit = action >> 3
            self.trick_best = action
            self.trick_best_seat = seat
        elif action > best if action ^ best < 8 else action >> 3 == self.trump:
            self.trick_best = action
            self.trick_best_seat = seat
        if len(cards) < self.trick_size:
            self.to_act = self.next_seat[seat]
            return
        winner = self.trick_best_seat
        side = winner & 1
        self.tricks_won[side] += 1
        # The 5H and the 3S are looked for only until taken: each is in one trick a hand.
        if self.five_team < 0 and FIVE_OF_HEARTS in cards:
            self.five_team = side
        if self.three_team < 0 and THREE_OF_SPADES in cards:
            self.three_team = side
        self.tricks.append(Trick(self.trick_seats[0], self.trick_seats, cards, winner))
        self.trick_cards = []
        self.trick_seats = []
        self.trick_best = -1
        self.led_suit = -1
        self.to_act = winner
        if len(self.tricks) == 8:
            self._finish_hand()


    def _claim(self) -> None:
        """The claiming side takes every trick left, the one on the table included, and the
        5H and 3S among those cards."""
        side = self.to_act & 1
        left = 0
        for card in self.trick_cards:
            left |= 1 << card
        for seat in range(4):
            left |= self.hands[seat]
            self.hands[seat] = 0
        self.tricks_won[side] += 8 - len(self.tricks)
        if self.five_team < 0 and left >> FIVE_OF_HEARTS & 1:
            self.five_team = side
        if self.three_team < 0 and left >> THREE_OF_SPADES & 1:
            self.three_team = side
        self.claimed = self.to_act
        self.trick_cards = []
        self.trick_seats = []
        self.trick_best = -1
        self.led_suit = -1
        self._finish_hand()

    def _weak_hand(self, action: int) -> None:
        if action == REDEAL:
            self._deal()
            return
        self.weak_queue.pop(0)
        if self.weak_queue:
            self.to_act = self.weak_queue[0]
        else:
            self._after_weak_hands()

    def _pass_card(self, card: int) -> None:
        """Set ``card`` aside for partner; after the fourth choice all four change hands."""
        seat = self.to_act
        self.passes[seat] = card
        if seat != self.dealer:
            self.to_act = (seat + 1) & 3
            return
        for s in range(4):
            self.hands[s] ^= 1 << self.passes[s]
        for s in range(4):
            self.hands[partner(s)] |= 1 << self.passes[s]
        self.exchanged = True
        self.phase = BIDDING
        self.to_act = (self.dealer + 1) & 3

    def _bid(self, action: int) -> None:
        seat = self.to_act
        self.take_call(seat, action)
        nxt = next_bidder(self.rules, seat, self.dealer, action, self.best_rank, self.best_seat,
                          self.passed)
        if nxt < 0:
            self._end_auction()
        else:
            self.to_act = nxt

    def _end_auction(self) -> None:
        if self.best_seat < 0:
            self._finish_hand()
            return
        self.contract = contract = contract_of(self.best_seat, self.best_action)
        self.to_act = self.best_seat
        if contract.kaiser:
            self.out_seat = partner(self.best_seat)
            self.trick_size = trick_size(self.out_seat)
            self.next_seat = NEXT_SEAT[self.out_seat]
            self.hands[self.out_seat] = 0
        if contract.no_trump:
            self.no_trump_seen = True
            self.phase = PLAY
        else:
            self.phase = TRUMP

    def _name_trump(self, action: int) -> None:
        if action == TRUMP_NONE:
            self.no_trump_seen = True
            assert self.contract is not None
            self.contract = self.contract._replace(no_trump=True)
        else:
            self.trump = action - TRUMP_BASE
        self.phase = PLAY

    def _made(self, contract: Contract, raw: tuple[int, int]) -> bool:
        bidders = contract.seat & 1
        if contract.kaiser:
            return self.tricks_won[bidders] == 8
        return raw[bidders] >= contract.points

    def raw(self) -> tuple[int, int]:
        """Raw points each team has captured so far this hand."""
        rule = self.rules.spade_three_needs_three_tricks
        won = self.tricks_won
        return (raw_points(won[0], self.five_team == 0, self.three_team == 0, rule),
                raw_points(won[1], self.five_team == 1, self.three_team == 1, rule))

    def _finish_hand(self) -> None:
        """Write the hand on the score sheet, scored unless it was thrown in (no contract),
        then deal the next hand unless the game is won."""
        rules = self.rules
        contract = self.contract
        scores = self.scores
        passes = self.passes
        if contract is None:
            target = self.target
            record = HandRecord(self.dealer, self.dealt, self.auction, target=target,
                                threshold=rules.threshold(target), scores=(scores[0], scores[1]),
                                passes=(passes[0], passes[1], passes[2], passes[3]))
        else:
            raw = self.raw()
            if contract.no_trump and self._made(contract, raw):
                self.no_trump_made = True
            target = self.target
            won = self.tricks_won
            delta, made = score_hand(rules, contract, raw, (won[0], won[1]),
                                     (scores[0], scores[1]), target, self.three_team)
            scores[0] += delta[0]
            scores[1] += delta[1]
            # Every field, in order, by position: keywords cost more, and every hand ends here.
            record = HandRecord(self.dealer, self.dealt, self.auction, contract, self.trump,
                                self.tricks, raw, delta, (scores[0], scores[1]), made, target,
                                rules.threshold(target),
                                (passes[0], passes[1], passes[2], passes[3]), self.claimed)
            self.winner = hand_winner(rules, contract, scores, target, made)
        self.records.append(record)
        if self.winner is not None:
            self.phase = GAME_OVER
            self.to_act = -1
            return
        self.dealer = (self.dealer + 1) & 3
        self._deal()


_GAME_SLOTS = Auction.__slots__ + Game.__slots__
"""Every field a game holds, its auction's included: what ``Game.copy`` copies."""
