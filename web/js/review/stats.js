// @ts-check
// Statistics kept in this browser: every hand played (from the game's "kaiser:hand" event),
// every finished game ("kaiser:game-over") and the points lost to mistakes in analysed hands.
// Counted per rule profile and in total, drawn as inline SVG charts with text alternatives,
// exported to and imported from a JSON file, reset only after a confirmation. A game entry
// that does not read back is set aside (with a message), never allowed to break the rest.
import { el } from "../ui/dom.js";
import { openDialog } from "../ui/dialogs.js";
import { announce } from "../ui/announce.js";
import { scoreText, seatName, teamOf } from "../table/words.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").HandRecord} HandRecord */
/**
 * One hand as the statistics keep it (its scores and changes as our side sees them).
 * @typedef {{n: number, contract: {seat: number, points: number, no_trump: boolean, kaiser: boolean} | null,
 *   made: boolean | null, delta: number[], scores: number[], raw: number[]}} StatHand
 */
/**
 * One game as the statistics keep it.
 * @typedef {object} StatGame
 * @property {string} id
 * @property {string} profile
 * @property {string} started
 * @property {string | null} finished
 * @property {string} [updated]
 * @property {number | null} winner the team that won, ours 0
 * @property {number | null} target
 * @property {number | null} threshold
 * @property {StatHand[]} hands
 * @property {Object<string, number>} lost points lost to mistakes, by analysed hand
 * @property {number[]} people the seats a person played at this device
 * @property {boolean} [friends] played at a shared table, from `seat`
 * @property {number} [seat]
 */
/** @typedef {{format: string, version: number, games: Object<string, StatGame>}} Stats */

const STATS_KEY = "kaiser.stats.v1";
const STATS_CORRUPT_KEY = "kaiser.stats.v1.corrupt";
const FORMAT = "kaiser-statistics";

// ------------------------------------------------------------------ storage
/** @returns {Stats} */
const emptyStats = () => ({ format: FORMAT, version: 1, games: {} });

/** @param {any} h a hand as read back from storage or a file @returns {h is StatHand} */
function validHand(h) {
  return h && Number.isInteger(h.n) && Array.isArray(h.delta) && h.delta.length === 2
    && Array.isArray(h.scores) && h.scores.length === 2 && h.scores.every(Number.isFinite)
    && (h.contract === null || (h.contract && Number.isInteger(h.contract.seat)));
}
/** @param {any} g a game as read back from storage or a file @returns {g is StatGame} */
function validGame(g) {
  return g && typeof g === "object" && typeof g.id === "string" && typeof g.profile === "string"
    && Array.isArray(g.hands) && g.hands.every(validHand)
    && (g.winner == null || g.winner === 0 || g.winner === 1)
    && (g.lost == null || (typeof g.lost === "object" && Object.values(g.lost).every(Number.isFinite)));
}

/**
 * Read the statistics; entries that do not read back are set aside and reported.
 * @returns {{stats: Stats, problem: string | null}}
 */
function loadStats() {
  let raw = null;
  try { raw = localStorage.getItem(STATS_KEY); } catch { /* private mode */ }
  if (!raw) return { stats: emptyStats(), problem: null };
  let parsed;
  try { parsed = JSON.parse(raw); } catch { parsed = undefined; }
  if (!parsed || typeof parsed !== "object" || typeof parsed.games !== "object" || parsed.games === null) {
    setAside(raw);
    try { localStorage.removeItem(STATS_KEY); } catch { /* ignore */ }
    return { stats: emptyStats(), problem: "Your saved statistics could not be read. They were set aside, and counting starts again." };
  }
  /** @type {Stats} */
  const stats = { ...emptyStats(), games: {} };
  /** @type {unknown[]} */
  const bad = [];
  for (const [id, g] of Object.entries(parsed.games)) {
    if (validGame(g) && g.id === id) stats.games[id] = g; else bad.push(g);
  }
  if (bad.length) {
    setAside(JSON.stringify(bad));
    saveStats(stats);
    return { stats, problem: `${bad.length} saved ${bad.length === 1 ? "game" : "games"} in your statistics could not be read and ${bad.length === 1 ? "was" : "were"} set aside.` };
  }
  return { stats, problem: null };
}

/** @param {string} text */
function setAside(text) {
  try {
    const prev = JSON.parse(localStorage.getItem(STATS_CORRUPT_KEY) || "[]");
    prev.push({ when: new Date().toISOString(), text });
    localStorage.setItem(STATS_CORRUPT_KEY, JSON.stringify(prev.slice(-10)));
  } catch { /* ignore */ }
}

