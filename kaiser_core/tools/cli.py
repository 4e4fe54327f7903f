"""``python -m kaiser_core``: play in the terminal, simulate bot games, benchmark, match bots."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..bridge import api
from ..bridge.shapes import CurrentTrick
from ..errors import KaiserError
from ..engine.cards import SUIT_WORDS, SUITS, card_name, parse_card
from ..engine.game import SEAT_NAMES
from ..engine.rules import PROFILES
from ..engine.scoring import ContractJson


_SYMBOLS = dict(zip(SUITS, "\u2663\u2666\u2665\u2660"))


def _short(card: str) -> str:
    """A card as a player writes it: "Q\u2665", "10\u2660"."""
    rank = card[:-1]
    return f"{'10' if rank == 'T' else rank}{_SYMBOLS[card[-1]]}"


def _named(card: str) -> str:
    """A card in words and in short: "queen of hearts (Q\u2665)"."""
    return f"{card_name(parse_card(card))} ({_short(card)})"


def _score(n: int) -> str:
    """A score with a true minus sign, as the web page writes it."""
    return str(n).replace("-", "\u2212")


def _sides(pair: list[int], signed: bool = False) -> str:
    """Both sides' numbers in words: "us 12, them \u22123"."""
    show = (lambda n: f"+{n}" if n > 0 else _score(n)) if signed else _score
    return f"us {show(pair[0])}, them {show(pair[1])}"


def _contract(contract: ContractJson | None) -> str:
    """The contract in words: "North 8 no trump", "East 7, trump hearts", "none yet"."""
    if contract is None:
        return "none yet"
    who = SEAT_NAMES[contract["seat"]]
    bid = "Kaiser" if contract["kaiser"] else str(contract["points"])
    if contract["no_trump"]:
        return f"{who} {bid} no trump"
    suit = contract["trump"]
    if suit is None:
        return f"{who} {bid}, trump not named yet"
    return f"{who} {bid}, trump {SUIT_WORDS[SUITS.index(suit)]} {_SYMBOLS[suit]}"


def _trick(trick: CurrentTrick) -> str:
    """The cards on the table by seat: "West Q\u2665, North 9\u2665", or "no card yet"."""
    if not trick["cards"]:
        return "no card yet"
    return ", ".join(f"{SEAT_NAMES[seat]} {_short(card)}" for seat, card in zip(trick["seats"], trick["cards"]))


