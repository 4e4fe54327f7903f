// @ts-check
// The analysis of a finished hand: the deal, the auction, the par of the deal, each trick with
// what every card cost and the best card instead, the costliest mistakes first, and a
// step-through replay beside it. Every number comes from the engine (analyze_step, run one
// step at a time in the worker so a progress bar moves and Cancel stops between steps).
import { seatName, contractWords, bidWords, teamOf } from "../table/words.js";
import { suitSymbol, suitName, rankLabel, suitOf, cardName } from "../table/cards.js";
import { openDialog } from "../ui/dialogs.js";
import { errorText } from "../ui/announce.js";
import { $, el } from "../ui/dom.js";

/** @typedef {import("../types.js").Analysis} Analysis */
/** @typedef {import("../types.js").AnalysisTrick} AnalysisTrick */
/** @typedef {import("../types.js").GameState} GameState */

const CACHE_KEY = "kaiser.analysis.v1";
const CACHE_MAX = 60;


/** "KH" -> "K♥" (with "10" for the ten): how a player writes a card. @param {string} card */
const cardText = (card) => `${rankLabel(card)}${suitSymbol(suitOf(card))}`;
/** @param {number} n */
const pts = (n) => `${n} ${Math.abs(n) === 1 ? "point" : "points"}`;
/** @param {number} n */
const minus = (n) => String(n).replace(/^-/, "\u2212");

// ------------------------------------------------------------------ cache (with the saved game)
function readCache() {
  try { return JSON.parse(localStorage.getItem(CACHE_KEY) || "{}") || {}; } catch { return {}; }
}
/**
 * One key per game and hand: the game's seed and first dealer, the hand, its deal.
 * @param {GameState} state @param {number} handIndex @param {string | undefined} dealCode
 */
function analysisKey(state, handIndex, dealCode) {
  /** @type {Partial<import("../types.js").GameConfig>} */
  const c = state?.config ?? {};
  return `${c.seed}|${c.dealer ?? 0}|${handIndex}|${dealCode ?? ""}`;
}
/** @param {string} key @returns {Analysis | null} */
function cachedAnalysis(key) { return readCache()[key] ?? null; }
/** @param {string} key @param {Analysis} result */
function storeAnalysis(key, result) {
  const cache = readCache();
  delete cache[key];
  cache[key] = result;
  const keys = Object.keys(cache);
  for (const k of keys.slice(0, Math.max(0, keys.length - CACHE_MAX))) delete cache[k];
  try { localStorage.setItem(CACHE_KEY, JSON.stringify(cache)); } catch { /* full: keep it in memory only */ }
}

// ------------------------------------------------------------------ running it
/** @type {{cancelled: boolean} | null} the analysis under way */
let current = null;

/**
 * Open the analysis of hand `handIndex` of `state`. `onResult(result, key)` is told when the
 * analysis is ready (statistics record the points lost to mistakes).
 * @param {import("../types.js").Engine} engine
 * @param {GameState} state
 * @param {number} handIndex
 * @param {{onResult?: (result: Analysis, key: string) => void, title?: string, team?: number}} [opts]
 *   `team`: the reader's side, which the words call "us"
 */
