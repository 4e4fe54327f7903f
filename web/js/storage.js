// localStorage: the saved game (the engine's own JSON state: config + actions)
// and the UI settings. Every access is guarded: private modes may refuse storage.

export const GAME_KEY = "kaiser.game.v1";
export const SETTINGS_KEY = "kaiser.settings.v1";
export const CORRUPT_KEY = "kaiser.game.v1.corrupt";

export const DEFAULT_SETTINGS = Object.freeze({
  profile: "standard",
  options: {},                     // overrides of the profile's defaults
  bots: { 1: "basic", 2: "basic", 3: "basic" },
  humanNorth: false,               // the person also plays North's cards
  speed: null,                     // null = normal, or off when the system asks for reduced motion
});

function safeGet(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function safeSet(key, value) {
  try { localStorage.setItem(key, value); return true; } catch { return false; }
}
function safeRemove(key) {
  try { localStorage.removeItem(key); } catch { /* ignore */ }
}

export function loadSettings() {
  const raw = safeGet(SETTINGS_KEY);
  let s = {};
  if (raw) {
    try { s = JSON.parse(raw) ?? {}; } catch { s = {}; }
  }
  return {
    ...DEFAULT_SETTINGS,
    ...s,
    options: { ...(s.options ?? {}) },
    bots: { ...DEFAULT_SETTINGS.bots, ...(s.bots ?? {}) },
  };
}

export function saveSettings(settings) {
  safeSet(SETTINGS_KEY, JSON.stringify(settings));
}

/** The raw saved game: {state} or null. Parse errors are reported to the caller. */
export function readSavedGame() {
  const raw = safeGet(GAME_KEY);
  if (raw == null) return { raw: null, saved: null, error: null };
  try {
    return { raw, saved: JSON.parse(raw), error: null };
  } catch (e) {
    return { raw, saved: null, error: e };
  }
}

export function saveGame(state) {
  safeSet(GAME_KEY, JSON.stringify({ version: 1, state }));
}

export function clearGame() {
  safeRemove(GAME_KEY);
}

/** Keep a save that could not be restored under another key, so nothing is lost. */
export function setAsideCorrupt(raw) {
  if (raw != null) safeSet(CORRUPT_KEY, raw);
  safeRemove(GAME_KEY);
}
