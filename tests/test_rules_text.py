"""The rules told in a player's words (``api.describe_rules``): for every profile and every
switch, the sentence the text says and a scripted hand whose outcome it predicts."""

import re

import pytest

from kaiser_core import IllegalAction
from kaiser_core.bridge import api

from helpers import (KAISER, PASS, PROFILE_NAMES, bid, do, pass_card, scripted_hand,
                     winners_for)

TOPICS = ["deal", "bidding", "play", "scoring", "end"]


def text(profile, **options):
    return api.describe_rules({"profile": profile, "options": options})


def sentences(described, topic=None):
    return [s for sec in described["sections"] if topic in (None, sec["topic"])
            for s in sec["sentences"]]


def says(described, fragment, topic=None):
    joined = " ".join(sentences(described, topic))
    assert fragment in joined, f"{fragment!r} not in {joined!r}"


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_shape_and_player_words(profile):
    d = api.describe_rules({"profile": profile, "seed": "optional"})
    assert set(d) == {"title", "origin", "summary", "sections"}
    assert [s["topic"] for s in d["sections"]] == TOPICS
    assert [s["title"] for s in d["sections"]] == ["The deal", "Bidding", "The play", "Scoring",
                                                   "End of the game"]
    for words in [d["title"], d["origin"], d["summary"], *sentences(d)]:
        assert "_" not in words and "null" not in words, words
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", words), words
    assert api.profiles()[profile]["title"] == d["title"]


def test_titles_read_like_a_card_game():
    titles = {p: text(p)["title"] for p in PROFILE_NAMES}
    assert titles["prairie"] == "Prairie rules"
    assert titles["playingcards"] == "PlayingCards.io"
    assert titles["bidout"] == "Wikipedia: bid-out"


def test_a_changed_switch_is_named_in_the_summary():
    d = text("prairie", pass_to_partner=True, lose_at=-52)
    assert "Pass a card to partner: on" in d["summary"] and "Losing score: -52" in d["summary"]
    assert d["title"] == "Prairie rules, changed"


# ----- per profile: the minimum bid, the stopped defenders, who wins -----

@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_minimum_bid_as_told(profile):
    d = text(profile)
    low = int(re.search(r"from (\d+) to 12", " ".join(sentences(d, "bidding"))).group(1))
    s = api.new_game({"profile": profile, "seed": "t", "dealer": 3})
    while s["phase"] == "redeal":
        s = api.apply(s, {"type": "keep"})
    if low > 5:
        with pytest.raises(IllegalAction):
            api.apply(s, bid(low - 1))
    api.apply(s, bid(low))


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_stopped_defenders_as_told(profile):
    """Defenders at the threshold take four tricks and the 3S (raw 1): the text says what
    they still lose, and the hand scores it."""
    d = text(profile)
    threshold = 46 if profile == "bidout" else 45
    s = scripted_hand(profile, winners_for(4, 0, 1), 0, bid(7), "H", scores=(0, threshold))
    delta = api.summary(s)["hands"][0]["delta"][1]
    if "except minus 3 whenever their tricks hold the 3 of spades" in " ".join(sentences(d)):
        assert delta == -3
    else:
        says(d, "gain nothing from a hand, but still lose points when their tricks leave them "
                "below zero")
        assert delta == 0


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_defenders_reaching_the_game_as_told(profile):
    d = text(profile)
    s = scripted_hand(profile, winners_for(7, 0, 1), 1, bid(7), "C", scores=(44, 0))
    assert s["scores"][0] == 56
    if "bidding or defending" in " ".join(sentences(d, "end")):
        assert s["winner"] == 0
    else:
        says(d, "defenders who pass 52 do not win, and play goes on", "end")
        assert s["winner"] is None


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_nobody_bids_as_told(profile):
    d = " ".join(sentences(text(profile), "bidding"))
    s = api.new_game({"profile": profile, "seed": "t", "dealer": 3})
    while s["phase"] == "redeal":
        s = api.apply(s, {"type": "keep"})
    s = do(s, PASS, PASS, PASS)
    legal = api.legal_actions(s)
    if "the hand is thrown in" in d:
        s = api.apply(s, PASS)
        assert api.summary(s)["hands"][0]["contract"] is None and s["dealer"] == 0
    elif "forced to bid exactly" in d:
        assert {(a["points"], a["no_trump"]) for a in legal} == {(6, False), (6, True)}
    else:
        assert PASS not in legal and len(legal) > 2


# ----- per switch -----

