// @ts-check
// The host of a shared table: its browser holds the deal, as a dealer would.
//
// The engine (a table in this page's worker, docs/bridge.md) runs here only, behind the same
// authority as a solo table's (TableLoop, ../table/loop.js): the people here and the guests on
// their links are its seats. Each guest's move is a request: the host parses it (protocol.js),
// takes the seat from the connection that sent it (never from the message), and lets the engine
// check it (`table_step` with the turn the guest meant), so a move out of turn, for another
// seat, malformed, repeated or too late is refused to that guest and changes nothing. A guest
// receives only its own seat's view and the move's public events, never the table's state, its
// seed or the engine's `action`.
//
// Seats: the host's own, people (who keep a token in their browser to come back to their seat),
// and bots with a level. An absent person's seat is played by a bot after `absentMs`, marked
// as such, and handed back when the person returns. The table is saved after every move, so a
// host who reloads reopens it from the saved game and the guests reconnect by themselves.
import { encode, parseGuest, RateLimit, randomId } from "./protocol.js";
import { prove, signText } from "./identity.js";
import { TableLoop } from "../table/loop.js";

/** @typedef {import("./transport.js").Link} Link */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {import("./identity.js").HostKey} HostKey */

export const HOST_KEY = "kaiser.net.host.v1";
export const DEFAULT_ABSENT_MS = 30000;
/** Someone who opened the link but is not seated after this long: the host's lobby says to send it again. */
export const GIVE_UP_MS = 45000;
const BOT_CAP_MS = 800;
/** How often a person whose turn it is hears of it again until they move (remind()). */
export const REMIND_MS = 8000;
/** The level of a new table's bots and of a bot standing in for someone away: the solo table's default. */
const STAND_IN_LEVEL = "strong";

/**
 * @typedef {object} Seat
 * @property {"host" | "person" | "bot"} kind
 * @property {string} name
 * @property {string} level the bot's level (also the stand-in's for an absent person)
 * @property {string | null} token the person's, to come back to this seat
 * @property {string | null} peer the connection the person is on now (null: away)
 * @property {number | null} awaySince performance.now() when the person left
 * @property {number | null} [joinsAt] a person who came mid-hand: the bot plays on until this
 *   many hands are played (people take a bot's seat between hands)
 */

/**
 * @typedef {object} Update what one seat is shown after a move
 * @property {number} moves
 * @property {number} hands_played
 * @property {View} view
 * @property {Object<string, unknown>[]} events
 * @property {SeatInfo[]} seats
 */
/** @typedef {{kind: string, name: string, level: string, away: boolean, standIn: boolean, joining: boolean}} SeatInfo */
/**
 * @typedef {object} SavedTable what the host's browser keeps of its table, to reopen it after a reload
 * @property {string} room
 * @property {string} secret
 * @property {HostKey} [key]
 * @property {number} absentMs
 * @property {{kind: "host" | "person" | "bot", name: string, level: string, token: string | null, joinsAt?: number | null}[]} seats
 * @property {Object<string, unknown> | null} state
 * @property {Codes} [codes]
 */
/**
 * @typedef {object} Codes what everyone at the table may keep of the game: each finished hand
 *   as a share code of its own (`encode_hand`: no seed), and once the game is over the whole
 *   game's share code and a challenge code from each person's seat
 * @property {string | null} game this game's id (for the statistics)
 * @property {string} profile
 * @property {Object<string, string>} hands hand index -> code
 * @property {string | null} share
 * @property {Object<string, string>} challenges seat -> code
 */

