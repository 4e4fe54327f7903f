"""Card play: leading, following suit, trick winners, the winner leads, three-card tricks."""

import random

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api
from kaiser_core.engine.cards import cards_of
from kaiser_core.engine.game import PLAY, Game
from kaiser_core.engine.rules import PROFILES

from helpers import (KAISER, PASS, PROFILE_NAMES, bid, do, play, play_tricks, run_auction,
                     scripted_deal, skip_redeal, trump)

HANDS = [
    ["AH", "AC", "KC", "QC", "JC", "TC", "9C", "8C"],
    ["8H", "9H", "AD", "KD", "QD", "JD", "TD", "9D"],
    ["5H", "TH", "7C", "8D", "7D", "AS", "KS", "QS"],
    ["KH", "QH", "JH", "JS", "TS", "9S", "8S", "3S"],
]


def start(profile="standard", trump_suit="D", no_trump=False, options=None):
    s = api.new_game({"profile": profile, "seed": "play", "dealer": 3, "deal": HANDS,
                      "options": options or {}})
    s = skip_redeal(s)
    return run_auction(s, 0, bid(7, no_trump), None if no_trump else trump_suit)


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_example_1_trick_value(profile):
    # Diamonds trump; A leads AH, B 8H, C 5H, D KH -> A wins, worth 1 + 5 = 6 to A's team.
    s = start(profile)
    assert s["to_act"] == 0  # the contract winner leads
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"))
    v = api.view(s, 1)
    assert v["tricks"] == [{"leader": 0, "seats": [0, 1, 2, 3], "cards": ["AH", "8H", "5H", "KH"],
                            "winner": 0}]
    assert v["raw"] == [6, 0]
    assert v["tricks_won"] == [1, 0]
    assert s["to_act"] == 0
    assert v["trick"] == {"leader": 0, "seats": [], "cards": []}


def test_must_follow_suit_messages():
    s = start()
    s = api.apply(s, play("AH"))
    with pytest.raises(IllegalAction, match="must follow suit: you hold a heart"):
        api.apply(s, play("AD"))
    assert {a["card"] for a in api.legal_actions(s)} == {"8H", "9H"}
    s = do(s, play("8H"), play("5H"), play("KH"), play("AC"))
    s1 = api.apply(s, play("9D"))  # void in clubs: free to trump or not
    with pytest.raises(IllegalAction, match="must follow suit: you hold a club"):
        api.apply(s1, play("AS"))


def test_void_player_may_play_anything_no_obligation_to_trump():
    s = start()
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"), play("AC"))
    assert s["to_act"] == 1
    legal = {a["card"] for a in api.legal_actions(s)}
    assert legal == {"9H", "AD", "KD", "QD", "JD", "TD", "9D"}
    api.apply(s, play("9H"))  # discarding while holding trumps is allowed


def test_trump_wins_then_winner_leads_and_highest_of_led_suit():
    s = start()
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"))
    s = do(s, play("AC"), play("9D"), play("7C"), play("JS"))   # 1 trumps
    assert s["to_act"] == 1
    s = do(s, play("AD"), play("8D"), play("QH"), play("KC"))   # trump led, 1 wins
    assert s["to_act"] == 1
    s = do(s, play("9H"), play("TH"), play("JH"), play("8C"))   # highest heart: 3
    assert s["to_act"] == 3
    s = do(s, play("3S"), play("QC"), play("KD"), play("AS"))   # low trump beats the ace of spades
    v = api.view(s, 0)
    assert [t["winner"] for t in v["tricks"]] == [0, 1, 1, 3, 1]
    assert [t["leader"] for t in v["tricks"]] == [0, 0, 1, 1, 3]
    assert v["tricks"][4]["seats"] == [3, 0, 1, 2]
    assert v["raw"] == [6, 4 - 3]
    assert s["to_act"] == 1


def test_no_trump_highest_of_led_suit_wins():
    s = start(no_trump=True)
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"))
    s = do(s, play("AC"), play("AD"), play("7C"), play("AS" if False else "JS"))
    v = api.view(s, 0)
    assert v["tricks"][1]["winner"] == 0  # an off-suit ace does not win at no trump
    assert s["to_act"] == 0


