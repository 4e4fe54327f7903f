// @ts-check
// The live game as this device shows it: solo play, and pass and play with several people at one
// device. The table's authority is its TableLoop (./loop.js), the same that runs a friends
// table's host: a person's choice goes to it as a move of that seat, bots play theirs there, and
// each move comes back with the views of the seats shown here and the events it caused (the card,
// the trick and its winner, the finished hand, the game over), which this module plays back one
// after another. What is drawn is the loop's latest view of the seat whose hand shows, or, while
// a move is played back, one held frame. It never decides a rule or works out a score.
//
// Any seat may be a person at this device. With two or more (pass and play) a hand-off screen
// names the next person and hides every hand until that person taps to continue; only the
// person holding the device sees a hand, a hint or the last trick.
import { renderStatus, renderSeats, renderTrick, renderHand, renderTurn, renderPlate, orientTable } from "./table.js";
import { playMove } from "./playback.js";
import { renderActionPanel, focusPanel } from "./bidding.js";
import { renderHandResult, renderGameOver, handResultTitle } from "./scoresheet.js";
import { seatName, trickWords, playerWords, contractWords, scoreText } from "./words.js";
import { announce, banner, errorText } from "../ui/announce.js";
import { openDialog, closeDialog, whenClosed, whenNoDialogOpen } from "../ui/dialogs.js";
import { saveGame, saveSettings, saveShown } from "../ui/storage.js";
import { TableLoop } from "./loop.js";
import { EngineError } from "../worker-client/client.js";
import { SPEEDS, effectiveSpeed } from "../ui/settings.js";
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
/** @typedef {import("./playback.js").Frame} Frame */

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
    this.engineClient = engine;
    this.settings = settings;
    this.onNewGame = onNewGame;
    this.gen = 0;
    /** @type {TableLoop | null} the table's authority, once its table is open */
    this.loop = null;
    /** @type {GameState | null} the game being opened, until its table answers */
    this.opening = null;
    /** @type {Frame | null} */
    this.frame = null;
    /** @type {View | null} the view last drawn: what a move is played back over */
    this.drawn = null;
    /** @type {Promise<void>} the moves told, played back one after another */
    this.playing = Promise.resolve();
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
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.messageTimer = undefined;
    /** @type {string[]} what happened at the table, in words, for the hand-off screen's recap */
    this.log = [];
    /** @type {Object<number, number>} where in the log each person last held the device */
    this.lookedAt = {};
    $("trick").addEventListener("click", () => this.skipPause?.());
  }

  /** The table this device holds (its position, the saved game). */
  get table() { return this.loop?.table ?? null; }

  /** The saved game's state. */
  get state() { return this.table?.state ?? this.opening; }

  /** Play from another state: its table is opened at the next turn of the loop. @param {GameState | null} state */
  set state(state) {
    this.loop?.close();
    this.loop = null;
    this.opening = state;
  }

  get engine() { return this.engineClient; }

  /** The engine the table calls (a test may put a stand-in in its place). @param {Engine} engine */
  set engine(engine) {
    this.engineClient = engine;
    if (this.loop) this.loop.engine = engine;
  }

  /**
   * A new authority for the table about to open: bots are the seats no person here plays, at
   * their levels; each waits until the last move has been shown and no dialog is open, then
   * thinks for the speed's time.
   */
  makeLoop() {
    this.loop?.close();
    const loop = new TableLoop({
      engine: this.engine,
      level: (seat) => (this.isHuman(seat) ? null : this.settings.bots[seat] ?? DEFAULT_LEVEL),
      seed: (moves) => `${this.state?.config?.seed ?? "s"}:${moves}`,
      ready: async () => { await this.playing; await whenNoDialogOpen(); },
      thought: async (spent) => {
        const rest = this.speed().think - spent;
        if (rest > 0) await this.delay(rest);
        await whenNoDialogOpen();
      },
      onThinking: (seat) => {
        if (this.loop !== loop) return;
        this.waiting = false;
        this.thinking = seat;
        this.render();
      },
      onMove: (reply) => { if (this.loop === loop) this.told(reply); },
      onError: (e) => {
        if (this.loop !== loop) return;
        this.thinking = null;
        this.error(e);
      },
      watch: (what, p) => this.watch(what, p),
      timeCapMs: BOT_TIME_CAP_MS,
    });
    loop.botTimes = this.botTimes;
    this.loop = loop;
    return loop;
  }

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
    /** @type {HTMLElement | null} */
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
   * shown before a reload (storage.shownMoves); the table then opens there and the loop makes
   * the rest again, each card as it would have come, bots' cards after their thinking time.
   * @param {GameState} state @param {{shown?: number | null}} [opts]
   */
  async start(state, { shown = null } = {}) {
    const gen = ++this.gen;
    this.loop?.close();
    this.loop = null;
    this.opening = state;
    this.frame = null;
    this.drawn = null;
    this.playing = Promise.resolve();
    this.lastTrick = null;
    this.thinking = null;
    this.waiting = false;
    this.holder = this.passAndPlay() ? null : this.people()[0];
    this.log = [];
    this.lookedAt = {};
    this.clearMessage(); // a word about the last game's table does not stay over the new one
    saveGame(state, { replace: true }); // the person opened or chose this game here
    const all = state.actions ?? [];
    const from = shown != null && shown < all.length && all.length - shown <= MAX_PLAYBACK ? shown : null;
    try {
      const loop = this.makeLoop();
      if (!await loop.open(state, this.people(), { shown: from }) || gen !== this.gen) return;
      this.opening = null;
      if (loop.replaying) {
        this.render();
        // Not awaited: the page is ready while the cards come (a hand's end opens its result).
        document.body.dataset.playback = String(all.length - (from ?? 0));
        loop.replaying.finally(() => { delete document.body.dataset.playback; }).then(() => {
          if (gen === this.gen) this.pump(gen, false);
        }, (e) => { if (gen === this.gen) this.error(e); });
        return;
      }
      saveShown(state, all.length);
    } catch (e) {
      if (gen === this.gen) this.error(e);
      return;
    }
    return this.pump(gen, false);
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
      this.opening = state;
      this.holder = this.passAndPlay() ? null : seats[0];
      try {
        if (!await this.makeLoop().open(state, seats) || gen !== this.gen) return;
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
    this.loop?.stop();
    this.waiting = false;
    this.thinking = null;
    closeDialog("dlg-handoff");
    document.body.dataset.turn = "bot"; // the hand on the table takes no more clicks
  }

  roles() {
    const alone = !this.passAndPlay();
    const lvl = (/** @type {number} */ s) => (this.isHuman(s) ? (alone ? "you" : "player here") : `bot · ${this.settings.bots[s] ?? DEFAULT_LEVEL}`);
    const partnerOfYou = alone && this.isHuman(0);
    return [0, 1, 2, 3].map((s) => (s === 2 && partnerOfYou ? `partner · ${lvl(s)}` : lvl(s)));
  }

  /**
   * The legal actions of the person to act (empty when no person here may act now).
   * @returns {Action[]}
   */
  personLegal() {
    const v = this.view;
    const table = this.table;
    if (!this.waiting || !v || !table || v.to_act == null || v.phase === "game_over" || !this.isHuman(v.to_act) || this.handsHidden()) return [];
    return table.view(v.to_act)?.legal ?? [];
  }

  /** Draw everything from what is shown now. */
  render() {
    const v = this.shown;
    if (!v) return;
    this.drawn = v;
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
    const byCard = new Map(legal.flatMap((a) => (a.card != null ? [/** @type {[string, Action]} */ ([a.card, a])] : [])));
    const mine = humanTurn && toAct === seat ? byCard : new Map();
    renderHand($("hand"), hidden ? [] : v.hand, mine, {
      onPlay: (a) => this.human(seat, a), onRefuse: (card) => this.refused(seat, card),
      active: mine.size > 0, label: this.passAndPlay() ? `${seatName(seat)}'s cards` : "Your cards",
    });
    const panel = $("action-panel");
    if (v.phase === "game_over") {
      this.renderGameOverPanel(panel);
    } else if (humanTurn && toAct != null && legal.some((a) => a.card == null)) {
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
   * Take up the table from where it stands: open it if it is not (a retry, another state), or
   * ask for the views again (fresh), then wait for the person here to act or let the loop's bots
   * play. @param {number} gen @param {boolean} [fresh]
   */
  async pump(gen, fresh = true) {
    try {
      if (!this.table) {
        const state = /** @type {GameState} */ (this.opening);
        if (!await this.makeLoop().open(state, this.people()) || gen !== this.gen) return;
        this.opening = null;
      } else if (fresh) {
        for (const seat of this.people()) await this.watch("table_view", /** @type {import("./table-client.js").LocalTable} */ (this.table).refresh(seat));
      }
      await this.playing;
      if (gen !== this.gen) return;
      this.settle(gen);
      this.loop?.kick();
    } catch (e) {
      if (gen !== this.gen) return;
      this.thinking = null;
      this.error(e);
    }
  }

  /**
   * The table after the moves shown: the game's end, a person's turn here (after a hand-off when
   * another person holds the device), or a bot's, which the loop plays.
   * @param {number} gen
   */
  settle(gen) {
    this.frame = null;
    const v = this.view;
    if (!v) return;
    if (v.phase === "game_over") {
      this.waiting = false;
      this.render();
      this.showGameOver(v);
      return;
    }
    const seat = v.to_act;
    if (!this.isHuman(seat)) {
      this.waiting = false;
      return;
    }
    if (this.passAndPlay() && this.holder !== seat) {
      this.handOff(/** @type {number} */ (seat), gen); // play goes on when that person continues
      return;
    }
    this.waiting = true;
    this.render();
    this.focusTurn();
  }

  /**
   * The loop made a move: play it back after those before it, over what was drawn before it,
   * then take up the table after it (unless the loop is still making saved moves again).
   * @param {TableReply} reply
   */
  told(reply) {
    const gen = this.gen;
    const prev = this.drawn ?? reply.view;
    const saved = this.loop?.replaying != null; // the loop goes on with the next saved move
    this.thinking = null;
    this.playing = this.playing.then(async () => {
      if (gen !== this.gen) return;
      await this.show(reply, prev, gen);
      if (gen === this.gen && !saved) this.settle(gen);
    }).catch((e) => { if (gen === this.gen) this.error(e); });
  }

  /** @param {unknown} e */
  error(e) {
    console.error(e);
    banner(`Something went wrong: ${errorText(e)}`, {
      kind: "error", testid: "error-banner",
      actions: [{ label: "Try again", onClick: (ev) => { /** @type {Element} */ (ev.target).closest(".banner")?.remove(); this.retry(); } }],
    });
  }

  retry() {
    if (this.table) this.pump(++this.gen);
    else if (this.opening) this.start(this.opening);
  }

  /** The person chose an action (a card, a bid, trump, redeal/keep, a card to pass). */
  /** @param {number} seat @param {Action} action */
  async human(seat, action) {
    if (!this.waiting || this.view?.to_act !== seat || !this.loop) return;
    this.waiting = false;
    this.clearMessage();
    const gen = this.gen;
    try {
      await this.loop.move(action, seat);
    } catch (e) {
      if (gen !== this.gen) return;
      this.waiting = true;
      this.render();
      // The rules refuse it: say why by the hand. Anything else is the table's own fault.
      if (e instanceof EngineError && e.type === "IllegalAction") this.message(playerWords(e.message));
      else banner(`The engine refused this move: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
    }
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
   * Play back one move's events (./playback.js) over what was shown before it; the loop already
   * holds the views after it. A finished hand's result waits for the person to close it.
   * @param {TableReply} result @param {View} prev @param {number} gen
   */
  async show(result, prev, gen) {
    const played = await playMove(result.events ?? [], prev, /** @type {View} */ (this.view), {
      hold: (frame) => { this.frame = frame; },
      draw: () => this.render(),
      delay: (ms, skippable) => this.delay(ms, skippable),
      speed: this.speed(),
      gone: () => gen !== this.gen,
      remember: (line) => this.remember(line),
      onTrick: (won) => { this.lastTrick = won; },
    });
    if (!played) return;
    const { hand, over } = played;
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
    const state = this.state;
    if (state) saveShown(state, state.actions.length);
  }

  /** A line of the table's story (kept short: the recap shows what one person missed). @param {string} line */
  remember(line) {
    this.log.push(line);
    if (this.log.length > 400) {
      this.log.splice(0, 200);
      for (const k of Object.keys(this.lookedAt).map(Number)) this.lookedAt[k] = Math.max(0, this.lookedAt[k] - 200);
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
