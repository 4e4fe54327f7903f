// @ts-check
// Paint first: on load, the table as the person left it is drawn from the save at once, before
// the engine has started (docs/boot.md), inert and marked "Starting the engine…". The live game
// then takes over, and the engine's view of the saved game is compared with what was painted:
// body data-paint = "painted" while waiting, then "matched" (or "replaced", when the save and
// the painted view disagreed and the engine's table was drawn instead).
//
// The live game calls rememberView(game) after each render, so the next visit has a view to
// paint: the seat's view (and North's when the person plays it) and the seat labels, keyed to
// the saved game's seed and number of moves.
import { renderStatus, renderSeats, renderTrick, renderHand, renderTurn, renderPlate } from "./table.js";
import { readSavedGame, readPaint, savePaint } from "../ui/storage.js";
import { shareCodeFromLocation } from "../ui/share.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").PaintRecord} PaintRecord */

/** @type {Map<string, import("../types.js").Action>} */
const NO_MOVES = new Map();

/** @type {{view: View} | null} what was painted, until the live game has rendered */
let painted = null;
let rememberedKey = ""; // the last game position remembered by this tab

/** @param {import("../types.js").GameState | null} state */
function key(state) {
  return `${state?.config?.seed ?? ""}:${state?.actions?.length ?? 0}`;
}

/** @param {PaintRecord} rec */
function drawTable(rec) {
  const v = rec.view;
  renderStatus(v);
  renderPlate(v);
  renderSeats(v, { roles: rec.roles, thinking: null });
  renderTrick(v.trick, { winning: v.winning, points: v.trick_points });
  renderHand($("hand"), v.hand, NO_MOVES, { active: false, label: rec.label ?? "Your cards" });
  renderTurn("");
}

function paintSaved() {
  if (shareCodeFromLocation() != null) return null; // a link opens another game
  const { saved } = readSavedGame();
  const state = saved?.state ?? saved;
  const rec = readPaint();
  if (!state?.config || !rec?.view || rec.key !== key(state)) return null;
  try {
    drawTable(rec);
  } catch (err) {
    console.warn("[paint] the saved view could not be drawn:", err);
    return null;
  }
  // Where the live table says whose turn it is: the first thing it replaces.
  const note = document.createElement("span");
  note.id = "engine-starting";
  note.className = "engine-starting";
  note.setAttribute("role", "status");
  note.dataset.testid = "engine-starting";
  note.textContent = "Starting the engine…";
  $("turn").replaceChildren(note);
  $("app").inert = true;
  $("loading").hidden = true;
  $("app").hidden = false;
  document.body.dataset.paint = "painted";
  performance.mark("kaiser-painted");
  return { view: rec.view };
}

/**
 * End the painted phase: the table is live (or the boot failed and the loading screen shows).
 * @param {string} outcome "matched" | "replaced" | "abandoned"
 */
export function endPaint(outcome) {
  if (!painted) return;
  painted = null;
  $("app").inert = false;
  $("engine-starting")?.remove();
  document.body.dataset.paint = outcome;
}

/** Back to the loading screen (its error message) when the engine could not start. */
export function abandonPaint() {
  if (!painted) return;
  endPaint("abandoned");
  $("app").hidden = true;
  $("loading").hidden = false;
}

/**
 * After a render of the live game: compare with the painted view once, keep this one for next time.
 * @param {import("./game.js").Game} game
 */
export function rememberView(game) {
  if (!game.view || !game.state || game.frame) return;
  if (!performance.getEntriesByName("kaiser-playable").length) performance.mark("kaiser-playable");
  if (painted) endPaint(JSON.stringify(game.view) === JSON.stringify(painted.view) ? "matched" : "replaced");
  const k = key(game.state);
  if (k === rememberedKey) return;
  rememberedKey = k;
  // With several people at this device, the next visit may be someone else's: no hand is painted.
  const view = game.passAndPlay() ? { ...game.view, hand: [] } : game.view;
  savePaint({ key: k, view, roles: game.roles(), label: game.passAndPlay() ? "Cards" : "Your cards" });
}

painted = paintSaved();
