// @ts-check
// The relay path: a Link whose messages travel as Nostr events on the relays themselves, for a
// seat whose browser cannot open a direct (WebRTC) connection to the host's.
//
// - Every event is ephemeral (kind RELAY_KIND), tagged with a topic derived from the room's
//   secret, and its content is ciphertext: AES-GCM under a key derived (HKDF) from the secret
//   in the link's fragment, so a relay sees neither the table nor who talks to whom.
// - Inside, each page has a P-256 ECDH key of its own (new on every load): a message between
//   two pages is encrypted again under their pair's key (ECDH, then HKDF salted with the room
//   key), so another guest, who holds the room's secret too, can neither read a message meant
//   for the host nor write one in a guest's name. Each message carries a sequence number under
//   that encryption: a relay (or anyone) replaying an event has it dropped.
// - A page is a peer "r:ID" (ID from its ECDH key). It says "here" when it starts using the
//   path, and every HEARTBEAT_MS; a peer silent for GONE_MS has left. A page being closed or
//   reloaded says "bye" to each peer (under their pair's key, made ahead: a page being left has
//   no time for the crypto), so the others know at once rather than GONE_MS later.
// - Relays limit an event's size (nostr-relay's default: 4,096 characters of content): a long
//   message goes in parts of PART_BYTES. A connection that drops is opened again with backoff,
//   and what was sent meanwhile goes out when it is back.
// The host's own messages are signed besides (identity.js): the path only carries them.

/** @typedef {import("./transport.js").Link} Link */

export const RELAY_KIND = 29731;
const PART_BYTES = 1200;
const HEARTBEAT_MS = 15000;
const GONE_MS = 50000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
/** Default relays used when the page names none: this many of the library's list, by room. */
const DEFAULT_COUNT = 4;
const QUEUE_MAX = 500;

const enc = new TextEncoder();
const dec = new TextDecoder();
/** @param {ArrayBuffer | Uint8Array} bytes */
const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
/** @param {string} text */
function unb64(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}
/** @param {ArrayBuffer | Uint8Array} bytes */
const hex = (bytes) => [...new Uint8Array(bytes)].map((x) => x.toString(16).padStart(2, "0")).join("");

/** @param {CryptoKey} key @param {BufferSource} plain @param {string} aad */
async function seal(key, plain, aad) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: enc.encode(aad) }, key, plain);
  return `${b64(iv)}.${b64(ct)}`;
}

/** @param {CryptoKey} key @param {string} text @param {string} aad @returns {Promise<Uint8Array | null>} */
async function open(key, text, aad) {
  try {
    const [iv, ct] = String(text).split(".");
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv), additionalData: enc.encode(aad) }, key, unb64(ct)));
  } catch {
    return null; // not ours, damaged or forged
  }
}

/**
 * The relay path's Link. It listens from the start (for the host) or once `activate()` is
 * called (a guest, when the direct connection did not open): a guest that connects directly
 * costs the relays nothing.
 */
export class RelayPath {
  /**
   * @param {{room: string, secret: string, relays: string[] | null, host?: boolean, alias?: string}} where
   *   `host`: the host's page, which listens from the start and pairs with guests only;
   *   `alias`: a guest's id on the direct path (the host's lobby tells it is the same person)
   */
  constructor({ room, secret, relays, host = false, alias = "" }) {
    this.host = host;
    /** this page's id on the direct path, said with "here" so the host's lobby knows it is the same person */
    this.alias = alias;
    /** @type {Map<string, string>} */
    this.aliases = new Map();
    this.room = room;
    this.secret = secret;
    this.relayList = relays;
    this.active = host;
    /** @type {Link} */
    this.link = {
      send: (peer, text) => { this.send(peer, text); },
      onMessage: null,
      onJoin: null,
      onLeave: null,
      close: () => this.close(),
      self: "",
      aliasOf: (peer) => this.aliases.get(peer),
      onKnock: null,
    };
    /** @type {Map<string, {key: CryptoKey, lastHeard: number, outSeq: number, inSeq: number, parts: Map<number, string[]>}>} */
    this.peers = new Map();
    /** @type {Map<string, string>} per peer, the signed "bye" event ready to go when this page is left */
    this.byes = new Map();
    /** @type {Map<string, {ws: WebSocket | null, tries: number, queue: string[], timer: ReturnType<typeof setTimeout> | null, up: boolean}>} */
    this.sockets = new Map();
    this.seen = new Set();
    this.closed = false;
    /** @type {(state: string) => void} "up" when a relay is reachable, "down" while none is */
    this.onState = () => {};
    /** @type {"" | "up" | "down"} */
    this.state = "";
    /** Counts of events, for the README's figures and the tests. */
    this.stats = { sent: 0, received: 0 };
    /** the room's topic tag on the relays and this page's id on this path: set once `ready` */
    this.topic = "";
    this.id = "";
    this.ready = this.init();
  }

