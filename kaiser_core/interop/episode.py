"""A game of Kaiser whose cards are dealt from outside, one card at a time: what both research
doors (``openspiel``, ``pettingzoo``) drive. Standard library only.

**The deal as chance.** The engine's ``Game`` deals each hand from its seed. A research framework
wants the deal as chance it can see, sample, enumerate or fix. There are 32!/(8!^4) =
99,561,092,450,391,000 deals: far too many outcomes for one chance node to list, and a single
sampled chance node would hide the distribution from the algorithms that need it (exact best
responses, tabular CFR on small variants, chance-sampling MCCFR). So here a deal is 32 chance
nodes, each dealing the next card of the deck, uniform over the cards not dealt yet (at most
32 outcomes a node), to the seats in turn from the dealer's left as the engine deals (card k to
seat (dealer + 1 + k) % 4). The product of the 32 uniform draws is the uniform distribution over
the orders of the deck, so every deal has exactly its probability. Fed the deck order that
``kaiser_core.engine.deal.shuffled_deck(seed, n)`` gives, it deals the engine's own seeded deal
n, which is how the tests play the same game through ``kaiser_core.api`` and the adapters.

**Hands and games.** A game goes on hand after hand until a team wins; each hand, and each
redeal of a weak hand, is a new deal. ``returns="hand"`` ends the episode when the first hand
is scored (or thrown in); ``"game"`` plays on until a team wins or until ``max_deals`` deals,
redeals included, have been dealt. The cap is needed: random play almost never finishes a game
(none of 600 random games did within 1,000 deals: random bids fail and the scores drift below
zero) and a weak hand could in principle be redealt for ever. An episode stopped by the cap is
*truncated*: it ends there, its returns the score changes so far.

**Returns** are, for each seat, the change in its team's score over the episode: the game is
general-sum (the teams' changes do not add up to a constant: a failed bid costs its bidders
and still pays the defenders), so nothing here pretends it is zero-sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import MAX_ACTION, MAX_BID_RANK, PASS_CARD_BASE, REDEAL
from ..engine.cards import DECK
from ..engine.game import GAME_OVER, REDEAL_PHASE, Game
from ..engine.rules import PROFILES, Rules
from ..errors import IllegalAction, InvalidAction

HAND, GAME = "hand", "game"
DEAL = "deal"
"""The episode's phase while a deal's chance nodes are being played."""
OVER = "over"
"""The episode's phase once it has ended: the game won, the hand played, or the cap reached."""
NUM_ACTIONS = PASS_CARD_BASE + 32
"""Player action ids are the engine's own (``kaiser_core.engine.actions``): 0-31 play a card,
32 pass, 33 redeal, 34 keep, 35 Kaiser, 36-39 trump C D H S, 40 no trump (after a Kaiser bid),
41-56 bids 5 to 12 no, 57-63 never used, 64-95 pass a card to partner. The claim (96) is left
out: it is never among the legal actions."""
assert MAX_ACTION < PASS_CARD_BASE
_PLACEHOLDER = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)
AUTO_DEALS = {HAND: 3, GAME: 100}
"""``max_deals=0`` means these: a hand and two redeals of it; a hundred deals for a game
(games between bots last 10-20 hands)."""


def parse_options(text: str) -> dict[str, Any]:
    """House rules from ``"name:value;name:value"``, values read as JSON scalars would be
    (``true``, ``false``, ``null``, whole numbers, else words): the one form a game
    parameter of OpenSpiel survives its game string in (no commas, equals signs or
    brackets), e.g. ``"pass_to_partner:true;lose_at:-52"``."""
    options: dict[str, Any] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        name, colon, value = part.partition(":")
        if not colon:
            raise InvalidAction(f"house rules are name:value pairs joined by ';', got {part!r}")
        options[name.strip()] = _scalar(value.strip())
    return options


def _scalar(text: str) -> Any:
    words = {"true": True, "false": False, "null": None, "none": None}
    if text.lower() in words:
        return words[text.lower()]
    try:
        return int(text)
    except ValueError:
        return text


def options_text(options: dict[str, Any]) -> str:
    """The inverse of ``parse_options``, names in order."""
    def word(value: Any) -> str:
        return "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    return ";".join(f"{name}:{word(options[name])}" for name in sorted(options))