export async function openAnalysis(engine, state, handIndex, { onResult, title, team = 0 } = {}) {
  ours = team;
  const body = $("analysis-body");
  const bar = /** @type {HTMLProgressElement} */ ($("analysis-progress"));
  const cancel = $("analysis-cancel");
  const status = $("analysis-status");
  if (current) current.cancelled = true;
  const run = { cancelled: false };
  current = run;
  body.replaceChildren();
  $("dlg-analysis").dataset.ready = "";
  status.textContent = "";
  $("dlg-analysis-title").textContent = title ?? `Analysis of hand ${handIndex + 1}`;
  openDialog("dlg-analysis");
  let summary;
  try {
    summary = await engine.call("summary", state);
  } catch (e) {
    status.textContent = `This hand cannot be analysed: ${errorText(e)}`;
    return;
  }
  const key = analysisKey(state, handIndex, summary.hands?.[handIndex]?.deal_code);
  let result = cachedAnalysis(key);
  if (!result) {
    bar.hidden = false;
    cancel.hidden = false;
    bar.value = 0;
    status.textContent = "Analysing the hand with every card known…";
    const started = performance.now();
    const stop = () => { run.cancelled = true; };
    cancel.addEventListener("click", stop, { once: true });
    try {
      for (;;) {
        if (run.cancelled) {
          status.textContent = "Analysis cancelled. Press “Analyze hand” again to start it over.";
          return;
        }
        const r = await engine.call("analyze_step", state, handIndex);
        if (run.cancelled) continue;
        bar.max = r.progress[1];
        bar.value = r.progress[0];
        if (r.done) { result = r.result; break; }
      }
    } catch (e) {
      status.textContent = `The analysis failed: ${errorText(e)}`;
      return;
    } finally {
      cancel.removeEventListener("click", stop);
      bar.hidden = true;
      cancel.hidden = true;
    }
    const ms = performance.now() - started;
    document.body.dataset.analysisMs = String(Math.round(ms));
    storeAnalysis(key, result);
  }
  if (run !== current) return;
  status.textContent = "";
  render(body, result);
  onResult?.(result, key);
  $("dlg-analysis").dataset.ready = "1";
}

// ------------------------------------------------------------------ drawing
/** @param {HTMLElement} body @param {Analysis} a */
function render(body, a) {
  body.replaceChildren();
  $("dlg-analysis").dataset.ready = "";
  const main = el("div", { class: "an-main" });
  const side = el("aside", { class: "an-side", "aria-label": "Step-through replay" });
  body.append(el("div", { class: "an-grid" }, main, side));

  main.append(mistakesSection(a), dealSection(a), parSection(a));
  if (!a.contract) {
    main.append(el("p", {}, "Everyone passed: the cards were thrown in, so there is no play to analyse."));
  } else {
    main.append(el("p", { class: "note" },
      `Every value is the points ${teamWords(a.bidders)} (the bidders) take in the hand with best play from then on by everyone, every card known. `
      + "A card’s cost is what it lost its own side."));
    a.tricks.forEach((t) => main.append(trickSection(a, t)));
    stepper(side, a);
  }
}

/** The side the reader plays (0 North–South): a guest at a shared table may sit West or East. */
let ours = 0;
/** @param {number} team */
const teamWords = (team) => `${team === ours ? "Us" : "Them"} (${team === 0 ? "North–South" : "West–East"})`;

/** @param {Analysis} a */
function mistakesSection(a) {
  const sec = el("section", { class: "an-sec", "aria-labelledby": "an-mistakes" },
    el("h3", { id: "an-mistakes" }, "Costliest mistakes"));
  if (!a.contract) return sec.append(el("p", {}, "No play, no mistakes.")), sec;
  if (!a.mistakes.length) {
    sec.append(el("p", {}, "No card cost its side a point: both sides played perfectly, every card known."));
    return sec;
  }
  const list = el("ol", { class: "an-mistakes", "data-testid": "analysis-mistakes" });
  for (const m of a.mistakes.slice(0, 6)) list.append(el("li", { class: m.team === ours ? "us" : "them" }, m.text));
  sec.append(list);
  sec.append(el("p", { class: "note", "data-testid": "analysis-lost" },
    `Points lost to mistakes: us ${a.lost[ours]}, them ${a.lost[1 - ours]}.`));
  return sec;
}

/** @param {string[]} cards */
function handLine(cards) {
  /** @type {Record<string, string[]>} */
  const bySuit = { S: [], H: [], D: [], C: [] };
  for (const c of cards) bySuit[suitOf(c)].push(rankLabel(c));
  return ["S", "H", "D", "C"].map((s) => el("span", { class: `an-suit suit-${s}` },
    el("span", { "aria-hidden": "true" }, suitSymbol(s)),
    el("span", { class: "visually-hidden" }, ` ${suitName(s)}: `),
    bySuit[s].length ? bySuit[s].join(" ") : "—"));
}