  async init() {
    const url = new URL("../../vendor/trystero.mjs", import.meta.url).href;
    const lib = await import(url);
    this.schnorr = lib.schnorr;
    const defaults = /** @type {string[]} */ (lib.defaultRelayUrls ?? []);
    const material = await crypto.subtle.importKey("raw", enc.encode(this.secret), "HKDF", false, ["deriveBits", "deriveKey"]);
    /** @param {string} label */
    const info = (label) => ({ name: "HKDF", hash: "SHA-256", salt: enc.encode(`kaiser-relay-path|${this.room}`), info: enc.encode(label) });
    this.topic = hex(await crypto.subtle.deriveBits(info("topic"), material, 128));
    this.roomKey = await crypto.subtle.deriveKey(info("room"), material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    this.pairSalt = new Uint8Array(await crypto.subtle.deriveBits(info("pair-salt"), material, 256));
    this.ecdh = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]));
    this.epk = b64(await crypto.subtle.exportKey("raw", this.ecdh.publicKey));
    this.id = await RelayPath.idOf(this.epk);
    this.link.self = this.id;
    this.nostrKey = crypto.getRandomValues(new Uint8Array(32));
    this.nostrPub = hex(this.schnorr.getPublicKey(this.nostrKey));
    let urls = this.relayList;
    if (!urls) {
      const h = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(this.room)));
      const pool = defaults.map((u) => (/^wss?:\/\//.test(u) ? u : `wss://${u}`));
      urls = [];
      for (let i = 0; urls.length < Math.min(DEFAULT_COUNT, pool.length); i++) {
        const u = pool[(h[i % h.length] + i) % pool.length];
        if (!urls.includes(u)) urls.push(u);
      }
    }
    for (const u of urls) this.connect(u);
    this.beat = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    addEventListener("pagehide", (e) => { if (!e.persisted) this.farewell(); });
  }

  /** A peer's name on this path, from its ECDH key. @param {string} epk */
  static async idOf(epk) {
    return `r:${b64(await crypto.subtle.digest("SHA-256", enc.encode(epk))).slice(0, 16)}`;
  }

  /**
   * A guest's first word, before any path is open: "someone with the link is on the way" (the
   * host's lobby shows it). One event; the page talks on the relays only once activated.
   */
  async knock() {
    await this.ready;
    const plain = enc.encode(JSON.stringify({ t: "knock", alias: this.alias }));
    this.later(async () => this.publish(await seal(/** @type {CryptoKey} */ (this.roomKey), plain, this.topic)));
  }

  /** Start talking on the relays (a guest whose direct connection did not open). */
  async activate() {
    await this.ready;
    if (this.active) return;
    this.active = true;
    this.announce(false);
  }

  /** Whether some relay is reachable now. */
  get up() { return [...this.sockets.values()].some((s) => s.up); }

  /** @param {string} url */
  connect(url) {
    if (this.closed) return;
    const s = this.sockets.get(url) ?? { ws: null, tries: 0, queue: [], timer: null, up: false };
    this.sockets.set(url, s);
    let ws;
    try { ws = new WebSocket(url); } catch { this.retry(url); return; }
    s.ws = ws;
    ws.addEventListener("open", () => {
      s.tries = 0;
      s.up = true;
      ws.send(JSON.stringify(["REQ", `k${this.id.slice(2, 10)}`, { kinds: [RELAY_KIND], "#x": [this.topic], since: Math.floor(Date.now() / 1000) - 30 }]));
      for (const text of s.queue.splice(0)) ws.send(text);
      if (this.state !== "up") { this.state = "up"; this.onState("up"); }
      if (this.active) this.announce(false);
    });
    ws.addEventListener("message", (e) => this.incoming(e.data));
    ws.addEventListener("close", () => {
      s.up = false;
      s.ws = null;
      if (!this.up && this.state !== "down") { this.state = "down"; this.onState("down"); }
      this.retry(url);
    });
  }

  /** Open a dropped relay connection again, waiting longer each time (up to 15 s). @param {string} url */
  retry(url) {
    const s = this.sockets.get(url);
    if (!s || this.closed) return;
    if (s.timer) clearTimeout(s.timer);
    const wait = BACKOFF_MS[Math.min(s.tries, BACKOFF_MS.length - 1)];
    s.tries += 1;
    s.timer = setTimeout(() => { s.timer = null; this.connect(url); }, wait);
  }

  /** One event's content as a signed event, ready to send. @param {string} content */
  async signed(content) {
    const event = {
      pubkey: this.nostrPub, created_at: Math.floor(Date.now() / 1000), kind: RELAY_KIND, tags: [["x", this.topic]], content,
    };
    const id = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]))));
    const sig = await this.schnorr.signAsync(id, this.nostrKey);
    this.seen.add(hex(id));
    return JSON.stringify(["EVENT", { ...event, id: hex(id), sig: hex(sig) }]);
  }

  /** Publish one event's content on every relay (queued for a relay that is down). @param {string} content */
  async publish(content) {
    const text = await this.signed(content);
    this.stats.sent += 1;
    for (const s of this.sockets.values()) {
      if (s.up && s.ws?.readyState === WebSocket.OPEN) s.ws.send(text);
      else if (s.queue.length < QUEUE_MAX) s.queue.push(text);
    }
  }

  /** Say "here" to the room (`reply`: an answer to someone's, which asks for none back). @param {boolean} reply */
  announce(reply) {
    const plain = enc.encode(JSON.stringify({ t: "here", epk: this.epk, reply, alias: this.alias }));
    this.later(async () => this.publish(await seal(/** @type {CryptoKey} */ (this.roomKey), plain, this.topic)));
  }

  /** Events go out in the order they were made. @param {() => Promise<unknown>} work */
  later(work) {
    this.chain = (this.chain ?? Promise.resolve()).then(work).catch(() => {});
  }

  heartbeat() {
    if (!this.active) return;
    this.announce(true);
    const now = performance.now();
    for (const [peer, p] of this.peers) {
      if (now - p.lastHeard > GONE_MS) this.gone(peer);
      else this.prepareBye(peer); // made again, so that its time stays close to now
    }
  }

  /** @param {string} peer */
  gone(peer) {
    this.peers.delete(peer);
    this.byes.delete(peer);
    this.link.onLeave?.(peer);
  }

  /** The "bye" to one peer, made ahead of need. @param {string} peer */
  async prepareBye(peer) {
    const p = this.peers.get(peer);
    if (!p) return;
    const d = await seal(p.key, enc.encode("bye"), `${this.id}>${peer}|bye`);
    const outer = enc.encode(JSON.stringify({ t: "bye", f: this.id, o: peer, d }));
    const text = await this.signed(await seal(/** @type {CryptoKey} */ (this.roomKey), outer, this.topic));
    if (this.peers.has(peer)) this.byes.set(peer, text);
  }

  /** This page is being left: each peer is told, on every relay reachable now. */
  farewell() {
    for (const text of this.byes.values()) {
      for (const s of this.sockets.values()) if (s.up && s.ws?.readyState === WebSocket.OPEN) s.ws.send(text);
    }
  }

  /** @param {unknown} data */
  async incoming(data) {
    if (!this.active || typeof data !== "string" || data.length > 200000) return;
    let msg;
    try { msg = JSON.parse(data); } catch { return; }
    if (!Array.isArray(msg) || msg[0] !== "EVENT" || typeof msg[2] !== "object" || !msg[2]) return;
    const ev = msg[2];
    if (ev.kind !== RELAY_KIND || typeof ev.id !== "string" || this.seen.has(ev.id)) return;
    this.seen.add(ev.id);
    if (this.seen.size > 20000) this.seen = new Set([...this.seen].slice(-10000));
    this.stats.received += 1;
    const plain = await open(/** @type {CryptoKey} */ (this.roomKey), ev.content, this.topic);
    if (!plain) return;
    let m;
    try { m = JSON.parse(dec.decode(plain)); } catch { return; }
    if (m?.t === "knock" && typeof m.alias === "string" && m.alias) this.link.onKnock?.(m.alias.slice(0, 64));
    else if (m?.t === "here" && typeof m.epk === "string" && m.epk.length < 200) {
      await this.heard(m.epk, !!m.reply, typeof m.alias === "string" ? m.alias.slice(0, 64) : "");
    }
    else if (m?.t === "bye" && m.o === this.id && typeof m.f === "string" && typeof m.d === "string") {
      const p = this.peers.get(m.f);
      if (p && await open(p.key, m.d, `${m.f}>${this.id}|bye`)) this.gone(m.f);
    }
    else if (m?.t === "m" && m.o === this.id && typeof m.f === "string") {
      if (this.peers.has(m.f)) await this.message(m.f, m.d);
      else if (performance.now() - (this.askedAt ?? -Infinity) > 3000) {
        this.askedAt = performance.now(); // someone we missed: everyone says "here" again
        this.announce(false);
      }
    }
  }

  /** A page said it is here. @param {string} epk @param {boolean} reply */
  async heard(epk, reply, alias = "") {
    // Every guest names its direct id; a page that names none is a host's: to the host, that is
    // its own previous load, whose last "here" the relays still hold for a while.
    if (epk === this.epk || (this.host && !alias)) return;
    const peer = await RelayPath.idOf(epk);
    if (alias) this.aliases.set(peer, alias);
    const known = this.peers.get(peer);
    if (known) { known.lastHeard = performance.now(); if (!reply) this.announce(true); return; }
    let key;
    try {
      const theirs = await crypto.subtle.importKey("raw", unb64(epk), { name: "ECDH", namedCurve: "P-256" }, false, []);
      const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: theirs }, /** @type {CryptoKeyPair} */ (this.ecdh).privateKey, 256);
      const material = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveKey"]);
      key = await crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: this.pairSalt, info: enc.encode("kaiser-pair") },
        material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    } catch {
      return; // not a key
    }
    if (this.peers.has(peer)) return;
    this.peers.set(peer, { key, lastHeard: performance.now(), outSeq: 0, inSeq: 0, parts: new Map() });
    if (!reply) this.announce(true);
    this.prepareBye(peer);
    this.link.onJoin?.(peer);
  }

  /** One part of a message from a peer, checked under the pair's key. @param {string} from @param {unknown} data */
  async message(from, data) {
    const p = this.peers.get(from);
    if (!p || typeof data !== "string") return;
    const plain = await open(p.key, data, `${from}>${this.id}`);
    if (!plain) return;
    let m;
    try { m = JSON.parse(dec.decode(plain)); } catch { return; }
    const { n, i, k, s } = m ?? {};
    if (![n, i, k].every(Number.isInteger) || k < 1 || k > 64 || i < 0 || i >= k || typeof s !== "string") return;
    if (n <= p.inSeq) return; // already had it: a replay, or a relay's second copy
    p.lastHeard = performance.now();
    const parts = p.parts.get(n) ?? new Array(k).fill(null);
    parts[i] = s;
    p.parts.set(n, parts);
    // Messages are delivered in order: the next one once all its parts are here.
    for (;;) {
      const next = p.parts.get(p.inSeq + 1);
      if (!next || next.some((x) => x == null)) break;
      p.parts.delete(p.inSeq + 1);
      p.inSeq += 1;
      const bytes = next.map(unb64);
      const all = new Uint8Array(bytes.reduce((a, b) => a + b.length, 0));
      let at = 0;
      for (const b of bytes) { all.set(b, at); at += b.length; }
      this.link.onMessage?.(from, dec.decode(all));
    }
    // A message whose parts never all came (a relay dropped one) is not waited for forever.
    if (p.parts.size > 8) {
      const oldest = Math.min(...p.parts.keys());
      p.inSeq = oldest - 1;
      p.parts.delete(oldest);
    }
  }

  /** @param {string | null} peer @param {string} text */
  send(peer, text) {
    const targets = peer ? [peer] : [...this.peers.keys()];
    for (const t of targets) this.sendTo(t, text);
  }

  /** @param {string} peer @param {string} text */
  sendTo(peer, text) {
    const p = this.peers.get(peer);
    if (!p || !this.active) return;
    p.outSeq += 1;
    const n = p.outSeq;
    const bytes = enc.encode(text);
    const k = Math.max(1, Math.ceil(bytes.length / PART_BYTES));
    this.later(async () => {
      for (let i = 0; i < k; i++) {
        const s = b64(bytes.subarray(i * PART_BYTES, (i + 1) * PART_BYTES));
        const inner = await seal(p.key, enc.encode(JSON.stringify({ n, i, k, s })), `${this.id}>${peer}`);
        const outer = enc.encode(JSON.stringify({ t: "m", f: this.id, o: peer, d: inner }));
        await this.publish(await seal(/** @type {CryptoKey} */ (this.roomKey), outer, this.topic));
      }
    });
  }

  close() {
    this.closed = true;
    clearInterval(this.beat);
    for (const s of this.sockets.values()) { if (s.timer) clearTimeout(s.timer); s.ws?.close(); }
  }
}