export class HostSession {
  /**
   * @param {{engine: Engine, room: string, secret: string, key: HostKey, name: string, absentMs?: number,
   *   paceMs?: number, storage?: Storage}} options `key`: the table's, which proves to guests who the host is
   */
  constructor({ engine, room, secret, key, name, absentMs = DEFAULT_ABSENT_MS, paceMs = 800, storage = localStorage }) {
    this.engine = engine;
    this.key = key;
    this.room = room;
    this.secret = secret;
    this.absentMs = absentMs;
    this.paceMs = paceMs;
    this.storage = storage;
    /** @type {Seat[]} */
    this.seats = [0, 1, 2, 3].map((s) => (s === 0
      ? { kind: "host", name, level: STAND_IN_LEVEL, token: null, peer: null, awaySince: null }
      : { kind: "bot", name: "", level: STAND_IN_LEVEL, token: null, peer: null, awaySince: null }));
    this.hostSeat = 0;
    /** @type {Map<string, {link: Link, token: string | null}>} */
    this.peers = new Map();
    /**
     * Per connection, the guest's latest challenge (its nonce names what the host signs for
     * it) and the number of the last message sent; and the sends in order, each once signed.
     * @type {Map<string, {sid: string, seq: number, out: Promise<unknown>}>}
     */
    this.sessions = new Map();
    /**
     * People on their way to the table (a connection, not seated yet): how far they got.
     * "connecting": connected, saying hello; "another-way": no direct connection, trying
     * through the relay; "gave-up": nothing for GIVE_UP_MS.
     * @type {Map<string, {state: "connecting" | "another-way" | "gave-up", since: number}>}
     */
    this.arriving = new Map();
    this.giveUpMs = GIVE_UP_MS;
    /** @type {Map<string, {name: string}>} people watching (no seat, no hand): their connections */
    this.watchers = new Map();
    /** Whether the host lets people watch (the lobby's checkbox). */
    this.watching = true;
    /** @type {string[]} every state someone on the way was in (the tests read it) */
    this.arrivalLog = [];
    /** @type {ReturnType<typeof setInterval> | null} */
    this.arrivalTimer = null;
    this.remindMs = REMIND_MS;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.remindTimer = undefined;
    /**
     * The table's authority, as at a solo table: its bots are the bot seats and the stand-ins
     * for people away; each moves at a pace people can follow.
     */
    /** @type {TableLoop} */
    this.loop = new TableLoop({
      engine,
      level: (seat) => this.botLevel(seat),
      seed: (moves) => `${this.room}:${moves}`,
      ready: (_seat, events) => this.pace(events),
      onThinking: (seat) => {
        const s = this.seats[seat];
        if (s.kind === "person" && !this.joining(s)) this.seatsChanged(); // say that a bot stands in now
      },
      onMove: (reply) => this.moved(reply),
      onError: (e) => this.onError(e),
      save: () => this.save(),
      timeCapMs: BOT_CAP_MS,
    });
    /** The move count when the hand in play was dealt (-1: not known, after a reload mid-hand). */
    this.handStart = 0;
    /** @type {Object<string, unknown> | null} the last finished hand's record */
    this.lastHand = null;
    /** @type {Codes} */
    this.codes = { game: null, profile: "standard", hands: {}, share: null, challenges: {} };
    this.limit = new RateLimit();
    /** @type {Map<string, number>} when each peer was last told it sends too much */
    this.floodSaid = new Map();
    /** @type {Set<ReturnType<typeof setTimeout>>} when a person away is to be played for by a bot */
    this.awayTimers = new Set();
    /** @type {(u: Update) => void} the host's own table */
    this.onUpdate = () => {};
    /** @type {() => void} the lobby changed (who sits where) */
    this.onSeats = () => {};
    /** @type {(seat: number, say: number) => void} */
    this.onTalk = () => {};
    /** @type {(error: unknown) => void} something failed that the host's page must say (in its words) */
    this.onError = () => {};
    /** @type {Object<string, string>} each rule profile's title, for the statistics */
    this.titles = {};
    /** @type {() => void} a hand's or the game's codes are ready */
    this.onCodes = () => {};
    this.closed = false;
  }

  get started() { return this.loop.table != null; }

  /** @returns {Object<string, unknown> | null} the saved game, kept move by move */
  get state() { return /** @type {any} */ (this.loop.table?.state ?? null); }

  get moves() { return this.loop.table?.moves ?? 0; }

  /** @returns {number} */
  get handsPlayed() { return this.loop.table?.handsPlayed ?? 0; }

  /** @returns {View[]} the latest view of each seat */
  get views() { return [0, 1, 2, 3].map((s) => /** @type {View} */ (this.loop.table?.view(s))); }

