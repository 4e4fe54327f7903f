"""The ``strong`` and ``expert`` levels (search over sampled worlds) and the oracles.

Play: deal the unseen cards into worlds that fit the view (``sampling``), score every legal
card in every world, and play the card with the best mean *score effect*: the raw points a
card leads to matter only through the contract (made or set, doubled at no trump, defenders'
points capped at the threshold), so each world's raw result is turned into the hand's net
score for our team before averaging. Late in the hand a world is scored exactly by the
double-dummy solver; early on, where that costs seconds, by a fast playout in which every
seat follows the club player's rules (win cheaply, feed the 5H to partner, dump the 3S on
opponents). Budgets are counted in worlds, never in time, so a seed fixes the answer; the
optional ``time_cap`` only stops early (for the browser) with the worlds drawn and scored so far,
in the play, the calls and trump naming alike.

The auction is valued (``bidding``): per trump and no trump, the sampled deals played out
give a simulated mean, which with the hand's features goes into tables fitted offline from our
bots' play; every call, the dealer's take and the trump named are chosen by their expected
score for the team from those estimates, the scores and the rules. The Kaiser bid, the card
passed to partner and the weak-hand question use the ``basic`` rules.

The oracles see every hand, for measurement only: ``oracle`` plays double dummy and bids as
``basic`` does (the share of its edge a fair level gets measures card play, as the bots issue
asks); ``oracle_full`` also bids from the true double-dummy values; ``oracle-auction`` bids and
names trump as ``strong`` would with the deal seen, and plays as ``strong``;
``oracle-foresight`` also foresees the rest of the auction and values each contract double
dummy.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import lru_cache, partial
from statistics import fmean

from ..engine.actions import (
    BID_BASE,
    KAISER,
    PASS,
    TRUMP_BASE,
    TRUMP_NONE,
    bid_no_trump,
    bid_points,
)
from ..engine.game import BIDDING, PLAY, TRUMP, Game
from ..engine.scoring import Contract, raw_points
from .bidding import DENOMINATIONS, Estimates, played_out, simulate_calls
from .bidding import GAME_WORTH as GAME_WORTH  # the game's worth lives with the scoring of a call
from .bidding import net_score
from .basic import kaiser_call
from .basic import basic_policy
from .dds import Solver, best_move, solve, solve_moves
from .observation import Observation, observe
from .reading import read_worlds
from .rollout import playout, playout_outcome
from .sampling import sample_worlds


# ----- what a hand's outcome is worth -----

def _captured(tricks_won: tuple[int, int] | list[int], five_team: int, three_team: int,
              team: int) -> int:
    return tricks_won[team] + (5 if five_team == team else 0) - (3 if three_team == team else 0)


def raw_decides(obs: Observation) -> bool:
    """Do our team's raw points alone fix the hand's score? They do unless the three-trick
    rule or a Kaiser bid is in play (raw points then need not sum to 10, and a Kaiser bid
    needs every trick), or stopped defenders lose 3 for the 3S read literally while it is
    still out: then the search plays worlds out in full instead of solving raw points."""
    contract = obs.contract
    assert contract is not None
    rules = obs.rules
    if contract.kaiser or rules.spade_three_needs_three_tricks:
        return False
    defenders = 1 - (contract.seat & 1)
    return not (rules.defender_loss == "three_of_spades" and obs.three_team < 0
                and obs.scores[defenders] >= obs.threshold)


Outcome = tuple[tuple[int, int], tuple[int, int], int]
"""A hand's end as scoring reads it: raw points per team, tricks per team, the 3S's team."""


def _outcomes(hands: list[int], obs: Observation, seat: int, legal: list[int],
              search: Solver | None) -> dict[int, Outcome]:
    """The hand's outcome after each legal card, in one world: exact raw points with a
    ``search`` (only when ``raw_decides``), else the rule playout's full outcome."""
    trick_seats = list(obs.trick_seats)
    trick_cards = list(obs.trick_cards)
    leader = trick_seats[0] if trick_seats else seat
    team = seat & 1
    won0 = (obs.tricks_won[0], obs.tricks_won[1])
    if search is not None:
        base = _captured(obs.tricks_won, obs.five_team, obs.three_team, team)
        values = solve_moves(hands, leader, obs.trump, obs.out_seat, trick_seats,
                                 trick_cards, team, search)
        out: dict[int, Outcome] = {}
        for c in legal:
            ours = base + values[c]
            raw = (ours, 10 - ours) if team == 0 else (10 - ours, ours)
            out[c] = (raw, won0, obs.three_team)
        return out
    rule = obs.rules.spade_three_needs_three_tricks
    out = {}
    for c in legal:
        after = list(hands)
        after[seat] ^= 1 << c
        won, five, three = playout_outcome(after, leader, obs.trump, obs.out_seat,
                                           trick_seats + [seat], trick_cards + [c])
        tricks = (won0[0] + won[0], won0[1] + won[1])
        five = obs.five_team if five < 0 else five
        three = obs.three_team if three < 0 else three
        raw = (raw_points(tricks[0], five == 0, three == 0, rule),
               raw_points(tricks[1], five == 1, three == 1, rule))
        out[c] = (raw, tricks, three)
    return out


