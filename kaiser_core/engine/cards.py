"""Cards as small ints and hands as bit masks.

Card ``i = 8 * suit + rank`` with suits ``C D H S`` (0-3) and ranks from the
low card (7, 7, 5 or 3) up to the ace (0-7). A set of cards is an int with
bit ``i`` set, so following suit is ``hand & SUIT_MASK[led] or hand`` and the
highest card of a suit in a set is its highest bit.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import InvalidAction

SUITS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
RANK_CHARS = ("7", "8", "9", "T", "J", "Q", "K", "A")
LOW_CARD = ("7", "7", "5", "3")
DECK = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))

FIVE_OF_HEARTS = 8 * HEARTS
THREE_OF_SPADES = 8 * SPADES
FIVE_OF_HEARTS_BIT = 1 << FIVE_OF_HEARTS
THREE_OF_SPADES_BIT = 1 << THREE_OF_SPADES
HONOURS = 0xF0F0F0F0 | FIVE_OF_HEARTS_BIT | THREE_OF_SPADES_BIT
"""A, K, Q, J of every suit and the two special cards: a hand without any is weak."""

SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
RANK_WORDS = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
LOW_WORDS = ("seven", "seven", "five", "three")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def rank_char(card: int) -> str:
    rank = card & 7
    return LOW_CARD[card >> 3] if rank == 0 else RANK_CHARS[rank]


def card_str(card: int) -> str:
    """``card_str(16) == "5H"``."""
    return rank_char(card) + SUITS[card >> 3]


CARD_STRS = tuple(card_str(c) for c in range(32))
_PARSE = {s: c for c, s in enumerate(CARD_STRS)}


def card_name(card: int) -> str:
    """The card in words, as a screen reader says it: ``"queen of hearts"``."""
    rank = card & 7
    word = LOW_WORDS[card >> 3] if rank == 0 else RANK_WORDS[rank]
    return f"{word} of {SUIT_WORDS[card >> 3]}"


def parse_card(text: object) -> int:
    """Read a card the way people type it: ``"TD"``, ``"10d"``, ``"Q♥"``.

    >>> parse_card("10D") == parse_card("td")
    True
    >>> parse_card("7H")
    Traceback (most recent call last):
    ...
    kaiser_core.errors.InvalidAction: not a Kaiser card: '7H' (the 32-card deck has 5H, not 7H)
    """
    if not isinstance(text, str):
        raise InvalidAction(f"a card must be a string like 'AS' or '5H', got {text!r}")
    raw = text.strip()
    if raw and raw[-1] in SUIT_SYMBOLS:
        raw = raw[:-1] + SUIT_SYMBOLS[raw[-1]]
    norm = raw.upper()
    if norm.startswith("10"):
        norm = "T" + norm[2:]
    card = _PARSE.get(norm)
    if card is None:
        hint = ""
        if len(norm) == 2 and norm[1] in SUITS and norm[0] in "23456" + "7":
            hint = f" (the 32-card deck has {LOW_CARD[SUITS.index(norm[1])]}{norm[1]}, not {norm})"
        raise InvalidAction(f"not a Kaiser card: {text!r}{hint}")
    return card


def parse_suit(text: object) -> int:
    if isinstance(text, str):
        norm = SUIT_SYMBOLS.get(text.strip(), text.strip().upper())
        if len(norm) == 1 and norm in SUITS:
            return SUITS.index(norm)
    raise InvalidAction(f"not a suit: {text!r} (expected one of C, D, H, S)")


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


SUIT_CARDS = tuple(tuple(tuple(8 * suit + r for r in range(8) if bits >> r & 1) for bits in range(256))
                   for suit in range(4))
"""Per suit, per 8-bit rank pattern, its cards: ``cards_of`` (and its inlined copy in
``Game.legal``) is four table reads, not a loop over set bits, because legal plays are listed
for every move of every game and playout."""
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = SUIT_CARDS


def cards_of(mask: int) -> list[int]:
    """Cards of a mask (of the 32 cards: no bit above 31), lowest index first."""
    return [*_CLUBS[mask & 0xFF], *_DIAMONDS[mask >> 8 & 0xFF], *_HEARTS[mask >> 16 & 0xFF],
            *_SPADES[mask >> 24]]


def sorted_hand(mask: int) -> list[str]:
    """A hand as a player holds it: clubs, diamonds, hearts, spades; high to low."""
    out = []
    for suit in range(4):
        bits = (mask >> (8 * suit)) & 0xFF
        for rank in range(7, -1, -1):
            if bits >> rank & 1:
                out.append(CARD_STRS[8 * suit + rank])
    return out
