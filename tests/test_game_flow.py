"""Whole games: scripted endings per profile, who may win, both teams crossing, throw-ins,
redeals, the Kaiser bid, the bid-out 62 target, dealer rotation and game over."""

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api

from helpers import (ALL_CARDS, KAISER, KEEP, MIN_BID, PASS, PROFILE_NAMES, REDEAL, bid, do,
                     play, raw_of, scripted_hand, skip_redeal, winners_for)


def assert_game_over(s, winner):
    assert s["phase"] == "game_over" and s["winner"] == winner and s["to_act"] is None
    sm = api.summary(s)
    assert sm["phase"] == "game_over" and sm["winner"] == winner and sm["to_act"] is None
    assert api.legal_actions(s) == []
    for seat in range(4):
        assert api.view(s, seat)["legal"] == []
        assert api.view(s, seat)["winner"] == winner
    for a in [PASS, bid(7), play("AS"), KEEP]:
        with pytest.raises(IllegalAction, match="over"):
            api.apply(s, a)


# (profile, start scores, team-0 tricks, 5H team, 3S team, bidder, bid, no_trump, delta, winner)
GAMES = [
    ("standard", [48, 30], 6, 0, 1, 0, 5, False, [11, -1], 0),
    ("standard", [40, 47], 2, 1, 0, 1, 6, False, [-1, 11], 1),
    ("tournament", [45, 45], 6, 0, 1, 2, 7, False, [11, -1], 0),
    ("tournament", [44, 20], 6, 0, 0, 2, 7, False, [8, 2], 0),
    ("tournament", [40, 20], 6, 0, 0, 2, 7, False, [8, 2], None),
    ("prairie", [49, 10], 4, 0, 0, 0, 6, False, [6, 4], 0),
    ("playingcards", [30, 43], 2, 1, 1, 3, 6, True, [2, 16], 1),
    ("playingcards", [30, 33], 2, 1, 1, 3, 6, True, [2, 16], None),
    ("bidout", [46, 0], 4, 0, 0, 0, 6, False, [6, 4], 0),
    ("bidout", [50, 0], 4, 0, 0, 0, 6, True, [12, 4], 0),
    ("bidout", [45, 0], 4, 0, 0, 0, 6, True, [12, 4], None),   # 57 < 62
    ("classic", [0, 51], 7, 0, 1, 2, 6, False, [12, -3], None),
    ("classic", [51, 0], 1, 1, 1, 0, 6, False, [-6, 9], None),
]


@pytest.mark.parametrize("profile,scores,t0,five,three,bidder,points,nt,delta,winner", GAMES)
def test_scripted_game_ending(profile, scores, t0, five, three, bidder, points, nt, delta, winner):
    winners = winners_for(t0, five, three)
    s = scripted_hand(profile, winners, bidder, bid(points, nt), "H", scores=scores)
    sm = api.summary(s)
    rec = sm["hands"][0]
    assert rec["raw"] == raw_of(winners)
    assert rec["delta"] == delta
    final = [scores[0] + delta[0], scores[1] + delta[1]]
    assert rec["scores"] == final == sm["scores"] == s["scores"]
    if winner is None:
        assert s["phase"] in ("bidding", "redeal") and s["winner"] is None
        assert s["dealer"] == 0  # the deal passed from seat 3 to seat 0
    else:
        assert_game_over(s, winner)
        assert s["dealer"] == 3  # nobody deals after the last hand


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_every_profile_game_ends_with_bidders_reaching_target(profile):
    points = max(6, MIN_BID[profile])
    winners = winners_for(7, 0, 1)  # team 0 raw 12
    s = scripted_hand(profile, winners, 0, bid(points), "S", scores=[45, 45])
    # defenders at 45 with raw -2: they lose 2, or 3 where the 3S alone counts (RULES.md 7)
    assert s["scores"] == [57, 42 if profile in ("playingcards", "classic") else 43]
    assert_game_over(s, 0)


# ----- who may win -----

def test_defenders_reaching_target_win_in_any():
    winners = winners_for(7, 0, 1)  # team 0 raw 12, team 1 raw -2
    for profile in ("standard", "prairie", "playingcards", "classic", "tournament"):
        s = scripted_hand(profile, winners, 1, bid(7), "C", scores=[44, 0])
        assert s["scores"] == [56, -7]
        assert_game_over(s, 0)


