// @ts-check
// The live game: one engine message per move. A person's choice goes out as `step`, a bot's
// turn as `bot_step`; each answers with the new state, the views to draw and the events the
// move caused (the card, the trick and its winner, the finished hand, the game over), which
// this module plays back. It never decides a rule or works out a score: everything shown
// comes from those answers.
import { renderStatus, renderSeats, renderTrick, renderHand, renderTurn, gatherTrick, renderPlate } from "./table.js";
import { renderActionPanel, focusPanel } from "./bidding.js";
import { renderHandResult, renderGameOver, handResultTitle } from "./scoresheet.js";
import { describeAction, seatName, trickWords, playerWords } from "./words.js";
import { announce, banner, errorText } from "../ui/announce.js";
import { openDialog, whenClosed, whenNoDialogOpen } from "../ui/dialogs.js";
import { saveGame, saveSettings } from "../engine/storage.js";
import { SPEEDS, effectiveSpeed, prefersReducedMotion } from "../ui/settings.js";
import { rememberView } from "./paint.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").HandRecord} HandRecord */
/** @typedef {import("../types.js").Settings} Settings */
/** @typedef {import("../types.js").StepResult} StepResult */
/** @typedef {import("../types.js").Trick} Trick */
/** @typedef {import("../types.js").View} View */

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** No bot decision may hold the page for more than a second (the worker runs Python 3-5x slower). */
const BOT_TIME_CAP_MS = 800;
const MESSAGE_MS = 3500;

export class Game {
  /**
   * @param {Engine} engine
   * @param {Settings} settings
   * @param {{onNewGame?: () => void}} [hooks]
   */
  constructor(engine, settings, { onNewGame } = {}) {
    this.engine = engine;
    this.settings = settings;
    this.onNewGame = onNewGame;
    this.gen = 0;
    /** @type {GameState | null} */
    this.state = null;
    /** @type {View | null} the engine's view for South */
    this.view = null;
    /** @type {View | null} North's view, when the person plays North's cards */
    this.viewNorth = null;
    /** @type {View | null} what the table shows now (a view, or the end of a hand) */
    this.shown = null;
    this.waiting = false;      // waiting for the person
    /** @type {number | null} the bot seat thinking */
    this.thinking = null;
    /** @type {Trick | null} the completed trick shown during the pause */
    this.holdTrick = null;
    this.holdEnd = false;      // a finished hand is shown (its record) until the next view
    /** @type {Trick | null} */
    this.lastTrick = null;
    /** @type {(() => void) | null} */
    this.skipPause = null;
    /** @type {Object<string, number[]>} ms per bot decision, by level */
    this.botTimes = {};
    this.watchdogMs = 45000;
    this.messageTimer = null;
    $("trick").addEventListener("click", () => this.skipPause?.());
  }

  speed() { return SPEEDS[effectiveSpeed(this.settings)]; }

  /**
   * An engine call. If it has not answered after watchdogMs, say so (with a reload button)
   * instead of leaving the table silently stuck; the message goes when the answer comes.
   * @template {keyof import("../types.js").Bridge} K
   * @param {K} fn
   * @param {...unknown} args
   */
  call(fn, ...args) {
    const p = this.engine.call(fn, ...args);
    let note = null;
    const t = setTimeout(() => {
      note = banner(`The game engine has not answered for ${Math.round(this.watchdogMs / 1000)} s (${fn}). It may still be thinking; if nothing happens, reload the page: your game is saved.`, {
        kind: "error", testid: "engine-stuck",
        actions: [{ label: "Reload", testid: "engine-stuck-reload", onClick: () => location.reload() }],
      });
    }, this.watchdogMs);
    const done = () => { clearTimeout(t); note?.remove(); };
    p.then(done, done);
    return p;
  }

  /** @param {number | null} seat */
  isHuman(seat) { return seat === 0 || (seat === 2 && this.settings.humanNorth); }
  extraSeats() { return this.settings.humanNorth ? [2] : null; }