/** @param {Stats} stats */
function saveStats(stats) {
  try { localStorage.setItem(STATS_KEY, JSON.stringify(stats)); } catch { /* storage refused */ }
}

/** @param {GameState | null | undefined} state */
const gameId = (state) => `${state?.config?.seed ?? "?"}|${state?.config?.dealer ?? 0}`;

/**
 * @param {Stats} stats @param {string} id @param {string} profile
 * @param {Object<string, unknown>} [where] how it was played: `people` (the seats a person played
 *   at this device, as this device counts them) or `friends` with `seat` (a shared table)
 * @returns {StatGame}
 */
function gameEntry(stats, id, profile, where = {}) {
  stats.games[id] ??= {
    id, profile, started: new Date().toISOString(),
    finished: null, winner: null, target: null, threshold: null, hands: [], lost: {}, people: [0],
  };
  Object.assign(stats.games[id], where);
  return stats.games[id];
}

/** @param {StatGame} g @param {number} n @param {HandRecord} record */
function putHand(g, n, record) {
  g.hands = g.hands.filter((h) => h.n !== n);
  g.hands.push({
    n, contract: record.contract ? { seat: record.contract.seat, points: record.contract.points, no_trump: record.contract.no_trump, kaiser: record.contract.kaiser } : null,
    made: record.made ?? null, delta: record.delta, scores: record.scores, raw: record.raw ?? [0, 0],
  });
  g.hands.sort((a, b) => a.n - b.n);
  // The target and threshold are the engine's, from the hand's record.
  g.target = record.target ?? g.target;
  g.threshold = record.threshold ?? g.threshold;
  g.updated = new Date().toISOString();
}

/**
 * A hand finished in the live game.
 * @param {{state?: GameState, record?: HandRecord, hand_index?: number, people?: number[]}} hand
 */
function recordHand({ state, record, hand_index: n, people }) {
  if (!record || typeof n !== "number" || !Number.isInteger(n)) return;
  const { stats } = loadStats();
  const g = gameEntry(stats, gameId(state), state?.config?.profile ?? "standard");
  g.people = people ?? g.people ?? [0]; // the seats a person played at this device
  putHand(g, n, record);
  saveStats(stats);
}

/** The live game is over. @param {{state?: GameState, winner?: number | null}} over */
function recordGameOver({ state, winner }) {
  const { stats } = loadStats();
  const g = gameEntry(stats, gameId(state), state?.config?.profile ?? "standard");
  g.winner = winner ?? null;
  g.finished ??= new Date().toISOString();
  g.updated = g.finished;
  saveStats(stats);
}

/**
 * A hand as seen from `seat`: the figures count "you" as South and "us" as North–South, so a
 * hand played from another seat is turned until that seat is South.
 * @param {HandRecord} record @param {number} seat
 */
function fromSeat(record, seat) {
  const turn = (/** @type {number[]} */ pair) => (teamOf(seat) ? [pair[1], pair[0]] : pair);
  return {
    ...record,
    contract: record.contract ? { ...record.contract, seat: (record.contract.seat - seat + 4) % 4 } : null,
    delta: turn(record.delta), scores: turn(record.scores), raw: turn(record.raw ?? [0, 0]),
  };
}

/**
 * A hand finished at a shared table (friends.html), counted for the person at `seat`.
 * @param {{game: string, profile: string, seat: number, record: HandRecord, hand_index: number}} hand
 */
export function recordTableHand({ game, profile, seat, record, hand_index: n }) {
  if (!record || !Number.isInteger(n) || !game) return;
  const { stats } = loadStats();
  putHand(gameEntry(stats, game, profile, { friends: true, seat, people: [0] }), n, fromSeat(record, seat));
  saveStats(stats);
}

/** A shared table's game is over. @param {{game: string, profile: string, seat: number, winner: number | null}} over */
export function recordTableGameOver({ game, profile, seat, winner }) {
  if (!game) return;
  const { stats } = loadStats();
  const g = gameEntry(stats, game, profile, { friends: true, seat });
  g.winner = winner == null ? null : teamOf(winner + seat);
  g.finished ??= new Date().toISOString();
  g.updated = g.finished;
  saveStats(stats);
}

