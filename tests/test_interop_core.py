"""The research adapters' core, which needs neither OpenSpiel nor PettingZoo (so it runs inside
Pyodide too): an episode dealt card by card plays the very game ``kaiser_core.api`` plays from a
seed, with the same legal actions at every step and the same scores; its decisions per deal and
returns stay inside the bounds the adapters declare; a seat's tensors and text, and a bot's
choice, do not change when the cards hidden from that seat do."""

from __future__ import annotations

import random

import pytest

from kaiser_core import IllegalAction, InvalidAction, api
from kaiser_core.engine import actions as act
from kaiser_core.engine.cards import parse_card
from kaiser_core.engine.deal import shuffled_deck
from kaiser_core.engine.game import PASSING
from kaiser_core.interop.encoding import (
    encode,
    encode_sparse,
    information_state_text,
    layout,
    observation_text,
)
from kaiser_core.interop.episode import (
    GAME,
    HAND,
    NUM_ACTIONS,
    Episode,
    Settings,
    decisions_per_deal,
    options_text,
    parse_options,
    utility_bounds,
)
from kaiser_core.interop.policies import KaiserBot, bot_action, episode_of

CASES = [
    ("standard", {}),
    ("tournament", {"defender_loss": "nothing"}),
    ("prairie", {"pass_to_partner": True, "kaiser_bid": True}),
    ("playingcards", {"kaiser_bid": True, "kaiser_bid_value": "game"}),
    ("bidout", {"lose_at": -52, "no_trump_target_from": "that_hand"}),
    ("classic", {"spade_three_needs_three_tricks": True, "pass_to_partner": True}),
]
WEAK_WEST = [["AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD"],
             ["7C", "8C", "9C", "TC", "7D", "8D", "9D", "TD"],   # West: nothing above a ten
             ["AH", "KH", "QH", "JH", "5H", "8H", "9H", "TH"],
             ["AS", "KS", "QS", "JS", "3S", "8S", "9S", "TS"]]


def deal_in_order(episode: Episode, hands: list[list[str]]) -> None:
    """Chance deals ``hands`` (by seat): card k of the deck to seat (dealer + 1 + k) % 4."""
    queues = [[parse_card(c) for c in hand] for hand in hands]
    for k in range(32):
        episode.deal_card(queues[(episode.game.dealer + 1 + k) & 3].pop())


def play_both(profile: str, options: dict, seed: str, returns: str = GAME, max_deals: int = 8,
              first_deal: list[list[str]] | None = None,
              first_moves: tuple[int, ...] = ()) -> tuple[Episode, dict]:
    """A random game through an episode and through the API side by side: the episode's deals
    are the API's seeded ones, its legal actions and scores the API's at every step."""
    settings = Settings(profile, options, returns, 0, max_deals)
    episode = Episode(settings)
    config = {"profile": profile, "options": options, "seed": seed}
    if first_deal is not None:
        config["deal"] = first_deal
    state = api.new_game(config)
    rng = random.Random(seed)
    rewards = [0.0] * 4
    decisions = 0
    moves = list(first_moves)
    low, high = utility_bounds(settings)
    while not episode.is_over():
        if episode.dealing is not None:
            if first_deal is not None and episode.deals == 1:
                deal_in_order(episode, first_deal)
            else:
                for card in shuffled_deck(seed, episode.deals - 1):
                    episode.deal_card(card)
            decisions = 0
            continue
        legal = episode.legal()
        assert legal == sorted(act.decode(a) for a in api.legal_actions(state))
        assert all(0 <= a < NUM_ACTIONS for a in legal)
        assert episode.to_act == api.view(state, 0)["to_act"]
        rewards = [r + d for r, d in zip(rewards, episode.rewards())]
        assert rewards == episode.returns()
        action = moves.pop(0) if moves else rng.choice(legal)
        episode.step(action)
        state = api.apply(state, act.encode(action))
        decisions += 1
        assert decisions <= decisions_per_deal(settings.rules)
    rewards = [r + d for r, d in zip(rewards, episode.rewards())]
    assert rewards == episode.returns()
    assert all(low <= r <= high for r in episode.returns())
    return episode, state


