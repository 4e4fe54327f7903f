// @ts-check
// The "Play with friends" page (friends.html): the host's lobby and table, or a guest's.
//
//   friends.html                  host a new table (the engine starts in this browser)
//   friends.html#host=ROOM        the host's page after a reload: the saved table reopens
//   friends.html#play=ROOM.SECRET a guest, over relays (the invite link)
//   friends.html#manual           a guest, with codes exchanged by hand (no relay)
//   ?relay=URL[,URL...]           these relays instead of the default ones
//
// A guest's page never loads the Python runtime: it renders what the host sends.
import { HostSession, DEFAULT_ABSENT_MS } from "./host.js";
import { RemoteTable } from "./guest.js";
import { SharedTableView, personName } from "./tableview.js";
import { Keepsakes } from "./keepsakes.js";
import { joinRelayRoom, relaysFromQuery, ManualOffer, answerManualOffer, bothPaths } from "./transport.js";
import { RelayPath } from "./relaypath.js";
import { TALK, cleanName, inviteUrl, randomId, roomFromHash } from "./protocol.js";
import { codeKind } from "./shortcode.js";
import { renderQr } from "./qr.js";
import { canScan, scan } from "./scan.js";
import { newHostKey, fingerprint } from "./identity.js";
import { seatName, LEVEL_NAMES } from "../table/words.js";
import { banner, announce, errorText } from "../ui/announce.js";
import { openDialog, installDialogs } from "../ui/dialogs.js";
import { copyText, systemShare } from "../ui/share.js";
import { $ } from "../ui/dom.js";

/** @typedef {import("./host.js").SeatInfo} SeatInfo */

const NAME_KEY = "kaiser.net.name";
const params = new URLSearchParams(location.search);
/** Tests may speed the bots up; people get a pace they can follow. */
const PACE_MS = Number(params.get("pace_ms")) || 800;
const ANIM_MS = Math.min(300, PACE_MS / 2);
/** How long a guest waits for the host before saying what to try. */
const REACH_MS = 20000;
/** How long a guest waits for a direct connection before it talks through the relays too. */
const FALLBACK_MS = Number(params.get("fallback_ms")) || 5000;

const net = {
  /** @type {HostSession | null} */
  host: null,
  /** @type {RemoteTable | null} */
  guest: null,
  /** @type {SharedTableView | null} */
  view: null,
  /** @type {string[]} every message this page received, as text (the tests read them) */
  received: [],
  /** @type {RelayPath | null} the table's messages as events on the relays, when the direct path fails */
  relay: null,
};
Object.assign(window, { kaiserNet: net });

function savedName() {
  try { return localStorage.getItem(NAME_KEY) ?? ""; } catch { return ""; }
}

/** The last messages kept for window.kaiserNet.received: a whole hand's, many times over. */
const KEEP_RECEIVED = 4000;

/**
 * Record what arrives, then hand it on: the tests check that no message leaks a secret.
 * @param {import("./transport.js").Link} link
 */
function recording(link) {
  const wrap = { ...link };
  Object.defineProperty(wrap, "onMessage", {
    set(fn) {
      link.onMessage = (/** @type {string} */ peer, /** @type {string} */ text) => {
        net.received.push(text);
        if (net.received.length > KEEP_RECEIVED) net.received.splice(0, net.received.length - KEEP_RECEIVED);
        fn?.(peer, text);
      };
    },
    get() { return link.onMessage; },
  });
  for (const key of /** @type {const} */ (["onJoin", "onLeave", "onTrouble", "onKnock"])) {
    Object.defineProperty(wrap, key, { set(fn) { link[key] = fn; }, get() { return link[key]; } });
  }
  wrap.send = (/** @type {string | null} */ peer, /** @type {string} */ text) => link.send(peer, text);
  wrap.close = () => link.close();
  return /** @type {import("./transport.js").Link} */ (wrap);
}

// ---------------------------------------------------------------- the table, shared by both sides

