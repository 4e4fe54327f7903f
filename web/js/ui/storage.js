// @ts-check
// localStorage: the saved game (the engine's own JSON state: config + actions), the view painted
// on the next visit (paint.js) and the UI settings. Every access is guarded: private modes may
// refuse storage.
//
// One browser may have the game open in several tabs. A save never replaces a stored game that
// has moved on elsewhere: it is written only when it extends the stored game (same config, the
// stored moves a prefix of its own) or when the person started or chose this game here
// (replace). Otherwise the save is refused and onSaveTrouble's listener hears "behind" or
// "other", as it does when another tab saves a game this one is behind ("storage" event).
// A save the browser refuses (storage full) is reported once as "full" and retried at the next
// save; "saved" follows when one succeeds again.

import { DEFAULT_LEVEL } from "./constants.js";

/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").PaintRecord} PaintRecord */
/** @typedef {"behind" | "other" | "full" | "saved"} SaveTrouble what a save met (see above) */

export const GAME_KEY = "kaiser.game.v1";
const SETTINGS_KEY = "kaiser.settings.v1";
const CORRUPT_KEY = "kaiser.game.v1.corrupt";
const PAINT_KEY = "kaiser.paint.v1";
const SHOWN_KEY = "kaiser.shown.v1";

const DEFAULT_SETTINGS = Object.freeze({
  profile: "standard",
  options: {},                     // overrides of the profile's defaults
  bots: { 0: DEFAULT_LEVEL, 1: DEFAULT_LEVEL, 2: DEFAULT_LEVEL, 3: DEFAULT_LEVEL }, // where no person sits
  people: [0],                     // the seats a person plays at this device
  speed: null,                     // null = normal, or off when the system asks for reduced motion
});

/** @param {string} key */
function safeGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
/**
 * true when written; false when the browser refused (quota full, storage disabled).
 * @param {string} key @param {string} value
 */
function safeSet(key, value) {
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}
/** @param {string} key */
function safeRemove(key) {
  try { localStorage.removeItem(key); } catch { /* ignore */ }
}

/** @returns {import("../types.js").Settings} */
export function loadSettings() {
  const raw = safeGet(SETTINGS_KEY);
  /** @type {any} the settings as this browser saved them, of any version */
  let s = {};
  if (raw) {
    try { s = JSON.parse(raw) ?? {}; } catch { s = {}; }
  }
  const { humanNorth, ...kept } = s;
  return {
    ...DEFAULT_SETTINGS,
    ...kept,
    options: { ...(s.options ?? {}) },
    bots: { ...DEFAULT_SETTINGS.bots, ...olderBots(s) },
    people: Array.isArray(s.people) ? s.people : humanNorth ? [0, 2] : [0],
  };
}

/**
 * Settings saved before any seat could be a person held every bot level, chosen or not; the
 * defaults then were three `basic` bots. Those three are taken as never chosen (the default is
 * now `strong`); any other choice is kept.
 * @param {{bots?: Object<string, string>, people?: number[]}} s
 */
function olderBots(s) {
  const bots = s.bots ?? {};
  const untouched = !Array.isArray(s.people) && [1, 2, 3].every((seat) => bots[seat] === "basic");
  return untouched ? {} : bots;
}

/** @param {import("../types.js").Settings} settings */
export function saveSettings(settings) {
  safeSet(SETTINGS_KEY, JSON.stringify(settings));
}

/**
 * The raw saved game: {state} or null. Parse errors are reported to the caller.
 * @returns {{raw: string | null, saved: any, error: unknown}} saved: the JSON as stored, for the
 *   engine's `load` to check
 */
export function readSavedGame() {
  const raw = safeGet(GAME_KEY);
  if (raw == null) return { raw: null, saved: null, error: null };
  try {
    return { raw, saved: JSON.parse(raw), error: null };
  } catch (e) {
    return { raw, saved: null, error: e };
  }
}

/** The stored game's state, or null when there is none (or it is unreadable). @returns {GameState | null} */
export function storedState() {
  const { saved } = readSavedGame();
  const state = saved?.state ?? saved;
  return state && typeof state === "object" && Array.isArray(state.actions) ? state : null;
}

