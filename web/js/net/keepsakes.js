// @ts-check
// What each person keeps of a shared game, host and guests alike: the analysis of each finished
// hand, a link to the deal, to the whole game and a challenge once it is over, and their own
// statistics. The codes come from the host's engine (host.js `handCodes`): a hand's code holds
// that hand alone, never the seed that deals the next ones. A guest's page fetches the engine
// only when its player asks for an analysis; the statistics and the links need none.
import { copyText, systemShare } from "../ui/share.js";
import { openDialog } from "../ui/dialogs.js";
import { teamOf } from "../table/words.js";

/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("../types.js").HandRecord} HandRecord */

/**
 * What the host gives a seat to keep.
 * @typedef {object} SeatCodes
 * @property {string | null} game the game's id
 * @property {string} profile
 * @property {Object<string, string>} [titles] each rule profile's title, as the settings show it
 * @property {Object<string, string>} hands hand index -> the hand's share code
 * @property {string | null} share the whole game's share code, once it is over
 * @property {string | null} challenge a challenge from this seat, once it is over
 */

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The solo page's link for a code: `g` a game or a deal, `c` a challenge.
 * @param {"g" | "c"} kind @param {string} code
 */
export function soloLink(kind, code, loc = location) {
  const url = new URL("./", loc.href);
  url.hash = `${kind}=${encodeURIComponent(code)}`;
  return url.href;
}

export class Keepsakes {
  /** @param {{engine: () => Promise<Engine>, seat: () => number | null}} options */
  constructor({ engine, seat }) {
    this.engine = engine;
    this.seat = seat;
    /** @type {SeatCodes | null} */
    this.codes = null;
    /** @type {number | null} the hand the hand's dialog shows */
    this.shown = null;
    /** @type {HandRecord | null} its record */
    this.shownRecord = null;
    /** @type {Map<number, HandRecord>} finished hands not yet in the statistics */
    this.unrecorded = new Map();
    /** @type {number | null | undefined} the game's winner, once over and not yet recorded */
    this.winner = undefined;
    $("hand-analyze").addEventListener("click", () => this.analyze());
    $("hand-link").addEventListener("click", () => this.offer("g", this.codes?.hands[String(this.shown)], "deal"));
    $("game-share").addEventListener("click", () => this.offer("g", this.codes?.share, "game"));
    $("game-challenge").addEventListener("click", () => this.offer("c", this.codes?.challenge, "challenge"));
    // The last hand's result, its analysis and links, and at the end the game's, once its dialog is closed.
    $("btn-last-hand").addEventListener("click", () => openDialog("dlg-hand"));
  }

  /**
   * A hand ended at the table: its result is on screen.
   * @param {number} index @param {Object<string, any>} hand the `hand` event's record
   */
  handOver(index, hand) {
    const record = /** @type {HandRecord} */ (hand);
    this.shown = index;
    this.shownRecord = record;
    this.unrecorded.set(index, record);
    $("btn-last-hand").hidden = false;
    $("hand-links").hidden = true;
    /** @type {HTMLTextAreaElement} */ ($("share-url")).value = "";
    $("share-status").textContent = "";
    this.refresh();
  }

  /** @param {number | null} winner */
  gameOver(winner) {
    this.winner = winner;
    this.refresh();
  }

  /** @param {SeatCodes} codes */
  setCodes(codes) {
    this.codes = codes;
    this.refresh();
  }

  refresh() {
    const c = this.codes;
    const hand = this.shown == null ? null : c?.hands[String(this.shown)];
    $("hand-analyze").hidden = !hand || !this.shownRecord?.contract; // a hand thrown in has no play
    $("hand-link").hidden = !hand;
    $("game-share").hidden = !c?.share;
    $("game-challenge").hidden = !c?.challenge;
    this.record();
  }

  /** Into this browser's statistics, from this seat's side of the table, once the game's id is known. */
  async record() {
    const c = this.codes;
    const seat = this.seat();
    if (!c?.game || seat == null || (!this.unrecorded.size && this.winner === undefined)) return;
    const { recordTableHand, recordTableGameOver } = await import("../review/stats.js");
    for (const [index, record] of this.unrecorded) {
      recordTableHand({ game: c.game, profile: c.profile, seat, record, hand_index: index });
    }
    this.unrecorded.clear();
    if (this.winner !== undefined) {
      recordTableGameOver({ game: c.game, profile: c.profile, seat, winner: this.winner });
      this.winner = undefined;
    }
  }

  /**
   * Show a link (and offer the system share sheet where there is one).
   * @param {"g" | "c"} kind @param {string | null | undefined} code @param {"deal" | "game" | "challenge"} what
   */
  async offer(kind, code, what) {
    if (!code) return;
    const url = soloLink(kind, code);
    const field = /** @type {HTMLTextAreaElement} */ ($("share-url"));
    field.value = url;
    $("hand-links").hidden = false;
    const said = {
      deal: "This link opens the deal and how it was played, to step through or to play it again.",
      game: "This link holds the whole game, every move: it opens it for replay.",
      challenge: "A friend who opens this link plays your seat in these deals against bots, and sees how you did.",
    }[what];
    if (await systemShare(url, what !== "challenge")) { $("share-status").textContent = `Shared. ${said}`; return; }
    $("share-status").textContent = `${said} ${await copyText(url, field)}`;
  }

  /** The analysis of the hand shown, by this browser's engine (a guest's fetches it now). */
  async analyze() {
    const c = this.codes;
    const index = this.shown;
    const code = index == null ? null : c?.hands[String(index)];
    if (!c || index == null || !code) return;
    const [{ openAnalysis }, { recordAnalysis }] = await Promise.all([import("../review/analysis.js"), import("../review/stats.js")]);
    const status = $("share-status");
    $("hand-links").hidden = false;
    status.textContent = "Getting the analysis ready (the first time, this device loads the engine)…";
    let engine;
    let state;
    try {
      engine = await this.engine();
      state = await engine.call("decode_share", code);
    } catch (e) {
      status.textContent = `The analysis cannot start: ${String(e instanceof Error ? e.message : e)}`;
      return;
    }
    status.textContent = "";
    $("hand-links").hidden = true;
    const team = teamOf(this.seat() ?? 0);
    await openAnalysis(engine, /** @type {any} */ (state), 0, {
      title: `Analysis of hand ${index + 1}`, team,
      onResult: (r) => { if (c.game) recordAnalysis(c.game, index, r, team); },
    });
  }
}
