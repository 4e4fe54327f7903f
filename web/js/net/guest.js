// @ts-check
// A guest at a shared table: a table client with no engine. It shows the views the host sends
// (its own seat's, and the public events of each move) and sends its moves as requests with the
// turn they are meant for; the host's engine decides. The token the host gives is kept in this
// browser, so a reload or a lost connection comes back to the same seat. A peer that says it
// is the host is believed only once it proves it holds the key the invite link names.
import { encode, parseHost, randomId } from "./protocol.js";
import { verify, verifier, signedByHost, fingerprint as fingerprintOf } from "./identity.js";

/** @typedef {import("./transport.js").Link} Link */
/** @typedef {import("./host.js").Update} Update */
/** @typedef {import("./host.js").SeatInfo} SeatInfo */

/** @param {string} room */
const tokenKey = (room) => `kaiser.net.guest.${room}`;
/** How long a guest waits for the host's proof or welcome before asking again. */
const HANDSHAKE_RETRY_MS = 3000;
const HANDSHAKE_TRIES = 20;

export class RemoteTable {
  /**
   * @param {Link} link
   * @param {{room: string, name: string, fingerprint?: string | null, storage?: Storage, watch?: boolean}} options
   *   `fingerprint`: the host's key's, from the link (null on the no-relay path, where the one
   *   peer is the host)
   */
  constructor(link, { room, name, fingerprint = null, storage = localStorage, watch = false }) {
    /** Asked to watch rather than play; `watching`: the host lets this page watch (no seat). */
    this.watch = watch;
    this.watching = false;
    this.link = link;
    this.fingerprint = fingerprint;
    /** @type {Map<string, {nonce: string, publicKey: string}>} peers asked to prove they are the host */
    this.asked = new Map();
    /** @type {string[]} every challenge this page has made, in order (a session's name) */
    this.nonces = [];
    /** @type {Map<string, {publicKey: string, peer: string}>} challenges sent, by nonce */
    this.challenges = new Map();
    /** @type {string | null} the session the host's messages name now */
    this.sid = null;
    /** @type {Map<string, number>} per session, the number of the last message taken */
    this.seqs = new Map();
    /** @type {Promise<CryptoKey> | null} the host's key, once it proved it holds it */
    this.hostKey = null;
    /** @type {Promise<unknown>} the host's messages are checked and taken one at a time, in order */
    this.inbox = Promise.resolve();
    /** How many messages that said they were the host's were not (the tests read it). */
    this.forged = 0;
    /** @type {Map<string, {timer: ReturnType<typeof setTimeout>, tries: number}>} per peer, the handshake asked again if unanswered */
    this.retries = new Map();
    this.room = room;
    this.name = name;
    this.storage = storage;
    /** @type {string | null} */
    this.host = null;
    /** @type {number | null} */
    this.seat = null;
    this.moves = 0;
    /** @type {import("../types.js").View | null} */
    this.view = null;
    /** @type {SeatInfo[]} */
    this.seats = [];
    this.started = false;
    /** @type {(u: Update) => void} */
    this.onUpdate = () => {};
    /** @type {() => void} */
    this.onSeats = () => {};
    /** @type {(seat: number, say: number) => void} */
    this.onTalk = () => {};
    /** @type {(message: string) => void} */
    this.onRefused = () => {};
    /** @type {() => void} the host said again whose turn it is: a move sent before may be lost */
    this.onReminded = () => {};
    /** @type {(here: boolean) => void} the host came or went */
    this.onHost = () => {};
    /** @type {(codes: import("./keepsakes.js").SeatCodes) => void} what this seat may keep of the game */
    this.onCodes = () => {};
    link.onMessage = (peer, text) => this.receive(peer, text);
    link.onLeave = (peer) => {
      if (peer === this.host) { this.host = null; this.onHost(false); }
    };
  }

  get token() {
    try { return this.storage.getItem(tokenKey(this.room)); } catch { return null; }
  }

  /** Whether this browser holds a seat at the table of `room` (its token). @param {string} room */
  static hasSeat(room, storage = localStorage) {
    try { return storage.getItem(tokenKey(room)) != null; } catch { return false; }
  }

