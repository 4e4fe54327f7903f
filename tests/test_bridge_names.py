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


def test_the_typed_shapes_name_exactly_the_fields_the_bridge_writes():
    """``bridge/shapes.py`` writes each shape once; a view, a score sheet, a hand's record and
    a table's reply hold exactly its fields (but those only some replies carry), and a phase
    is its plain string in JSON."""
    import json

    from kaiser_core.bridge import shapes
    from kaiser_core.engine.game import Phase

    state = api.new_game({"profile": "prairie", "seed": "shapes", "dealer": 1})
    while not api.summary(state)["hands"]:
        state = api.apply(state, api.bot_action(state, "basic", seed=len(state["actions"])))
    view, sheet = api.view(state, 0), api.summary(state)
    assert set(view) == set(shapes.View.__annotations__)
    assert set(sheet) == set(shapes.Summary.__annotations__)
    assert set(sheet["hands"][0]) == set(shapes.Record.__annotations__) - {"undo"}
    reply = api.open_table(state)
    assert set(reply) == set(shapes.TableReply.__annotations__) - {"action", "undone"}
    api.close_table(reply["table"])
    assert json.loads(json.dumps(view))["phase"] == view["phase"] == str(view["phase"])
    assert {p.value for p in Phase} == {"redeal", "passing", "bidding", "trump", "play", "game_over"}


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
