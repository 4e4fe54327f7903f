"""Exact double-dummy solver: the raw points a team takes with every hand known.

Every value here is *future* raw points for ``team``: +1 per trick still to be won, +5 with
the 5H, -3 with the 3S (what was captured before the position is the caller's to add). The
two teams' future points sum to ``tricks left + 5·[5H live] - 3·[3S live]``, so the search is
zero-sum and one team's value gives the other's.

Why it is fast enough for CPython:

- zero-window tests ("can ``team`` reach ``need`` points?"), fail-soft: a test returns a
  bound that may lie beyond ``need``, and the table keeps it. The tests start at a playout's
  value and step away from it, the step doubling, then bisect once they have gone both ways
  (a good guess leaves two tests);
- a transposition table at trick boundaries: positions are one when they differ only in
  which cards are gone (each suit's ranks squeezed, plus the leader and whether the 5H and
  3S are still out). Each entry holds a lower and an upper bound, valid for every ``need``,
  and the lead that settled the last test, tried first next time. The exact hands map
  straight to their entry, so a position met again costs one lookup;
- sure tricks bound a new position before any search: the top trumps in one hand, and the
  leader's unbroken runs from the top in suits that every opponent holding a trump must
  follow; the 5H counts as won on them when the partner can play it or its holder is
  short enough in hearts to be drawn;
- touching cards merged: two cards of one holder with no live card between them in the
  suit do the same thing, so only the highest of each run is searched (never the 5H or 3S,
  whose points make them unlike their neighbours; the cards of the current trick count as
  live, since they still decide it);
- the last trick played out directly (the top trump, else the top card of the suit led,
  found with two masks), and a move order that tries the card a player would usually
  choose first (leads by rank, win cheaply as the last seat, feed points to a partner, dump
  the 3S on opponents). Move orders and merged cards are worked out once per holding and
  kept, and worked out with bit operations (the runs of touching cards of all four suits
  at once);
- the search itself is ints and bitmasks in closures: a position is one int holding the
  four hands (seat ``s`` in bits ``32·s`` up), so a card is played by flipping one bit,
  nothing is undone on the way back, and that int with the leader is the exact key. The
  seats before the last and the last seat, which closes the trick, are separate functions.

The spade-three variation (3S with one or two tricks) is not modelled: values are plain raw
points, which the bots use as an approximation there.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import NamedTuple
from statistics import median

from ..engine.cards import (
    FIVE_OF_HEARTS,
    FIVE_OF_HEARTS_BIT,
    SUIT_MASK,
    THREE_OF_SPADES,
    THREE_OF_SPADES_BIT,
)
from ..engine.tricks import next_to_play, trick_points, trick_winner
from .rollout import playout

# The 5H and the 3S as bits, for the search's innermost loop, which counts a trick's points
# inline (tricks.trick_points is the rule; tests/test_tricks.py checks the two agree).
_FIVE = FIVE_OF_HEARTS_BIT
_THREE = THREE_OF_SPADES_BIT
_SPECIAL = _FIVE | _THREE
_HEARTS = FIVE_OF_HEARTS >> 3
_REPS: dict[int, int] = {}
_REPS_LIMIT = 1 << 18
_LEAD_KEY = tuple(64 * (c in (FIVE_OF_HEARTS, THREE_OF_SPADES)) + 8 * (7 - (c & 7)) + (c >> 3) for c in range(32))
"""Leads to try: by rank, aces first, whatever the suit; the 5H and the 3S last."""
_LOW_KEY = tuple(8 * (c & 7) + (c >> 3) for c in range(32))
"""Discards to try: lowest rank first, whatever the suit."""
_CARD_POINTS = tuple(5 if c == FIVE_OF_HEARTS else -3 if c == THREE_OF_SPADES else 0
                     for c in range(32))
"""What a card adds to the points of the trick it is played to."""
_M32 = (1 << 32) - 1
_NOT_TOP = 0x7F7F7F7F
"""Every rank but the ace: a shift right by one stays inside the suit."""
_SLOT_BYTES = 0xFF | 0xFF << 32 | 0xFF << 64 | 0xFF << 96
"""One suit's byte in each seat's slot of a position's state."""


