"""Two revisions of the engine head to head: is the new bot better than the champion?

    python tools/versus.py REV_A REV_B --deals 2000 [--profile prairie] [--level strong]
                           [--level-b LEVEL] [--workers N] [--seed match]

Each revision (anything ``git rev-parse`` reads; ``.`` is the working tree as it stands) is
checked out once into its own directory, ``.cache/versus/<sha>`` (an exported tree: no branch
or worktree is registered, so nothing is left to clean up in git), and answers its side's
decisions in a Python process of its own started there, so each side runs its own bots,
tables and data files, whatever the two revisions changed. The games are refereed here, by
this checkout's engine, on the match harness's duplicate deals, scores and decision seeds:
side A holds seats 0 and 2 at one table and 1 and 3 at the other, and a deal's result is A's
mean net score over the two. A card or call a side answers that this engine refuses stops the
run (the revisions disagree on the rules). The two sides being the same revision, every deal
ends exactly 0.

It prints A's mean points a deal with a 95% interval and ``keep`` only when the whole interval
lies above zero: a new ``strong`` replaces the old one only then.
"""

from __future__ import annotations

import argparse
import json
import io
import queue
import subprocess
import sys
import tarfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kaiser_core.engine.game import GAME_OVER, Game, team
from kaiser_core.engine.rules import PROFILES, Rules
from kaiser_core.tools.match import deal_context, default_workers, interval

ROOT = Path(__file__).resolve().parent.parent

SERVER = r"""
import json, sys
try:
    from kaiser_core.engine.game import PLAY, Game
    from kaiser_core.engine.rules import Rules
except ImportError:
    from kaiser_core.game import PLAY, Game
    from kaiser_core.rules import Rules
from kaiser_core.bots import choose

key, game, done = None, None, 0
for line in sys.stdin:
    ask = json.loads(line)
    actions = ask["actions"]
    if ask["table"] != key:
        key, done = ask["table"], 0
        game = Game(Rules.from_config(ask["profile"], ask["options"]), ask["seed"],
                    dealer=ask["dealer"], deal=tuple(ask["deal"]), scores=tuple(ask["scores"]))
    for action in actions[done:]:
        game.step(action)
    done = len(actions)
    auction, _, play = ask["level"].partition("/")
    level = play if play and game.phase == PLAY else auction
    print(json.dumps(choose(game, level, ask["choice"])), flush=True)
"""
"""A side's decisions: the table as the harness set it up and every action so far in, the
action of the seat to act out, one JSON line each. It uses only what every revision has."""


def checkout(rev: str, cache: Path) -> Path:
    """The directory holding revision ``rev`` (``.``: this working tree)."""
    if rev == ".":
        return ROOT
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout.strip()
    target = cache / sha
    if not (target / "kaiser_core").is_dir():
        tar = subprocess.run(["git", "archive", sha], cwd=ROOT, check=True,
                             capture_output=True).stdout
        target.mkdir(parents=True, exist_ok=True)
        with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
            archive.extractall(target, filter="data")
    return target


class Side:
    """A process of one revision answering decisions."""

    def __init__(self, directory: Path, level: str) -> None:
        self.level = level
        self.process = subprocess.Popen([sys.executable, "-c", SERVER], cwd=directory,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def ask(self, table: str, setup: dict[str, Any], actions: list[int], choice: str) -> int:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({**setup, "table": table, "actions": actions,
                                             "level": self.level, "choice": choice}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"the side playing {self.level} stopped (its error is above)")
        return int(json.loads(line))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def play_deal(sides: tuple[Side, Side], profile: str, options: dict[str, Any] | None,
              seed: str, index: int) -> float:
    """One duplicate deal as ``tools.match.play_deal`` plays it: A's mean net score."""
    rules = Rules.from_config(profile, options)
    cards, dealer, scores = deal_context(seed, index, rules, False)
    setup = {"profile": profile, "options": options, "seed": f"{seed}:{index}",
             "dealer": dealer, "deal": list(cards), "scores": list(scores)}
    net = 0
    for a_team in (0, 1):
        game = Game(rules, f"{seed}:{index}", dealer=dealer, deal=cards, scores=scores)
        while not game.records and game.phase != GAME_OVER:
            side = sides[0 if team(game.to_act) == a_team else 1]
            action = side.ask(f"{index}:{a_team}", setup, game.history,
                              f"{seed}:{index}:{len(game.history)}")
            game.check(action)
            game.step(action)
        delta = game.records[-1].delta
        net += delta[a_team] - delta[1 - a_team]
    return net / 2


def run(dirs: tuple[Path, Path], levels: tuple[str, str], deals: int, profile: str,
        options: dict[str, Any] | None, seed: str, workers: int) -> list[float]:
    """Every deal's result, in order; ``workers`` pairs of sides play deals side by side."""
    pairs: queue.Queue[tuple[Side, Side]] = queue.Queue()
    made = [(Side(dirs[0], levels[0]), Side(dirs[1], levels[1]))
            for _ in range(max(1, min(workers, deals)))]
    for pair in made:
        pairs.put(pair)
    done = [0]
    lock = threading.Lock()

    def one(index: int) -> float:
        pair = pairs.get()
        try:
            return play_deal(pair, profile, options, seed, index)
        finally:
            pairs.put(pair)
            with lock:
                done[0] += 1
                sys.stderr.write(f"\r{done[0]}/{deals} deals")
                sys.stderr.flush()

    try:
        with ThreadPoolExecutor(len(made)) as pool:
            results = list(pool.map(one, range(deals)))
    finally:
        for pair in made:
            for side in pair:
                side.close()
    sys.stderr.write("\n")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev_a")
    parser.add_argument("rev_b")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--profile", choices=list(PROFILES), default="prairie")
    parser.add_argument("--options", help="rule switches as JSON")
    parser.add_argument("--level", default="strong", help="the level of both sides")
    parser.add_argument("--level-b", help="side B's level, if not --level")
    parser.add_argument("--seed", default="match")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--cache", type=Path, default=ROOT / ".cache" / "versus")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    levels = (args.level, args.level_b or args.level)
    dirs = (checkout(args.rev_a, args.cache), checkout(args.rev_b, args.cache))
    diffs = run(dirs, levels, args.deals, args.profile, options, args.seed, args.workers)
    mean, low, high = interval(diffs)
    keep = low > 0
    if args.json:
        print(json.dumps({"a": args.rev_a, "b": args.rev_b, "levels": levels,
                          "profile": args.profile, "deals": args.deals, "mean": mean,
                          "low": low, "high": high, "keep": keep, "diffs": diffs}))
        return 0
    print(f"{args.rev_a} ({levels[0]}) vs {args.rev_b} ({levels[1]}), {args.profile}, "
          f"{args.deals} duplicate deals: {mean:+.2f} points a deal (95% CI {low:+.2f} to "
          f"{high:+.2f})")
    why = "B is better: the interval lies below zero" if high < 0 else "the interval reaches zero"
    print(f"keep {args.rev_a}" if keep else f"do not keep {args.rev_a}: {why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
