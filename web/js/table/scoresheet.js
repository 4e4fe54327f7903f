// @ts-check
// Score sheet, end-of-hand result and game-over text, all from summary(state).
import { seatName, contractWords, scoreText, signedScore, teamOf } from "./words.js";
import { suitSymbol } from "./cards.js";
import { rulesNotes } from "../ui/rulestext.js";
import { el } from "../ui/dom.js";

/** @typedef {import("../types.js").HandRecord} HandRecord */

const TEAM_SHORT_PAIRS = ["N\u2013S", "W\u2013E"];

// One minus sign (U+2212) everywhere a score is shown, totals and changes alike.
const signed = signedScore;
const num = scoreText;

/**
 * A team's score on a track from 0 to the target, with the defender threshold and the target
 * marked (drawn from the engine's numbers; no rule is computed here).
 * @param {string} name @param {number} score @param {number | null | undefined} threshold
 * @param {number} target
 */
function scoreTrack(name, score, threshold, target) {
  const pct = (/** @type {number} */ x) => `${Math.max(0, Math.min(100, (x / target) * 100)).toFixed(1)}%`;
  const label = `${name}: ${num(score)} of ${target}` + (threshold != null ? `; defender threshold ${threshold}` : "");
  const bar = el("div", { class: `track${score < 0 ? " below" : ""}`, role: "img", "aria-label": label });
  const fill = el("div", { class: "track-fill" });
  fill.style.width = pct(score);
  bar.append(fill);
  if (threshold != null && threshold < target) {
    const t = el("div", { class: "track-mark threshold", title: `defender threshold ${threshold}` });
    t.style.left = pct(threshold);
    bar.append(t);
  }
  return el("div", { class: "track-row" },
    el("span", { class: "track-name", "aria-hidden": "true" }, name),
    bar,
    el("span", { class: "track-num", "aria-hidden": "true" }, `${num(score)} / ${target}`));
}


/** @param {HandRecord} rec */
function contractCell(rec) {
  const c = rec.contract;
  if (!c) return "All passed (thrown in)";
  const team = teamOf(c.seat) === 0 ? "us" : "them";
  let s = `${seatName(c.seat)} (${team}): `;
  if (c.kaiser) s += "Kaiser";
  else s += `${c.points}${c.no_trump ? " no trump" : ""}`;
  if (c.trump) s += ` ${suitSymbol(c.trump)}`;
  else if (c.kaiser && !c.trump) s += " no trump";
  return s;
}

/** What else happened in a hand, in words: "claimed by South", "a move taken back". @param {HandRecord} rec */
function handMarks(rec) {
  const marks = [];
  if (rec.claimed != null) marks.push(`claimed by ${seatName(rec.claimed)}`);
  if (rec.undo) marks.push("a move taken back");
  return marks;
}

/** @param {HandRecord} rec */
function madeCell(rec) {
  if (rec.made == null) return "—";
  return rec.made ? "made" : "failed";
}

/**
 * Render the score sheet table into `body`. `now` = {target, threshold} of the current hand
 * (from the engine's view), used before any hand has finished.
 * @param {HTMLElement} body
 * @param {import("../types.js").Summary} summary
 * @param {{target?: number, threshold?: number}} [now]
 */