def test_bidout_defenders_passing_target_do_not_win():
    winners = winners_for(7, 0, 1)
    s = scripted_hand("bidout", winners, 1, bid(7), "C", scores=[45, 0])
    assert s["scores"] == [57, -7]
    assert s["winner"] is None and s["phase"] != "game_over"
    # play on (first legal action everywhere) until somebody wins: always a bidding team that made it
    for _ in range(2000):
        if s["phase"] == "game_over":
            break
        s = api.apply(s, api.legal_actions(s)[0])
    sm = api.summary(s)
    assert sm["winner"] is not None
    last = sm["hands"][-1]
    assert last["made"] is True
    assert last["contract"]["seat"] % 2 == sm["winner"]
    assert last["scores"][sm["winner"]] >= last["target"]
    for rec in sm["hands"][:-1]:
        assert rec["contract"] is None or not rec["made"] or \
            rec["scores"][rec["contract"]["seat"] % 2] < rec["target"]


def test_bidout_starting_scores_above_target_allowed_only_for_bidders_only():
    s = api.new_game({"profile": "bidout", "seed": "x", "scores": [55, 0]})
    assert s["winner"] is None
    with pytest.raises(InvalidAction, match="target"):
        api.new_game({"profile": "standard", "seed": "x", "scores": [52, 0]})
    with pytest.raises(InvalidAction, match="target"):
        api.new_game({"profile": "prairie", "seed": "x", "scores": [0, 60]})


def test_bidout_made_contract_below_target_no_win_and_failed_above_no_win():
    winners = winners_for(4, 0, 0)  # team 0 raw 6
    s = scripted_hand("bidout", winners, 0, bid(6), "C", scores=[40, 0])
    assert s["scores"] == [46, 4] and s["winner"] is None
    s = scripted_hand("bidout", winners, 0, bid(7), "C", scores=[55, 0])  # above, fails
    assert s["scores"] == [48, 4] and s["winner"] is None


def test_bidout_team_already_past_target_wins_by_making_a_contract():
    winners = winners_for(4, 0, 0)
    s = scripted_hand("bidout", winners, 0, bid(6), "C", scores=[55, 0])
    assert_game_over(s, 0)


# ----- both teams cross on one hand -----

HIGH = {"defender_threshold": 100}


@pytest.mark.parametrize("profile", ["standard", "tournament", "playingcards", "classic"])
def test_both_cross_higher_score_wins(profile):
    winners = winners_for(4, 0, 0)  # raw [6, 4]
    points = max(6, MIN_BID[profile]) if MIN_BID[profile] <= 6 else 6
    if profile == "tournament":
        opts = dict(HIGH, minimum_bid=6)
    else:
        opts = HIGH
    s = scripted_hand(profile, winners, 0, bid(points), "C", scores=[46, 50], options=opts)
    assert s["scores"] == [52, 54]
    assert_game_over(s, 1)  # the defenders' higher score wins
    s = scripted_hand(profile, winners, 0, bid(points), "C", scores=[50, 48], options=opts)
    assert s["scores"] == [56, 52]
    assert_game_over(s, 0)


@pytest.mark.parametrize("profile", ["standard", "playingcards", "classic"])
def test_both_cross_tie_goes_to_bidders(profile):
    winners = winners_for(4, 0, 0)
    s = scripted_hand(profile, winners, 2, bid(6), "C", scores=[48, 50], options=HIGH)
    assert s["scores"] == [54, 54]
    assert_game_over(s, 0)
    swapped = [(w + 1) % 4 for w in winners]  # raw [4, 6]
    s = scripted_hand(profile, swapped, 3, bid(6), "C", scores=[50, 48], options=HIGH)
    assert s["scores"] == [54, 54]
    assert_game_over(s, 1)


def test_prairie_both_cross_bidding_team_wins():
    winners = winners_for(4, 0, 0)  # raw [6, 4]
    s = scripted_hand("prairie", winners, 0, bid(6), "C", scores=[46, 50], options=HIGH)
    assert s["scores"] == [52, 54]
    assert_game_over(s, 0)  # the bidders win although the defenders are higher
    s = scripted_hand("standard", winners, 0, bid(6), "C", scores=[46, 50],
                      options=dict(HIGH, both_cross="bidding_team"))
    assert_game_over(s, 0)


