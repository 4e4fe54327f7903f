"""Hand scoring: the worked examples of RULES.md on every profile they apply to, through the
bridge with fixed deals and scripted play; both spade-three rules; the Kaiser bid."""

import pytest

from kaiser_core.bridge import api
from kaiser_core.engine.scoring import raw_points

from helpers import (KAISER, MIN_BID, PROFILE_NAMES, bid, raw_of, scripted_hand, winners_for)


def record(state, index=0):
    return api.summary(state)["hands"][index]


def bidder_delta(raw, points, no_trump=False):
    d = raw if raw >= points else -points
    return 2 * d if no_trump else d


# ----- raw points -----

@pytest.mark.parametrize("tricks,five,three,expected", [
    (1, True, False, 6), (5, True, True, 7), (3, False, False, 3), (7, True, False, 12),
    (1, False, True, -2), (0, False, False, 0), (8, True, True, 10),
])
def test_raw_points(tricks, five, three, expected):
    assert raw_points(tricks, five, three) == expected


@pytest.mark.parametrize("tricks,five,three,expected", [
    (1, False, True, -3), (2, False, True, -3), (2, True, True, -3), (1, True, True, -3),
    (3, False, True, 0), (3, True, True, 5), (5, True, True, 7), (2, True, False, 2),
    (1, True, False, 1), (3, True, False, 8), (6, False, False, 6),
])
def test_raw_points_spade_three_needs_three_tricks(tricks, five, three, expected):
    assert raw_points(tricks, five, three, True) == expected


# ----- example 2: failed contract -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_2_failed_contract(profile):
    # A/C bid 8 in a suit and take 5 tricks with the 5H and the 3S: raw 7 < 8 -> -8; B/D +3.
    winners = winners_for(5, 0, 0)
    assert raw_of(winners) == [7, 3]
    s = scripted_hand(profile, winners, 0, bid(8), "C")
    rec = record(s)
    assert rec["contract"] == {"seat": 0, "points": 8, "no_trump": False, "kaiser": False,
                               "trump": "C"}
    assert rec["raw"] == [7, 3]
    assert rec["delta"] == [-8, 3]
    assert rec["scores"] == [-8, 3]
    assert rec["made"] is False
    assert api.summary(s)["scores"] == [-8, 3]


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_2_defenders_above_threshold(profile):
    winners = winners_for(5, 0, 0)
    s = scripted_hand(profile, winners, 0, bid(8), "C", scores=(10, 46))
    assert record(s)["delta"] == [-8, 0]


# ----- example 3: lopsided hand -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_3_lopsided(profile):
    winners = winners_for(7, 0, 1)
    assert raw_of(winners) == [12, -2]
    s = scripted_hand(profile, winners, 2, bid(12), "D")
    rec = record(s)
    assert rec["raw"] == [12, -2] and rec["made"] is True
    assert rec["delta"] == [12, -2]


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_3_lopsided_against_the_bidders(profile):
    winners = winners_for(7, 0, 1)
    points = MIN_BID[profile]
    s = scripted_hand(profile, winners, 1, bid(points), "S")
    rec = record(s)
    assert rec["raw"] == [12, -2]
    assert rec["delta"] == [12, -points]


# ----- example 6: no trump doubles the bidders only -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_6_no_trump_made(profile):
    winners = winners_for(7, 0, 0)
    assert raw_of(winners) == [9, 1]
    s = scripted_hand(profile, winners, 0, bid(7, True))
    rec = record(s)
    assert rec["contract"] == {"seat": 0, "points": 7, "no_trump": True, "kaiser": False,
                               "trump": None}
    assert rec["delta"] == [18, 1] and rec["made"] is True


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_6_no_trump_failed(profile):
    winners = winners_for(4, 0, 0)
    assert raw_of(winners) == [6, 4]
    s = scripted_hand(profile, winners, 2, bid(7, True))
    rec = record(s)
    assert rec["delta"] == [-14, 4]  # the defenders' 4 is not doubled
    assert rec["made"] is False


# ----- example 7: defender threshold -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_7_defenders_at_46_gain_nothing(profile):
    winners = winners_for(4, 0, 0)
    assert raw_of(winners) == [6, 4]
    points = max(6, MIN_BID[profile])
    s = scripted_hand(profile, winners, 0, bid(points), "H", scores=(0, 46))
    rec = record(s)
    assert rec["delta"] == [bidder_delta(6, points), 0]
    assert rec["scores"][1] == 46


