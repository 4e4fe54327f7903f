"""Card notation: parsing, printing, names, the 32-card deck."""

import pytest

import kaiser_core
from kaiser_core import InvalidAction, card_name, card_str, parse_card
from kaiser_core.engine.cards import CARD_STRS, sorted_hand

from helpers import ALL_CARDS


def test_deck_is_the_32_kaiser_cards():
    assert sorted(CARD_STRS) == sorted(ALL_CARDS)
    assert len(set(CARD_STRS)) == 32
    for low in ("7C", "7D", "5H", "3S"):
        assert low in CARD_STRS
    for absent in ("7H", "7S", "5C", "3D", "6C", "2S", "5S", "3H"):
        assert absent not in CARD_STRS


def test_card_index_is_eight_times_suit_plus_rank():
    assert card_str(0) == "7C" and card_str(7) == "AC"
    assert card_str(8) == "7D" and card_str(15) == "AD"
    assert card_str(16) == "5H" and card_str(23) == "AH"
    assert card_str(24) == "3S" and card_str(31) == "AS"
    assert [card_str(i) for i in range(8)] == ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]


@pytest.mark.parametrize("i", range(32))
def test_round_trip(i):
    assert parse_card(card_str(i)) == i
    assert parse_card(card_str(i).lower()) == i


@pytest.mark.parametrize("text,expected", [
    ("10D", "TD"), ("10d", "TD"), ("td", "TD"), ("Td", "TD"), ("tD", "TD"),
    ("as", "AS"), ("5h", "5H"), ("3s", "3S"), (" QH ", "QH"),
    ("Q♥", "QH"), ("A♠", "AS"), ("7♣", "7C"), ("K♦", "KD"), ("10♥", "TH"),
    ("5♡", "5H"), ("3♤", "3S"), ("9♢", "9D"), ("8♧", "8C"),
])
def test_accepted_spellings(text, expected):
    assert card_str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["7H", "7S", "5C", "3D", "2C", "6H", "1S", "11D", "ZZ", "", "A",
                                  "AX", "ASS", "10", "♥", "KH♥", "0D", "AS AS"])
def test_bad_card_strings_raise_naming_the_card(text):
    with pytest.raises(InvalidAction) as err:
        parse_card(text)
    assert repr(text) in str(err.value) or text in str(err.value)
    assert isinstance(err.value, ValueError)


def test_missing_low_card_hint():
    with pytest.raises(InvalidAction, match="5H"):
        parse_card("7H")
    with pytest.raises(InvalidAction, match="3S"):
        parse_card("5S")


@pytest.mark.parametrize("obj", [None, 16, 3.5, ["AS"], {"card": "AS"}, b"AS", True])
def test_non_strings_rejected(obj):
    with pytest.raises(InvalidAction):
        parse_card(obj)


def test_card_names():
    assert card_name(parse_card("QH")) == "queen of hearts"
    assert card_name(parse_card("5H")) == "five of hearts"
    assert card_name(parse_card("3S")) == "three of spades"
    assert card_name(parse_card("7D")) == "seven of diamonds"
    assert card_name(parse_card("TC")) == "ten of clubs"
    assert len({card_name(i) for i in range(32)}) == 32


def test_sorted_hand_by_suit_then_high_to_low():
    mask = sum(1 << parse_card(c) for c in ["5H", "AC", "7C", "3S", "AS", "KD", "TH", "JH"])
    assert sorted_hand(mask) == ["AC", "7C", "KD", "JH", "TH", "5H", "AS", "3S"]


def test_package_exports():
    assert issubclass(kaiser_core.InvalidAction, ValueError)
    assert issubclass(kaiser_core.IllegalAction, ValueError)
    assert not issubclass(kaiser_core.InvalidAction, kaiser_core.IllegalAction)
    assert not issubclass(kaiser_core.IllegalAction, kaiser_core.InvalidAction)
