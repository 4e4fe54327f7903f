// @ts-check
// How the browsers of a shared table reach each other: a Link carries text between this page
// and its peers, whichever way they met.
//
// - joinRelayRoom: Trystero's Nostr strategy (vendored, dist/vendor/trystero.mjs). Peers meet in
//   a room over public Nostr relays (or `?relay=URL[,URL...]`, which replaces them); the offer
//   and answer travel encrypted with the room's secret, then the browsers talk directly.
// - ManualOffer / answerManualOffer: no relay at all. The host's page shows an offer code, the
//   guest's page answers with a code of its own, the people carry them (read out, typed, pasted
//   or a QR): shortcode.js packs what varies in a session description into about 120 letters.
//
// Peer identities change on every page load: a seat is reclaimed by a token, never a peer id.
import { packCode, unpackCode } from "./shortcode.js";

/**
 * @typedef {object} Link
 * @property {(peer: string | null, text: string) => void} send  a peer, or null for every peer
 * @property {((peer: string, text: string) => void) | null} onMessage
 * @property {((peer: string) => void) | null} onJoin
 * @property {((peer: string) => void) | null} onLeave
 * @property {() => void} close
 * @property {string} self this page's own peer id (what the host signs a guest's challenge with)
 * @property {((peer: string) => void) | null} [onTrouble] a peer whose direct connection did not open
 * @property {((alias: string) => void) | null} [onKnock] on the relay path: someone with the link is on the way (their direct id)
 * @property {(peer: string) => string | undefined} [aliasOf] on the relay path: the id the same page has on the direct one
 * @property {(peer: string) => string} [selfFor] this page's peer id as `peer` knows it, when
 *   the link joins two paths (each has its own ids)
 */

/**
 * A guest's two paths to the table as one Link: the direct one (WebRTC) and the relay path,
 * whose peers' ids start with "r:" (relaypath.js). What a peer sends arrives from whichever
 * path it used; a message goes out on the path its peer is on.
 * @param {Link} direct @param {Link} relay
 * @returns {Link}
 */
export function bothPaths(direct, relay) {
  /** @type {Link} */
  const link = {
    send: (peer, text) => {
      if (peer == null) { direct.send(null, text); relay.send(null, text); }
      else (peer.startsWith("r:") ? relay : direct).send(peer, text);
    },
    onMessage: null,
    onJoin: null,
    onLeave: null,
    close: () => { direct.close(); relay.close(); },
    self: direct.self,
    selfFor: (peer) => (peer.startsWith("r:") ? relay.self : direct.self),
  };
  for (const inner of [direct, relay]) {
    inner.onMessage = (peer, text) => link.onMessage?.(peer, text);
    inner.onJoin = (peer) => link.onJoin?.(peer);
    inner.onLeave = (peer) => link.onLeave?.(peer);
  }
  return link;
}

const APP_ID = "kaiser-card-game";
const CHANNEL = "kaiser";

/** The relays to use: `?relay=` replaces the library's defaults. @returns {string[] | null} */
export function relaysFromQuery(search = location.search) {
  const raw = new URLSearchParams(search).get("relay");
  if (!raw) return null;
  const urls = raw.split(",").map((u) => u.trim()).filter((u) => /^wss?:\/\/[^\s]+$/.test(u));
  return urls.length ? urls : null;
}

/**
 * A TURN server of one's own, for networks that block direct connections:
 * `?turn=turn:HOST:PORT` (or `turns:`), with `&turn_user=` and `&turn_pass=` if it asks for them.
 * The invite link keeps the page's query, so the guests use it too.
 * @returns {{urls: string, username?: string, credential?: string}[] | null}
 */
export function turnFromQuery(search = location.search) {
  const q = new URLSearchParams(search);
  const urls = q.get("turn")?.trim();
  if (!urls || !/^turns?:[^\s]+$/.test(urls)) return null;
  const user = q.get("turn_user");
  const pass = q.get("turn_pass");
  return [{ urls, ...(user ? { username: user } : {}), ...(pass ? { credential: pass } : {}) }];
}

/** Relays on this machine mean a test or a local set-up: then no STUN server is asked either. @param {string[] | null} urls */
const allLoopback = (urls) => urls != null && urls.every((u) => /^wss?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(u));

/**
 * Join the room over Nostr relays.
 * @param {{room: string, secret: string, relays: string[] | null}} where
 * @returns {Promise<Link>}
 */
