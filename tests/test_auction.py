"""The auction: order, outranking, the dealer's privilege, all-pass rules, the continuing
auction, the Kaiser bid, naming trump and the weak-hand redeal."""

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from helpers import (ALL_CARDS, KAISER, KEEP, MIN_BID, PASS, PROFILE_NAMES, REDEAL,
                     SINGLE_AUCTION, bid, do, play, skip_redeal, trump)

BY_SUIT = "AABVVaqq__8"  # seat 0 clubs, 1 diamonds, 2 hearts, 3 spades: nobody is weak


def game(profile="standard", dealer=3, options=None, deal=BY_SUIT, scores=None, seed="auction"):
    config = {"profile": profile, "seed": seed, "dealer": dealer, "options": options or {}}
    if deal is not None:
        config["deal"] = deal
    if scores:
        config["scores"] = scores
    return api.new_game(config)


def bids_from(rank):
    """Bid actions of rank >= rank (rank = 2 * points + no_trump), ascending."""
    return [bid(p, nt) for p in range(5, 13) for nt in (False, True) if 2 * p + nt >= rank]


# ----- single auction -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
@pytest.mark.parametrize("dealer", range(4))
def test_first_to_bid_is_dealers_left(profile, dealer):
    s = game(profile, dealer)
    assert s["phase"] == "bidding"
    assert s["to_act"] == (dealer + 1) % 4
    assert s["dealer"] == dealer
    assert api.legal_actions(s) == [PASS] + bids_from(2 * MIN_BID[profile])


@pytest.mark.parametrize("profile", SINGLE_AUCTION)
def test_one_bid_each_in_turn(profile):
    s = game(profile, dealer=3)
    seen = []
    while s["phase"] == "bidding":
        seen.append(s["to_act"])
        s = api.apply(s, bid(12) if s["to_act"] == 0 else PASS)
    assert seen == [0, 1, 2, 3]
    assert s["phase"] == "trump" and s["to_act"] == 0


@pytest.mark.parametrize("profile", SINGLE_AUCTION)
def test_example_4_dealer_takes_with_8_no(profile):
    # D (seat 3) deals; A (0) passes, B (1) bids 7 no, C (2) bids 8, D bids 8 no -> D wins with 8 no.
    s = game(profile, dealer=3)
    s = do(s, PASS, bid(7, True), bid(8))
    assert api.legal_actions(s) == [PASS] + bids_from(16)  # the dealer may equal 8
    s8n = api.apply(s, bid(8, True))
    assert s8n["phase"] == "play" and s8n["to_act"] == 3
    v = api.view(s8n, 0)
    assert v["contract"] == {"seat": 3, "points": 8, "no_trump": True, "kaiser": False, "trump": None}
    assert v["auction"] == [[0, PASS], [1, bid(7, True)], [2, bid(8)], [3, bid(8, True)]]
    # or D equals C's 8 and names trump
    s8 = api.apply(s, bid(8))
    assert s8["phase"] == "trump" and s8["to_act"] == 3
    assert api.legal_actions(s8) == [trump(x) for x in "CDHS"]
    s8 = api.apply(s8, trump("S"))
    assert api.view(s8, 3)["contract"] == {"seat": 3, "points": 8, "no_trump": False,
                                           "kaiser": False, "trump": "S"}
    assert s8["phase"] == "play" and s8["to_act"] == 3


def test_non_dealer_must_outrank():
    s = game("standard", dealer=3)
    s = api.apply(s, bid(7))
    assert api.legal_actions(s) == [PASS] + bids_from(15)
    with pytest.raises(IllegalAction, match="outrank") as err:
        api.apply(s, bid(7))
    assert "7" in str(err.value)
    with pytest.raises(IllegalAction, match="outrank"):
        api.apply(s, bid(6, True))
    s = api.apply(s, bid(7, True))
    with pytest.raises(IllegalAction, match="outrank"):
        api.apply(s, bid(7, True))
    s = api.apply(s, bid(8))
    assert s["to_act"] == 3
    with pytest.raises(IllegalAction):
        api.apply(s, bid(7, True))


def test_bid_order_n_below_n_no_below_n_plus_one():
    s = game("standard", dealer=3)
    s = do(s, bid(9), bid(9, True), bid(10))
    v = api.view(s, 3)
    assert v["legal"][0] == PASS and v["legal"][1] == bid(10)


def test_bid_ranks_count_up_with_the_bid_actions():
    """The engine reads a bid's rank off its action number: 2 * points, plus 1 at no trump."""
    from kaiser_core.engine import actions

    for points in range(5, 13):
        for no_trump in (False, True):
            action = actions.bid_action(points, no_trump)
            assert actions.bid_rank(action) == 2 * points + no_trump
            assert (actions.bid_points(action), actions.bid_no_trump(action)) == (points, no_trump)
    assert actions.bid_rank(actions.KAISER) == actions.KAISER_RANK > 2 * 12 + 1