/**
 * An analysed hand: the points our side lost to its mistakes.
 * @param {GameState | string} state the game (its id), or a shared table's game id
 * @param {number} handIndex @param {{lost: number[]}} result the analysis
 * @param {number} [team] our side (a shared table's)
 */
export function recordAnalysis(state, handIndex, result, team = 0) {
  if (!result?.lost || !state) return;
  const { stats } = loadStats();
  const g = stats.games[typeof state === "string" ? state : gameId(state)];
  if (!g) return;
  g.lost[String(handIndex)] = result.lost[team];
  saveStats(stats);
}

// ------------------------------------------------------------------ figures
/** @typedef {"you" | "partner" | "opponents"} Who */
/** @type {[Who, number[]][]} */
const WHO = [["you", [0]], ["partner", [2]], ["opponents", [1, 3]]];

/** @param {StatGame[]} games */
function figures(games) {
  const f = { games: 0, won: 0, finished: 0, hands: 0, points: 0, analysed: 0, lost: 0,
    bid: { you: 0, partner: 0, opponents: 0 }, made: { you: 0, partner: 0, opponents: 0 } };
  for (const g of games) {
    // A game counts as played (won or lost) once it is over, never while it is still going.
    if (g.finished) { f.games += 1; f.finished += 1; }
    if (g.winner === 0) f.won += 1;
    for (const h of g.hands) {
      f.hands += 1;
      f.points += h.delta[0];
      if (h.contract) {
        for (const [who, seats] of WHO) {
          if (seats.includes(h.contract.seat)) {
            f.bid[who] += 1;
            if (h.made) f.made[who] += 1;
          }
        }
      }
    }
    for (const v of Object.values(g.lost ?? {})) { f.analysed += 1; f.lost += v; }
  }
  return f;
}

/** A profile's title as the settings show it ("Prairie rules"), never its identifier. */
function profileTitle(/** @type {string} */ id) {
  return profiles?.[id]?.title ?? id;
}

/** Who played where: "you played West with friends", "you played South and North". @param {StatGame} g */
function playedAs(g) {
  if (g.friends) return `you played ${seatName(g.seat ?? 0)} with friends`;
  const seats = Array.isArray(g.people) && g.people.length ? g.people : [0];
  return `you played ${seats.map(seatName).join(" and ")}`;
}

/** @param {number} sum @param {number} n */
const avg = (sum, n) => (n ? (sum / n).toFixed(1).replace(/^-/, "\u2212") : "—");

/** @param {Stats} stats */
function figuresTable(stats) {
  const games = Object.values(stats.games);
  const profiles = [...new Set(games.map((g) => g.profile))].sort();
  /** @type {[string, StatGame[]][]} */
  const cols = [...profiles.map((p) => /** @type {[string, StatGame[]]} */ ([p, games.filter((g) => g.profile === p)])), ["All profiles", games]];
  /** @typedef {[string, (f: ReturnType<typeof figures>) => string | number]} Row a label, its figure */
  /** @type {Row[]} */
  const rows = [
    ["Games played", (f) => f.games],
    ["Games won", (f) => f.won],
    ["Hands played", (f) => f.hands],
    ...WHO.map(([who]) => /** @type {Row} */ ([`Contracts bid by ${who === "you" ? "you" : who === "partner" ? "your partner" : "the opponents"}`, (f) => f.bid[who]])),
    ...WHO.map(([who]) => /** @type {Row} */ ([`Contracts made by ${who === "you" ? "you" : who === "partner" ? "your partner" : "the opponents"}`, (f) => f.made[who]])),
    ["Average points per hand (your side)", (f) => avg(f.points, f.hands)],
    ["Analysed hands", (f) => f.analysed],
    ["Points lost to mistakes per analysed hand", (f) => avg(f.lost, f.analysed)],
  ];
  const fig = cols.map(([, gs]) => figures(gs));
  const table = el("table", { class: "an-table stats-table", "data-testid": "stats-table" });
  table.append(el("caption", {}, "Your statistics, per rule profile and in total"));
  table.append(el("thead", {}, el("tr", {}, el("td", {}),
    ...cols.map(([name]) => el("th", { scope: "col", class: "num" }, profileTitle(name))))));
  const tb = el("tbody");
  for (const [label, fn] of rows) {
    tb.append(el("tr", { "data-label": label }, el("th", { scope: "row" }, label),
      ...fig.map((f) => el("td", { class: "num" }, String(fn(f))))));
  }
  table.append(tb);
  return el("div", { class: "an-scroll", tabindex: "0", role: "region", "aria-label": "Statistics table" }, table);
}

