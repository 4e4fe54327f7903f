"""The page's types (web/js/types.js) name the same fields as the bridge's typed shapes
(``bridge/shapes.py``): each ``@typedef {object}`` that has a Python twin lists exactly its
fields, optional (``[name]``) exactly where the TypedDict's field is ``NotRequired``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NotRequired, get_origin, get_type_hints

import pytest

from kaiser_core.bridge import shapes
from kaiser_core.engine.scoring import ContractJson

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.host_only  # reads web/js/types.js

# The page's name for each shape -> the TypedDict the bridge writes it from.
TWINS = {
    "View": shapes.View,
    "HandRecord": shapes.Record,
    "Summary": shapes.Summary,
    "TableReply": shapes.TableReply,
    "Standing": shapes.Standing,
    "ToTake": shapes.ToTake,
    "Contract": ContractJson,
}


def _optional(shape: type) -> set[str]:
    """A TypedDict's ``NotRequired`` fields (read from its hints: under postponed annotations
    ``__optional_keys__`` does not see them)."""
    hints = get_type_hints(shape, include_extras=True)
    return {name for name, hint in hints.items() if get_origin(hint) is NotRequired}


def _typedefs(text: str) -> dict[str, dict[str, bool]]:
    """Each ``@typedef {object} Name`` of the JSDoc text: its properties, each True when it is
    optional. A property's type may span lines and nest braces."""
    found: dict[str, dict[str, bool]] = {}
    for comment in re.findall(r"/\*\*(.*?)\*/", text, re.S):
        head = re.search(r"@typedef \{object\} (\w+)", comment)
        if not head:
            continue
        props: dict[str, bool] = {}
        for start in (m.end() for m in re.finditer(r"@property \{", comment)):
            depth, at = 1, start
            while depth:
                depth += {"{": 1, "}": -1}.get(comment[at], 0)
                at += 1
            name = re.match(r"\s*(\[?)(\w+)", comment[at:])
            assert name, comment[start:at + 40]
            props[name.group(2)] = bool(name.group(1))
        found[head.group(1)] = props
    return found


@pytest.mark.parametrize("page_name", sorted(TWINS))
def test_a_page_type_names_the_fields_of_its_bridge_shape(page_name):
    shape = TWINS[page_name]
    types = _typedefs((ROOT / "web" / "js" / "types.js").read_text(encoding="utf-8"))
    assert page_name in types, f"web/js/types.js has no @typedef {{object}} {page_name}"
    typed = types[page_name]
    assert set(typed) == set(shape.__annotations__)
    optional = {name for name, opt in typed.items() if opt}
    assert optional == _optional(shape)


def test_the_parser_reads_optional_and_nested_properties():
    text = """
    /**
     * @typedef {object} Shape
     * @property {number} plain
     * @property {{a: number,
     *   b: {c: string}[]}[]} nested
     * @property {string | null} [maybe] said of it
     */
    """
    assert _typedefs(text) == {"Shape": {"plain": False, "nested": False, "maybe": True}}
