"""Shared helpers for the engine tests: action builders, scripted deals and scripted hands.

Scripted hands use a construction that makes the trick winners exact whatever the trump:
every trick is made of four cards of one suit, one from each seat, so everybody always
follows suit and the highest card of the trick wins. A suit's first trick holds its
A, Q, T, 8 and its second trick its K, J, 9 and low card (so the 5H and the 3S sit in the
second heart and the second spade trick).
"""

from __future__ import annotations

import copy
import importlib.util
import random
from pathlib import Path
from types import ModuleType
from typing import Any

from kaiser_core.bots import choose
from kaiser_core.bridge import api
from kaiser_core.engine.game import PLAY, Game
from kaiser_core.engine.rules import Rules
from kaiser_core.tools import match

SEATS = (0, 1, 2, 3)
PROFILE_NAMES = ("standard", "tournament", "prairie", "playingcards", "bidout", "classic")
MIN_BID = {"standard": 5, "tournament": 7, "prairie": 6, "playingcards": 6, "bidout": 6,
           "classic": 6}
SINGLE_AUCTION = ("standard", "tournament", "prairie", "bidout", "classic")
ALL_CARDS = [r + s for s in "CDHS" for r in ("7" if s in "CD" else "5" if s == "H" else "3")
             + "89TJQKA"]
RANKS_BY_INDEX = {"C": "789TJQKA", "D": "789TJQKA", "H": "589TJQKA", "S": "389TJQKA"}

PASS = {"type": "pass"}
REDEAL = {"type": "redeal"}
KEEP = {"type": "keep"}
KAISER = {"type": "kaiser"}


def bid(points: int, no_trump: bool = False) -> dict[str, Any]:
    return {"type": "bid", "points": points, "no_trump": no_trump}


def trump(suit: str | None) -> dict[str, Any]:
    return {"type": "trump", "suit": suit}


def play(card: str) -> dict[str, Any]:
    return {"type": "play", "card": card}


def pass_card(card: str) -> dict[str, Any]:
    return {"type": "pass_card", "card": card}


def all_action_forms() -> list[dict[str, Any]]:
    """The 89 distinct actions of the game."""
    out = [play(c) for c in ALL_CARDS]
    out += [PASS, REDEAL, KEEP, KAISER]
    out += [trump(s) for s in "CDHS"] + [trump(None)]
    out += [bid(p, nt) for p in range(5, 13) for nt in (False, True)]
    out += [pass_card(c) for c in ALL_CARDS]
    assert len(out) == 89
    return out


def team(seat: int) -> int:
    return seat & 1


def card(suit: str, rank_index: int) -> str:
    return RANKS_BY_INDEX[suit][rank_index] + suit


def scripted_deal(winners: list[int], suits: str = "CCDDHHSS"):
    """A deal (four lists by seat) and its eight tricks ({seat: card}) so that trick ``i``
    is of suit ``suits[i]`` and won by ``winners[i]``."""
    assert len(winners) == 8 and sorted(suits) == sorted("CCDDHHSS")
    hands: list[list[str]] = [[], [], [], []]
    tricks = []
    seen = dict.fromkeys("CDHS", 0)
    for i, suit in enumerate(suits):
        half = seen[suit]
        seen[suit] += 1
        ranks = [7, 5, 3, 1] if half == 0 else [6, 4, 2, 0]
        trick = {winners[i]: card(suit, ranks[0])}
        others = [s for s in SEATS if s != winners[i]]
        for seat, rank in zip(others, ranks[1:]):
            trick[seat] = card(suit, rank)
        for seat, c in trick.items():
            hands[seat].append(c)
        tricks.append(trick)
    return hands, tricks


def special_tricks(suits: str = "CCDDHHSS") -> tuple[int, int]:
    """Indices of the tricks holding the 5H and the 3S in a scripted deal."""
    return (len(suits) - 1 - suits[::-1].index("H"), len(suits) - 1 - suits[::-1].index("S"))


def do(state, *actions):
    for a in actions:
        state = api.apply(state, a)
    return state


def skip_redeal(state):
    """Answer 'keep' to every weak-hand question; with passing to partner, each seat passes
    the first card of its hand."""
    while state["phase"] == "redeal":
        state = api.apply(state, KEEP)
    while state["phase"] == "passing":
        seat = state["to_act"]
        state = api.apply(state, pass_card(api.view(state, seat)["hand"][0]))
    return state