def test_dealer_equal_ends_auction_even_at_12_no():
    s = game("standard", dealer=3)
    s = do(s, bid(12, True), PASS, PASS)
    assert api.legal_actions(s) == [PASS, bid(12, True)]
    s = api.apply(s, bid(12, True))
    assert api.view(s, 0)["contract"]["seat"] == 3


def test_nobody_can_bid_above_12_no_without_kaiser():
    s = game("standard", dealer=3)
    s = api.apply(s, bid(12, True))
    assert api.legal_actions(s) == [PASS]
    with pytest.raises(IllegalAction):
        api.apply(s, KAISER)


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_minimum_bid(profile):
    s = game(profile)
    low = MIN_BID[profile]
    if low > 5:
        with pytest.raises(IllegalAction, match=f"minimum bid is {low}"):
            api.apply(s, bid(low - 1))
    api.apply(s, bid(low))


@pytest.mark.parametrize("profile", PROFILE_NAMES)
@pytest.mark.parametrize("minimum", [5, 8, 12])
def test_minimum_bid_switch(profile, minimum):
    s = game(profile, options={"minimum_bid": minimum})
    assert api.legal_actions(s) == [PASS] + bids_from(2 * minimum)


def test_bids_out_of_range_are_malformed():
    s = game()
    for bad in [bid(4), bid(13), {"type": "bid", "points": "7"}, {"type": "bid"},
                {"type": "bid", "points": 7, "no_trump": "yes"}, {"type": "bid", "points": 7.0},
                {"type": "bid", "points": True}]:
        with pytest.raises(InvalidAction):
            api.apply(s, bad)
    assert api.apply(s, {"type": "bid", "points": 7})["actions"][-1] == bid(7)


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_out_of_phase_actions_in_auction(profile):
    s = game(profile)
    for a in [play("AC"), trump("H"), trump(None), REDEAL, KEEP]:
        with pytest.raises(IllegalAction, match="auction"):
            api.apply(s, a)


# ----- everybody passes -----

@pytest.mark.parametrize("profile", ["standard", "tournament"])
def test_throw_in(profile):
    s = game(profile, dealer=3, scores=[10, -4])
    s = do(s, PASS, PASS, PASS)
    assert PASS in api.legal_actions(s)
    s = api.apply(s, PASS)
    sm = api.summary(s)
    assert sm["dealer"] == 0 and sm["phase"] in ("bidding", "redeal")
    assert sm["scores"] == [10, -4]
    assert len(sm["hands"]) == 1
    rec = sm["hands"][0]
    assert rec["contract"] is None and rec["tricks"] == [] and rec["dealer"] == 3
    assert rec["scores"] == [10, -4] and rec["delta"] == [0, 0]
    assert rec["auction"] == [[0, PASS], [1, PASS], [2, PASS], [3, PASS]]
    assert s["to_act"] == 1


@pytest.mark.parametrize("profile", ["prairie", "classic", "playingcards"])
def test_dealer_must_bid_at_least_minimum(profile):
    s = game(profile, dealer=3)
    s = do(s, PASS, PASS, PASS)
    assert s["to_act"] == 3
    assert api.legal_actions(s) == bids_from(12)
    with pytest.raises(IllegalAction, match="dealer"):
        api.apply(s, PASS)
    s = api.apply(s, bid(11, True))
    assert s["phase"] == "play" and s["to_act"] == 3


def test_bidout_dealer_forced_to_exactly_the_minimum():
    s = game("bidout", dealer=3)
    s = do(s, PASS, PASS, PASS)
    assert api.legal_actions(s) == [bid(6), bid(6, True)]
    with pytest.raises(IllegalAction, match="dealer"):
        api.apply(s, PASS)
    with pytest.raises(IllegalAction, match="forced"):
        api.apply(s, bid(7))
    s2 = api.apply(s, bid(6, True))
    assert s2["phase"] == "play"
    s3 = api.apply(s, bid(6))
    assert s3["phase"] == "trump"


def test_bidout_forced_bid_follows_minimum_switch():
    s = game("bidout", dealer=0, options={"minimum_bid": 7})
    s = do(s, PASS, PASS, PASS)
    assert api.legal_actions(s) == [bid(7), bid(7, True)]


def test_dealer_not_forced_when_someone_bid():
    for profile in ("prairie", "bidout", "classic"):
        s = game(profile, dealer=3)
        s = do(s, PASS, bid(6), PASS)
        assert api.legal_actions(s) == [PASS] + bids_from(12)
        s = api.apply(s, PASS)
        assert api.view(s, 0)["contract"]["seat"] == 1


# ----- continuing auction -----

