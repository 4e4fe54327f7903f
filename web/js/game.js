// The live game: holds the engine state, asks the engine for views, lets the
// bots move (in the worker), takes the person's choices, animates and saves.
// It never decides a rule: legality, scores and bot moves all come from the engine.
import { renderStatus, renderSeats, renderTrick, renderHand, renderTurn, gatherTrick } from "./table.js";
import { renderActionPanel, standingBid } from "./bidding.js";
import { renderHandResult, renderGameOver } from "./scoresheet.js";
import { describeAction, seatName } from "./words.js";
import { announce, banner, errorText } from "./announce.js";
import { openDialog, whenClosed } from "./dialogs.js";
import { saveGame, saveSettings } from "./storage.js";
import { SPEEDS, effectiveSpeed, prefersReducedMotion } from "./settings.js";
import { rememberView } from "./paint.js";

const $ = (id) => document.getElementById(id);

export class Game {
  constructor(engine, settings, { onNewGame } = {}) {
    this.engine = engine;
    this.settings = settings;
    this.onNewGame = onNewGame;
    this.gen = 0;
    this.state = null;
    this.view = null;
    this.viewNorth = null;
    this.waiting = false;      // waiting for the person
    this.thinking = null;      // bot seat thinking
    this.holdTrick = null;     // completed trick shown during the pause
    this.lastTrick = null;
    this.skipPause = null;
    this.botTimes = {};        // level -> [ms]
    this.handsSeen = 0;
    this.watchdogMs = 45000;
    $("trick").addEventListener("click", () => this.skipPause?.());
  }

  speed() { return SPEEDS[effectiveSpeed(this.settings)]; }
  /**
   * An engine call. If it has not answered after watchdogMs, say so (with a reload button)
   * instead of leaving the table silently stuck; the message goes when the answer comes.
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
  isHuman(seat) { return seat === 0 || (seat === 2 && this.settings.humanNorth); }

  /** Start (or resume) play from an engine state. */
  async start(state) {
    const gen = ++this.gen;
    this.state = state;
    this.lastTrick = null;
    this.holdTrick = null;
    saveGame(state, { replace: true }); // the person opened or chose this game here
    const s = await this.call("summary", state);
    if (gen !== this.gen) return;
    this.handsSeen = (s.hands ?? []).length;
    return this.pump(gen);
  }

  /** Re-run the loop after a settings change (e.g. North switched to the person). */
  resume() {
    if (!this.state) return;
    saveSettings(this.settings);
    if (this.waiting || this.thinking == null) {
      this.waiting = false;
      this.pump(++this.gen);
    }
  }

  stop() { this.gen++; this.waiting = false; this.thinking = null; }

  async refresh() {
    this.view = await this.call("view", this.state, 0);
    this.viewNorth = this.settings.humanNorth ? await this.call("view", this.state, 2) : null;
  }

  roles() {
    const lvl = (s) => (this.isHuman(s) ? (s === 0 ? "you" : "you play") : `bot · ${this.settings.bots[s]}`);
    return [lvl(0), lvl(1), `partner · ${lvl(2)}`, lvl(3)];
  }

  /** Draw everything from the current views. */
  render() {
    const v = this.view;
    if (!v) return;
    renderStatus(v);
    renderSeats(v, {
      roles: this.roles(),
      thinking: this.thinking,
      faceUp: this.viewNorth ? { 2: this.viewNorth.hand } : null,
    });
    if (this.holdTrick) renderTrick(this.holdTrick, { winner: this.holdTrick.winner });
    else renderTrick(v.trick, { animMs: this.speed().anim });

    const toAct = v.to_act;
    const humanTurn = this.waiting && v.phase !== "game_over" && this.isHuman(toAct);
    const legal = humanTurn ? (toAct === 2 ? this.viewNorth?.legal ?? [] : v.legal ?? []) : [];
    // A card button plays the card, or passes it to partner (the engine's pass_card action).
    const cardActs = legal.filter((a) => a.type === "play" || a.type === "pass_card");
    const playable = new Set(cardActs.map((a) => a.card));
    const cardAction = (c) => cardActs.find((a) => a.card === c) ?? { type: "play", card: c };
    renderHand($("hand"), v.hand, toAct === 0 ? playable : new Set(), (c) => this.human(0, cardAction(c)),
      { active: humanTurn && toAct === 0 && playable.size > 0, label: "Your cards" });
    const nWrap = $("partner-hand-wrap");
    nWrap.hidden = !this.viewNorth;
    if (this.viewNorth) {
      renderHand($("partner-hand"), this.viewNorth.hand, toAct === 2 ? playable : new Set(),
        (c) => this.human(2, cardAction(c)),
        { active: humanTurn && toAct === 2 && playable.size > 0, label: "North's cards" });
    }
    const panel = $("action-panel");
    if (v.phase === "game_over") {
      this.renderGameOverPanel(panel);
    } else if (humanTurn) {
      renderActionPanel(panel, toAct, legal.filter((a) => a.type !== "pass_card"), (a) => this.human(toAct, a), { standing: standingBid(v.auction) });
    } else {
      panel.hidden = true;
      panel.replaceChildren();
    }
    document.body.dataset.phase = v.phase;
    document.body.dataset.toAct = String(toAct);
    document.body.dataset.turn = humanTurn ? "human" : "bot";
    document.body.dataset.moves = String(this.state?.actions?.length ?? 0);
    document.body.dataset.speed = effectiveSpeed(this.settings);
    renderTurn(this.turnText(v, humanTurn, playable), humanTurn && !this.holdTrick);
    rememberView(this);
  }