function showTable() {
  $("lobby").hidden = true;
  $("shared-table").hidden = false;
  $("talk").hidden = false;
}

/** The talk buttons; `say` sends the phrase numbered i. @param {(i: number) => void} say */
function installTalk(say) {
  const box = $("talk-buttons");
  TALK.forEach((text, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn talk-btn";
    b.textContent = text;
    b.dataset.testid = `talk-${i}`;
    b.addEventListener("click", () => say(i));
    box.append(b);
  });
}

/** @param {number} seat @param {number} say @param {SeatInfo[]} seats */
function heard(seat, say, seats) {
  const who = seats[seat]?.name ? `${seatName(seat)} (${seats[seat].name})` : seatName(seat);
  const li = document.createElement("li");
  li.textContent = `${who}: ${TALK[say]}`;
  const log = $("talk-log");
  log.append(li);
  while (log.childElementCount > 4) log.firstElementChild?.remove();
}

/**
 * The seats, for the lobby: who sits where; the host can move people and set bot levels.
 * @param {SeatInfo[]} seats @param {number | null} mySeat
 * @param {{host?: HostSession, sit?: (seat: number) => void}} controls
 */
function renderLobby(seats, mySeat, { host, sit }) {
  const list = $("lobby-seats");
  list.replaceChildren();
  seats.forEach((s, seat) => {
    const li = document.createElement("li");
    li.className = "lobby-seat";
    li.dataset.testid = `lobby-seat-${seat}`;
    const label = document.createElement("span");
    label.className = "lobby-who";
    const who = s.kind === "bot" ? "A bot" : personName(s);
    const relayed = host && host.seats[seat].peer?.startsWith("r:") ? " (through the relay)" : "";
    label.textContent = `${seatName(seat)}: ${who}${seat === mySeat ? " — you" : ""}${s.away ? " (away)" : ""}${relayed}`;
    li.append(label);
    if (host && s.kind === "bot") {
      const sel = document.createElement("select");
      sel.dataset.testid = `level-${seat}`;
      sel.setAttribute("aria-label", `${seatName(seat)}'s bot level`);
      for (const [value, text] of Object.entries(LEVEL_NAMES)) sel.add(new Option(text, value, false, value === s.level));
      sel.addEventListener("change", () => host.setLevel(seat, sel.value));
      li.append(sel);
    }
    if (host) {
      const move = document.createElement("select");
      move.dataset.testid = `move-${seat}`;
      move.setAttribute("aria-label", `Move ${seatName(seat)}'s player to`);
      move.add(new Option("Move to…", ""));
      for (let to = 0; to < 4; to++) if (to !== seat) move.add(new Option(seatName(to), String(to)));
      move.addEventListener("change", () => { if (move.value) host.swap(seat, Number(move.value)); });
      li.append(move);
    } else if (sit && s.kind === "bot") {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn";
      b.textContent = "Sit here";
      b.dataset.testid = `sit-${seat}`;
      b.addEventListener("click", () => sit(seat));
      li.append(b);
    }
    list.append(li);
  });
  if (host) {
    renderArriving(host);
    const n = host.watchers.size;
    $("lobby-watchers").textContent = n === 1 ? "1 person is watching." : `${n} people are watching.`;
    $("lobby-watchers").hidden = n === 0;
  }
}

const ARRIVING_WORDS = {
  "connecting": "connecting…",
  "another-way": "can't reach you directly, trying another way",
  "gave-up": "gave up: send the link again, or start and let a bot play",
};

/** Who opened the link but is not seated yet, and how far they got. @param {HostSession} host */
function renderArriving(host) {
  const list = $("lobby-arriving");
  list.replaceChildren();
  let i = 0;
  for (const a of host.arriving.values()) {
    const li = document.createElement("li");
    li.dataset.testid = `arriving-${i++}`;
    li.dataset.state = a.state;
    li.textContent = `Someone with the link: ${ARRIVING_WORDS[a.state]}`;
    list.append(li);
  }
  list.hidden = i === 0;
}

