"""The house rules of RULES.md (defender_loss, lose_at, no_trump_target_from, pass_to_partner,
kaiser_bid_value): refusals of bad values, worked examples 7, 9 and 10, the passing phase and
what each seat may see of it, share codes old and new, and player-worded refusals."""

import random

import pytest

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api
from kaiser_core.bots.strong import GAME_WORTH, net_score
from kaiser_core.engine.rules import PROFILES, Rules
from kaiser_core.engine.scoring import Contract, game_winner, hand_winner, raw_points, score_hand

from helpers import (KAISER, PASS, bid, do, pass_card, play_tricks,
                     raw_of, run_auction, scripted_deal, scripted_hand, trump, winners_for)


def record(state, k=0):
    return api.summary(state)["hands"][k]


# ----- options through Rules -----

@pytest.mark.parametrize("name,bad,accepted", [
    ("defender_threshold", "bidout", '"bid_out"'),
    ("defender_loss", "three_spades", '"three_of_spades"'),
    ("no_trump_target_from", "made", '"made_contract"'),
    ("kaiser_bid_value", 50, '"game"'),
    ("lose_at", 52, "from -500 to -1"),
    ("lose_at", "-52", "null"),
    ("pass_to_partner", "yes", "true or false"),
])
def test_bad_values_are_refused_naming_the_accepted_ones(name, bad, accepted):
    with pytest.raises(InvalidAction) as err:
        api.new_game({"profile": "prairie", "seed": "x", "options": {name: bad}})
    assert name in str(err.value) and accepted in str(err.value)


def test_kaiser_bid_value_accepts_the_text_40():
    assert Rules(kaiser_bid=True, kaiser_bid_value="40") == Rules(kaiser_bid=True,
                                                                   kaiser_bid_value=40)


def test_profiles_read_the_three_of_spades_literally_where_the_sources_say_so():
    loss = {name: r.defender_loss for name, r in PROFILES.items()}
    assert loss == {"standard": "negative_raw", "tournament": "negative_raw",
                    "prairie": "negative_raw", "playingcards": "three_of_spades",
                    "bidout": "negative_raw", "classic": "three_of_spades"}
    assert all(r.lose_at is None and not r.pass_to_partner and r.kaiser_bid_value == 40
               and r.no_trump_target_from == "any_contract" for r in PROFILES.values())


def test_options_schema_covers_every_switch_with_player_words():
    schema = {o["name"]: o for o in api.options_schema()}
    for name in ("defender_loss", "lose_at", "no_trump_target_from", "pass_to_partner",
                 "kaiser_bid_value"):
        assert schema[name]["label"] and schema[name]["help"]
    assert [c["value"] for c in schema["defender_loss"]["choices"]] == [
        "negative_raw", "three_of_spades", "nothing"]
    for opt in schema.values():
        for text in [opt["label"], opt["help"]] + [c["label"] for c in opt.get("choices", [])]:
            assert "_" not in text, text


# ----- example 9: lose_at -----

def test_example_9_a_team_falling_to_lose_at_loses():
    winners = winners_for(4, 1, 0)  # team 0 raw 4 - 3 = 1 < 8
    s = scripted_hand("prairie", winners, 0, bid(8), "H", scores=(-45, 10),
                      options={"lose_at": -52})
    assert s["scores"][0] == -53
    assert s["phase"] == "game_over" and s["winner"] == 1


def test_lose_at_off_plays_on_below_minus_52():
    s = scripted_hand("prairie", winners_for(4, 1, 0), 0, bid(8), "H", scores=(-45, 10))
    assert s["scores"][0] == -53 and s["winner"] is None


def test_lose_at_the_target_wins_over_the_losing_score():
    # team 1 defends from 46 with raw 9 -> 55 reaches 52; team 0 fails 12 -> -60
    s = scripted_hand("standard", winners_for(1, 1, 0), 0, bid(12), "H", scores=(-48, 46),
                      options={"lose_at": -52, "defender_threshold": 50})
    assert s["scores"] == [-60, 58] and s["winner"] == 1


# ----- example 10 and the no-trump target -----

@pytest.mark.parametrize("mode,target_after", [("any_contract", 62), ("made_contract", 62),
                                               ("that_hand", 52)])
def test_example_10_no_trump_target_from(mode, target_after):
    winners = winners_for(4, 0, 0)  # team 0 raw 4... need raw 7: 5 tricks + 5H - 3S
    winners = winners_for(5, 0, 0)
    assert raw_of(winners)[0] == 10 - raw_of(winners)[1]
    winners = winners_for(5, 0, 0)
    # 5 tricks with the 5H and the 3S: raw 7
    assert raw_of(winners) == [7, 3]
    s = scripted_hand("bidout", winners, 0, bid(7, True), None, scores=(40, 0),
                      options={"no_trump_target_from": mode})
    assert s["scores"] == [54, 3]
    assert s["winner"] is None
    assert record(s)["target"] == 62
    assert api.summary(s)["target"] == target_after