  // ------------------------------------------------------------ connections

  /** Take guests from a link (the relay room, or one connection made with codes). @param {Link} link */
  attach(link) {
    link.onJoin = (peer) => {
      this.peers.set(peer, { link, token: null });
      link.send(peer, encode({ type: "host", key: this.key.publicKey }));
      if (!this.seatedAs(peer)) {
        const alias = link.aliasOf?.(peer);
        if (alias) this.arriving.delete(alias); // the same person, now through the relay
        this.arrive(peer, peer.startsWith("r:") ? "another-way" : "connecting");
      }
    };
    link.onKnock = (peer) => { if (!this.peers.has(peer) && !this.arriving.has(peer) && !this.seatedAs(peer)) this.arrive(peer, "connecting"); };
    link.onTrouble = (peer) => { if (!this.seatedAs(peer)) this.arrive(peer, "another-way"); };
    link.onLeave = (peer) => this.left(peer);
    link.onMessage = (peer, text) => {
      if (!this.peers.has(peer)) this.peers.set(peer, { link, token: null });
      this.receive(peer, text);
    };
  }

  /**
   * Whether this connection is a seated person's: the seat's own, or, for a person seated
   * through the relay, the direct id that person's page also has (its knock, or a direct
   * attempt that failed, can come after the seat: a host's reload, the relay's late copies).
   * @param {string} peer
   */
  seatedAs(peer) {
    return this.seats.some((s) => s.peer != null && (s.peer === peer || this.peers.get(s.peer)?.link.aliasOf?.(s.peer) === peer));
  }

  /**
   * A table message to one connection: signed for the guest's latest challenge and numbered
   * (identity.js), sent in order. Nothing goes to a connection that has not asked the host to
   * prove itself: its guest would believe nothing unsigned.
   * @param {string} peer @param {Object<string, unknown>} msg
   */
  send(peer, msg) {
    const p = this.peers.get(peer);
    const s = this.sessions.get(peer);
    if (!p || !s) return;
    s.seq += 1;
    const body = encode({ ...msg, sid: s.sid, seq: s.seq });
    const signed = signText(this.key, body);
    s.out = s.out.then(async () => p.link.send(peer, await signed)).catch((e) => this.onError(e));
  }

  /** Someone on the way to the table. @param {string} peer @param {"connecting" | "another-way" | "gave-up"} state */
  arrive(peer, state) {
    this.arriving.set(peer, { state, since: performance.now() });
    this.arrivalLog.push(state);
    this.arrivalTimer ??= setInterval(() => this.arrivals(), 1000);
    this.onSeats();
  }

  /** Those on the way for too long: the host is told to send the link again or let a bot play. */
  arrivals() {
    const now = performance.now();
    let changed = false;
    for (const a of this.arriving.values()) {
      if (a.state !== "gave-up" && now - a.since >= this.giveUpMs) { a.state = "gave-up"; changed = true; }
    }
    if (changed) this.onSeats();
  }

  /** @param {string} peer @param {string} message */
  refuse(peer, message) {
    this.send(peer, { type: "refused", message, moves: this.moves });
  }

  /** @param {string} peer */
  left(peer) {
    this.peers.delete(peer);
    if (this.watchers.delete(peer)) this.onSeats();
    this.sessions.delete(peer);
    if (this.arriving.get(peer)?.state === "connecting") { this.arriving.delete(peer); this.onSeats(); }
    this.floodSaid.delete(peer);
    const seat = this.seats.findIndex((s) => s.peer === peer);
    if (seat < 0) return;
    this.seats[seat].peer = null;
    this.seats[seat].awaySince = performance.now();
    this.seatsChanged();
    this.standInLater();
  }

  /** A bot takes an absent person's turn once they have been away for absentMs. */
  standInLater() {
    const t = setTimeout(() => { this.awayTimers.delete(t); this.loop.kick(); }, this.absentMs + 50);
    this.awayTimers.add(t);
  }

