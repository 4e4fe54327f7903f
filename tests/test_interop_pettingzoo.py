"""PettingZoo's door (``kaiser_core.interop.pettingzoo``): PettingZoo's own API test and seed
test, action masks equal to ``kaiser_core.api``'s legal actions on the same deals, rewards that
add up to the score, the ``ansi`` table, and our bots playing a seat from its own view.
Skipped where the ``pettingzoo`` extra is not installed (inside Pyodide always)."""

from __future__ import annotations

import random
import re
import warnings

import pytest

pytestmark = pytest.mark.host_only
pytest.importorskip(
    "pettingzoo", reason="the pettingzoo extra is not installed (pip install 'kaiser-core[pettingzoo]')")
np = pytest.importorskip("numpy", reason="the pettingzoo extra is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from kaiser_core import api  # noqa: E402
from kaiser_core.engine import actions as act  # noqa: E402
from kaiser_core.engine.deal import shuffled_deck  # noqa: E402
from kaiser_core.interop import pettingzoo as kaiser_pz  # noqa: E402
from kaiser_core.interop.policies import KaiserBot  # noqa: E402

RULES = [
    {},
    {"returns": "hand", "profile": "prairie", "pass_to_partner": True, "kaiser_bid": True},
    {"profile": "playingcards", "max_deals": 4, "lose_at": -52},
]


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_api_test(rules):
    with warnings.catch_warnings():
        # api_test warns that a Dict observation space is not a Box: it is PettingZoo's own
        # way for card games with an action mask (its classic games are on its list).
        warnings.simplefilter("ignore", UserWarning)
        api_test(kaiser_pz.env(**rules), num_cycles=400)


@pytest.mark.parametrize("rules", RULES)
def test_pettingzoo_seed_test(rules):
    seed_test(lambda: kaiser_pz.env(**rules), num_cycles=400)


def test_a_seed_deals_the_same_cards_and_another_seed_others():
    def first_hands(seed: int) -> list[int]:
        env = kaiser_pz.raw_env()
        env.reset(seed=seed)
        return list(env.episode.game.hands)

    assert first_hands(1) == first_hands(1)
    assert first_hands(1) != first_hands(2)


class _SeededDeals(kaiser_pz.raw_env):
    """The environment dealing the API's seeded deals instead of its own shuffles."""

    def __init__(self, seed: str, **rules):
        super().__init__(**rules)
        self.deal_seed = seed

    def _deal(self) -> None:
        for card in shuffled_deck(self.deal_seed, self.episode.deals - 1):
            self.episode.deal_card(card)


@pytest.mark.parametrize("rules", RULES[1:] + [{"max_deals": 8}])
def test_masks_are_the_legal_actions_and_rewards_add_up_to_the_score(rules):
    options = {k: v for k, v in rules.items() if k not in ("profile", "returns", "max_deals")}
    for n in range(3):
        seed = f"pz-{n}"
        env = _SeededDeals(seed, **rules)
        env.reset()
        state = api.new_game({"profile": rules.get("profile", "standard"), "options": options,
                              "seed": seed})
        rng = random.Random(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == sorted(act.decode(a) for a in api.legal_actions(state))
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            action = rng.choice(legal)
            env.step(action)
            state = api.apply(state, act.encode(action))
        scores = api.summary(state)["scores"]
        assert [totals[f"player_{seat}"] for seat in range(4)] == [scores[s & 1] for s in range(4)]


def test_the_table_renders_in_card_notation():
    env = kaiser_pz.env(render_mode="ansi", profile="prairie")
    env.reset(seed=5)
    for _ in range(6):
        observation, *_ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = env.render()
    assert text.startswith("Kaiser (prairie) | scores South-North 0, West-East 0 | target 52")
    assert "♠" in text and "South" in text and "<- to act" in text
    assert not re.search(r"\b[AKQJT98753][CDHS]\b", text)  # every card as A♠ or 10♥
    assert kaiser_pz.raw_env().render() is None
    with pytest.raises(ValueError):
        kaiser_pz.raw_env(render_mode="human")


def test_an_illegal_move_ends_the_episode_with_the_worst_hand_for_the_mover():
    env = kaiser_pz.env()
    env.reset(seed=0)
    agent = env.agent_selection
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -24.0


def test_a_bot_plays_a_seat_from_its_own_view():
    env = kaiser_pz.env(returns="hand", profile="prairie")
    env.reset(seed=11)
    bots = {"player_1": KaiserBot("basic", seed="w"), "player_3": KaiserBot("basic", seed="e")}
    rng = random.Random(11)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if agent in bots:
            action = bots[agent](env)
            assert observation["action_mask"][action] == 1
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        env.step(action)
    assert not env.agents