// ------------------------------------------------------------------ charts (inline SVG)
const SVG = "http://www.w3.org/2000/svg";
/** @param {string} tag @param {Object<string, unknown>} [attrs] @param {string} [text] */
function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text != null) e.textContent = text;
  return e;
}

/**
 * A line chart: series [{name, points: [[x, y]], cls}], horizontal marks [{y, name, cls}].
 * @param {{id: string, title: string, desc: string, xLabel: string, yMin: number, yMax: number,
 *   xMax: number, series: {name: string, points: number[][], cls: string}[],
 *   marks?: {y: number, name: string, cls: string}[]}} chart
 */
function lineChart({ id, title, desc, series, marks = [], xLabel, yMin, yMax, xMax }) {
  const W = 560, H = 240, L = 44, R = 12, T = 14, B = 34;
  const lo = Math.min(yMin, ...series.flatMap((s) => s.points.map((p) => p[1])), ...marks.map((m) => m.y));
  const hi = Math.max(yMax, ...series.flatMap((s) => s.points.map((p) => p[1])), ...marks.map((m) => m.y));
  const sx = (/** @type {number} */ x) => L + ((W - L - R) * x) / Math.max(1, xMax);
  const sy = (/** @type {number} */ y) => T + ((H - T - B) * (hi - y)) / Math.max(1, hi - lo);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${id}-t ${id}-d`, class: "chart", "data-testid": id });
  svg.append(svgEl("title", { id: `${id}-t` }, title), svgEl("desc", { id: `${id}-d` }, desc));
  const axis = svgEl("g", { class: "axis", "aria-hidden": "true" });
  axis.append(svgEl("line", { x1: L, y1: sy(lo), x2: L, y2: sy(hi) }), svgEl("line", { x1: L, y1: sy(Math.max(lo, Math.min(0, hi))), x2: W - R, y2: sy(Math.max(lo, Math.min(0, hi))) }));
  for (const y of [lo, 0, hi]) if (y >= lo && y <= hi) axis.append(svgEl("text", { x: L - 6, y: sy(y) + 4, "text-anchor": "end" }, String(Math.round(y))));
  axis.append(svgEl("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, xLabel));
  svg.append(axis);
  for (const m of marks) {
    const g = svgEl("g", { class: `mark ${m.cls}`, "aria-hidden": "true" });
    g.append(svgEl("line", { x1: L, y1: sy(m.y), x2: W - R, y2: sy(m.y) }), svgEl("text", { x: W - R - 4, y: sy(m.y) - 4, "text-anchor": "end" }, `${m.name} ${m.y}`));
    svg.append(g);
  }
  for (const s of series) {
    if (!s.points.length) continue;
    const d = s.points.map(([x, y], i) => `${i ? "L" : "M"}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(" ");
    svg.append(svgEl("path", { d, class: `series ${s.cls}`, "aria-hidden": "true" }));
    for (const [x, y] of s.points) svg.append(svgEl("circle", { cx: sx(x), cy: sy(y), r: 3, class: `dot ${s.cls}`, "aria-hidden": "true" }));
  }
  const legend = el("p", { class: "legend", "aria-hidden": "true" },
    ...series.map((s) => el("span", { class: `key ${s.cls}` }, s.name)),
    ...marks.map((m) => el("span", { class: `key ${m.cls}` }, `${m.name} ${m.y}`)));
  return el("figure", { class: "chart-fig" }, svg, legend);
}

/**
 * The numbers behind a chart, as a table behind a disclosure (the text alternative in full).
 * @param {string} caption @param {string[]} head @param {(string | number)[][]} rows
 */
function numbersTable(caption, head, rows) {
  const t = el("table", { class: "an-table" }, el("caption", {}, caption),
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, ...rows.map((r) => el("tr", {}, ...r.map((c, i) => (i ? el("td", { class: "num" }, String(c)) : el("th", { scope: "row" }, String(c))))))));
  return el("details", { class: "numbers" }, el("summary", {}, "Show the numbers"), t);
}

