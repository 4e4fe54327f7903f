"""Tables: a game held in the engine between moves. A move sends an action and gets back views
and events; the table replays to exactly the game a saved state holds; and no view or event
given to a seat tells it a card it has not held or seen played before the hand ends."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_core import IllegalAction, InvalidAction
from kaiser_core.bridge import api, webcall

from helpers import PROFILE_NAMES

CARD = re.compile(r"^[AKQJT98753][CDHS]$")
SWITCHES = [{}, {"kaiser_bid": True}, {"pass_to_partner": True}, {"weak_hand_redeal": True},
            {"kaiser_bid": True, "pass_to_partner": True, "weak_hand_redeal": True},
            {"spade_three_needs_three_tricks": True}]


def cards_in(value: object, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every card string anywhere in a JSON value (but under the keys in ``skip``)."""
    found: set[str] = set()
    if isinstance(value, str):
        if CARD.match(value):
            found.add(value)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, skip)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found |= cards_in(item, skip)
    return found


def test_a_game_through_a_table_equals_the_same_moves_applied_to_the_state():
    state = api.new_game({"profile": "prairie", "seed": "table-1", "options": {"pass_to_partner": True}})
    table = api.open_table(state)["table"]
    rng = random.Random(3)
    for _ in range(120):
        reply = api.table_bot_step(table, "random", rng.random())
        state = api.apply(state, reply["action"])
        assert reply["moves"] == len(state["actions"])
        assert reply["view"] == api.view(state, 0)
        if state["phase"] == "game_over":
            break
    saved = api.table_state(table)
    assert saved["actions"] == state["actions"] and saved["config"] == state["config"]
    assert api.table_summary(table)["hands"] == [
        {**h, "undo": False} for h in api.summary(state)["hands"]]


def test_a_move_must_be_the_seats_own_and_in_turn():
    state = api.new_game({"profile": "standard", "seed": "table-turn", "dealer": 3})
    table = api.open_table(state, [0, 2])["table"]
    with pytest.raises(IllegalAction, match="it is South's turn, not West's"):
        api.table_step(table, {"type": "pass"}, 1)
    reply = api.table_step(table, {"type": "pass"}, 0, 0)
    assert reply["view"]["seat"] == 0 and [v["seat"] for v in reply["views"]] == [2]
    with pytest.raises(InvalidAction, match="meant for turn 0, but the table is at turn 1"):
        api.table_step(table, {"type": "pass"}, 1, 0)
    with pytest.raises(InvalidAction, match="unknown action type"):
        api.table_step(table, {"type": "fold"}, 1)
    assert api.table_state(table)["actions"] == [{"type": "pass"}]


def test_a_forgotten_table_is_named_in_the_refusal():
    table = api.open_table(api.new_game({"seed": "gone"}))["table"]
    assert api.close_table(table) == {"closed": True}
    for call in (lambda: api.table_view(table, 0), lambda: api.table_state(table),
                 lambda: api.table_step(table, {"type": "pass"}, 1)):
        with pytest.raises(InvalidAction, match=r"no open table .*open it again from the saved game"):
            call()
    reply = json.loads(webcall.call("table_view", json.dumps(["nope", 0])))
    assert reply["error"]["type"] == "InvalidAction"


def test_undo_takes_back_the_persons_move_and_the_bots_since_and_marks_the_hand():
    state = api.new_game({"profile": "standard", "seed": "table-undo", "dealer": 3})
    table = api.open_table(state)["table"]
    api.table_step(table, {"type": "bid", "points": 7, "no_trump": False}, 0)
    for _ in range(3):
        api.table_step(table, {"type": "pass"}, api.table_view(table, 0)["to_act"])
    reply = api.table_undo(table, 0)
    assert reply["undone"] == 4 and reply["moves"] == 0 and reply["view"]["to_act"] == 0
    saved = api.table_state(table)
    assert saved["undos"] == [0]
    again = api.open_table(saved)["table"]
    assert api.table_summary(again)["phase"] == "bidding"
    with pytest.raises(IllegalAction, match="no move to take back"):
        api.table_undo(again, 0)


