// @ts-check
// The host's identity at a shared table. Everyone in the room holds the link's secret, so the
// secret cannot tell the host from a guest: a guest could otherwise tell the others it is the
// host and show them a table of its own making. So the host has a key pair (kept with its saved
// table, so a reload keeps it), the invite link names the public key by its fingerprint, and the
// host proves it holds the private key by signing each guest's challenge together with that
// guest's own peer id: a proof the host gave one guest convinces no other guest.

const KEY = { name: "ECDSA", namedCurve: "P-256" };
const SIGN = { name: "ECDSA", hash: "SHA-256" };
/** A fingerprint is 16 bytes of the key's SHA-256: 22 characters in a link. */
export const FINGERPRINT_CHARS = 22;

/** @param {ArrayBuffer | Uint8Array} bytes */
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** @param {string} text @returns {Uint8Array<ArrayBuffer>} */
function unb64url(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

/** @typedef {{privateJwk: JsonWebKey, publicKey: string}} HostKey the public key raw, base64url */

/** A new key pair for a new table. @returns {Promise<HostKey>} */
export async function newHostKey() {
  const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(KEY, true, ["sign", "verify"]));
  const [privateJwk, raw] = await Promise.all([
    crypto.subtle.exportKey("jwk", pair.privateKey), crypto.subtle.exportKey("raw", pair.publicKey)]);
  return { privateJwk, publicKey: b64url(raw) };
}

/** What the invite link carries of the host's key. @param {string} publicKey */
export async function fingerprint(publicKey) {
  const digest = await crypto.subtle.digest("SHA-256", unb64url(publicKey));
  return b64url(digest).slice(0, FINGERPRINT_CHARS);
}

/** @param {string} nonce @param {string} peer the guest's own peer id */
const challengeText = (nonce, peer) => new TextEncoder().encode(`kaiser-host-proof|${nonce}|${peer}`);

/** The host's answer to a guest's challenge. @param {HostKey} key @param {string} nonce @param {string} peer */
export async function prove(key, nonce, peer) {
  const priv = await crypto.subtle.importKey("jwk", key.privateJwk, KEY, false, ["sign"]);
  return b64url(await crypto.subtle.sign(SIGN, priv, challengeText(nonce, peer)));
}

/**
 * Whether a peer that says it is the host is: its key has the link's fingerprint and it signed
 * our challenge for our own peer id.
 * @param {{publicKey: string, fingerprint: string, nonce: string, self: string, proof: string}} claim
 */
export async function verify({ publicKey, fingerprint: expected, nonce, self, proof }) {
  try {
    if (await fingerprint(publicKey) !== expected) return false;
    const pub = await crypto.subtle.importKey("raw", unb64url(publicKey), KEY, false, ["verify"]);
    return await crypto.subtle.verify(SIGN, pub, unb64url(proof), challengeText(nonce, self));
  } catch {
    return false; // a malformed key or proof proves nothing
  }
}

// ---------------------------------------------------------------- every message the host sends
// Once a guest has had the host's proof for one of its challenges (a nonce of its own, new on
// each load), every table message the host sends that guest names the nonce (`sid`), a number
// one higher than the last (`seq`), and ends with the host's signature of the text before it
// (`,"sig":"…"}`). A guest accepts a table message only so: another guest cannot write one, a
// message the host sent someone else names another nonce, and an old one has a number already
// seen. The same on every path (direct, through the relay, codes by hand).

/** @type {WeakMap<JsonWebKey, Promise<CryptoKey>>} */
const signers = new WeakMap();

/** The host's signed text of a message (JSON) to one guest. @param {HostKey} key @param {string} body */
export async function signText(key, body) {
  let k = signers.get(key.privateJwk);
  if (!k) {
    k = crypto.subtle.importKey("jwk", key.privateJwk, KEY, false, ["sign"]);
    signers.set(key.privateJwk, k);
  }
  const sig = b64url(await crypto.subtle.sign(SIGN, await k, new TextEncoder().encode(body)));
  return `${body.slice(0, -1)},"sig":"${sig}"}`;
}

const SIGNED = /^([\s\S]*),"sig":"([A-Za-z0-9_-]{40,120})"\}$/;

/** The host's public key, for checking its messages. @param {string} publicKey */
export function verifier(publicKey) {
  return crypto.subtle.importKey("raw", unb64url(publicKey), KEY, false, ["verify"]);
}

/** Whether `text` ends with the host's signature of the rest. @param {CryptoKey} pub @param {string} text */
export async function signedByHost(pub, text) {
  const m = SIGNED.exec(text);
  if (!m) return false;
  try {
    return await crypto.subtle.verify(SIGN, pub, unb64url(m[2]), new TextEncoder().encode(`${m[1]}}`));
  } catch {
    return false;
  }
}