def test_off_suit_card_never_wins_and_any_trump_beats_it():
    s = start(trump_suit="S")
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"))
    s = do(s, play("AC"), play("AD"), play("7C"))
    by_trump = api.apply(s, play("8S"))
    assert api.view(by_trump, 0)["tricks"][1]["winner"] == 3
    assert by_trump["to_act"] == 3
    by_discard = api.apply(s, play("QH"))
    assert api.view(by_discard, 0)["tricks"][1]["winner"] == 0


def test_card_not_in_hand_and_bad_cards():
    s = start()
    with pytest.raises(IllegalAction, match="not in"):
        api.apply(s, play("8H"))
    with pytest.raises(InvalidAction, match="7H"):
        api.apply(s, play("7H"))
    with pytest.raises(InvalidAction):
        api.apply(s, {"type": "play"})
    with pytest.raises(InvalidAction):
        api.apply(s, {"type": "play", "card": "AH", "seat": 0})
    for a in [PASS, bid(8), trump("H"), {"type": "redeal"}, {"type": "keep"}, KAISER]:
        with pytest.raises(IllegalAction, match="play a card"):
            api.apply(s, a)


def test_a_card_cannot_be_played_twice():
    s = start()
    s = do(s, play("AH"), play("8H"), play("5H"), play("KH"))
    with pytest.raises(IllegalAction, match="not in"):
        api.apply(s, play("AH"))


def test_accepted_spellings_are_recorded_canonically():
    s = start()
    s = api.apply(s, {"type": "play", "card": "a♥"})
    assert s["actions"][-1] == play("AH")


def test_hand_shrinks_and_view_tracks_the_current_trick():
    s = start()
    s = do(s, play("AH"), play("8H"))
    v = api.view(s, 2)
    assert v["trick"] == {"leader": 0, "seats": [0, 1], "cards": ["AH", "8H"]}
    assert v["hand_sizes"] == [7, 7, 8, 8]
    assert v["legal"] == [play("5H"), play("TH")]
    assert "AH" not in api.view(s, 0)["hand"]


def test_eight_tricks_then_next_hand():
    winners = [0, 1, 2, 3, 0, 1, 2, 3]
    hands, tricks = scripted_deal(winners)
    s = api.new_game({"profile": "standard", "seed": "p", "dealer": 3, "deal": hands})
    s = run_auction(s, 0, bid(5), "C")
    s = play_tricks(s, tricks)
    sm = api.summary(s)
    assert len(sm["hands"][0]["tricks"]) == 8
    assert [t["winner"] for t in sm["hands"][0]["tricks"]] == winners
    assert sm["dealer"] == 0 and sm["phase"] in ("bidding", "redeal")
    assert api.view(s, 0)["tricks"] == [] and api.view(s, 0)["hand_sizes"] == [8, 8, 8, 8]
    assert api.view(s, 0)["hand_number"] == 1


@pytest.mark.parametrize("bidder", range(4))
def test_kaiser_three_card_tricks_skip_the_partner(bidder):
    winners = [bidder] * 8
    hands, tricks = scripted_deal(winners)
    s = api.new_game({"profile": "standard", "seed": "k", "dealer": 3, "deal": hands,
                      "options": {"kaiser_bid": True}})
    s = run_auction(s, bidder, KAISER, "H")
    out = (bidder + 2) % 4
    assert s["to_act"] == bidder
    v = api.view(s, out)
    assert v["out_seat"] == out and v["hand"] == [] and v["legal"] == []
    s = do(s, play(tricks[0][bidder]))
    s = do(s, play(tricks[0][(bidder + 1) % 4]))
    assert s["to_act"] == (bidder + 3) % 4
    s = do(s, play(tricks[0][(bidder + 3) % 4]))
    v = api.view(s, 0)
    assert v["tricks"][0]["seats"] == [bidder, (bidder + 1) % 4, (bidder + 3) % 4]
    assert len(v["tricks"][0]["cards"]) == 3
    assert s["to_act"] == bidder


@pytest.mark.parametrize("profile", ["standard", "playingcards"])
def test_legal_plays_are_the_cards_of_the_play_mask(profile):
    """Game.legal() lists the cards a player may play inline, not through cards_of(play_mask()),
    for speed: the two must agree on every card of random games."""
    rng = random.Random(profile)
    for k in range(40):
        game = Game(PROFILES[profile], f"legal-{k}", k & 3)
        while len(game.records) < 2:
            legal = game.legal()
            if game.phase == PLAY:
                assert legal == cards_of(game.play_mask())
            game.step(legal[rng.randrange(len(legal))])