def test_undo_is_refused_once_the_trick_is_over():
    state = api.new_game({"profile": "standard", "seed": "table-undo-2", "dealer": 3})
    table = api.open_table(state)["table"]
    rng = random.Random(1)
    while api.table_view(table, 0)["phase"] != "play" or api.table_view(table, 0)["tricks"] == []:
        api.table_bot_step(table, "basic", rng.random())
    view = api.table_view(table, 0)
    if view["trick"]["cards"] or view["to_act"] == 0:
        return  # South may still be in the trick; the refusal needs a finished one
    with pytest.raises(IllegalAction, match="can no longer be taken back"):
        api.table_undo(table, 0)


def _check_no_secrets(profile: str, options: dict, seed: str, rng: random.Random) -> None:
    state = api.new_game({"profile": profile, "options": options, "seed": seed,
                          "dealer": rng.randrange(4)})
    opened = api.open_table(state, [0, 1, 2, 3])
    table = opened["table"]
    seen: list[set[str]] = [set() for _ in range(4)]  # held or seen played, this hand
    hand_number = 0

    def given(seat: int, value: object) -> None:
        text = json.dumps(value)
        assert seed not in text
        extra = cards_in(value) - seen[seat]
        assert not extra, f"seat {seat} was told {extra} before the hand ended"

    def learn(views: list[dict]) -> None:
        for view in views:
            seen[view["seat"]] |= set(view["hand"])

    views = [opened["view"], *opened["views"]]
    learn(views)
    for view in views:
        given(view["seat"], view)
    for _ in range(400):
        reply = api.table_bot_step(table, "random", rng.random())
        views = [reply["view"], *reply["views"]]
        for event in reply["events"]:
            if event["type"] == "action" and event["action"]["type"] == "play":
                for s in range(4):
                    seen[s].add(event["action"]["card"])
            if event["type"] == "trick":
                for s in range(4):
                    seen[s] |= set(event["cards"])
        ended = reply["hands_played"] > hand_number
        for seat in range(4):
            # a finished hand's record is the deal revealed to everyone, as at a real table
            given(seat, [e for e in reply["events"] if e["type"] not in ("hand", "game_over")])
        if ended:
            hand_number = reply["hands_played"]
            seen = [set() for _ in range(4)]
        if reply["view"]["phase"] == "game_over":
            break  # the last hand is over: its cards are everyone's now
        learn(views)
        for view in views:
            given(view["seat"], view)


@pytest.mark.parametrize("options", SWITCHES)
@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_no_view_or_event_tells_a_seat_a_card_it_has_not_held_or_seen(profile, options):
    _check_no_secrets(profile, options, f"secret-{profile}-{len(options)}", random.Random(5))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILE_NAMES), options=st.sampled_from(SWITCHES),
       seed=st.integers(0, 10**6))
def test_no_secrets_in_random_games(profile, options, seed):
    _check_no_secrets(profile, options, f"hypothesis-{seed}", random.Random(seed))


def test_step_shows_a_passed_card_only_to_the_seat_that_passed_it():
    state = api.new_game({"profile": "standard", "seed": "pass-secret",
                          "options": {"pass_to_partner": True}, "dealer": 3})
    card = api.view(state, 0)["legal"][0]
    for viewer in range(4):
        event = api.step(state, card, viewer)["events"][0]
        assert event["action"]["card"] == (card["card"] if viewer == 0 else None)