def _state(hands: Sequence[int]) -> int:
    """A position's four hands as one int, seat ``s`` in bits ``32·s`` up: the search plays a
    card by flipping one bit, and the state (with the leader) is the table's exact key."""
    return hands[0] | hands[1] << 32 | hands[2] << 64 | hands[3] << 96


_COLUMNS: dict[int, tuple[int, int, int, int, int, int, int]] = {}
"""Per suit's cards in each seat's slot of a position's state (``_SLOT_BYTES``): ``_column``."""


def _new_column(x: int) -> tuple[int, int, int, int, int, int, int]:
    info = _COLUMNS[x] = _column((x | x >> 24 | x >> 48 | x >> 72) & _M32)
    return info


def _column(col: int) -> tuple[int, int, int, int, int, int, int]:
    """One suit's holdings (a byte per seat) with the gone ranks squeezed out, then what the
    sure-trick bounds read in it: the seat of the top card (-1: none left), how many cards
    it holds in an unbroken run from the top, and each seat's length."""
    live = (col | col >> 8 | col >> 16 | col >> 24) & 255
    out = 0
    for seat in range(4):
        held = col >> (8 * seat) & 255
        k = 0
        bits = 0
        for rank in range(8):
            if live >> rank & 1:
                if held >> rank & 1:
                    bits |= 1 << k
                k += 1
        out |= bits << (8 * seat)
    count = live.bit_count()
    top = -1
    run = 0
    if count:
        top = next(seat for seat in range(4) if out >> (8 * seat + count - 1) & 1)
        mine = out >> (8 * top) & 255
        while run < count and mine >> (count - 1 - run) & 1:
            run += 1
    return (out, top, run, (col & 255).bit_count(), (col >> 8 & 255).bit_count(),
            (col >> 16 & 255).bit_count(), (col >> 24).bit_count())


def _representatives(live: int, legal: int) -> int:
    """The highest card of each run of touching cards of ``legal`` among ``live`` cards.

    A card is covered when the next live card above it in its suit is also in ``legal``: a
    gone card passes on whether the card above it is covered, so ``covered`` spreads down
    through the gaps, a bit per step for every suit at once."""
    gone = ~live & _NOT_TOP
    covered = legal
    while True:
        spread = covered | covered >> 1 & gone
        if spread == covered:
            break
        covered = spread
    return legal & ~(covered >> 1 & _NOT_TOP) | (legal & _SPECIAL)