WorldSource = Callable[[Observation, int, random.Random, float | None], list[list[int]] | None]
"""Worlds for a card: (view, how many, generator, deadline) -> the worlds, or ``None`` where
this source cannot read the view."""


def rank_moves(obs: Observation, rng: random.Random, playout_worlds: int, exact_worlds: int,
               exact_from: int, time_cap: float | None = None, candidates: int = 1,
               worlds_given: list[list[int]] | None = None,
               draw: WorldSource | None = None) -> list[tuple[float, float, int]]:
    """Every legal card with its mean net score and our mean raw points, best first (a world
    drawn twice is scored once and counted twice). The worlds come from ``draw`` where it gives
    them, else from ``sampling`` with ``candidates``. ``worlds_given`` replaces them:
    ``tools/play_loss.py`` scores the true deal alone with it, to tell what the evaluation
    gives away from what the unseen cards do."""
    legal = list(obs.legal)
    seat = obs.seat
    team = seat & 1
    contract = obs.contract
    assert contract is not None
    exact = obs.hand.bit_count() <= exact_from and raw_decides(obs)
    worlds = exact_worlds if exact else playout_worlds
    search = Solver(obs.trump, team, obs.out_seat) if exact else None
    totals = dict.fromkeys(legal, 0.0)
    raws = dict.fromkeys(legal, 0.0)
    start = time.perf_counter()
    done = 0
    seen: dict[tuple[int, ...], dict[int, tuple[int, int]]] = {}
    deadline = None if time_cap is None else start + time_cap
    sampled = worlds_given
    if sampled is None and draw is not None:
        sampled = draw(obs, worlds, rng, deadline)
    if sampled is None:
        sampled = sample_worlds(obs, worlds, rng, candidates, deadline)
    scoring = time.perf_counter()
    for hands in sampled:
        key = tuple(hands)
        values = seen.get(key)
        if values is None:
            values = seen[key] = {
                c: (net_score(obs.rules, contract, obs.scores, obs.target, team, raw, tricks,
                              three), raw[team])
                for c, (raw, tricks, three) in _outcomes(hands, obs, seat, legal, search).items()}
        for c in legal:
            net, raw_us = values[c]
            totals[c] += net
            raws[c] += raw_us
        done += 1
        # Stop before a world that would likely end past the cap (one exact solve can take
        # a tenth of a second in the browser).
        if deadline is not None:
            now = time.perf_counter()
            if now + (now - scoring) / done > deadline:
                break
    ranked = [(totals[c] / done, raws[c] / done, c) for c in legal]
    ranked.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return ranked


# ----- the auction by simulation -----

def denomination_raws(worlds: list[list[int]], leader: int, team: int, out_seat: int = -1,
                      deadline: float | None = None) -> dict[int, list[int]]:
    """Per trump (``-1``: no trump), ``team``'s raw points in each world, ``leader`` leading
    (at ``deadline``, a ``time.perf_counter`` reading, in the worlds played so far)."""
    out: dict[int, list[int]] = {trump: [] for trump in (0, 1, 2, 3, -1)}
    for k, world in enumerate(worlds):
        if deadline is not None and k and time.perf_counter() > deadline:
            break
        for trump, raws in out.items():
            raws.append(playout(list(world), leader, trump, out_seat, [], [], team))
    return out


