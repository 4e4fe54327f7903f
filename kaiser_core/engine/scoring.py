"""Raw points of a hand, the score it writes on the sheet, and who has won.

Separate from the state machine so bots can score imagined hands with the very
same rules the game uses.
"""

from __future__ import annotations

from typing import NamedTuple, TypedDict

from .cards import SUITS

from .rules import Rules


def raw_points(tricks: int, five: bool, three: bool, spade_rule: bool = False) -> int:
    """A team's raw points: tricks, +5 for the 5H, -3 for the 3S.

    With ``spade_three_needs_three_tricks`` a team holding the 3S with one or two tricks
    scores -3 for the hand, and the 5H counts only with at least three tricks.
    """
    if not spade_rule:
        return tricks + 5 * five - 3 * three
    if three and tricks < 3:
        return -3
    return tricks + (5 if five and tricks >= 3 else 0) - 3 * three


class Contract(NamedTuple):
    """The winning bid. A Kaiser bid is recorded as 8 points (all eight tricks, scored
    +/-40) and gets ``no_trump`` once its bidder names no trump."""

    seat: int
    points: int
    no_trump: bool
    kaiser: bool


class HandScore(NamedTuple):
    delta: tuple[int, int]
    made: bool


KAISER_POINTS = 40
"""A Kaiser bid's value when ``kaiser_bid_value`` is 40 (000: +40 made, -40 failed)."""


def score_hand(rules: Rules, contract: Contract, raw: tuple[int, int], tricks: tuple[int, int],
               before: tuple[int, int], target: int, three_team: int = -1) -> HandScore:
    """What each team writes down for a played hand.

    ``three_team`` is the team whose tricks hold the 3S (-1: nobody), which
    ``defender_loss = "three_of_spades"`` needs: raw points alone cannot say it. A Kaiser bid
    played for the game writes 0 for the bidders: the game ends on it (``hand_winner``).
    """
    bidders = contract.seat & 1
    defenders = 1 - bidders
    if contract.kaiser:
        made = tricks[bidders] == 8
        bid_delta = 0 if rules.kaiser_bid_value == "game" else (
            KAISER_POINTS if made else -KAISER_POINTS)
    else:
        made = raw[bidders] >= contract.points
        bid_delta = raw[bidders] if made else -contract.points
        if contract.no_trump:
            bid_delta *= 2
    defend = raw[defenders]
    if before[defenders] >= rules.threshold(target):
        if rules.defender_loss == "negative_raw":
            defend = min(defend, 0)
        elif rules.defender_loss == "three_of_spades":
            defend = -3 if three_team == defenders else 0
        else:
            defend = 0
    return HandScore((bid_delta, defend) if bidders == 0 else (defend, bid_delta), made)


def hand_winner(rules: Rules, contract: Contract, scores: tuple[int, int] | list[int],
                target: int, made: bool) -> int | None:
    """The winning team after a played hand (``scores`` already include it), or None while
    the game goes on.

    A Kaiser bid played for the game decides it first. Then the target (``game_winner``);
    then ``lose_at``: a team at or below it loses, and if both are, the lower score loses (our
    choice where the sources are silent; a tie: the bidding team loses).
    """
    bidders = contract.seat & 1
    if contract.kaiser and rules.kaiser_bid_value == "game":
        return bidders if made else 1 - bidders
    winner = game_winner(rules, scores, target, bidders, made)
    if winner is not None or rules.lose_at is None:
        return winner
    low = [t for t in (0, 1) if scores[t] <= rules.lose_at]
    if not low:
        return None
    if len(low) == 2:
        loser = bidders if scores[0] == scores[1] else (0 if scores[0] < scores[1] else 1)
    else:
        loser = low[0]
    return 1 - loser


def game_winner(rules: Rules, scores: tuple[int, int] | list[int], target: int,
                bidders: int, made: bool) -> int | None:
    """The winning team after a hand, or None while the game goes on."""
    if rules.winners == "bidders_only":
        return bidders if made and scores[bidders] >= target else None
    first, second = scores[0] >= target, scores[1] >= target
    if not (first and second):
        return 0 if first else 1 if second else None
    if rules.both_cross == "bidding_team" or scores[0] == scores[1]:
        return bidders
    return 0 if scores[0] > scores[1] else 1


class ContractJson(TypedDict):
    """A contract as JSON: the declarer, the bid, and trump (``None``: no trump)."""

    seat: int
    points: int
    no_trump: bool
    kaiser: bool
    trump: str | None


def contract_json(contract: Contract | None, trump: int) -> ContractJson | None:
    """A contract as the bridge and the analysis show it, with its trump suit (None: no trump)."""
    if contract is None:
        return None
    return {"seat": contract.seat, "points": contract.points,
            "no_trump": contract.no_trump, "kaiser": contract.kaiser,
            "trump": SUITS[trump] if trump >= 0 else None}
