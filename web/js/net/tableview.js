// @ts-check
// The shared table as one seat sees it, host and guests alike: the same renderers as the solo
// table (table/table.js), fed by the views the host sends. It plays back each move's public
// events with the solo table's own player (table/playback.js: the card, the finished trick swept
// to its winner, the hand's end) before drawing the view that follows, so every browser at the
// table shows the same tricks at the same pace.
import { renderStatus, renderSeats, renderTrick, renderHand, renderPlate, renderTurn, installHandKeys, orientTable } from "../table/table.js";
import { $ } from "../ui/dom.js";
import { renderActionPanel } from "../table/bidding.js";
import { renderHandResult } from "../table/scoresheet.js";
import { seatName, teamOf, LEVEL_NAMES } from "../table/words.js";
import { openDialog } from "../ui/dialogs.js";
import { playMove } from "../table/playback.js";

/** @typedef {import("./host.js").Update} Update */
/** @typedef {import("./host.js").SeatInfo} SeatInfo */
/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../table/playback.js").Frame} Frame */

/** @param {number} ms */
const sleep = (ms) => /** @type {Promise<void>} */ (new Promise((r) => { setTimeout(r, ms); }));

/**
 * A person's name, with "(host)" after the host's unless the name already says it (a host who
 * gave no name is called Host).
 * @param {{kind: string, name: string}} info
 */
export function personName(info) {
  return info.kind === "host" && !/^host$/i.test(info.name) ? `${info.name} (host)` : info.name;
}

/**
 * What a seat's label says: who sits there, and whether a bot stands in for an absent person.
 * @param {SeatInfo | undefined} info @param {number} seat @param {number} mySeat
 */
export function seatRole(info, seat, mySeat) {
  if (!info) return "";
  if (seat === mySeat) return info.joining ? "You · next deal" : "You";
  if (info.kind === "bot") return `Bot · ${(LEVEL_NAMES[info.level] ?? info.level).split(" ")[0]}`;
  const who = personName(info);
  if (info.joining) return `${who} · joins next deal`;
  if (info.standIn) return `${who} · away, a bot plays`;
  return info.away ? `${who} · away` : who;
}

export class SharedTableView {
  /**
   * @param {{onPlay: (action: Action) => void, animMs?: number,
   *   onHand?: (index: number, record: Object<string, any>) => void, onGameOver?: (winner: number | null) => void}} options
   */
  constructor({ onPlay, animMs = 300, onHand = () => {}, onGameOver = () => {} }) {
    this.onPlay = onPlay;
    this.onHand = onHand;
    this.onGameOver = onGameOver;
    this.animMs = animMs;
    /** @type {number | null} */
    this.seat = null;
    /** @type {Update | null} */
    this.last = null;
    /** @type {Object<string, unknown>[]} every finished trick shown here (the tests compare them) */
    this.tricks = [];
    /** The hand whose tricks `handTricks` counts (`hand_number`), and how many of them are in `tricks`. */
    this.trickHand = -1;
    this.handTricks = 0;
    /** Someone watching: never a move, never "your turn". */
    this.watching = false;
    /**
     * The move count at which this page sent its move: until the host's answer moves the count
     * on (or refuses it), the turn is not offered again and the line says the move is on its way.
     * @type {number | null}
     */
    this.sent = null;
    /** @type {number | null} the seat the table is turned to */
    this.oriented = null;
    /** @type {Promise<void>} playback, one update after another */
    this.playing = Promise.resolve();
    /** @type {Frame | null} what the table shows while a move is played back */
    this.frame = null;
    installHandKeys($("hand"));
  }

  /** This page's move, sent to the host. @param {Action} action */
  send(action) {
    if (!this.last) return;
    this.sent = this.last.moves;
    this.onPlay(action);
    this.draw();
  }

  /** The move sent was refused or may be lost: the turn is offered again. */
  unsend() {
    if (this.sent == null) return;
    this.sent = null;
    this.draw();
  }

  /** @param {Update} update @param {number} seat this browser's seat */
  show(update, seat) {
    this.playing = this.playing.then(() => this.play(update, seat)).catch((e) => console.error(e));
    return this.playing;
  }

