"""The two pages share the table's markup through web/partials/: the built pages must hold it
whole, at the place and indent of each include, and every e2e hook the pages promise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers import build_module


@pytest.mark.host_only
@pytest.mark.parametrize("page", ["index.html", "friends.html"])
def test_a_copied_page_holds_its_partials_and_no_include_line(tmp_path: Path, page: str) -> None:
    build = build_module()
    build.copy_web(tmp_path)
    text = (tmp_path / page).read_text(encoding="utf-8")
    assert "<!--#include" not in text
    assert not (tmp_path / build.PARTIALS).exists()
    for hook in ('<main id="table"', 'data-testid="seat-0"', 'data-testid="trick"',
                 'data-testid="analysis"', 'data-testid="stats"'):
        assert text.count(hook) == 1, (page, hook)
    # Each partial's lines keep the include line's indent, so the page reads as written.
    source = (build.WEB / page).read_text(encoding="utf-8")
    for indent, name in re.findall(r"^([ \t]*)<!--#include ([\w.-]+) -->$", source, re.M):
        first = (build.WEB / build.PARTIALS / name).read_text(encoding="utf-8").splitlines()[0]
        assert f"\n{indent}{first}\n" in text


@pytest.mark.host_only
def test_a_missing_partial_is_named() -> None:
    build = build_module()
    with pytest.raises(SystemExit, match=r"nowhere\.html"):
        build.expand_includes("<body>\n  <!--#include nowhere.html -->\n</body>\n", "page.html")