/** @param {Analysis} a */
function dealSection(a) {
  const sec = el("section", { class: "an-sec", "aria-labelledby": "an-deal" },
    el("h3", { id: "an-deal" }, "The deal and the auction"));
  const grid = el("div", { class: "an-deal", "data-testid": "analysis-deal" });
  for (const seat of [2, 1, 3, 0]) {
    grid.append(el("div", { class: `an-hand an-seat-${seat}` },
      el("b", {}, `${seatName(seat)}${seat === a.dealer ? " (dealer)" : ""}`), el("br"), ...handLine(a.deal[seat])));
  }
  sec.append(grid);
  const auction = el("ol", { class: "an-auction", "aria-label": "Auction" });
  for (const [seat, action] of a.auction) auction.append(el("li", {}, `${seatName(seat)}: ${bidWords(action)}`));
  sec.append(auction);
  sec.append(el("p", {}, a.contract
    ? `Contract: ${contractWords(a.contract)}. ${teamWords(teamOf(a.contract.seat))} took ${pts(a.raw[teamOf(a.contract.seat)])}: ${a.made ? "made" : "failed"}.`
    : "No contract: everyone passed."));
  return sec;
}

/** @param {Analysis} a */
function parSection(a) {
  const sec = el("section", { class: "an-sec", "aria-labelledby": "an-par" },
    el("h3", { id: "an-par" }, "Par: the best contract each side could make"));
  const par = a.par;
  const table = el("table", { class: "an-table", "data-testid": "analysis-par" });
  table.append(el("caption", {}, "Points each side takes double-dummy when it declares, per trump"));
  sec.append(el("p", { class: "an-legend", "data-testid": "legend-dd" }, "Double-dummy: as if every player saw all four hands and played the best cards. Par: what the deal is worth to each side that way."));
  const first = par.denominations[0].sides;
  table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Trump"),
    ...first.map((s) => el("th", { scope: "col", class: "num" }, `${s.team === ours ? "Us" : "Them"}, ${seatName(s.declarer)} declaring`)))));
  const tb = el("tbody");
  for (const row of par.denominations) {
    const played = a.contract && (a.contract.no_trump ? row.no_trump : row.trump === a.contract.trump);
    tb.append(el("tr", { class: played ? "played" : "" },
      el("th", { scope: "row" }, row.no_trump ? "No trump" : `${suitSymbol(row.trump)} ${suitName(row.trump)}`,
        played ? el("small", {}, " (played)") : null),
      ...row.sides.map((s) => el("td", { class: "num" }, minus(s.raw)))));
  }
  table.append(tb);
  sec.append(el("div", { class: "an-scroll", tabindex: "0", role: "region", "aria-label": "Par table" }, table));
  const best = el("ul", { class: "an-best" });
  for (const b of par.best) {
    best.append(el("li", {}, b.contract
      ? `${teamWords(b.team)}: ${b.contract.points}${b.contract.no_trump ? " no trump" : ` in ${suitName(b.contract.trump)}`} (takes ${b.raw}, scores ${b.score}).`
      : `${teamWords(b.team)}: no contract of ${par.minimum_bid} or more (best ${b.raw}).`));
  }
  sec.append(best);
  if (a.contract) sec.append(el("p", {}, `Played: ${contractWords(a.contract)}.`));
  const e = a.estimate;
  if (e) {
    sec.append(el("p", { "data-testid": "analysis-estimate" },
      `When ${seatName(e.seat)} bid ${bidWords(e.bid)}, the strong bot’s estimate from that seat was ${e.contract_raw.toFixed(1)} points in the contract played`
      + ` (${e.denominations.map((d) => `${d.no_trump ? "no trump" : suitSymbol(d.trump)} ${d.raw.toFixed(1)}`).join(", ")}).`));
  }
  return sec;
}