def test_made_contract_mode_a_failed_no_trump_leaves_the_target():
    winners = winners_for(5, 0, 0)  # raw 7 < 8
    s = scripted_hand("bidout", winners, 0, bid(8, True), None, scores=(40, 0),
                      options={"no_trump_target_from": "made_contract"})
    assert record(s)["target"] == 52 and api.summary(s)["target"] == 52
    s = scripted_hand("bidout", winners, 0, bid(8, True), None, scores=(40, 0))
    assert record(s)["target"] == 62


# ----- the Kaiser bid played for the game -----

def test_kaiser_for_the_game_made_wins_at_once():
    s = scripted_hand("standard", [0] * 8, 0, KAISER, "C", scores=[-20, 30],
                      options={"kaiser_bid": True, "kaiser_bid_value": "game"})
    assert s["winner"] == 0 and s["phase"] == "game_over"
    assert record(s)["delta"] == [0, 0]


def test_kaiser_for_the_game_failed_loses_at_once():
    s = scripted_hand("classic", [3, 3, 3, 3, 3, 3, 3, 0], 3, KAISER, "H", scores=[0, 50],
                      options={"kaiser_bid": True, "kaiser_bid_value": "game"})
    assert s["winner"] == 0 and record(s)["made"] is False


# ----- passing to partner -----

def passing_game(**extra):
    options = {"pass_to_partner": True, **extra}
    return api.new_game({"profile": "standard", "seed": "passing", "dealer": 3,
                         "options": options})


def test_passing_phase_order_views_and_exchange():
    s = passing_game()
    assert s["phase"] == "passing" and s["to_act"] == 0
    hands = {seat: api.view(s, seat)["hand"] for seat in range(4)}
    chosen = {}
    for seat in (0, 1, 2, 3):
        assert s["to_act"] == seat
        v = api.view(s, seat)
        assert sorted(a["card"] for a in v["legal"]) == sorted(v["hand"])
        assert all(a["type"] == "pass_card" for a in v["legal"])
        chosen[seat] = v["hand"][-1]
        s = api.apply(s, pass_card(chosen[seat]))
        for other in range(4):
            ov = api.view(s, other)
            assert ov["passed_card"] == chosen.get(other)
            assert ov["received_card"] is None if seat != 3 else ov["received_card"] == chosen[
                (other + 2) % 4]
            if other != seat:
                assert chosen[seat] not in str(ov["auction"]) and ov["legal"] in ([], ov["legal"])
    assert s["phase"] == "bidding" and s["to_act"] == 0
    for seat in range(4):
        mate = (seat + 2) % 4
        now = set(api.view(s, seat)["hand"])
        assert now == set(hands[seat]) - {chosen[seat]} | {chosen[mate]}


def test_a_view_never_shows_another_seats_passed_card():
    s = passing_game()
    s = api.apply(s, pass_card(api.view(s, 0)["hand"][0]))
    v1 = api.view(s, 1)
    assert v1["passed_card"] is None and v1["received_card"] is None
    assert all(a["type"] == "pass_card" for a in v1["legal"])
    assert api.view(s, 2)["received_card"] is None and api.view(s, 2)["passed_card"] is None


def test_passing_refusals_are_worded_for_a_player():
    s = passing_game()
    with pytest.raises(IllegalAction, match="passes a card to partner"):
        api.apply(s, PASS)
    not_mine = next(c for c in api.view(s, 1)["hand"])
    with pytest.raises(IllegalAction, match="not in South's hand"):
        api.apply(s, pass_card(not_mine))
    s = run_auction(passing_game(), 0, bid(6), "H")
    with pytest.raises(IllegalAction, match="only before the bidding"):
        api.apply(s, pass_card(api.view(s, 0)["hand"][0]))


def test_passing_round_trips_through_share_codes_and_old_links_still_open():
    s = run_auction(passing_game(), 1, bid(7), "S")
    code = api.encode_share(s, with_actions=True)
    assert api.decode_share(code) == api.load(s)
    old = ("k1eNqrVkpUslIqSk9Pz40ICg4P8Er09vQN9QtzDAzxcHJ2T0uJikxV0lFKUbIy1FHKV7KqVspOzCxOLYpPygSKl"
           "RSVptbqKBUAjSjISazMzEtPTixKKQZqKAYK5eek6OZk5mUr1QIAcVMgqg")
    state = api.decode_share(old)
    assert len(state["actions"]) == 30 and state["phase"] == "play"
    assert api.view(state, 0)["hand"] == ["JC"]


