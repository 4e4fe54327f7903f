"""PettingZoo's door: ``env(**rules)`` and ``raw_env``, Kaiser as an AEC environment in the style
of PettingZoo's classic card games.

Needs the ``pettingzoo`` extra (``pip install "kaiser-core[pettingzoo]"``: pettingzoo, gymnasium,
numpy); nothing else of the package imports it.

- Agents ``player_0`` ... ``player_3`` are the seats South, West, North, East (0 and 2 a team).
- An observation is ``{"observation": float32 array, "action_mask": int8 array of 96}``: the
  information state of ``kaiser_core.interop.encoding`` (the hand in progress in order, from the
  agent's seat) and, for the agent to act, its legal action ids (the engine's, as in OpenSpiel).
- Rewards arrive when a hand ends: each agent gets its team's score change for the hand.
  ``returns="hand"`` ends the episode there; ``"game"`` plays on to the end of the game, or is
  *truncated* after ``max_deals`` deals (0: 100).
- ``reset(seed=...)`` seeds the shuffles (numpy's generator, as gymnasium seeds): the same seed
  deals the same cards. Each deal is a uniform shuffle of the 32 cards dealt one at a time from
  the dealer's left, exactly as the OpenSpiel game's chance nodes deal.
- ``render_mode="ansi"``: ``render()`` returns the table as text in card notation (A♠ 10♥ 5♥),
  every hand open: it is for a person watching, not for an agent.
- ``env()`` wraps ``raw_env`` as PettingZoo's classic games are wrapped: an illegal move ends
  the episode, the mover's reward a hand's worst score (``TerminateIllegalWrapper``; its
  usual -1 would be no penalty on a scale of points), out-of-range actions are refused and the
  calling order is enforced.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..engine.cards import SUITS, sorted_hand
from .encoding import SEAT_LETTERS, encode_sparse, hand_lines, last_hand, layout, live_hand
from .episode import NUM_ACTIONS, OVER, Episode, Settings, hand_bound

SEAT_NAMES = ("South", "West", "North", "East")
_SYMBOLS = dict(zip(SUITS, "♣♦♥♠"))


def env(**kwargs: Any) -> Any:
    """``raw_env(**kwargs)`` with PettingZoo's usual wrappers for a classic game."""
    raw = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-float(hand_bound(raw.settings.rules)))
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """Kaiser under one set of rules: ``raw_env(profile="prairie", returns="hand",
    pass_to_partner=True, render_mode="ansi")``; any house rule is a keyword."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "kaiser_v0",
                                          "is_parallelizable": False}

    def __init__(self, profile: str = "standard", returns: str = "game", dealer: int = 0,
                 max_deals: int = 0, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.settings = Settings(profile, dict(options), returns, dealer, max_deals)
        self.render_mode = render_mode
        self.layout = layout(self.settings, perfect_recall=True)
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        self.agents = self.possible_agents[:]
        low, high = (np.array(bound, dtype=np.float32) for bound in self.layout.bounds())
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
            }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.episode = Episode(self.settings)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        observation: Any = np.zeros(self.layout.size, dtype=np.float32)
        entries = encode_sparse(self.layout, self.episode, seat)
        observation[list(entries)] = list(entries.values())
        mask: Any = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if seat == self.episode.to_act:
            mask[self.episode.legal()] = 1
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.episode = Episode(self.settings)
        self._deal()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.episode.to_act]

    def _deal(self) -> None:
        """Chance: a uniform shuffle, dealt card by card as the episode's chance nodes deal."""
        for card in self.np_random.permutation(32):
            self.episode.deal_card(int(card))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self.episode
        hands = len(episode.game.records)
        episode.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if len(episode.game.records) > hands:
            delta = episode.game.records[-1].delta
            self.rewards = {a: float(delta[self.possible_agents.index(a) & 1]) for a in self.agents}
        if episode.is_over():
            ended = self.truncations if episode.truncated else self.terminations
            for a in self.agents:
                ended[a] = True
        else:
            if episode.dealing is not None:
                self._deal()
            self.agent_selection = self.possible_agents[episode.to_act]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table in card notation, every hand open (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return table_text(self.episode)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def card_text(card_str: str) -> str:
    """``"TH"`` as a person writes it: ``10♥``."""
    rank = "10" if card_str[0] == "T" else card_str[0]
    return rank + _SYMBOLS[card_str[1]]


def table_text(episode: Episode) -> str:
    """The table as a person at it would see it with every hand turned up."""
    game = episode.game
    rules = episode.settings
    lines = [f"Kaiser ({rules.profile}) | scores South-North {game.scores[0]}, "
             f"West-East {game.scores[1]} | target {game.target}"]
    seen = live_hand(episode, 0) if episode.phase != OVER else last_hand(episode, 0)
    if seen is not None:
        public = hand_lines(seen, len(episode.notes) + (episode.phase != OVER), own=False)
        lines.append(" | ".join(_with_symbols(part) for part in public.split(" | ")))
        for seat in range(4):
            mask = (episode.dealt_so_far(seat) if episode.dealing is not None
                    else 0 if episode.phase == OVER else game.hands[seat])
            cards = " ".join(card_text(c) for c in sorted_hand(mask)) or "-"
            marker = " <- to act" if seat == episode.to_act else ""
            lines.append(f"  {SEAT_NAMES[seat]:<6} {cards}{marker}")
    if episode.is_over():
        if game.winner is not None:
            lines.append(f"Game over: {'South-North' if game.winner == 0 else 'West-East'} win.")
        else:
            lines.append("Stopped at the cap of deals." if episode.truncated else "Hand over.")
    return "\n".join(lines)


def _with_symbols(text: str) -> str:
    """Card strings in a line of ``hand_lines`` as card notation (``W:AC`` -> ``W:A♣``)."""
    for suit, symbol in _SYMBOLS.items():
        text = text.replace(f"trump {suit}", f"trump {symbol}")
    words = []
    for word in text.split(" "):
        head, colon, card = word.rpartition(":")
        core = card.split(">")[0].rstrip(",")
        if len(core) == 2 and core[1] in SUITS and core[0] in "AKQJT98753":
            card = card.replace(core, card_text(core), 1)
        words.append(head + colon + card)
    return " ".join(words)


__all__ = ["SEAT_LETTERS", "env", "raw_env", "table_text"]