  /** @param {string} peer @param {string} text */
  receive(peer, text) {
    if (!this.limit.take(peer)) {
      // Said once a second at most: a flood is not answered with a flood.
      const now = performance.now();
      if (now - (this.floodSaid.get(peer) ?? -Infinity) >= 1000) {
        this.floodSaid.set(peer, now);
        this.refuse(peer, "Too many messages at once: wait a moment.");
      }
      return;
    }
    const parsed = parseGuest(text);
    if ("error" in parsed) { this.refuse(peer, `Refused: ${parsed.error}.`); return; }
    const msg = parsed.msg;
    if (msg.type === "hello") { this.hello(peer, msg.name, msg.token, msg.watch); return; }
    if (msg.type === "prove") {
      const prior = this.sessions.get(peer);
      const session = { sid: msg.nonce, seq: 0, out: prior?.out ?? Promise.resolve() };
      this.sessions.set(peer, session);
      session.out = session.out.then(async () => {
        const proof = await prove(this.key, msg.nonce, peer);
        this.peers.get(peer)?.link.send(peer, encode({ type: "proof", nonce: msg.nonce, as: peer, proof }));
      }).catch(() => {});
      return;
    }
    const seat = this.seats.findIndex((s) => s.peer === peer);
    if (seat < 0 && this.watchers.has(peer)) { this.refuse(peer, "You are watching: only the players at the table play and talk."); return; }
    if (seat < 0) { this.refuse(peer, "Say hello first: this connection holds no seat."); return; }
    if (msg.type === "talk") this.talk(seat, msg.say);
    else if (msg.type === "sit") this.sit(seat, msg.seat, peer);
    else this.step(msg.action, seat, msg.turn, peer);
  }

  /**
   * @param {string} peer @param {string} name @param {string | null} token
   * @param {boolean} [watch] to watch rather than play (also what a full table offers)
   */
  hello(peer, name, token, watch = false) {
    let seat = token ? this.seats.findIndex((s) => s.kind === "person" && s.token === token) : -1;
    if (seat < 0 && (watch || !this.seats.some((s) => s.kind === "bot"))) { this.watch(peer, name); return; }
    if (seat >= 0) {
      const s = this.seats[seat];
      if (s.peer && s.peer !== peer) { this.peers.delete(s.peer); this.sessions.delete(s.peer); } // the same browser, reloaded (or another path)
      s.peer = peer;
      s.awaySince = null;
      s.name = name;
    } else {
      seat = this.seats.findIndex((s) => s.kind === "bot");
      if (seat < 0) { this.refuse(peer, "The table is full: every seat has a person."); return; }
      const midHand = this.started && this.moves !== this.handStart;
      this.seats[seat] = {
        kind: "person", name, level: this.seats[seat].level, token: randomId(16), peer, awaySince: null,
        joinsAt: midHand ? this.handsPlayed + 1 : null,
      };
    }
    this.send(peer, { type: "welcome", seat, token: this.seats[seat].token, room: this.room });
    const alias = this.peers.get(peer)?.link.aliasOf?.(peer);
    this.arriving.delete(peer);
    if (alias) this.arriving.delete(alias);
    this.seatsChanged();
    if (this.started) {
      this.send(peer, { type: "update", ...this.updateFor(seat, []) });
      this.sendCodes(peer, seat);
    }
    this.loop.kick();
  }

  /**
   * Someone watches: the public table only (no hand, no seed), the score and the tricks; never
   * a move. Refused when the host has turned watching off.
   * @param {string} peer @param {string} name
   */
  watch(peer, name) {
    this.arriving.delete(peer);
    if (!this.watching) {
      this.refuse(peer, this.seats.some((s) => s.kind === "bot")
        ? "The host has turned watching off." : "The table is full, and the host has turned watching off.");
      this.onSeats();
      return;
    }
    this.watchers.set(peer, { name });
    this.send(peer, { type: "welcome", seat: null, watching: true, token: null, room: this.room });
    this.send(peer, { type: "seats", seats: this.seatInfo(), started: this.started });
    if (this.started) this.send(peer, { type: "update", ...this.publicUpdate([]) });
    this.onSeats();
  }