  /** Start (or resume) play from an engine state. @param {GameState} state */
  async start(state) {
    const gen = ++this.gen;
    this.state = state;
    this.lastTrick = null;
    this.holdTrick = null;
    this.thinking = null;
    this.waiting = false;
    saveGame(state, { replace: true }); // the person opened or chose this game here
    return this.pump(gen);
  }

  /** The views of the current state (at a start, or after North changed hands). @param {number} gen */
  async refresh(gen) {
    const view = await this.call("view", this.state, 0);
    const north = this.settings.humanNorth ? await this.call("view", this.state, 2) : null;
    if (gen !== this.gen) return;
    this.view = view;
    this.viewNorth = north;
    this.shown = view;
  }

  /** Re-run the loop after a settings change (e.g. North switched to the person). */
  resume() {
    if (!this.state) return;
    saveSettings(this.settings);
    if (this.waiting || this.thinking == null) {
      const gen = ++this.gen;
      this.waiting = false;
      this.pump(gen);
    }
  }

  /** Stop this game's loop: nobody, the person included, acts in it any more. */
  stop() {
    this.gen++;
    this.waiting = false;
    this.thinking = null;
    document.body.dataset.turn = "bot"; // the hand on the table takes no more clicks
  }

  roles() {
    const lvl = (s) => (this.isHuman(s) ? (s === 0 ? "you" : "you play") : `bot · ${this.settings.bots[s]}`);
    return [lvl(0), lvl(1), `partner · ${lvl(2)}`, lvl(3)];
  }

  /**
   * The legal actions of the person's seat to act (empty when it is not the person's turn).
   * @returns {Action[]}
   */
  personLegal() {
    const v = this.view;
    if (!this.waiting || !v || v.phase === "game_over" || !this.isHuman(v.to_act)) return [];
    return (v.to_act === 2 ? this.viewNorth?.legal : v.legal) ?? [];
  }

  /** Draw everything from what is shown now. */
  render() {
    const v = this.shown;
    if (!v) return;
    renderStatus(v);
    renderPlate(v);
    renderSeats(v, {
      roles: this.roles(),
      thinking: this.thinking,
      faceUp: this.viewNorth ? { 2: this.holdEnd ? [] : this.viewNorth.hand } : null,
    });
    if (this.holdTrick) renderTrick(this.holdTrick, { winner: this.holdTrick.winner, animMs: this.speed().anim });
    else renderTrick(v.trick, { animMs: this.speed().anim });

    const toAct = v.to_act;
    const legal = this.personLegal();
    const humanTurn = legal.length > 0 && !this.holdTrick;
    // Any legal action naming a card (a play, a card passed to partner) is made from the hand.
    const byCard = new Map(legal.filter((a) => a.card != null).map((a) => [a.card, a]));
    const handFor = (seat) => (humanTurn && toAct === seat ? byCard : new Map());
    renderHand($("hand"), v.hand, handFor(0), {
      onPlay: (a) => this.human(0, a), onRefuse: (card) => this.refused(0, card),
      active: humanTurn && toAct === 0 && byCard.size > 0, label: "Your cards",
    });
    const nWrap = $("partner-hand-wrap");
    nWrap.hidden = !this.viewNorth;
    if (this.viewNorth) {
      renderHand($("partner-hand"), this.holdEnd ? [] : this.viewNorth.hand, handFor(2), {
        onPlay: (a) => this.human(2, a), onRefuse: (card) => this.refused(2, card),
        active: humanTurn && toAct === 2 && byCard.size > 0, label: "North's cards",
      });
    }
    const panel = $("action-panel");
    if (v.phase === "game_over") {
      this.renderGameOverPanel(panel);
    } else if (humanTurn && legal.some((a) => a.card == null)) {
      renderActionPanel(panel, toAct, legal, (a) => this.human(toAct, a), { view: v });
    } else {
      panel.hidden = true;
      panel.replaceChildren();
    }
    document.body.dataset.phase = v.phase;
    document.body.dataset.toAct = String(toAct);
    document.body.dataset.turn = humanTurn ? "human" : "bot";
    document.body.dataset.moves = String(this.state?.actions?.length ?? 0);
    document.body.dataset.speed = effectiveSpeed(this.settings);
    renderTurn(this.turnText(v, humanTurn, byCard), humanTurn);
    rememberView(this);
  }

