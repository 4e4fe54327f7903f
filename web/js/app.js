// @ts-check
// Entry point: take the engine that boot.js started (Pyodide in a worker), restore or start a
// game (over the table paint.js drew from the save), open share links, and wire the menu,
// dialogs and service worker.
import { EngineError, downloadWords, startEngine } from "./worker-client/client.js";
import { BOOT_TIMEOUT_MS, takeEarlyEngine } from "./worker-client/boot.js";
import { abandonPaint, endPaint } from "./table/paint.js";
import { registerServiceWorker } from "./ui/offline.js";
import { Game } from "./table/game.js";
import { Replay } from "./table/replay.js";
import { renderScoreSheet } from "./table/scoresheet.js";
import { renderSettings, renderHelp } from "./ui/settings.js";
import { installHandKeys } from "./table/table.js";
import { cardElement, useCardNames } from "./table/cards.js";
import { seatName, bidLabel, playersWords } from "./table/words.js";
import { banner, announce, errorText } from "./ui/announce.js";
import { openDialog, closeDialog, installDialogs } from "./ui/dialogs.js";
import {
  loadSettings, saveSettings, readSavedGame, shownMoves, setAsideCorrupt, onSaveTrouble, watchOtherTabs, storedState,
} from "./ui/storage.js";
import { shareCodeFromLocation, clearShareHash, shareUrl, copyText, systemShare, markShare } from "./ui/share.js";
import { openAnalysis } from "./review/analysis.js";
import { installStats, recordAnalysis } from "./review/stats.js";
import { Challenges } from "./review/challenge.js";
import { showRulesBadge } from "./ui/rulesbadge.js";
import { installHandTools } from "./table/handtools.js";
import { $ } from "./ui/dom.js";

/** @typedef {import("./types.js").GameState} GameState */
/** @typedef {import("./types.js").Settings} Settings */
/** @typedef {import("./types.js").Engine} Engine */
/** @typedef {import("./types.js").Trick} Trick */

const bootProgress = () => /** @type {HTMLProgressElement} */ ($("boot-progress"));
const shareBox = () => /** @type {HTMLTextAreaElement} */ ($("share-url"));
performance.mark("kaiser-app-loaded"); // the benchmark compares it with kaiser-worker-created
// A retry after a timeout waits twice as long (at least the normal minute).
let bootTimeoutMs = BOOT_TIMEOUT_MS;

/**
 * The page's one app object, also `window.kaiser` (the test and debugging hook:
 * `kaiser.engine.call(...)`, `kaiser.game.state`).
 */
const app = {
  /** @type {import("./types.js").Engine | null} */
  engine: null,
  settings: loadSettings(),
  /** @type {Game | null} */
  game: null,
  /** @type {Replay | null} */
  replay: null,
  /** @type {Object<string, import("./types.js").Profile> | null} */
  profiles: null,
  /** @type {import("./types.js").SchemaOption[] | null} */
  schema: null,
  /** @type {Promise<void> | null} */
  metaAsked: null,
  /** @type {Promise<any> | null} rules.json, read while the engine is not ready */
  staticRules: null,
  loadMeta: () => loadMeta(),
  /** @type {Challenges | null} */
  challenges: null,
  /** @type {GameState | null} the game whose score sheet is open */
  sheetState: null,
  newGame: () => newGame(),
};
Object.assign(window, { kaiser: app });

/** @typedef {typeof app & {engine: Engine, game: Game, challenges: Challenges}} BootedApp */
/**
 * The engine is up and the table set: from the end of a boot on (the menu, the dialogs and the
 * links act on the game only then).
 * @param {typeof app} a @returns {a is BootedApp}
 */
function isBooted(a) {
  return a.engine !== null && a.game !== null && a.challenges !== null;
}

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return a[0].toString(36) + a[1].toString(36);
}

// ---------------------------------------------------------------- boot
/** @param {import("./worker-client/client.js").BootBytes} bytes */
function onBytes({ loaded, total }) {
  bootProgress().max = total;
  bootProgress().value = loaded;
  $("boot-bytes").textContent = downloadWords({ loaded, total });
}

/** @param {import("./worker-client/client.js").BootProgress} progress */
function onProgress({ stage, state }) {
  const li = /** @type {HTMLElement | null} */ (document.querySelector(`.boot-stages [data-stage="${stage}"]`));
  if (li) li.dataset.state = state;
}

