"""Kaiser, the Canadian partnership trick-taking game: rules engine, bots and JSON bridge.

The package is layered, each layer importing only those before it:

- ``engine``: the rules and the game (cards, rules, deal, actions, tricks, scoring, game);
- ``bots``: from ``random`` to ``expert``, and the exact double-dummy solver;
- ``codes``: games and deals as link codes (packing, share, challenge: its par is a bot's);
- ``review``: the analysis of a finished hand and the hints;
- ``bridge``: the JSON bridge the page uses (api, tables, shapes, events, webcall);
- ``interop``: the researchers' doors (a game dealt as chance, tensors, bots as opponents, and
  the OpenSpiel and PettingZoo adapters, which need their optional extras);
- ``tools``: the command line (cli, bench, match).

Start with ``kaiser_core.api`` (plain JSON in and out); the fast internal path is
``kaiser_core.engine.game.Game`` over int actions.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType

from .engine.cards import card_name, card_str, parse_card
from .errors import IllegalAction, InvalidAction, KaiserError
from .engine.rules import PROFILES, Rules

__version__ = "1.0.0"

# Version 1.0 kept every module at the top of the package; programs written against it import
# ``kaiser_core.game``, ``kaiser_core.api`` and so on. Those names stay importable, each one the
# very module of its layer (not a copy), loaded only when first asked for.
_FORMER_PATHS = {
    "cards": "engine.cards", "rules": "engine.rules", "rules_text": "engine.rules_text",
    "deal": "engine.deal", "actions": "engine.actions", "tricks": "engine.tricks",
    "scoring": "engine.scoring", "game": "engine.game",
    "packing": "codes.packing", "share": "codes.share", "challenge": "codes.challenge",
    "analysis": "review.analysis", "hints": "review.hints",
    "api": "bridge.api", "shapes": "bridge.shapes", "events": "bridge.events",
    "tables": "bridge.tables", "webcall": "bridge.webcall",
    "bench": "tools.bench", "match": "tools.match", "cli": "tools.cli",
}


class _FormerPath(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``kaiser_core.<former name>`` and hands back the module of its layer."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in _FORMER_PATHS:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        name = spec.name.rpartition(".")[2]
        return importlib.import_module(f"{__name__}.{_FORMER_PATHS[name]}")

    def exec_module(self, module: ModuleType) -> None:
        """The module was run when its layer imported it."""


if not any(isinstance(finder, _FormerPath) for finder in sys.meta_path):
    sys.meta_path.append(_FormerPath())


def __getattr__(name: str) -> ModuleType:
    """``from kaiser_core import api`` (and the other former names) without importing them all
    with the package."""
    if name in _FORMER_PATHS:
        return importlib.import_module(f"{__name__}.{_FORMER_PATHS[name]}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
           "PROFILES",
           "IllegalAction",
           "InvalidAction",
           "KaiserError",
           "Rules",
           "__version__",
           "card_name",
           "card_str",
           "parse_card",
]