def _first_bounds(cols: tuple[tuple[int, int, int, int, int, int, int], ...], leader: int,
                  five: int, live: int, n: int, lo: int, hi: int, team: int, trump: int
                  ) -> list[int]:
    """Bounds of a new position from sure tricks, and no card to try first yet (``five``:
    the seat holding the 5H, -1 once it is gone)."""
    ruffer1 = ruffer2 = -1
    partner = leader ^ 2
    side_suits = True
    if trump >= 0:
        # The holder of the top trump and of the trumps just below it in the same hand wins a
        # trick with each: sure tricks bound both ways.
        col = cols[trump]
        sure = col[2]
        if sure:
            if col[1] & 1 == team:
                lo += sure
            elif live & _THREE:
                hi += 1 - sure
            else:
                hi -= sure
        # The opponents with a trump, who could ruff a side suit cashed.
        if col[3 + ((leader + 1) & 3)]:
            ruffer1 = 3 + ((leader + 1) & 3)
        if col[3 + ((leader + 3) & 3)]:
            ruffer2 = 3 + ((leader + 3) & 3)
        # A partner with nothing but trumps would have to ruff a side suit and take the lead.
        side_suits = (ruffer1 < 0 and ruffer2 < 0) or col[3 + partner] < n
    # The leader cashes the top cards of each suit it holds in an unbroken run, as long as
    # every opponent with a trump must follow: sure tricks for the leader's team (less the
    # 3S, which may be thrown on them). The 5H falls on them if the partner holds it and
    # can play it (a heart cashed, or a void in a side suit cashed), or if hearts are cashed
    # at least as often as its holder has hearts.
    sure = 0
    gets_five = False
    for suit, col in enumerate(cols):
        if col[1] == leader and (side_suits or suit == trump):
            k = col[2]
            if suit != trump:
                if ruffer1 >= 0 and col[ruffer1] < k:
                    k = col[ruffer1]
                if ruffer2 >= 0 and col[ruffer2] < k:
                    k = col[ruffer2]
            if k and five >= 0:
                if suit == _HEARTS:
                    gets_five = gets_five or five == partner or (
                        five != leader and col[3 + five] <= k) or (
                        k == col[3] + col[4] + col[5] + col[6])
                elif five == partner and trump != _HEARTS and col[3 + partner] < k:
                    gets_five = True
            sure += k
    if sure:
        five_left = 5 if live & _FIVE and not gets_five else 0
        if leader & 1 == team:
            lo = max(lo, sure + (5 if gets_five else 0) - (3 if live & _THREE else 0))
        else:
            hi = min(hi, n - sure + five_left)
    return [lo, hi, -1]


def _lead_order(reps: int) -> list[int]:
    """Leads to try: by rank, aces first (they win or force out winners), the 5H and the 3S
    last. (Trying the top card of each suit first, or trumps first or last, searched more.)"""
    return sorted(_cards_desc(reps), key=_LEAD_KEY.__getitem__)


def _follow_order(reps: int, best: int, trump: int, partner_wins: bool, void: bool, last: bool
                  ) -> list[tuple[int, bool]]:
    """Cards to try after the lead, each with "does it take the trick from ``best``?".

    Partner winning: feed the 5H, keep the 3S, else play low. Opponent winning: win (the
    last seat as cheaply as it can, an earlier one as high as it can, so that it is less
    likely to be overtaken), else dump the 3S, play low and keep the 5H."""
    bsuit = best >> 3
    beats = reps & SUIT_MASK[bsuit] & -(2 << best)
    if trump >= 0 and bsuit != trump:
        beats |= reps & SUIT_MASK[trump]
    # The 5H and 3S go out of turn, unless they take the trick (as trumps).
    aside = reps & _SPECIAL if partner_wins else reps & _SPECIAL & ~beats
    cards = _cards_desc(reps ^ aside)
    cards.reverse()
    if void:
        cards.sort(key=_LOW_KEY.__getitem__)
    five = [FIVE_OF_HEARTS] if aside & _FIVE else []
    three = [THREE_OF_SPADES] if aside & _THREE else []
    if partner_wins:
        cards = five + cards + three
    else:
        winners = [c for c in cards if beats >> c & 1]
        if not last:
            winners.reverse()
        cards = winners + three + [c for c in cards if not beats >> c & 1] + five
    return [(c, beats >> c & 1 == 1) for c in cards]


def _seat_orders(out_seat: int) -> list[tuple[int, ...]]:
    seats = [s for s in range(4) if s != out_seat]
    orders: list[tuple[int, ...]] = []
    for leader in range(4):
        if leader == out_seat:
            orders.append(())
            continue
        k = seats.index(leader)
        orders.append(tuple(seats[k:] + seats[:k]))
    return orders


