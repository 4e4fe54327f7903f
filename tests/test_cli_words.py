"""The terminal game speaks a card player's words: cards by name and suit symbol, the contract
in words, scores per side; never Python's None, lists or card codes."""

from __future__ import annotations

import argparse
import io
import re
import sys

import pytest

from kaiser_core.tools import cli

SYMBOL_LETTER = {"\u2663": "c", "\u2666": "d", "\u2665": "h", "\u2660": "s"}


def _typed(first: str) -> str:
    """What a player types for the first legal choice as the game lists it."""
    if first.startswith("bid "):
        return first[4:].replace(" no trump", " no")
    if first == "no trump":
        return "trump none"
    if first.startswith("trump "):
        return SYMBOL_LETTER[first[-1]]
    if first.startswith("pass ") and first.endswith(" to partner"):
        return first.split()[1]
    return first  # "pass", "redeal", "keep", "kaiser" or a card such as "10\u2660"


@pytest.mark.parametrize("options", ["", '{"pass_to_partner": true}'])
def test_play_prints_cards_contracts_and_scores_in_words(monkeypatch, options):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)

    def scripted(prompt: str = "") -> str:
        text = out.getvalue()
        if "-- Hand over" in text:
            raise EOFError  # one whole hand is enough
        legal = text.rsplit("Legal: ", 1)[1].splitlines()[0]
        return _typed(legal.split(", ")[0])

    monkeypatch.setattr("builtins.input", scripted)
    args = argparse.Namespace(profile="standard", seed="words", options=options, level="basic")
    assert cli.cmd_play(args) == 0
    text = out.getvalue()
    assert "-- Hand over. Points taken: us " in text
    assert re.search(r"Contract: (South|West|North|East) \d+", text), text[-2000:]
    assert "Trick so far: no card yet." in text
    assert re.search(r"Trick so far: (South|West|North|East) (10|[AKQJ987653])[\u2663\u2666\u2665\u2660]", text)
    assert re.search(r"plays the (ace|king|queen|jack|ten|nine|eight|seven|five|three) of "
                     r"(clubs|diamonds|hearts|spades) \(", text)
    for code_word in ("None", "[", "]", "Scores [", "team 0", "'"):
        assert code_word not in text.replace("'pass'", "").replace("'8'", "").replace("'8 no'", "")\
            .replace("'kaiser'", "").replace("'redeal'", "").replace("'keep'", ""), code_word
    # A card code such as "QH" or "TS" never stands for a card.
    assert not re.search(r"\b(10|[AKQJT98753])[CDHS]\b", text.split("Ctrl-D quits.", 1)[1])