  /** The host lets people watch, or not (those watching are told and dropped). @param {boolean} on */
  setWatching(on) {
    this.watching = on;
    if (!on) {
      for (const peer of this.watchers.keys()) this.refuse(peer, "The host has turned watching off.");
      this.watchers.clear();
    }
    this.onSeats();
  }

  /**
   * What a watcher sees: the table as anyone at it sees it, from the host's side, without a
   * hand, a passed card or a choice to make.
   * @param {Object<string, unknown>[]} events
   * @returns {Update}
   */
  publicUpdate(events) {
    const v = /** @type {any} */ (this.views[this.hostSeat]);
    const keep = ["seat", "phase", "to_act", "dealer", "hand_number", "hand_sizes", "auction", "contract", "out_seat", "trick",
      "tricks", "raw", "tricks_won", "seat_tricks", "scores", "target", "threshold", "winner", "winning", "trick_points"];
    const view = /** @type {View} */ (Object.fromEntries(keep.filter((k) => k in v).map((k) => [k, v[k]])));
    view.hand = [];
    view.legal = [];
    return { moves: this.moves, hands_played: this.handsPlayed, view, events, seats: this.seatInfo() };
  }

  /**
   * A person asks for another seat: only one a bot holds, and only before the game.
   * @param {number} from @param {number} to @param {string} peer
   */
  sit(from, to, peer) {
    if (this.started) { this.refuse(peer, "Seats change in the lobby only: the host can move you."); return; }
    if (this.seats[to].kind !== "bot") { this.refuse(peer, "That seat is taken."); return; }
    this.swap(from, to);
  }

  /** The host moves whoever sits at `a` to `b` and back (people, bots). */
  /** @param {number} a @param {number} b */
  swap(a, b) {
    if (a === b) return;
    [this.seats[a], this.seats[b]] = [this.seats[b], this.seats[a]];
    this.hostSeat = this.seats.findIndex((s) => s.kind === "host");
    for (const [seat, s] of this.seats.entries()) {
      if (s.kind === "person" && s.peer) this.send(s.peer, { type: "welcome", seat, token: s.token, room: this.room });
    }
    this.seatsChanged();
  }

  /** @param {number} seat @param {string} level */
  setLevel(seat, level) {
    this.seats[seat].level = level;
    this.seatsChanged();
  }

  /** @param {number} seat @param {number} say */
  talk(seat, say) {
    this.broadcast({ type: "talk", seat, say });
    this.onTalk(seat, say);
  }

  /** @returns {SeatInfo[]} what everyone may know of the seats */
  seatInfo() {
    const now = performance.now();
    return this.seats.map((s) => ({
      kind: s.kind,
      name: s.kind === "bot" ? "" : s.name,
      level: s.level,
      away: s.kind === "person" && s.peer == null,
      standIn: this.standsIn(s, now),
      joining: this.joining(s),
    }));
  }

  /** Whether a bot plays this person's seat now: they are away past the delay, or came mid-hand. @param {Seat} s */
  standsIn(s, now = performance.now()) {
    if (this.joining(s)) return true;
    return s.kind === "person" && s.peer == null && s.awaySince != null && now - s.awaySince >= this.absentMs;
  }

  /** A person who sat down mid-hand, waiting for the next deal. @param {Seat} s */
  joining(s) {
    return s.kind === "person" && s.joinsAt != null && this.handsPlayed < s.joinsAt;
  }

  seatsChanged() {
    this.broadcast({ type: "seats", seats: this.seatInfo(), started: this.started });
    this.save();
    this.onSeats();
  }

  /** @param {Object<string, unknown>} msg to every person at the table */
  broadcast(msg) {
    for (const s of this.seats) if (s.kind === "person" && s.peer) this.send(s.peer, msg);
    for (const peer of this.watchers.keys()) this.send(peer, msg);
  }

  // ------------------------------------------------------------ the game

  /** Deal a new game with these rules, everyone in their seats. @param {Object<string, unknown>} config */
  async start(config) {
    try {
      const state = await this.engine.call("new_game", config);
      this.codes = { game: randomId(9), profile: String(config.profile ?? "standard"), hands: {}, share: null, challenges: {} };
      await this.open(/** @type {Object<string, unknown>} */ (state));
    } catch (e) {
      this.onError(e);
    }
  }

