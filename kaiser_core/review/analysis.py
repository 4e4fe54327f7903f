"""Double-dummy review of a finished hand: what each card cost, what was best instead, the
par of the deal and what the strong bot thought of the contract when it was bid.

Every value is the bidding team's raw points for the hand (captured so far plus the exact
double-dummy value of the rest), so one number line serves both sides: a card "costs" its
own side the distance between the best value open to it and the value after the card.

The work is cut into steps (the par, the bidder's estimate, one step per trick, the
mistakes in words) so the browser can show progress and stop between steps: ``HandAnalysis``
holds the steps, ``api.analyze`` runs them all and ``api.analyze_step`` one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from ..engine import actions as act
from ..bots import dds
from ..engine.cards import CARD_STRS, FIVE_OF_HEARTS, SUITS, THREE_OF_SPADES
from ..engine.deal import deal_lists
from ..engine.game import BIDDING, PASSING, REDEAL_PHASE, SEAT_NAMES, Game, HandRecord
from ..engine.actions import auction_json
from ..engine.scoring import contract_json
from ..engine.tricks import next_to_play, trick_points, trick_size, trick_winner

_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
MISTAKES_IN_WORDS = 5
"""The costliest mistakes get a sentence; the rest are listed by their numbers only."""


def card_text(card: int) -> str:
    """A card as a player writes it: ``K♥``, ``10♠``, ``5♥``."""
    s = CARD_STRS[card]
    return ("10" if s[0] == "T" else s[0]) + _SUIT_SYMBOLS[s[1]]


def _pick(values: dict[int, int], maximise: bool) -> int:
    return max(values.values()) if maximise else min(values.values())


class HandAnalysis:
    """The analysis of ``game.records[hand_index]``, computed step by step."""

    def __init__(self, game: Game, hand_index: int, seed: object = 0) -> None:
        self.game = game
        self.hand_index = hand_index
        self.record: HandRecord = game.records[hand_index]
        self.seed = seed
        record = self.record
        contract = record.contract
        self.declarer = contract.seat if contract else (record.dealer + 1) & 3
        self.bidders = self.declarer & 1
        self.trump = record.trump
        self.out_seat = partner_out(record)
        self.hands = list(record.play_deal)
        if self.out_seat >= 0:
            self.hands[self.out_seat] = 0
        self.captured = [0, 0]
        self.solver = dds.Solver(self.trump, self.bidders, self.out_seat)
        self.tricks: list[dict[str, Any]] = []
        self.par: dict[str, Any] | None = None
        self.estimate: dict[str, Any] | None = None
        self.mistakes: list[dict[str, Any]] = []
        self.par_rows: list[dict[str, Any]] = []
        self.steps: list[Callable[[], None]] = [
            *(partial(self._par_row, t) for t in (0, 1, 2, 3, -1)), self._par, self._estimate]
        if contract is not None:
            self.steps += [partial(self._trick, k) for k in range(len(record.tricks))]
            self.steps.append(self._mistakes)
        self.done = 0

    @property
    def finished(self) -> bool:
        return self.done == len(self.steps)

    def step(self) -> None:
        """Do the next piece of work (a trick's solves, the par table, ...)."""
        self.steps[self.done]()
        self.done += 1

    def run(self) -> dict[str, Any]:
        while not self.finished:
            self.step()
        return self.result()

    # ----- the steps -----

    def _par_row(self, trump: int) -> None:
        """What each side takes double-dummy at ``trump`` (-1: no trump) when it declares:
        the real declarer for its side, the opponent on the declarer's left for the other
        (the declarer leads the first trick in Kaiser). One solver serves both leaders."""
        deal = list(self.record.play_deal)
        if trump == self.trump and self.out_seat < 0:
            solver = self.solver
        else:
            solver = dds.Solver(trump, self.bidders, -1)
        total = 8 + 5 - 3
        first = dds.solve(deal, self.declarer, trump, team=self.bidders, search=solver)
        # The other leader's value is usually within a point or two of the first: a good guess.
        other = solver.value(deal, (self.declarer + 1) & 3, (), (), guess=first)
        sides = [{"team": self.bidders, "declarer": self.declarer, "raw": first},
                 {"team": 1 - self.bidders, "declarer": (self.declarer + 1) & 3,
                  "raw": total - other}]
        self.par_rows.append({"trump": SUITS[trump] if trump >= 0 else None,
                              "no_trump": trump < 0, "sides": sides})

    def _par(self) -> None:
        """The best contract each side could make: the denomination with the best score
        (no trump doubles it) among those where it takes at least the minimum bid."""
        rows = self.par_rows
        minimum = self.game.rules.minimum_bid
        best = []
        for team in (0, 1):
            options = [(next(sd["raw"] for sd in r["sides"] if sd["team"] == team), r)
                       for r in rows]
            makeable = [(raw * (2 if r["no_trump"] else 1), raw, r) for raw, r in options
                        if raw >= minimum]
            if not makeable:
                best.append({"team": team, "contract": None, "raw": max(o[0] for o in options),
                             "score": None})
                continue
            score, raw, row = max(makeable, key=lambda t: (t[0], t[2]["no_trump"]))
            best.append({"team": team, "raw": raw, "score": score,
                         "contract": {"points": min(raw, 12), "no_trump": row["no_trump"],
                                      "trump": row["trump"]}})
        self.par = {"minimum_bid": minimum, "denominations": rows, "best": best}

    def _estimate(self) -> None:
        """The strong bot's estimate from the declarer's seat just before its winning bid
        (seeded by the hand, so the same hand always gets the same numbers)."""
        from ..bots import make_rng
        from ..bots.observation import observe
        from ..bots.strong import strong_policy

        record = self.record
        if record.contract is None or record.contract.kaiser:
            self.estimate = None
            return
        game = _hand_before_bid(self.game, record)
        if game is None:
            self.estimate = None
            return
        obs = observe(game, self.declarer)
        evals = strong_policy.evaluations(obs, make_rng(f"analysis:{self.seed}:{self.hand_index}"))
        by_trump = {t: mu for mu, t in evals}
        played = -1 if record.contract.no_trump else record.trump
        self.estimate = {
            "seat": self.declarer,
            "bid": act.encode(_last_bid(record)),
            "denominations": [{"trump": SUITS[t] if t >= 0 else None, "no_trump": t < 0,
                               "raw": round(by_trump[t], 2)} for t in (0, 1, 2, 3, -1)],
            "contract_raw": round(by_trump[played], 2),
        }

    def _trick(self, k: int) -> None:
        trick = self.record.tricks[k]
        bidders = self.bidders
        plays = []
        before = None
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards)):
            values = dds.solve_moves(self.hands, trick.leader, self.trump, self.out_seat,
                                     trick.seats[:i], trick.cards[:i], team=bidders,
                                     search=self.solver)
            values = {c: v + self.captured[bidders] for c, v in values.items()}
            ours = seat & 1 == bidders
            best_value = _pick(values, ours)
            if before is None:
                before = best_value
            after = values[card]
            cost = best_value - after if ours else after - best_value
            best = sorted((c for c, v in values.items() if v == best_value), reverse=True)
            plays.append({
                "seat": seat, "card": CARD_STRS[card], "dd_after": after,
                "cost": cost, "best": [CARD_STRS[c] for c in best], "best_value": best_value,
                "values": {CARD_STRS[c]: v for c, v in sorted(values.items(), reverse=True)},
            })
            self.hands[seat] ^= 1 << card
        self.captured[trick.winner & 1] += trick_points(trick.cards)
        self.tricks.append({"number": k + 1, "leader": trick.leader, "winner": trick.winner,
                            "cards": [CARD_STRS[c] for c in trick.cards], "dd_before": before,
                            "plays": plays})

    def _mistakes(self) -> None:
        """Every card that cost its side points, costliest first; the first few in words,
        with the rest of the trick played double-dummy after the better card."""
        found = []
        for trick in self.tricks:
            for i, play in enumerate(trick["plays"]):
                if play["cost"] > 0:
                    found.append((trick, i, play))
        found.sort(key=lambda t: (-t[2]["cost"], t[0]["number"], t[1]))
        out = []
        for n, (trick, i, play) in enumerate(found):
            entry = {"trick": trick["number"], "seat": play["seat"], "card": play["card"],
                     "cost": play["cost"], "best": play["best"],
                     "team": play["seat"] & 1}
            entry["text"] = self._words(trick, i, play) if n < MISTAKES_IN_WORDS else (
                f"Trick {trick['number']}: {SEAT_NAMES[play['seat']]}'s "
                f"{card_text(CARD_STRS.index(play['card']))} cost {_pts(play['cost'])}.")
            out.append(entry)
        self.mistakes = out

    def _words(self, trick: dict[str, Any], i: int, play: dict[str, Any]) -> str:
        seat = play["seat"]
        card = CARD_STRS.index(play["card"])
        alt = CARD_STRS.index(play["best"][-1])
        real = self.record.tricks[trick["number"] - 1]
        seats, cards = _best_line(self, trick["number"] - 1, i, alt)
        winner = trick_winner(seats, cards, self.trump)
        head = (f"Trick {trick['number']}: {SEAT_NAMES[seat]}'s {card_text(card)} cost "
                f"{_pts(play['cost'])}: ")
        others = [card_text(CARD_STRS.index(c)) for c in play["best"][:-1]]
        alt_words = f"the {card_text(alt)}" + (
            f" (or, as good, the {', the '.join(others)})" if others else "")
        mine = seat & 1
        if winner & 1 == mine and real.winner & 1 != mine:
            extra = _special_words(cards)
            return head + f"{alt_words} would have won the trick for {SEAT_NAMES[winner]}{extra}."
        if FIVE_OF_HEARTS in real.cards and real.winner & 1 != mine and FIVE_OF_HEARTS not in cards:
            return head + f"{alt_words} would have kept the 5♥ away from {SEAT_NAMES[real.winner]}."
        if (THREE_OF_SPADES in real.cards and THREE_OF_SPADES in cards and real.winner & 1 == mine
                and winner & 1 != mine):
            return head + (f"{alt_words} would have left the 3♠ to "
                           f"{SEAT_NAMES[winner]}.")
        return head + f"{alt_words} would have kept those points for the tricks still to come."

    # ----- the result -----

    def progress(self) -> list[int]:
        return [self.done, len(self.steps)]

    def result(self) -> dict[str, Any]:
        record = self.record
        contract = record.contract
        base = {"hand_index": self.hand_index, "dealer": record.dealer,
                "deal": deal_lists(record.play_deal), "auction": auction_json(record.auction),
                "contract": contract_json(contract, record.trump), "raw": list(record.raw),
                "made": record.made, "delta": list(record.delta), "par": self.par,
                "estimate": self.estimate}
        if contract is None:
            return {**base, "bidders": None, "dd_start": None, "tricks": [], "mistakes": [],
                    "lost": [0, 0]}
        lost = [0, 0]
        for m in self.mistakes:
            lost[m["team"]] += m["cost"]
        return {**base, "bidders": self.bidders, "out_seat": self.out_seat if self.out_seat >= 0
                else None, "dd_start": self.tricks[0]["dd_before"] if self.tricks else None,
                "tricks": self.tricks, "mistakes": self.mistakes, "lost": lost}


