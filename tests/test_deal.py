"""Seeded deals (pinned algorithm, golden vectors) and deal codes."""

import base64
import hashlib

import pytest

from kaiser_core import InvalidAction
from kaiser_core.bridge import api
from kaiser_core.engine.deal import (decode_deal, deal_lists, encode_deal, parse_deal, seeded_deal,
                              shuffled_deck)

from helpers import ALL_CARDS, PASS, bid, do, skip_redeal

# Frozen outputs of seeded_deal(seed, n, dealer) as deal codes. These must never change: a saved
# game or a shared link replays from its seed.
GOLDEN = [
    ("a", 0, 0, "34TxS9Qitho"),
    ("a", 1, 0, "HecI4q_uUUE"),
    ("a", 0, 3, "inOsNoPdYcU"),
    ("kaiser", 0, 1, "FCar8cuxdYw"),
    ("kaiser", 7, 2, "xfiAPqU5VrM"),
    ("", 0, 0, "BQTa2z-unFI"),
    ("héllo ♠", 3, 3, "-Bp1hKWzsTw"),
    ("12345", 0, 0, "jo0YUXsNsn4"),
    ("x", 0, 0, "t2AM6GfayUc"),
    ("x", 0, 1, "yLVRPbgvHpg"),
]
GOLDEN_DECK_A0 = [8, 13, 26, 21, 18, 28, 1, 9, 5, 20, 12, 14, 2, 27, 3, 16, 30, 22, 0, 4, 25, 24,
                  11, 23, 15, 7, 19, 6, 17, 29, 10, 31]


def reference_deck(seed: str, n: int, limit_of=lambda size: 2 ** 32 - 2 ** 32 % size) -> list[int]:
    """The algorithm exactly as the deal.py docstring pins it, written independently."""
    base = b"kaiser-deal-v1\0" + seed.encode("utf-8") + b"\0" + str(n).encode("ascii") + b"\0"
    words = []
    block = 0

    def word():
        nonlocal block
        if not words:
            digest = hashlib.sha256(base + block.to_bytes(4, "big")).digest()
            block += 1
            words.extend(int.from_bytes(digest[k:k + 4], "big") for k in range(0, 32, 4))
        return words.pop(0)

    deck = list(range(32))
    for i in range(31, 0, -1):
        limit = limit_of(i + 1)
        w = word()
        while w >= limit:
            w = word()
        j = w % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def reference_code(seed, n, dealer):
    number = 0
    for k, c in enumerate(reference_deck(seed, n)):
        number |= ((dealer + 1 + k) % 4) << (2 * c)
    return base64.urlsafe_b64encode(number.to_bytes(8, "little")).decode().rstrip("=")


@pytest.mark.parametrize("seed,n,dealer,code", GOLDEN)
def test_golden_deal_codes(seed, n, dealer, code):
    assert encode_deal(seeded_deal(seed, n, dealer)) == code
    assert reference_code(seed, n, dealer) == code


def test_golden_deck():
    assert shuffled_deck("a", 0) == GOLDEN_DECK_A0
    assert reference_deck("a", 0) == GOLDEN_DECK_A0


@pytest.mark.parametrize("seed", ["b", "seed with spaces", "ünïcödé", "0"])
@pytest.mark.parametrize("n", [0, 1, 12])
def test_matches_the_pinned_algorithm(seed, n):
    assert shuffled_deck(seed, n) == reference_deck(seed, n)
    for dealer in range(4):
        assert encode_deal(seeded_deal(seed, n, dealer)) == reference_code(seed, n, dealer)


def test_rejected_draws_read_the_stream_further(monkeypatch):
    """A rejected word is vanishingly rare with the real limits, so lower them: about half the
    words are drawn again and the stream runs past its first four digests."""
    import kaiser_core.engine.deal as deal_module

    low = [limit // 2 for limit in deal_module._LIMITS]
    monkeypatch.setattr(deal_module, "_LIMITS", low)
    monkeypatch.setattr(deal_module, "_UNBIASED_BELOW", min(low[1:]))
    for seed in ("a", "kaiser", "rejections"):
        assert shuffled_deck(seed, 0) == reference_deck(seed, 0, lambda size: low[size])


def test_the_general_loop_deals_what_the_fast_one_does(monkeypatch):
    """Streams with a word near a limit take the general loop: with the real limits it must
    shuffle as the fast loop would have, whichever streams the bound sends it."""
    import kaiser_core.engine.deal as deal_module

    monkeypatch.setattr(deal_module, "_UNBIASED_BELOW", 0)
    for seed in ("a", "kaiser", "héllo ♠"):
        for n in range(3):
            assert shuffled_deck(seed, n) == reference_deck(seed, n)
            for dealer in range(4):
                assert encode_deal(seeded_deal(seed, n, dealer)) == reference_code(seed, n, dealer)


def test_deal_goes_singly_clockwise_from_dealers_left():
    deck = shuffled_deck("a", 0)
    for dealer in range(4):
        hands = seeded_deal("a", 0, dealer)
        for k, c in enumerate(deck):
            assert hands[(dealer + 1 + k) % 4] >> c & 1
        assert all(h.bit_count() == 8 for h in hands)
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 32) - 1