/** @type {Promise<import("../types.js").Engine> | null} */
let guestEngineStarted = null;
/** A guest's engine, fetched the first time its player opens an analysis (never to play). */
function guestEngine() {
  guestEngineStarted ??= import("../worker-client/client.js").then(({ startEngine }) => startEngine({ timeoutMs: 120000 }));
  guestEngineStarted.catch(() => { guestEngineStarted = null; });
  return guestEngineStarted;
}

/**
 * The statistics kept in this browser (loaded when asked): this table's game is "This game".
 * @param {() => {game: string | null, titles?: Object<string, string>} | null} codes
 */
function installStatsButton(codes) {
  $("btn-stats").addEventListener("click", async () => {
    const { openStats } = await import("../review/stats.js");
    const c = codes();
    const titles = Object.entries(c?.titles ?? {}).map(([key, title]) => [key, { title }]);
    await openStats(() => c?.game ?? null, async () => Object.fromEntries(titles));
  });
}

// ---------------------------------------------------------------- host

async function startHost() {
  const { downloadWords, startEngine } = await import("../worker-client/client.js");
  const hash = /^#host=([A-Za-z0-9_-]+)$/.exec(location.hash);
  const saved = HostSession.saved();
  const resume = hash && saved && saved.room === hash[1] ? saved : null;
  const room = resume ? resume.room : randomId(9);
  const secret = resume ? resume.secret : randomId(18);
  history.replaceState(null, "", `${location.pathname}${location.search}#host=${room}`);
  document.body.dataset.net = "engine";
  document.body.dataset.engine = "loading";
  const loading = $("host-loading");
  loading.hidden = false;
  const engine = await startEngine({
    onBytes: (bytes) => { loading.textContent = downloadWords(bytes); },
  });
  loading.hidden = true;
  const name = cleanName(savedName() || "Host");
  const key = resume?.key ?? await newHostKey();
  const host = new HostSession({ engine, room, secret, key, name, paceMs: PACE_MS, absentMs: resume?.absentMs ?? DEFAULT_ABSENT_MS });
  net.host = host;
  const keep = new Keepsakes({ engine: async () => engine, seat: () => host.hostSeat });
  host.onCodes = () => keep.setCodes(host.codesFor(host.hostSeat));
  installStatsButton(() => host.codesFor(host.hostSeat));
  const view = new SharedTableView({ onPlay: (a) => host.play(a), animMs: ANIM_MS,
    onHand: (i, r) => keep.handOver(i, r), onGameOver: (w) => keep.gameOver(w) });
  net.view = view;
  host.onUpdate = (u) => { showTable(); view.show(u, host.hostSeat); };
  host.onSeats = () => {
    renderLobby(host.seatInfo(), host.hostSeat, { host });
    view.seatsChanged(host.seatInfo());
  };
  host.onTalk = (seat, say) => heard(seat, say, host.seatInfo());
  host.onError = (e) => { view.unsend(); banner(errorText(e), { kind: "error", testid: "net-error" }); };
  installTalk((say) => host.talk(host.hostSeat, say));

  const profiles = /** @type {Object<string, {title: string}>} */ (await engine.call("profiles"));
  const select = /** @type {HTMLSelectElement} */ ($("net-profile"));
  for (const [key, p] of Object.entries(profiles)) select.add(new Option(p.title, key));
  host.titles = Object.fromEntries(Object.entries(profiles).map(([key, p]) => [key, p.title]));
  const allowWatch = /** @type {HTMLInputElement} */ ($("allow-watch"));
  allowWatch.addEventListener("change", () => host.setWatching(allowWatch.checked));
  $("watch-toggle").hidden = false;
  const delay = /** @type {HTMLInputElement} */ ($("absent-delay"));
  delay.addEventListener("change", () => { host.absentMs = Math.max(1, Number(delay.value) || 30) * 1000; });
  $("start-game").addEventListener("click", () => {
    host.absentMs = Math.max(1, Number(delay.value) || 30) * 1000;
    host.start({ profile: select.value, seed: randomId(12) });
  });

  const link = await joinRelayRoom({ room, secret, relays: relaysFromQuery() });
  host.attach(recording(link));
  // Guests whose browsers cannot reach this one directly talk to it through the relays.
  const relay = new RelayPath({ room, secret, relays: relaysFromQuery(), host: true });
  net.relay = relay;
  host.attach(recording(relay.link));
  sayRelayState(relay);
  installInvite(inviteUrl({ room, secret, host: await fingerprint(key.publicKey) }));
  installCodes(host);
  $("lobby").hidden = false;
  $("host-controls").hidden = false;
  renderLobby(host.seatInfo(), host.hostSeat, { host });
  if (resume) {
    await host.restore(resume);
    keep.setCodes(host.codesFor(host.hostSeat));
    renderLobby(host.seatInfo(), host.hostSeat, { host });
    if (host.started) banner("The table is open again: your friends come back by themselves.", { testid: "host-resumed" });
  } else {
    openDialog("dlg-invite");
  }
  document.body.dataset.net = "host";
  document.body.dataset.engine = "ready";
}

