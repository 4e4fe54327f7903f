"""OpenSpiel's door (``kaiser_core.interop.openspiel``): OpenSpiel's own random simulation test
with serialisation, random games through the adapter and through ``kaiser_core.api`` from the
same deals (same legal actions, same scores), our bots as an OpenSpiel policy deciding as
``api.bot_action`` does, and the README's example. Skipped where the ``openspiel`` extra is not
installed (inside Pyodide always)."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.host_only
pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra is not installed (pip install 'kaiser-core[openspiel]')")
np = pytest.importorskip("numpy", reason="the openspiel extra is not installed")

from kaiser_core import InvalidAction, api  # noqa: E402
from kaiser_core.engine import actions as act  # noqa: E402
from kaiser_core.engine.deal import shuffled_deck  # noqa: E402
from kaiser_core.interop import openspiel as kaiser_openspiel  # noqa: E402
from kaiser_core.interop.encoding import encode, layout  # noqa: E402
from kaiser_core.interop.episode import options_text  # noqa: E402

README = Path(__file__).resolve().parent.parent / "README.md"
SIM_CASES = [
    ({"returns": "hand"}, 10),
    ({"returns": "hand", "profile": "playingcards", "options": "kaiser_bid:true"}, 10),
    ({"returns": "hand", "profile": "classic", "options": "spade_three_needs_three_tricks:true",
      "dealer": 2}, 5),
    ({"profile": "prairie", "options": "pass_to_partner:true;kaiser_bid:true", "max_deals": 6}, 2),
    ({"profile": "bidout", "options": "lose_at:-52;no_trump_target_from:made_contract",
      "max_deals": 6}, 2),
    ({}, 1),  # the defaults: a whole game, up to 100 deals
]


@pytest.mark.parametrize("params,sims", SIM_CASES)
def test_openspiel_random_simulation_with_serialisation(params, sims):
    game = pyspiel.load_game("python_kaiser", params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_the_game_is_registered_as_openspiel_expects():
    names = [t.short_name for t in pyspiel.registered_games()]
    assert "python_kaiser" in names
    game = pyspiel.load_game("python_kaiser")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.num_players() == 4 and game.num_distinct_actions() == 96
    assert game.max_chance_outcomes() == 32
    assert game.max_game_length() == 100 * (4 + 1 + 32)
    hand = pyspiel.load_game("python_kaiser(returns=hand,profile=prairie)")
    assert (hand.min_utility(), hand.max_utility()) == (-24.0, 24.0)
    assert hand.max_game_length() == 3 * (4 + 4 + 1 + 32)


def test_bad_parameters_are_refused_with_the_reason():
    with pytest.raises(InvalidAction, match="unknown profile"):
        pyspiel.load_game("python_kaiser", {"profile": "casino"})
    with pytest.raises(InvalidAction, match="minimum_bid"):
        pyspiel.load_game("python_kaiser", {"options": "minimum_bid:4"})
    with pytest.raises(InvalidAction, match="returns"):
        pyspiel.load_game("python_kaiser", {"returns": "rubber"})


def _play_against_api(params: dict, seed: str) -> tuple[object, dict]:
    game = pyspiel.load_game("python_kaiser", params)
    config = {"profile": params.get("profile", "standard"), "seed": seed,
              "options": kaiser_openspiel.settings_of(params).options}
    state, api_state = game.new_initial_state(), api.new_game(config)
    info = layout(kaiser_openspiel.settings_of(params), True)
    rng = random.Random(seed)
    deals = 0
    while not state.is_terminal():
        if state.is_chance_node():
            assert [a for a, _ in state.chance_outcomes()] == state.legal_actions()
            for card in shuffled_deck(seed, deals):
                state.apply_action(card)
            deals += 1
            continue
        legal = state.legal_actions()
        assert legal == sorted(act.decode(a) for a in api.legal_actions(api_state))
        mask = state.legal_actions_mask()
        assert [i for i, on in enumerate(mask) if on] == legal
        player = state.current_player()
        assert player == api.view(api_state, 0)["to_act"]
        tensor = state.information_state_tensor(player)
        assert tensor == pytest.approx(encode(info, state.episode, player))
        action = rng.choice(legal)
        state.apply_action(action)
        api_state = api.apply(api_state, act.encode(action))
    return state, api_state


@pytest.mark.parametrize("params", [
    {"max_deals": 10},
    {"profile": "prairie", "options": options_text({"pass_to_partner": True, "kaiser_bid": True}),
     "max_deals": 10},
    {"profile": "playingcards", "returns": "hand"},
])
def test_random_games_score_as_kaiser_core_scores_them(params):
    for n in range(3):
        state, api_state = _play_against_api(params, f"os-{n}")
        summary = api.summary(api_state)
        scores = summary["scores"]
        assert state.returns() == [float(scores[p & 1]) for p in range(4)]
        if params.get("returns") == "hand":
            assert len(summary["hands"]) >= 1


def test_a_state_survives_serialisation_and_pickling():
    game = pyspiel.load_game("python_kaiser", {"profile": "prairie", "options": "pass_to_partner:true"})
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(80):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.history() == state.history()
    state3 = pickle.loads(pickle.dumps(state))
    assert str(state3) == str(state)
    for p in range(4):
        assert state2.information_state_string(p) == state.information_state_string(p)
        assert state2.observation_tensor(p) == state.observation_tensor(p)


def test_strings_a_person_can_read():
    game = pyspiel.load_game("python_kaiser", {"returns": "hand"})
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 16) == "deal 5H to W"
    for card in shuffled_deck("strings", 0):
        state.apply_action(card)
    words = {a: state.action_to_string(state.current_player(), a) for a in range(96)
             if a not in range(57, 64)}
    assert len(set(words.values())) == len(words)
    assert words[0] == "play 7C" and words[16] == "play 5H" and words[31] == "play AS"
    assert words[32] == "pass" and words[33] == "redeal" and words[34] == "keep"
    assert words[35] == "Kaiser" and words[36] == "trump C" and words[39] == "trump S"
    assert words[40] == "no trump" and words[41] == "bid 5" and words[42] == "bid 5 no trump"
    assert words[56] == "bid 12 no trump" and words[64] == "pass 7C to partner"
    player = state.current_player()
    info = state.information_state_string(player)
    assert info.startswith("W (seat 1)") and "hand " in info and "bidding, W to act" in info
    assert "bidding, W to act" in state.observation_string(player)


def test_observer_pieces_are_named():
    game = pyspiel.load_game("python_kaiser")
    state = game.new_initial_state()
    for card in shuffled_deck("observer", 0):
        state.apply_action(card)
    from open_spiel.python.observation import make_observation

    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    observation.set_from(state, 1)
    assert observation.dict["hand"].sum() == 8
    assert observation.dict["trick_cards"].shape == (8, 4, 32)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 1)
    assert public.dict["hand"].sum() == 0 and "hand" not in public.string_from(state, 1)


def test_the_bot_policy_decides_from_its_own_seat_as_the_api_bot():
    game = pyspiel.load_game("python_kaiser", {"returns": "hand", "profile": "prairie"})
    policy = kaiser_openspiel.BotPolicy(game, "basic", seed="p")
    state = game.new_initial_state()
    api_state = api.new_game({"profile": "prairie", "seed": "policy"})
    while not state.is_terminal():
        if state.is_chance_node():
            for card in shuffled_deck("policy", len(state.episode.notes)):
                state.apply_action(card)
            continue
        probs = policy.action_probabilities(state)
        (action, prob), = probs.items()
        assert prob == 1.0 and action in state.legal_actions()
        assert act.encode(action) == api.bot_action(api_state, "basic", f"p:{len(api_state['actions'])}")
        state.apply_action(action)
        api_state = api.apply(api_state, act.encode(action))
    assert state.returns()[0] == api.summary(api_state)["scores"][0]


def test_the_readme_example_runs():
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = next(b for b in blocks if "python_kaiser" in b and "KaiserBot" in b)
    assert len(example.strip().splitlines()) <= 20
    assert "HANDS = 20" in example
    namespace: dict = {}
    exec(compile(example.replace("HANDS = 20", "HANDS = 1"), "README.md", "exec"), namespace)
    assert len(namespace["total"]) == 2
