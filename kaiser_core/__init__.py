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

Start with ``kaiser_core.api`` (plain JSON in and out: ``kaiser_core/api.py`` re-exports the
bridge's ``api``); the fast internal path is
``kaiser_core.engine.game.Game`` over int actions.
"""

from __future__ import annotations

from .engine.cards import card_name, card_str, parse_card
from .engine.rules import PROFILES, Rules
from .errors import IllegalAction, InvalidAction, KaiserError

__version__ = "1.0.0"

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
