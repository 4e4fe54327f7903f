// @ts-check
// The position the page plays from: a table client. The page never holds a position of its own;
// it asks the client to move and draws the views the client's last reply carried.
//
// LocalTable is the client for a game this device holds: the table lives in the worker's Python
// (open_table), each move crosses the worker as the table id and the action, and the client keeps
// the saved game ({version, config, actions}) by appending each reply's canonical `action`, so a
// worker that restarted (and forgot its tables) is met by opening the table again from that saved
// game. A remote client (a guest at a shared table) implements the same TableClient with views
// coming from the host: nothing above this module needs the engine or the seed.
import { saveGame } from "../ui/storage.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").TableReply} TableReply */
/** @typedef {import("../types.js").TableClient} TableClient */
/** @typedef {import("../types.js").View} View */

/** The refusal that names a table the worker no longer holds (docs/bridge.md). */
const forgotten = (/** @type {unknown} */ e) => /** @type {{code?: unknown} | null} */ (e)?.code === "table_not_found";

/** @implements {TableClient} */
export class LocalTable {
  /**
   * @param {Engine} engine
   * @param {GameState} state a new or saved game (as `load` and `open_table` take it)
   * @param {number[]} seats the seats this device shows, the device's own first
   * @param {(state: GameState) => void} [save] keeps the game after each move (the solo table's
   *   saved game by default; a friends table's host keeps its own)
   */
  constructor(engine, state, seats, save = saveGame) {
    this.engine = engine;
    this.seats = seats;
    this.save = save;
    /** The engine's count of moves and of finished hands, from the latest reply. */
    this.moves = state.actions?.length ?? 0;
    this.handsPlayed = 0;
    /** @type {GameState} the saved game, kept move by move from the replies */
    this.state = state;
    /** @type {string | null} */
    this.id = null;
    /** @type {Map<number, View>} the latest view of each shown seat */
    this.views = new Map();
    this.hasEngine = true;
  }

  /** @param {Engine} engine @param {GameState} state @param {number[]} seats @param {(state: GameState) => void} [save] */
  static async open(engine, state, seats, save) {
    const table = new LocalTable(engine, state, seats, save);
    await table.reopen();
    return table;
  }

  async reopen() {
    const reply = await this.engine.call("open_table", this.state, this.seats);
    this.id = reply.table;
    this.absorb(reply);
  }

  /**
   * A table call; when the worker has forgotten the table, open it again from the saved game and
   * try once more (a move carries its turn, so it is never played twice).
   * @template {keyof import("../types.js").Bridge} K
   * @param {K} fn @param {...unknown} args
   */
  async call(fn, ...args) {
    try {
      return await this.engine.call(fn, this.id, ...args);
    } catch (e) {
      if (!forgotten(e)) throw e;
      await this.reopen();
      return this.engine.call(fn, this.id, ...args);
    }
  }

  /** @param {number} seat @returns {View | null} */
  view(seat) { return this.views.get(seat) ?? null; }

  /**
   * @param {Action} action @param {number} seat
   * @param {number} [turn] the number of moves the person saw (a move meant for an earlier
   *   position is refused, never played on the next one)
   */
  async step(action, seat, turn = this.state.actions.length) {
    return this.absorb(await this.call("table_step", action, seat, turn));
  }

  /**
   * Play a move the saved game already holds but this device has not shown yet (a reload came
   * between a bot's choice and its card on the table): the seat to act makes it, and only the
   * views of the seats shown here are kept. The saved game already has it: nothing is saved.
   * @param {Action} action
   */
  async playSaved(action) {
    const seat = this.views.get(this.seats[0])?.to_act;
    const reply = await this.call("table_step", action, seat, this.state.actions.length);
    if (!this.seats.includes(reply.view.seat)) {
      const shown = (reply.views ?? []).filter((v) => this.seats.includes(v.seat));
      return this.absorb({ ...reply, view: shown[0], views: shown.slice(1) }, false);
    }
    return this.absorb(reply, false);
  }

  /** @param {string} level @param {string} seed @param {number} timeCapMs */
  async botStep(level, seed, timeCapMs) {
    return this.absorb(await this.call("table_bot_step", level, seed, timeCapMs));
  }

  /** @param {number} seat */
  async refresh(seat) {
    const v = await this.call("table_view", seat);
    this.views.set(seat, v);
    return v;
  }

  summary() { return this.call("table_summary"); }

  /** @param {number} seat @param {string | number} seed */
  hint(seat, seed) { return this.call("table_hint", seat, seed); }

  /** The saved game as the table holds it (with `undos`), after a move was taken back. */
  async resync() {
    this.state = await this.call("table_state");
    this.save(this.state);
  }

  close() {
    if (this.id) this.engine.call("close_table", this.id).catch(() => {});
    this.id = null;
  }

  /**
   * Take a reply's views and its move into the saved game.
   * @param {TableReply} reply @param {boolean} [save] false: the stored game already has the move
   */
  absorb(reply, save = true) {
    for (const v of [reply.view, ...(reply.views ?? [])]) this.views.set(v.seat, v);
    const v = reply.view;
    const s = this.state;
    if (reply.moves != null) this.moves = reply.moves;
    if (reply.hands_played != null) this.handsPlayed = reply.hands_played;
    const actions = reply.action ? [...s.actions, reply.action] : s.actions;
    this.state = { ...s, actions, phase: v.phase, to_act: v.to_act, dealer: v.dealer, scores: v.scores, winner: v.winner };
    if (reply.action && save) this.save(this.state);
    return reply;
  }
}
