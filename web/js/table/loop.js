// @ts-check
// The one authority over a table this page holds. Solo play, pass and play and the host of a
// friends table all run through it (as a local master does: the people on this device reach it
// directly, guests through their links): it holds the position (a table client on the engine's
// worker), takes a seat's move with the turn it was meant for, has the bots play theirs, and
// tells its listener each move with the views and events it caused. One restore path: a table
// opened at the moves a screen had shown plays the rest again, each as when it was first made.
//
// What it leaves to its owner, by hooks: who is a bot (`level`), what a bot's move waits for
// (`ready`: on this device, until the screen has shown the last move and no dialog is open; at a
// friends table, a pace people can follow), how long a bot seems to think (`thought`), and what
// each screen shows (`onMove`, `onThinking`).
import { LocalTable } from "./table-client.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").TableReply} TableReply */
/** @typedef {import("../types.js").View} View */

/**
 * @typedef {object} LoopHooks
 * @property {Engine} engine
 * @property {(seat: number) => string | null} level the bot level playing this seat now; null: a person decides
 * @property {(moves: number) => string} seed a bot's seed for its move (the move number keeps a replay the same)
 * @property {(reply: TableReply) => void} onMove a move was made: its reply (the views after it, its events)
 * @property {(error: unknown) => void} onError a bot's move failed (a person's move fails to its caller)
 * @property {(seat: number, events: TableReply["events"]) => Promise<void>} [ready] what a bot's move waits for, after these events
 * @property {(spentMs: number) => Promise<void>} [thought] after a bot chose, before its move is told
 * @property {(seat: number) => void} [onThinking] a bot starts to choose
 * @property {(state: GameState) => void} [save] keep the game after each move
 * @property {<T>(what: string, p: Promise<T>) => Promise<T>} [watch] every engine call goes through it (a watchdog)
 * @property {number} [timeCapMs] a bot's time per decision
 */

const nothing = () => Promise.resolve();