export function renderScoreSheet(body, summary, now = {}) {
  body.replaceChildren();
  const hands = summary.hands ?? [];
  const last = hands[hands.length - 1];
  const target = summary.target ?? now.target ?? last?.target;
  const threshold = now.threshold ?? last?.threshold ?? null;
  // Scores first (the tracks and the table); the rules notes after them.
  const note = el("p", { class: "sheet-note", "data-testid": "sheet-note" },
    `Target: ${target}.`,
    threshold != null ? ` Defender threshold: ${threshold}.` : "",
    " ", ...rulesNotes(summary),
    "Marked ",
    el("span", { class: "mark-threshold" }, "▲"), " at the threshold, ",
    el("span", { class: "mark-target" }, "★"), " at the target.");
  body.append(el("div", { class: "tracks", "data-testid": "score-tracks" },
    scoreTrack("Us", summary.scores[0], threshold, target),
    scoreTrack("Them", summary.scores[1], threshold, target),
    el("div", { class: "track-legend", "aria-hidden": "true" },
      el("span", { class: "legend-threshold" }, `▲ ${threshold ?? ""} threshold`), el("span", {}, `★ ${target} target`))));
  const wrap = el("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": "Score sheet table" });
  const table = el("table", { class: "sheet", "data-testid": "sheet-table" });
  table.append(el("caption", { class: "visually-hidden" }, "Score per hand"));
  const thead = el("thead");
  thead.append(el("tr", {},
    el("th", { scope: "col" }, "#"),
    el("th", { scope: "col" }, "Contract"),
    el("th", { scope: "col" }, "Result"),
    el("th", { scope: "col", class: "num" }, "Us ", el("small", {}, "N–S")),
    el("th", { scope: "col", class: "num" }, "Them ", el("small", {}, "W–E")),
    el("th", { scope: "col" }, "Review")));
  table.append(thead);
  const tbody = el("tbody");
  hands.forEach((rec, i) => {
    const tr = el("tr", { "data-testid": "sheet-row" });
    tr.classList.add(rec.made === true ? "made" : rec.made === false ? "failed" : "none");
    const tgt = rec.target ?? target;
    const total = (/** @type {number} */ t) => {
      const v = rec.scores[t];
      const cell = el("td", { class: "num" }, el("b", { class: "total" }, num(v)));
      if (rec.reached_target ? rec.reached_target[t] : v >= tgt) cell.append(" ", el("span", { class: "mark-target", title: "at or above the target", "aria-label": "at or above the target" }, "★"));
      else if (rec.at_threshold?.[t]) cell.append(" ", el("span", { class: "mark-threshold", title: "at or above the defender threshold", "aria-label": "at or above the defender threshold" }, "▲"));
      cell.append(el("br"), el("small", { class: "delta" }, `(${signed(rec.delta[t])})`));
      return cell;
    };
    const played = rec.contract || rec.tricks?.length;
    tr.append(
      el("th", { scope: "row" }, String(i + 1)),
      el("td", {}, contractCell(rec), el("br"), el("small", {}, `${seatName(rec.dealer)} dealt`)),
      el("td", { class: `res ${madeCell(rec)}` }, madeCell(rec), el("br"),
        el("small", {}, played ? `raw ${num(rec.raw[0])} / ${num(rec.raw[1])}` : ""),
        ...handMarks(rec).flatMap((m) => [el("br"), el("small", { class: "mark", "data-testid": "sheet-mark" }, m)])),
      total(0), total(1),
      el("td", { class: "review" },
        el("button", { type: "button", class: "btn small", "data-analyze": String(i), "data-testid": "sheet-analyze" },
          "Analyze", el("span", { class: "visually-hidden" }, ` hand ${i + 1}`)),
        el("button", { type: "button", class: "btn small", "data-play-again": String(i), "data-testid": "sheet-play-again" },
          "Play again", el("span", { class: "visually-hidden" }, ` the deal of hand ${i + 1}`))));
    tbody.append(tr);
  });
  if (!hands.length) {
    tbody.append(el("tr", {}, el("td", { colspan: "6" }, "No hand finished yet.")));
  }
  table.append(tbody);
  const tfoot = el("tfoot");
  tfoot.append(el("tr", {},
    el("th", { scope: "row", colspan: "3" }, `Now (target ${target})`),
    el("td", { class: "num total", "data-testid": "sheet-total-0" }, num(summary.scores[0])),
    el("td", { class: "num total", "data-testid": "sheet-total-1" }, num(summary.scores[1])), el("td", {})));
  table.append(tfoot);
  wrap.append(table);
  body.append(wrap, note);
}

/** The hand-result dialog's title, from the engine's record. @param {HandRecord} rec */
export function handResultTitle(rec) {
  return !rec.contract ? "Thrown in" : rec.made ? "Contract made" : "Contract failed";
}