/** @param {string} url */
function installInvite(url) {
  const field = /** @type {HTMLInputElement} */ ($("invite-link"));
  field.value = url;
  $("btn-invite").hidden = false;
  $("btn-invite").addEventListener("click", () => openDialog("dlg-invite"));
  $("invite-copy").addEventListener("click", async () => { $("invite-status").textContent = await copyText(url, field); });
  if (typeof navigator.share === "function") {
    $("invite-share").hidden = false;
    $("invite-share").addEventListener("click", () => systemShare(url, false));
  }
  renderQr($("invite-qr"), url, "QR code of the table link");
}

/** The no-relay path: one offer code per guest, and that guest's answer. @param {HostSession} host */
function installCodes(host) {
  let count = 0;
  /** @type {ManualOffer | null} */
  let pending = null;
  const offerBox = /** @type {HTMLTextAreaElement} */ ($("host-offer"));
  const answerBox = /** @type {HTMLTextAreaElement} */ ($("host-answer"));
  const status = $("codes-status");
  const fresh = async () => {
    pending = new ManualOffer(`manual-${++count}`);
    host.attach(recording(pending.link));
    offerBox.value = "…";
    answerBox.value = "";
    offerBox.value = await pending.offer();
    renderQr($("offer-qr"), offerBox.value, "QR code of your connection code");
  };
  $("btn-codes").hidden = false;
  $("btn-codes").addEventListener("click", () => {
    openDialog("dlg-codes");
    if (!pending) fresh();
  });
  if (canScan()) {
    $("scan-answer").hidden = false;
    $("scan-answer").addEventListener("click", async () => {
      status.textContent = "Point the camera at their answer's QR code.";
      const text = await scan(/** @type {HTMLVideoElement} */ ($("answer-camera")), (t) => codeKind(t) === "answer").done;
      if (text == null) { status.textContent = "No camera here: type or paste their answer."; return; }
      answerBox.value = text;
      $("host-connect").click();
    });
  }
  $("host-connect").addEventListener("click", async () => {
    if (!pending) return;
    try {
      await pending.accept(answerBox.value);
      status.textContent = "Connected. For another friend, here is a new code.";
      await fresh();
    } catch (e) {
      status.textContent = errorText(e);
    }
  });
}

// ---------------------------------------------------------------- guest

/**
 * A guest: a name, then the table. A browser that already holds a seat at this table (a reload,
 * or a connection that dropped) goes straight back to it.
 * @param {{room: string, secret: string, host: string | null} | null} where null: the no-relay path
 */
