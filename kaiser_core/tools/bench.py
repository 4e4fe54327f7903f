"""Engine speed, measured on one core: the figures the README and the issues quote.

Benchmarks, not tests: they print numbers and never fail on a slow machine.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..bridge import api
from ..engine.deal import seeded_deal
from ..engine.game import GAME_OVER, Game
from ..engine.rules import PROFILES


def bench_game(profile: str = "prairie", seconds: float = 3.0) -> dict[str, Any]:
    """Random complete hands per second through ``Game``, the engine every caller uses: the
    game's own ``legal()`` and ``step()``, a uniformly random legal action each time, games
    dealt from their seeds, scored and continued to the end as in play."""
    rules = PROFILES[profile]
    rng = random.Random(1)
    hands = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = Game(rules, f"bench-{games}", games & 3)
        games += 1
        legal, step, rand = game.legal, game.step, rng.random
        records = game.records
        while game.phase != GAME_OVER and len(records) < 12:
            options = legal()
            step(options[int(rand() * len(options))])
        hands += len(records)
    elapsed = time.perf_counter() - start
    return {"path": "game", "profile": profile, "hands": hands, "hands_per_s": hands / elapsed}


def bench_rollout(profile: str = "prairie", seconds: float = 3.0) -> dict[str, Any]:
    """Rule-based playouts per second: the bots' search path (``bots.rollout.playout``), from
    the first lead of a dealt hand with a random trump, as the strong bot scores its worlds."""
    from ..bots.rollout import playout

    rng = random.Random(3)
    playouts = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for k in range(200):
            hands = list(seeded_deal("bench", playouts + k, 0))
            playout(hands, rng.randrange(4), rng.randrange(-1, 4), -1, [], [], 0)
        playouts += 200
    elapsed = time.perf_counter() - start
    return {"path": "rollout", "profile": profile, "playouts": playouts,
            "playouts_per_s": playouts / elapsed}


def bench_bridge(profile: str = "prairie", seconds: float = 3.0) -> dict[str, Any]:
    """Random complete hands per second through the JSON bridge, with a ``legal_actions``,
    an ``apply`` and a ``summary`` call per action, as a UI would make them."""
    rng = random.Random(2)
    hands = actions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = api.new_game({"profile": profile, "seed": f"bench-{games}"})
        games += 1
        done = 0
        while state["phase"] != "game_over" and time.perf_counter() < deadline:
            legal = api.legal_actions(state)
            state = api.apply(state, legal[int(rng.random() * len(legal))])
            done = len(api.summary(state)["hands"])
            actions += 1
            if done >= 12:
                break
        hands += done
    elapsed = time.perf_counter() - start
    return {"path": "bridge", "profile": profile, "hands": hands, "actions": actions,
            "hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed}