@pytest.mark.parametrize("profile,options", CASES)
def test_an_episode_plays_the_apis_game_from_the_same_deals(profile, options):
    for game in range(3):
        episode, state = play_both(profile, options, f"interop-{profile}-{game}")
        summary = api.summary(state)
        assert episode.game.scores == summary["scores"]
        assert len(episode.game.records) == len(summary["hands"])
        start = episode.game.start_scores
        assert episode.returns() == [float(summary["scores"][s & 1] - start[s & 1]) for s in range(4)]
        if summary["winner"] is None:
            assert episode.truncated and episode.deals == 8


@pytest.mark.parametrize("profile,options", CASES)
def test_a_hand_episode_ends_with_the_first_hand(profile, options):
    episode, state = play_both(profile, options, f"hand-{profile}", returns=HAND)
    record = api.summary(state)["hands"][0]
    assert episode.returns() == [float(record["delta"][s & 1]) for s in range(4)]
    assert episode.phase == "over" and episode.to_act == -1 and episode.legal() == []


def test_a_weak_hand_redealt_is_a_new_deal_of_the_same_hand():
    episode, _ = play_both("prairie", {}, "weak", returns=HAND, first_deal=WEAK_WEST,
                           first_moves=(act.REDEAL,))
    assert episode.deals >= 2 and episode.notes[0].hand == -1
    assert episode.notes[0].answers == ((1, act.REDEAL),)
    text = information_state_text(episode, 1)
    assert "deal 1 dealer S | hand" in text and "W redeal | redealt" in text


def test_the_cap_on_deals_truncates_the_episode():
    settings = Settings("prairie", {}, HAND, 0, 1)
    episode = Episode(settings)
    deal_in_order(episode, WEAK_WEST)
    episode.step(act.REDEAL)
    assert episode.is_over() and episode.truncated and episode.returns() == [0.0] * 4


def test_chance_deals_each_card_left_once():
    episode = Episode(Settings())
    assert episode.chance_outcomes() == list(range(32))
    episode.deal_card(5)
    assert 5 not in episode.chance_outcomes() and len(episode.chance_outcomes()) == 31
    assert episode.to_act == -1 and episode.phase == "deal" and episode.legal() == []
    with pytest.raises(IllegalAction):
        episode.deal_card(5)
    with pytest.raises(IllegalAction):
        episode.step(act.PASS)


def test_an_illegal_action_is_refused_in_a_players_words():
    episode = Episode(Settings())
    for card in shuffled_deck("words", 0):
        episode.deal_card(card)
    with pytest.raises(IllegalAction, match="the auction is on"):
        episode.step(3)
    assert episode.game.history == []


def test_house_rules_as_text_go_both_ways():
    options = {"pass_to_partner": True, "lose_at": -52, "no_trump_target": None,
               "defender_threshold": "bid_out", "minimum_bid": 7}
    text = options_text(options)
    assert "," not in text and "=" not in text and "(" not in text
    assert parse_options(text) == options
    assert parse_options("") == {}
    with pytest.raises(InvalidAction):
        parse_options("pass_to_partner")
    with pytest.raises(InvalidAction, match="unknown option"):
        Settings("standard", parse_options("no_such_rule:1"))
    with pytest.raises(InvalidAction):
        Settings(returns="match")


def test_bounds_follow_the_rules():
    assert utility_bounds(Settings(returns=HAND)) == (-24, 24)
    assert utility_bounds(Settings("standard", {"kaiser_bid": True}, HAND)) == (-40, 40)
    low, high = utility_bounds(Settings("standard", {"lose_at": -52}))
    assert low == -52 + 1 - 24 and high == 52 + 48
    assert decisions_per_deal(Settings().rules) == 4 + 1 + 32
    assert decisions_per_deal(Settings("playingcards").rules) == 4 + (2 * 14 + 4) + 1 + 32