def run_auction(state, bidder: int, action, trump_suit: str | None = None):
    """Everyone passes except ``bidder``, who makes ``action`` at its first turn; then trump."""
    state = skip_redeal(state)
    done = False
    while state["phase"] == "bidding":
        seat = state["to_act"]
        if seat == bidder and not done:
            state = api.apply(state, action)
            done = True
        else:
            state = api.apply(state, PASS)
    assert done, "the bidder never got a turn"
    if state["phase"] == "trump":
        state = api.apply(state, trump(trump_suit))
    return state


def play_tricks(state, tricks):
    """Play the scripted tricks: each seat to act plays its card of the current trick."""
    for trick in tricks:
        first = True
        while first or api.view(state, 0)["trick"]["cards"]:
            first = False
            seat = state["to_act"]
            assert seat in trick, f"seat {seat} has no card in {trick}"
            state = api.apply(state, play(trick[seat]))
    return state


def scripted_hand(profile: str, winners, bidder: int, action, trump_suit="C", dealer=3,
                  scores=(0, 0), suits="CCDDHHSS", options=None, seed="scripted"):
    """A new game with a scripted first deal, its auction and all its tricks played."""
    hands, tricks = scripted_deal(list(winners), suits)
    config = {"profile": profile, "seed": seed, "dealer": dealer, "deal": hands,
              "options": dict(options or {})}
    if list(scores) != [0, 0]:
        config["scores"] = list(scores)
    state = api.new_game(config)
    state = run_auction(state, bidder, action, trump_suit)
    state = play_tricks(state, tricks)
    return state


def raw_of(winners, suits="CCDDHHSS") -> list[int]:
    five, three = special_tricks(suits)
    raw = [0, 0]
    for w in winners:
        raw[team(w)] += 1
    raw[team(winners[five])] += 5
    raw[team(winners[three])] -= 3
    return raw


def winners_for(team0_tricks: int, five_team: int, three_team: int) -> list[int]:
    """Winners of the 8 scripted tricks (default suit order) giving team 0 ``team0_tricks``
    tricks, the 5H (trick 5) to ``five_team`` and the 3S (trick 7) to ``three_team``."""
    slots = [None] * 8
    slots[5] = five_team
    slots[7] = three_team
    need = [team0_tricks - [five_team, three_team].count(0),
            8 - team0_tricks - [five_team, three_team].count(1)]
    assert need[0] >= 0 and need[1] >= 0, "impossible split"
    for i in range(8):
        if slots[i] is None:
            t = 0 if need[0] > 0 else 1
            need[t] -= 1
            slots[i] = t
    # alternate seats within a team so both partners win something
    out, count = [], [0, 0]
    for t in slots:
        out.append(t + 2 * (count[t] % 2))
        count[t] += 1
    return out


def random_json(rng: random.Random, depth: int = 0):
    kind = rng.randrange(7 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.randint(-5, 70)
    if kind == 3:
        return rng.choice(["", "x", "AS", "5H", "10d", "pass", "bid", "standard", "H", "♥"])
    if kind == 4:
        return rng.random()
    if kind == 5:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "card", "points", "suit", "no_trump", "x"]): random_json(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def deep(obj):
    return copy.deepcopy(obj)


def script_module(path: str) -> ModuleType:
    """A script of the checkout (``build.py``, ``tools/versus.py``) as a module: scripts are
    not part of the package, so their tests load them by path."""
    file = Path(__file__).resolve().parent.parent / path
    spec = importlib.util.spec_from_file_location(file.stem, file)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_module() -> ModuleType:
    """The checkout's build.py as a module."""
    return script_module("build.py")


def basic_midhand(profile: str, index: int, cards_left: int):
    """A duplicate deal of the match harness played by ``basic`` until the seat to act holds
    ``cards_left`` cards and has a choice: a table whose every call and card ``basic`` made,
    for the bots that read it."""
    rules = Rules.from_config(profile)
    cards, dealer, scores = match.deal_context("post", index, rules, False)
    game = Game(rules, f"post:{index}", dealer=dealer, deal=cards, scores=scores)
    while not (game.phase == PLAY and game.hands[game.to_act].bit_count() <= cards_left
               and len(game.legal()) > 1):
        game.step(choose(game, "basic", 0))
    return game
