// The shared table's messages (web/js/net/protocol.js): encoding, validation, forged and
// oversized messages, the rate limit. Run by `node --test tests/js/` (the static suite).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PROTOCOL, MAX_GUEST_BYTES, MAX_HOST_BYTES, TALK, NAME_MAX, cleanName, parseGuest, encode, parseHost,
  RateLimit, roomFromHash, randomId,
} from "../../web/js/net/protocol.js";

test("encode stamps the protocol version and parseGuest reads it back", () => {
  const text = encode({ type: "move", turn: 7, action: { type: "play", card: "AS" } });
  assert.equal(JSON.parse(text).v, PROTOCOL);
  assert.deepEqual(parseGuest(text), { msg: { type: "move", turn: 7, action: { type: "play", card: "AS" } } });
  assert.deepEqual(parseGuest(encode({ type: "sit", seat: 2 })), { msg: { type: "sit", seat: 2 } });
  assert.deepEqual(parseGuest(encode({ type: "talk", say: TALK.length - 1 })), { msg: { type: "talk", say: TALK.length - 1 } });
});

test("only the known fields of a guest's message are kept", () => {
  const r = parseGuest(encode({ type: "sit", seat: 1, admin: true, seatOf: 0 }));
  assert.deepEqual(r, { msg: { type: "sit", seat: 1 } });
  const hello = parseGuest(encode({ type: "hello", name: "  Ann\u0007\n ", token: "x".repeat(65), host: true }));
  assert.deepEqual(hello, { msg: { type: "hello", name: "Ann", token: null, watch: false } });
});

test("forged messages are refused in words", () => {
  const bad = [
    42, null, "not json", "[1, 2]", JSON.stringify({ type: "sit", seat: 1 }),
    JSON.stringify({ v: PROTOCOL + 1, type: "sit", seat: 1 }),
    encode({ type: "move", turn: -1, action: {} }), encode({ type: "move", turn: 1.5, action: {} }),
    encode({ type: "move", turn: 3, action: [] }), encode({ type: "move", turn: "3", action: {} }),
    encode({ type: "sit", seat: 4 }), encode({ type: "sit", seat: "0" }),
    encode({ type: "talk", say: TALK.length }), encode({ type: "talk", say: -1 }),
    encode({ type: "prove", nonce: "short" }), encode({ type: "prove", nonce: "a/b".repeat(8) }),
    encode({ type: "deal", cards: [] }), encode({ type: ["move"] }),
  ];
  for (const text of bad) {
    const r = parseGuest(text);
    assert.ok("error" in r && typeof r.error === "string" && r.error.length > 5, `${text} -> ${JSON.stringify(r)}`);
  }
});

// Found by this test: a type that is an object whose toString is not a function made the
// error's own wording throw (String(m.type)) instead of refusing the message.
test("a message whose type cannot be made text is refused, not thrown", () => {
  const r = parseGuest(encode({ type: { toString: 1 } }));
  assert.ok("error" in r);
});

test("oversized messages are refused before they are parsed", () => {
  const big = encode({ type: "hello", name: "x".repeat(MAX_GUEST_BYTES) });
  assert.match(/** @type {{error: string}} */ (parseGuest(big)).error, /at most 4096 bytes/);
  assert.equal(parseHost(encode({ type: "view", pad: "x".repeat(MAX_HOST_BYTES) })), null);
  assert.deepEqual(parseHost(encode({ type: "view", moves: 3 })), { v: PROTOCOL, type: "view", moves: 3 });
  assert.equal(parseHost(JSON.stringify({ v: PROTOCOL })), null);
  assert.equal(parseHost("{"), null);
});

test("names are plain, trimmed and short", () => {
  assert.equal(cleanName(""), "Guest");
  assert.equal(cleanName(null), "Guest");
  assert.equal(cleanName("a".repeat(100)).length, NAME_MAX);
  assert.equal(cleanName("<b>Bo</b>"), "<b>Bo</b>"); // shown as text, never as markup
});

test("the rate limit lets a burst through, refuses a flood and refills", () => {
  const rl = new RateLimit(3, 2);
  const t0 = 1000;
  assert.deepEqual([0, 1, 2, 3].map(() => rl.take("g", t0)), [true, true, true, false]);
  assert.equal(rl.take("other", t0), true); // per guest
  assert.equal(rl.take("g", t0 + 499), false);
  assert.equal(rl.take("g", t0 + 500), true); // two a second
});

test("a room link's fragment is read strictly", () => {
  const room = "abcdEFGH", secret = "s".repeat(16), host = "h".repeat(22);
  assert.deepEqual(roomFromHash(`#play=${room}.${secret}.${host}`), { room, secret, host });
  assert.deepEqual(roomFromHash(`#play=${room}.${secret}`), { room, secret, host: null });
  for (const h of ["#play=short.x", `#play=${room}.${secret}.bad`, `#play=${room}<.${secret}`, "#g=k1"]) {
    assert.equal(roomFromHash(h), null, h);
  }
  assert.match(randomId(12), /^[A-Za-z0-9_-]{16}$/);
});