function startGuest(where) {
  $("join").hidden = false;
  $("manual-offer").hidden = where != null;
  const nameBox = /** @type {HTMLInputElement} */ ($("join-name"));
  nameBox.value = savedName();
  document.body.dataset.net = "join";
  /** @param {string} name @param {boolean} watch */
  const join = async (name, watch = false) => {
    try { localStorage.setItem(NAME_KEY, name); } catch { /* a name is only a convenience */ }
    $("join-go").setAttribute("disabled", "");
    try {
      if (where) {
        const direct = await joinRelayRoom({ room: where.room, secret: where.secret, relays: relaysFromQuery() });
        const relay = new RelayPath({ room: where.room, secret: where.secret, relays: relaysFromQuery(), alias: direct.self });
        net.relay = relay;
        sayRelayState(relay, () => net.guest?.seat != null);
        if (!RemoteTable.hasSeat(where.room)) relay.knock();
        joinGuest(bothPaths(direct, relay.link), where.room, name, where.host, relay, watch);
      } else {
        const code = /** @type {HTMLTextAreaElement} */ ($("offer-code")).value;
        const { answer, link } = await answerManualOffer(code);
        /** @type {HTMLTextAreaElement} */ ($("answer-code")).value = answer;
        $("manual-answer").hidden = false;
        renderQr($("answer-qr"), answer, "QR code of your answer code");
        joinGuest(link, "manual", name);
      }
    } catch (err) {
      $("join-go").removeAttribute("disabled");
      banner(errorText(err), { kind: "error", testid: "net-error" });
    }
  };
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    join(cleanName(nameBox.value));
  });
  $("join-watch").hidden = where == null;
  if (where == null && canScan()) {
    $("scan-offer").hidden = false;
    $("scan-offer").addEventListener("click", async () => {
      const text = await scan(/** @type {HTMLVideoElement} */ ($("offer-camera")), (t) => codeKind(t) === "offer").done;
      if (text != null) /** @type {HTMLTextAreaElement} */ ($("offer-code")).value = text;
    });
  }
  $("join-watch").addEventListener("click", () => {
    $("join-watch").setAttribute("disabled", "");
    join(cleanName(nameBox.value), true);
  });
  if (where && RemoteTable.hasSeat(where.room) && nameBox.value) {
    $("join").hidden = true;
    join(cleanName(nameBox.value));
  }
}

/**
 * @param {import("./transport.js").Link} link @param {string} room @param {string} name
 * @param {string | null} [host] the fingerprint of the host's key, from the link
 * @param {RelayPath | null} [relay] the relay path, used when the direct one does not open
 * @param {boolean} [watch] to watch rather than play
 */