  /** Open the table from a saved game (a new one, or after the host's reload). @param {Object<string, unknown>} state */
  async open(state) {
    const seats = [this.hostSeat, ...[0, 1, 2, 3].filter((s) => s !== this.hostSeat)];
    if (!await this.loop.open(/** @type {any} */ (state), seats)) return;
    const v = /** @type {any} */ (this.views[this.hostSeat]);
    const fresh = v.auction.length === 0 && v.tricks.length === 0 && v.passed_card == null
      && ["redeal", "passing", "bidding"].includes(v.phase);
    this.handStart = fresh ? this.moves : -1;
    this.save();
    this.tell([]);
    this.loop.kick();
  }

  /**
   * A person's move (the host's own, or a guest's from its connection): refused to that guest,
   * changing nothing, when the engine refuses it.
   * @param {Object<string, unknown>} action @param {number} seat @param {number | null} turn @param {string | null} [peer]
   */
  async step(action, seat, turn, peer = null) {
    if (!this.started) { if (peer) this.refuse(peer, "The game has not started yet."); return; }
    if (peer && this.joining(this.seats[seat])) {
      this.refuse(peer, "A bot plays your seat until this hand is over: you take it at the next deal.");
      return;
    }
    try {
      await this.loop.move(/** @type {any} */ (action), seat, turn);
    } catch (e) {
      if (peer) this.refuse(peer, String(/** @type {any} */ (e)?.message ?? e));
      else this.onError(e);
    }
  }

  /** The host plays its own seat. @param {Object<string, unknown>} action */
  play(action) {
    return this.step(action, this.hostSeat, null);
  }

  /** The loop made a move: every screen is told, the table kept, a finished hand's codes made. @param {any} reply */
  moved(reply) {
    const hand = reply.events.find((/** @type {any} */ e) => e.type === "hand");
    if (hand) { this.lastHand = hand.record; this.handStart = reply.moves; }
    this.tell(reply.events);
    if (hand) {
      this.handCodes(hand.hand_index, reply.events.some((/** @type {any} */ e) => e.type === "game_over"))
        .catch((e) => this.onError(e));
    }
  }

  /**
   * A hand is over: its code (and, at the game's end, the game's and the challenges') for
   * everyone at the table, to analyse, to keep and to pass on.
   * @param {number} index @param {boolean} over
   */
  async handCodes(index, over) {
    const codes = this.codes;
    codes.hands[String(index)] = /** @type {string} */ (await this.engine.call("encode_hand", this.state, index));
    if (over) {
      codes.share = /** @type {string} */ (await this.engine.call("encode_share", this.state, true));
      for (const [seat, s] of this.seats.entries()) {
        if (s.kind === "bot") continue;
        const bots = Object.fromEntries([0, 1, 2, 3].filter((o) => o !== seat)
          .map((o) => [String(o), this.seats[o].kind === "bot" ? this.seats[o].level : "strong"]));
        codes.challenges[String(seat)] = /** @type {string} */ (await this.engine.call("encode_challenge", this.state, bots, s.name, seat));
      }
    }
    this.save();
    for (const [seat, s] of this.seats.entries()) if (s.kind === "person" && s.peer) this.sendCodes(s.peer, seat);
    this.onCodes();
  }

  /** The codes a seat may keep: every finished hand's, the game's and its own challenge. @param {string} peer @param {number} seat */
  sendCodes(peer, seat) {
    const c = this.codes;
    if (!Object.keys(c.hands).length) return;
    this.send(peer, { type: "codes", ...this.codesFor(seat) });
  }

  /** @param {number} seat @returns {import("./keepsakes.js").SeatCodes} */
  codesFor(seat) {
    const c = this.codes;
    return { game: c.game, profile: c.profile, titles: this.titles, hands: c.hands, share: c.share, challenge: c.challenges[String(seat)] ?? null };
  }