class Solver:
    """One solver per (trump, team, out seat): its table is reusable across positions."""

    def __init__(self, trump: int, team: int, out_seat: int) -> None:
        self.trump = trump
        self.team = team
        self.orders = _seat_orders(out_seat)
        self._build(4 if out_seat < 0 else 3)

    def _build(self, size: int) -> None:
        orders = self.orders
        trump = self.trump
        team = self.team
        suit_mask = SUIT_MASK
        trump_mask = suit_mask[trump] if trump >= 0 else 0
        is_max = tuple(seat & 1 == team for seat in range(4))
        # The hands of ``team``'s two seats in a position (see ``_state``).
        team_shift, partner_shift = 32 * team, 32 * team + 64
        last = size - 1
        card_points = _CARD_POINTS
        # Bounds [lo, hi, card that refuted the last test or -1]: one list per position up to
        # relative ranks, shared by every exact position that maps to it, so a position seen
        # again costs one lookup.
        table: dict[int, list[int]] = {}
        exact: dict[int, list[int]] = {}
        exact_get = exact.get
        table_get = table.get
        col_get = _COLUMNS.get
        reps_cache = _REPS
        reps_get = reps_cache.get
        lead_orders: dict[int, list[int]] = {}
        lead_get = lead_orders.get
        mid_orders: dict[int, list[tuple[int, bool]]] = {}
        mid_get = mid_orders.get
        last_orders: dict[int, list[tuple[int, bool]]] = {}
        last_get = last_orders.get
        # Per cards left and leader: the lead that last settled a test, tried first where the
        # table has none (the same lead often settles the positions next to it).
        killers = [-1] * 40

        def entry_for(raw: int, state: int, leader: int, live: int, n: int, lo: int, hi: int
                      ) -> list[int]:
            """The bounds of a position not met before in this exact form."""
            # Relative ranks: positions that differ only in which cards are gone are one.
            x = state & _SLOT_BYTES
            c0 = col_get(x) or _new_column(x)
            x = state >> 8 & _SLOT_BYTES
            c1 = col_get(x) or _new_column(x)
            x = state >> 16 & _SLOT_BYTES
            c2 = col_get(x) or _new_column(x)
            x = state >> 24 & _SLOT_BYTES
            c3 = col_get(x) or _new_column(x)
            key = ((((leader | (live & _SPECIAL)) << 32 | c0[0]) << 32 | c1[0]) << 32 | c2[0]
                   ) << 32 | c3[0]
            entry = table_get(key)
            if entry is None:
                five = -1
                if live & _FIVE:
                    five = next(s for s in range(4) if state >> (32 * s + FIVE_OF_HEARTS) & 1)
                entry = table[key] = _first_bounds((c0, c1, c2, c3), leader, five, live, n, lo,
                                                   hi, team, trump)
            exact[raw] = entry
            return entry

        def last_trick(state: int, leader: int) -> int:
            """The points of the last trick for ``team``: one card each, nothing to choose.
            The winner is the top trump, else the top card of the suit led; ``team`` takes
            the trick when that card is one of its own."""
            x = state | state >> 64
            live = (x | x >> 32) & _M32
            winners = live & trump_mask or live & suit_mask[
                (state >> 32 * leader & _M32).bit_length() - 1 >> 3]
            ours = winners & (state >> team_shift | state >> partner_shift)
            if ours <= winners ^ ours:
                return 0
            pts = 1
            if live & _SPECIAL:
                if live & _FIVE:
                    pts += 5
                if live & _THREE:
                    pts -= 3
            return pts

        def lead(state: int, leader: int, need: int) -> int:
            """A test at a trick's start: the table first, then each lead in turn."""
            raw = state << 2 | leader
            entry = exact_get(raw)
            if entry is None:
                x = state | state >> 64
                live = (x | x >> 32) & _M32
                mine = state >> 32 * leader & _M32
                n = mine.bit_count()
                hi = n
                lo = 0
                if live & _SPECIAL:
                    if live & _FIVE:
                        hi += 5
                    if live & _THREE:
                        hi -= 1
                        lo = -3
                if need > hi:
                    return hi
                if need <= lo:
                    return lo
                if n == 1:
                    return last_trick(state, leader)
                entry = entry_for(raw, state, leader, live, n, lo, hi)
                lo, hi, first = entry
                if need <= lo:
                    return lo
                if need > hi:
                    return hi
            else:
                lo, hi, first = entry
                if need <= lo:
                    return lo
                if need > hi:
                    return hi
                x = state | state >> 64
                live = (x | x >> 32) & _M32
                mine = state >> 32 * leader & _M32
                n = mine.bit_count()
            seats = orders[leader]
            rkey = live << 32 | mine
            reps = reps_get(rkey)
            if reps is None:
                if len(reps_cache) > _REPS_LIMIT:
                    reps_cache.clear()
                reps = reps_cache[rkey] = _representatives(live, mine)
            cards = lead_get(reps)
            if cards is None:
                cards = lead_orders[reps] = _lead_order(reps)
            if first < 0 or not reps >> first & 1:
                first = killers[n * 4 + leader]
            if first >= 0 and reps >> first & 1 and cards[0] != first:
                cards = [first] + [c for c in cards if c != first]
            shift = 32 * leader
            nxt = follow_last if last == 1 else follow
            # Fail-soft: the value found is a bound beyond ``need``, kept for later tests.
            cut = -1
            if is_max[leader]:
                g = lo
                for c in cards:
                    r = nxt(state ^ 1 << (c + shift), seats, 1, c >> 3, c, leader, 1 << c, live,
                            need)
                    if r > g:
                        g = r
                        if r >= need:
                            cut = c
                            break
            else:
                g = hi
                for c in cards:
                    r = nxt(state ^ 1 << (c + shift), seats, 1, c >> 3, c, leader, 1 << c, live,
                            need)
                    if r < g:
                        g = r
                        if r < need:
                            cut = c
                            break
            entry[2] = cut
            if cut >= 0:
                killers[n * 4 + leader] = cut
            if g >= need:
                entry[0] = g
            else:
                entry[1] = g
            return g

        def follow(state: int, seats: tuple[int, ...], i: int, led: int, best: int,
                   best_seat: int, tbits: int, live: int, need: int) -> int:
            """A seat before the last one plays to the trick."""
            seat = seats[i]
            shift = 32 * seat
            hand = state >> shift & _M32
            sm = suit_mask[led]
            legal = hand & sm
            partner_wins = not (best_seat ^ seat) & 1
            if legal:
                rkey = (live & sm) << 32 | legal
                void = 0
            else:
                rkey = live << 32 | hand
                void = 64
            reps = reps_get(rkey)
            if reps is None:
                if len(reps_cache) > _REPS_LIMIT:
                    reps_cache.clear()
                reps = reps_cache[rkey] = _representatives(live, legal or hand)
            okey = reps << 7 | void | best << 1 | partner_wins
            cards = mid_get(okey)
            if cards is None:
                cards = mid_orders[okey] = _follow_order(reps, best, trump, partner_wins,
                                                           not legal, False)
            nxt = follow_last if i + 1 == last else follow
            j = i + 1
            if is_max[seat]:
                g = -99
                for c, wins in cards:
                    if wins:
                        r = nxt(state ^ 1 << (c + shift), seats, j, led, c, seat, tbits | 1 << c,
                                live, need)
                    else:
                        r = nxt(state ^ 1 << (c + shift), seats, j, led, best, best_seat,
                                tbits | 1 << c, live, need)
                    if r > g:
                        g = r
                        if r >= need:
                            return r
            else:
                g = 99
                for c, wins in cards:
                    if wins:
                        r = nxt(state ^ 1 << (c + shift), seats, j, led, c, seat, tbits | 1 << c,
                                live, need)
                    else:
                        r = nxt(state ^ 1 << (c + shift), seats, j, led, best, best_seat,
                                tbits | 1 << c, live, need)
                    if r < g:
                        g = r
                        if r < need:
                            return r
            return g

        def follow_last(state: int, seats: tuple[int, ...], i: int, led: int, best: int,
                        best_seat: int, tbits: int, live: int, need: int) -> int:
            """The last seat completes the trick: each card settles who wins it and with
            what points, and the next trick starts (or the last one is played out)."""
            seat = seats[i]
            shift = 32 * seat
            hand = state >> shift & _M32
            sm = suit_mask[led]
            legal = hand & sm
            partner_wins = not (best_seat ^ seat) & 1
            if legal:
                rkey = (live & sm) << 32 | legal
                void = 0
            else:
                rkey = live << 32 | hand
                void = 64
            reps = reps_get(rkey)
            if reps is None:
                if len(reps_cache) > _REPS_LIMIT:
                    reps_cache.clear()
                reps = reps_cache[rkey] = _representatives(live, legal or hand)
            okey = reps << 7 | void | best << 1 | partner_wins
            cards = last_get(okey)
            if cards is None:
                cards = last_orders[okey] = _follow_order(reps, best, trump, partner_wins,
                                                           not legal, True)
            pts = 1
            if tbits & _SPECIAL:
                if tbits & _FIVE:
                    pts += 5
                if tbits & _THREE:
                    pts -= 3
            final = hand.bit_count() == 2
            maxi = is_max[seat]
            best_max = is_max[best_seat]
            g = -99 if maxi else 99
            for c, wins in cards:
                after = state ^ 1 << (c + shift)
                winner = seat if wins else best_seat
                if (maxi if wins else best_max):
                    won = pts + card_points[c]
                    r = won + (last_trick(after, winner) if final
                               else lead(after, winner, need - won))
                else:
                    r = last_trick(after, winner) if final else lead(after, winner, need)
                if maxi:
                    if r > g:
                        g = r
                        if r >= need:
                            return r
                elif r < g:
                    g = r
                    if r < need:
                        return r
            return g

        self.lead = lead
        self.follow = follow
        self.follow_last = follow_last

    def at_least(self, hands: Sequence[int], leader: int, trick_seats: Sequence[int],
                 trick_cards: Sequence[int], need: int) -> bool:
        """Can ``team`` take at least ``need`` future points from this position?"""
        return self._test(hands, leader, trick_seats, trick_cards, need) >= need

    def _test(self, hands: Sequence[int], leader: int, trick_seats: Sequence[int],
              trick_cards: Sequence[int], need: int) -> int:
        """A bound on the future points of ``team``: a lower bound if at least ``need``,
        else an upper bound."""
        state = _state(hands)
        if not trick_cards:
            return self.lead(state, leader, need)
        order = self.orders[trick_seats[0]]
        led = trick_cards[0] >> 3
        best, best_seat = trick_cards[0], trick_seats[0]
        tbits = 0
        for s, c in zip(trick_seats, trick_cards):
            tbits |= 1 << c
            bs = best >> 3
            if (c >> 3 == bs and c > best) or (c >> 3 == self.trump and bs != self.trump):
                best, best_seat = c, s
        live = tbits
        for h in hands:
            live |= h
        i = len(trick_cards)
        search = self.follow_last if i == len(order) - 1 else self.follow
        return search(state, order, i, led, best, best_seat, tbits, live, need)

    def value(self, hands: Sequence[int], leader: int, trick_seats: Sequence[int],
              trick_cards: Sequence[int], guess: int | None = None) -> int:
        """The exact future points of ``team`` by zero-window tests, each returning a bound
        that is often past the point tested. With ``guess`` the first test is at the guess
        and the next ones step away from it the way the tests go, the step doubling (a
        playout is right or one off most often, but sometimes five off, by the 5H); once
        the tests have gone both ways, or without a guess, they bisect what is left."""
        live = 0
        for h in hands:
            live |= h
        for c in trick_cards:
            live |= 1 << c
        tricks = max(h.bit_count() for h in hands)
        lo = -3 if live & _THREE else 0
        hi = tricks + (5 if live & _FIVE else 0)
        # Invariant: value >= lo and value <= hi.
        bisect = guess is None
        need = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
        step = 1
        rising: bool | None = None
        while lo < hi:
            g = self._test(hands, leader, trick_seats, trick_cards, need)
            if g >= need:
                lo = g
                bisect = bisect or rising is False
                rising = True
                need = min(g + step, hi)
            else:
                hi = g
                bisect = bisect or rising is True
                rising = False
                need = max(g - step + 1, lo + 1)
            step *= 2
            if bisect:
                need = (lo + hi + 1) // 2
        return lo