/**
 * Who took a counting card, from the record's team number (null: it was never played).
 * @param {number | null} team @param {number} us the team of the person reading it
 */
function takenBy(team, us) {
  return team == null ? "was not played" : team === us ? "taken by us" : "taken by them";
}

/**
 * The result of one finished hand for the "Hand over" dialog, all from the engine's record:
 * the contract made or set (good or bad news for our side), tricks, the 5 of hearts and the 3
 * of spades, raw points, the score change and the new totals.
 * `us`: the reader's team (N-S, team 0, at the solo table; either at a shared table).
 * @param {HTMLElement} body @param {HandRecord} rec @param {number | null} [index] @param {number} [us]
 */
export function renderHandResult(body, rec, index = null, us = 0) {
  body.replaceChildren();
  if (!rec) return;
  const c = rec.contract;
  if (index != null) body.append(el("p", { class: "hand-no" }, `Hand ${index + 1}, ${seatName(rec.dealer)} dealt.`));
  if (!c) {
    body.append(el("p", {}, "Everyone passed: the cards are thrown in and the next dealer deals."));
  } else {
    const ours = teamOf(c.seat) === us;
    const good = ours === !!rec.made;
    const verdict = rec.made ? "made" : "set";
    body.append(el("p", { class: `result-line ${good ? "good" : "bad"}`, "data-testid": "hand-verdict" },
      `${contractWords(c)}: `,
      el("b", {}, `contract ${verdict}`),
      ` (${ours ? "our" : "their"} contract).`));
  }
  const t = el("table", { class: "mini-sheet", "data-testid": "hand-table" });
  t.append(el("caption", { class: "visually-hidden" }, "This hand, per side"));
  t.append(el("tr", {}, el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "Side")),
    el("th", { scope: "col", class: "num" }, "Tricks"),
    el("th", { scope: "col", class: "num" }, "Raw"),
    el("th", { scope: "col", class: "num" }, "Change"),
    el("th", { scope: "col", class: "num" }, "Total")));
  for (const team of [0, 1]) {
    t.append(el("tr", {},
      el("th", { scope: "row", class: "side" }, team === us ? "Us" : "Them", " ", el("small", {}, TEAM_SHORT_PAIRS[team])),
      el("td", { class: "num", "data-testid": `hand-tricks-${team}` }, String(rec.tricks_won?.[team] ?? 0)),
      el("td", { class: "num", "data-testid": `hand-raw-${team}` }, num(rec.raw?.[team] ?? 0)),
      el("td", { class: "num" }, signed(rec.delta[team])),
      el("td", { class: "num total", "data-testid": `hand-total-${team}` }, num(rec.scores[team]))));
  }
  body.append(t);
  if (rec.claimed != null) {
    body.append(el("p", { "data-testid": "hand-claimed" }, `${seatName(rec.claimed)} claimed the rest of the tricks.`));
  }
  if (c) {
    body.append(el("p", { class: "specials", "data-testid": "hand-specials" },
      el("span", { class: "suit-H" }, "5\u2665"), ` (+5) ${takenBy(rec.five_team, us)} · `,
      el("span", { class: "suit-S" }, "3\u2660"), ` (\u22123) ${takenBy(rec.three_team, us)}.`));
  }
}

/**
 * Game-over text: {winner, scores, hands} from the engine's view.
 * @param {HTMLElement} body
 * @param {{winner: 0 | 1 | null, scores: number[], hands?: number}} result
 */
export function renderGameOver(body, { winner: w, scores, hands: n = 0 }) {
  body.replaceChildren();
  const [a, b] = scores;
  const line = w == null ? "The game is over."
    : w === 0 ? `You and North win, ${num(a)} to ${num(b)}!` : `West and East win, ${num(b)} to ${num(a)}.`;
  body.append(el("p", { class: `over-line ${w === 0 ? "won" : "lost"}`, "data-testid": "winner" }, line));
  body.append(el("p", {}, `${n} ${n === 1 ? "hand" : "hands"} played.`));
}