async function boot() {
  $("boot-error").hidden = true;
  const stages = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".boot-stages li"));
  for (const li of stages) li.dataset.state = "wait";
  bootProgress().removeAttribute("value"); // moving, with no figure, until the first bytes arrive
  document.body.dataset.engine = "loading";
  try {
    app.engine = await (takeEarlyEngine(onProgress, onBytes) ?? startEngine({ onProgress, onBytes, timeoutMs: bootTimeoutMs }));
    document.body.dataset.boot = app.engine.boot;
    if (app.engine.snapshot) document.body.dataset.snapshot = app.engine.snapshot;
    else delete document.body.dataset.snapshot;
  } catch (e) {
    abandonPaint();
    app.engine?.terminate?.();
    app.engine = null;
    const failure = e instanceof EngineError ? e : null;
    if (failure?.type === "BootTimeout") bootTimeoutMs = Math.max(bootTimeoutMs * 2, 20000);
    const msg = failure && (failure.type === "BootTimeout" || failure.type === "Offline")
      ? `${failure.message}${failure.type === "BootTimeout" ? " Press Retry to go on from there." : ""}`
      : `The game could not be loaded: ${errorText(e)}`;
    // A Python traceback is long: show its last line, keep the rest behind "Details".
    const lines = msg.split(/\n/).map((l) => l.trim()).filter(Boolean);
    const short = lines.length > 2 ? `${lines[0]} ${lines.at(-1)}` : msg;
    $("boot-error-text").textContent = short;
    const det = $("boot-error-details");
    det.hidden = short === msg;
    const pre = det.querySelector("pre");
    if (pre) pre.textContent = msg;
    // The loading screen stops moving: what arrived stays counted, nothing is under way.
    if (!bootProgress().hasAttribute("value")) bootProgress().value = 0;
    if (!/MB/.test($("boot-bytes").textContent ?? "")) $("boot-bytes").textContent = "Nothing has been downloaded yet.";
    for (const li of stages) if (li.dataset.state === "start") li.dataset.state = "wait";
    $("boot-error").hidden = false;
    document.body.dataset.engine = "error";
    $("boot-retry").focus();
    return;
  }
  bootProgress().value = bootProgress().max;
  // A newcomer choosing how to play while the engine arrived: the first hand deals with that choice.
  const settings = /** @type {HTMLDialogElement} */ ($("dlg-settings"));
  if (settings.open) await new Promise((done) => settings.addEventListener("close", done, { once: true }));
  $("loading").hidden = true;
  $("app").hidden = false;
  try {
    useCardNames(await app.engine.call("card_names"));
  } catch (e) {
    console.warn("[app] the engine's card names were not read; the page's own are used:", e);
  }
  app.game = new Game(app.engine, app.settings, { onNewGame: () => newGame() });
  // Every game the table starts (new, saved, shared, a challenge deal) names its rules by the scores.
  const startGame = app.game.start.bind(app.game);
  app.game.start = (state, opts) => { badgeFor(state); return startGame(state, opts); };
  // The engine and the game are set above, for good: what a challenge needs of the app.
  app.challenges = new Challenges(/** @type {import("./review/challenge.js").App} */ (app), { onAnalyze: analyzeHand });
  try {
    await openInitialGame();
  } catch (e) {
    banner(`Could not start a game: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
  } finally {
    endPaint("replaced");
  }
  loadMeta().then(() => badgeFor(app.replay?.full ?? app.game?.state), () => {}); // said in a banner; asked again when needed
  document.body.dataset.engine = "ready";
  try {
    registerServiceWorker((reload) => {
      banner("A new version is ready.", {
        kind: "update", testid: "update-banner",
        actions: [{ label: "Reload", testid: "update-reload", onClick: () => reload() }],
      });
    });
  } catch (e) {
    console.warn("service worker:", e);
  }
}

/**
 * The profiles and the options' help, asked of the engine once: for the settings, the rules,
 * statistics and challenges. The first table does without them, so they are asked after it.
 */
function loadMeta() {
  if (!app.engine) return staticRules().then((r) => { app.profiles = r.profiles; app.schema = r.schema; });
  app.metaAsked ??= Promise.all([app.engine.call("profiles"), app.engine.call("options_schema")])
    .then(([profiles, schema]) => { app.profiles = profiles; app.schema = schema; })
    .catch((e) => {
      app.metaAsked = null; // asked again next time
      banner(`The engine could not list the house rules: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
      throw e;
    });
  return app.metaAsked;
}