@dataclass(frozen=True)
class Settings:
    """What an episode is played under: the rules, the returns, the first dealer, the cap."""

    profile: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    returns: str = GAME
    dealer: int = 0
    max_deals: int = 0
    rules: Rules = field(init=False, compare=False)

    def __post_init__(self) -> None:
        if self.returns not in (HAND, GAME):
            raise InvalidAction(f"returns must be 'hand' or 'game', got {self.returns!r}")
        if isinstance(self.dealer, bool) or self.dealer not in range(4):
            raise InvalidAction(f"dealer must be a seat from 0 to 3, got {self.dealer!r}")
        if isinstance(self.max_deals, bool) or not isinstance(self.max_deals, int) or not (
                0 <= self.max_deals <= 10_000):
            raise InvalidAction(f"max_deals must be a whole number from 0 (automatic) to 10000, "
                                f"got {self.max_deals!r}")
        if self.profile not in PROFILES:
            raise InvalidAction(f"unknown profile {self.profile!r}: choose one of "
                                f"{', '.join(PROFILES)}")
        object.__setattr__(self, "rules", Rules.from_config(self.profile, dict(self.options)))

    @property
    def deal_cap(self) -> int:
        return self.max_deals or AUTO_DEALS[self.returns]


def decisions_per_deal(rules: Rules) -> int:
    """The most decisions one deal can take: the weak-hand questions, the passing, the
    auction, trump and 32 cards. A continuing auction is bounded because each bid outranks
    the standing one or (the dealer's right) equals it, so each rank is bid at most twice, and
    each seat passes once."""
    calls = 4
    if rules.auction == "continuing":
        ranks = MAX_BID_RANK - 2 * rules.minimum_bid + 1 + rules.kaiser_bid
        calls = 2 * ranks + 4
    return 4 * rules.weak_hand_redeal + 4 * rules.pass_to_partner + calls + 1 + 32


def auction_calls(rules: Rules) -> int:
    """The most calls one auction can take (see ``decisions_per_deal``)."""
    return decisions_per_deal(rules) - 4 * rules.weak_hand_redeal - 4 * rules.pass_to_partner - 33


def hand_bound(rules: Rules) -> int:
    """The most a team's score can move on one hand: 12 no trump made or failed is 24, a
    Kaiser bid 40 when it is played for 40 points; a defending team gains at most 12."""
    return 40 if rules.kaiser_bid and rules.kaiser_bid_value == 40 else 24


def utility_bounds(settings: Settings) -> tuple[int, int]:
    """Safe (not tight) bounds on a return. Over a game: no more than a hand's bound per
    deal; from below, a losing score ends the game; from above, a team cannot go on gaining
    past both the top target and the defender threshold (twice a hand's bound of slack)."""
    rules = settings.rules
    bound = hand_bound(rules)
    if settings.returns == HAND:
        return -bound, bound
    cap = settings.deal_cap
    low, high = -bound * cap, bound * cap
    if rules.lose_at is not None:
        low = max(low, rules.lose_at + 1 - bound)
    top = max(rules.target, rules.no_trump_target or 0)
    high = min(high, max(top, rules.threshold(top)) + 2 * bound)
    return low, high


class DealNote:
    """A deal that is over: ``hand`` is its index among the game's hand records, or -1 when a
    weak hand was redealt; ``answers`` are the weak-hand answers given in it. Never changed
    once made, so copies of an episode share their notes, and ``texts`` keeps each seat's line
    of it for the information state string (which would otherwise cost a game's length a
    call)."""

    __slots__ = ("answers", "dealer", "dealt", "hand", "texts")

    def __init__(self, hand: int, dealer: int, dealt: tuple[int, int, int, int],
                 answers: tuple[tuple[int, int], ...]) -> None:
        self.hand = hand
        self.dealer = dealer
        self.dealt = dealt
        self.answers = answers
        self.texts: dict[tuple[int, bool], str] = {}


