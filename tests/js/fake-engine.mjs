// A stand-in engine for the page's table modules (node --test): a "table" whose turn goes round
// the four seats, which can forget its tables as a restarted worker does.
import assert from "node:assert/strict";

/** A stand-in engine: a "table" whose to_act goes round, forgetting its tables on demand. */
export function fakeEngine() {
  const calls = [];
  let tables = new Set();
  let n = 0;
  const view = (seat, moves) => ({ seat, to_act: moves % 4, phase: "play", dealer: 3, scores: [0, 0], winner: null, hand: [`c${seat}`] });
  let moves = 0;
  const engine = {
    calls,
    forget() { tables = new Set(); },
    async call(fn, ...args) {
      calls.push([fn, ...args]);
      if (fn === "open_table") {
        const [state, seats] = args;
        moves = state.actions.length;
        const id = `t${++n}`;
        tables.add(id);
        return { table: id, view: view(seats[0], moves), views: seats.slice(1).map((s) => view(s, moves)), events: [] };
      }
      const [id] = args;
      if (!tables.has(id)) throw Object.assign(new Error("no such table"), { code: "table_not_found" });
      if (fn === "table_step") {
        const [, action, seat, turn] = args;
        assert.equal(turn, moves, "a move names the turn it is for");
        moves++;
        const others = [0, 1, 2, 3].filter((s) => s !== seat).map((s) => view(s, moves));
        return { view: view(seat, moves), views: others, events: [{ type: "action", seat, action }], action };
      }
      if (fn === "table_bot_step") {
        moves++;
        return { view: view(0, moves), views: [], events: [], action: { type: "play", card: `b${moves}` } };
      }
      if (fn === "close_table") { tables.delete(id); return { closed: true }; }
      throw new Error(`unexpected ${fn}`);
    },
  };
  return engine;
}

export const game = (actions = []) => ({ version: 1, config: { seed: "s" }, actions, phase: "play", to_act: 0, dealer: 3, scores: [0, 0], winner: null });
