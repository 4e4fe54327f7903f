"""OpenSpiel's door: importing this module registers the game ``"python_kaiser"``.

Needs the ``openspiel`` extra (``pip install "kaiser-core[openspiel]"``: open-spiel and numpy);
nothing else of the package imports it. Registered as OpenSpiel's own Python games are
(``pyspiel.register_game`` with a ``GameType`` and ``GameInfo``, an observer made by
``make_py_observer``), so ``pyspiel.load_game("python_kaiser", {...})``, serialisation and the C++
algorithms that accept Python games all work.

- 4 players (seats 0-3: South, West, North, East; 0 and 2 are a team), sequential, imperfect
  information, explicit stochastic chance: each deal is 32 chance nodes of one card each,
  uniform over the cards left (why: ``kaiser_core.interop.episode``).
- General-sum: a player's return is the change in its team's score over the game
  (``returns="game"``) or over one hand (``returns="hand"``); rewards arrive hand by hand.
- Player action ids are the engine's (``episode.NUM_ACTIONS`` = 96; the table is in the README);
  a chance outcome is the id (0-31) of the card dealt.
- Parameters: ``profile`` (standard, tournament, prairie, playingcards, bidout, classic),
  ``options`` (house rules as ``"name:value;name:value"``, e.g. ``"pass_to_partner:true"``),
  ``returns`` (``"game"`` or ``"hand"``), ``dealer`` (the first dealer, 0-3), ``max_deals``
  (0: 3 for a hand, 100 for a game; see ``episode``).
- ``information_state_tensor``/``string`` and ``observation_tensor``/``string`` per player:
  ``kaiser_core.interop.encoding``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as os_policy

from .encoding import (
    Layout,
    chance_text,
    action_text,
    encode_sparse,
    information_state_text,
    layout,
    observation_text,
    state_text,
)
from .episode import (
    NUM_ACTIONS,
    Episode,
    Settings,
    decisions_per_deal,
    parse_options,
    utility_bounds,
)
from .policies import KaiserBot

SHORT_NAME = "python_kaiser"
DEFAULT_PARAMS: dict[str, Any] = {"profile": "standard", "options": "", "returns": "game",
                                  "dealer": 0, "max_deals": 0}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Kaiser",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.REWARDS,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=DEFAULT_PARAMS,
)


def settings_of(params: dict[str, Any]) -> Settings:
    """The episode settings a game's parameters describe (bad ones: ``InvalidAction``)."""
    merged = {**DEFAULT_PARAMS, **params}
    return Settings(profile=merged["profile"], options=parse_options(merged["options"]),
                    returns=merged["returns"], dealer=merged["dealer"],
                    max_deals=merged["max_deals"])


class KaiserGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """Kaiser under one set of rules; states are ``KaiserState``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        settings = settings_of(params)
        low, high = utility_bounds(settings)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=32,
            num_players=4,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=settings.deal_cap * decisions_per_deal(settings.rules),
        )
        super().__init__(GAME_TYPE, info, params)
        self.settings = settings

    def new_initial_state(self) -> KaiserState:
        return KaiserState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> KaiserObserver:
        return KaiserObserver(self.settings,
                              iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                              params)


class KaiserState(pyspiel.State):  # type: ignore[misc]
    """A state: an ``Episode`` (``state.episode``), whose game is the engine's ``Game``."""

    def __init__(self, game: KaiserGame) -> None:
        super().__init__(game)
        self.episode = Episode(game.settings)

    def current_player(self) -> int:
        episode = self.episode
        if episode.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if episode.dealing is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return episode.game.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return self.episode.legal() if player == self.episode.to_act else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cards = self.episode.chance_outcomes()
        return [(card, 1.0 / len(cards)) for card in cards]

    def _apply_action(self, action: int) -> None:
        if self.episode.dealing is not None:
            self.episode.deal_card(int(action))
        else:
            self.episode.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            episode = self.episode
            seat = episode.next_card_seat() if episode.dealing is not None else -1
            return chance_text(action, seat)
        return action_text(action)

    def is_terminal(self) -> bool:
        return self.episode.is_over()

    def returns(self) -> list[float]:
        """Each player's team score change so far: the whole return once terminal."""
        return self.episode.returns()

    def rewards(self) -> list[float]:
        """The score change since the previous decision: a hand's score arrives at the first
        decision after it (or at the end)."""
        return self.episode.rewards()

    def __str__(self) -> str:
        return state_text(self.episode)


class KaiserObserver:
    """OpenSpiel's observer protocol: ``tensor`` and ``dict`` (named views of it) filled by
    ``set_from``, and ``string_from``. Perfect recall gives the information state, else the
    observation; a public observer (``private_info=NONE``) leaves out the seat's own cards."""

    def __init__(self, settings: Settings, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Kaiser's observer shows one seat's cards, never all of them")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.layout: Layout = layout(settings, self.perfect_recall)
        self.tensor: Any = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        for name, shape in self.layout.pieces:
            start = self.layout.offsets[name]
            self.dict[name] = self.tensor[start:start + int(np.prod(shape))].reshape(shape)

    def set_from(self, state: KaiserState, player: int) -> None:
        entries = encode_sparse(self.layout, state.episode, player, self.private)
        self.tensor.fill(0.0)
        self.tensor[list(entries)] = list(entries.values())

    def string_from(self, state: KaiserState, player: int) -> str:
        if self.perfect_recall:
            return information_state_text(state.episode, player, self.private)
        return observation_text(state.episode, player, self.private)


class BotPolicy(os_policy.Policy):  # type: ignore[misc]
    """An OpenSpiel ``Policy`` playing our bot of ``level`` for ``player_ids``: each decision
    from the acting seat's view alone (``kaiser_core.interop.policies``)."""

    def __init__(self, game: KaiserGame, level: str = "strong", seed: object = 0,
                 player_ids: list[int] | None = None) -> None:
        super().__init__(game, list(range(4)) if player_ids is None else player_ids)
        self.bot = KaiserBot(level, seed)

    def action_probabilities(self, state: KaiserState,
                             player_id: int | None = None) -> dict[int, float]:
        return {self.bot(state): 1.0}


pyspiel.register_game(GAME_TYPE, KaiserGame)
