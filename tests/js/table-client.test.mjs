// The page's table client (web/js/table/table-client.js) against a stand-in engine: each reply's
// move goes into the saved game, a forgotten table is opened again from it, and a move played
// back after a reload keeps only the views of the seats this device shows. `node --test tests/js/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LocalTable } from "../../web/js/table/table-client.js";
import { fakeEngine, game } from "./fake-engine.mjs";

test("each reply's move is appended to the saved game", async () => {
  const engine = fakeEngine();
  const t = await LocalTable.open(/** @type {any} */ (engine), game(), [0]);
  await t.step({ type: "play", card: "AS" }, 0);
  await t.botStep("random", "x", 800);
  assert.deepEqual(t.state.actions, [{ type: "play", card: "AS" }, { type: "play", card: "b2" }]);
  assert.equal(t.view(0).to_act, 2);
});

test("a table the worker forgot is opened again from the saved game, and the move is made once", async () => {
  const engine = fakeEngine();
  const t = await LocalTable.open(/** @type {any} */ (engine), game(), [0]);
  await t.step({ type: "play", card: "AS" }, 0);
  engine.forget();
  await t.botStep("random", "x", 800);
  const opens = engine.calls.filter(([fn]) => fn === "open_table");
  assert.equal(opens.length, 2);
  assert.equal(opens[1][1].actions.length, 1, "reopened from the saved game as it stood");
  assert.equal(t.state.actions.length, 2);
});

test("a saved move played back keeps only the views of the seats shown here", async () => {
  const engine = fakeEngine();
  const t = await LocalTable.open(/** @type {any} */ (engine), game([{ type: "play", card: "AS" }]), [0]);
  assert.equal(t.view(0).to_act, 1); // West, a bot here
  await t.playSaved({ type: "play", card: "KS" });
  const step = engine.calls.find(([fn]) => fn === "table_step");
  assert.equal(step[3], 1, "made by the seat to act");
  assert.equal(t.view(1), null, "West's cards are not kept by this device");
  assert.equal(t.view(0).to_act, 2);
  assert.equal(t.state.actions.length, 2);
});