/** @param {StatGame} g */
function progressChart(g) {
  const pts = (/** @type {number} */ t) => [[0, 0], ...g.hands.map((h, i) => [i + 1, h.scores[t]])];
  const last = g.hands.at(-1)?.scores ?? [0, 0];
  const target = g.target ?? 0, threshold = g.threshold ?? 0; // set by the first hand's record
  const desc = `Score after each of ${g.hands.length} ${g.hands.length === 1 ? "hand" : "hands"}: us ${last[0]}, them ${last[1]}; target ${g.target}, defender threshold ${g.threshold}.`;
  return [
    lineChart({ id: "chart-progress", title: "Score progression", desc, xLabel: "Hand",
      series: [{ name: g.friends && teamOf(g.seat ?? 0) ? "Us (W–E)" : "Us (N–S)", points: pts(0), cls: "us" },
        { name: g.friends && teamOf(g.seat ?? 0) ? "Them (N–S)" : "Them (W–E)", points: pts(1), cls: "them" }],
      marks: [{ y: target, name: "Target", cls: "target" }, ...(threshold < target ? [{ y: threshold, name: "Threshold", cls: "threshold" }] : [])],
      yMin: 0, yMax: target, xMax: Math.max(1, g.hands.length) }),
    numbersTable("Score after each hand", ["Hand", "Us", "Them"], g.hands.map((h, i) => [i + 1, scoreText(h.scores[0]), scoreText(h.scores[1])])),
  ];
}

/** @param {StatGame[]} games */
function winRateChart(games) {
  const done = games.filter((g) => g.finished).sort((a, b) => String(a.finished).localeCompare(String(b.finished)));
  let won = 0;
  const points = done.map((g, i) => { if (g.winner === 0) won += 1; return [i + 1, Math.round((100 * won) / (i + 1))]; });
  const desc = done.length
    ? `Win rate after each of ${done.length} finished ${done.length === 1 ? "game" : "games"}: now ${points.at(-1)?.[1]} percent (${won} won).`
    : "No game finished yet.";
  return [
    lineChart({ id: "chart-winrate", title: "Win rate over time", desc, xLabel: "Finished games",
      series: [{ name: "Win rate, %", points, cls: "us" }], marks: [{ y: 50, name: "Half", cls: "threshold" }],
      yMin: 0, yMax: 100, xMax: Math.max(1, done.length) }),
    numbersTable("Win rate after each finished game", ["Game", "Win rate (%)"], points.map(([x, y]) => [x, y])),
  ];
}

// ------------------------------------------------------------------ the view
/** @type {() => string | null} */
let currentGame = () => null;
/** @type {Record<string, {title?: string}> | null} the rule profiles, for their titles */
let profiles = null;

/** @param {HTMLElement} body @param {{problem?: string | null}} [opts] */
function renderStats(body, { problem } = {}) {
  const loaded = loadStats();
  const stats = loaded.stats;
  problem ??= loaded.problem;
  body.replaceChildren();
  if (problem) body.append(el("p", { class: "stats-problem", role: "alert", "data-testid": "stats-problem" }, problem));
  const games = Object.values(stats.games);
  const f = figures(games);
  body.append(el("p", { class: "stats-lead", "data-testid": "stats-hands" }, `Hands played: ${f.hands}. Games played: ${f.games}, won: ${f.won}.`));
  body.append(figuresTable(stats));

  const withHands = games.filter((g) => g.hands.length).sort((a, b) => String(b.updated ?? b.started).localeCompare(String(a.updated ?? a.started)));
  const sec = el("section", { class: "an-sec", "aria-labelledby": "stats-progress-h" }, el("h3", { id: "stats-progress-h" }, "Score progression"));
  if (withHands.length) {
    const cur = currentGame();
    const pick = el("select", { id: "stats-game", "data-testid": "stats-game" });
    withHands.forEach((g, i) => {
      const when = (g.started ?? "").slice(0, 10);
      pick.append(el("option", { value: g.id }, `${g.id === cur ? "This game" : `Game of ${when}`} (${profileTitle(g.profile)}, ${g.hands.length} ${g.hands.length === 1 ? "hand" : "hands"}, ${playedAs(g)}${g.finished ? (g.winner === 0 ? ", won" : ", lost") : ""})`));
      if (i === 0 && !withHands.some((x) => x.id === cur)) pick.value = g.id;
    });
    if (cur != null && withHands.some((x) => x.id === cur)) pick.value = cur;
    const holder = el("div");
    const draw = () => holder.replaceChildren(...progressChart(stats.games[pick.value]));
    pick.addEventListener("change", draw);
    sec.append(el("label", { for: "stats-game", class: "field-label" }, "Game"), pick, holder);
    draw();
  } else {
    sec.append(el("p", {}, "Play a hand and its score appears here."));
  }
  body.append(sec);
  body.append(el("section", { class: "an-sec", "aria-labelledby": "stats-win-h" }, el("h3", { id: "stats-win-h" }, "Win rate over time"), ...winRateChart(games)));
  body.append(manageSection(body));
}