THREE_OF_SPADES_PROFILES = ("playingcards", "classic")


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_7_defenders_at_46_still_lose(profile):
    winners = winners_for(7, 0, 1)
    s = scripted_hand(profile, winners, 0, bid(12), "H", scores=(0, 46))
    loss = -3 if profile in THREE_OF_SPADES_PROFILES else -2
    assert record(s)["delta"] == [12, loss]
    assert record(s)["scores"] == [12, 46 + loss]


@pytest.mark.parametrize("profile", THREE_OF_SPADES_PROFILES)
def test_example_7_three_of_spades_read_literally(profile):
    """RULES.md example 7: raw 1 made of four tricks and the 3S -> 43; raw 4 without it -> 46."""
    winners = winners_for(4, 0, 1)
    assert raw_of(winners) == [9, 1]
    s = scripted_hand(profile, winners, 0, bid(6), "H", scores=(0, 46))
    assert record(s)["delta"] == [9, -3] and record(s)["scores"] == [9, 43]
    winners = winners_for(4, 0, 0)
    s = scripted_hand(profile, winners, 0, bid(6), "H", scores=(0, 46))
    assert record(s)["delta"] == [6, 0] and record(s)["scores"] == [6, 46]


@pytest.mark.parametrize("loss,raw1_delta,neg_delta", [
    ("negative_raw", 0, -2), ("three_of_spades", -3, -3), ("nothing", 0, 0)])
def test_defender_loss_switch(loss, raw1_delta, neg_delta):
    opts = {"defender_loss": loss}
    s = scripted_hand("prairie", winners_for(4, 0, 1), 0, bid(6), "H", scores=(0, 46), options=opts)
    assert record(s)["delta"][1] == raw1_delta
    s = scripted_hand("prairie", winners_for(7, 0, 1), 0, bid(6), "H", scores=(0, 46), options=opts)
    assert record(s)["delta"][1] == neg_delta
    s = scripted_hand("prairie", winners_for(4, 0, 1), 0, bid(6), "H", scores=(0, 44), options=opts)
    assert record(s)["delta"][1] == 1


@pytest.mark.parametrize("profile", PROFILE_NAMES)
@pytest.mark.parametrize("before", [44, 45])
def test_threshold_boundary(profile, before):
    winners = winners_for(4, 0, 0)
    points = max(6, MIN_BID[profile])
    s = scripted_hand(profile, winners, 0, bid(points), "H", scores=(0, before))
    threshold = 46 if profile == "bidout" else 45
    gain = 4 if before < threshold else 0
    assert record(s)["delta"][1] == gain
    assert record(s)["threshold"] == threshold


def test_threshold_option():
    winners = winners_for(4, 0, 0)
    s = scripted_hand("standard", winners, 0, bid(6), "H", scores=(0, 46),
                      options={"defender_threshold": 47})
    assert record(s)["delta"] == [6, 4]
    s = scripted_hand("standard", winners, 0, bid(6), "H", scores=(0, 30),
                      options={"defender_threshold": 30})
    assert record(s)["delta"] == [6, 0]


# ----- example 8: bid-out -----

def test_example_8_bid_out_point_47_cannot_gain():
    winners = winners_for(4, 0, 0)  # team 0 raw 6, team 1 raw 4
    # team 1 bids 6 and fails; team 0 at 47 defends: 47 >= 52 - 6
    swapped = [(w + 1) % 4 for w in winners]  # team 1 raw 6, team 0 raw 4
    assert raw_of(swapped) == [4, 6]
    s = scripted_hand("bidout", swapped, 1, bid(6), "C", scores=(47, 0))
    rec = record(s)
    assert rec["threshold"] == 46 and rec["target"] == 52
    assert rec["delta"] == [0, 6] and rec["scores"] == [47, 6]
    # the same at 45 gains (45 < 46), unlike the fixed threshold of 45
    s = scripted_hand("bidout", swapped, 1, bid(6), "C", scores=(45, 0))
    assert record(s)["delta"] == [4, 6]
    s = scripted_hand("standard", swapped, 1, bid(6), "C", scores=(45, 0))
    assert record(s)["delta"] == [0, 6]