def swap_scripted(winners, passes):
    """A scripted deal in which partners swap cards of the same trick (``passes``: one seat
    of a partnership -> the trick): the team result of every trick stays, so the hand scores
    as scripted while every seat passes a card."""
    hands, tricks = scripted_deal(winners)
    for seat, k in passes.items():
        mate = (seat + 2) % 4
        tricks[k][seat], tricks[k][mate] = tricks[k][mate], tricks[k][seat]
    return hands, tricks


def test_a_hand_with_passing_scores_and_records_the_passes():
    winners = winners_for(6, 0, 1)
    hands, tricks = swap_scripted(winners, {0: 0, 1: 2})
    s = api.new_game({"profile": "prairie", "seed": "p", "dealer": 3, "deal": hands,
                      "options": {"pass_to_partner": True}})
    before, _ = scripted_deal(winners)
    for seat in (0, 1, 2, 3):
        k = 0 if seat in (0, 2) else 2
        s = api.apply(s, pass_card(before[seat][k]))
    s = run_auction(s, 0, bid(6), "H")
    s = play_tricks(s, tricks)
    rec = record(s)
    assert rec["raw"] == raw_of(winners)
    assert rec["passes"] == [before[0][0], before[1][2], before[2][0], before[3][2]]


def test_kaiser_bidder_keeps_the_card_partner_passed():
    s = passing_game(kaiser_bid=True)
    got = None
    for seat in (0, 1, 2, 3):
        card = api.view(s, seat)["hand"][0]
        if seat == 2:
            got = card
        s = api.apply(s, pass_card(card))
    assert got in api.view(s, 0)["hand"]
    s = do(s, KAISER, PASS, PASS, PASS)
    s = api.apply(s, trump("S"))
    v = api.view(s, 0)
    assert got in v["hand"] and v["out_seat"] == 2 and v["hand_sizes"][2] == 0


# ----- the dealer's bid to take -----

def test_to_take_tells_the_dealer_it_may_equal():
    s = api.new_game({"profile": "standard", "seed": "t", "dealer": 3})
    s = do(s, PASS, PASS, bid(5))
    v = api.view(s, 3)
    assert v["to_take"] == {"points": 5, "no_trump": False, "kaiser": False,
                            "equal_allowed": True}
    s2 = api.new_game({"profile": "standard", "seed": "t", "dealer": 3})
    s2 = do(s2, bid(5))
    assert api.view(s2, 1)["to_take"]["points"] == 5 and api.view(s2, 1)["to_take"]["no_trump"]
    assert api.view(s2, 1)["to_take"]["equal_allowed"] is False
    assert api.view(s2, 0)["to_take"] is None


# ----- errors in a player's words -----

def test_bidding_during_the_play_says_it_is_time_to_play_a_card():
    s = run_auction(api.new_game({"profile": "standard", "seed": "e", "dealer": 3}), 0, bid(6),
                    "H")
    with pytest.raises(IllegalAction, match="time for South to play a card"):
        api.apply(s, bid(8))
    with pytest.raises(IllegalAction, match="trump is already chosen"):
        api.apply(s, trump("S"))


def test_a_bid_below_the_standing_bid_must_outrank_it():
    s = api.new_game({"profile": "tournament", "seed": "e", "dealer": 3})
    s = do(s, bid(9))
    with pytest.raises(IllegalAction, match="must outrank the standing bid of 9") as err:
        api.apply(s, bid(7))
    assert "minimum" not in str(err.value)


def test_naming_trump_in_the_auction_says_when_trump_is_named():
    s = api.new_game({"profile": "standard", "seed": "e", "dealer": 3})
    with pytest.raises(IllegalAction, match="trump is named after the auction"):
        api.apply(s, trump("H"))


# ----- the strong bot scores with the scoring module -----

SWITCH_RULES = [Rules(), Rules(kaiser_bid=True), Rules(kaiser_bid=True, kaiser_bid_value="game"),
                Rules(spade_three_needs_three_tricks=True), Rules(defender_loss="three_of_spades"),
                Rules(defender_loss="nothing"), Rules(lose_at=-52),
                Rules(lose_at=-30, kaiser_bid=True, spade_three_needs_three_tricks=True),
                PROFILES["bidout"], Rules(pass_to_partner=True)]