function joinGuest(link, room, name, host = null, relay = null, watch = false) {
  const guest = new RemoteTable(recording(link), { room, name, fingerprint: host, watch });
  net.guest = guest;
  const keep = new Keepsakes({ engine: guestEngine, seat: () => guest.seat });
  guest.onCodes = (codes) => keep.setCodes(codes);
  installStatsButton(() => keep.codes);
  const view = new SharedTableView({ onPlay: (a) => guest.play(a), animMs: ANIM_MS,
    onHand: (i, r) => keep.handOver(i, r), onGameOver: (w) => keep.gameOver(w) });
  net.view = view;
  /** @type {HTMLElement | null} */
  let awayBanner = null;
  const trouble = setTimeout(() => {
    if (!guest.host) {
      banner("The table cannot be reached yet. Check that the host's page is open; if it stays like this, your network may block direct connections: try another network (or mobile data), or connect with codes: ask the host for one (their \"Invite without internet\").",
        { kind: "error", testid: "net-trouble", actions: [USE_CODES] });
    }
  }, REACH_MS);
  document.body.dataset.net = "connecting";
  $("lobby-note").textContent = "Looking for the table…";
  // No direct connection to the host within a few seconds (or it dropped and did not come
  // back): the table's messages go through the relays as well.
  const fallBack = () => {
    if (relay && !relay.active && (guest.seat == null || !guest.host)) relay.activate();
  };
  let fallTimer = setTimeout(fallBack, FALLBACK_MS);
  guest.onHost = (here) => {
    clearTimeout(trouble);
    document.body.dataset.net = here ? "guest" : "host-away";
    showPath(guest.host);
    if (!here) { clearTimeout(fallTimer); fallTimer = setTimeout(fallBack, FALLBACK_MS); }
    if (here) { awayBanner?.remove(); awayBanner = null; return; }
    awayBanner ??= banner("The table waits for the host: their page is reloading or their connection dropped. It goes on by itself when they are back.",
      { testid: "host-away", dismiss: false });
  };
  guest.onSeats = () => {
    $("join").hidden = guest.started;
    if (!guest.started) {
      $("lobby").hidden = false;
      $("lobby-note").textContent = guest.watching ? "You are watching: the game shows here when the host starts it."
        : guest.seat == null ? "Looking for the table…" : "Waiting for the host to start the game.";
      renderLobby(guest.seats, guest.seat, guest.watching ? {} : { sit: (s) => guest.sit(s) });
    }
    view.seatsChanged(guest.seats);
  };
  guest.onUpdate = (u) => {
    $("join").hidden = true;
    $("hand-msg").hidden = true; // a refusal is about the move before this one
    showTable();
    view.watching = guest.watching;
    document.body.dataset.netWatching = String(guest.watching);
    $("talk-buttons").hidden = guest.watching;
    view.show(u, guest.seat ?? u.view.seat);
  };
  guest.onTalk = (seat, say) => heard(seat, say, guest.seats);
  guest.onReminded = () => view.unsend();
  guest.onRefused = (message) => {
    view.unsend();
    $("hand-msg").textContent = message;
    $("hand-msg").hidden = false;
    announce(message);
  };
  installTalk((say) => guest.talk(say));
}

/**
 * While no relay can be reached, say so (the page keeps trying, waiting longer each time, up to
 * 15 s); a table already connected directly plays on meanwhile.
 * @param {RelayPath} relay
 */
function sayRelayState(relay, seated = () => true) {
  /** @type {HTMLElement | null} */
  let said = null;
  relay.onState = (state) => {
    document.body.dataset.netRelay = state;
    if (state === "up") { said?.remove(); said = null; return; }
    said ??= seated()
      ? banner("The relay cannot be reached right now: trying again every few seconds. Friends already connected directly play on.",
        { testid: "relay-down", dismiss: false })
      : banner("The relay cannot be reached right now: trying again every few seconds. If it stays like this, ask the host for a code (their \"Invite without internet\") and connect with codes instead.",
        { testid: "relay-down", dismiss: false, actions: [USE_CODES] });
  };
}

/** The no-relay path, offered to a guest who cannot reach the table: no "#manual" to type. */
const USE_CODES = {
  label: "Connect with codes instead",
  testid: "use-codes",
  onClick: () => { location.hash = "#manual"; location.reload(); },
};

/** Which way this page reaches the host, in a player's words. @param {string | null} peer */
function showPath(peer) {
  const line = $("net-path");
  if (!peer) { line.hidden = true; delete document.body.dataset.netPath; return; }
  const relayed = peer.startsWith("r:");
  document.body.dataset.netPath = relayed ? "relay" : "direct";
  line.textContent = relayed
    ? "Connected to the host through the relay: your network does not allow a direct connection, so moves take a little longer. It is still private."
    : "Connected directly to the host.";
  line.hidden = false;
}

// ---------------------------------------------------------------- start

installDialogs();
$("btn-how").addEventListener("click", () => openDialog("dlg-how"));
const invited = roomFromHash(location.hash);
if (invited) startGuest(invited);
else if (location.hash === "#manual") startGuest(null);
else {
  startHost().catch((e) => {
    if (document.body.dataset.engine === "loading") document.body.dataset.engine = "error";
    $("host-loading").hidden = true;
    banner(`${errorText(e)} Reload the page to try again: what has arrived is kept.`, { kind: "error", testid: "net-error" });
  });
}