def test_example_8_after_no_trump_target_62_and_bid_out_56():
    swapped = [(w + 1) % 4 for w in winners_for(4, 0, 0)]
    s = scripted_hand("bidout", swapped, 1, bid(6, True), scores=(47, 0))
    rec = record(s)
    assert rec["target"] == 62 and rec["threshold"] == 56
    assert rec["delta"] == [4, 12]  # 47 < 56: the defenders gain
    sm = api.summary(s)
    assert sm["target"] == 62 and sm["threshold"] == 56
    v = api.view(s, 0)
    assert v["target"] == 62 and v["threshold"] == 56


def test_example_8_no_trump_target_stays_for_the_rest_of_the_game():
    swapped = [(w + 1) % 4 for w in winners_for(4, 0, 0)]
    s = scripted_hand("bidout", swapped, 1, bid(6, True), scores=(0, 0))
    # play on with the seeded deals: the target never goes back
    for _ in range(200):
        if s["phase"] == "game_over":
            break
        s = api.apply(s, api.legal_actions(s)[0])
        assert api.summary(s)["target"] == 62


def test_other_profiles_keep_52_after_no_trump():
    for profile in PROFILE_NAMES:
        if profile == "bidout":
            continue
        s = scripted_hand(profile, winners_for(7, 0, 0), 0, bid(7, True))
        assert api.summary(s)["target"] == 52
        assert record(s)["target"] == 52


# ----- spade three needs three tricks -----

SPADE_CASES = [
    # team-0 tricks, 5H team, 3S team, raw with the rule
    (6, 0, 1, [11, -3]),
    (6, 1, 1, [6, -3]),
    (6, 1, 0, [3, 2]),
    (5, 1, 1, [5, 5]),
    (7, 0, 1, [12, -3]),
    (5, 0, 0, [7, 3]),
]


@pytest.mark.parametrize("profile", PROFILE_NAMES)
@pytest.mark.parametrize("t0,five,three,raw", SPADE_CASES)
def test_spade_three_needs_three_tricks(profile, t0, five, three, raw):
    winners = winners_for(t0, five, three)
    s = scripted_hand(profile, winners, 0, bid(12), "C",
                      options={"spade_three_needs_three_tricks": True})
    rec = record(s)
    assert rec["raw"] == raw
    assert rec["delta"] == [bidder_delta(raw[0], 12), raw[1]]
    plain = scripted_hand(profile, winners, 0, bid(12), "C")
    assert record(plain)["raw"] == raw_of(winners)
    assert sum(record(plain)["raw"]) == 10


# ----- the Kaiser bid -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
@pytest.mark.parametrize("suit", ["S", None])
def test_kaiser_made_plus_40(profile, suit):
    s = scripted_hand(profile, [1] * 8, 1, KAISER, suit, dealer=0, options={"kaiser_bid": True})
    rec = record(s)
    assert rec["contract"]["kaiser"] is True and rec["contract"]["seat"] == 1
    assert rec["contract"]["trump"] == suit
    assert all(len(t["cards"]) == 3 for t in rec["tricks"])
    assert all(t["winner"] == 1 for t in rec["tricks"])
    assert rec["made"] is True
    assert rec["delta"][1] == 40
    assert rec["delta"][0] == rec["raw"][0] == 0


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_kaiser_one_trick_lost_minus_40(profile):
    winners = [1, 1, 1, 1, 1, 1, 1, 2]  # seat 2 takes the last spade trick
    s = scripted_hand(profile, winners, 1, KAISER, "D", dealer=0, options={"kaiser_bid": True})
    rec = record(s)
    assert "3S" in rec["deal"][3]  # the 3S sat out with the bidder's partner: never captured
    assert rec["made"] is False
    assert rec["delta"] == [1, -40]
    assert rec["raw"] == [1, 7]


def test_kaiser_defenders_above_threshold_and_out_partner_cards():
    winners = [0, 0, 0, 0, 0, 1, 0, 0]  # seat 1 wins the 5H trick
    s = scripted_hand("standard", winners, 0, KAISER, None, dealer=3, scores=(5, 46),
                      options={"kaiser_bid": True})
    rec = record(s)
    assert rec["delta"] == [-40, 0]
    assert rec["scores"] == [-35, 46]
    # seat 2 sat out: its eight dealt cards were never played
    played = {c for t in rec["tricks"] for c in t["cards"]}
    assert len(played) == 24
    assert not played & set(rec["deal"][2])


def test_kaiser_is_not_doubled_at_no_trump():
    s = scripted_hand("standard", [2] * 8, 2, KAISER, None, options={"kaiser_bid": True})
    assert record(s)["delta"] == [40, 0]