def test_bidout_both_cross_only_bidders_win():
    winners = winners_for(4, 0, 0)
    s = scripted_hand("bidout", winners, 0, bid(6), "C", scores=[46, 55], options=HIGH)
    assert s["scores"] == [52, 59]
    assert_game_over(s, 0)


# ----- throw-in, redeal, dealer rotation -----

def test_throw_ins_rotate_the_dealer():
    s = api.new_game({"profile": "standard", "seed": "throw", "dealer": 2, "scores": [7, -3]})
    for k in range(6):
        assert s["dealer"] == (2 + k) % 4
        assert s["to_act"] == (3 + k) % 4
        s = do(s, PASS, PASS, PASS, PASS)
    sm = api.summary(s)
    assert len(sm["hands"]) == 6
    assert [r["dealer"] for r in sm["hands"]] == [2, 3, 0, 1, 2, 3]
    assert all(r["contract"] is None and r["tricks"] == [] for r in sm["hands"])
    assert all(r["scores"] == [7, -3] for r in sm["hands"])
    assert sm["scores"] == [7, -3] and sm["winner"] is None
    assert len({tuple(map(tuple, r["deal"])) for r in sm["hands"]}) == 6


def test_redeal_flow_keeps_dealer_and_scores():
    weak = ["7C", "8C", "9C", "TC", "7D", "8D", "9D", "TD"]
    rest = [c for c in ALL_CARDS if c not in weak]
    deal = [rest[0:8], rest[8:16], weak, rest[16:24]]
    s = api.new_game({"profile": "classic", "seed": "rd", "dealer": 0, "deal": deal,
                      "scores": [12, 3]})
    assert s["phase"] == "redeal" and s["to_act"] == 2
    s = api.apply(s, REDEAL)
    assert s["dealer"] == 0 and s["scores"] == [12, 3]
    assert api.summary(s)["hands"] == []
    s = skip_redeal(s)
    assert s["phase"] == "bidding" and s["to_act"] == 1
    kept = api.new_game({"profile": "classic", "seed": "rd", "dealer": 0, "deal": deal})
    kept = api.apply(kept, KEEP)
    assert kept["phase"] == "bidding" and kept["to_act"] == 1
    assert api.view(kept, 2)["hand"] == ["TC", "9C", "8C", "7C", "TD", "9D", "8D", "7D"]


def test_dealer_rotates_after_played_hands():
    winners = winners_for(4, 0, 0)
    for dealer in range(4):
        s = scripted_hand("standard", winners, (dealer + 1) % 4, bid(5), "C", dealer=dealer)
        assert s["dealer"] == (dealer + 1) % 4
        assert s["to_act"] == (dealer + 2) % 4
        assert api.summary(s)["hands"][0]["dealer"] == dealer


def test_next_hand_starts_by_itself_after_last_trick():
    winners = winners_for(4, 0, 0)
    s = scripted_hand("prairie", winners, 0, bid(6), "C", scores=[10, 10], seed="next")
    assert s["phase"] in ("bidding", "redeal")
    v = api.view(s, 1)
    assert v["hand_sizes"] == [8, 8, 8, 8] and v["contract"] is None and v["auction"] == []
    assert v["hand_number"] == 1


# ----- the Kaiser bid in a game -----

def test_kaiser_made_wins_the_game():
    s = scripted_hand("standard", [0] * 8, 0, KAISER, "C", scores=[20, 30],
                      options={"kaiser_bid": True})
    assert s["scores"] == [60, 30]
    assert_game_over(s, 0)


def test_kaiser_failed_minus_40():
    winners = [3, 3, 3, 3, 3, 3, 3, 0]
    s = scripted_hand("classic", winners, 3, KAISER, "H", scores=[20, 30],
                      options={"kaiser_bid": True})
    rec = api.summary(s)["hands"][0]
    assert rec["delta"][1] == -40 and rec["made"] is False
    assert s["scores"][1] == -10


def test_bidout_kaiser_at_no_trump_moves_the_target():
    s = scripted_hand("bidout", [0] * 8, 0, KAISER, None, scores=[20, 0],
                      options={"kaiser_bid": True})
    sm = api.summary(s)
    assert sm["scores"] == [60, 0]
    assert sm["target"] == 62 and sm["winner"] is None
    s = scripted_hand("bidout", [0] * 8, 0, KAISER, "S", scores=[20, 0],
                      options={"kaiser_bid": True})
    assert_game_over(s, 0)
