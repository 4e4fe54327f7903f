"""The two ways an outside request can be refused.

Kept apart so a UI can tell a bug in its own input (``InvalidAction``) from a
move the player is simply not allowed to make (``IllegalAction``). Both are
``ValueError`` so callers that do not care can catch one class.
"""


class KaiserError(ValueError):
    """Base of every error the engine raises on purpose."""


class InvalidAction(KaiserError):
    """The input is malformed: wrong shape, unknown name, corrupt data."""


class IllegalAction(KaiserError):
    """The input is well formed but the rules forbid it here."""
