"""The two ways an outside request can be refused.

Kept apart so a UI can tell a bug in its own input (``InvalidAction``) from a
move the player is simply not allowed to make (``IllegalAction``). Both are
``ValueError`` so callers that do not care can catch one class.

Each refusal also carries a ``code``, a word a program can test where the
message is for people: the page reopens a table on ``"table_not_found"``
instead of reading the message's text, which may be reworded any day.
"""


class KaiserError(ValueError):
    """Base of every error the engine raises on purpose."""

    default_code = "refused"

    def __init__(self, message: str = "", code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code


class InvalidAction(KaiserError):
    """The input is malformed: wrong shape, unknown name, corrupt data."""

    default_code = "invalid_action"


class IllegalAction(KaiserError):
    """The input is well formed but the rules forbid it here."""

    default_code = "illegal_action"