def test_example_5_continuing_auction():
    # P1 (seat 0) deals. P2 bids 6, P3 6 no, P4 8, P1 passes, P2 passes; P3 and P4 go on.
    s = game("playingcards", dealer=0)
    s = do(s, bid(6), bid(6, True), bid(8), PASS, PASS)
    assert s["phase"] == "bidding" and s["to_act"] == 2
    assert api.legal_actions(s) == [PASS] + bids_from(17)
    s = api.apply(s, bid(9))
    assert s["to_act"] == 3  # P1 and P2 are out
    s = api.apply(s, bid(10))
    assert s["to_act"] == 2
    s = api.apply(s, PASS)
    assert s["phase"] == "trump" and s["to_act"] == 3
    assert api.view(s, 0)["contract"] == {"seat": 3, "points": 10, "no_trump": False,
                                          "kaiser": False, "trump": None}
    assert [a for _, a in api.view(s, 0)["auction"]][-1] == PASS


def test_example_5_until_12_no():
    s = game("playingcards", dealer=0)
    s = do(s, bid(6), bid(6, True), bid(8), PASS, PASS, bid(9), bid(10), bid(11, True))
    assert s["to_act"] == 3
    s = api.apply(s, bid(12, True))  # 12 no ends it at once
    assert s["phase"] == "play" and s["to_act"] == 3
    assert api.view(s, 2)["contract"]["points"] == 12


def test_continuing_12_no_ends_at_once_even_with_players_left():
    s = game("playingcards", dealer=0)
    s = api.apply(s, bid(12, True))
    assert s["phase"] == "play" and s["to_act"] == 1
    assert len(api.view(s, 0)["auction"]) == 1


def test_continuing_dealer_may_equal_each_time_round():
    s = game("playingcards", dealer=0)
    s = do(s, bid(6), PASS, PASS)
    assert s["to_act"] == 0
    assert api.legal_actions(s) == [PASS] + bids_from(12)
    s = api.apply(s, bid(6))  # equal
    assert s["to_act"] == 1
    assert api.legal_actions(s) == [PASS] + bids_from(13)
    s = api.apply(s, bid(7))
    assert s["to_act"] == 0
    assert api.legal_actions(s) == [PASS] + bids_from(14)
    s = api.apply(s, bid(7))  # equal again
    s = api.apply(s, PASS)
    assert s["phase"] == "trump" and s["to_act"] == 0
    assert api.view(s, 1)["contract"]["points"] == 7


def test_continuing_passed_players_stay_out():
    s = game("playingcards", dealer=0)
    s = do(s, PASS, bid(6), PASS, bid(7))  # seat 1 and seat 3 out
    order = []
    for _ in range(3):
        order.append(s["to_act"])
        s = api.apply(s, api.legal_actions(s)[1])
    assert order == [2, 0, 2]


def test_continuing_dealer_forced_when_nobody_bid():
    s = game("playingcards", dealer=0)
    s = do(s, PASS, PASS, PASS)
    assert api.legal_actions(s) == bids_from(12)
    s = api.apply(s, bid(6))
    assert s["phase"] == "trump" and s["to_act"] == 0


def test_continuing_with_throw_in():
    s = game("standard", dealer=0, options={"auction": "continuing"})
    s = do(s, PASS, PASS, PASS, PASS)
    assert s["dealer"] == 1
    assert api.summary(s)["hands"][0]["contract"] is None


def test_continuing_lone_bidder_wins():
    s = game("playingcards", dealer=0)
    s = do(s, PASS, bid(7), PASS, PASS)
    assert s["phase"] == "trump" and s["to_act"] == 2


# ----- Kaiser bid -----

def test_kaiser_bid_only_with_the_switch():
    s = game("standard")
    assert KAISER not in api.legal_actions(s)
    with pytest.raises(IllegalAction, match="Kaiser"):
        api.apply(s, KAISER)
    s = game("standard", options={"kaiser_bid": True})
    assert api.legal_actions(s)[-1] == KAISER
    s = api.apply(s, bid(12, True))
    assert api.legal_actions(s) == [PASS, KAISER]  # Kaiser outranks 12 no


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_kaiser_bid_names_trump_or_no_trump(profile):
    s = game(profile, dealer=3, options={"kaiser_bid": True})
    s = api.apply(s, KAISER)
    while s["phase"] == "bidding":
        assert KAISER not in api.legal_actions(s) or s["to_act"] == 3
        assert PASS in api.legal_actions(s)
        s = api.apply(s, PASS)
    assert s["phase"] == "trump" and s["to_act"] == 0
    assert api.legal_actions(s) == [trump(x) for x in "CDHS"] + [trump(None)]
    nt = api.apply(s, trump(None))
    v = api.view(nt, 0)
    assert v["contract"] == {"seat": 0, "points": v["contract"]["points"], "no_trump": v["contract"]["no_trump"],
                             "kaiser": True, "trump": None}
    assert v["out_seat"] == 2
    assert v["hand_sizes"] == [8, 8, 0, 8]
    assert api.view(nt, 2)["hand"] == []


