"""One list of the bridge's functions: ``api.__all__``. The worker refuses any other name, and
the page's types (web/js/types.js) and the documentation (docs/bridge.md) name exactly these."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kaiser_core.bridge import api, webcall

ROOT = Path(__file__).resolve().parent.parent


def test_every_listed_name_is_a_bridge_function_and_the_worker_takes_exactly_those():
    assert frozenset(api.__all__) == webcall.BRIDGE
    for name in api.__all__:
        assert callable(getattr(api, name)), name
    public = {n for n, v in vars(api).items()
              if callable(v) and not n.startswith("_") and getattr(v, "__module__", "").startswith(
                  "kaiser_core.bridge") and n not in {"check_seat", "summary_json", "view_json",
                                                      "action_events", "before_of", "seen_by"}}
    assert public == set(api.__all__)


def test_the_package_door_is_the_bridge_api():
    """``from kaiser_core import api`` (the README's first line) hands out the bridge's own
    functions, and the package's front names stay where 1.0 put them."""
    import kaiser_core
    from kaiser_core import api as door

    assert door.__all__ == api.__all__
    for name in api.__all__:
        assert getattr(door, name) is getattr(api, name), name
    assert kaiser_core.InvalidAction.__name__ == "InvalidAction"
    assert issubclass(kaiser_core.IllegalAction, ValueError)
    assert issubclass(kaiser_core.InvalidAction, ValueError)


@pytest.mark.host_only
def test_the_page_types_and_the_docs_name_the_same_functions():
    types = (ROOT / "web" / "js" / "types.js").read_text(encoding="utf-8")
    block = types[types.index("@typedef {object} Bridge"):]
    block = block[:block.index("*/")]
    typed = set(re.findall(r"@property \{.*\} (\w+)$", block, re.M))
    assert typed == set(api.__all__)
    docs = (ROOT / "docs" / "bridge.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^- `(\w+)\(", docs, re.M))
    assert documented == set(api.__all__)