  /** @param {Update} u @param {number} seat */
  async play(u, seat) {
    this.seat = seat;
    const prev = this.last?.view;
    this.catchUp(prev, u);
    if (prev && u.events.length) {
      const played = await playMove(/** @type {any} */ (u.events), prev, u.view, {
        hold: (frame) => { this.frame = frame; },
        draw: () => this.draw(),
        delay: sleep,
        speed: { anim: this.animMs, pause: this.animMs },
        gone: () => false,
        onTrick: (won) => { this.told(won); },
      });
      if (played?.hand) {
        renderHandResult($("hand-body"), played.hand.record, played.hand.hand_index, teamOf(seat));
        this.onHand(played.hand.hand_index, played.hand.record);
        openDialog("dlg-hand");
      }
      if (played?.over) this.onGameOver(played.over.winner);
    }
    this.frame = null;
    this.last = u;
    this.draw();
  }

  /** A won trick joins the table's story. @param {{winner?: number | null, cards: string[], seats: number[]}} t */
  told(t) {
    this.tricks.push({ winner: t.winner, cards: t.cards, seats: t.seats });
    this.handTricks += 1;
  }

  /**
   * Tricks won in moves this table never played back (an update lost on the way, or moves made
   * while it reconnected) join the story from the hand's own record, in order, before the move
   * at hand is played. The first view seen starts the count: what came before it is not told.
   * A hand whose end went unseen is not told again (the view has its scores), nor a hand that
   * ended by a claim (its record holds tricks nobody played).
   * @param {View | undefined} prev @param {Update} u
   */
  catchUp(prev, u) {
    const events = /** @type {any[]} */ (u.events);
    const hand = events.find((e) => e.type === "hand");
    const index = hand ? hand.hand_index : u.view.hand_number;
    if (!prev) { this.trickHand = index; this.handTricks = u.view.tricks.length; return; }
    if (index !== this.trickHand) { this.trickHand = index; this.handTricks = 0; }
    if (events.some((e) => e.type === "action" && e.action?.type === "claim")) return;
    const all = hand ? hand.record.tricks : u.view.tricks;
    const before = all.length - (events.some((e) => e.type === "trick") ? 1 : 0);
    for (const t of all.slice(this.handTricks, before)) this.told(t);
  }

  /** Draw the latest view (also when only the seats changed). */
  draw() {
    const u = this.last;
    if (!u || this.seat == null) return;
    const v = this.frame?.view ?? u.view;
    const held = this.frame?.trick;
    const seat = this.seat;
    const botPlaysMine = !!u.seats[seat]?.joining;
    const myTurn = !this.watching && !this.frame && v.phase !== "game_over" && v.to_act === seat && !botPlaysMine;
    const sending = myTurn && this.sent === u.moves;
    const mine = myTurn && !sending;
    const roles = [0, 1, 2, 3].map((s) => seatRole(u.seats[s], s, seat));
    if (this.oriented !== seat) { orientTable(seat); this.oriented = seat; }
    renderStatus(v);
    renderSeats(v, { roles, person: seat });
    renderPlate(v);
    if (held) renderTrick(held, { winner: held.winner, animMs: this.animMs, points: held.points });
    else renderTrick(v.trick ?? null, { animMs: this.animMs, winning: v.winning, points: v.trick_points });
    const legal = mine ? v.legal : [];
    /** @type {Map<string, Action>} */
    const byCard = new Map();
    for (const a of legal) if (a.card != null) byCard.set(a.card, a);
    renderHand($("hand"), v.hand, byCard, { onPlay: (a) => this.send(a), active: byCard.size > 0 });
    renderActionPanel($("action-panel"), seat, legal, (a) => this.send(a), { view: v, own: seat });
    const actor = v.to_act == null ? undefined : u.seats[v.to_act];
    const name = actor && actor.kind !== "bot" && actor.name ? ` (${actor.name})` : "";
    const turn = v.phase === "game_over" ? "The game is over."
      : mine ? "Your turn"
        : sending ? "Sent: waiting for the table…"
        : v.to_act === seat && !this.watching ? "A bot plays your seat until the next deal"
          : `${seatName(v.to_act)}'s turn${name}`;
    renderTurn(turn, mine);
    document.body.dataset.netMoves = String(u.moves);
    document.body.dataset.netTurn = mine ? "mine" : "other";
    document.body.dataset.netPhase = v.phase;
  }

  /** @param {SeatInfo[]} seats */
  seatsChanged(seats) {
    if (!this.last) return;
    this.last = { ...this.last, seats };
    this.draw();
  }
}