@pytest.mark.parametrize("rule", [False, True])
def test_a_tricks_worth_follows_the_scoring_rules(rule):
    state = api.new_game({"profile": "standard", "seed": f"worth-{rule}",
                          "options": {"spade_three_needs_three_tricks": rule}})
    table = api.open_table(state)["table"]
    rng = random.Random(11)
    special = {"5H", "3S"}
    checked = 0
    while checked < 40:
        reply = api.table_bot_step(table, "random", rng.random())
        view = reply["view"]
        if view["phase"] == "game_over":
            break
        if view["trick"]["cards"]:
            cards = set(view["trick"]["cards"])
            if rule and cards & special:
                assert view["trick_points"] is None
            else:
                assert view["trick_points"] == 1 + 5 * ("5H" in cards) - 3 * ("3S" in cards)
        for event in reply["events"]:
            if event["type"] == "trick":
                checked += 1
                cards = set(event["cards"])
                if rule and cards & special:
                    assert event["points"] is None
                else:
                    assert event["points"] == 1 + 5 * ("5H" in cards) - 3 * ("3S" in cards)


def test_a_hand_record_says_which_team_stands_at_the_defender_threshold():
    state = api.new_game({"profile": "standard", "seed": "threshold-mark", "scores": [44, 10]})
    table = api.open_table(state)["table"]
    while not api.table_summary(table)["hands"]:
        api.table_bot_step(table, "random", seed=len(api.table_state(table)["actions"]))
    for record in api.table_summary(table)["hands"]:
        assert record["at_threshold"] == [s >= record["threshold"] for s in record["scores"]]


@pytest.mark.parametrize("cap", [0, -5, True, "800", 600_001, float("nan")])
def test_a_bad_time_cap_is_refused_by_name(cap):
    state = api.new_game({"profile": "prairie", "seed": "cap"})
    table = api.open_table(state, [0])["table"]
    with pytest.raises(InvalidAction, match="time_cap_ms"):
        api.table_bot_step(table, "strong", 1, cap)
    with pytest.raises(InvalidAction, match="time_cap_ms"):
        api.bot_action(state, "strong", 1, cap)
    assert api.table_state(table) == state  # nothing was played


def test_the_search_aims_inside_the_cap_counting_what_the_call_spent_before():
    from kaiser_core.bridge.tables import CAP_SHARE, bot_time_budget

    assert bot_time_budget(None, 0.0) is None
    started = time.perf_counter() - 0.2
    assert bot_time_budget(800, started) <= 0.8 * CAP_SHARE - 0.2
    assert bot_time_budget(100, started) > 0  # an overdrawn budget still leaves one world


def test_table_claim_says_whether_a_claim_holds_without_changing_the_table():
    """table_claim answers what the claim itself would find, or null when not asked (not the
    seat's turn in the play) or not known inside its time cap."""
    seen = {True: 0, False: 0, None: 0}
    for g in range(12):
        table = api.open_table(api.new_game({"profile": "standard", "seed": f"claim-{g}"}), [0])["table"]
        for i in range(80):
            view = api.table_view(table, 0)
            if view["phase"] == "game_over":
                break
            seat = view["to_act"]
            answer = api.table_claim(table, seat)["holds"]
            seen[answer] += 1
            if view["phase"] != "play":
                assert answer is None
            elif answer is not None:
                moves = api.table_summary(table)
                try:
                    api.table_step(table, {"type": "claim"}, seat)
                    made = True
                except IllegalAction:
                    made = False
                assert made == answer
                if made:
                    break
                assert api.table_summary(table) == moves
            assert api.table_claim(table, (seat + 1) % 4)["holds"] is None
            api.table_bot_step(table, "random", i)
    assert seen[True] and seen[False] and seen[None]
    with pytest.raises(InvalidAction):
        api.table_claim(table, 0, time_cap_ms=-1)


def test_table_claim_gives_up_at_its_time_cap():
    """Early in a hand the search may be long: past the cap the answer is null, not late."""
    table = api.open_table(api.new_game({"profile": "standard", "seed": "claim-cap"}), [0])["table"]
    while api.table_view(table, 0)["phase"] != "play":
        api.table_bot_step(table, "random", 0)
    seat = api.table_view(table, 0)["to_act"]
    t0 = time.perf_counter()
    assert api.table_claim(table, seat, time_cap_ms=0.001)["holds"] is None
    assert time.perf_counter() - t0 < 0.5
