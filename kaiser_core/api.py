"""``kaiser_core.api``: the documented door of 1.0 (``from kaiser_core import api``), kept as a
plain re-export of ``kaiser_core.bridge.api``, where the functions live, so that name never
moves again when the package's folders do. The same function objects, not copies."""

from .bridge.api import *  # noqa: F403
from .bridge.api import __all__ as __all__