// ---------------------------------------------------------------- games
/** @param {Engine} engine @param {Settings} settings @returns {Promise<GameState>} */
async function newGameState(engine, settings) {
  const config = {
    profile: settings.profile,
    options: settings.options ?? {},
    seed: randomSeed(),
    dealer: Math.floor(Math.random() * 4),
  };
  try {
    return await engine.call("new_game", config);
  } catch (e) {
    banner(`These house rules could not be used together: ${errorText(e)} The game starts with the plain ${settings.profile} rules; change them in Settings.`, { kind: "error", testid: "error-banner" });
    settings.options = {};
    saveSettings(settings);
    return engine.call("new_game", { ...config, options: {} });
  }
}

async function newGame() {
  if (!isBooted(app)) return;
  closeDialog("dlg-over");
  if (app.replay) { app.replay.exit(); app.replay = null; }
  clearShareHash();
  app.game.stop();
  const state = await newGameState(app.engine, app.settings);
  announce("New game.");
  return app.game.start(state);
}

/** Share link first, then the saved game, then a fresh game. Never a blank table. */
async function openInitialGame() {
  if (!isBooted(app)) return;
  // A challenge offers itself in a dialog over the saved game. The bots wait for the dialog;
  // the boot must not, so then the game starts without waiting for the person's first turn.
  const challenged = await app.challenges.openFromLocation();
  /** @param {GameState} state @param {number | null} [shown] */
  const start = (state, shown = null) => {
    const started = app.game.start(state, { shown });
    return challenged ? undefined : started;
  };
  const code = shareCodeFromLocation();
  if (code != null) {
    try {
      const state = await app.engine.call("decode_share", code);
      if (state.actions?.length) {
        startReplay(state);
        return;
      }
      clearShareHash();
      banner("A shared deal: the same cards, a fresh game.", { testid: "share-banner" });
      return app.game.start(state);
    } catch (e) {
      clearShareHash();
      banner(`This link could not be opened: ${errorText(e)} A fresh game starts instead.`, { kind: "error", testid: "link-error" });
      return app.game.start(await newGameState(app.engine, app.settings));
    }
  }
  const { raw, saved, error } = readSavedGame();
  if (raw != null) {
    try {
      if (error) throw error;
      const state = await app.engine.call("load", saved?.state ?? saved);
      return start(state, shownMoves(state));
    } catch (e) {
      setAsideCorrupt(raw);
      banner(`Your saved game could not be restored: ${errorText(e)} It was set aside.`, { kind: "error", testid: "save-error" });
    }
  }
  return start(await newGameState(app.engine, app.settings));
}

/**
 * A new game from the cards of one finished hand (its deal before any passing, its dealer),
 * from 0-0, with the weak-hand redeal off so the same cards are played.
 * @param {GameState} state @param {number} index
 */
async function playDealAgain(state, index) {
  if (!isBooted(app)) return;
  const rec = (await app.engine.call("summary", state)).hands[index];
  const c = state.config;
  closeDialog("dlg-score");
  if (app.replay) { app.replay.exit(); app.replay = null; }
  clearShareHash();
  app.game.stop();
  const fresh = await app.engine.call("new_game", {
    profile: c.profile, options: { ...(c.options ?? {}), weak_hand_redeal: false },
    seed: randomSeed(), dealer: rec.dealer, deal: rec.deal,
  });
  announce(`The cards of hand ${index + 1} again, from 0 to 0.`);
  return app.game.start(fresh);
}

/** The rules badge for a game (drawn once the engine has listed the rules). @param {GameState | null | undefined} state */
function badgeFor(state) {
  showRulesBadge(state?.config, { profiles: app.profiles, schema: app.schema });
}

/** @param {GameState} full */
function startReplay(full) {
  if (!isBooted(app)) return;
  badgeFor(full);
  app.game.stop();
  app.replay = new Replay(app.engine, full, {
    onTakeOver: (state) => { app.replay = null; clearShareHash(); app.game.start(state); },
    onExit: () => { app.replay = null; newGame(); },
  });
  banner("A shared game with moves: step through it by move, by trick or by hand.", { testid: "share-banner" });
  return app.replay.enter();
}

