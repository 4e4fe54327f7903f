"""Kaiser, the Canadian partnership trick-taking game: rules engine, bots and JSON bridge.

Start with ``kaiser_core.api`` (plain JSON in and out); the fast internal path is
``kaiser_core.game.Game`` over int actions.
"""

from .cards import card_name, card_str, parse_card
from .errors import IllegalAction, InvalidAction, KaiserError
from .rules import PROFILES, Rules

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