/** @param {Analysis} a @param {AnalysisTrick} t */
function trickSection(a, t) {
  const sec = el("section", { class: "an-sec an-trick", "data-testid": "analysis-trick", "aria-labelledby": `an-t${t.number}` },
    el("h3", { id: `an-t${t.number}` }, `Trick ${t.number}`));
  const table = el("table", { class: "an-table" });
  table.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Card"),
    el("th", { scope: "col", class: "num" }, "Cost"), el("th", { scope: "col" }, "Best instead"))));
  const tb = el("tbody");
  for (const p of t.plays) {
    const best = p.best.includes(p.card) ? "—" : p.best.map(cardText).join(" = ");
    tb.append(el("tr", { class: p.cost > 0 ? "cost" : "" },
      el("th", { scope: "row" }, seatName(p.seat) + (p.seat === t.winner ? " (won)" : "")),
      el("td", {}, el("span", { class: `suit-${suitOf(p.card)}`, "aria-label": cardName(p.card) }, cardText(p.card))),
      el("td", { class: "num" }, p.cost > 0 ? pts(p.cost) : "0"),
      el("td", {}, best)));
  }
  table.append(tb);
  sec.append(table);
  return sec;
}

// ------------------------------------------------------------------ step-through replay
/** @param {HTMLElement} side @param {Analysis} a */
function stepper(side, a) {
  /** @type {{trick: AnalysisTrick, p: import("../types.js").AnalysisPlay, i: number}[]} */
  const plays = [];
  a.tricks.forEach((t) => t.plays.forEach((p, i) => plays.push({ trick: t, p, i })));
  let k = 0;
  const pos = el("p", { class: "an-pos", "aria-live": "polite", "data-testid": "analysis-step" });
  const table = el("div", { class: "an-deal an-live" });
  const note = el("p", { class: "an-note" });
  const back = el("button", { type: "button", class: "btn", "data-testid": "analysis-back" }, "◀ Back");
  const fwd = el("button", { type: "button", class: "btn primary", "data-testid": "analysis-forward" }, "Forward ▶");
  side.append(el("h3", {}, "Replay"), el("div", { class: "row" }, back, fwd), pos, note, table,
    el("p", { class: "an-legend", "data-testid": "legend-value" }, "Value: the points the bidding side takes from here if every card from now on is the best one, all hands in view. Cost: what a card gave away."));

  const draw = () => {
    const gone = new Set(plays.slice(0, k).map((x) => x.p.card));
    table.replaceChildren();
    for (const seat of [2, 1, 3, 0]) {
      const cards = a.deal[seat].filter((c) => !gone.has(c));
      if (a.out_seat === seat) continue;
      table.append(el("div", { class: `an-hand an-seat-${seat}` }, el("b", {}, seatName(seat)), el("br"), ...handLine(cards)));
    }
    if (k === 0) {
      pos.textContent = `Before trick 1: ${seatName(a.tricks[0].leader)} leads. Value ${a.dd_start}.`;
      note.textContent = "Press Forward to play the cards one by one.";
    } else {
      const { trick, p } = plays[k - 1];
      pos.textContent = `Trick ${trick.number}, card ${k} of ${plays.length}: ${seatName(p.seat)} plays ${cardText(p.card)}.`;
      note.textContent = p.cost > 0
        ? `Cost ${pts(p.cost)}. Best: ${p.best.map(cardText).join(" or ")}. Value now ${p.dd_after}.`
        : `No cost. Value now ${p.dd_after}.`;
      note.className = `an-note${p.cost > 0 ? " cost" : ""}`;
    }
    back.disabled = k === 0;
    fwd.disabled = k === plays.length;
  };
  back.addEventListener("click", () => { if (k > 0) { k--; draw(); } });
  fwd.addEventListener("click", () => { if (k < plays.length) { k++; draw(); } });
  draw();
}
