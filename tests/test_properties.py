"""Properties of random games of every profile and switch, checked against an independent
reading of RULES.md: raw points, hand and game scoring, follow-suit, trick winners, dealer
rotation, replay, and legal_actions being exactly what apply accepts."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_core import IllegalAction
from kaiser_core.bridge import api

from helpers import ALL_CARDS, PROFILE_NAMES, all_action_forms

PROFILE_OPTIONS = {name: entry["options"] for name, entry in api.profiles().items()}
SWITCHES = [
    {},
    {"kaiser_bid": True},
    {"spade_three_needs_three_tricks": True},
    {"weak_hand_redeal": True},
    {"weak_hand_redeal": False},
    {"minimum_bid": 5},
    {"minimum_bid": 8},
    {"kaiser_bid": True, "spade_three_needs_three_tricks": True, "weak_hand_redeal": True},
    {"defender_loss": "negative_raw"},
    {"defender_loss": "three_of_spades"},
    {"defender_loss": "nothing"},
    {"lose_at": -52},
    {"no_trump_target": 62, "no_trump_target_from": "made_contract"},
    {"no_trump_target": 62, "no_trump_target_from": "that_hand"},
    {"pass_to_partner": True},
    {"kaiser_bid": True, "kaiser_bid_value": "game", "pass_to_partner": True},
    {"kaiser_bid": True, "kaiser_bid_value": "40", "lose_at": -20},
]
CONFIGS = [(p, o) for p in PROFILE_NAMES for o in SWITCHES]
ACTIONS = all_action_forms()
SUIT_OF = {c: c[1] for c in ALL_CARDS}
ORDER = {c: i for i, c in enumerate(ALL_CARDS)}  # within a suit, higher index = higher card


def rules_of(profile, options):
    r = dict(PROFILE_OPTIONS[profile])
    r.update(options)
    return r


def policy(rng, state, legal):
    """A random player that bids now and then, so contracts of every kind happen."""
    phase = state["phase"]
    if phase == "bidding":
        bids = [a for a in legal if a["type"] != "pass"]
        if {"type": "pass"} in legal and (not bids or rng.random() < 0.6):
            return {"type": "pass"}
        if {"type": "kaiser"} in bids and rng.random() < 0.08:
            return {"type": "kaiser"}
        return rng.choice(bids[:5])
    return rng.choice(legal)


def start_scores(rng, rules):
    if rng.random() < 0.15:
        return [0, 0]
    if rules["lose_at"] is not None and rng.random() < 0.5:
        return [rng.randint(rules["lose_at"] + 1, rules["lose_at"] + 15) for _ in range(2)]
    return [rng.randint(rules["target"] - 25, rules["target"] - 1) for _ in range(2)]


def play_game(profile, options, seed, rng, max_actions=700, check_every=0):
    rules = rules_of(profile, options)
    config = {"profile": profile, "options": options, "seed": seed, "dealer": rng.randrange(4),
              "scores": start_scores(rng, rules)}
    s = api.new_game(config)
    states = [s]
    while s["phase"] != "game_over" and len(s["actions"]) < max_actions:
        legal = api.legal_actions(s)
        assert legal, s["phase"]
        assert legal == api.legal_actions(s)  # stable
        if check_every and len(s["actions"]) % check_every == 0:
            check_legal_is_exact(s, legal, rng)
        s = api.apply(s, policy(rng, s, legal))
        states.append(s)
    if s["phase"] == "game_over":
        assert api.legal_actions(s) == []
    return config, s, states


def check_legal_is_exact(s, legal, rng, sample=None):
    for a in legal:
        api.apply(s, a)
    others = [a for a in ACTIONS if a not in legal]
    if sample:
        others = rng.sample(others, min(sample, len(others)))
    for a in others:
        with pytest.raises(IllegalAction):
            api.apply(s, a)


def check_hand(rec, rules, before, nt_seen_before):
    """Recompute one finished hand from its deal, passes, auction and tricks."""
    deal = [list(h) for h in rec["deal"]]
    assert sorted(c for h in deal for c in h) == sorted(ALL_CARDS)
    assert all(len(h) == 8 for h in deal)
    passes = rec["passes"]
    if rules["pass_to_partner"]:
        assert all(passes[seat] in rec["deal"][seat] for seat in range(4))
        for seat in range(4):
            deal[seat].remove(passes[seat])
        for seat in range(4):
            deal[(seat + 2) % 4].append(passes[seat])
    else:
        assert passes == [None] * 4
    contract = rec["contract"]
    if contract is None:  # thrown in
        assert rec["tricks"] == [] and rec["delta"] == [0, 0] and rec["scores"] == before
        return nt_seen_before, None
    bidder = contract["seat"]
    b = bidder & 1
    d = 1 - b
    kaiser = contract["kaiser"]
    assert kaiser == (rec["auction"][-1][1]["type"] == "kaiser" or
                      any(a["type"] == "kaiser" and s == bidder for s, a in rec["auction"]))
    if not kaiser:
        best = [a for s, a in rec["auction"] if s == bidder and a["type"] == "bid"][-1]
        assert (best["points"], best["no_trump"]) == (contract["points"], contract["no_trump"])
        assert best["points"] >= rules["minimum_bid"]
    trump = contract["trump"]
    if contract["no_trump"]:
        assert trump is None
    out = (bidder + 2) % 4 if kaiser else None
    hands = {seat: set(deal[seat]) for seat in range(4)}
    if out is not None:
        hands[out] = set()
    size = 3 if kaiser else 4
    leader = bidder
    won = [0, 0]
    five = three = None
    played = set()
    assert len(rec["tricks"]) == 8
    for t in rec["tricks"]:
        assert t["leader"] == leader
        assert len(t["cards"]) == size
        seat = leader
        led = SUIT_OF[t["cards"][0]]
        best_card, best_seat = None, None
        for c in t["cards"]:
            assert c in hands[seat], (c, seat)  # the seat really holds it: played once
            assert c not in played
            if SUIT_OF[c] != led:
                assert not any(SUIT_OF[x] == led for x in hands[seat]), "did not follow suit"
            hands[seat].discard(c)
            played.add(c)
            if best_card is None:
                best_card, best_seat = c, seat
            elif SUIT_OF[c] == SUIT_OF[best_card]:
                if ORDER[c] > ORDER[best_card]:
                    best_card, best_seat = c, seat
            elif trump is not None and SUIT_OF[c] == trump:
                best_card, best_seat = c, seat
            seat = (seat + 1) % 4
            if seat == out:
                seat = (seat + 1) % 4
        assert t["winner"] == best_seat
        w = best_seat & 1
        won[w] += 1
        if "5H" in t["cards"]:
            five = w
        if "3S" in t["cards"]:
            three = w
        leader = best_seat
    assert all(not h for h in hands.values())
    if kaiser:
        assert set(deal[out]).isdisjoint(played)
    raw = []
    for team in (0, 1):
        if rules["spade_three_needs_three_tricks"]:
            if three == team and won[team] < 3:
                r = -3
            else:
                r = won[team] + (5 if five == team and won[team] >= 3 else 0) - 3 * (three == team)
        else:
            r = won[team] + 5 * (five == team) - 3 * (three == team)
        raw.append(r)
    assert rec["raw"] == raw
    if not kaiser and not rules["spade_three_needs_three_tricks"]:
        assert sum(raw) == 10
    no_trump = contract["no_trump"] or (kaiser and trump is None)
    made = won[b] == 8 if kaiser else raw[b] >= contract["points"]
    mode = rules["no_trump_target_from"]
    if mode == "any_contract":
        nt_seen = nt_seen_before or no_trump
        raised = nt_seen
    elif mode == "made_contract":
        nt_seen = nt_seen_before or (no_trump and made)
        raised = nt_seen
    else:
        nt_seen = False
        raised = no_trump
    target = rules["no_trump_target"] if raised and rules["no_trump_target"] else rules["target"]
    threshold = (target - rules["minimum_bid"] if rules["defender_threshold"] == "bid_out"
                 else rules["defender_threshold"])
    assert rec["target"] == target and rec["threshold"] == threshold
    for_game = kaiser and rules["kaiser_bid_value"] == "game"
    if kaiser:
        bid_delta = 0 if for_game else (40 if made else -40)
    else:
        bid_delta = raw[b] if made else -contract["points"]
        if contract["no_trump"]:
            bid_delta *= 2
    defend = raw[d]
    if before[d] >= threshold:
        defend = {"negative_raw": min(raw[d], 0), "nothing": 0,
                  "three_of_spades": -3 if three == d else 0}[rules["defender_loss"]]
    delta = [0, 0]
    delta[b], delta[d] = bid_delta, defend
    assert rec["made"] == made
    assert rec["delta"] == delta
    scores = [before[0] + delta[0], before[1] + delta[1]]
    assert rec["scores"] == scores
    if for_game:
        winner = b if made else d
    elif rules["winners"] == "bidders_only":
        winner = b if made and scores[b] >= target else None
    else:
        crossed = [t for t in (0, 1) if scores[t] >= target]
        if not crossed:
            winner = None
        elif len(crossed) == 1:
            winner = crossed[0]
        elif rules["both_cross"] == "bidding_team" or scores[0] == scores[1]:
            winner = b
        else:
            winner = 0 if scores[0] > scores[1] else 1
    lose_at = rules["lose_at"]
    if winner is None and lose_at is not None:
        low = [t for t in (0, 1) if scores[t] <= lose_at]
        if len(low) == 1:
            winner = 1 - low[0]
        elif low:
            winner = 1 - (b if scores[0] == scores[1] else scores.index(min(scores)))
    return nt_seen, winner


def check_game(config, s):
    rules = rules_of(config["profile"], config["options"])
    sm = api.summary(s)
    before = list(config["scores"])
    nt_seen = False
    winner = None
    dealer = config["dealer"]
    for rec in sm["hands"]:
        assert winner is None, "a hand after the game was won"
        assert rec["dealer"] == dealer
        nt_seen, winner = check_hand(rec, rules, before, nt_seen)
        before = rec["scores"]
        dealer = (dealer + 1) % 4
    assert sm["scores"] == before == s["scores"]
    total = [config["scores"][t] + sum(r["delta"][t] for r in sm["hands"]) for t in (0, 1)]
    assert sm["scores"] == total
    assert sm["winner"] == winner == s["winner"]
    if winner is None:
        assert sm["phase"] != "game_over" and sm["dealer"] == dealer
    else:
        assert sm["phase"] == "game_over" and sm["to_act"] is None
        assert sm["dealer"] == sm["hands"][-1]["dealer"]
    if rules["no_trump_target_from"] == "any_contract" and winner is None:
        contract = api.view(s, 0)["contract"]
        nt_seen = nt_seen or (contract is not None and contract["no_trump"])
    if rules["no_trump_target_from"] == "that_hand":
        contract = api.view(s, 0)["contract"] if winner is None else sm["hands"][-1]["contract"]
        nt_seen = contract is not None and (contract["no_trump"] or (
            contract["kaiser"] and contract["trump"] is None and s["phase"] != "trump"))
    target = rules["no_trump_target"] if nt_seen and rules["no_trump_target"] else rules["target"]
    assert sm["target"] == target
    return sm


def check_replay(config, s):
    sm = api.summary(s)
    fresh = api.new_game(config)
    for a in s["actions"]:
        fresh = api.apply(fresh, a)
    assert fresh == s
    assert api.summary(fresh) == sm
    # a saved copy under an equivalent but differently written config replays in full
    obj = json.loads(json.dumps(s))
    obj["config"]["options"] = dict(obj["config"]["options"], target=PROFILE_OPTIONS[
        config["profile"]]["target"] if "target" not in config["options"] else config["options"]["target"])
    loaded = api.load(obj)
    assert api.summary(loaded) == sm
    assert api.load(json.loads(json.dumps(s))) == s


def game_seed(profile, options, k):
    return f"{profile}-{sorted(options.items())}-{k}"


def run_games(profile, options, first, count):
    rng = random.Random(game_seed(profile, options, f"rng{first}"))
    for k in range(first, first + count):
        config, s, _ = play_game(profile, options, game_seed(profile, options, k), rng)
        check_game(config, s)
        if k % 8 == 0:
            check_replay(config, s)


@pytest.mark.parametrize("profile,options", CONFIGS)
def test_random_games(profile, options):
    run_games(profile, options, 0, 6)


@pytest.mark.slow
@pytest.mark.parametrize("profile,options", CONFIGS)
def test_random_games_many(profile, options):
    run_games(profile, options, 6, 34)


@pytest.mark.parametrize("profile,options", CONFIGS)
def test_legal_actions_are_exactly_what_apply_accepts(profile, options):
    rng = random.Random(game_seed(profile, options, "legal"))
    config, s, _ = play_game(profile, options, game_seed(profile, options, "legal"), rng,
                                  max_actions=250, check_every=4)
    check_game(config, s)


@pytest.mark.parametrize("profile", PROFILE_NAMES)
def test_rejected_actions_leave_the_game_unchanged(profile):
    rng = random.Random(profile)
    _, _, states = play_game(profile, {"kaiser_bid": True}, "unchanged", rng, max_actions=120)
    for st_ in states[::10]:
        before = json.dumps(st_, sort_keys=True)
        summary = api.summary(st_)
        for a in rng.sample(ACTIONS, 10):
            try:
                api.apply(st_, a)
            except IllegalAction:
                pass
        assert json.dumps(st_, sort_keys=True) == before
        assert api.summary(st_) == summary


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILE_NAMES),
       options=st.fixed_dictionaries({}, optional={
           "kaiser_bid": st.booleans(), "spade_three_needs_three_tricks": st.booleans(),
           "weak_hand_redeal": st.booleans(), "minimum_bid": st.integers(5, 12),
           "auction": st.sampled_from(["single", "continuing"]),
           "all_pass": st.sampled_from(["throw_in", "dealer_bids", "dealer_bids_minimum"]),
           "both_cross": st.sampled_from(["higher_score", "bidding_team"]),
           "winners": st.sampled_from(["any", "bidders_only"]),
           "defender_threshold": st.one_of(st.integers(0, 80), st.just("bid_out")),
           "defender_loss": st.sampled_from(["negative_raw", "three_of_spades", "nothing"]),
           "lose_at": st.one_of(st.none(), st.integers(-80, -1)),
           "no_trump_target": st.one_of(st.none(), st.integers(52, 80)),
           "no_trump_target_from": st.sampled_from(["any_contract", "made_contract",
                                                    "that_hand"]),
           "pass_to_partner": st.booleans(),
           "kaiser_bid_value": st.sampled_from([40, "40", "game"]),
       }),
       seed=st.text(min_size=1, max_size=20),
       rng_seed=st.integers(0, 2 ** 32))
def test_hypothesis_games(profile, options, seed, rng_seed):
    rng = random.Random(rng_seed)
    config, s, states = play_game(profile, options, seed, rng, max_actions=400)
    check_game(config, s)
    st_ = states[rng.randrange(len(states))]
    check_legal_is_exact(st_, api.legal_actions(st_), rng, sample=12)