@pytest.mark.parametrize("rules", SWITCH_RULES)
def test_net_score_is_the_scoring_modules(rules):
    rng = random.Random(str(rules))
    for _ in range(400):
        kaiser = rules.kaiser_bid and rng.random() < 0.4
        contract = Contract(rng.randrange(4), 8 if kaiser else rng.randint(5, 12),
                            rng.random() < 0.3, kaiser)
        t0 = rng.randint(0, 8)
        tricks = (t0, 8 - t0)
        five, three = rng.choice([-1, 0, 1]), rng.choice([-1, 0, 1])
        rule = rules.spade_three_needs_three_tricks
        raw = (raw_points(tricks[0], five == 0, three == 0, rule),
               raw_points(tricks[1], five == 1, three == 1, rule))
        scores = (rng.randint(-60, 51), rng.randint(-60, 51))
        team = rng.randrange(2)
        result = score_hand(rules, contract, raw, tricks, scores, 52, three)
        after = (scores[0] + result.delta[0], scores[1] + result.delta[1])
        expected = result.delta[team] - result.delta[1 - team]
        if game_winner(rules, after, 52, contract.seat & 1, result.made) is None:
            winner = hand_winner(rules, contract, after, 52, result.made)
            if winner is not None:
                expected += GAME_WORTH if winner == team else -GAME_WORTH
        assert net_score(rules, contract, scores, 52, team, raw, tricks, three) == expected


def test_bots_pass_sensibly():
    """Basic passes a weak hand's best card and keeps a strong hand's strength."""
    from kaiser_core.bots import choose
    from kaiser_core.engine.cards import parse_card
    from kaiser_core.engine.deal import parse_deal
    from kaiser_core.engine.game import Game
    weak = ["AC", "9C", "8C", "9D", "8D", "9H", "8H", "9S"]
    strong = ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "7C"]
    rest = [c for c in api.card_names() if c not in weak + strong]
    deal = parse_deal([weak, rest[:8], strong, rest[8:]])
    game = Game(Rules(pass_to_partner=True), "bots", 3, deal)
    assert choose(game, "basic", 0) == 64 + parse_card("AC")
    game.step(64 + parse_card("AC"))
    game.step(choose(game, "basic", 0))
    assert choose(game, "strong", 0) == 64 + parse_card("7C")


def test_the_sheet_marks_no_star_for_bidout_defenders_past_the_target():
    s = scripted_hand("bidout", winners_for(7, 0, 1), 1, bid(7), "C", scores=(45, 0))
    rec = record(s)
    assert rec["scores"][0] >= 52 and rec["reached_target"] == [False, False]
    s = scripted_hand("prairie", winners_for(7, 0, 1), 1, bid(7), "C", scores=(44, 0))
    assert record(s)["reached_target"] == [True, False]


def _first_calls(rules, scores, deals=300):
    from kaiser_core.engine.actions import PASS as PASS_CODE
    from kaiser_core.bots import choose
    from kaiser_core.engine.game import Game
    bids = 0
    for k in range(deals):
        game = Game(rules, f"caution-{k}", 3, scores=scores)
        while game.phase == "redeal":
            game.step(choose(game, "basic", 0))
        bids += choose(game, "basic", 0) != PASS_CODE
    return bids


def test_basic_bids_less_when_a_failed_bid_could_lose_the_game():
    near = (-42, -42)
    assert _first_calls(Rules(lose_at=-52), near) < _first_calls(Rules(), near)


def test_basic_bids_kaiser_for_the_game_when_it_is_sure_or_the_last_hope():
    from kaiser_core.engine.actions import KAISER as KAISER_CODE
    from kaiser_core.bots import choose
    from kaiser_core.engine.deal import parse_deal
    from kaiser_core.engine.game import Game
    sure = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "3S"]
    rest = [c for c in api.card_names() if c not in sure]
    deal = parse_deal([sure, rest[:8], rest[8:16], rest[16:]])
    for value in (40, "game"):
        game = Game(Rules(kaiser_bid=True, kaiser_bid_value=value), "k", 3, deal)
        assert choose(game, "basic", 0) == KAISER_CODE
    almost = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "7C"]
    rest = [c for c in api.card_names() if c not in almost]
    deal = parse_deal([almost, rest[:8], rest[8:16], rest[16:]])
    game = Game(Rules(kaiser_bid=True, kaiser_bid_value="game"), "k", 3, deal, scores=(10, 50))
    assert choose(game, "basic", 0) == KAISER_CODE
    game = Game(Rules(kaiser_bid=True, kaiser_bid_value="game"), "k", 3, deal, scores=(10, 20))
    assert choose(game, "basic", 0) != KAISER_CODE