class SearchPolicy:
    """A level's budget, in worlds (never in time, so a seed fixes every answer).

    Play: ``playout_worlds`` scored by playouts early, ``exact_worlds`` by exact solves from
    ``exact_from`` cards in hand on (where a solve of every card in a world costs a few ms);
    ``draw``: where the cards' worlds come from (``rank_moves``), if not from the sampler;
    ``candidates`` > 1 weighs random worlds by the calls and cards seen (``sampling``: the
    auction's worlds, and the cards' where ``draw`` cannot read the deal or without one).
    The auction and trump: ``auction_worlds`` deals simulated per call, the call or trump
    with the best expected score chosen from the fitted estimates (``bidding``; after a Kaiser
    bid, whether to play no trump is the basic rule's sure-tricks test)."""

    def __init__(self, playout_worlds: int, exact_worlds: int, exact_from: int,
                 auction_worlds: int, candidates: int,
                 draw: WorldSource | None = None) -> None:
        self.draw = draw
        self.playout_worlds = playout_worlds
        self.exact_worlds = exact_worlds
        self.exact_from = exact_from
        self.auction_worlds = auction_worlds
        self.candidates = candidates

    def ranked(self, obs: Observation, rng: random.Random,
               time_cap: float | None = None) -> list[tuple[float, float, int]]:
        return rank_moves(obs, rng, self.playout_worlds, self.exact_worlds, self.exact_from,
                          time_cap, self.candidates, draw=self.draw)

    def estimates(self, obs: Observation, rng: random.Random, deadline: float | None = None,
                  worlds_given: list[list[int]] | None = None) -> Estimates:
        """The fitted estimates this level bids from, its simulated means among their
        features. At ``deadline`` (``time.perf_counter``) the auction's simulation stops with
        the worlds played out so far (the browser's cap). ``worlds_given`` replaces the sampled
        worlds (``oracle-auction``: the true deal alone)."""
        # Trump is named once a hand, after every call is known: worth four times the worlds.
        worlds = self.auction_worlds * (4 if obs.phase == TRUMP else 1)
        sampled = worlds_given or sample_worlds(obs, worlds, rng, self.candidates, deadline)
        raws = denomination_raws(sampled, obs.seat, obs.seat & 1, obs.out_seat, deadline)
        estimates = Estimates(obs, {t: fmean(v) for t, v in raws.items()}, raws)
        if obs.phase == BIDDING:
            estimates.simulate(sampled, deadline)
        return estimates

    def evaluations(self, obs: Observation, rng: random.Random) -> list[tuple[float, int]]:
        """(predicted raw points, trump) for the four suits and no trump, as
        ``basic.evaluations`` gives them: what the review shows as the bot's estimate."""
        est = self.estimates(obs, rng)
        return [(est.mean(t), t) for t in DENOMINATIONS]

    def auction_action(self, obs: Observation, estimates: Estimates,
                       rng: random.Random) -> int:
        """The call (auction) or the trump (trump naming) with the best expected score; the
        Kaiser bid by the basic rule (eight sure tricks, or the last hope for the game)."""
        if obs.phase == BIDDING:
            if KAISER in obs.legal and kaiser_call(obs):
                return KAISER
            values = [(v, a) for v, a, _ in estimates.action_values() if a != KAISER]
            # Ties go to the pass, then the cheaper bid: the smaller risk for the same value.
            return max(values, key=lambda t: (round(t[0], 6), t[1] == PASS, -t[1]))[1]
        contract = obs.contract
        if TRUMP_NONE in obs.legal or contract is None:
            return basic_policy(obs, rng)
        return TRUMP_BASE + estimates.best_suit(contract)

    def __call__(self, obs: Observation, rng: random.Random,
                 time_cap: float | None = None) -> int:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if obs.phase in (BIDDING, TRUMP):
            deadline = None if time_cap is None else time.perf_counter() + time_cap
            return self.auction_action(obs, self.estimates(obs, rng, deadline), rng)
        if obs.phase != PLAY:
            return basic_policy(obs, rng)
        return self.ranked(obs, rng, time_cap)[0][2]


