"""The hint: every legal action of the seat to act with a value on one scale, best first, and
the reason for it in a card player's words.

One scale for every phase, so a list can be read top to bottom: the expected score of the hand
for the seat's team minus the other team's, in game points (a pass, a redeal, a trump choice, a
card passed to partner and the Kaiser bid included: a failed Kaiser costs its 40, or the game,
like any other result). The numbers come from what the ``strong`` bot decides by: in play its
sampled worlds (``strong.rank_moves``); in the auction, the trump choice and the pass to
partner its fitted estimates (``bots.bidding``): per denomination, the spread of raw points
hands like this one take between our bots, turned into a score by the game's own arithmetic.
Exactly one entry is ``suggested``: the best value, ties going to the action the bot itself
would take.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..bots import make_rng
from ..bots import bidding
from ..bots.basic import NO_TRUMP, own_tricks, partner_share, sure_kaiser, team_estimate
from ..bots.observation import Observation, observe
from ..bots.strong import strong_policy
from ..engine import actions as act
from ..engine.cards import SUIT_MASK, rank_char
from ..engine.game import (
    BIDDING,
    GAME_OVER,
    PASSING,
    PLAY,
    REDEAL_PHASE,
    SEAT_NAMES,
    TRUMP,
    Auction,
    Game,
    contract_of,
    partner,
)
from ..engine.scoring import Contract
from ..errors import IllegalAction

SUIT_SIGNS = ("♣", "♦", "♥", "♠")

Entry = tuple[float, int, str]
"""(value, action, reason)."""


def denomination_words(trump: int) -> str:
    return "no trump" if trump < 0 else SUIT_SIGNS[trump]


def card_words(card: int) -> str:
    """``10♥``, ``A♠``, ``5♥``: the card as it is printed."""
    rank = rank_char(card)
    return ("10" if rank == "T" else rank) + SUIT_SIGNS[card >> 3]


def _signed(value: float) -> str:
    return f"{value:+.1f}".replace("-", "\u2212")


def contract_words(contract: Contract) -> str:
    if contract.kaiser:
        return "Kaiser"
    return f"{contract.points}{' no trump' if contract.no_trump else ''}"


def _kaiser_reason(obs: Observation, value: float) -> str:
    cost = "the game" if obs.rules.kaiser_bid_value == "game" else "40"
    chance = bidding.kaiser_chance(obs)
    if chance == 0.0:
        return f"Kaiser: this hand cannot count on all eight tricks alone; failing costs {cost}"
    return (f"Kaiser: about {100 * chance:.0f}% to take all eight tricks alone; failing costs "
            f"{cost} ({_signed(value)} expected)")


def _bid_reason(obs: Observation, est: bidding.Estimates, action: int, trump: int) -> str:
    contract = contract_of(obs.seat, action)
    mean, dist = est.dists[trump]
    made = bidding.make_probability(dist, contract.points)
    return (f"Bid {contract_words(contract)}, planning {denomination_words(trump)}: about "
            f"{mean:.1f} points expected, made {100 * made:.0f}% of the time")


def _pass_reason(obs: Observation, value: float) -> str:
    standing = Auction(obs.auction)
    seat = standing.best_seat
    if seat < 0:
        return f"Pass: leave the bidding to the others ({_signed(value)} expected)"
    words = contract_words(contract_of(seat, standing.best_action))
    if seat == partner(obs.seat):
        return f"Pass: partner's {words} stands ({_signed(value)} expected)"
    return f"Pass: defend {SEAT_NAMES[seat]}'s {words} ({_signed(value)} expected)"


def _auction_values(obs: Observation, rng: random.Random) -> tuple[list[Entry], int]:
    est = strong_policy.estimates(obs, rng)
    chosen = strong_policy.auction_action(obs, est, rng)
    out = []
    for value, a, trump in est.action_values():
        if a == act.PASS:
            out.append((value, a, _pass_reason(obs, value)))
        elif a == act.KAISER:
            out.append((value, a, _kaiser_reason(obs, value)))
        else:
            out.append((value, a, _bid_reason(obs, est, a, trump)))
    return out, chosen


def _trump_values(obs: Observation, rng: random.Random) -> tuple[list[Entry], int]:
    est = strong_policy.estimates(obs, rng)
    chosen = strong_policy.auction_action(obs, est, rng)
    contract = obs.contract
    assert contract is not None
    out = []
    for a in obs.legal:
        trump = NO_TRUMP if a == act.TRUMP_NONE else a - act.TRUMP_BASE
        if contract.kaiser:
            sure = sure_kaiser(obs.hand, trump)
            tricks = own_tricks(obs.hand, trump)
            value = bidding.kaiser_value(obs, trump)
            plan = "eight sure tricks" if sure else f"about {tricks:.1f} tricks of your own"
            reason = f"Name {denomination_words(trump)}: {plan}"
        else:
            mean, dist = est.dists[trump]
            value = bidding.expected_net(obs, contract, dist)
            made = bidding.make_probability(dist, contract.points)
            reason = (f"Name {denomination_words(trump)}: about {mean:.1f} points expected, "
                      f"made {100 * made:.0f}% of the time")
        out.append((value, a, reason))
    return out, chosen


def _weak_hand_values(obs: Observation, rng: random.Random) -> tuple[list[Entry], int]:
    """A redeal gives both sides a fresh, even deal (0); keeping the weak hand means
    defending, at best, against the other side's minimum bid."""
    chosen = strong_policy(obs, rng)
    opponent = (obs.seat + 1) & 3
    contract = Contract(opponent, obs.rules.minimum_bid, False, False)
    _, dist = bidding.distribution(bidding.tables()["defend"], bidding.defend_features(obs, contract))
    keep = bidding.expected_net(obs, contract, dist)
    out = []
    for a in obs.legal:
        if a == act.REDEAL:
            out.append((0.0, a, "Redeal: a fresh deal, even for both sides"))
        else:
            out.append((keep, a, f"Keep: defend a weak hand against a bid of "
                                 f"{obs.rules.minimum_bid} ({_signed(keep)} expected)"))
    return out, chosen


