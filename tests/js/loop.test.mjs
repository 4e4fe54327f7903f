// The table's one authority (web/js/table/loop.js) against a stand-in engine: bots play until a
// person's turn, a refused move changes nothing, a reload's unshown moves are made again in
// order, and a stopped or superseded bot never moves. `node --test tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TableLoop } from "../../web/js/table/loop.js";
import { fakeEngine, game } from "./fake-engine.mjs";

const settle = () => new Promise((r) => setTimeout(r, 20));

/** A loop where South (0) is the person here and the other seats are bots. */
function southAlone(engine, hooks = {}) {
  const told = [];
  const seeds = [];
  const loop = new TableLoop({
    engine,
    level: (seat) => (seat === 0 ? null : "random"),
    seed: (moves) => { seeds.push(moves); return `s:${moves}`; },
    onMove: (reply) => told.push(reply),
    onError: (e) => { throw e; },
    save: () => {},
    ...hooks,
  });
  return { loop, told, seeds };
}

test("bots play their turns until the person's, each seeded by its move number", async () => {
  const engine = fakeEngine();
  const { loop, told, seeds } = southAlone(engine);
  assert.equal(await loop.open(game(), [0]), true);
  loop.kick();
  await settle();
  assert.equal(told.length, 0, "South is to play: nobody moves for the person");
  await loop.move({ type: "play", card: "AS" }, 0);
  await settle();
  assert.equal(told.length, 4, "South's card, then West's, North's and East's");
  assert.deepEqual(seeds, [1, 2, 3]);
  assert.equal(loop.publicView()?.to_act, 0);
  assert.equal(loop.moves, 4);
});

test("a move for a position already gone is refused and changes nothing", async () => {
  const engine = fakeEngine();
  const { loop, told } = southAlone(engine);
  await loop.open(game(), [0]);
  await assert.rejects(loop.move({ type: "play", card: "AS" }, 0, 3));
  assert.equal(told.length, 0);
  assert.equal(loop.moves, 0);
  await loop.move({ type: "play", card: "AS" }, 0, 0);
  assert.equal(told.length, 1);
});

test("after a reload the moves not shown are made again, in order, before any bot moves", async () => {
  const engine = fakeEngine();
  const saved = game([{ type: "play", card: "AS" }, { type: "play", card: "KS" }, { type: "play", card: "QS" }]);
  const { loop, told } = southAlone(engine);
  await loop.open(saved, [0], { shown: 1 });
  assert.ok(loop.replaying, "the two moves not shown are being made again");
  await loop.replaying;
  assert.deepEqual(told.map((r) => r.action.card), ["KS", "QS"]);
  const opened = engine.calls.find(([fn]) => fn === "open_table");
  assert.equal(opened[1].actions.length, 1, "opened where the screen had got to");
  assert.equal(loop.moves, 3);
  loop.kick();
  await settle();
  assert.equal(told.length, 3, "then East, a bot, plays on");
  assert.equal(told[2].action.card, "b4");
});

test("a stopped loop's bot never moves, and a later kick takes the place of one still waiting", async () => {
  const engine = fakeEngine();
  /** @type {(() => void)[]} */
  const waiting = [];
  const { loop, told } = southAlone(engine, { ready: () => new Promise((r) => waiting.push(r)) });
  await loop.open(game([{ type: "play", card: "AS" }]), [0]);
  loop.kick();
  loop.kick();
  await settle();
  assert.equal(waiting.length, 2);
  for (const go of waiting.splice(0)) go();
  await settle();
  assert.equal(told.length, 1, "only the latest kick's bot played");
  loop.stop();
  for (const go of waiting.splice(0)) go();
  await settle();
  assert.equal(told.length, 1, "nothing after stop");
});
