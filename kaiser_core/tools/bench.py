"""Engine speed, measured on one core: the figures the README and the issues quote.

Benchmarks, not tests: they print numbers and never fail on a slow machine.
"""

from __future__ import annotations

import json
import random
import statistics
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


def bench_rollout(seconds: float = 3.0) -> dict[str, Any]:
    """Rule-based playouts per second: the bots' search path (``bots.rollout.playout``), from
    the first lead of a dealt hand with a random trump, as the strong bot scores its worlds.
    A playout counts raw points and follows no profile, so none is named."""
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
    return {"path": "rollout", "playouts": playouts,
            "playouts_per_s": playouts / elapsed}


def bench_api(profile: str = "prairie", seconds: float = 3.0) -> dict[str, Any]:
    """Random complete hands per second through ``kaiser_core.api`` as a Python caller uses it
    (states as values): a ``legal_actions``, an ``apply`` and a ``summary`` call per action."""
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
    return {"path": "api", "profile": profile, "hands": hands, "actions": actions,
            "hands_per_s": hands / elapsed, "actions_per_s": actions / elapsed}


BRIDGE_MARKS = (10, 50, 200, 400, 800, 1200)
"""Game lengths (moves made) at which ``bench_bridge`` times a move."""


def _long_game_moves(profile: str, length: int, rng: random.Random) -> tuple[dict[str, Any], list[Any]]:
    """A config and ``length`` random moves of one game that lasts that long (high target)."""
    attempt = 0
    while True:
        config = {"profile": profile, "seed": f"bench-bridge-{attempt}",
                  "options": {"target": 500, "defender_threshold": 450}}
        state = api.new_game(config)
        moves: list[Any] = []
        while len(moves) < length and state["phase"] != "game_over":
            legal = api.legal_actions(state)
            move = legal[int(rng.random() * len(legal))]
            state = api.apply(state, move)
            moves.append(move)
        if len(moves) == length:
            return config, moves
        attempt += 1


def bench_bridge(profile: str = "prairie", repeats: int = 200) -> list[dict[str, Any]]:
    """The page's path per move, by game length: ``webcall.call("table_step", ...)`` on a table
    (JSON text in and out, as the worker does), median microseconds and the bytes both ways;
    beside it the path the page took before tables, ``webcall.call("step", ...)`` with the whole
    state sent and returned."""
    from ..bridge import webcall

    rng = random.Random(5)
    config, moves = _long_game_moves(profile, max(BRIDGE_MARKS) + 1, rng)
    rows = []
    for mark in BRIDGE_MARKS:
        state = api.load({"version": 1, "config": config, "actions": moves[:mark]})
        seat = state["to_act"]
        step_args = json.dumps([None, moves[mark], seat])
        table_times, state_times = [], []
        sent = received = state_sent = state_received = 0
        for _ in range(repeats):
            table = api.open_table(state)["table"]
            args = step_args.replace("null", json.dumps(table), 1)
            t0 = time.perf_counter()
            reply = webcall.call("table_step", args)
            table_times.append(time.perf_counter() - t0)
            api.close_table(table)
            sent, received = len(args), len(reply)
        state_json = json.dumps(api.load(state))
        for _ in range(max(10, repeats // 10)):
            args = json.dumps([json.loads(state_json), moves[mark], 0])
            t0 = time.perf_counter()
            reply = webcall.call("step", args)
            state_times.append(time.perf_counter() - t0)
            state_sent, state_received = len(args), len(reply)
        assert '"error"' not in reply[:12]
        rows.append({"path": "bridge", "profile": profile, "moves": mark,
                     "table_step_us": statistics.median(table_times) * 1e6,
                     "bytes_in": sent, "bytes_out": received,
                     "old_step_us": statistics.median(state_times) * 1e6,
                     "old_bytes": state_sent + state_received})
    return rows


def bench_posterior(profile: str = "prairie", deals: int = 30) -> dict[str, Any]:
    """The posterior yardstick's cost and how its worlds were found, on the match harness's
    first duplicate deals (seed ``match``), ``posterior`` playing the cards of both its seats
    against ``basic``: CPU time of each card it chose among two or more, the share of plain
    draws that explained the table, the chain's worlds and moves taken, and the decisions
    where no consistent world was found."""
    from ..bots import choose
    from ..bots.posterior import STATS
    from ..engine.game import PLAY
    from ..engine.rules import Rules
    from .match import CLOCK, deal_context

    rules = Rules.from_config(profile)
    before = STATS.copy()
    times: list[float] = []
    for index in range(deals):
        cards, dealer, scores = deal_context("match", index, rules, False)
        for team in (0, 1):
            game = Game(rules, f"match:{index}", dealer=dealer, deal=cards, scores=scores)
            while not game.records and game.phase != GAME_OVER:
                mine = game.to_act & 1 == team and game.phase == PLAY
                seed = f"match:{index}:{len(game.history)}"
                if mine and len(game.legal()) > 1:
                    start = CLOCK()
                    action = choose(game, "posterior", seed)
                    times.append(CLOCK() - start)
                else:
                    action = choose(game, "basic", seed)
                game.step(action)
    stats = STATS - before
    ordered = sorted(times) or [0.0]
    return {"path": "posterior", "profile": profile, "deals": deals,
            "decisions": len(times), "median_ms": statistics.median(ordered) * 1e3,
            "p90_ms": ordered[int(0.9 * (len(ordered) - 1))] * 1e3,
            "slowest_ms": ordered[-1] * 1e3,
            "accepted_pct": 100.0 * stats["accepted"] / max(1, stats["drawn"]),
            "chained_worlds_pct": 100.0 * stats["chained"]
            / max(1, stats["chained"] + stats["accepted"]),
            "chain_moves_pct": 100.0 * stats["moves"] / max(1, stats["steps"]),
            "unexplained": stats["unexplained"]}


BOT_LEVELS = ("basic", "strong", "expert")
"""The levels a player can choose that think (``random`` does not)."""


def bench_bots(profile: str = "prairie", hands: int = 6) -> list[dict[str, Any]]:
    """Each level's time per decision as the page asks for it (``api.bot_action`` on the
    game's state, the level at every seat, every decision of ``hands`` whole hands, the
    calls and the forced cards included, as the e2e run times them in Pyodide): the median
    is what the browser's 60 ms floor for ``strong`` is about, here in CPU time on CPython."""
    from .match import CLOCK

    rows = []
    for level in BOT_LEVELS:
        state = api.new_game({"profile": profile, "seed": f"bench-bots-{level}", "dealer": 0})
        times: list[float] = []
        while len(api.summary(state)["hands"]) < hands and state["phase"] != "game_over":
            start = CLOCK()
            action = api.bot_action(state, level, f"seed:{len(times)}")
            times.append(CLOCK() - start)
            state = api.apply(state, action)
        ordered = sorted(times)
        rows.append({"path": "bots", "profile": profile, "level": level, "hands": hands,
                     "decisions": len(times), "median_ms": statistics.median(ordered) * 1e3,
                     "p90_ms": ordered[int(0.9 * (len(ordered) - 1))] * 1e3,
                     "slowest_ms": ordered[-1] * 1e3})
    return rows