def pass_card_values(obs: Observation) -> list[Entry]:
    """Each card to pass to partner, valued by what our side expects from the bidding after
    it: the better of declaring our best denomination at the minimum bid (with the hand left
    and partner's hand the stronger by the card, as ``basic`` reads a pass) or leaving the
    bidding to the others. Counts stand in for the simulated means here: no worlds are dealt
    before the cards change hands."""
    out = []
    minimum = obs.rules.minimum_bid
    for a in obs.legal:
        card = a - act.PASS_CARD_BASE
        after = replace(obs, hand=obs.hand ^ (1 << card), passed_card=card, phase=BIDDING,
                        legal=())
        share = partner_share(after)
        sims = {t: team_estimate(after.hand, t, share) for t in bidding.DENOMINATIONS}
        est = bidding.Estimates(after, sims)
        best_value, best_trump = max(
            (est.declare_value(Contract(obs.seat, minimum, t < 0, False))[0], t)
            for t in bidding.DENOMINATIONS)
        value = max(best_value, est.pass_value())
        kept = (obs.hand & SUIT_MASK[card >> 3]).bit_count() - 1
        out.append((value, a, f"Pass {card_words(card)} to partner: then about "
                              f"{est.mean(best_trump):.1f} points expected at "
                              f"{denomination_words(best_trump)}, {kept} left in the suit"))
    return out


def _play_values(obs: Observation, rng: random.Random) -> tuple[list[Entry], int]:
    ranked = strong_policy.ranked(obs, rng)
    out = [(v, c, f"Play {card_words(c)}: about {raw:.1f} points expected for your side this hand")
           for v, raw, c in ranked]
    return out, ranked[0][2]


def hint(game: Game, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """Each legal action of ``seat`` (the seat to act, else ``IllegalAction``) as
    ``{"action", "value", "suggested", "reason"}``, best value first."""
    if game.phase == GAME_OVER or game.to_act != seat:
        raise IllegalAction(f"it is not {SEAT_NAMES[seat]}'s turn")
    obs = observe(game, seat)
    rng = make_rng(seed)
    if game.phase == PLAY:
        values, chosen = _play_values(obs, rng)
    elif game.phase == BIDDING:
        values, chosen = _auction_values(obs, rng)
    elif game.phase == TRUMP:
        values, chosen = _trump_values(obs, rng)
    elif game.phase == REDEAL_PHASE:
        values, chosen = _weak_hand_values(obs, rng)
    elif game.phase == PASSING:
        values = pass_card_values(obs)
        chosen = strong_policy(obs, rng)
    else:
        chosen = strong_policy(obs, rng)
        values = [(0.0, a, "The only choice") for a in obs.legal]
    rounded = [(round(float(v), 3), a, why) for v, a, why in values]
    order = {a: i for i, (_, a, _) in enumerate(rounded)}
    rounded.sort(key=lambda t: (-t[0], t[1] != chosen, order[t[1]]))
    return [{"action": act.encode(a), "value": v, "suggested": i == 0, "reason": why}
            for i, (v, a, why) in enumerate(rounded)]