def _hidden_swap(episode: Episode, seat: int, rng: random.Random) -> Episode | None:
    """A copy of ``episode`` where two other seats have swapped one card each: every seat but
    those two sees the same, ``seat`` included."""
    game = episode.game
    if episode.dealing is not None or episode.is_over() or (
            game.phase == PASSING or (game.rules.pass_to_partner and not game.exchanged)):
        return None
    others = [s for s in range(4) if s != seat and game.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    card_a = rng.choice([c for c in range(32) if game.hands[a] >> c & 1])
    card_b = rng.choice([c for c in range(32) if game.hands[b] >> c & 1])
    other = episode.copy()
    other.game.hands[a] ^= (1 << card_a) | (1 << card_b)
    other.game.hands[b] ^= (1 << card_a) | (1 << card_b)
    return other


@pytest.mark.parametrize("profile,options", CASES)
def test_a_seat_sees_nothing_of_the_cards_hidden_from_it(profile, options):
    settings = Settings(profile, options, GAME, 0, 3)
    info, obs = layout(settings, True), layout(settings, False)
    low, high = info.bounds()
    rng = random.Random(profile)
    episode = Episode(settings)
    while not episode.is_over():
        if episode.dealing is not None:
            episode.deal_card(rng.choice(episode.chance_outcomes()))
            continue
        for seat in range(4):
            tensor = encode(info, episode, seat)
            assert len(tensor) == info.size and len(encode(obs, episode, seat)) == obs.size
            assert all(lo <= v <= hi for lo, v, hi in zip(low, tensor, high))
            assert dict(encode_sparse(info, episode, seat)) == {i: v for i, v in enumerate(tensor) if v}
            swapped = _hidden_swap(episode, seat, rng)
            if swapped is None:
                continue
            assert encode(info, swapped, seat) == tensor
            assert encode(obs, swapped, seat) == encode(obs, episode, seat)
            assert information_state_text(swapped, seat) == information_state_text(episode, seat)
            assert observation_text(swapped, seat) == observation_text(episode, seat)
        episode.step(rng.choice(episode.legal()))


def test_the_bot_decides_as_the_api_bot_from_its_own_seat():
    """Each decision of ``KaiserBot`` equals ``api.bot_action`` on the same game and seed, and
    stays the same when the cards hidden from the deciding seat are swapped."""
    seed = "bot-view"
    bot = KaiserBot("basic", seed="b")
    episode = Episode(Settings("prairie", {"pass_to_partner": True}, HAND))
    state = api.new_game({"profile": "prairie", "options": {"pass_to_partner": True}, "seed": seed})
    rng = random.Random(seed)
    while not episode.is_over():
        if episode.dealing is not None:
            for card in shuffled_deck(seed, episode.deals - 1):
                episode.deal_card(card)
            continue
        action = bot(episode)
        assert act.encode(action) == api.bot_action(state, "basic", f"b:{len(state['actions'])}")
        swapped = _hidden_swap(episode, episode.to_act, rng)
        if swapped is not None:
            assert bot(swapped) == action
        episode.step(action)
        state = api.apply(state, act.encode(action))
    assert episode.game.scores == api.summary(state)["scores"]


@pytest.mark.slow
def test_the_strong_bot_does_not_peek():
    rng = random.Random(7)
    episode = Episode(Settings("standard", {}, HAND))
    for card in shuffled_deck("strong", 0):
        episode.deal_card(card)
    checked = 0
    while not episode.is_over() and checked < 6:
        action = bot_action(episode, "strong", seed=checked)
        swapped = _hidden_swap(episode, episode.to_act, rng)
        if swapped is not None:
            assert bot_action(swapped, "strong", seed=checked) == action
            checked += 1
        episode.step(action)


def test_the_helper_refuses_the_oracles_and_finds_the_episode():
    episode = Episode(Settings())
    with pytest.raises(InvalidAction, match="oracles"):
        bot_action(episode, "oracle")
    with pytest.raises(InvalidAction):
        KaiserBot("oracle_full")
    with pytest.raises(IllegalAction, match="no seat is to act"):
        bot_action(episode, "basic")

    class Holder:
        pass

    holder, wrapper = Holder(), Holder()
    holder.episode = episode  # type: ignore[attr-defined]
    wrapper.unwrapped = holder  # type: ignore[attr-defined]
    assert episode_of(holder) is episode and episode_of(wrapper) is episode
    with pytest.raises(InvalidAction):
        episode_of(object())