// ---------------------------------------------------------------- menu
async function showScore() {
  if (!isBooted(app)) return;
  const state = app.replay ? await app.replay.stateAt(app.replay.k) : app.game.state;
  try {
    app.sheetState = state;
    const live = !app.replay && app.game.table;
    const [s, v] = live ? [await live.summary(), app.game.view]
      : await Promise.all([app.engine.call("summary", state), app.engine.call("view", state, 0)]);
    renderScoreSheet($("score-body"), s, { target: v?.target, threshold: v?.threshold });
    if (live) {
      const who = Object.assign(document.createElement("p"), { className: "sheet-note", textContent: `Players: ${playersWords(app.game.people(), app.settings.bots)}.` });
      who.dataset.testid = "sheet-players";
      $("score-body").prepend(who);
    }
  } catch (e) {
    $("score-body").textContent = `The score sheet could not be drawn: ${errorText(e)}`;
  }
  openDialog("dlg-score");
}

async function showLastTrick() {
  if (!isBooted(app)) return;
  const body = $("last-body");
  body.replaceChildren();
  /** @type {Trick | null | undefined} */
  let t = null;
  const g = app.game;
  const v = g.view;
  // At a device passed from hand to hand, the last trick is for the person about to play.
  const hidden = g.passAndPlay() && (g.handsHidden() || !g.isHuman(v?.to_act ?? null));
  if (hidden) t = null;
  else if (v?.tricks?.length) t = v.tricks.at(-1);
  else if (g.lastTrick) t = g.lastTrick;
  else if (g.table) {
    // A new hand has just begun (e.g. after a reload): the previous hand's last trick.
    const s = await g.table.summary();
    t = s.hands?.at(-1)?.tricks?.at(-1) ?? null;
  }
  if (hidden) {
    body.textContent = "The last trick is shown to the person whose turn it is.";
  } else if (!t) {
    body.textContent = "No trick has been played yet in this hand.";
  } else {
    const row = document.createElement("div");
    row.className = "last-trick";
    t.seats.forEach((seat, i) => {
      const fig = document.createElement("figure");
      fig.className = seat === t.winner ? "won" : "";
      fig.append(cardElement(t.cards[i]));
      const cap = document.createElement("figcaption");
      cap.textContent = seatName(seat) + (i === 0 ? " (led)" : "") + (seat === t.winner ? " — won" : "");
      fig.append(cap);
      row.append(fig);
    });
    body.append(row);
  }
  openDialog("dlg-last");
}

