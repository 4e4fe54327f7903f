// @ts-check
// The live game, played through a table client (./table-client.js): a person's choice
// goes out as the table's `step`, a bot's turn as its `botStep`; each answers with the views of
// the seats this device shows and the events the move caused (the card, the trick and its
// winner, the finished hand, the game over), which this module plays back. The table client is
// the one source of the position: what is drawn is its latest view of the seat whose hand shows,
// or, while a move is played back, one held frame. It never decides a rule or works out a score.
//
// Any seat may be a person at this device. With two or more (pass and play) a hand-off screen
// names the next person and hides every hand until that person taps to continue; only the
// person holding the device sees a hand, a hint or the last trick.
import { renderStatus, renderSeats, renderTrick, renderHand, renderTurn, gatherTrick, renderPlate, orientTable } from "./table.js";
import { renderActionPanel, focusPanel } from "./bidding.js";
import { renderHandResult, renderGameOver, handResultTitle } from "./scoresheet.js";
import { describeAction, seatName, trickWords, playerWords, contractWords, scoreText } from "./words.js";
import { announce, banner, errorText } from "../ui/announce.js";
import { openDialog, closeDialog, whenClosed, whenNoDialogOpen } from "../ui/dialogs.js";
import { saveGame, saveSettings, saveShown } from "../ui/storage.js";
import { LocalTable } from "./table-client.js";
import { SPEEDS, effectiveSpeed, prefersReducedMotion } from "../ui/settings.js";
import { rememberView } from "./paint.js";
import { $ } from "../ui/dom.js";
import { BOT_TIME_CAP_MS, DEFAULT_LEVEL } from "../ui/constants.js";

/** @typedef {import("../types.js").Action} Action */
/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("../types.js").GameState} GameState */
/** @typedef {import("../types.js").HandRecord} HandRecord */
/** @typedef {import("../types.js").Settings} Settings */
/** @typedef {import("../types.js").TableClient} TableClient */
/** @typedef {import("../types.js").TableReply} TableReply */
/** @typedef {import("../types.js").Trick} Trick */
/** @typedef {import("../types.js").View} View */
/** @typedef {{view: View, trick?: Trick}} Frame what the table shows while a move is played back */