/** @param {HTMLElement} body */
function manageSection(body) {
  const status = el("p", { class: "share-status", role: "status", "data-testid": "stats-status" });
  const exportBtn = el("button", { type: "button", class: "btn", "data-testid": "stats-export" }, "Export to a file");
  const importInput = el("input", { type: "file", id: "stats-import", accept: "application/json,.json", class: "visually-hidden", "data-testid": "stats-import" });
  const importLabel = el("label", { for: "stats-import", class: "btn" }, "Import from a file");
  const resetBtn = el("button", { type: "button", class: "btn danger", "data-testid": "stats-reset" }, "Reset statistics…");
  const confirmBox = el("div", { class: "confirm", role: "group", "aria-label": "Confirm the reset", hidden: "" },
    el("p", {}, "Delete every statistic kept in this browser? This cannot be undone (export them first to keep a copy)."));
  const yes = el("button", { type: "button", class: "btn danger", "data-testid": "stats-reset-confirm" }, "Delete all statistics");
  const no = el("button", { type: "button", class: "btn", "data-testid": "stats-reset-cancel" }, "Keep them");
  confirmBox.append(el("div", { class: "row" }, yes, no));

  exportBtn.addEventListener("click", () => {
    const blob = new Blob([JSON.stringify(loadStats().stats, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `kaiser-statistics-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    status.textContent = "Statistics exported.";
  });
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    if (!file) return;
    let data;
    try { data = JSON.parse(await file.text()); } catch { data = null; }
    const games = data && data.format === FORMAT && data.games && typeof data.games === "object" ? data.games : null;
    if (!games) {
      status.textContent = "This file is not a Kaiser statistics export: nothing was changed.";
      return;
    }
    const { stats } = loadStats();
    let added = 0, skipped = 0;
    for (const [id, g] of Object.entries(games)) {
      if (validGame(g) && g.id === id) { stats.games[id] = g; added += 1; } else skipped += 1;
    }
    saveStats(stats);
    renderStats(body);
    const msg = `Imported ${added} ${added === 1 ? "game" : "games"}` + (skipped ? `; ${skipped} unreadable ${skipped === 1 ? "entry was" : "entries were"} skipped.` : ".");
    const shown = body.querySelector("[data-testid=stats-status]");
    if (shown) shown.textContent = msg;
    announce(msg);
  });
  resetBtn.addEventListener("click", () => { confirmBox.hidden = false; no.focus(); });
  no.addEventListener("click", () => { confirmBox.hidden = true; resetBtn.focus(); });
  yes.addEventListener("click", () => {
    saveStats(emptyStats());
    renderStats(body);
    const shown = body.querySelector("[data-testid=stats-status]");
    if (shown) shown.textContent = "Statistics reset.";
  });
  return el("section", { class: "an-sec", "aria-labelledby": "stats-manage-h" }, el("h3", { id: "stats-manage-h" }, "Keep or clear"),
    el("p", { class: "note" }, "Statistics stay in this browser only."),
    el("div", { class: "row" }, exportBtn, importInput, importLabel, resetBtn), confirmBox, status);
}

/**
 * Listen to the live game and wire the toolbar button.
 * @param {() => import("../types.js").GameState | null | undefined} getState the game being played
 * @param {() => Promise<Record<string, {title?: string}> | null>} loadProfiles the rule profiles
 */
export function installStats(getState, loadProfiles) {
  window.addEventListener("kaiser:hand", (e) => recordHand(/** @type {CustomEvent} */ (e).detail ?? {}));
  window.addEventListener("kaiser:game-over", (e) => recordGameOver(/** @type {CustomEvent} */ (e).detail ?? {}));
  $("btn-stats").addEventListener("click", () => openStats(() => gameId(getState()), loadProfiles));
}

/**
 * Show the statistics dialog.
 * @param {() => string | null} current the id of the game being played ("This game")
 * @param {() => Promise<Record<string, {title?: string}> | null>} loadProfiles the rule profiles
 */
export async function openStats(current, loadProfiles) {
  currentGame = current;
  profiles = await loadProfiles();
  renderStats($("stats-body"));
  openDialog("dlg-stats");
}