async function showHint() {
  if (!isBooted(app)) return;
  const g = app.game;
  const body = $("hint-body");
  body.replaceChildren();
  const seat = g.view?.to_act;
  if (seat == null || !g.table || !g.waiting || !g.isHuman(seat) || g.handsHidden()) {
    body.textContent = g.passAndPlay() ? "A hint is available to the person whose turn it is, once they hold the device." : "A hint is available when it is your turn.";
    openDialog("dlg-hint");
    return;
  }
  body.textContent = "Thinking…";
  openDialog("dlg-hint");
  try {
    // The engine lists them best first, every value on one scale, one of them suggested.
    // Seed 0, as `hint(state, seat)` answers by default: the same position gets the same values.
    const hints = await g.table.hint(seat, 0);
    const list = document.createElement("ol");
    list.className = "hint-list";
    for (const h of hints) {
      const li = document.createElement("li");
      li.textContent = `${bidLabel(h.action)}: ${signedValue(h.value)}`;
      if (h.suggested) {
        li.className = "best";
        li.append(Object.assign(document.createElement("b"), { textContent: " (suggested)" }));
      }
      list.append(li);
    }
    const intro = document.createElement("p");
    intro.textContent = `${g.passAndPlay() ? `${seatName(seat)}'s` : "Your"} choices, best first. The number is the score this hand is expected to bring your side, minus the other side's, if you choose it.`;
    body.replaceChildren(intro, list);
  } catch (e) {
    body.textContent = `No hint available: ${errorText(e)}`;
  }
}

/** A hint value as a score: "+1.2", "\u22120.8", "0.0". @param {number} value */
function signedValue(value) {
  if (typeof value !== "number") return String(value);
  const text = Math.abs(value).toFixed(1);
  return value > 0.05 ? `+${text}` : value < -0.05 ? `\u2212${text}` : text;
}

/** @param {boolean} withMoves */
async function makeShare(withMoves) {
  if (!isBooted(app)) return;
  const state = app.replay ? app.replay.full : app.game.state;
  try {
    const code = await app.engine.call("encode_share", state, withMoves);
    const url = shareUrl(code);
    shareBox().value = url;
    markShare(withMoves ? "share-moves" : "share-deal");
    if (await systemShare(url, withMoves)) {
      $("share-status").textContent = "Shared.";
      return;
    }
    $("share-status").textContent = await copyText(url, shareBox());
  } catch (e) {
    $("share-status").textContent = `Could not make a link: ${errorText(e)}`;
  }
}

/**
 * The profiles, the options' help and each profile's rules in words, as the engine tells them,
 * written by build.py into rules.json: a newcomer reads the rules and chooses how to play while
 * the engine is still downloading.
 * @returns {Promise<{profiles: Object<string, import("./types.js").Profile>, schema: any[],
 *   rules: Object<string, import("./types.js").RulesText>}>}
 */
function staticRules() {
  app.staticRules ??= fetch(new URL("../rules.json", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`rules.json: HTTP ${r.status}`);
    return r.json();
  });
  app.staticRules.catch(() => { app.staticRules = null; });
  return app.staticRules;
}

/** The rules of a game: the engine's words, or before it is ready those of the plain profile.
 * @param {import("./types.js").GameConfig} config */
async function describeRules(config) {
  if (app.engine) return app.engine.call("describe_rules", { profile: config.profile, options: config.options ?? {} });
  return (await staticRules()).rules[config.profile];
}

/** The rules panel tells the rules of the game being played (else of the saved settings). */
async function showHelp() {
  const config = app.game?.state?.config ?? { profile: app.settings.profile, options: app.settings.options ?? {} };
  const [rules] = await Promise.all([describeRules(config), loadMeta()]);
  renderHelp($("help-body"), { profiles: app.profiles ?? {}, schema: app.schema ?? [], rules });
  openDialog("dlg-help");
}

/** @type {ReturnType<typeof renderSettings> | null} */
let settingsForm = null;
async function showSettings() {
  await loadMeta();
  settingsForm = renderSettings($("settings-body"), {
    profiles: app.profiles ?? {}, schema: app.schema ?? [], settings: app.settings,
    describe: describeRules,
  });
  openDialog("dlg-settings");
}

/** @param {boolean} startNew */
function applySettings(startNew) {
  if (!settingsForm) return;
  const next = settingsForm.read();
  Object.assign(app.settings, next);
  saveSettings(app.settings);
  closeDialog("dlg-settings");
  if (!app.game) announce("Saved: your first hand deals with these settings as soon as the game is ready.");
  else if (startNew) newGame();
  else if (!app.replay) { app.game.resume(); announce("Settings saved."); }
}

/**
 * The analysis of a finished hand; its points lost to mistakes go to the statistics.
 * @param {GameState} state @param {number} index @param {string} [title]
 */
function analyzeHand(state, index, title) {
  if (!app.engine) return;
  return openAnalysis(app.engine, state, index, { title, onResult: (r) => recordAnalysis(state, index, r) });
}

function wire() {
  installDialogs();
  installStats(() => app.game?.state, async () => { await loadMeta(); return app.profiles; });
  $("hand-analyze").addEventListener("click", async () => {
    if (!isBooted(app)) return;
    const state = app.game.state;
    if (!state) return;
    const s = await app.engine.call("summary", state);
    analyzeHand(state, s.hands.length - 1);
  });
  $("score-body").addEventListener("click", (e) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest("[data-analyze]"));
    if (b && app.sheetState) analyzeHand(app.sheetState, Number(b.dataset.analyze));
    const again = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest("[data-play-again]"));
    if (again && app.sheetState) playDealAgain(app.sheetState, Number(again.dataset.playAgain));
  });
  installHandKeys($("hand"));
  // How the person last reached the page: the focus ring on a card is for the keyboard only.
  document.addEventListener("pointerdown", (e) => {
    document.body.dataset.input = e.pointerType === "mouse" ? "mouse" : "touch";
  }, true);
  document.addEventListener("keydown", () => { document.body.dataset.input = "keyboard"; }, true);
  $("boot-retry").addEventListener("click", () => boot());
  $("loading-rules").addEventListener("click", () => showHelp().catch((e) => banner(`The rules could not be shown: ${errorText(e)}`, { kind: "error" })));
  $("loading-settings").addEventListener("click", () => showSettings().catch((e) => banner(`The settings could not be shown: ${errorText(e)}`, { kind: "error" })));
  $("btn-score").addEventListener("click", showScore);
  $("btn-last").addEventListener("click", showLastTrick);
  $("btn-hint").addEventListener("click", showHint);
  $("btn-share").addEventListener("click", () => {
    shareBox().value = "";
    $("share-status").textContent = "";
    markShare("share-deal");
    const n = (app.game?.view?.hand_number ?? 0) + 1;
    $("share-which").textContent = n > 1
      ? `You are on hand ${n}: "Share this game" starts from hand 1; "Share with moves" shows every hand up to now.`
      : "You are on hand 1.";
    openDialog("dlg-share");
  });
  $("share-deal").addEventListener("click", () => makeShare(false));
  $("share-moves").addEventListener("click", () => makeShare(true));
  $("btn-settings").addEventListener("click", showSettings);
  $("settings-apply").addEventListener("click", () => applySettings(false));
  $("settings-new").addEventListener("click", () => applySettings(true));
  $("btn-help").addEventListener("click", showHelp);
  $("rules-badge").addEventListener("click", showHelp);
  $("hand-continue").addEventListener("click", () => closeDialog("dlg-hand"));
  // "Next hand" leads back to the play: the focus the closing dialog gives back (a menu button,
  // or a card no longer there) is let go, so the turn's focus lands on the bidding box or hand.
  for (const id of ["dlg-hand", "dlg-over"]) {
    $(id).addEventListener("close", () => /** @type {HTMLElement | null} */ (document.activeElement)?.blur());
  }
  $("hand-score").addEventListener("click", showScore);
  $("over-score").addEventListener("click", showScore);
  $("over-new").addEventListener("click", () => newGame());
  $("over-share").addEventListener("click", async () => {
    closeDialog("dlg-over");
    markShare("share-moves");
    openDialog("dlg-share");
    await makeShare(true);
  });
  installShortcuts();
  installHandTools(app);
  window.addEventListener("hashchange", () => {
    if ((shareCodeFromLocation() != null || location.hash.startsWith("#c=")) && isBooted(app)) { app.game.stop(); openInitialGame(); }
  });
}

/** The keys the Rules dialog lists: H hint, L last trick, S score sheet (SHORTCUTS in settings.js). */
function installShortcuts() {
  /** @type {Record<string, string>} */
  const byKey = { h: "btn-hint", l: "btn-last", s: "btn-score" };
  document.addEventListener("keydown", (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    // Never while typing (a name, a link) or over another window, nor with a modifier held.
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    if (target.closest?.("input, textarea, select, [contenteditable]") || document.querySelector("dialog[open]")) return;
    const id = byKey[e.key.toLowerCase()];
    if (!id || $("app").hidden || /** @type {HTMLButtonElement} */ ($(id)).disabled) return;
    e.preventDefault();
    $(id).click();
  });
}

// Anything that slips through: a message, never a silent or blank page.
/** @param {unknown} e */
function showUnexpected(e) {
  const text = errorText(e);
  if (document.body.dataset.engine === "loading") return; // the boot reports its own failure
  if (!$("app").hidden) {
    banner(`Something went wrong: ${text}`, { kind: "error", testid: "error-banner" });
  } else {
    $("boot-error-text").textContent = `Something went wrong: ${text}`;
    $("boot-error").hidden = false;
  }
}
window.addEventListener("unhandledrejection", (ev) => { console.error(ev.reason); showUnexpected(ev.reason); });
window.addEventListener("error", (ev) => { if (ev.error) showUnexpected(ev.error); });

// ---------------------------------------------------------------- saving
/** @type {HTMLElement | null} */
let saveNote = null;

/** What a refused save means for the person, said once; cleared when saving works again. */
/** @param {string} kind */
function showSaveTrouble(kind) {
  saveNote?.remove();
  saveNote = null;
  if (kind === "full") {
    saveNote = banner("Careful: this game cannot be saved: the browser's storage for this site is full. You can keep playing; saving is tried again after every move.", {
      kind: "error", testid: "storage-full",
    });
  } else if (kind === "behind" || kind === "other") {
    const text = kind === "behind"
      ? "This game has moved on in another tab. Moves made here are not saved."
      : "Another tab has saved a different game. Moves made here are not saved.";
    saveNote = banner(text, {
      kind: "error", testid: "tab-conflict",
      actions: [{
        label: "Continue the newer game here", testid: "tab-continue",
        onClick: async () => {
          if (!isBooted(app)) return;
          saveNote?.remove();
          app.replay?.exit();
          app.replay = null;
          app.game.stop();
          try {
            await app.game.start(await app.engine.call("load", storedState()));
          } catch (e) {
            banner(`The other tab's game could not be opened: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
          }
        },
      }],
    });
  }
}

onSaveTrouble(showSaveTrouble);
watchOtherTabs(() => (app.replay ? null : app.game?.state));
wire();
boot();