/** @param {unknown} a @param {unknown} b */
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * True when `longer` is the game `shorter` with zero or more moves added.
 * @param {GameState} longer @param {GameState} shorter
 */
function extendsGame(longer, shorter) {
  if (!sameJson(longer.config, shorter.config)) return false;
  const n = shorter.actions.length;
  return longer.actions.length >= n && sameJson(longer.actions.slice(0, n), shorter.actions);
}

/** @type {((kind: SaveTrouble) => void) | null} */
let troubleListener = null;
/** @type {SaveTrouble | null} */
let lastTrouble = null;

/**
 * listener(kind): kind "behind" | "other" | "full" | "saved" (after a trouble).
 * @param {(kind: SaveTrouble) => void} listener
 */
export function onSaveTrouble(listener) {
  troubleListener = listener;
}

/** @param {SaveTrouble} kind */
function report(kind) {
  if (kind === lastTrouble) return;
  const before = lastTrouble;
  lastTrouble = kind === "saved" ? null : kind;
  if (kind === "saved" && before == null) return;
  troubleListener?.(kind);
}

/**
 * Save `state` unless that would silently replace a game that has moved on elsewhere.
 * replace: the person started or chose this game here (new game, a link, a take-over).
 * Returns "saved" | "behind" | "other" | "full".
 * @param {GameState} state
 * @param {{replace?: boolean}} [how]
 * @returns {SaveTrouble}
 */
export function saveGame(state, { replace = false } = {}) {
  const stored = storedState();
  if (!replace && stored && !extendsGame(state, stored)) {
    const kind = extendsGame(stored, state) ? "behind" : "other";
    report(kind);
    return kind;
  }
  if (stored && sameJson(stored, state)) {
    report("saved");
    return "saved";
  }
  const ok = safeSet(GAME_KEY, JSON.stringify({ version: 1, state }));
  report(ok ? "saved" : "full");
  return ok ? "saved" : "full";
}

/**
 * Another tab saved a game: tell the listener when this tab's game is no longer the stored one.
 * @param {() => GameState | null | undefined} currentState
 */
export function watchOtherTabs(currentState) {
  window.addEventListener("storage", (event) => {
    if (event.key !== GAME_KEY || event.newValue == null) return;
    const mine = currentState();
    const stored = storedState();
    if (!mine || !stored || extendsGame(mine, stored)) return;
    report(extendsGame(stored, mine) ? "behind" : "other");
  });
}

/** Keep a save that could not be restored under another key, so nothing is lost. @param {string | null} raw */
export function setAsideCorrupt(raw) {
  if (raw != null) safeSet(CORRUPT_KEY, raw);
  safeRemove(GAME_KEY);
}

/**
 * The view remembered for painting the table on the next visit (as savePaint wrote it), or null.
 * @returns {PaintRecord | null}
 */
export function readPaint() {
  const raw = safeGet(PAINT_KEY);
  if (!raw) return null;
  try { return JSON.parse(raw); } catch { return null; }
}

/**
 * Remember the view to paint first next time (an optimisation: a refusal is ignored). Not while
 * the storage is full: the space goes to the game, and the message does not come and go.
 * @param {PaintRecord} record
 */
export function savePaint(record) {
  if (lastTrouble !== "full") safeSet(PAINT_KEY, JSON.stringify(record));
}

/**
 * How many moves of the saved game the person has seen played out (a bot's card is saved when
 * the bot chooses it, before the table shows it). A reload plays the rest back, card by card.
 * @param {import("../types.js").GameState} state @param {number} moves
 */
export function saveShown(state, moves) {
  safeSet(SHOWN_KEY, JSON.stringify({ seed: state?.config?.seed ?? null, moves }));
}

/**
 * The moves of `state` already shown here, or null when this browser does not know (another
 * game). @param {import("../types.js").GameState} state @returns {number | null}
 */
export function shownMoves(state) {
  const raw = safeGet(SHOWN_KEY);
  if (!raw) return null;
  try {
    const rec = JSON.parse(raw);
    const n = rec?.moves;
    if (rec?.seed !== (state?.config?.seed ?? null) || !Number.isInteger(n) || n < 0) return null;
    return Math.min(n, state.actions?.length ?? 0);
  } catch { return null; }
}