def _pts(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def _special_words(cards: list[int]) -> str:
    if FIVE_OF_HEARTS in cards and THREE_OF_SPADES in cards:
        return " (the 5♥ and the 3♠ in it)"
    if FIVE_OF_HEARTS in cards:
        return " with the 5♥"
    if THREE_OF_SPADES in cards:
        return " (the 3♠ in it)"
    return ""


def partner_out(record: HandRecord) -> int:
    """The seat sitting out under a Kaiser bid, else -1."""
    c = record.contract
    return (c.seat + 2) & 3 if c is not None and c.kaiser else -1


def _last_bid(record: HandRecord) -> int:
    assert record.contract is not None
    for seat, action in reversed(record.auction):
        if seat == record.contract.seat and action != act.PASS:
            return action
    raise AssertionError("a contract without its bid")


def _hand_before_bid(game: Game, record: HandRecord) -> Game | None:
    """The hand replayed from its deal up to the declarer's winning bid, with the scores
    the hand began with."""
    before = (record.scores[0] - record.delta[0], record.scores[1] - record.delta[1])
    hand = Game(game.rules, game.seed, record.dealer, deal=record.deal, scores=before)
    earlier = game.records[:game.records.index(record)]
    hand.no_trump_seen = any(r.contract is not None and r.contract.no_trump for r in earlier)
    while hand.phase == REDEAL_PHASE:
        hand.step(act.KEEP)
    while hand.phase == PASSING:  # the cards passed to partner, as they were
        hand.step(act.PASS_CARD_BASE + record.passes[hand.to_act])
    bid = _last_bid(record)
    for seat, action in record.auction:
        if seat == record.contract.seat and action == bid:  # type: ignore[union-attr]
            return hand
        if hand.phase != BIDDING or hand.to_act != seat:
            return None
        hand.step(action)
    return None


def _best_line(analysis: HandAnalysis, k: int, i: int, alt: int) -> tuple[list[int], list[int]]:
    """Trick ``k`` with its ``i``-th card replaced by ``alt`` and the later seats playing
    their double-dummy best (the lowest of equal cards)."""
    record = analysis.record
    trick = record.tricks[k]
    hands = list(record.play_deal)
    if analysis.out_seat >= 0:
        hands[analysis.out_seat] = 0
    for t in record.tricks[:k]:
        for s, c in zip(t.seats, t.cards):
            hands[s] ^= 1 << c
    seats = list(trick.seats[:i])
    cards = list(trick.cards[:i])
    for s, c in zip(seats, cards):
        hands[s] ^= 1 << c
    seats.append(trick.seats[i])
    cards.append(alt)
    hands[trick.seats[i]] ^= 1 << alt
    size = trick_size(analysis.out_seat)
    while len(cards) < size:
        seat = next_to_play(trick.leader, analysis.out_seat, seats)
        values = dds.solve_moves(hands, trick.leader, analysis.trump, analysis.out_seat, seats,
                                 cards, team=analysis.bidders, search=analysis.solver)
        target = _pick(values, seat & 1 == analysis.bidders)
        card = min(c for c, v in values.items() if v == target)
        hands[seat] ^= 1 << card
        seats.append(seat)
        cards.append(card)
    return seats, cards
