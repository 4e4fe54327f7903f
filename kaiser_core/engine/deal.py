"""Seeded deals and deal codes.

The shuffle is pinned here, not borrowed from ``random``, so a seed gives the same
cards on CPython and in Pyodide, on every platform, in every future version.

Algorithm (version 1), for deal number ``n`` (0, 1, 2, ... counting redeals and
thrown-in hands) of a game with seed string ``seed``:

1. A byte stream: SHA-256 of ``b"kaiser-deal-v1\\0" + utf8(seed) + b"\\0" + ascii(n) + b"\\0"
   + block.to_bytes(4, "big")`` for block = 0, 1, 2, ..., concatenated; read as big-endian
   unsigned 32-bit words.
2. Fisher-Yates on the deck ``[0, 1, ..., 31]`` (card indices): for ``i`` from 31 down to 1,
   draw words until one is below ``2**32 - 2**32 % (i + 1)``, take ``j = word % (i + 1)`` and swap
   positions ``i`` and ``j``.
3. Deal singly clockwise from the dealer's left: the card at position ``k`` goes to seat
   ``(dealer + 1 + k) % 4``.
"""

from __future__ import annotations

import base64
import hashlib
import struct

from .cards import CARD_STRS, DECK, parse_card, sorted_hand
from ..errors import InvalidAction

_PREFIX = "kaiser-deal-v1\0"
_EIGHT_WORDS = struct.Struct(">8I")
"""A SHA-256 digest read as eight big-endian 32-bit words, in one call."""
_FOUR_DIGESTS = struct.Struct(">32I")
"""The first four digests read as 32 words in one call: the 31 a shuffle without redraws
uses, and one more."""
_BLOCKS = tuple(block.to_bytes(4, "big") for block in range(4))
_LIMITS = [0] + [(1 << 32) - (1 << 32) % size for size in range(1, 33)]
"""Per deck size, the first word value that would bias ``word % size`` (drawn again)."""
_UNBIASED_BELOW = min(_LIMITS[1:])
"""Below every limit: a stream whose first words are all below it draws none again."""
_TOPS = range(31, 0, -1)
_SIZES = range(32, 1, -1)
_BITS = [1 << c for c in range(32)]
_FIRST_POSITIONS = tuple(tuple((seat - dealer - 1) & 3 for seat in range(4)) for dealer in range(4))
"""Per dealer, per seat, where the seat's first card lies in the deck: position k goes to seat
(dealer + 1 + k) % 4, so a seat holds every fourth card from there."""


def _words(base: bytes, count: int) -> list[int]:
    """The first ``count`` words of the stream hashed from ``base``, rounded up to whole
    digests."""
    words: list[int] = []
    for block in range((count + 7) // 8):
        words.extend(_EIGHT_WORDS.unpack(hashlib.sha256(base + block.to_bytes(4, "big")).digest()))
    return words


def _shuffle(seed: str, n: int, deck: list[int]) -> list[int]:
    """Shuffle ``deck`` (32 cards, or their bits) in place as deal ``n`` of ``seed`` is shuffled.

    Every hand of every game is dealt here, so the common case is written for speed: the
    four digests hashed and read at once and, as no word among them is drawn again (all but
    about one stream in six million), a loop without a limit test. Any other stream takes the
    general loop.
    """
    sha256 = hashlib.sha256
    base = f"{_PREFIX}{seed}\0{n}\0".encode()  # the seed in UTF-8, n in ASCII digits
    first, second, third, fourth = _BLOCKS
    words = _FOUR_DIGESTS.unpack(sha256(base + first).digest() + sha256(base + second).digest()
                                 + sha256(base + third).digest() + sha256(base + fourth).digest())
    if max(words) >= _UNBIASED_BELOW:
        return _shuffle_with_redraws(base, deck)
    for i, size, word in zip(_TOPS, _SIZES, words):
        j = word % size
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle_with_redraws(base: bytes, deck: list[int]) -> list[int]:
    words = _words(base, 32)
    k = 0
    for i, size in zip(_TOPS, _SIZES):
        limit = _LIMITS[size]
        while True:
            if k == len(words):
                words = _words(base, len(words) + 8)
            word = words[k]
            k += 1
            if word < limit:
                break
        j = word % size
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_deck(seed: str, n: int) -> list[int]:
    """The cards of deal ``n`` of the game seeded ``seed``, by position in the shuffled deck."""
    return _shuffle(seed, n, list(range(32)))


def seeded_deal(seed: str, n: int, dealer: int) -> tuple[int, int, int, int]:
    """The four hands (masks, by seat) of deal ``n`` of the game seeded ``seed``."""
    # The cards' bits are shuffled, so a hand is the sum of the bits at its positions.
    deck = _shuffle(seed, n, _BITS[:])
    south, west, north, east = _FIRST_POSITIONS[dealer]
    return sum(deck[south::4]), sum(deck[west::4]), sum(deck[north::4]), sum(deck[east::4])


def encode_deal(hands: tuple[int, ...] | list[int]) -> str:
    """The 11-character deal code: card i held by seat h(i) gives sum(h(i) << 2i), 8 bytes LE."""
    number = 0
    for seat, mask in enumerate(hands):
        m = mask
        while m:
            low = m & -m
            number |= seat << (2 * (low.bit_length() - 1))
            m ^= low
    return base64.urlsafe_b64encode(number.to_bytes(8, "little")).decode("ascii").rstrip("=")


def decode_deal(code: object) -> tuple[int, int, int, int]:
    if not isinstance(code, str) or len(code) != 11:
        raise InvalidAction(f"a deal code is 11 characters of base64url, got {code!r}")
    try:
        raw = base64.urlsafe_b64decode(code + "=")
    except (ValueError, TypeError):
        raise InvalidAction(f"not a deal code (bad base64url): {code!r}") from None
    if len(raw) != 8 or encode_deal_bytes(raw) != code:
        raise InvalidAction(f"not a deal code (non-canonical): {code!r}")
    number = int.from_bytes(raw, "little")
    hands = [0, 0, 0, 0]
    for card in range(32):
        hands[(number >> (2 * card)) & 3] |= 1 << card
    check_deal(hands)
    return hands[0], hands[1], hands[2], hands[3]


def encode_deal_bytes(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def check_deal(hands: list[int]) -> None:
    for seat, mask in enumerate(hands):
        if mask.bit_count() != 8:
            raise InvalidAction(f"seat {seat} must hold 8 cards, this deal gives it {mask.bit_count()}")


def parse_deal(deal: object) -> tuple[int, int, int, int]:
    """A deal given as a code or as four lists of card strings, by seat."""
    if isinstance(deal, str):
        return decode_deal(deal)
    if not isinstance(deal, list) or len(deal) != 4 or not all(isinstance(h, list) for h in deal):
        raise InvalidAction("a deal is a deal code or four lists of card strings, one per seat")
    hands = []
    seen = 0
    for cards in deal:
        mask = 0
        for text in cards:
            card = parse_card(text)
            if seen >> card & 1:
                raise InvalidAction(f"card {CARD_STRS[card]} is dealt twice")
            seen |= 1 << card
            mask |= 1 << card
        hands.append(mask)
    check_deal(hands)
    if seen != DECK:
        raise InvalidAction("a deal must use the 32 cards once each")
    return hands[0], hands[1], hands[2], hands[3]


def deal_lists(hands: tuple[int, ...] | list[int]) -> list[list[str]]:
    return [sorted_hand(m) for m in hands]