strong_policy = SearchPolicy(60, 20, 6, 48, 4)
"""Exact solves from 6 cards in hand rather than 5: kept head to head against the champion
before it (README's yardstick section); more playout worlds early added little."""
expert_policy = SearchPolicy(160, 32, 6, 48, 4)
strong_chain_policy = SearchPolicy(60, 20, 5, 48, 4,
                                   draw=partial(read_worlds, burn_in=100, thin=5))
"""``strong`` with the worlds of its cards read by the chain (``reading``), the others' cards
read as ``basic``'s: measured, not kept (README), for measurement only."""
strong_mix_policy = SearchPolicy(60, 20, 5, 48, 4,
                                 draw=partial(read_worlds, burn_in=100, thin=10, mixed=True))
"""``strong`` with its worlds read by the chain that also reads whether the opponents play
``basic`` (``reading``, ``mixed``): sharp where their cards fit ``basic``, soft where not.
Measured, not kept (it ties ``strong`` head to head and loses to ``expert``; README), for
measurement only."""
strong_model_policy = SearchPolicy(60, 20, 5, 48, 4,
                                   draw=partial(read_worlds, burn_in=100, thin=20, model=True))
"""``strong`` with its worlds read by the chain under the card model of ``strong``'s own play
(``cardmodel``), 20 steps between two worlds (at 5, the worlds too alike, it did worse head
to head): measured, not kept (it costs ``strong`` twice over; README), for measurement only."""


# ----- the oracles: every hand known -----

def oracle_choose(game: Game, rng: random.Random) -> int:
    """Double-dummy card play; the auction, trump and the weak-hand question as ``basic``.

    This is the yardstick of card play: it bids exactly as the fair levels do, so the edge it
    gains over ``basic`` is what perfect knowledge of the cards is worth in the play, the
    share a fair level can hope to approach (evaluation only)."""
    if game.phase == PLAY:
        return _oracle_play(game)
    return basic_policy(observe(game, game.to_act), rng)


def oracle_full_choose(game: Game, rng: random.Random) -> int:
    """Double-dummy play and bids from the true double-dummy values: an upper bound that
    no fair level approaches, as its edge is mostly in the auction (evaluation only)."""
    seat = game.to_act
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    if game.phase == PLAY:
        return _oracle_play(game)
    if game.phase == BIDDING:
        return _oracle_bid(game, seat, legal)
    if game.phase == TRUMP:
        return _oracle_trump(game)
    return basic_policy(observe(game, seat), rng)


def _oracle_trump(game: Game) -> int:
    """The trump under which the declarer's team takes the most, double dummy."""
    seat = game.to_act
    hands = tuple(game.hands)
    values = [_solved_raw(hands, seat, t, game.out_seat, seat & 1) for t in range(4)]
    return TRUMP_BASE + max(range(4), key=lambda t: values[t])


def oracle_strong_choose(game: Game, rng: random.Random) -> int:
    """``strong``'s card play with every hand seen: its own evaluation (playouts early, exact
    solves from ``exact_from`` cards) in the true deal alone; the rest as ``basic``.

    Between the fair ``strong`` and ``oracle``, it splits what ``strong`` gives away in the play
    into what the unseen cards cost it (``basic/oracle_strong`` against ``basic/strong``) and
    what its evaluation does (``basic/oracle`` against ``basic/oracle_strong``): evaluation
    only."""
    obs = observe(game, game.to_act)
    if game.phase == PLAY and len(obs.legal) > 1:
        return rank_moves(obs, rng, 1, 1, strong_policy.exact_from,
                          worlds_given=[list(game.hands)])[0][2]
    return basic_policy(obs, rng)