export async function joinRelayRoom({ room, secret, relays }) {
  // A computed URL: the bundle exists only in dist/ (built from pinned npm tarballs).
  const url = new URL("../../vendor/trystero.mjs", import.meta.url).href;
  const trystero = await import(url);
  /** @type {Object<string, unknown>} */
  const config = { appId: APP_ID, password: secret };
  if (relays) config.relayConfig = { urls: relays };
  if (allLoopback(relays)) config.rtcConfig = { iceServers: [] };
  const turn = turnFromQuery();
  if (turn) config.turnConfig = turn;
  /** @type {Link | null} */
  let made = null;
  // The library says when offers were exchanged but no connection formed: the host's lobby says so.
  const r = trystero.joinRoom(config, room, { onJoinError: (/** @type {{peerId?: unknown}} */ e) => { if (typeof e?.peerId === "string") made?.onTrouble?.(e.peerId); } });
  const action = r.makeAction(CHANNEL);
  /** @type {Link} */
  const link = {
    send: (peer, text) => { action.send(text, peer ? { target: peer } : undefined); },
    onMessage: null,
    onJoin: null,
    onLeave: null,
    close: () => { r.leave(); },
    self: String(trystero.selfId),
    onTrouble: null,
  };
  made = link;
  action.onMessage = (/** @type {unknown} */ data, /** @type {string | {peerId?: string}} */ meta) => {
    const peer = typeof meta === "string" ? meta : meta?.peerId;
    if (typeof peer === "string") link.onMessage?.(peer, typeof data === "string" ? data : "");
  };
  r.onPeerJoin = (/** @type {string} */ peer) => link.onJoin?.(peer);
  r.onPeerLeave = (/** @type {string} */ peer) => link.onLeave?.(peer);
  return link;
}

// ---------------------------------------------------------------- no relay: codes by hand

const ICE_WAIT_MS = 4000;

/** @param {RTCPeerConnection} pc */
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") { clearTimeout(t); resolve(undefined); } };
    const t = setTimeout(resolve, ICE_WAIT_MS); // whatever candidates there are by then
    pc.addEventListener("icegatheringstatechange", done);
  });
}

/**
 * One data channel as a Link with a single peer.
 * @param {RTCPeerConnection} pc @param {RTCDataChannel} dc @param {string} peer
 * @returns {Link}
 */
function channelLink(pc, dc, peer) {
  /** @type {Link} */
  const link = {
    send: (_peer, text) => { if (dc.readyState === "open") dc.send(text); },
    onMessage: null,
    onJoin: null,
    onLeave: null,
    close: () => { dc.close(); pc.close(); },
    self: "", // one peer only, met by hand: nobody else could say it is the host
  };
  let open = false;
  const left = () => { if (open) { open = false; link.onLeave?.(peer); } };
  dc.addEventListener("open", () => { open = true; link.onJoin?.(peer); });
  dc.addEventListener("close", left);
  pc.addEventListener("connectionstatechange", () => {
    if (["failed", "closed", "disconnected"].includes(pc.connectionState)) left();
  });
  dc.addEventListener("message", (e) => link.onMessage?.(peer, typeof e.data === "string" ? e.data : ""));
  // A channel the other side opened may be open already when it is handed over.
  if (dc.readyState === "open") queueMicrotask(() => { open = true; link.onJoin?.(peer); });
  return link;
}

/** The host's side of one guest met without a relay: an offer code, then the guest's answer. */
export class ManualOffer {
  /** @param {string} peer the name this connection goes by at the host */
  constructor(peer) {
    this.pc = new RTCPeerConnection({ iceServers: [] });
    const dc = this.pc.createDataChannel(CHANNEL);
    this.link = channelLink(this.pc, dc, peer);
  }

  /** @returns {Promise<string>} the code the guest enters */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc);
    return packCode("offer", this.pc.localDescription?.sdp ?? "");
  }

  /** @param {string} code the guest's answer */
  async accept(code) {
    await this.pc.setRemoteDescription(unpackCode("answer", code));
  }
}

/**
 * The guest's side: take the host's offer code, answer with a code for the host.
 * @param {string} code
 * @returns {Promise<{answer: string, link: Link}>}
 */
export async function answerManualOffer(code) {
  const offer = unpackCode("offer", code);
  const pc = new RTCPeerConnection({ iceServers: [] });
  const link = /** @type {Link} */ ({
    send: () => {}, onMessage: null, onJoin: null, onLeave: null, close: () => pc.close(), self: "",
  });
  pc.addEventListener("datachannel", (e) => {
    // The host's channel: from now on the link is that channel.
    const inner = channelLink(pc, e.channel, "host");
    link.send = inner.send;
    link.close = inner.close;
    inner.onMessage = (p, t) => link.onMessage?.(p, t);
    inner.onJoin = (p) => link.onJoin?.(p);
    inner.onLeave = (p) => link.onLeave?.(p);
  });
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { answer: packCode("answer", pc.localDescription?.sdp ?? ""), link };
}
