"""Every rule the sources disagree on, as one frozen object, and the six named profiles.

A game is fully described by its ``Rules`` + seed + action list, so the object
must be hashable, comparable and round-trip through JSON (``to_options`` /
``Rules.from_config``). Each option carries its player-facing label, sentence and value
words as field metadata: the settings dialog, the rules text and the refusal of a bad value
all read them from here, so there is one copy of each text.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ..errors import InvalidAction

AUCTIONS = ("single", "continuing")
ALL_PASS = ("throw_in", "dealer_bids", "dealer_bids_minimum")
WINNERS = ("any", "bidders_only")
BOTH_CROSS = ("higher_score", "bidding_team")
DEFENDER_LOSS = ("negative_raw", "three_of_spades", "nothing")
NO_TRUMP_TARGET_FROM = ("any_contract", "made_contract", "that_hand")
KAISER_BID_VALUES = (40, "game")
BID_OUT = "bid_out"


def _option(default: Any, label: str, sentence: str, kind: str, allowed: Any = None,
            words: dict[Any, str] | None = None) -> Any:
    """A ``Rules`` field with what a player reads about it: a label, one sentence, and the
    words for each value (``words``, keyed by the value as JSON gives it)."""
    return field(default=default, metadata={"label": label, "help": sentence, "type": kind,
                                            "allowed": allowed, "words": words or {}})


@dataclass(frozen=True)
class Rules:
    minimum_bid: int = _option(
        6, "Lowest bid", "The smallest number of points a player may bid.", "int", [5, 12])
    """Sources: 5 (standard), 7 (tournament), 6 (others)."""
    auction: str = _option(
        "single", "Bidding", "How the bidding goes round.", "choice", list(AUCTIONS),
        {"single": "one bid each, the dealer last",
         "continuing": "bidding goes round until all but one have passed"})
    """``continuing`` (PlayingCards.io): passed players are out, bidding goes round until one
    bidder is left or 12 no is bid (our choice where the source is silent: 12 no, or a Kaiser
    bid, ends it at once; the dealer may equal the standing bid every time the turn comes
    round)."""
    all_pass: str = _option(
        "dealer_bids", "If nobody bids", "What happens when the three players before the "
        "dealer all pass.", "choice", list(ALL_PASS),
        {"throw_in": "the dealer may pass too and the hand is thrown in",
         "dealer_bids": "the dealer must bid at least the lowest bid",
         "dealer_bids_minimum": "the dealer is forced to bid exactly the lowest bid"})
    """``throw_in``: the next dealer deals (standard). ``dealer_bids``: prairie, classic, and
    playingcards where the source is silent. ``dealer_bids_minimum``: the Wikipedia "forced
    bid", in a suit or no trump."""
    weak_hand_redeal: bool = _option(
        False, "Redeal a weak hand", "A player dealt no ace, king, queen, jack, 5 of hearts or "
        "3 of spades may ask for a new deal before the bidding.", "bool")
    """Our choice: the question goes to each weak hand in turn from the dealer's left; the
    first to ask ends it and the same dealer deals again."""
    defender_threshold: int | str = _option(
        45, "Defenders stop scoring at", "A team at or above this score before a hand gains "
        "nothing while it defends.", "int_or_bid_out", [0, 500],
        {"bid_out": "the bid-out point (the target minus the lowest bid)"})
    """``"bid_out"``: the Wikipedia bid-out point, target minus minimum bid, which follows the
    target when it moves to the no-trump target."""
    defender_loss: str = _option(
        "negative_raw", "What stopped defenders still lose", "What a defending team at or "
        "above that score still loses.", "choice", list(DEFENDER_LOSS),
        {"negative_raw": "their points when the hand leaves them below zero",
         "three_of_spades": "3 points whenever their tricks hold the 3 of spades",
         "nothing": "nothing: their score does not move"})
    """000, 001, 003: a negative raw total still subtracts. 002 and 004, read literally: -3
    when their tricks hold the 3S, whatever else they took. ``nothing``: one Kaiser app."""
    target: int = _option(52, "Game", "The score that wins the game.", "int", [10, 500])
    """First team at or above it wins."""
    no_trump_target: int | None = _option(
        None, "Game after no trump", "The winning score once no trump has been bid "
        "(see the next option).", "int_or_null", [10, 500], {None: "unchanged"})
    """Wikipedia: 62 once a no-trump bid has been made; when exactly is
    ``no_trump_target_from``. A Kaiser bid played at no trump counts as a no-trump contract."""
    no_trump_target_from: str = _option(
        "any_contract", "When the no-trump game applies", "From when the higher winning score "
        "after no trump is in force.", "choice", list(NO_TRUMP_TARGET_FROM),
        {"any_contract": "from the first no-trump contract of the game on",
         "made_contract": "from the first no-trump contract made on",
         "that_hand": "only while a hand is played at no trump"})
    """``any_contract``: our reading of 003, that hand included. ``made_contract``: one Kaiser
    program, that hand included. ``that_hand``: one Kaiser app. The bid-out point follows."""
    winners: str = _option(
        "any", "Who can win", "Which team may win by reaching the winning score.", "choice",
        list(WINNERS),
        {"any": "either team, bidding or defending",
         "bidders_only": "only a bidding team that makes its bid"})
    """``bidders_only`` (bid-out): a defending team past the target does not win."""
    both_cross: str = _option(
        "higher_score", "Both teams reach the game", "Who wins if both teams reach the "
        "winning score on the same hand.", "choice", list(BOTH_CROSS),
        {"higher_score": "the higher score (a tie goes to the bidders)",
         "bidding_team": "the bidding team"})
    """``higher_score``: our choice where the sources are silent. ``bidding_team``: prairie's
    tie agreement."""
    lose_at: int | None = _option(
        None, "Losing score", "A team at or below this score after a hand loses the game at "
        "once.", "int_or_null", [-500, -1], {None: "none"})
    """Four rule pages and two Kaiser apps: "-52 loses the game". If one team reaches the
    target and the other falls to it on the same hand, the team at the target wins. Our choice
    where the sources are silent: if both teams fall to it, the lower score loses (a tie: the
    bidding team)."""
    spade_three_needs_three_tricks: bool = _option(
        False, "3 of spades needs three tricks", "A team taking the 3 of spades with only one "
        "or two tricks scores minus 3 for the hand, and the 5 of hearts counts only for a team "
        "with three tricks or more.", "bool")
    """Standard's variation (000)."""
    kaiser_bid: bool = _option(
        False, "Kaiser bid", "A bid of Kaiser, above 12 no trump: the bidder plays alone "
        "while partner sits out and must take all eight tricks.", "bool")
    """Standard's variation (000): the bidder names a trump suit or no trump."""
    kaiser_bid_value: int | str = _option(
        40, "A Kaiser bid is worth", "What a Kaiser bid wins or loses (only with the Kaiser "
        "bid).", "choice", list(KAISER_BID_VALUES),
        {40: "40 points, won or lost", "game": "the game: made, it wins; failed, it loses"})
    """000: +/-40. ``game``: the Wikipedia family of rule texts. Accepted as the text "40"
    too (a form field's value); without ``kaiser_bid`` it has no effect."""
    pass_to_partner: bool = _option(
        False, "Pass a card to partner", "After the deal each player passes one card to "
        "partner before the bidding; the cards change hands once all four have chosen.",
        "bool")
    """Three Kaiser programs. Our choice: each player in turn from the dealer's left chooses,
    after the weak-hand question. A Kaiser bidder's partner sits out after the passing, so the
    bidder keeps the card partner passed and partner's passed-to card is out with its hand."""

    def __post_init__(self) -> None:
        if self.kaiser_bid_value == "40":
            object.__setattr__(self, "kaiser_bid_value", 40)
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
OPTION_META: dict[str, Any] = {f.name: f.metadata for f in fields(Rules)}


