"""Every rule the sources disagree on, as one frozen object, and the six named profiles.

A game is fully described by its ``Rules`` + seed + action list, so the object
must be hashable, comparable and round-trip through JSON (``to_options`` /
``Rules.from_config``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import InvalidAction

AUCTIONS = ("single", "continuing")
ALL_PASS = ("throw_in", "dealer_bids", "dealer_bids_minimum")
WINNERS = ("any", "bidders_only")
BOTH_CROSS = ("higher_score", "bidding_team")
BID_OUT = "bid_out"


@dataclass(frozen=True)
class Rules:
    minimum_bid: int = 6
    """Lowest bid, 5-12. Sources: 5 (standard), 7 (tournament), 6 (others)."""
    auction: str = "single"
    """``single``: one bid each from dealer's left. ``continuing`` (PlayingCards.io): passed
    players are out, bidding goes round until one bidder is left or 12 no is bid (our choice
    where the source is silent: 12 no, or a Kaiser bid, ends it at once; the dealer may equal the
    standing bid every time the turn comes round)."""
    all_pass: str = "dealer_bids"
    """What happens when nobody has bid by the dealer's turn. ``throw_in``: if the dealer passes
    too the hand is thrown in and the next dealer deals (standard). ``dealer_bids``: the dealer
    may not pass and bids at least the minimum (prairie, classic, playingcards where the source
    is silent). ``dealer_bids_minimum``: the dealer is forced to bid exactly the minimum, in a
    suit or no trump (the Wikipedia "forced bid")."""
    weak_hand_redeal: bool = False
    """A hand dealt no A, K, Q, J, 5H or 3S may ask for a redeal before bidding. Our choice:
    the question goes to each weak hand in turn from the dealer's left; the first to ask ends it
    and the same dealer deals again."""
    defender_threshold: int | str = 45
    """Defenders at or above this score before the hand gain nothing from positive raw points
    (negative raw still subtracts). ``"bid_out"``: the Wikipedia bid-out point, target minus
    minimum bid, which follows the target when it moves to the no-trump target."""
    target: int = 52
    """First team at or above it wins."""
    no_trump_target: int | None = None
    """Wikipedia: 62 once a no-trump bid has been made. Our reading of the ambiguous source:
    from the first no-trump contract of the game on, that hand included; a Kaiser bid played at
    no trump counts as a no-trump contract."""
    winners: str = "any"
    """``any``: either team reaching the target wins. ``bidders_only`` (bid-out): only a bidding
    team that makes its contract and reaches the target; a defending team past it does not win."""
    both_cross: str = "higher_score"
    """Both teams at or above the target after one hand. ``higher_score``: the higher score wins,
    a tie goes to the bidding team (our choice where the sources are silent).
    ``bidding_team``: the bidding team wins (prairie's tie agreement)."""
    spade_three_needs_three_tricks: bool = False
    """Standard's variation: a team with the 3S and only one or two tricks scores -3 for the
    hand; the 5H counts only for a team with at least three tricks."""
    kaiser_bid: bool = False
    """Standard's variation: a "Kaiser" bid above 12 no; the bidder plays alone (three-card
    tricks), names a trump suit or no trump, and scores +40 for all eight tricks, else -40."""

    def __post_init__(self) -> None:
        _validate(self)

    def threshold(self, target: int) -> int:
        """The defender threshold in force while ``target`` is the target."""
        if self.defender_threshold == BID_OUT:
            return target - self.minimum_bid
        return int(self.defender_threshold)

    def to_options(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_config(cls, profile: object = "standard", options: object = None) -> Rules:
        """The named profile with ``options`` overriding single switches."""
        if not isinstance(profile, str) or profile not in PROFILES:
            raise InvalidAction(
                f"unknown profile {profile!r}: choose one of {', '.join(PROFILES)}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidAction(f"options must be an object of option: value, got {options!r}")
        unknown = sorted(map(repr, set(options) - OPTION_NAMES))
        if unknown:
            raise InvalidAction(
                f"unknown option {unknown[0]}: known options are {', '.join(sorted(OPTION_NAMES))}")
        return replace(PROFILES[profile], **options)


OPTION_NAMES = frozenset(f.name for f in fields(Rules))


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidAction(f"option {name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise InvalidAction(f"option {name} must be between {low} and {high}, got {value}")


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise InvalidAction(f"option {name} must be one of {', '.join(choices)}, got {value!r}")


def _validate(rules: Rules) -> None:
    _check_int("minimum_bid", rules.minimum_bid, 5, 12)
    _check_choice("auction", rules.auction, AUCTIONS)
    _check_choice("all_pass", rules.all_pass, ALL_PASS)
    _check_choice("winners", rules.winners, WINNERS)
    _check_choice("both_cross", rules.both_cross, BOTH_CROSS)
    _check_int("target", rules.target, 10, 500)
    for name in ("weak_hand_redeal", "spade_three_needs_three_tricks", "kaiser_bid"):
        if not isinstance(getattr(rules, name), bool):
            raise InvalidAction(f"option {name} must be true or false, got {getattr(rules, name)!r}")
    if rules.defender_threshold != BID_OUT:
        _check_int("defender_threshold", rules.defender_threshold, 0, 500)
    if rules.no_trump_target is not None:
        _check_int("no_trump_target", rules.no_trump_target, rules.target, 500)


PROFILES: dict[str, Rules] = {}
PROFILES["standard"] = Rules(minimum_bid=5, all_pass="throw_in")
PROFILES["tournament"] = Rules(minimum_bid=7, all_pass="throw_in")
PROFILES["prairie"] = Rules(weak_hand_redeal=True, both_cross="bidding_team")
PROFILES["playingcards"] = Rules(auction="continuing", weak_hand_redeal=True)
PROFILES["bidout"] = Rules(all_pass="dealer_bids_minimum", defender_threshold=BID_OUT,
                           no_trump_target=62, winners="bidders_only")
PROFILES["classic"] = Rules(weak_hand_redeal=True)

PROFILE_DESCRIPTIONS = {
    "standard": "Kaiser Forum standard rules: minimum bid 5, one bid each, the dealer may take "
                "the bid by equalling it; if all four pass the hand is thrown in. Defenders at 45 "
                "or more score nothing positive. First to 52 wins.",
    "tournament": "As standard, with a minimum bid of 7 (the Kaiser tournament style).",
    "prairie": "Ordinary-card Canadian rules: minimum bid 6, one bid each, the dealer must bid "
               "if the others pass, a hand with no ace, face card, 5H or 3S may ask for a "
               "redeal. If both teams reach 52 on one hand the bidding team wins.",
    "playingcards": "PlayingCards.io: a continuing auction - passed players are out and bidding "
                    "goes round until one bidder is left or 12 no is bid; minimum 6; the dealer "
                    "must bid if everyone passes; weak hands may ask for a redeal.",
    "bidout": "Wikipedia's rules: minimum 6; if all pass the dealer is forced to bid the minimum. "
              "Defenders stop scoring at the bid-out point (target minus minimum bid). After the "
              "first no-trump contract the target is 62. Only a bidding team that makes its "
              "contract can win.",
    "classic": "A rules blog's version: minimum bid 6, one bid each, the dealer must bid if the "
               "others pass, weak hands may ask for a redeal; otherwise as standard.",
}