@pytest.mark.parametrize("loss,fragment,delta", [
    ("negative_raw", "still lose points when their tricks leave them below zero", 0),
    ("three_of_spades", "except minus 3 whenever their tricks hold the 3 of spades", -3),
    ("nothing", "score nothing at all for a hand, not even for the 3 of spades", 0),
])
def test_defender_loss_as_told(loss, fragment, delta):
    says(text("prairie", defender_loss=loss), fragment, "scoring")
    s = scripted_hand("prairie", winners_for(4, 0, 1), 0, bid(7), "H", scores=(0, 45),
                      options={"defender_loss": loss})
    assert api.summary(s)["hands"][0]["delta"][1] == delta
    if loss == "nothing":
        s = scripted_hand("prairie", winners_for(7, 0, 1), 0, bid(7), "H", scores=(0, 45),
                          options={"defender_loss": loss})
        assert api.summary(s)["hands"][0]["delta"][1] == 0


def test_lose_at_as_told():
    says(text("prairie", lose_at=-52), "A team at -52 or below after a hand loses the game at "
                                       "once", "end")
    s = scripted_hand("prairie", winners_for(4, 1, 0), 0, bid(8), "H", scores=(-45, 10),
                      options={"lose_at": -52})
    assert s["winner"] == 1
    says(text("prairie"), "there is no losing score", "end")


@pytest.mark.parametrize("mode,fragment,after", [
    ("any_contract", "From the first no-trump contract of the game on", 62),
    ("made_contract", "From the first no-trump contract that is made", 62),
    ("that_hand", "the next hand is played to 52 again", 52),
])
def test_no_trump_target_as_told(mode, fragment, after):
    says(text("bidout", no_trump_target_from=mode), fragment, "end")
    s = scripted_hand("bidout", winners_for(5, 0, 0), 0, bid(7, True), None, scores=(40, 0),
                      options={"no_trump_target_from": mode})
    assert s["scores"][0] == 54 and s["winner"] is None
    assert api.summary(s)["target"] == after


def test_pass_to_partner_as_told():
    d = text("standard", pass_to_partner=True)
    says(d, "The four cards change hands once everyone has chosen", "deal")
    assert not any("partner" in x and "pass" in x for x in sentences(text("standard"), "deal"))
    s = api.new_game({"profile": "standard", "seed": "told", "dealer": 3,
                      "options": {"pass_to_partner": True}})
    first = api.view(s, 0)["hand"][0]
    s = api.apply(s, pass_card(first))
    assert first not in api.view(s, 2)["hand"]  # nothing changes hands yet
    for seat in (1, 2, 3):
        s = api.apply(s, pass_card(api.view(s, seat)["hand"][0]))
    assert first in api.view(s, 2)["hand"] and s["phase"] == "bidding"


@pytest.mark.parametrize("value,fragment", [
    (40, "A Kaiser bid made scores 40; failed, it loses 40."),
    ("game", "made, it wins the game at once; failed, it loses the game at once"),
])
def test_kaiser_bid_value_as_told(value, fragment):
    d = text("standard", kaiser_bid=True, kaiser_bid_value=value)
    says(d, fragment, "bidding")
    says(d, "A hand is worth 10 points in all, except after a Kaiser bid", "scoring")
    s = scripted_hand("standard", [0] * 8, 0, KAISER, "C", scores=[-20, 10],
                      options={"kaiser_bid": True, "kaiser_bid_value": value})
    if value == 40:
        assert s["scores"] == [20, 10] and s["winner"] is None
    else:
        assert s["winner"] == 0


def test_three_trick_rule_as_told():
    d = text("standard", spade_three_needs_three_tricks=True)
    says(d, "scores minus 3 for the hand, whatever else it took", "scoring")
    assert not any(x.split(". ")[-1] == "worth 10 points in all." for x in sentences(d))
    # team 1 takes two tricks, one with the 5H and one with the 3S: raw -3, not +3
    s = scripted_hand("standard", winners_for(6, 1, 1), 0, bid(5), "H",
                      options={"spade_three_needs_three_tricks": True})
    assert api.summary(s)["hands"][0]["raw"][1] == -3
    says(text("standard"), "So a hand is worth 10 points in all.", "scoring")


def test_weak_hand_and_auction_switches_are_told():
    says(text("standard", weak_hand_redeal=True), "may ask for a new deal", "deal")
    says(text("standard", auction="continuing"), "a player who passes is out", "bidding")
    says(text("prairie"), "If both teams reach 52 on the same hand, the bidding team wins.",
         "end")
    says(text("standard", minimum_bid=8), "from 8 to 12", "bidding")


def test_sheet_notes_are_the_rules_sentences():
    s = api.new_game({"profile": "bidout", "seed": "n"})
    notes = api.summary(s)["notes"]
    d = text("bidout")
    assert notes and all(n in sentences(d) for n in notes)
    assert any("do not win" in n for n in notes)