def solve(hands: Sequence[int], leader: int, trump: int, out_seat: int = -1,
          trick_seats: Sequence[int] = (), trick_cards: Sequence[int] = (), team: int = 0,
          search: Solver | None = None) -> int:
    """Future raw points ``team`` (0 or 1) takes with best play by everyone.

    ``hands`` are the four masks still held (the sitting-out Kaiser partner's is 0),
    ``leader`` leads the current trick, ``trick_seats``/``trick_cards`` are the cards already
    on it (they count towards the value), ``trump`` is -1 at no trump.
    """
    if search is None:
        search = Solver(trump, team, out_seat)
    guess = playout(list(hands), leader, trump, out_seat, list(trick_seats), list(trick_cards),
                    team)
    return search.value(hands, leader, trick_seats, trick_cards, guess)


class _Position(NamedTuple):
    """A position's arguments to ``Solver.value`` and ``Solver.at_least``."""

    hands: list[int]
    leader: int
    trick_seats: Sequence[int]
    trick_cards: Sequence[int]


class _Root(NamedTuple):
    """The seat to play at a root position and its legal cards (touching cards merged)."""

    seat: int
    reps: int
    legal: int
    size: int


def _root(hands: Sequence[int], leader: int, out_seat: int, trick_seats: Sequence[int],
          trick_cards: Sequence[int]) -> _Root:
    seat = next_to_play(leader, out_seat, trick_seats)
    hand = hands[seat]
    legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand if trick_cards else hand
    live = 0
    for h in hands:
        live |= h
    for c in trick_cards:
        live |= 1 << c
    return _Root(seat, _representatives(live, legal), legal, 4 if out_seat < 0 else 3)


