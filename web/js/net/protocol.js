// @ts-check
// The messages of a shared table, host <-> guests, as versioned JSON text.
//
// Everything a guest sends is untrusted: the host parses it here, within a size limit, and
// keeps only the fields it knows, of the types it expects. The seat a move is for is never
// taken from a message: the host knows which seat each connection holds. Every host message
// carries the table's move count (`moves`), and a guest's move names the turn it was meant for,
// so a move sent twice or too late is refused by the engine instead of played twice.

export const PROTOCOL = 1;
/** A guest's message is a move, a seat request or a quick message: a few hundred bytes. */
export const MAX_GUEST_BYTES = 4096;
/** The host's biggest message is a finished hand (its record and the next hand's view). */
export const MAX_HOST_BYTES = 65536;
/** Per guest: at most RATE_BURST messages at once, refilled at RATE_PER_S a second. */
export const RATE_BURST = 12;
export const RATE_PER_S = 4;
export const NAME_MAX = 24;

/** Quick table talk: the only things a player can say, by index (no free text). */
export const TALK = ["Nice!", "Oops", "Thanks, partner", "Well played", "Good game", "👍", "😄", "😮", "🎉"];

/**
 * @typedef {{type: "hello", name: string, token: string | null, watch: boolean}
 *   | {type: "move", turn: number, action: Object<string, unknown>}
 *   | {type: "sit", seat: number}
 *   | {type: "talk", say: number}
 *   | {type: "prove", nonce: string}} GuestMessage
 */

/**
 * A name as shown at the table: plain text, no control characters, trimmed, short.
 * @param {unknown} name
 */
export function cleanName(name) {
  const text = String(name ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
  return text.slice(0, NAME_MAX) || "Guest";
}

/** @param {unknown} x */
const isInt = (x) => typeof x === "number" && Number.isInteger(x);
/** @param {unknown} x */
const isObj = (x) => x != null && typeof x === "object" && !Array.isArray(x);

/**
 * Parse one message from a guest. Returns the message with only its known fields, or an
 * `{error}` in words the guest is shown.
 * @param {unknown} text
 * @returns {{msg: GuestMessage} | {error: string}}
 */
export function parseGuest(text) {
  if (typeof text !== "string") return { error: "a message is JSON text" };
  if (text.length > MAX_GUEST_BYTES) return { error: `a message may hold at most ${MAX_GUEST_BYTES} bytes, this one ${text.length}` };
  let m;
  try { m = JSON.parse(text); } catch { return { error: "a message is JSON text" }; }
  if (!isObj(m)) return { error: "a message is a JSON object" };
  if (m.v !== PROTOCOL) return { error: `this table speaks version ${PROTOCOL} of the protocol: reload the page` };
  switch (m.type) {
    case "hello":
      return { msg: { type: "hello", name: cleanName(m.name), token: typeof m.token === "string" && m.token.length <= 64 ? m.token : null, watch: m.watch === true } };
    case "move":
      if (!isInt(m.turn) || m.turn < 0) return { error: "a move names its turn, a whole number" };
      if (!isObj(m.action)) return { error: "a move carries an action object" };
      return { msg: { type: "move", turn: m.turn, action: m.action } };
    case "sit":
      if (!isInt(m.seat) || m.seat < 0 || m.seat > 3) return { error: "a seat is 0 to 3" };
      return { msg: { type: "sit", seat: m.seat } };
    case "talk":
      if (!isInt(m.say) || m.say < 0 || m.say >= TALK.length) return { error: "table talk is one of the preset messages" };
      return { msg: { type: "talk", say: m.say } };
    case "prove":
      if (typeof m.nonce !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(m.nonce)) return { error: "a challenge is 16 to 64 letters and digits" };
      return { msg: { type: "prove", nonce: m.nonce } };
    default:
      return { error: `unknown message type ${typeof m.type === "string" ? JSON.stringify(m.type).slice(0, 40) : `of kind ${typeof m.type}`}` };
  }
}

/** @param {Object<string, unknown>} msg */
export function encode(msg) {
  return JSON.stringify({ v: PROTOCOL, ...msg });
}

/**
 * Parse a message from the host (the guest trusts the host, but not its size).
 * @param {unknown} text
 * @returns {Object<string, any> | null}
 */
export function parseHost(text) {
  if (typeof text !== "string" || text.length > MAX_HOST_BYTES) return null;
  try {
    const m = JSON.parse(text);
    return isObj(m) && m.v === PROTOCOL && typeof m.type === "string" ? m : null;
  } catch {
    return null;
  }
}

/** A token bucket per guest: a flood is refused, a normal pace never is. */
export class RateLimit {
  constructor(burst = RATE_BURST, perSecond = RATE_PER_S) {
    this.burst = burst;
    this.perSecond = perSecond;
    /** @type {Map<string, {tokens: number, at: number}>} */
    this.buckets = new Map();
  }

  /** @param {string} who @returns {boolean} whether this message may go through */
  take(who, now = performance.now()) {
    const b = this.buckets.get(who) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.buckets.set(who, b);
    return ok;
  }
}

/** A random id of `bytes` bytes, base64url. */
export function randomId(bytes = 12) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return btoa(String.fromCharCode(...a)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The room named by a link's fragment: `#play=ROOM.SECRET.HOST`. The fragment never reaches a
 * server (browsers do not send it), and the secret is the room's password: it encrypts the
 * connection set-up, so only people with the link can join or listen. HOST is the fingerprint
 * of the host's key (identity.js), by which a guest tells the host from the other guests.
 * @param {string} hash
 * @returns {{room: string, secret: string, host: string | null} | null}
 */
export function roomFromHash(hash) {
  const m = /^#play=([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{16,128})(?:\.([A-Za-z0-9_-]{22}))?$/.exec(hash);
  return m ? { room: m[1], secret: m[2], host: m[3] ?? null } : null;
}

/** @param {{room: string, secret: string, host: string}} r @param {Location} [loc] */
export function inviteUrl(r, loc = location) {
  const url = new URL(loc.href);
  url.hash = `play=${r.room}.${r.secret}.${r.host}`;
  return url.href;
}
