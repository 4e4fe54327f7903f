// @ts-check
// The codes people carry by hand on the no-relay path, short enough to read out or type.
//
// A WebRTC session description for one data channel is mostly fixed text; only a few things
// vary: the ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS
// role, and the host candidates (address and port). A code holds only those, packed as bits,
// and the other side writes a valid description around them again (sdpFromParts).
//
// Written in Crockford's base32 (digits and capitals without I, L, O, U; read case-insensitively,
// O as 0, I and L as 1, dashes and spaces ignored), in groups of five. The first letter says
// what the code is (H the host's code, G a guest's answer: another letter, another format),
// the last two are a check (the code as a number modulo 1021): any one wrong character and any
// two neighbours swapped are caught, other typos all but one time in a thousand.
//
// Bits, in order: the DTLS role (2), the user fragment's length - 4 (5) and the password's
// length - 22 (5), their characters (6 bits each: ICE allows 64), the fingerprint (256), the
// number of candidates (3), then each candidate: its address's kind (2: IPv4, IPv6, an mDNS name
// of a random UUID (its 122 random bits), an mDNS name of any other UUID), the port (16), the
// address (32, 128, 122 or 128 bits).

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const KIND_LETTER = { offer: "H", answer: "G" };
const CHECK_MOD = 1021; // a prime: a changed or swapped symbol always changes the remainder
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ROLES = ["actpass", "active", "passive"];
const MAX_CANDIDATES = 7;
const GROUP = 5;

export const TYPO = "That code has a typo: check the letters and try again.";
const TOO_ODD = "This browser's connection details do not fit in a code: connect through the link instead.";

/**
 * @typedef {{kind: "ipv4" | "ipv6" | "mdns", address: string, port: number}} Candidate
 * @typedef {{ufrag: string, pwd: string, fingerprint: Uint8Array, setup: string, candidates: Candidate[]}} Parts
 */

// ---------------------------------------------------------------- the session description

/**
 * What varies in a data channel's session description.
 * @param {string} sdp
 * @returns {Parts}
 */
export function partsOfSdp(sdp) {
  const lines = sdp.split(/\r?\n/);
  /** @param {string} prefix */
  const value = (prefix) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).trim();
  const mLines = lines.filter((l) => l.startsWith("m="));
  if (mLines.length !== 1 || !mLines[0].startsWith("m=application ") || value("a=mid:") !== "0") throw new Error(TOO_ODD);
  const ufrag = value("a=ice-ufrag:") ?? "";
  const pwd = value("a=ice-pwd:") ?? "";
  const setup = value("a=setup:") ?? "";
  const hex = /^sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})$/.exec(value("a=fingerprint:") ?? "");
  if (!hex || !ROLES.includes(setup)) throw new Error(TOO_ODD);
  const fingerprint = Uint8Array.from(hex[1].split(":"), (h) => parseInt(h, 16));
  /** @type {(Candidate & {priority: number})[]} */
  const found = [];
  for (const line of lines) {
    // candidate:FOUNDATION COMPONENT TRANSPORT PRIORITY ADDRESS PORT typ TYPE ...
    const f = line.startsWith("a=candidate:") ? line.slice(12).trim().split(/\s+/) : [];
    if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ" || f[7] !== "host") continue;
    const kind = addressKind(f[4]);
    if (kind) found.push({ kind, address: f[4].toLowerCase(), port: Number(f[5]), priority: Number(f[3]) });
  }
  found.sort((a, b) => b.priority - a.priority);
  const candidates = found.slice(0, MAX_CANDIDATES).map(({ kind, address, port }) => ({ kind, address, port }));
  return { ufrag, pwd, fingerprint, setup, candidates };
}

/** @param {string} address @returns {Candidate["kind"] | null} */
function addressKind(address) {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return "ipv4";
  if (/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\.local$/i.test(address)) return "mdns";
  if (address.includes(":") && ipv6Bytes(address)) return "ipv6";
  return null;
}

/**
 * A data channel's session description around the parts, as Chromium writes one (its fixed
 * lines: one application m-line, mid 0, SCTP on port 5000, its largest message size).
 * @param {Parts} parts
 * @returns {string}
 */