def test_example_code_by_suit():
    hands = parse_deal([[c for c in ALL_CARDS if c[1] == s] for s in "CDHS"])
    assert encode_deal(hands) == "AABVVaqq__8"
    assert decode_deal("AABVVaqq__8") == hands
    lists = deal_lists(decode_deal("AABVVaqq__8"))
    assert lists[0] == ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"]
    assert lists[3] == ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "3S"]


def test_code_formula():
    hands = seeded_deal("kaiser", 0, 1)
    number = sum(seat << (2 * c) for seat in range(4) for c in range(32) if hands[seat] >> c & 1)
    code = base64.urlsafe_b64encode(number.to_bytes(8, "little")).decode().rstrip("=")
    assert encode_deal(hands) == code
    assert len(code) == 11 and "=" not in code


@pytest.mark.parametrize("seed,n,dealer,code", GOLDEN)
def test_code_round_trip(seed, n, dealer, code):
    hands = decode_deal(code)
    assert hands == seeded_deal(seed, n, dealer)
    assert parse_deal(deal_lists(hands)) == hands


@pytest.mark.parametrize("code", [
    "", "AABVVaqq__", "AABVVaqq__8A", "AABVVaqq__8=", "AABVVaqq_!8", "AABVVaqq__9",
    "AAAAAAAAAAA", "___________", "AABVVaqq+/8", "ÄABVVaqq__8", None, 12, ["AABVVaqq__8"],
])
def test_bad_deal_codes(code):
    with pytest.raises(InvalidAction):
        decode_deal(code)


def test_uneven_code_names_the_seat():
    with pytest.raises(InvalidAction, match="seat 0"):
        decode_deal("AAAAAAAAAAA")


@pytest.mark.parametrize("deal,words", [
    ([["AS"]] * 4, "dealt twice"),
    ([["AS"], ["KS"], ["QS"], ["JS"]], "8 cards"),
    ([[c for c in ALL_CARDS if c[1] == s] for s in "CDH"], "four lists"),
    ([[c for c in ALL_CARDS if c[1] == s] for s in "CDHS"][:3] + [["7H"] * 8], "7H"),
    ("AABVVaqq__", "deal code"),
    ({"0": []}, "deal"),
])
def test_bad_deals_through_new_game(deal, words):
    with pytest.raises(InvalidAction, match=words):
        api.new_game({"profile": "standard", "seed": "x", "deal": deal})


def test_new_game_deal_as_lists_or_code():
    lists = [[c for c in ALL_CARDS if c[1] == s] for s in "CDHS"]
    lists[1] = [c.lower() for c in lists[1]]
    lists[2] = [c.replace("T", "10") for c in lists[2]]
    a = api.new_game({"profile": "standard", "seed": "x", "deal": lists})
    b = api.new_game({"profile": "standard", "seed": "x", "deal": "AABVVaqq__8"})
    assert a["config"]["deal"] == b["config"]["deal"] == "AABVVaqq__8"
    for seat in range(4):
        assert api.view(a, seat)["hand"] == api.view(b, seat)["hand"] == deal_lists(
            decode_deal("AABVVaqq__8"))[seat]


@pytest.mark.parametrize("dealer", range(4))
def test_new_game_uses_seeded_deal(dealer):
    state = api.new_game({"profile": "standard", "seed": "kaiser", "dealer": dealer})
    hands = deal_lists(seeded_deal("kaiser", 0, dealer))
    for seat in range(4):
        assert api.view(state, seat)["hand"] == hands[seat]


def test_deal_numbers_count_thrown_in_hands():
    state = api.new_game({"profile": "standard", "seed": "kaiser", "dealer": 1})
    state = do(state, PASS, PASS, PASS, PASS)  # thrown in; next dealer is 2, deal number 1
    assert state["dealer"] == 2
    hands = deal_lists(seeded_deal("kaiser", 1, 2))
    assert [api.view(state, s)["hand"] for s in range(4)] == hands
    rec = api.summary(state)["hands"][0]
    assert rec["deal"] == deal_lists(seeded_deal("kaiser", 0, 1))


def test_fixed_first_deal_then_seeded_deal_one():
    state = api.new_game({"profile": "standard", "seed": "kaiser", "deal": "AABVVaqq__8"})
    state = do(state, PASS, PASS, PASS, PASS)
    assert [api.view(state, s)["hand"] for s in range(4)] == deal_lists(seeded_deal("kaiser", 1, 1))


def test_deal_numbers_count_redeals():
    # seat 1 holds only non-honour cards: it is asked, asks for a redeal, the same dealer deals
    weak = ["7C", "8C", "9C", "TC", "7D", "8D", "9D", "TD"]
    rest = [c for c in ALL_CARDS if c not in weak]
    deal = [rest[0:8], weak, rest[8:16], rest[16:24]]
    state = api.new_game({"profile": "prairie", "seed": "kaiser", "dealer": 0, "deal": deal})
    assert state["phase"] == "redeal" and state["to_act"] == 1
    state = api.apply(state, {"type": "redeal"})
    assert state["dealer"] == 0
    assert [api.view(state, s)["hand"] for s in range(4)] == deal_lists(seeded_deal("kaiser", 1, 0))
    state = skip_redeal(state)
    state = do(state, bid(6))
    assert state["phase"] == "bidding"