  /** @param {string} peer @param {string} text */
  receive(peer, text) {
    const m = parseHost(text);
    if (!m) return;
    if (m.type === "host") {
      if (typeof m.key !== "string" || m.key.length > 200) return;
      this.ask(peer, m.key);
      return;
    }
    if (m.type === "proof") {
      const asked = this.challenges.get(String(m.nonce));
      if (!asked || asked.peer !== peer || typeof m.proof !== "string" || m.proof.length > 200) return;
      this.challenges.delete(String(m.nonce));
      if (this.asked.get(peer)?.nonce === m.nonce) this.asked.delete(peer);
      const nonce = String(m.nonce);
      // With codes by hand the one peer is the host: its key is taken as it comes, and the proof
      // names the connection as the host calls it. Otherwise the link names the key and the
      // proof must be for this page's own peer id.
      const manual = !this.fingerprint;
      this.inbox = this.inbox.then(async () => {
        const expected = manual ? await fingerprintOf(asked.publicKey) : this.fingerprint;
        const self = manual ? String(m.as ?? "") : this.selfFor(peer);
        const ok = await verify({ publicKey: asked.publicKey, nonce, fingerprint: /** @type {string} */ (expected), self, proof: m.proof });
        if (!ok) return;
        if (this.sid == null || this.nonces.indexOf(nonce) > this.nonces.indexOf(this.sid)) {
          this.sid = nonce;
          this.hostKey = verifier(asked.publicKey);
        }
        this.hostFound(peer);
      });
      return;
    }
    // A table message: the host's only if signed for one of our sessions, numbered after the last.
    this.inbox = this.inbox.then(async () => {
      const sid = typeof m.sid === "string" ? m.sid : "";
      const at = this.nonces.indexOf(sid);
      const ok = peer === this.host && this.hostKey != null && this.sid != null && at >= this.nonces.indexOf(this.sid)
        && Number.isInteger(m.seq) && m.seq > (this.seqs.get(sid) ?? 0) && await signedByHost(await this.hostKey, text);
      if (!ok || !Number.isInteger(m.seq) || m.seq <= (this.seqs.get(sid) ?? 0)) { this.forged += 1; return; }
      this.seqs.set(sid, m.seq);
      this.sid = sid;
      this.take(peer, m);
    });
  }

  /** This page's peer id as `peer` knows it (one per path). @param {string} peer */
  selfFor(peer) {
    return this.link.selfFor ? this.link.selfFor(peer) : this.link.self;
  }

  /** A table message from the host, checked. @param {string} peer @param {Object<string, any>} m */
  take(peer, m) {
    if (m.type === "welcome") {
      this.settled(peer);
      this.seat = Number.isInteger(m.seat) ? m.seat : null;
      this.watching = this.seat == null && m.watching === true;
      if (typeof m.token === "string") {
        try { this.storage.setItem(tokenKey(this.room), m.token); } catch { /* then a reload takes a new seat */ }
      }
      this.onSeats();
    } else if (m.type === "seats") {
      this.seats = m.seats;
      this.started = !!m.started;
      this.onSeats();
    } else if (m.type === "update") {
      // The host's reminder of a turn already shown (host.remind) changes at most the seats.
      const again = this.view != null && m.moves === this.moves && !m.events?.length
        && JSON.stringify(m.view) === JSON.stringify(this.view);
      this.moves = m.moves;
      this.view = m.view;
      this.seats = m.seats;
      this.started = true;
      if (again) { this.onSeats(); this.onReminded(); }
      else this.onUpdate(/** @type {Update} */ (m));
    } else if (m.type === "talk") {
      this.onTalk(m.seat, m.say);
    } else if (m.type === "refused") {
      this.onRefused(String(m.message));
    } else if (m.type === "codes") {
      this.onCodes({ game: m.game ?? null, profile: String(m.profile ?? ""), titles: m.titles ?? {}, hands: m.hands ?? {},
        share: m.share ?? null, challenge: m.challenge ?? null });
    }
  }

  /**
   * Ask a peer that says it is the host to prove it; asked again until it answers (a challenge
   * or a proof can be lost, or refused while this guest has sent too much at once).
   * @param {string} peer @param {string} publicKey
   */
  ask(peer, publicKey) {
    const nonce = randomId(18);
    this.asked.set(peer, { nonce, publicKey });
    this.nonces.push(nonce);
    this.challenges.set(nonce, { publicKey, peer });
    this.link.send(peer, encode({ type: "prove", nonce }));
    this.again(peer, () => { if (this.asked.has(peer)) this.ask(peer, publicKey); });
  }

  /** The host (again, after its reload): say who we are, until it welcomes us; the token names our seat. @param {string} peer */
  hostFound(peer) {
    this.host = peer;
    this.link.send(peer, encode({ type: "hello", name: this.name, token: this.token, ...(this.watch ? { watch: true } : {}) }));
    this.onHost(true);
    this.again(peer, () => { if (this.host === peer) this.hostFound(peer); });
  }

  /**
   * What to do if the handshake with `peer` has not settled in a few seconds (a few times at most).
   * @param {string} peer @param {() => void} then
   */
  again(peer, then) {
    const r = this.retries.get(peer);
    if (r) clearTimeout(r.timer);
    const tries = (r?.tries ?? 0) + 1;
    if (tries > HANDSHAKE_TRIES) { this.retries.delete(peer); return; }
    this.retries.set(peer, { tries, timer: setTimeout(then, HANDSHAKE_RETRY_MS) });
  }

  /** The host has welcomed us: the handshake with it is over. @param {string} peer */
  settled(peer) {
    const r = this.retries.get(peer);
    if (r) clearTimeout(r.timer);
    this.retries.delete(peer);
  }

  /** @param {Object<string, unknown>} msg */
  request(msg) {
    if (this.host) this.link.send(this.host, encode(msg));
    else this.onRefused("The table is not connected right now: wait a moment, then try again.");
  }

  /** Play or bid: a request the host's engine checks. @param {Object<string, unknown>} action */
  play(action) { this.request({ type: "move", turn: this.moves, action }); }

  /** @param {number} seat */
  sit(seat) { this.request({ type: "sit", seat }); }

  /** @param {number} say */
  talk(say) { this.request({ type: "talk", say }); }
}
