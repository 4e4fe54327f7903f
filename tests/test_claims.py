"""A claim of the rest holds exactly when the claimer's side takes every remaining trick
against any defence: checked against plain enumeration, and through the bridge."""

from __future__ import annotations

import random

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bots import dds
from kaiser_core.bridge import api
from kaiser_core.engine.cards import CARD_STRS, SUIT_MASK
from kaiser_core.engine.claims import claim_holds
from kaiser_core.engine.tricks import NEXT_SEAT, trick_size, trick_winner


def _all_tricks(hands, seat, seats, cards, trump, out, side):
    """Plain enumeration: every legal card, no merging, no memo."""
    if not any(hands) and not cards:
        return True
    hand = hands[seat]
    if cards and hand & SUIT_MASK[cards[0] >> 3]:
        hand &= SUIT_MASK[cards[0] >> 3]
    ours = seat & 1 == side
    for card in [c for c in range(32) if hand >> c & 1]:
        hands[seat] ^= 1 << card
        s2, c2 = seats + [seat], cards + [card]
        if len(c2) == trick_size(out):
            winner = trick_winner(s2, c2, trump)
            ok = winner & 1 == side and _all_tricks(hands, winner, [], [], trump, out, side)
        else:
            ok = _all_tricks(hands, NEXT_SEAT[out][seat], s2, c2, trump, out, side)
        hands[seat] ^= 1 << card
        if ok == ours:
            return ours
    return not ours


@pytest.mark.parametrize("kaiser", [False, True])
def test_claim_search_equals_enumeration(kaiser):
    rng = random.Random(7 + kaiser)
    held = 0
    for _ in range(300):
        tricks = rng.randint(1, 3)
        hands, leader, trump, out, seats, cards = dds.random_position(
            rng, tricks, kaiser, rng.randrange(3 if kaiser else 4))
        seat = NEXT_SEAT[out][seats[-1]] if seats else leader
        side = rng.randrange(2)
        expected = _all_tricks(list(hands), seat, list(seats), list(cards), trump, out, side)
        got = claim_holds(list(hands), seat, list(seats), list(cards), trump, NEXT_SEAT[out],
                          trick_size(out), side)
        assert got == expected
        held += expected
    assert held > 10  # both answers are exercised


def _south_holds_every_spade() -> list[list[str]]:
    spades = [c for c in CARD_STRS if c[1] == "S"]
    rest = [c for c in CARD_STRS if c[1] != "S"]
    return [spades, rest[0:8], rest[8:16], rest[16:24]]


def _south_declares_spades(seed: str) -> dict:
    """South (first to bid after the dealer, East) bids 7, the others pass, spades are trump."""
    state = api.new_game({"profile": "standard", "seed": seed, "dealer": 3,
                          "deal": _south_holds_every_spade()})
    state = api.apply(state, {"type": "bid", "points": 7, "no_trump": False})
    for _ in range(3):
        state = api.apply(state, {"type": "pass"})
    return api.apply(state, {"type": "trump", "suit": "S"})


def test_a_claim_that_holds_ends_the_hand_for_the_claimers():
    state = api.apply(_south_declares_spades("claim"), {"type": "play", "card": "AS"})
    with pytest.raises(IllegalAction, match="claim does not hold"):
        api.apply(state, {"type": "claim"})  # West's side takes nothing
    for _ in range(3):
        state = api.apply(state, api.legal_actions(state)[0])
    assert state["to_act"] == 0
    after = api.apply(state, {"type": "claim"})
    record = api.summary(after)["hands"][0]
    assert record["claimed"] == 0
    assert record["tricks_won"] == [8, 0]
    assert record["raw"] == [8 + 5 - 3, 0]
    assert record["made"] is True
    assert len(record["tricks"]) == 1  # the trick played; the other seven were claimed
    replayed = api.load({"version": 1, "config": after["config"], "actions": after["actions"]})
    assert api.summary(replayed)["hands"][0] == record
    assert api.analyze(after, 0)["tricks"]


def test_a_claim_outside_the_play_is_refused():
    state = api.new_game({"profile": "standard", "seed": "claim-bid"})
    with pytest.raises(IllegalAction, match="only during the play"):
        api.apply(state, {"type": "claim"})
    assert {"type": "claim"} not in api.legal_actions(state)


def test_a_saved_game_with_a_false_claim_is_refused():
    state = api.apply(_south_declares_spades("claim-false"), {"type": "play", "card": "AS"})
    forged = {"version": 1, "config": state["config"],
              "actions": state["actions"] + [{"type": "claim"}]}
    with pytest.raises(InvalidAction, match="claim does not hold"):
        api.load(forged)


def test_a_claim_survives_a_share_link():
    state = api.apply(_south_declares_spades("claim-link"), {"type": "claim"})
    code = api.encode_share(state, with_actions=True)
    assert api.decode_share(code)["actions"] == state["actions"]
