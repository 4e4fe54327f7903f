// @ts-check
// Challenge links (#c=<code>): duplicate Kaiser between friends. The code is the engine's
// (encode_challenge / decode_challenge / reply_challenge); par is the engine's too
// (challenge_par). This module makes the link, opens it, deals each deal in turn as a game of
// its own from 0-0, and ends with the comparison table. Everything a link carries is shown
// as text (textContent), never as markup.
import { el } from "../ui/dom.js";
import { DEFAULT_LEVEL } from "../ui/constants.js";
import { openDialog, closeDialog } from "../ui/dialogs.js";
import { banner, announce, errorText } from "../ui/announce.js";
import { copyText, markShare } from "../ui/share.js";
import { saveSettings, GAME_KEY } from "../ui/storage.js";
import { LEVEL_NAMES, seatName, signedScore, teamOf } from "../table/words.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("../types.js").GameState} GameState */
/**
 * What a challenge needs of the page (app.js's app object).
 * @typedef {{engine: import("../types.js").Engine, settings: import("../types.js").Settings,
 *   game: import("../table/game.js").Game, replay: import("../table/replay.js").Replay | null,
 *   newGame: () => Promise<void>, profiles: Record<string, {title?: string}> | null,
 *   loadMeta: () => Promise<void>}} App
 */

/** @param {string} id */
const textField = (id) => /** @type {HTMLInputElement | HTMLTextAreaElement} */ ($(id));
const PROGRESS_KEY = "kaiser.challenge.v1";
const STASH_KEY = "kaiser.game.v1.before-challenge";
const signed = signedScore;

