"""Bots by level. Every choice is a pure function of the seat's view, the level and a seed.

``choose(game, level, seed)`` is the one entry point; each level is a function
``(observation, rng) -> action`` registered in ``LEVELS``, the levels a player can choose.
The yardsticks, for measurement only and never offered to a player, are apart: ``YARDSTICKS``
see the seat's view alone but assume the table plays ``basic``; the ``ORACLES`` receive the
whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import InvalidAction
from ..engine.game import GAME_OVER, Game
from .basic import basic_policy
from .observation import Observation, observe
from .posterior import (
    oracle_opponents_choose,
    oracle_partner_choose,
    posterior_policy,
    posterior_unread_policy,
    strong_read_policy,
)
from .strong import (
    SearchPolicy,
    expert_policy,
    oracle_auction_choose,
    oracle_choose,
    oracle_foresight_choose,
    oracle_full_choose,
    oracle_strong_choose,
    strong_chain_policy,
    strong_mix_policy,
    strong_model_policy,
    strong_policy,
)

Policy = Callable[[Observation, random.Random], int]


def random_policy(obs: Observation, rng: random.Random) -> int:
    """A uniform legal action: a baseline and a test opponent."""
    return obs.legal[rng.randrange(len(obs.legal))]


LEVELS: dict[str, Policy] = {"random": random_policy, "basic": basic_policy,
                             "strong": strong_policy, "expert": expert_policy}
YARDSTICKS: dict[str, Policy] = {"posterior": posterior_policy,
                                 "posterior-unread": posterior_unread_policy,
                                 "strong-read": strong_read_policy,
                                 "strong-chain": strong_chain_policy,
                                 "strong-model": strong_model_policy,
                                 "strong-mix": strong_mix_policy}
"""Fair levels that know the other seats play ``basic``: the ceiling of a player who does
not peek, and its two halves (its judging without its reading, its reading under
``strong``'s judging); and ``strong`` reading the table by the chain, the others' cards read
as ``basic``'s, by the card model of ``strong``'s play, or as ``basic``'s as far as they fit it
(``strong-mix``; none kept). For evaluation only."""
ORACLES = {"oracle": oracle_choose, "oracle_full": oracle_full_choose,
           "oracle_strong": oracle_strong_choose, "oracle-partner": oracle_partner_choose,
           "oracle-opponents": oracle_opponents_choose, "oracle-auction": oracle_auction_choose,
           "oracle-foresight": oracle_foresight_choose}
"""Levels that see other hands: handed the whole game, for evaluation only."""


def make_rng(seed: object) -> random.Random:
    """A private generator from any JSON seed (string-seeded ``Random`` is stable across
    platforms and Python versions: it hashes the text with SHA-512)."""
    return random.Random(f"kaiser-bot:{seed}")


def check_level(level: object) -> str:
    if not isinstance(level, str) or not (level in LEVELS or level in YARDSTICKS
                                          or level in ORACLES):
        raise InvalidAction(f"unknown bot level {level!r}: choose one of "
                            f"{', '.join([*LEVELS, *YARDSTICKS, *ORACLES])}")
    return level


def choose(game: Game, level: str, seed: object, time_cap: float | None = None) -> int:
    """The action of ``level`` for the seat to act. ``time_cap`` (seconds) lets a search level
    stop early with its best move so far; without it the choice depends on the seed only."""
    if game.phase == GAME_OVER:
        raise InvalidAction("the game is over: there is nothing to choose")
    check_level(level)
    oracle = ORACLES.get(level)
    if oracle is not None:
        return oracle(game, make_rng(seed))
    policy = LEVELS.get(level) or YARDSTICKS[level]
    obs = observe(game, game.to_act)
    if time_cap is not None and isinstance(policy, SearchPolicy):
        return policy(obs, make_rng(seed), time_cap)
    return policy(obs, make_rng(seed))