export function sdpFromParts(parts) {
  const fp = Array.from(parts.fingerprint, (b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  // Host candidates in the order they came, highest priority first.
  const candidates = parts.candidates.map((c, i) => `a=candidate:${i + 1} 1 udp ${(126 << 24) + ((65535 - i) << 8) + 255} ${c.address} ${c.port} typ host generation 0`);
  return [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    `a=ice-ufrag:${parts.ufrag}`,
    `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${parts.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "",
  ].join("\r\n");
}

// ---------------------------------------------------------------- addresses as bits

/** @param {string} text @returns {number[] | null} the 16 bytes of an IPv6 address */
function ipv6Bytes(text) {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  /** @param {string | undefined} part */
  const words = (part) => (part ? part.split(":") : []);
  const head = words(halves[0]);
  const tail = halves.length === 2 ? words(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const all = [...head, ...Array(fill).fill("0"), ...tail];
  if (!all.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  return all.flatMap((w) => [parseInt(w, 16) >> 8, parseInt(w, 16) & 255]);
}

/** @param {number[]} bytes */
const ipv6Text = (bytes) => Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(":");

/** @param {number[]} bytes */
const uuidText = (bytes) => {
  const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
};

class Bits {
  constructor() {
    /** @type {number[]} */
    this.bits = [];
    this.at = 0;
  }

  /** @param {number} value @param {number} width */
  put(value, width) {
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
  }

  /** @param {number} width */
  take(width) {
    if (this.at + width > this.bits.length) throw new Error(TYPO);
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 2 + this.bits[this.at++];
    return v;
  }
}

/** @param {Bits} w @param {string} text */
function putIce(w, text) {
  for (const ch of text) w.put(ICE_CHARS.indexOf(ch), 6);
}

/** @param {Bits} r @param {number} n */
const takeIce = (r, n) => Array.from({ length: n }, () => ICE_CHARS[r.take(6)]).join("");

/** @param {Bits} w @param {Candidate} c */
function putCandidate(w, c) {
  const hex = c.address.replace(/\.local$/, "").replace(/-/g, "");
  const uuid = hex.length === 32 ? Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16)) : [];
  // A random (version 4) UUID has six fixed bits: only its 122 random ones travel.
  const random = c.kind === "mdns" && (uuid[6] >> 4) === 4 && (uuid[8] >> 6) === 2;
  w.put(c.kind === "ipv4" ? 0 : c.kind === "ipv6" ? 1 : random ? 2 : 3, 2);
  w.put(c.port, 16);
  if (c.kind === "ipv4") for (const n of c.address.split(".")) w.put(Number(n), 8);
  else if (c.kind === "ipv6") for (const b of /** @type {number[]} */ (ipv6Bytes(c.address))) w.put(b, 8);
  else if (!random) for (const b of uuid) w.put(b, 8);
  else {
    uuid.forEach((b, i) => {
      if (i === 6) w.put(b & 15, 4);
      else if (i === 8) w.put(b & 63, 6);
      else w.put(b, 8);
    });
  }
}

/** @param {Bits} r @returns {Candidate} */
function takeCandidate(r) {
  const kind = r.take(2);
  const port = r.take(16);
  if (kind === 0) return { kind: "ipv4", port, address: Array.from({ length: 4 }, () => r.take(8)).join(".") };
  if (kind === 1) return { kind: "ipv6", port, address: ipv6Text(Array.from({ length: 16 }, () => r.take(8))) };
  const uuid = Array.from({ length: 16 }, (_, i) => {
    if (kind === 3) return r.take(8);
    if (i === 6) return 0x40 | r.take(4);
    if (i === 8) return 0x80 | r.take(6);
    return r.take(8);
  });
  return { kind: "mdns", port, address: uuidText(uuid) };
}

// ---------------------------------------------------------------- the code

/** @param {number[]} symbols */
const checkOf = (symbols) => symbols.reduce((c, s) => (c * 32 + s) % CHECK_MOD, 0);

/**
 * A session description as a code a person can carry.
 * @param {"offer" | "answer"} type @param {string} sdp
 * @returns {string}
 */
export function packCode(type, sdp) {
  const p = partsOfSdp(sdp);
  /** @param {string} s @param {number} min */
  const okIce = (s, min) => s.length >= min && s.length < min + 32 && [...s].every((ch) => ICE_CHARS.includes(ch));
  if (!okIce(p.ufrag, 4) || !okIce(p.pwd, 22)) throw new Error(TOO_ODD);
  const w = new Bits();
  w.put(ROLES.indexOf(p.setup), 2);
  w.put(p.ufrag.length - 4, 5);
  w.put(p.pwd.length - 22, 5);
  putIce(w, p.ufrag);
  putIce(w, p.pwd);
  for (const b of p.fingerprint) w.put(b, 8);
  w.put(p.candidates.length, 3);
  for (const c of p.candidates) putCandidate(w, c);
  while (w.bits.length % 5) w.bits.push(0);
  const symbols = [ALPHABET.indexOf(KIND_LETTER[type])];
  for (let i = 0; i < w.bits.length; i += 5) symbols.push(w.bits.slice(i, i + 5).reduce((v, b) => v * 2 + b, 0));
  const check = checkOf(symbols);
  symbols.push(check >> 5, check & 31);
  const text = symbols.map((s) => ALPHABET[s]).join("");
  return text.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? text;
}

/**
 * The symbols of a code as typed: case and dashes or spaces do not matter, O is 0, I and L are 1.
 * @param {string} code @returns {number[]}
 */
function symbolsOf(code) {
  const text = code.toUpperCase().replace(/[\s-]+/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return Array.from(text, (ch) => {
    const s = ALPHABET.indexOf(ch);
    if (s < 0) throw new Error(TYPO);
    return s;
  });
}

/** Whether the last two symbols are the check of the others. @param {number[]} symbols */
const checked = (symbols) => symbols.length >= 4 && checkOf(symbols.slice(0, -2)) === symbols[symbols.length - 2] * 32 + symbols[symbols.length - 1];

/** @param {number[]} symbols @returns {"offer" | "answer" | undefined} */
const kindOf = (symbols) => (ALPHABET[symbols[0]] === KIND_LETTER.offer ? "offer" : ALPHABET[symbols[0]] === KIND_LETTER.answer ? "answer" : undefined);

/**
 * Which kind of code this is, if it is a whole code with its check right.
 * @param {string} code @returns {"offer" | "answer" | null}
 */
export function codeKind(code) {
  try {
    const symbols = symbolsOf(code);
    return checked(symbols) ? kindOf(symbols) ?? null : null;
  } catch {
    return null;
  }
}

/**
 * The session description a code carries, or an error in a player's words.
 * @param {"offer" | "answer"} type what this box expects @param {string} code
 * @returns {RTCSessionDescriptionInit}
 */
export function unpackCode(type, code) {
  const symbols = symbolsOf(code);
  if (symbols.length === 0) throw new Error(type === "offer" ? "Enter the host's code first." : "Enter your friend's answer first.");
  if (!checked(symbols)) throw new Error(TYPO);
  const kind = kindOf(symbols);
  if (!kind) throw new Error("That code comes from another version of this page: reload both pages and make new codes.");
  if (kind !== type) {
    throw new Error(type === "offer" ? "That is a guest's answer: here goes the code the host's page shows."
      : "That is a host's code: here goes the answer your friend's page shows.");
  }
  const r = new Bits();
  for (const s of symbols.slice(1, -2)) r.put(s, 5);
  const setup = ROLES[r.take(2)];
  const ufragLength = r.take(5) + 4;
  const pwdLength = r.take(5) + 22;
  const ufrag = takeIce(r, ufragLength);
  const pwd = takeIce(r, pwdLength);
  const fingerprint = Uint8Array.from({ length: 32 }, () => r.take(8));
  const candidates = Array.from({ length: r.take(3) }, () => takeCandidate(r));
  if (!setup || r.bits.length - r.at >= 5 || r.bits.slice(r.at).some((b) => b)) throw new Error(TYPO);
  return { type, sdp: sdpFromParts({ ufrag, pwd, fingerprint, setup, candidates }) };
}