function challengeCodeFromLocation(loc = window.location) {
  const hash = loc.hash.replace(/^#/, "");
  if (!hash) return null;
  return new URLSearchParams(hash).get("c");
}

/** @param {string} code */
function challengeUrl(code) {
  const url = new URL(window.location.href);
  url.hash = `c=${encodeURIComponent(code)}`;
  return url.href;
}

function clearHash() {
  const url = new URL(window.location.href);
  url.hash = "";
  history.replaceState(null, "", url.pathname + url.search);
}

function readProgress() {
  try { return JSON.parse(localStorage.getItem(PROGRESS_KEY) || "null"); } catch { return null; }
}
/** @param {unknown} p */
function writeProgress(p) {
  try { localStorage.setItem(PROGRESS_KEY, JSON.stringify(p)); } catch { /* ignore */ }
}

export class Challenges {
  /**
   * @param {App} app
   * @param {{onAnalyze?: (state: GameState, index: number, title: string) => void}} [hooks]
   */
  constructor(app, { onAnalyze } = {}) {
    this.app = app;
    this.onAnalyze = onAnalyze;
    this.progress = readProgress();
    window.addEventListener("kaiser:hand", (e) => this.onHand(/** @type {CustomEvent} */ (e).detail ?? {}));
    $("share-challenge").addEventListener("click", () => this.make());
    $("challenge-start").addEventListener("click", () => this.start());
  }

  get active() { return this.progress && !this.progress.finished; }

  // ---------------------------------------------------------------- sending
  async make() {
    const app = this.app;
    const state = app.replay ? app.replay.full : app.game.state;
    const name = textField("challenge-name").value;
    try {
      // The friend plays the first seat a person played here; every other seat is a bot in the
      // challenge, a seat played here by another person at its level in the settings.
      const people = app.replay ? [0] : app.game.people();
      const seat = people[0];
      const bots = Object.fromEntries([0, 1, 2, 3].filter((s) => s !== seat).map((s) => [String(s), app.settings.bots[s] ?? DEFAULT_LEVEL]));
      const code = await app.engine.call("encode_challenge", state, bots, name, seat);
      const url = challengeUrl(code);
      textField("share-url").value = url;
      markShare("share-challenge");
      const others = people.length > 1 ? ` ${people.slice(1).map(seatName).join(" and ")}, played here by a person, ${people.length > 2 ? "are bots" : "is a bot"} in the challenge.` : "";
      $("share-status").textContent = `Challenge link ready: your friend plays ${seatName(seat)} against the same bots.${others} ${await copyText(url, textField("share-url"))}`;
    } catch (e) {
      textField("share-url").value = "";
      $("share-status").textContent = `No challenge yet: ${errorText(e)}`;
    }
  }

  // ---------------------------------------------------------------- receiving
  /** Open a #c= link. True when it was a challenge link (good or bad: the hash is handled). */
  async openFromLocation() {
    const code = challengeCodeFromLocation();
    if (code == null) return false;
    clearHash();
    let ch;
    try {
      ch = await this.app.engine.call("decode_challenge", code);
    } catch (e) {
      banner(`This challenge link could not be opened: ${errorText(e)} Your saved game is unchanged.`, { kind: "error", testid: "challenge-error" });
      return false;
    }
    await this.app.loadMeta();
    this.pending = { code, challenge: ch };
    const who = ch.name ? ch.name : "a friend";
    $("dlg-challenge-title").textContent = `Challenge from ${who}`;
    const body = $("challenge-body");
    body.replaceChildren(
      el("p", {}, `${ch.deals.length} ${ch.deals.length === 1 ? "deal" : "deals"}, ${this.app.profiles?.[ch.profile]?.title ?? ch.profile}. You play ${seatName(ch.seat ?? 0)} with the same cards, the same dealer and the same bots (${Object.values(ch.bots).map((l) => LEVEL_NAMES[l] ?? l).join(", ")}) your friend had.`),
      el("p", {}, "Each deal is scored on its own from 0–0, so the results compare deal by deal: you, your friend, and par (what the strong bot scored in your seat)."),
      el("p", { class: "note" }, "Honest note: the link carries the cards of these deals, so anyone who decodes it could look. It is a game between friends, not a contest."));
    $("challenge-start").hidden = false;
    $("challenge-start").textContent = "Play the first deal";
    openDialog("dlg-challenge");
    return true;
  }

  async start() {
    const { code, challenge } = this.pending ?? {};
    if (!code || !challenge) return;
    closeDialog("dlg-challenge");
    try {
      const saved = localStorage.getItem(GAME_KEY);
      if (saved && !readProgress()) localStorage.setItem(STASH_KEY, saved);
    } catch { /* ignore */ }
    this.progress = { code, challenge, index: 0, states: [], bots: { ...this.app.settings.bots }, people: [...(this.app.settings.people ?? [0])], finished: false };
    writeProgress(this.progress);
    this.app.settings.bots = { ...this.app.settings.bots, ...challenge.bots };
    this.app.settings.people = [challenge.seat ?? 0]; // a challenge is one person against the bots
    saveSettings(this.app.settings);
    await this.deal(0);
  }

  /** @param {number} k */
  async deal(k) {
    const app = this.app;
    const deal = this.progress.challenge.deals[k];
    app.game.stop();
    closeDialog("dlg-hand");
    closeDialog("dlg-over");
    const state = await app.engine.call("new_game", deal.config);
    document.body.dataset.challenge = `${k + 1}/${this.progress.challenge.deals.length}`;
    // The deal stands in the status strip (where the target would): no banner per deal.
    $("challenge-deal").textContent = `Challenge deal ${k + 1} of ${this.progress.challenge.deals.length}`;
    announce(`Challenge deal ${k + 1} of ${this.progress.challenge.deals.length}, scored on its own from 0–0.`);
    return app.game.start(state);
  }

  /**
   * A hand ended: in a challenge, its first hand is the deal's result; then the next deal.
   * @param {{state?: GameState, record?: import("../types.js").HandRecord, hand_index?: number}} hand
   */
  onHand({ state, record, hand_index: n }) {
    const p = this.progress;
    $("hand-continue").textContent = "Next hand";
    const extra = $("hand-extra");
    extra.hidden = true;
    if (!this.active || n !== 0) return;
    const deal = p.challenge.deals[p.index];
    if (state?.config?.seed !== deal.config.seed) return;
    // The friend's result on this deal, as soon as the person has played it.
    const team = teamOf(p.challenge.seat);
    const friend = p.challenge.name || "Your friend";
    extra.textContent = `On this deal you scored ${signed(record?.delta?.[team] ?? 0)}; ${friend} scored ${signed(deal.result[team])}.`;
    extra.hidden = false;
    p.states[p.index] = state;
    p.index += 1;
    p.finished = p.index >= p.challenge.deals.length;
    writeProgress(p);
    // Move on when the person closes the result (the hand-result or game-over dialog).
    const next = () => {
      $("dlg-hand").removeEventListener("close", next);
      $("dlg-over").removeEventListener("close", next);
      if (p.finished) this.finish();
      else this.deal(p.index);
    };
    $("dlg-hand").addEventListener("close", next);
    $("dlg-over").addEventListener("close", next);
    $("hand-continue").textContent = p.finished ? "See the results" : "Next deal";
  }

  async finish() {
    const app = this.app;
    const p = this.progress;
    app.game.stop();
    $("hand-continue").textContent = "Next hand";
    app.settings.bots = { ...p.bots };
    app.settings.people = p.people ?? [0];
    saveSettings(app.settings);
    delete document.body.dataset.challenge;
    const ch = p.challenge;
    const team = teamOf(ch.seat);
    $("dlg-challenge-title").textContent = ch.name ? `Results: you against ${ch.name}` : "Results of the challenge";
    $("challenge-start").hidden = true;
    const body = $("challenge-body");
    const bar = el("progress", { max: String(ch.deals.length), value: "0", "aria-label": "Working out par" });
    body.replaceChildren(el("p", {}, "Working out par (the strong bot in your seat) for each deal…"), bar);
    openDialog("dlg-challenge");
    const pars = [];
    for (let k = 0; k < ch.deals.length; k++) {
      try { pars.push(await app.engine.call("challenge_par", p.code, k)); } catch { pars.push(null); }
      bar.value = k + 1;
    }
    const friend = ch.name || "Your friend";
    const table = el("table", { class: "an-table challenge-table", "data-testid": "challenge-results" });
    table.append(el("caption", {}, "Points for your side on each deal, each scored on its own from 0–0"));
    table.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Deal"), el("th", { scope: "col", class: "num" }, "You"),
      el("th", { scope: "col", class: "num" }, friend), el("th", { scope: "col", class: "num", title: "Par: what the deal is worth with every hand in view and the best cards played" }, "Par"), el("th", { scope: "col" }, "Analysis"))));
    const tb = el("tbody");
    const totals = [0, 0, 0];
    for (let k = 0; k < ch.deals.length; k++) {
      const mine = p.states[k] ? await app.engine.call("summary", p.states[k]) : null;
      const you = mine?.hands?.[0]?.delta?.[team] ?? 0;
      const them = ch.deals[k].result[team];
      const par = pars[k]?.result?.[team];
      totals[0] += you; totals[1] += them; totals[2] += par ?? 0;
      const btn = el("button", { type: "button", class: "btn small", "data-testid": "challenge-analyze" }, "Analyze", el("span", { class: "visually-hidden" }, ` deal ${k + 1}`));
      btn.addEventListener("click", () => this.onAnalyze?.(p.states[k], 0, `Analysis of challenge deal ${k + 1}`));
      tb.append(el("tr", {}, el("th", { scope: "row" }, String(k + 1)), el("td", { class: "num" }, signed(you)),
        el("td", { class: "num" }, signed(them)), el("td", { class: "num" }, par == null ? "—" : signed(par)), el("td", {}, btn)));
    }
    table.append(tb);
    table.append(el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Total"), ...totals.map((t) => el("td", { class: "num" }, signed(t))), el("td", {}))));
    const back = el("textarea", { rows: "3", readonly: "", id: "challenge-back", "data-testid": "challenge-back", "aria-label": "Link to send back" });
    const nameIn = el("input", { type: "text", id: "challenge-back-name", maxlength: "40", autocomplete: "nickname" });
    const make = el("button", { type: "button", class: "btn primary", "data-testid": "challenge-reply" }, "Make the link to send back");
    const status = el("p", { class: "share-status", role: "status" });
    make.addEventListener("click", async () => {
      try {
        const code = await app.engine.call("reply_challenge", p.code, p.states, nameIn.value);
        back.value = challengeUrl(code);
        status.textContent = await copyText(back.value, back);
      } catch (e) { status.textContent = `No link: ${errorText(e)}`; }
    });
    const resume = el("button", { type: "button", class: "btn", "data-testid": "challenge-done" }, "Back to my game");
    resume.addEventListener("click", () => this.leave());
    body.replaceChildren(
      el("div", { class: "an-scroll", tabindex: "0", role: "region", "aria-label": "Challenge results" }, table),
      el("p", { class: "an-legend", "data-testid": "legend-par" }, "Par: what the deal is worth to your side if every player saw all four hands and played the best cards."),
      el("h3", {}, "Send your results back"),
      el("label", { for: "challenge-back-name", class: "field-label" }, "Your name (optional)"), nameIn,
      el("div", { class: "row" }, make), back, status,
      el("p", { class: "note" }, "The link carries the deals and your results: a game between friends, not a contest."),
      el("div", { class: "row" }, resume));
    this.progress = { ...p, finished: true };
    writeProgress(this.progress);
    announce("Challenge over: the results are shown.");
  }

  /** Leave the challenge: the game saved before it comes back (or a fresh one). */
  async leave() {
    closeDialog("dlg-challenge");
    const app = this.app;
    let stash = null;
    try { stash = JSON.parse(localStorage.getItem(STASH_KEY) || "null"); localStorage.removeItem(STASH_KEY); localStorage.removeItem(PROGRESS_KEY); } catch { /* ignore */ }
    this.progress = null;
    if (stash?.state) {
      try { return await app.game.start(await app.engine.call("load", stash.state)); } catch { /* fall through */ }
    }
    return app.newGame();
  }
}