def _after(hands: Sequence[int], leader: int, trump: int, trick_seats: Sequence[int],
           trick_cards: Sequence[int], root: _Root, card: int, team: int
           ) -> tuple[int, _Position]:
    """Points ``team`` gains if ``card`` completes the trick, and the position after it."""
    after = list(hands)
    after[root.seat] = hands[root.seat] ^ (1 << card)
    seats = list(trick_seats) + [root.seat]
    cards = list(trick_cards) + [card]
    if len(cards) < root.size:
        return 0, _Position(after, leader, seats, cards)
    winner = trick_winner(seats, cards, trump)
    pts = trick_points(cards)
    return (pts if winner & 1 == team else 0), _Position(after, winner, (), ())


def best_move(hands: Sequence[int], leader: int, trump: int, out_seat: int = -1,
              trick_seats: Sequence[int] = (), trick_cards: Sequence[int] = ()
              ) -> tuple[int, int]:
    """The best card of the seat to play and its team's future raw points.

    Cheaper than ``solve_moves``: after the first card only "does this card beat the best so
    far?" is asked, a single zero-window test for most cards.
    """
    root = _root(hands, leader, out_seat, trick_seats, trick_cards)
    team = root.seat & 1
    search = Solver(trump, team, out_seat)
    best_card, best_value = -1, -99
    for c in _cards_desc(root.reps):
        gained, position = _after(hands, leader, trump, trick_seats, trick_cards, root, c, team)
        if best_card >= 0 and not search.at_least(*position, best_value + 1 - gained):
            continue
        best_value = gained + search.value(*position, None if best_card < 0
                                           else best_value + 1 - gained)
        best_card = c
    return best_card, best_value