  turnText(v, humanTurn, playable) {
    if (v.phase === "game_over") return "Game over.";
    if (this.holdTrick) return `${seatName(this.holdTrick.winner)} wins the trick.`;
    const who = seatName(v.to_act);
    if (humanTurn) {
      const mine = v.to_act === 0 ? "Your" : "North's (you play it)";
      if (v.phase === "passing") return `${mine} turn: choose a card to pass to partner.`;
      if (playable.size) return `${mine} turn: play a card.`;
      if (v.phase === "trump") return `${mine} turn: name trump.`;
      if (v.phase === "redeal") return `${mine} turn: redeal or keep.`;
      return `${mine} turn: bid or pass.`;
    }
    return this.thinking != null ? `${who} is thinking…` : `${who} to play.`;
  }

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

  delay(ms, skippable = false) {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() { clearTimeout(t); resolve(); }
      if (skippable) this.skipPause = () => { this.skipPause = null; done(); };
    });
  }

  /** The main loop: bots move until it is the person's turn or the game ends. */
  async pump(gen) {
    try {
      while (gen === this.gen) {
        await this.refresh();
        if (gen !== this.gen) return;
        const v = this.view;
        if (v.phase === "game_over") {
          this.waiting = false;
          this.render();
          await this.showGameOver(gen);
          return;
        }
        const seat = v.to_act;
        if (this.isHuman(seat)) {
          this.waiting = true;
          this.render();
          return;
        }
        this.waiting = false;
        this.thinking = seat;
        this.render();
        const level = this.settings.bots[seat] ?? "basic";
        const seed = `${this.state.config?.seed ?? "s"}:${this.state.actions?.length ?? 0}`;
        const t0 = performance.now();
        const action = await this.botAction(level, seed);
        const spent = performance.now() - t0;
        (this.botTimes[level] ??= []).push(spent);
        const rest = this.speed().think - spent;
        if (rest > 0) await this.delay(rest);
        if (gen !== this.gen) return;
        this.thinking = null;
        await this.commit(seat, action, gen);
      }
    } catch (e) {
      if (gen !== this.gen) return;
      this.thinking = null;
      this.error(e);
    }
  }

  /** A bot's choice from the engine; a level this engine lacks falls back to random, once told. */
  async botAction(level, seed) {
    try {
      return await this.call("bot_action", this.state, level, seed);
    } catch (e) {
      if (e.type !== "InvalidAction" || level === "random" || !/level/i.test(e.message)) throw e;
      if (!this.warnedLevels?.has(level)) {
        (this.warnedLevels ??= new Set()).add(level);
        banner(`The ${level} bot is not available in this version (${errorText(e)}); random plays instead.`, { testid: "bot-banner" });
      }
      return this.call("bot_action", this.state, "random", seed);
    }
  }

  error(e) {
    console.error(e);
    banner(`Something went wrong: ${errorText(e)}`, {
      kind: "error", testid: "error-banner",
      actions: [{ label: "Try again", onClick: (ev) => { ev.target.closest(".banner").remove(); this.pump(++this.gen); } }],
    });
  }

  /** The person chose an action (a card, a bid, trump, redeal/keep). */
  async human(seat, action) {
    if (!this.waiting || this.view?.to_act !== seat) return;
    this.waiting = false;
    const gen = this.gen;
    try {
      await this.commit(seat, action, gen);
    } catch (e) {
      if (gen !== this.gen) return;
      // The engine refused (should not happen: we only offer its legal actions).
      banner(`The engine refused this move: ${errorText(e)}`, { kind: "error", testid: "error-banner" });
    }
    if (gen === this.gen) this.pump(gen);
  }

  /** Apply one action through the engine, save, announce, animate. */
  async commit(seat, action, gen) {
    const before = this.view;
    const state = await this.call("apply", this.state, action);
    if (gen !== this.gen) return;
    this.state = state;
    saveGame(state);
    saveSettings(this.settings);
    announce(describeAction(seat, action));
    const after = await this.call("view", state, 0);
    if (gen !== this.gen) return;
    const handOver = after.phase === "game_over"
      || (after.hand_number != null && after.hand_number !== before.hand_number)
      || (before.phase === "play" && after.phase !== "play")
      || ((after.auction?.length ?? 0) < (before.auction?.length ?? 0));
    let summary = null;
    if (handOver) summary = await this.call("summary", state);
    if (gen !== this.gen) return;

    if (action.type === "play") {
      const trick = { seats: [...before.trick.seats, seat], cards: [...before.trick.cards, action.card] };
      const done = handOver || after.trick.cards.length < trick.cards.length;
      if (!done) {
        this.view = after;
        if (this.settings.humanNorth) this.viewNorth = await this.call("view", state, 2);
        this.render();
        await this.delay(this.speed().anim);
        return;
      }
      const winner = handOver ? summary.hands.at(-1)?.tricks?.at(-1)?.winner : after.tricks.at(-1)?.winner;
      // Show the full trick with its last card landing, then the winner.
      this.view = handOver ? { ...before, trick: { seats: [], cards: [] }, hand: before.hand.filter((c) => c !== action.card),
        hand_sizes: before.hand_sizes.map((n, s) => (s === seat ? n - 1 : n)), to_act: null } : after;
      if (!handOver && this.settings.humanNorth) this.viewNorth = await this.call("view", state, 2);
      if (handOver && this.viewNorth) this.viewNorth = { ...this.viewNorth, hand: this.viewNorth.hand.filter((c) => c !== action.card) };
      this.holdTrick = { ...trick, winner: null };
      this.render();
      await this.delay(this.speed().anim);
      if (gen !== this.gen) return;
      this.holdTrick = { ...trick, winner };
      this.lastTrick = this.holdTrick;
      if (winner != null) announce(`${seatName(winner)} wins the trick`);
      this.render();
      await this.delay(this.speed().pause, true);
      this.skipPause = null;
      if (gen !== this.gen) return;
      // The cards sweep to the winner (none when animation is off or motion is reduced).
      if (winner != null && !prefersReducedMotion()) await gatherTrick(winner, this.speed().anim);
      this.holdTrick = null;
      if (gen !== this.gen) return;
    } else if (action.type === "redeal") {
      announce(`The same dealer deals again`);
    }
    if (handOver && summary) {
      const hands = summary.hands ?? [];
      if (hands.length > this.handsSeen) {
        this.handsSeen = hands.length;
        window.dispatchEvent(new CustomEvent("kaiser:hand", { detail: { state, record: hands.at(-1), hand_index: hands.length - 1 } }));
        if (after.phase !== "game_over") await this.showHandResult(hands.at(-1), gen);
      }
    }
  }

  async showHandResult(rec, gen) {
    renderHandResult($("hand-body"), rec);
    const c = rec.contract;
    $("dlg-hand-title").textContent = !c ? "Thrown in" : rec.made ? "Contract made" : "Contract failed";
    announce(`Hand over. Us ${rec.scores[0]}, them ${rec.scores[1]}.`);
    openDialog("dlg-hand");
    await whenClosed("dlg-hand");
  }

  async showGameOver(gen) {
    const s = await this.call("summary", this.state);
    if (gen !== this.gen) return;
    this.handsSeen = (s.hands ?? []).length;
    window.dispatchEvent(new CustomEvent("kaiser:game-over", { detail: { state: this.state, winner: s.winner, scores: s.scores } }));
    renderGameOver($("over-body"), s);
    announce($("over-body").textContent);
    openDialog("dlg-over");
  }
}
