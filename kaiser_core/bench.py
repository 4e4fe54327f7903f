"""Engine speed, measured on one core: the figures the README and the issues quote.

Benchmarks, not tests: they print numbers and never fail on a slow machine.
"""

from __future__ import annotations

import random
import time
from typing import Any

from . import api
from .playout import random_hand
from .rules import PROFILES


def bench_internal(profile: str = "prairie", seconds: float = 3.0) -> dict[str, Any]:
    """Random complete hands per second through the fast internal path."""
    rules = PROFILES[profile]
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(500):
            random_hand(rules, hands & 3, (0, 0), rules.target, rng)
            hands += 1
    elapsed = time.perf_counter() - start
    return {"path": "internal", "profile": profile, "hands": hands,
            "hands_per_s": hands / elapsed}


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