  /** Each seat its view after a move (with the move's events), and the watchers the public table. @param {Object<string, unknown>[]} events */
  tell(events) {
    for (const [seat, s] of this.seats.entries()) {
      if (s.kind === "person" && s.peer) this.send(s.peer, { type: "update", ...this.updateFor(seat, events) });
    }
    if (this.watchers.size) {
      const u = this.publicUpdate(events);
      for (const peer of this.watchers.keys()) this.send(peer, { type: "update", ...u });
    }
    this.onUpdate(this.updateFor(this.hostSeat, events));
    this.remind();
  }

  /**
   * The person whose turn it is hears of it again every remindMs until someone moves: the
   * update that told them can be lost on the way (a relay's loss, a path given up for another),
   * and the table would wait for a move nobody was asked for. Their page draws it only if it
   * shows something new.
   */
  remind() {
    clearTimeout(this.remindTimer);
    if (this.closed || !this.started) return;
    this.remindTimer = setTimeout(() => {
      const turn = this.loop.table?.view(this.hostSeat)?.to_act;
      if (turn == null || this.closed) return;
      const s = this.seats[turn];
      if (s.kind === "person" && s.peer) this.send(s.peer, { type: "update", ...this.updateFor(turn, []) });
      this.remind();
    }, this.remindMs);
  }

  /** @param {number} seat @param {Object<string, unknown>[]} events @returns {Update} */
  updateFor(seat, events) {
    return { moves: this.moves, hands_played: this.handsPlayed, view: this.views[seat], events, seats: this.seatInfo() };
  }

  /**
   * The bot playing this seat now: a bot's, or a stand-in for a person away; null for a person.
   * @param {number} seat @returns {string | null}
   */
  botLevel(seat) {
    const s = this.seats[seat];
    if (s.kind === "bot" || this.joining(s)) return s.level;
    return this.standsIn(s) ? STAND_IN_LEVEL : null;
  }

  /** A bot moves at a pace people can follow: longer after a trick, longer still after a hand. @param {Object<string, unknown>[]} events */
  pace(events) {
    let wait = this.paceMs;
    if (events.some((e) => e.type === "trick")) wait += this.paceMs;
    if (events.some((e) => e.type === "hand")) wait += 3 * this.paceMs;
    return /** @type {Promise<void>} */ (new Promise((resolve) => { setTimeout(resolve, wait); }));
  }

  // ------------------------------------------------------------ saving

  save() {
    const saved = {
      room: this.room,
      secret: this.secret,
      key: this.key,
      absentMs: this.absentMs,
      seats: this.seats.map((s) => ({ kind: s.kind, name: s.name, level: s.level, token: s.token, joinsAt: s.joinsAt ?? null })),
      state: this.state,
      codes: this.codes,
    };
    try { this.storage.setItem(HOST_KEY, JSON.stringify(saved)); } catch { /* storage full: the table plays on */ }
  }

  /**
   * The host's saved table, for a reload.
   * @returns {SavedTable | null}
   */
  static saved(storage = localStorage) {
    try {
      const s = JSON.parse(storage.getItem(HOST_KEY) ?? "null");
      return s && typeof s.room === "string" && Array.isArray(s.seats) && s.seats.length === 4 ? s : null;
    } catch {
      return null;
    }
  }

  /** Reopen the saved table: everyone away until they reconnect. @param {SavedTable} saved */
  restore(saved) {
    const now = performance.now();
    this.seats = saved.seats.map((s) => ({ ...s, peer: null, awaySince: s.kind === "person" ? now : null }));
    this.hostSeat = this.seats.findIndex((s) => s.kind === "host");
    if (saved.codes) this.codes = saved.codes;
    if (this.seats.some((s) => s.kind === "person")) this.standInLater();
    if (saved.state) return this.open(saved.state).catch((e) => this.onError(e));
    return Promise.resolve();
  }

  close() {
    this.closed = true;
    if (this.arrivalTimer) clearInterval(this.arrivalTimer);
    clearTimeout(this.remindTimer);
    for (const t of this.awayTimers) clearTimeout(t);
    this.loop.close();
  }
}