export class TableLoop {
  /** @param {LoopHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    this.engineClient = hooks.engine;
    /** @type {LocalTable | null} */
    this.table = null;
    /** @type {Promise<unknown>} engine work, one call at a time: a move is never made on a position another is changing */
    this.queue = Promise.resolve();
    /** Bumped by stop() and open(): work begun before it is dropped. */
    this.gen = 0;
    /** Bumped by each kick(): only the latest bot turn waiting to play may play. */
    this.kicks = 0;
    /** @type {TableReply["events"]} the last move's events (a pace may depend on them) */
    this.lastEvents = [];
    /** @type {Object<string, number[]>} ms per bot decision, by level */
    this.botTimes = {};
    /** @type {Promise<void> | null} the saved moves being made again after a reload */
    this.replaying = null;
  }

  get engine() { return this.engineClient; }

  /** The engine the table calls (a test may put a stand-in in its place). @param {Engine} engine */
  set engine(engine) {
    this.engineClient = engine;
    if (this.table) this.table.engine = engine;
  }

  /** @template T @param {string} what @param {Promise<T>} p */
  watch(what, p) { return this.hooks.watch ? this.hooks.watch(what, p) : p; }

  /** The public part of the position (phase, turn, score): the same in every seat's view. */
  publicView() {
    const t = this.table;
    return t ? t.view(t.seats[0]) : null;
  }

  get moves() { return this.table?.state.actions.length ?? 0; }

  /**
   * Open the table at a saved game, showing `seats` (this device's or the host's first). With
   * `shown` (how many of its moves a screen had shown before a reload), it opens there and the
   * moves after it are made again in order (`replaying` until they are), each told as when it
   * was first made, bots' after their thinking time; should one be refused, the table opens at
   * the whole game instead.
   * @param {GameState} state @param {number[]} seats @param {{shown?: number | null}} [opts]
   * @returns {Promise<boolean>} false when stopped or opened again meanwhile
   */
  async open(state, seats, { shown = null } = {}) {
    const gen = ++this.gen;
    this.table?.close();
    this.table = null;
    this.replaying = null;
    const all = state.actions ?? [];
    const pending = shown != null && shown < all.length ? all.slice(shown) : [];
    const from = pending.length ? { ...state, actions: all.slice(0, shown ?? 0) } : state;
    const table = await this.watch("open_table", LocalTable.open(this.engine, from, seats, this.hooks.save));
    if (gen !== this.gen) { table.close(); return false; }
    this.table = table;
    this.lastEvents = [];
    if (pending.length) {
      const replaying = this.replay(pending, state, gen).finally(() => {
        if (this.replaying === replaying) this.replaying = null;
      });
      this.replaying = replaying;
    }
    return true;
  }

  /** @param {Action[]} pending @param {GameState} whole @param {number} gen */
  async replay(pending, whole, gen) {
    const table = /** @type {LocalTable} */ (this.table);
    try {
      for (const action of pending) {
        const seat = /** @type {number} */ (this.publicView()?.to_act);
        await (this.hooks.ready ?? nothing)(seat, this.lastEvents);
        if (gen !== this.gen) return;
        if (this.hooks.level(seat) != null) {
          this.hooks.onThinking?.(seat);
          await (this.hooks.thought ?? nothing)(0);
          if (gen !== this.gen) return;
        }
        const reply = await this.serial(() => this.watch("table_step", table.playSaved(action)));
        if (gen !== this.gen) return;
        this.tell(reply);
      }
    } catch (e) {
      console.warn("[loop] the moves not shown could not be made again:", e);
      if (gen !== this.gen) return;
      table.close();
      this.table = await this.watch("open_table", LocalTable.open(this.engine, whole, table.seats, this.hooks.save));
    }
  }

  /**
   * A seat's move (a person's here, or a guest's from its link), for `turn` (the number of
   * moves the person saw; the current one when not given). The engine's refusal rejects the
   * returned promise and changes nothing.
   * @param {Action} action @param {number} seat @param {number | null} [turn]
   */
  async move(action, seat, turn = null) {
    const gen = this.gen;
    const reply = await this.serial(() => {
      const table = this.table;
      if (!table) throw new Error("The table is not open yet.");
      return this.watch("table_step", table.step(action, seat, turn ?? table.state.actions.length));
    });
    if (gen === this.gen) {
      this.tell(reply);
      this.kick();
    }
    return reply;
  }

  /** @param {TableReply} reply */
  tell(reply) {
    this.lastEvents = reply.events ?? [];
    this.hooks.onMove(reply);
  }

  /**
   * Have the seat to act play, if a bot holds it: after a move, a change of who sits where, a
   * retry. A later kick (or stop) takes the place of one still waiting.
   */
  kick() {
    const token = ++this.kicks;
    const gen = this.gen;
    this.botTurn(token, gen).catch((e) => {
      if (gen === this.gen) this.hooks.onError(e);
    });
  }

  /** @param {number} token @param {number} gen */
  async botTurn(token, gen) {
    const table = this.table;
    const v = this.publicView();
    if (!table || !v || v.phase === "game_over" || v.to_act == null) return;
    const seat = v.to_act;
    const moves = table.state.actions.length;
    const current = () => token === this.kicks && gen === this.gen && this.table === table && moves === table.state.actions.length;
    if (this.hooks.level(seat) == null) return;
    await (this.hooks.ready ?? nothing)(seat, this.lastEvents);
    const level = current() ? this.hooks.level(seat) : null;
    if (level == null) return;
    const made = await this.serial(async () => {
      if (!current()) return null;
      this.hooks.onThinking?.(seat);
      const t0 = performance.now();
      const reply = await this.watch("table_bot_step", table.botStep(level, this.hooks.seed(moves), this.hooks.timeCapMs ?? 800));
      const spent = performance.now() - t0;
      (this.botTimes[level] ??= []).push(spent);
      return { reply, spent };
    });
    if (!made) return;
    await (this.hooks.thought ?? nothing)(made.spent);
    if (gen !== this.gen) return;
    this.tell(made.reply);
    this.kick();
  }

  /**
   * Run engine work after the work before it; its failure is its caller's.
   * @template T @param {() => Promise<T>} work @returns {Promise<T>}
   */
  serial(work) {
    const run = this.queue.then(work);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Nobody moves here any more (a new game, a replay, a shared table taking over). */
  stop() {
    this.gen++;
    this.kicks++;
  }

  close() {
    this.stop();
    this.table?.close();
    this.table = null;
  }
}