def solve_moves(hands: Sequence[int], leader: int, trump: int, out_seat: int = -1,
                trick_seats: Sequence[int] = (), trick_cards: Sequence[int] = (),
                team: int | None = None, search: Solver | None = None) -> dict[int, int]:
    """For every legal card of the seat to play: the future raw points of ``team`` (default:
    the team of the seat to play) after that card, counting the current trick.

    ``search`` (a ``Solver`` of this trump, team and out seat) may be shared across calls: its
    table holds exact facts about positions, so sampled worlds that meet in the same ending
    reuse each other's work."""
    root = _root(hands, leader, out_seat, trick_seats, trick_cards)
    if team is None:
        team = root.seat & 1
    if search is None:
        search = Solver(trump, team, out_seat)
    values: dict[int, int] = {}
    rep_value: dict[int, int] = {}
    guess = None
    for c in _cards_desc(root.reps):
        gained, position = _after(hands, leader, trump, trick_seats, trick_cards, root, c, team)
        v = gained + search.value(*position, None if guess is None else guess - gained)
        rep_value[c] = v
        guess = v
    # Each legal card takes the value of the representative of its run.
    for c in _cards_desc(root.legal):
        if c in rep_value:
            values[c] = rep_value[c]
        else:
            higher = c + 1
            while higher not in rep_value:
                higher += 1
            values[c] = rep_value[higher]
    return values