def oracle_auction_choose(game: Game, rng: random.Random) -> int:
    """``strong`` with every hand seen in the auction and in naming trump: its own estimates
    (the tables, the playouts, the rest of the auction simulated) from the true deal alone;
    the play as ``strong``'s. What ``strong``'s auction gives away to it is what the unseen
    cards cost its calls; what the auction lacks beyond that lies in its valuation (evaluation
    only)."""
    obs = observe(game, game.to_act)
    if obs.phase not in (BIDDING, TRUMP) or len(obs.legal) == 1:
        return strong_policy(obs, rng)
    estimates = strong_policy.estimates(obs, rng, worlds_given=[list(game.hands)])
    return strong_policy.auction_action(obs, estimates, rng)


def oracle_foresight_choose(game: Game, rng: random.Random) -> int:
    """Every hand seen and the rest of the auction foreseen: each call valued by the net score
    of the contract it leads to, the later calls ``basic``'s from the true hands (as
    ``strong`` simulates them in its worlds) and that contract solved double dummy, its
    declarer naming the trump that solves best; trump named the same way; the play as
    ``strong``'s. The auction's ceiling where every hand is known and valued exactly: what a
    call can gain beyond ``strong``'s, given perfect valuation (evaluation only)."""
    legal = game.legal()
    obs = observe(game, game.to_act)
    if len(legal) == 1 or game.phase not in (BIDDING, TRUMP):
        return strong_policy(obs, rng)
    if game.phase == TRUMP:
        return basic_policy(obs, rng) if TRUMP_NONE in legal else _oracle_trump(game)
    if KAISER in legal and kaiser_call(obs):
        return KAISER
    calls = [a for a in legal if a != KAISER]
    values = simulate_calls(obs, [list(game.hands)], calls, value=_solved_out)
    return max(calls, key=lambda a: (round(values[a], 6), a == PASS, -a))


def _solved_out(obs: Observation, world: list[int], contract: Contract, us: int) -> float:
    """Our net score when ``contract`` is played double dummy in ``world``, its declarer
    leading under the trump that solves best for its team (a Kaiser contract, whose seat
    sitting out the solver does not score, played out by the rule player)."""
    if contract.kaiser:
        return played_out(obs, world, contract, us)
    side = contract.seat & 1
    raw = max(_solved_raw(tuple(world), contract.seat, t, -1, side)
              for t in ((-1,) if contract.no_trump else range(4)))
    ours = raw if side == us else 10 - raw
    return net_score(obs.rules, contract, obs.scores, obs.target, us,
                     (ours, 10 - ours) if us == 0 else (10 - ours, ours), (0, 0), -1)


@lru_cache(maxsize=64)
def _solved_raw(hands: tuple[int, ...], leader: int, trump: int, out_seat: int, side: int
                ) -> int:
    """``solve`` kept for the other calls of one decision, which often reach one contract,
    and for the trump named once the auction the oracle foresaw has ended."""
    return solve(hands, leader, trump, out_seat, team=side)


def _oracle_play(game: Game) -> int:
    """The card that keeps the most raw points (net score rises with raw points)."""
    legal = game.legal()
    if len(legal) == 1:
        return legal[0]
    leader = game.trick_seats[0] if game.trick_seats else game.to_act
    return best_move(game.hands, leader, game.trump, game.out_seat, game.trick_seats,
                         game.trick_cards)[0]


def _oracle_bid(game: Game, seat: int, legal: list[int]) -> int:
    """The legal bid with the best net score from the true values, or pass if none gains."""
    team = seat & 1
    scores = (game.scores[0], game.scores[1])
    suit_raw = max(solve(game.hands, seat, t, -1, team=team) for t in range(4))
    nt_raw = solve(game.hands, seat, -1, -1, team=team)
    best_action, best_value = PASS, None
    for action in legal:
        if action < BID_BASE:
            continue
        points, no_trump = bid_points(action), bid_no_trump(action)
        raw = nt_raw if no_trump else suit_raw
        value = net_score(game.rules, Contract(seat, points, no_trump, False), scores,
                          game.target, team, (raw, 10 - raw) if team == 0 else (10 - raw, raw),
                          (0, 0), -1)
        if best_value is None or value > best_value:
            best_action, best_value = action, value
    if PASS in legal and (best_value is None or best_value <= 0):
        return PASS
    if best_action == PASS:
        return legal[0] if legal[0] != PASS else PASS
    return best_action

