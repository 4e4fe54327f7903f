// @ts-check
// Step-by-step replay of a shared game with moves: Back / Forward / Play to end.
// Each position is the engine's own state, rebuilt by load() from the first k actions.
import { orientTable, renderStatus, renderSeats, renderTrick, renderHand, renderTurn, renderPlate } from "./table.js";
import { describeAction, seatName } from "./words.js";
import { announce } from "../ui/announce.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("../types.js").GameState} GameState */

/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

export class Replay {
  /**
   * @param {import("../types.js").Engine} engine
   * @param {GameState} full the shared game with all its moves
   * @param {{onTakeOver?: (state: GameState) => void, onExit?: () => void}} [hooks]
   */
  constructor(engine, full, { onTakeOver, onExit } = {}) {
    this.engine = engine;
    this.full = full;
    this.total = full.actions.length;
    this.k = 0;
    /** @type {Map<number, GameState>} the state after the first k moves, by k */
    this.cache = new Map();
    this.onTakeOver = onTakeOver;
    this.onExit = onExit;
    /** the position the latest request asked for; steps count from it, not from what is drawn */
    this.target = 0;
    this.pending = false;
    /** @type {Promise<void> | null} the drawing under way, if any */
    this.drawing = null;
    /** @type {Map<string, number[]>} [hand number, tricks done] by position */
    this.places = new Map();
  }

  /** @param {number} k @returns {Promise<GameState>} */
  async stateAt(k) {
    let s = this.cache.get(k);
    if (!s) {
      s = await this.engine.call("load", { ...this.full, actions: this.full.actions.slice(0, k) });
      this.cache.set(k, s);
    }
    return s;
  }

  /**
   * Where position k stands in the game, as the engine's view says: [hand number, tricks done
   * in that hand]. It never goes down move by move, so a jump is a binary search over it.
   * @param {number} k @param {boolean} byHand compare by hand only
   */
  async placeAt(k, byHand) {
    const key = `view:${k}`;
    let place = this.places.get(key);
    if (!place) {
      const v = await this.engine.call("view", await this.stateAt(k), 0);
      place = [v.hand_number ?? 0, v.tricks?.length ?? 0];
      this.places.set(key, place);
    }
    const [hand, tricks] = place;
    return byHand ? hand : hand * 100 + tricks;
  }

  /** The first position in [lo, hi] whose place is at least `place` (hi + 1 if none). */
  /** @param {number} place @param {number} lo @param {number} hi @param {boolean} byHand */
  async firstFrom(place, lo, hi, byHand) {
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (await this.placeAt(mid, byHand) >= place) hi = mid - 1; else lo = mid + 1;
    }
    return lo;
  }

  /** Forward to the end of the current trick (or hand), from where the last tap aimed. @param {boolean} byHand */
  async jumpForward(byHand) {
    const from = this.target;
    const here = await this.placeAt(from, byHand);
    return this.show(Math.min(this.total, await this.firstFrom(here + 1, from + 1, this.total, byHand)));
  }

  /** Back to the start of the current trick (or hand), or of the one before when already there. */
  /** @param {boolean} byHand */
  async jumpBack(byHand) {
    const from = this.target;
    const start = await this.firstFrom(await this.placeAt(from, byHand), 0, from, byHand);
    if (start < from || from === 0) return this.show(start);
    return this.show(await this.firstFrom(await this.placeAt(from - 1, byHand), 0, from - 1, byHand));
  }

  /** Who made action k (the seat to act before it). @param {number} k */
  async actorOf(k) {
    const s = await this.stateAt(k);
    return (await this.engine.call("summary", s)).to_act;
  }

  /**
   * Shows position k. A request made while another is drawing replaces any that waits, so a
   * quick tap on "End" after "Forward" is never lost: the last tap is where the replay stops.
   * @param {number} k
   */
  show(k) {
    this.target = Math.max(0, Math.min(this.total, k));
    this.pending = true;
    if (!this.drawing) this.drawing = this.drain();
    return this.drawing;
  }

  /** Whether a position is still being drawn (tests wait on it through window.kaiser.replay). */
  get busy() {
    return this.drawing !== null;
  }

  async drain() {
    try {
      while (this.pending) {
        this.pending = false;
        await this.draw(this.target);
      }
    } finally {
      this.drawing = null;
    }
  }

  /** @param {number} k */
  async draw(k) {
    const st = await this.stateAt(k);
    const views = await Promise.all([0, 1, 2, 3].map((s) => this.engine.call("view", st, s)));
    this.k = k;
    const v = views[0];
    renderStatus(v);
    renderPlate(v);
    orientTable(0);
    renderSeats(v, { roles: ["", "", "partner", ""], faceUp: { 1: views[1].hand, 2: views[2].hand, 3: views[3].hand } });
    const done = v.trick.cards.length === 0 ? v.tricks?.at(-1) : undefined;
    if (done) renderTrick(done, { winner: done.winner });
    else renderTrick(v.trick, {});
    renderHand($("hand"), v.hand, new Map(), { label: "South's cards" });
    $("action-panel").hidden = true;
    let text = "Start of the game.";
    if (k > 0) {
      const seat = await this.actorOf(k - 1);
      text = describeAction(seat, this.full.actions[k - 1]);
    }
    $("replay-pos").textContent = `Move ${k} of ${this.total}: ${text}`;
    renderTurn(v.phase === "game_over" ? "Game over." : `${seatName(v.to_act)} to act next.`);
    announce(text);
    for (const id of ["replay-back", "replay-start", "replay-prev-trick", "replay-prev-hand"]) button(id).disabled = k === 0;
    for (const id of ["replay-forward", "replay-end", "replay-next-trick", "replay-next-hand"]) button(id).disabled = k === this.total;
    button("replay-takeover").disabled = v.phase === "game_over";
    document.body.dataset.phase = v.phase;
  }

  enter() {
    document.body.dataset.mode = "replay";
    $("replay-bar").hidden = false;
    /** @param {string} id @param {() => void} f */
    const on = (id, f) => { $(id).onclick = f; };
    on("replay-start", () => this.show(0));
    on("replay-back", () => this.show(this.target - 1));
    on("replay-forward", () => this.show(this.target + 1));
    on("replay-end", () => this.show(this.total));
    on("replay-prev-hand", () => this.jumpBack(true));
    on("replay-prev-trick", () => this.jumpBack(false));
    on("replay-next-trick", () => this.jumpForward(false));
    on("replay-next-hand", () => this.jumpForward(true));
    on("replay-takeover", async () => { const s = await this.stateAt(this.k); this.exit(); this.onTakeOver?.(s); });
    on("replay-exit", () => { this.exit(); this.onExit?.(); });
    return this.show(0);
  }

  exit() {
    delete document.body.dataset.mode;
    $("replay-bar").hidden = true;
  }
}