def _json(value: object) -> str:
    return "null" if value is None else f'"{value}"' if isinstance(value, str) else str(value)


def _check_int(name: str, value: object, low: int, high: int, also: tuple[Any, ...] = ()) -> None:
    extra = "".join(f" or {_json(a)}" for a in also)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidAction(f"option {name} must be a whole number from {low} to {high}{extra}, "
                            f"got {value!r}")
    if not low <= value <= high:
        raise InvalidAction(f"option {name} must be a whole number from {low} to {high}{extra}, "
                            f"got {value}")


def _check_choice(name: str, value: object, choices: tuple[Any, ...]) -> None:
    if isinstance(value, bool) or value not in choices:
        raise InvalidAction(f"option {name} must be one of {', '.join(map(_json, choices))}, "
                            f"got {value!r}")


def _validate(rules: Rules) -> None:
    _check_int("minimum_bid", rules.minimum_bid, 5, 12)
    _check_choice("auction", rules.auction, AUCTIONS)
    _check_choice("all_pass", rules.all_pass, ALL_PASS)
    _check_choice("winners", rules.winners, WINNERS)
    _check_choice("both_cross", rules.both_cross, BOTH_CROSS)
    _check_choice("defender_loss", rules.defender_loss, DEFENDER_LOSS)
    _check_choice("no_trump_target_from", rules.no_trump_target_from, NO_TRUMP_TARGET_FROM)
    _check_choice("kaiser_bid_value", rules.kaiser_bid_value, KAISER_BID_VALUES)
    _check_int("target", rules.target, 10, 500)
    for name in ("weak_hand_redeal", "spade_three_needs_three_tricks", "kaiser_bid",
                 "pass_to_partner"):
        if not isinstance(getattr(rules, name), bool):
            raise InvalidAction(f"option {name} must be true or false, got {getattr(rules, name)!r}")
    if rules.defender_threshold != BID_OUT:
        _check_int("defender_threshold", rules.defender_threshold, 0, 500, (BID_OUT,))
    if rules.no_trump_target is not None:
        _check_int("no_trump_target", rules.no_trump_target, rules.target, 500, (None,))
    if rules.lose_at is not None:
        _check_int("lose_at", rules.lose_at, -500, -1, (None,))


PROFILES: dict[str, Rules] = {}
PROFILES["standard"] = Rules(minimum_bid=5, all_pass="throw_in")
PROFILES["tournament"] = Rules(minimum_bid=7, all_pass="throw_in")
PROFILES["prairie"] = Rules(weak_hand_redeal=True, both_cross="bidding_team")
PROFILES["playingcards"] = Rules(auction="continuing", weak_hand_redeal=True,
                                 defender_loss="three_of_spades")
PROFILES["bidout"] = Rules(all_pass="dealer_bids_minimum", defender_threshold=BID_OUT,
                           no_trump_target=62, winners="bidders_only")
PROFILES["classic"] = Rules(weak_hand_redeal=True, defender_loss="three_of_spades")