def _describe(action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "bid":
        return f"bid {action['points']}{' no trump' if action['no_trump'] else ''}"
    if kind == "play":
        return _short(action["card"])
    if kind == "trump":
        suit = action["suit"]
        return f"trump {SUIT_WORDS[SUITS.index(suit)]} {_SYMBOLS[suit]}" if suit else "no trump"
    if kind == "pass_card":
        return f"pass {_short(action['card'])} to partner"
    return str(kind)


def _parse_typed(text: str, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A typed command to an action: '5h', 'pass', '8', '8 no', 'kaiser', 'trump h', 'redeal'."""
    words = text.strip().lower().replace("no trump", "no").split()
    if not words:
        return None
    if words[0] in ("pass", "redeal", "keep", "kaiser"):
        return {"type": words[0]}
    if words[0].isdigit() and legal and legal[-1]["type"] in ("bid", "kaiser", "pass"):
        return {"type": "bid", "points": int(words[0]), "no_trump": words[1:2] == ["no"]}
    if words[0] == "trump":
        suit = words[1].upper() if len(words) > 1 else None
        return {"type": "trump", "suit": None if suit in (None, "NONE", "NO") else suit}
    if legal and legal[0]["type"] == "trump" and len(words[0]) == 1:
        return {"type": "trump", "suit": words[0].upper()}
    if legal and legal[0]["type"] == "pass_card":
        return {"type": "pass_card", "card": words[0]}
    return {"type": "play", "card": words[0]}


def cmd_play(args: argparse.Namespace) -> int:
    """A game at the terminal: you are South (seat 0), three bots play the other seats."""
    options: dict[str, Any] = json.loads(args.options) if args.options else {}
    state = api.new_game({"profile": args.profile, "seed": args.seed, "options": options})
    print(f"Kaiser, {args.profile} rules. You are South; North is your partner. "
          "Type a card (QH or Q\u2665), 'pass', a bid ('8', '8 no', 'kaiser'), a trump suit (h), "
          "'redeal' or 'keep'. Ctrl-D quits.")
    shown = 0
    while state["phase"] != "game_over":
        summary = api.summary(state)
        for record in summary["hands"][shown:]:
            print(f"-- Hand over. Points taken: {_sides(record['raw'])}; score change: "
                  f"{_sides(record['delta'], signed=True)}; totals: {_sides(record['scores'])}.")
        shown = len(summary["hands"])
        seat = state["to_act"]
        if seat != 0:
            action = api.bot_action(state, args.level, f"{args.seed}:{len(state['actions'])}")
            # Only the two partners know a passed card: the terminal player sees that one passed.
            shown_action = "passes a card to partner" if action["type"] == "pass_card" else (
                f"plays the {_named(action['card'])}" if action["type"] == "play" else _describe(action))
            print(f"{SEAT_NAMES[seat]}: {shown_action}")
            state = api.apply(state, action)
            continue
        view = api.view(state, 0)
        print(f"\nScores: {_sides(view['scores'])} (game at {view['target']}). "
              f"Contract: {_contract(view['contract'])}.")
        print(f"Trick so far: {_trick(view['trick'])}.   Your hand: {' '.join(_short(c) for c in view['hand'])}")
        print("Legal: " + ", ".join(_describe(a) for a in view["legal"]))
        try:
            typed = input("> ")
        except EOFError:
            print()
            return 0
        chosen = _parse_typed(typed, view["legal"])
        if chosen is None:
            continue
        try:
            state = api.apply(state, chosen)
        except KaiserError as err:
            print(f"Not allowed: {err}")
    winners = "You and North win" if state["winner"] == 0 else "West and East win"
    print(f"Game over. {winners}: {_sides(state['scores'])}.")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from . import bench

    results = []
    if args.what in ("all", "engine"):
        results.append(bench.bench_game(args.profile, args.seconds))
        results.append(bench.bench_rollout(args.seconds))
        results.append(bench.bench_api(args.profile, args.seconds))
    if args.what in ("all", "bridge"):
        results.extend(bench.bench_bridge(args.profile))
    if args.what in ("all", "dds"):
        from ..bots import dds

        results.append(dds.bench_dds(args.deals))
    if args.what == "posterior":
        results.append(bench.bench_posterior(args.profile, args.deals))
    if args.what == "bots":
        results.extend(bench.bench_bots(args.profile, args.hands))
    for result in results:
        print(json.dumps(result) if args.json else
              "  ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                        for k, v in result.items()))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    commands: dict[str, Callable[[argparse.Namespace], int]] = {}

    play = sub.add_parser("play", help="play a game in the terminal against three bots")
    play.add_argument("--profile", choices=list(PROFILES), default="standard")
    play.add_argument("--seed", default="terminal")
    play.add_argument("--level", default="basic")
    play.add_argument("--options", help='rule switches as JSON, e.g. \'{"pass_to_partner": true}\'')
    commands["play"] = cmd_play

    bench = sub.add_parser("bench", help="engine speed on one core")
    bench.add_argument("what", nargs="?", choices=["all", "engine", "bridge", "dds", "posterior", "bots"],
                       default="engine", help="posterior (the yardstick's cost and acceptance, "
                       "seconds a deal) and bots (each level's time per decision) are not in all")
    bench.add_argument("--profile", choices=list(PROFILES), default="prairie")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("--deals", type=int, default=30, help="deals for the solver and posterior benchmarks")
    bench.add_argument("--hands", type=int, default=6, help="whole hands for the bots benchmark")
    bench.add_argument("--json", action="store_true")
    commands["bench"] = cmd_bench

    from . import match

    match.add_commands(sub, commands)

    args = parser.parse_args(argv)
    try:
        return commands[args.command](args)
    except KaiserError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
