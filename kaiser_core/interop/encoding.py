"""What a seat knows, as tensors and as text, for both research doors. Standard library only:
the tensors are lists of floats, which each adapter turns into its framework's arrays.

Everything is seen from one seat and built from that seat's knowledge alone: its own cards,
the public record (the weak-hand answers, the auction, trump, the cards played and by whom,
the scores) and the card it passed and received; never another seat's cards. Seats in a
tensor are *relative* (0 = the seat itself, 1 = its left-hand opponent, 2 = partner, 3 = its
right-hand opponent) and teams are "us" and "them", so one network can play every seat; the
seat's absolute number is its own piece.

Two encodings (``layout(settings, perfect_recall)``):

- the **observation** (OpenSpiel's ``observation_tensor``): the hand in progress as it lies,
  with who made which call and who played which card, the trick on the table, scores;
- the **information state** (``information_state_tensor``, and PettingZoo's observation):
  the same with the order kept, every call of the auction in turn and every trick by its
  leader and the card of each seat. It recalls the whole hand in progress. Earlier hands
  enter through the scores, the target in force and the dealer, which are all of them that
  bears on the rest of the game; ``information_state_string`` recalls them in full.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.actions import (
    BID_BASE,
    KAISER,
    KEEP,
    PASS,
    PASS_CARD_BASE,
    REDEAL,
    TRUMP_BASE,
    TRUMP_NONE,
    describe,
)
from ..engine.cards import CARD_STRS, FIVE_OF_HEARTS, SUITS, THREE_OF_SPADES, sorted_hand
from ..engine.game import BIDDING, PASSING, PLAY, REDEAL_PHASE, TRUMP, Game, HandRecord
from ..engine.scoring import Contract
from ..engine.tricks import Trick
from .episode import DEAL, OVER, DealNote, Episode, Settings, auction_calls

PHASES = (DEAL, REDEAL_PHASE, PASSING, BIDDING, TRUMP, PLAY, OVER)
SEAT_LETTERS = "SWNE"
"""South, West, North, East: seats 0-3, as the engine names them."""
CALLS = 18
"""A call of the auction: pass, the 16 bids from 5 to 12 no trump, Kaiser."""
BIDS = 17
"""A standing bid or contract: the 16 bids, then Kaiser."""
SCORE_LIMIT = 2.0
"""Scores are given as a fraction of the target in force, clipped to +/-2 (a team at minus
twice the target has long lost the thread), so every piece has fixed bounds."""
TARGET_SCALE = 100.0


def call_index(action: int) -> int:
    """Pass 0, the bids 1-16 (5, 5 no, 6, ..., 12 no), Kaiser 17."""
    if action == PASS:
        return 0
    return 17 if action == KAISER else 1 + action - BID_BASE


def bid_index(action: int) -> int:
    return 16 if action == KAISER else action - BID_BASE


class Layout(NamedTuple):
    """The pieces of a tensor, in order: name and shape; ``offsets`` and ``size`` follow."""

    pieces: tuple[tuple[str, tuple[int, ...]], ...]
    offsets: dict[str, int]
    size: int

    def bounds(self) -> tuple[list[float], list[float]]:
        """Each entry's lowest and highest value: the scores within +/-``SCORE_LIMIT``, the
        target up to 5 (500 points), everything else 0 or 1 (a fraction for tricks won)."""
        low, high = [0.0] * self.size, [1.0] * self.size
        for i in range(2):
            low[self.offsets["scores"] + i] = -SCORE_LIMIT
            high[self.offsets["scores"] + i] = SCORE_LIMIT
        high[self.offsets["target"]] = 500 / TARGET_SCALE
        return low, high


_COMMON = (
    ("seat", (4,)),            # this seat, absolute
    ("dealer", (4,)),
    ("phase", (len(PHASES),)),
    ("to_act", (4,)),          # zeros while chance deals and at the end
    ("hand", (32,)),           # this seat's cards (dealt so far, while dealing)
    ("kept", (4,)),            # seats that kept a weak hand in this deal
    ("passed", (32,)),         # the card this seat passed to partner
    ("received", (32,)),       # the card it received (once all four have chosen)
    ("high_bidder", (4,)),     # who holds the standing bid (the contract after the auction)
    ("high_bid", (BIDS,)),
    ("trump", (5,)),           # C D H S, or no trump
    ("out", (4,)),             # the partner of a Kaiser bidder, sitting out
    ("tricks_won", (2,)),      # us, them: tricks / 8
    ("five", (2,)),            # which team has taken the 5 of hearts
    ("three", (2,)),           # which team has taken the 3 of spades
    ("scores", (2,)),          # us, them: score / target in force, clipped to +/-2
    ("at_threshold", (2,)),    # the team scores nothing defending (at the defender threshold)
    ("target", (1,)),          # the target in force / 100
)


def layout(settings: Settings, perfect_recall: bool) -> Layout:
    """The tensor's pieces for ``settings`` (the auction's length depends on the rules)."""
    if perfect_recall:
        extra: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("auction", (auction_calls(settings.rules), 4 + CALLS)),  # each call: seat, call
            ("trick_leaders", (8, 4)),
            ("trick_cards", (8, 4, 32)),                            # trick, seat, card
        )
    else:
        extra = (
            ("calls", (4, CALLS)),     # seat, each call it made this hand
            ("played", (4, 32)),       # seat, each card it played this hand
            ("trick", (4, 32)),        # the trick on the table: seat, card
            ("leader", (4,)),          # who led it (or leads next)
        )
    pieces = _COMMON + extra
    offsets: dict[str, int] = {}
    size = 0
    for name, shape in pieces:
        offsets[name] = size
        n = 1
        for dim in shape:
            n *= dim
        size += n
    return Layout(pieces, offsets, size)


# ----- the hand as one seat knows it -----

class TrickSeen(NamedTuple):
    leader: int
    seats: list[int]
    cards: list[int]
    winner: int
    """-1 while it is being played."""


class HandSeen(NamedTuple):
    """A deal as one seat knows it: live from the game, or finished from its record."""

    dealer: int
    hand: int
    """The seat's cards now: dealt so far while dealing, as dealt in a finished deal's note."""
    answers: tuple[tuple[int, int], ...]
    passed: int
    received: int
    auction: list[tuple[int, int]]
    contract: Contract | None
    trump: int
    out_seat: int
    tricks: list[TrickSeen]
    """Finished tricks, then the one on the table (if a card of it is down)."""
    next_leader: int
    """Who leads the next trick (-1 when no trick is to be led)."""


def _tricks_of(done: list[Trick], seats: list[int], cards: list[int]) -> list[TrickSeen]:
    out = [TrickSeen(t.leader, list(t.seats), list(t.cards), t.winner) for t in done]
    if cards:
        out.append(TrickSeen(seats[0], list(seats), list(cards), -1))
    return out


def live_hand(episode: Episode, seat: int) -> HandSeen | None:
    """The deal in progress as ``seat`` knows it (None once the episode is over)."""
    phase = episode.phase
    game = episode.game
    if phase == OVER:
        return None
    if phase == DEAL:
        return HandSeen(game.dealer, episode.dealt_so_far(seat), (), -1, -1, [], None, -1, -1,
                        [], -1)
    received = game.received[seat]
    return HandSeen(game.dealer, game.hands[seat], tuple(episode.answers), game.passes[seat],
                    received, list(game.auction), game.contract, game.trump, game.out_seat,
                    _tricks_of(game.tricks, game.trick_seats, game.trick_cards),
                    game.to_act if phase == PLAY and not game.trick_cards else -1)


def noted_hand(note: DealNote, record: HandRecord | None, seat: int, now: bool = False) -> HandSeen:
    """A deal that is over, as ``seat`` knows it: its cards as dealt (``now``: those it still
    holds at the end, none but a Kaiser partner's), the record's public part, its own passed
    and received cards."""
    if record is None:  # redealt
        return HandSeen(note.dealer, note.dealt[seat], note.answers, -1, -1, [], None, -1, -1, [],
                        -1)
    passed = record.passes[seat]
    received = record.passes[(seat + 2) & 3]
    out = -1 if record.contract is None or not record.contract.kaiser else (
        record.contract.seat + 2) & 3
    hand = note.dealt[seat]
    if now:
        hand = record.play_deal[seat]
        for trick in record.tricks:
            for s, card in zip(trick.seats, trick.cards):
                if s == seat:
                    hand &= ~(1 << card)
    return HandSeen(note.dealer, hand, note.answers, passed, received, list(record.auction),
                    record.contract, record.trump, out, _tricks_of(record.tricks, [], []), -1)


def last_hand(episode: Episode, seat: int) -> HandSeen | None:
    """The deal the episode ended on, as ``seat`` knows it, when it was played or thrown in."""
    if not episode.notes or episode.notes[-1].hand < 0:
        return None
    note = episode.notes[-1]
    return noted_hand(note, episode.game.records[note.hand], seat, now=True)


# ----- tensors -----

def encode(lay: Layout, episode: Episode, seat: int, private: bool = True) -> list[float]:
    """The tensor of ``lay`` for ``seat``; without ``private``, only what every seat knows
    (no cards of its own, none passed or received)."""
    out = [0.0] * lay.size
    for index, value in encode_sparse(lay, episode, seat, private).items():
        out[index] = value
    return out


def encode_sparse(lay: Layout, episode: Episode, seat: int, private: bool = True
                  ) -> dict[int, float]:
    """``encode``'s entries that are not zero, by index: a tenth of the tensor or less, and
    what an adapter writes into its zeroed array (far cheaper than converting a whole list)."""
    out: dict[int, float] = {}
    at = lay.offsets
    game = episode.game

    def one(name: str, index: int) -> None:
        out[at[name] + index] = 1.0

    def rel(s: int) -> int:
        return (s - seat) & 3

    one("seat", seat)
    phase = episode.phase
    one("phase", PHASES.index(phase))
    if episode.to_act >= 0:
        one("to_act", rel(episode.to_act))
    target = game.target
    us, them = seat & 1, 1 - (seat & 1)
    for i, team in enumerate((us, them)):
        out[at["scores"] + i] = max(-SCORE_LIMIT, min(SCORE_LIMIT, game.scores[team] / target))
        if game.scores[team] >= game.rules.threshold(target):
            one("at_threshold", i)
    out[at["target"]] = target / TARGET_SCALE
    seen = live_hand(episode, seat) if phase != OVER else last_hand(episode, seat)
    if seen is None:
        return {index: value for index, value in out.items() if value}
    one("dealer", rel(seen.dealer))
    if private:
        _cards(out, at["hand"], seen.hand)
    for s, answer in seen.answers:
        if answer == KEEP:
            one("kept", rel(s))
    if private and seen.passed >= 0:
        one("passed", seen.passed)
    if private and seen.received >= 0:
        one("received", seen.received)
    high = next(((s, a) for s, a in reversed(seen.auction) if a != PASS), None)
    if high is not None:
        one("high_bidder", rel(high[0]))
        one("high_bid", bid_index(high[1]))
    if seen.contract is not None and seen.contract.no_trump:
        one("trump", 4)
    elif seen.trump >= 0:
        one("trump", seen.trump)
    if seen.out_seat >= 0:
        one("out", rel(seen.out_seat))
    won = [0, 0]
    for trick in seen.tricks:
        if trick.winner >= 0:
            team = 0 if trick.winner & 1 == us else 1
            won[team] += 1
            if FIVE_OF_HEARTS in trick.cards:
                one("five", team)
            if THREE_OF_SPADES in trick.cards:
                one("three", team)
    out[at["tricks_won"]] = won[0] / 8
    out[at["tricks_won"] + 1] = won[1] / 8
    if "auction" in at:
        for i, (s, call) in enumerate(seen.auction):
            base = at["auction"] + i * (4 + CALLS)
            out[base + rel(s)] = 1.0
            out[base + 4 + call_index(call)] = 1.0
        for i, trick in enumerate(seen.tricks):
            one("trick_leaders", 4 * i + rel(trick.leader))
            for s, card in zip(trick.seats, trick.cards):
                one("trick_cards", 128 * i + 32 * rel(s) + card)
    else:
        for s, call in seen.auction:
            one("calls", CALLS * rel(s) + call_index(call))
        for trick in seen.tricks:
            for s, card in zip(trick.seats, trick.cards):
                one("played", 32 * rel(s) + card)
        on_table = seen.tricks[-1] if seen.tricks and seen.tricks[-1].winner < 0 else None
        if on_table is not None:
            one("leader", rel(on_table.leader))
            for s, card in zip(on_table.seats, on_table.cards):
                one("trick", 32 * rel(s) + card)
        elif seen.next_leader >= 0:
            one("leader", rel(seen.next_leader))
    return {index: value for index, value in out.items() if value}


def _cards(out: dict[int, float], base: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[base + low.bit_length() - 1] = 1.0
        mask ^= low


# ----- text -----

def action_text(action: int) -> str:
    """A player's action in words: ``pass``, ``bid 7``, ``bid 7 no trump``, ``Kaiser``,
    ``trump H``, ``no trump``, ``redeal``, ``keep``, ``play 5H``, ``pass 5H to partner``."""
    if action < 32:
        return f"play {CARD_STRS[action]}"
    if BID_BASE <= action < PASS_CARD_BASE:
        return f"bid {describe(action)}"
    if TRUMP_BASE <= action < TRUMP_NONE:
        return f"trump {SUITS[action - TRUMP_BASE]}"
    return {REDEAL: "redeal", KEEP: "keep"}.get(action, describe(action))


def chance_text(card: int, seat: int) -> str:
    return f"deal {CARD_STRS[card]} to {SEAT_LETTERS[seat]}"


def _hand_text(mask: int) -> str:
    return " ".join(sorted_hand(mask)) or "-"


def _call_text(seat: int, action: int) -> str:
    return f"{SEAT_LETTERS[seat]} {describe(action)}"


def hand_lines(seen: HandSeen, number: int, own: bool = True) -> str:
    """One deal in a line: dealer, cards, weak-hand answers, passing, auction, contract,
    tricks (``W:AC N:8C E:7C S:9C>W``: each seat's card in turn, ``>`` the winner)."""
    parts = [f"deal {number} dealer {SEAT_LETTERS[seen.dealer]}"]
    if own:
        parts.append(f"hand {_hand_text(seen.hand)}")
    if seen.answers:
        parts.append(", ".join(_call_text(s, a) for s, a in seen.answers))
    if own and seen.passed >= 0:
        received = f", received {CARD_STRS[seen.received]}" if seen.received >= 0 else ""
        parts.append(f"passed {CARD_STRS[seen.passed]}{received}")
    if seen.auction:
        parts.append("auction " + ", ".join(_call_text(s, a) for s, a in seen.auction))
    if seen.contract is not None:
        parts.append(f"contract {_contract_text(seen)}")
    if seen.tricks:
        parts.append("tricks " + ", ".join(
            " ".join(f"{SEAT_LETTERS[s]}:{CARD_STRS[c]}" for s, c in zip(t.seats, t.cards))
            + (f">{SEAT_LETTERS[t.winner]}" if t.winner >= 0 else "") for t in seen.tricks))
    return " | ".join(parts)


def _contract_text(seen: HandSeen) -> str:
    """``E 7 trump H``, ``S 8 no trump``, ``W Kaiser``."""
    c = seen.contract
    assert c is not None
    what = "Kaiser" if c.kaiser else str(c.points)
    if c.no_trump:
        what += " no trump"
    elif seen.trump >= 0:
        what += f" trump {SUITS[seen.trump]}"
    return f"{SEAT_LETTERS[c.seat]} {what}"


def _scores_text(game: Game, seat: int | None) -> str:
    s = game.scores
    if seat is None:
        return f"scores SN {s[0]}, WE {s[1]}; target {game.target}"
    return f"scores us {s[seat & 1]}, them {s[1 - (seat & 1)]}; target {game.target}"


def information_state_text(episode: Episode, seat: int, private: bool = True) -> str:
    """Everything ``seat`` has seen, in order: every deal of the episode (its own cards as
    dealt, the answers, its passing, the auction, the tricks) and the scores."""
    game = episode.game
    lines = [f"{SEAT_LETTERS[seat]} (seat {seat})"]
    for number, note in enumerate(episode.notes, 1):
        line = note.texts.get((seat, private))
        if line is None:
            record = game.records[note.hand] if note.hand >= 0 else None
            line = hand_lines(noted_hand(note, record, seat), number, private)
            if record is None:
                line += " | redealt"
            else:
                us, them = record.delta[seat & 1], record.delta[1 - (seat & 1)]
                line += f" | scored {us:+d} us, {them:+d} them"
            note.texts[seat, private] = line
        lines.append(line)
    live = live_hand(episode, seat)
    if live is not None:
        lines.append(hand_lines(live, len(episode.notes) + 1, private) + f" | now {_now(episode)}")
    lines.append(_scores_text(game, seat) + _ending(episode))
    return "\n".join(lines)


def observation_text(episode: Episode, seat: int, private: bool = True) -> str:
    """What ``seat`` sees now, as the observation tensor holds it: its cards, the calls and
    the cards each seat has played in this deal (not their order), the trick on the table,
    the tricks won, the scores."""
    game = episode.game
    parts = [f"{SEAT_LETTERS[seat]} (seat {seat})", _now(episode)]
    seen = live_hand(episode, seat) if episode.phase != OVER else last_hand(episode, seat)
    if seen is not None:
        parts.append(f"dealer {SEAT_LETTERS[seen.dealer]}")
        if private:
            parts.append(f"hand {_hand_text(seen.hand)}")
            if seen.passed >= 0:
                received = f", received {CARD_STRS[seen.received]}" if seen.received >= 0 else ""
                parts.append(f"passed {CARD_STRS[seen.passed]}{received}")
        calls = {s: [describe(a) for t, a in seen.auction if t == s] for s in range(4)}
        if seen.auction:
            parts.append("calls " + ", ".join(f"{SEAT_LETTERS[s]} {' '.join(calls[s])}"
                                              for s in range(4) if calls[s]))
        if seen.contract is not None:
            parts.append(f"contract {_contract_text(seen)}")
        played = dict.fromkeys(range(4), 0)
        for trick in seen.tricks:
            for s, card in zip(trick.seats, trick.cards):
                played[s] |= 1 << card
        if any(played.values()):
            parts.append("played " + ", ".join(f"{SEAT_LETTERS[s]} {_hand_text(played[s])}"
                                               for s in range(4) if played[s]))
        if seen.tricks and seen.tricks[-1].winner < 0:
            trick = seen.tricks[-1]
            parts.append("trick " + " ".join(f"{SEAT_LETTERS[s]}:{CARD_STRS[c]}"
                                             for s, c in zip(trick.seats, trick.cards)))
        won = [sum(1 for t in seen.tricks if t.winner >= 0 and t.winner & 1 == team)
               for team in (seat & 1, 1 - (seat & 1))]
        if any(won):
            parts.append(f"tricks us {won[0]}, them {won[1]}")
    parts.append(_scores_text(game, seat) + _ending(episode))
    return " | ".join(parts)


def state_text(episode: Episode) -> str:
    """The state, every hand of the deal in progress open, earlier deals counted: for
    debugging and for OpenSpiel's ``str(state)``."""
    game = episode.game
    lines = [f"deals {episode.deals}, hands scored {len(game.records)}; {_now(episode)}"]
    live = live_hand(episode, 0)
    if live is not None:
        lines.append(hand_lines(live, len(episode.notes) + 1, own=False))
        for s in range(4):
            mask = episode.dealt_so_far(s) if episode.dealing is not None else game.hands[s]
            passed = game.passes[s] if episode.dealing is None else -1
            lines.append(f"  {SEAT_LETTERS[s]}: {_hand_text(mask)}"
                         + (f" (passed {CARD_STRS[passed]})" if passed >= 0 else ""))
    elif game.records:
        delta = game.records[-1].delta
        lines.append(f"last hand scored SN {delta[0]:+d}, WE {delta[1]:+d}")
    lines.append(_scores_text(game, None) + _ending(episode))
    return "\n".join(lines)


def _now(episode: Episode) -> str:
    phase = episode.phase
    if phase == OVER:
        return "over"
    if phase == DEAL:
        return f"dealing card {len(episode.dealing or ()) + 1} to {SEAT_LETTERS[episode.next_card_seat()]}"
    return f"{phase}, {SEAT_LETTERS[episode.to_act]} to act"


def _ending(episode: Episode) -> str:
    if not episode.is_over():
        return ""
    game = episode.game
    if game.winner is not None:
        return f"; game won by {'SN' if game.winner == 0 else 'WE'}"
    return "; stopped at the cap of deals" if episode.truncated else "; hand over"
