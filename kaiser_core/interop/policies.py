"""Our bots as opponents inside either research door. Standard library only.

``KaiserBot("strong")`` called with an OpenSpiel state of ``python_kaiser``, a PettingZoo Kaiser
environment (wrapped or not) or an ``Episode`` returns the action id the bot takes for the seat
to act. The bot is handed that seat's view and nothing else (``kaiser_core.bots.observation``:
its own cards and the public record), exactly as ``kaiser_core.api.bot_action`` hands it; the
levels that see every hand (the oracles, for measurement) are not offered here.
"""

from __future__ import annotations

from .. import bots
from ..errors import IllegalAction, InvalidAction
from .episode import Episode

FAIR_LEVELS = tuple(bots.LEVELS)
"""random, basic, strong, expert: every level that decides from its own seat's view."""


def episode_of(source: object) -> Episode:
    """The episode behind an OpenSpiel state, a PettingZoo environment or an episode."""
    if isinstance(source, Episode):
        return source
    for holder in (source, getattr(source, "unwrapped", None)):
        episode = getattr(holder, "episode", None)
        if isinstance(episode, Episode):
            return episode
    raise InvalidAction(f"not a Kaiser state or environment: {type(source).__name__}")


def bot_action(episode: Episode, level: str = "strong", seed: object = 0,
               time_cap_ms: float | None = None) -> int:
    """The action of a bot of ``level`` for the seat to act, chosen from that seat's view."""
    if level not in bots.LEVELS:
        raise InvalidAction(f"unknown bot level {level!r} here: choose one of "
                            f"{', '.join(FAIR_LEVELS)} (the oracles see every hand)")
    if episode.to_act < 0:
        raise IllegalAction("no seat is to act: the cards are being dealt or the episode is over")
    cap = None if time_cap_ms is None else time_cap_ms / 1000
    return bots.choose(episode.game, level, seed, cap)


class KaiserBot:
    """A bot of one level; each decision is seeded by ``seed`` and the number of moves made,
    as the web page seeds its bots, so a game replays the same."""

    def __init__(self, level: str = "strong", seed: object = 0,
                 time_cap_ms: float | None = None) -> None:
        if level not in bots.LEVELS:
            raise InvalidAction(f"unknown bot level {level!r}: choose one of {', '.join(FAIR_LEVELS)}")
        self.level = level
        self.seed = seed
        self.time_cap_ms = time_cap_ms

    def __call__(self, source: object) -> int:
        episode = episode_of(source)
        return bot_action(episode, self.level, f"{self.seed}:{len(episode.game.history)}",
                          self.time_cap_ms)

    def __repr__(self) -> str:
        return f"KaiserBot({self.level!r}, seed={self.seed!r})"