const MESSAGE_MS = 3500;
/** A reload plays back at most this many saved moves it had not shown (a trick and a bit). */
const MAX_PLAYBACK = 12;

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
    /** @type {LocalTable | TableClient | null} a LocalTable where this device holds the game */
    this.table = null;
    /** @type {GameState | null} the game being opened, until its table answers */
    this.opening = null;
    /** @type {Frame | null} */
    this.frame = null;
    /** @type {number | null} the person holding the device: the one whose hand shows */
    this.holder = null;
    this.waiting = false;      // waiting for the person
    /** @type {number | null} the bot seat thinking */
    this.thinking = null;
    /** @type {Trick | null} */
    this.lastTrick = null;
    /** @type {(() => void) | null} */
    this.skipPause = null;
    /** @type {Object<string, number[]>} ms per bot decision, by level */
    this.botTimes = {};
    this.watchdogMs = 45000;
    this.messageTimer = null;
    /** @type {string[]} what happened at the table, in words, for the hand-off screen's recap */
    this.log = [];
    /** @type {Object<number, number>} where in the log each person last held the device */
    this.lookedAt = {};
    $("trick").addEventListener("click", () => this.skipPause?.());
  }

  /** The saved game's state (where this device holds the table). */
  get state() { return this.table?.state ?? this.opening; }

  /** Play from another state: its table is opened at the next turn of the loop. @param {GameState} state */
  set state(state) {
    this.table?.close();
    this.table = null;
    this.opening = state;
  }

  get engine() { return this.engineClient; }

  /** The engine the tables here call (a test may put a stand-in in its place). @param {Engine} engine */
  set engine(engine) {
    this.engineClient = engine;
    if (this.table instanceof LocalTable) this.table.engine = engine;
  }

  /** The live view of the seat whose hand shows (public fields are the same in every view). */
  get view() { return this.table?.view(this.shownSeat()) ?? null; }

  /** What the table shows now: the held frame, else the live view. */
  get shown() { return this.frame?.view ?? this.view; }

  /** The trick held on the table while a move is shown (null once it is cleared away). */
  get holdTrick() { return this.frame?.trick ?? null; }

  speed() { return SPEEDS[effectiveSpeed(this.settings)]; }

  /** The seats played by a person here, in seat order; South when the settings name none. */
  people() {
    const p = (this.settings.people ?? []).filter((s) => s >= 0 && s < 4);
    return p.length ? [...new Set(p)].sort() : [0];
  }

  passAndPlay() { return this.people().length > 1; }

  /** @param {number | null} seat */
  isHuman(seat) { return seat != null && this.people().includes(seat); }

  shownSeat() { return this.holder ?? this.people()[0]; }

  /** Whether a hand may show: never while the device is being handed over. */
  handsHidden() { return this.passAndPlay() && this.holder == null; }

  /**
   * Await a table call. If it has not answered after watchdogMs, say so (with a reload button)
   * instead of leaving the table silently stuck; the message goes when the answer comes.
   * @template T
   * @param {string} what
   * @param {Promise<T>} p
   */
  watch(what, p) {
    let note = null;
    const t = setTimeout(() => {
      note = banner(`The game engine has not answered for ${Math.round(this.watchdogMs / 1000)} s (${what}). It may still be thinking; if nothing happens, reload the page: your game is saved.`, {
        kind: "error", testid: "engine-stuck",
        actions: [{ label: "Reload", testid: "engine-stuck-reload", onClick: () => location.reload() }],
      });
    }, this.watchdogMs);
    const done = () => { clearTimeout(t); note?.remove(); };
    p.then(done, done);
    return p;
  }

  /**
   * Start (or resume) play from an engine state. `shown`: how many of its moves this device had
   * shown before a reload (storage.shownMoves); the table then opens there and plays the rest
   * back, each card as it would have come, bots' cards after their thinking time.
   * @param {GameState} state @param {{shown?: number | null}} [opts]
   */
  async start(state, { shown = null } = {}) {
    const gen = ++this.gen;
    this.table?.close();
    this.table = null;
    this.opening = state;
    this.frame = null;
    this.lastTrick = null;
    this.thinking = null;
    this.waiting = false;
    this.holder = this.passAndPlay() ? null : this.people()[0];
    this.log = [];
    this.lookedAt = {};
    this.clearMessage(); // a word about the last game's table does not stay over the new one
    saveGame(state, { replace: true }); // the person opened or chose this game here
    const all = state.actions ?? [];
    const pending = shown != null && shown < all.length && all.length - shown <= MAX_PLAYBACK ? all.slice(shown) : [];
    try {
      const from = pending.length ? { ...state, actions: all.slice(0, shown) } : state;
      const table = await this.watch("open_table", LocalTable.open(this.engine, from, this.people()));
      if (gen !== this.gen) { table.close(); return; }
      this.table = table;
      this.opening = null;
      if (pending.length) {
        // Not awaited: the page is ready while the cards come (a hand's end opens its result).
        this.playBack(pending, state, gen).then(() => {
          if (gen === this.gen) this.pump(gen, false);
        }, (e) => { if (gen === this.gen) this.error(e); });
        return;
      }
      saveShown(this.state, this.state.actions.length);
    } catch (e) {
      if (gen === this.gen) this.error(e);
      return;
    }
    return this.pump(gen, false);
  }

  /**
   * After a reload: the saved moves this device had not shown yet, played out as they would have
   * been. Should the table refuse one, it is opened at the whole saved game instead.
   * @param {Action[]} pending @param {GameState} whole @param {number} gen
   */
  async playBack(pending, whole, gen) {
    document.body.dataset.playback = String(pending.length);
    try {
      for (const action of pending) {
        this.frame = null;
        const seat = this.view.to_act;
        if (!this.isHuman(seat)) {
          this.thinking = seat;
          this.render();
          await this.delay(this.speed().think);
          this.thinking = null;
        }
        await whenNoDialogOpen();
        if (gen !== this.gen) return;
        const prev = this.shown;
        const result = await this.watch("table_step", /** @type {LocalTable} */ (this.table).playSaved(action));
        if (gen !== this.gen) return;
        await this.show(result, prev, gen);
      }
    } catch (e) {
      console.warn("[game] the moves not shown could not be played back:", e);
      this.table?.close();
      this.table = await this.watch("open_table", LocalTable.open(this.engine, whole, this.people()));
      this.thinking = null;
      this.frame = null;
    } finally {
      delete document.body.dataset.playback;
    }
  }

  /** Re-run the loop after a settings change (e.g. another seat became a person). */
  async resume() {
    if (!this.state) return;
    saveSettings(this.settings);
    if (!(this.waiting || this.thinking == null)) return;
    const gen = ++this.gen;
    this.waiting = false;
    const seats = this.people();
    if (this.table && this.table.seats.join() !== seats.join()) {
      const state = this.table.state;
      this.table.close();
      this.table = null;
      this.opening = state;
      this.holder = this.passAndPlay() ? null : seats[0];
      try {
        this.table = await this.watch("open_table", LocalTable.open(this.engine, state, seats));
        this.opening = null;
      } catch (e) {
        if (gen === this.gen) this.error(e);
        return;
      }
    }
    if (gen === this.gen) this.pump(gen);
  }

  /** Stop this game's loop: nobody, the person included, acts in it any more. */
  stop() {
    this.gen++;
    this.waiting = false;
    this.thinking = null;
    closeDialog("dlg-handoff");
    document.body.dataset.turn = "bot"; // the hand on the table takes no more clicks
  }

  roles() {
    const alone = !this.passAndPlay();
    const lvl = (s) => (this.isHuman(s) ? (alone ? "you" : "player here") : `bot · ${this.settings.bots[s] ?? DEFAULT_LEVEL}`);
    const partnerOfYou = alone && this.isHuman(0);
    return [0, 1, 2, 3].map((s) => (s === 2 && partnerOfYou ? `partner · ${lvl(s)}` : lvl(s)));
  }

  /**
   * The legal actions of the person to act (empty when no person here may act now).
   * @returns {Action[]}
   */
  personLegal() {
    const v = this.view;
    if (!this.waiting || !v || v.phase === "game_over" || !this.isHuman(v.to_act) || this.handsHidden()) return [];
    return this.table.view(v.to_act)?.legal ?? [];
  }

  /** Draw everything from what is shown now. */
  render() {
    const v = this.shown;
    if (!v) return;
    const seat = this.shownSeat();
    const hidden = this.handsHidden();
    renderStatus(v);
    renderPlate(v);
    // The person holding the device sits at the bottom; while it is handed over the table stays.
    if (this.holder != null) orientTable(this.holder);
    renderSeats(v, { roles: this.roles(), thinking: this.thinking, person: seat });
    const held = this.frame?.trick;
    if (held) renderTrick(held, { winner: held.winner, animMs: this.speed().anim, points: held.points });
    else renderTrick(v.trick, { animMs: this.speed().anim, winning: v.winning, points: v.trick_points });

    const toAct = v.to_act;
    const legal = this.personLegal();
    const humanTurn = legal.length > 0 && !held;
    // Any legal action naming a card (a play, a card passed to partner) is made from the hand.
    const byCard = new Map(legal.filter((a) => a.card != null).map((a) => [a.card, a]));
    const mine = humanTurn && toAct === seat ? byCard : new Map();
    renderHand($("hand"), hidden ? [] : v.hand, mine, {
      onPlay: (a) => this.human(seat, a), onRefuse: (card) => this.refused(seat, card),
      active: mine.size > 0, label: this.passAndPlay() ? `${seatName(seat)}'s cards` : "Your cards",
    });
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
    document.body.dataset.turn = humanTurn ? "human" : hidden && this.isHuman(toAct) ? "handoff" : "bot";
    document.body.dataset.moves = String(this.state?.actions?.length ?? 0);
    document.body.dataset.speed = effectiveSpeed(this.settings);
    document.body.dataset.people = this.people().join(" ");
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
    const held = this.frame?.trick;
    if (held?.winner != null) return trickWords(held);
    if (this.frame) return "";
    // The person holding the device is next while the last move is still drawn: the same words
    // as on the turn itself, never a hand-off to the person already holding it.
    const next = !humanTurn && this.isHuman(v.to_act) && this.holder === v.to_act;
    if (humanTurn || next) {
      const mine = this.passAndPlay() ? `${seatName(v.to_act)}'s` : "Your";
      const cards = humanTurn ? byCard.size > 0 : (v.legal ?? []).some((a) => a.card != null);
      if (v.phase === "passing") return "Choose a card to pass to your partner.";
      if (cards) return `${mine} turn: play a card.`;
      if (v.phase === "trump") return `${mine} turn: name trump.`;
      if (v.phase === "redeal") return `${mine} turn: redeal or keep.`;
      return `${mine} turn: bid or pass.`;
    }
    if (v.to_act == null) return "";
    if (this.isHuman(v.to_act)) return `${seatName(v.to_act)}'s turn: pass the device to ${seatName(v.to_act)}.`;
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
    const inPlay = a?.closest?.("#hand, #action-panel");
    if (!(dropped || inPlay) || document.querySelector("dialog[open]")) return;
    const panel = $("action-panel");
    if (!panel.hidden && focusPanel(panel)) return;
    // A card that cannot be played gives way to the first that can: Enter then plays.
    const hand = $("hand");
    const card = /** @type {HTMLButtonElement | null} */ (
      hand.querySelector('button.card[tabindex="0"].legal') ?? hand.querySelector("button.card.legal")
      ?? hand.querySelector('button.card[tabindex="0"]'));
    if (card && card.tabIndex !== 0) {
      for (const b of hand.querySelectorAll("button.card")) /** @type {HTMLElement} */ (b).tabIndex = -1;
      card.tabIndex = 0;
    }
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
   * Pass and play: the next person is not the one holding the device. Every hand is hidden
   * until that person says they hold it.
   * @param {number} seat @param {number} gen
   */
  async handOff(seat, gen) {
    if (this.holder != null) this.lookedAt[this.holder] = this.log.length;
    this.holder = null;
    this.waiting = false;
    this.render();
    await whenNoDialogOpen();
    if (gen !== this.gen) return;
    $("handoff-title").textContent = `${seatName(seat)}'s turn`;
    $("handoff-text").textContent = `Pass the device to ${seatName(seat)}. Every hand stays hidden until ${seatName(seat)} continues.`;
    $("handoff-continue").textContent = `I am ${seatName(seat)}: show my cards`;
    $("handoff-recap")?.remove();
    const recap = this.recap(seat);
    recap.id = "handoff-recap";
    $("handoff-text").after(recap);
    openDialog("dlg-handoff");
    await whenClosed("dlg-handoff");
    if (gen !== this.gen) return;
    this.holder = seat;
    this.pump(gen, false);
  }

  /**
   * The main loop: bots move until it is a person's turn or the game ends. From outside (a
   * resume, a retry) it first asks the table for the views; after a move it already has them.
   */
  /** @param {number} gen @param {boolean} [fresh] */
  async pump(gen, fresh = true) {
    try {
      if (!this.table) {
        this.table = await this.watch("open_table", LocalTable.open(this.engine, this.opening, this.people()));
        this.opening = null;
      } else if (fresh) {
        for (const seat of this.people()) await this.watch("table_view", this.table.refresh(seat));
        if (gen !== this.gen) return;
      }
      while (gen === this.gen) {
        this.frame = null;
        const v = this.view;
        if (v.phase === "game_over") {
          this.waiting = false;
          this.render();
          this.showGameOver(v);
          return;
        }
        const seat = v.to_act;
        if (this.isHuman(seat)) {
          if (this.passAndPlay() && this.holder !== seat) {
            this.handOff(seat, gen); // play goes on when that person continues
            return;
          }
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
        const prev = this.shown;
        const t0 = performance.now();
        const result = await this.botStep(seat);
        const spent = performance.now() - t0;
        const rest = this.speed().think - spent;
        if (rest > 0) await this.delay(rest);
        await whenNoDialogOpen();
        if (gen !== this.gen) return;
        this.thinking = null;
        await this.show(result, prev, gen);
      }
    } catch (e) {
      if (gen !== this.gen) return;
      this.thinking = null;
      this.error(e);
    }
  }

  /**
   * A bot's move from the table, seeded by the game and the move number. An unknown level is
   * the engine's refusal like any other: it reaches the error banner.
   * @param {number} seat
   */
  async botStep(seat) {
    const level = this.settings.bots[seat] ?? DEFAULT_LEVEL;
    const seed = `${this.state.config?.seed ?? "s"}:${this.state.actions?.length ?? 0}`;
    const t0 = performance.now();
    const result = await this.watch("table_bot_step", this.table.botStep(level, seed, BOT_TIME_CAP_MS));
    (this.botTimes[level] ??= []).push(performance.now() - t0);
    return result;
  }

  /** @param {unknown} e */
  error(e) {
    console.error(e);
    banner(`Something went wrong: ${errorText(e)}`, {
      kind: "error", testid: "error-banner",
      actions: [{ label: "Try again", onClick: (ev) => { /** @type {Element} */ (ev.target).closest(".banner").remove(); this.retry(); } }],
    });
  }

  retry() {
    if (this.table) this.pump(++this.gen);
    else if (this.opening) this.start(this.opening);
  }

  /** The person chose an action (a card, a bid, trump, redeal/keep, a card to pass). */
  /** @param {number} seat @param {Action} action */
  async human(seat, action) {
    if (!this.waiting || this.view?.to_act !== seat) return;
    this.waiting = false;
    this.clearMessage();
    const gen = this.gen;
    const prev = this.shown;
    let result;
    try {
      result = await this.watch("table_step", this.table.step(action, seat));
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
      await this.show(result, prev, gen);
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

  /**
   * Play back one move's events over what was shown before it; the table client already holds
   * the views after it. @param {TableReply} result @param {View} prev @param {number} gen
   */
  async show(result, prev, gen) {
    const events = result.events ?? [];
    const trick = /** @type {import("../types.js").TrickEvent | undefined} */ (events.find((e) => e.type === "trick"));
    const hand = /** @type {import("../types.js").HandEvent | undefined} */ (events.find((e) => e.type === "hand"));
    const over = /** @type {import("../types.js").GameOverEvent | undefined} */ (events.find((e) => e.type === "game_over"));
    for (const e of events) {
      if (e.type !== "action") continue;
      const words = describeAction(e.seat, e.action);
      announce(words);
      this.remember(`${words}.`);
    }
    // What the table shows until the next hand: its end as the engine recorded it.
    /** @type {View | null} */
    const endView = hand ? {
      ...prev, to_act: null, legal: [], hand: [], hand_sizes: [0, 0, 0, 0],
      trick: { leader: null, seats: [], cards: [] }, winning: null, trick_points: null,
      auction: hand.record.auction, contract: hand.record.contract, tricks: hand.record.tricks,
      raw: hand.record.raw, tricks_won: hand.record.tricks_won, seat_tricks: hand.record.seat_tricks,
      scores: hand.record.scores, phase: hand.record.contract ? "play" : prev.phase,
    } : null;
    if (trick) {
      const speed = this.speed();
      const after = endView ?? this.view;
      // The last card lands first, with the counts as they were; then the winner and the counts.
      /** @type {Trick} */
      const cards = { leader: trick.leader, seats: trick.seats, cards: trick.cards, winner: null };
      this.frame = { view: { ...after, seat_tricks: prev.seat_tricks, tricks_won: prev.tricks_won, raw: prev.raw, to_act: null }, trick: cards };
      this.render();
      await this.delay(speed.anim);
      if (gen !== this.gen) return;
      const won = { ...cards, winner: trick.winner, points: trick.points };
      this.frame = { view: after, trick: won };
      this.lastTrick = won;
      announce(trickWords(won));
      this.remember(trickWords(won));
      this.render();
      await this.delay(speed.pause, true);
      this.skipPause = null;
      if (gen !== this.gen) return;
      if (!prefersReducedMotion()) await gatherTrick(trick.winner, speed.anim);
      if (gen !== this.gen) return;
      this.frame = endView ? { view: endView } : null;
    } else if (endView) {
      this.frame = { view: endView };
      this.render();
    } else {
      this.frame = null;
      this.render();
      // The first event is always the action itself.
      const first = /** @type {import("../types.js").ActionEvent | undefined} */ (events[0]);
      if (first?.action.type === "play") await this.delay(this.speed().anim);
      if (first?.action.type === "redeal") announce("The same dealer deals again.");
    }
    if (hand) {
      this.render();
      const people = this.people();
      window.dispatchEvent(new CustomEvent("kaiser:hand", { detail: { state: this.state, record: hand.record, hand_index: hand.hand_index, people } }));
      if (over) {
        window.dispatchEvent(new CustomEvent("kaiser:game-over", { detail: { state: this.state, winner: over.winner, scores: over.scores, people } }));
      } else {
        await this.showHandResult(hand.record, hand.hand_index);
      }
      if (gen !== this.gen) return;
    }
    this.frame = null;
    if (this.table instanceof LocalTable) saveShown(this.state, this.state.actions.length);
  }

  /** A line of the table's story (kept short: the recap shows what one person missed). @param {string} line */
  remember(line) {
    this.log.push(line);
    if (this.log.length > 400) {
      this.log.splice(0, 200);
      for (const k of Object.keys(this.lookedAt)) this.lookedAt[k] = Math.max(0, this.lookedAt[k] - 200);
    }
  }

  /**
   * The hand-off screen's recap for `seat`: what happened since that person last held the
   * device (the bids, the cards, the tricks), then where the hand stands.
   * @param {number} seat @returns {HTMLElement}
   */
  recap(seat) {
    const box = document.createElement("div");
    box.className = "handoff-recap";
    box.dataset.testid = "handoff-recap";
    const since = this.log.slice(this.lookedAt[seat] ?? 0);
    const v = this.view;
    if (since.length) {
      const h = document.createElement("p");
      h.className = "recap-head";
      h.textContent = seat in this.lookedAt ? `Since ${seatName(seat)} last played:` : "So far:";
      const list = document.createElement("ol");
      list.className = "recap-list";
      const shown = since.slice(-16);
      if (shown.length < since.length) {
        const li = document.createElement("li");
        li.textContent = `… ${since.length - shown.length} earlier moves`;
        list.append(li);
      }
      for (const line of shown) {
        const li = document.createElement("li");
        li.textContent = line;
        list.append(li);
      }
      box.append(h, list);
    }
    if (v) {
      const p = document.createElement("p");
      p.className = "recap-now";
      const bits = [];
      if (v.contract) bits.push(`Contract: ${contractWords(v.contract)}.`);
      if (v.phase === "play") {
        const t = v.tricks_won ?? [0, 0];
        bits.push(`Tricks: us ${t[0]}, them ${t[1]}.`);
      }
      bits.push(`Score: us ${scoreText(v.scores[0])}, them ${scoreText(v.scores[1])}.`);
      p.textContent = bits.join(" ");
      box.append(p);
    }
    return box;
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