def test_no_trump_after_ordinary_bid_refused():
    s = game("standard", dealer=3)
    s = do(s, bid(7), PASS, PASS, PASS)
    with pytest.raises(IllegalAction, match="Kaiser"):
        api.apply(s, trump(None))
    for a in [PASS, bid(8), play("AC"), KEEP]:
        with pytest.raises(IllegalAction, match="trump"):
            api.apply(s, a)
    with pytest.raises(InvalidAction):
        api.apply(s, trump("X"))
    with pytest.raises(InvalidAction):
        api.apply(s, {"type": "trump"})
    s = api.apply(s, trump("♥"))
    assert api.view(s, 0)["contract"]["trump"] == "H"


def test_no_trump_bid_skips_naming_trump_and_bidder_leads():
    s = game("standard", dealer=3)
    s = do(s, PASS, PASS, bid(7, True), PASS)
    assert s["phase"] == "play" and s["to_act"] == 2
    v = api.view(s, 2)
    assert v["contract"]["trump"] is None and v["contract"]["no_trump"] is True
    assert v["legal"] == [play(c) for c in ["5H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]]


# ----- weak-hand redeal -----

WEAK = ["7C", "8C", "9C", "TC", "7D", "8D", "9D", "TD"]


def weak_deal(seat):
    rest = [c for c in ALL_CARDS if c not in WEAK]
    hands = [rest[0:8], rest[8:16], rest[16:24]]
    hands.insert(seat, WEAK)
    return hands


@pytest.mark.parametrize("profile", ["prairie", "playingcards", "classic"])
@pytest.mark.parametrize("seat", range(4))
def test_weak_hand_is_asked_first(profile, seat):
    s = game(profile, dealer=2, deal=weak_deal(seat))
    assert s["phase"] == "redeal" and s["to_act"] == seat
    assert api.legal_actions(s) == [REDEAL, KEEP]
    assert api.view(s, seat)["legal"] == [REDEAL, KEEP]
    assert api.view(s, (seat + 1) % 4)["legal"] == []
    for a in [PASS, bid(7), play(WEAK[0]), trump("C")]:
        with pytest.raises(IllegalAction, match="weak"):
            api.apply(s, a)
    kept = api.apply(s, KEEP)
    assert kept["phase"] == "bidding" and kept["to_act"] == 3 and kept["dealer"] == 2
    again = api.apply(s, REDEAL)
    assert again["dealer"] == 2
    assert api.summary(again)["hands"] == []
    assert api.view(again, seat)["hand"] != sorted(WEAK)


@pytest.mark.parametrize("profile", ["standard", "tournament", "bidout"])
def test_no_weak_hand_question_without_the_switch(profile):
    s = game(profile, dealer=2, deal=weak_deal(1))
    assert s["phase"] == "bidding"
    with pytest.raises(IllegalAction):
        api.apply(s, REDEAL)
    s = game(profile, dealer=2, deal=weak_deal(1), options={"weak_hand_redeal": True})
    assert s["phase"] == "redeal" and s["to_act"] == 1


def test_weak_hand_switch_off_in_a_redeal_profile():
    s = game("prairie", dealer=2, deal=weak_deal(1), options={"weak_hand_redeal": False})
    assert s["phase"] == "bidding"


def test_a_hand_with_an_honour_is_not_weak():
    for honour in ["JC", "QD", "KH", "AS", "5H", "3S"]:
        hand = WEAK[:7] + [honour]
        rest = [c for c in ALL_CARDS if c not in hand]
        s = game("prairie", dealer=2, deal=[hand, rest[0:8], rest[8:16], rest[16:24]])
        assert s["phase"] == "bidding", honour


def test_redeal_then_auction_proceeds():
    s = game("classic", dealer=1, deal=weak_deal(3), seed="r")
    s = api.apply(s, REDEAL)
    s = skip_redeal(s)
    assert s["phase"] == "bidding" and s["to_act"] == 2


def test_refused_kaiser_bid_messages_say_why():
    """With the Kaiser bid switched on, a refused Kaiser bid must not claim the rules forbid it."""
    s = game("standard", dealer=3, options={"kaiser_bid": True})
    s = api.apply(s, KAISER)
    with pytest.raises(IllegalAction) as err:
        api.apply(s, KAISER)  # seat 1 cannot outrank a Kaiser bid
    assert "not allowed in these rules" not in str(err.value)
    b = game("bidout", dealer=3, options={"kaiser_bid": True})
    b = do(b, PASS, PASS, PASS)
    with pytest.raises(IllegalAction) as err:
        api.apply(b, KAISER)  # the forced bid is 6 or 6 no trump
    assert "not allowed in these rules" not in str(err.value)