  /**
   * @param {View} v
   * @param {boolean} humanTurn
   * @param {Map<string, Action>} byCard
   */
  turnText(v, humanTurn, byCard) {
    if (v.phase === "game_over") return "Game over.";
    if (this.holdTrick?.winner != null) return trickWords(this.holdTrick);
    if (this.holdTrick || this.holdEnd) return "";
    if (humanTurn) {
      const mine = v.to_act === 0 ? "Your" : "North's (you play it)";
      if (v.phase === "passing") return "Choose a card to pass to your partner.";
      if (byCard.size) return `${mine} turn: play a card.`;
      if (v.phase === "trump") return `${mine} turn: name trump.`;
      if (v.phase === "redeal") return `${mine} turn: redeal or keep.`;
      return `${mine} turn: bid or pass.`;
    }
    if (v.to_act == null) return "";
    return this.thinking != null ? `${seatName(v.to_act)} is thinking…` : `${seatName(v.to_act)} to play.`;
  }

  /** @param {HTMLElement} panel */
  renderGameOverPanel(panel) {
    panel.replaceChildren();
    const h = document.createElement("h2");
    h.className = "panel-title";
    h.textContent = "Game over";
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn primary";
    b.textContent = "New game";
    b.dataset.testid = "panel-new-game";
    b.addEventListener("click", () => this.onNewGame?.());
    panel.append(h, b);
    panel.hidden = false;
  }

  /**
   * When the person's turn comes, put the keyboard focus where the choice is made (the
   * decision panel, else the hand), unless the person has put it somewhere else on purpose.
   */
  focusTurn() {
    const a = /** @type {HTMLElement | null} */ (document.activeElement);
    const dropped = !a || a === document.body || !a.isConnected;
    const inPlay = a?.closest?.("#hand, #partner-hand, #action-panel");
    if (!(dropped || inPlay) || document.querySelector("dialog[open]")) return;
    const panel = $("action-panel");
    if (!panel.hidden && focusPanel(panel)) return;
    const hand = this.view?.to_act === 2 ? $("partner-hand") : $("hand");
    const card = /** @type {HTMLButtonElement | null} */ (hand.querySelector('button.card[tabindex="0"]'));
    card?.focus({ preventScroll: true });
  }