class Episode:
    """One episode: the engine's game, the deal in progress and the deals before it.

    The ``Game`` deals each hand from a seed as soon as the previous one ends; the episode sets
    those cards aside and, once its chance nodes have dealt 32 cards, puts its own in their
    place (``Game.start_deal``) before any action of the deal.
    """

    __slots__ = ("answers", "dealing", "deals", "game", "notes", "paid", "settings", "truncated")

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # The first deal is a placeholder (every seat one suit: no weak hand, no hashing):
        # the chance nodes deal the real one over it.
        self.game = Game(settings.rules, "interop", settings.dealer, _PLACEHOLDER)
        self.dealing: list[int] | None = []
        """The cards dealt so far in the deal in progress; None once it is complete."""
        self.deals = 1
        self.truncated = False
        self.answers: list[tuple[int, int]] = []
        """The weak-hand answers (seat, redeal or keep) given in this deal."""
        self.notes: list[DealNote] = []
        self.paid = (self.game.scores[0], self.game.scores[1])
        """The team scores as the last move was made: ``rewards`` pays what changed since."""

    def copy(self) -> Episode:
        new = object.__new__(Episode)
        new.settings = self.settings
        new.game = self.game.copy()
        new.dealing = None if self.dealing is None else list(self.dealing)
        new.deals = self.deals
        new.truncated = self.truncated
        new.answers = list(self.answers)
        new.notes = list(self.notes)
        new.paid = self.paid
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        return self.copy()

    # ----- where the episode stands -----

    def is_over(self) -> bool:
        game = self.game
        return self.truncated or game.phase == GAME_OVER or (
            self.settings.returns == HAND and bool(game.records))

    @property
    def phase(self) -> str:
        """``deal`` while chance deals, ``over`` at the end, else the engine's phase."""
        if self.is_over():
            return OVER
        return DEAL if self.dealing is not None else self.game.phase

    @property
    def to_act(self) -> int:
        """The seat to act; -1 while chance deals or once the episode is over."""
        return -1 if self.dealing is not None or self.is_over() else self.game.to_act

    def legal(self) -> list[int]:
        """The legal actions of the seat to act, ascending (as OpenSpiel wants them)."""
        if self.to_act < 0:
            return []
        return sorted(self.game.legal())

    def chance_outcomes(self) -> list[int]:
        """The cards chance may deal next (each as likely), ascending; empty unless dealing."""
        if self.dealing is None or self.is_over():
            return []
        dealt = 0
        for card in self.dealing:
            dealt |= 1 << card
        rest = DECK & ~dealt
        return [card for card in range(32) if rest >> card & 1]

    def next_card_seat(self) -> int:
        """The seat the next card dealt goes to."""
        assert self.dealing is not None
        return (self.game.dealer + 1 + len(self.dealing)) & 3

    def dealt_so_far(self, seat: int) -> int:
        """The cards ``seat`` has been dealt in the deal in progress (mask)."""
        assert self.dealing is not None
        first = (seat - self.game.dealer - 1) & 3
        mask = 0
        for card in self.dealing[first::4]:
            mask |= 1 << card
        return mask

    def returns(self) -> list[float]:
        """For each seat, its team's score change so far (the whole return once over)."""
        scores, start = self.game.scores, self.game.start_scores
        return [float(scores[seat & 1] - start[seat & 1]) for seat in range(4)]

    def rewards(self) -> list[float]:
        """For each seat, its team's score change since the last move was made: the whole
        hand's score at the first decision (or the end) after it, so that the rewards met at
        the decisions add up to ``returns`` there (the chance nodes in between pay nothing)."""
        scores, paid = self.game.scores, self.paid
        return [float(scores[seat & 1] - paid[seat & 1]) for seat in range(4)]

    # ----- moves -----

    def deal_card(self, card: int) -> None:
        """Chance deals ``card`` to the next seat; the 32nd card starts the deal."""
        if self.dealing is None or self.is_over():
            raise IllegalAction("no deal is in progress")
        if not 0 <= card < 32 or card in self.dealing:
            raise IllegalAction(f"card {card} cannot be dealt now: it is not in the deck left")
        self.dealing.append(card)
        if len(self.dealing) == 32:
            masks = [0, 0, 0, 0]
            for k, c in enumerate(self.dealing):
                masks[(self.game.dealer + 1 + k) & 3] |= 1 << c
            self.dealing = None
            self.game.start_deal((masks[0], masks[1], masks[2], masks[3]))

    def step(self, action: int) -> None:
        """The seat to act takes ``action`` (an id from ``legal()``)."""
        if action not in self.legal():
            if self.to_act < 0:
                raise IllegalAction("it is nobody's turn: " + (
                    "the episode is over" if self.is_over() else "the cards are being dealt"))
            self.game.check(action)  # explains in a player's words
            raise IllegalAction(f"action {action} is not legal now")
        game = self.game
        if game.phase == REDEAL_PHASE:
            self.answers.append((game.to_act, action))
        hands, dealer, dealt = len(game.records), game.dealer, game.dealt
        self.paid = (game.scores[0], game.scores[1])
        game.step(action)
        if action == REDEAL:
            self.notes.append(DealNote(-1, dealer, dealt, tuple(self.answers)))
            self._next_deal()
        elif len(game.records) > hands:
            self.notes.append(DealNote(hands, dealer, dealt, tuple(self.answers)))
            if not self.is_over():
                self._next_deal()

    def _next_deal(self) -> None:
        if self.deals >= self.settings.deal_cap:
            self.truncated = True
            return
        self.deals += 1
        self.dealing = []
        self.answers = []