def _cards_desc(mask: int) -> list[int]:
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def random_position(rng: random.Random, tricks: int = 8, kaiser: bool = False,
                    played_in_trick: int = 0) -> tuple[list[int], int, int, int, list[int], list[int]]:
    """A random position with ``tricks`` cards per live hand: hands, leader, trump, out seat,
    trick seats, trick cards (benchmarks and tests)."""
    out_seat = rng.randrange(4) if kaiser else -1
    seats = [s for s in range(4) if s != out_seat]
    deck = rng.sample(range(32), 32)
    hands = [0, 0, 0, 0]
    for k, s in enumerate(seats):
        for c in deck[k * tricks:(k + 1) * tricks]:
            hands[s] |= 1 << c
    leader = rng.choice(seats)
    trump = rng.randrange(-1, 4)
    trick_seats: list[int] = []
    trick_cards: list[int] = []
    seat = leader
    for _ in range(played_in_trick):
        hand = hands[seat]
        legal = hand & SUIT_MASK[trick_cards[0] >> 3] or hand if trick_cards else hand
        options = [c for c in range(32) if legal >> c & 1]
        c = rng.choice(options)
        hands[seat] ^= 1 << c
        trick_seats.append(seat)
        trick_cards.append(c)
        seat = next_to_play(leader, out_seat, trick_seats)
    return hands, leader, trump, out_seat, trick_seats, trick_cards


def clear_caches() -> None:
    """Forget every module-level cache, so a timing starts as cold as a fresh process."""
    _REPS.clear()
    _COLUMNS.clear()


def bench_dds(n: int = 50, seed: int = 1) -> dict[str, float]:
    """Full-deal solve times in milliseconds over ``n`` random deals, by trump and no trump,
    every cache cleared before each deal (a deal's own table is new with its ``Solver``), so
    no deal profits from the work of the one before."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"trump": [], "no_trump": []}
    for k in range(n):
        hands, leader, trump, out_seat, _, _ = random_position(rng)
        trump = -1 if k % 2 else rng.randrange(4)
        clear_caches()
        start = time.process_time()
        solve(hands, leader, trump, out_seat, team=leader & 1)
        times["no_trump" if trump < 0 else "trump"].append(1000 * (time.process_time() - start))
    out: dict[str, float] = {"deals": float(n)}
    for name, ts in times.items():
        out[f"{name}_median_ms"] = round(median(ts), 2)
        out[f"{name}_max_ms"] = round(max(ts), 2)
    every = sorted(times["trump"] + times["no_trump"])
    out["median_ms"] = round(median(every), 2)
    out["p99_ms"] = round(every[min(len(every) - 1, int(0.99 * len(every)))], 2)
    out["max_ms"] = round(every[-1], 2)
    return out