  /** A short message by the hand: why a card cannot go, or whose turn it is. @param {string} text */
  message(text) {
    const box = $("hand-msg");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => { box.hidden = true; }, MESSAGE_MS);
  }

  clearMessage() {
    clearTimeout(this.messageTimer);
    $("hand-msg").hidden = true;
  }

  /** @param {number} ms @param {boolean} [skippable] the person may cut it short (a click) */
  delay(ms, skippable = false) {
    return /** @type {Promise<void>} */ (new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() { clearTimeout(t); resolve(); }
      if (skippable) this.skipPause = () => { this.skipPause = null; done(); };
    }));
  }

  /**
   * The main loop: bots move until it is the person's turn or the game ends. From outside
   * (a start, a retry) it first asks the engine for the views; after a move it already has them.
   */
  /** @param {number} gen @param {boolean} [fresh] */
  async pump(gen, fresh = true) {
    try {
      if (fresh) await this.refresh(gen);
      while (gen === this.gen) {
        const v = this.view;
        this.shown = v;
        if (v.phase === "game_over") {
          this.waiting = false;
          this.render();
          this.showGameOver(v);
          return;
        }
        const seat = v.to_act;
        if (this.isHuman(seat)) {
          this.waiting = true;
          this.render();
          this.focusTurn();
          return;
        }
        this.waiting = false;
        // Bots wait while the person reads the rules, the score sheet or the settings.
        await whenNoDialogOpen();
        if (gen !== this.gen) return;
        this.thinking = seat;
        this.render();
        const t0 = performance.now();
        const result = await this.botStep(seat);
        const spent = performance.now() - t0;
        const rest = this.speed().think - spent;
        if (rest > 0) await this.delay(rest);
        await whenNoDialogOpen();
        if (gen !== this.gen) return;
        this.thinking = null;
        await this.show(result, gen);
      }
    } catch (e) {
      if (gen !== this.gen) return;
      this.thinking = null;
      this.error(e);
    }
  }

  /**
   * A bot's move from the engine, seeded by the game and the move number. An unknown level is
   * the engine's refusal like any other: it reaches the error banner.
   * @param {number} seat
   */
  async botStep(seat) {
    const level = this.settings.bots[seat] ?? "basic";
    const seed = `${this.state.config?.seed ?? "s"}:${this.state.actions?.length ?? 0}`;
    const t0 = performance.now();
    const result = await this.call("bot_step", this.state, level, seed, 0, BOT_TIME_CAP_MS, this.extraSeats());
    (this.botTimes[level] ??= []).push(performance.now() - t0);
    return result;
  }

  /** @param {unknown} e */
  error(e) {
    console.error(e);
    banner(`Something went wrong: ${errorText(e)}`, {
      kind: "error", testid: "error-banner",
      actions: [{ label: "Try again", onClick: (ev) => { /** @type {Element} */ (ev.target).closest(".banner").remove(); this.pump(++this.gen); } }],
    });
  }

  /** The person chose an action (a card, a bid, trump, redeal/keep, a card to pass). */
  /** @param {number} seat @param {Action} action */
  async human(seat, action) {
    if (!this.waiting || this.view?.to_act !== seat) return;
    this.waiting = false;
    this.clearMessage();
    const gen = this.gen;
    let result;
    try {
      result = await this.call("step", this.state, action, 0, this.extraSeats());
    } catch (e) {
      if (gen !== this.gen) return;
      this.waiting = true;
      this.render();
      // The rules refuse it: say why by the hand. Anything else is the table's own fault.
      if (e.type === "IllegalAction") this.message(playerWords(e.message));
      else banner(`The engine refused this move: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
      return;
    }
    if (gen !== this.gen) return;
    try {
      await this.show(result, gen);
    } catch (e) {
      if (gen === this.gen) this.error(e);
      return;
    }
    if (gen === this.gen) this.pump(gen, false);
  }

  /**
   * A card that is not offered was clicked: say why. The engine words the refusal ("must
   * follow suit: you hold a club"); when a bot is to play, say whose turn it is.
   */
  /** @param {number} seat @param {string} card */
  async refused(seat, card) {
    const v = this.view;
    if (!v || v.phase === "game_over") return;
    if (!this.waiting) {
      const seat = this.thinking ?? v.to_act;
      this.message(seat == null || this.isHuman(seat) ? "One moment: the last move is still being shown."
        : `It is ${seatName(seat)}'s turn: wait for ${seatName(seat)} to play.`);
      return;
    }
    if (v.to_act !== seat) {
      this.message(`It is ${seatName(v.to_act)}'s turn: play from ${seatName(v.to_act)}'s hand.`);
      return;
    }
    /** @type {Action} */
    const action = v.phase === "passing" ? { type: "pass_card", card } : { type: "play", card };
    return this.human(seat, action);
  }

  /** Play back one move's events, then take the new views. @param {StepResult} result @param {number} gen */
  async show(result, gen) {
    const prev = this.shown ?? this.view;
    this.state = result.state;
    saveGame(result.state);
    const events = result.events ?? [];
    const trick = /** @type {import("../types.js").TrickEvent | undefined} */ (events.find((e) => e.type === "trick"));
    const hand = /** @type {import("../types.js").HandEvent | undefined} */ (events.find((e) => e.type === "hand"));
    const over = /** @type {import("../types.js").GameOverEvent | undefined} */ (events.find((e) => e.type === "game_over"));
    for (const e of events) {
      if (e.type === "action") announce(describeAction(e.seat, e.action));
    }
    // What the table shows until the next view: the end of the hand as the engine recorded it.
    /** @type {View | null} */
    const endView = hand ? {
      ...prev, to_act: null, legal: [], hand: [], hand_sizes: [0, 0, 0, 0],
      trick: { leader: null, seats: [], cards: [] },
      auction: hand.record.auction, contract: hand.record.contract, tricks: hand.record.tricks,
      raw: hand.record.raw, tricks_won: hand.record.tricks_won, seat_tricks: hand.record.seat_tricks,
      scores: hand.record.scores, phase: hand.record.contract ? "play" : prev.phase,
    } : null;
    const next = result.view;
    const nextNorth = result.views?.[0] ?? null;
    this.holdEnd = !!hand;
    if (trick) {
      const speed = this.speed();
      const after = endView ?? next;
      if (!endView) this.viewNorth = nextNorth;
      // The last card lands first, with the counts as they were; then the winner and the counts.
      this.shown = { ...after, seat_tricks: prev.seat_tricks, tricks_won: prev.tricks_won, raw: prev.raw, to_act: null };
      this.holdTrick = { leader: trick.leader, seats: trick.seats, cards: trick.cards, winner: null };
      this.render();
      await this.delay(speed.anim);
      if (gen !== this.gen) return;
      this.shown = after;
      this.holdTrick = { ...this.holdTrick, winner: trick.winner, points: trick.points };
      this.lastTrick = this.holdTrick;
      announce(trickWords(this.holdTrick));
      this.render();
      await this.delay(speed.pause, true);
      this.skipPause = null;
      if (gen !== this.gen) return;
      if (!prefersReducedMotion()) await gatherTrick(trick.winner, speed.anim);
      this.holdTrick = null;
      if (gen !== this.gen) return;
    } else if (endView) {
      this.shown = endView;
      this.render();
    } else {
      this.view = next;
      this.viewNorth = nextNorth;
      this.shown = next;
      this.render();
      // The first event is always the action itself.
      const first = /** @type {import("../types.js").ActionEvent | undefined} */ (events[0]);
      if (first?.action.type === "play") await this.delay(this.speed().anim);
      if (first?.action.type === "redeal") announce("The same dealer deals again.");
    }
    if (hand) {
      this.render();
      window.dispatchEvent(new CustomEvent("kaiser:hand", { detail: { state: result.state, record: hand.record, hand_index: hand.hand_index } }));
      if (over) {
        window.dispatchEvent(new CustomEvent("kaiser:game-over", { detail: { state: result.state, winner: over.winner, scores: over.scores } }));
      } else {
        await this.showHandResult(hand.record, hand.hand_index);
      }
      if (gen !== this.gen) return;
    }
    this.holdEnd = false;
    this.view = next;
    this.viewNorth = nextNorth;
    this.shown = next;
  }

  /** @param {HandRecord} rec @param {number} index */
  async showHandResult(rec, index) {
    renderHandResult($("hand-body"), rec, index);
    $("dlg-hand-title").textContent = handResultTitle(rec);
    announce(`Hand over. Us ${rec.scores[0]}, them ${rec.scores[1]}.`);
    openDialog("dlg-hand");
    await whenClosed("dlg-hand");
  }

  /** @param {View} v */
  showGameOver(v) {
    if (/** @type {HTMLDialogElement} */ ($("dlg-over")).open) return;
    renderGameOver($("over-body"), { winner: v.winner, scores: v.scores, hands: v.hand_number });
    announce($("over-body").textContent);
    openDialog("dlg-over");
  }
}
