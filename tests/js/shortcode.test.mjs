// The codes carried by hand on the no-relay path (web/js/net/shortcode.js): what a real
// Chromium description packs to and how long it is, the round trip, and typos caught.
// Run by `node --test tests/js/` (the static suite).
import { test } from "node:test";
import assert from "node:assert/strict";
import { packCode, unpackCode, codeKind, partsOfSdp, sdpFromParts, TYPO } from "../../web/js/net/shortcode.js";

// What Debian's Chromium 156 wrote here for a page's data channel with no ICE server: an offer,
// then the answer to it (its host candidates hidden behind mDNS names, one per address).
const CHROMIUM_OFFER = `v=0
o=- 2357152631060760501 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1497249930 1 udp 2113937151 3ceda4f8-412b-4ec8-beea-b113066afeb2.local 38621 typ host generation 0 network-cost 999
a=candidate:2455304554 1 udp 2113942271 8826ce67-31bf-4937-9b0d-f3b57aece6f3.local 50905 typ host generation 0 network-cost 999
a=ice-ufrag:GEfm
a=ice-pwd:93Cuj1hacwC5oAnBYZkAp3hS
a=ice-options:trickle
a=fingerprint:sha-256 60:F1:74:73:C8:17:81:76:E1:B4:4B:3B:14:E9:D2:E3:09:84:BF:53:6F:41:20:F2:0D:6D:7F:CB:BA:62:38:DC
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`.replace(/\n/g, "\r\n");

const CHROMIUM_ANSWER = CHROMIUM_OFFER
  .replace("38621", "44161").replace("50905", "48769")
  .replace("GEfm", "wkoE").replace("93Cuj1hacwC5oAnBYZkAp3hS", "y6wYDhHe9t+DVQaXRq/cibCv")
  .replace("60:F1:74:73:C8:17:81:76:E1:B4:4B:3B:14:E9:D2:E3:09:84:BF:53:6F:41:20:F2:0D:6D:7F:CB:BA:62:38:DC",
    "55:1C:BC:C9:BE:BE:9C:E8:5A:D2:C9:30:48:E8:82:04:C2:40:20:C2:4D:A7:7C:62:84:A4:CB:A7:BD:AA:98:0B")
  .replace("a=setup:actpass", "a=setup:active");

/** The offer with only these candidate lines. */
const withCandidates = (...lines) => CHROMIUM_OFFER.replace(/a=candidate:[^\r]*\r\n/g, "").replace("a=ice-ufrag", `${lines.map((l) => `${l}\r\n`).join("")}a=ice-ufrag`);
const MDNS = (i) => `a=candidate:${i} 1 udp 2113937151 ${["3ceda4f8-412b-4ec8-beea-b113066afeb2", "8826ce67-31bf-4937-9b0d-f3b57aece6f3", "0b6d2a8e-7c1f-4d3e-9a55-21f0c9e4b7d1"][i]}.local ${40000 + i} typ host generation 0 network-cost 999`;
const letters = (code) => code.replace(/-/g, "").length;

test("a real Chromium offer and answer come back with every part that varies", () => {
  for (const [type, sdp] of /** @type {const} */ ([["offer", CHROMIUM_OFFER], ["answer", CHROMIUM_ANSWER]])) {
    const code = packCode(type, sdp);
    const back = unpackCode(type, code);
    assert.equal(back.type, type);
    assert.deepEqual(partsOfSdp(back.sdp), partsOfSdp(sdp));
    assert.match(back.sdp, /^m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r$/m);
    assert.match(back.sdp, /^a=sctp-port:5000\r$/m);
    assert.match(back.sdp, /^a=max-message-size:262144\r$/m);
    assert.match(back.sdp, new RegExp(`^a=setup:${type === "offer" ? "actpass" : "active"}\\r$`, "m"));
    assert.equal(codeKind(code), type);
  }
  const parts = partsOfSdp(CHROMIUM_OFFER);
  assert.deepEqual(parts.candidates.map((c) => c.port), [50905, 38621], "highest priority first");
  assert.equal(parts.ufrag, "GEfm");
  assert.equal(parts.fingerprint.length, 32);
  assert.deepEqual(partsOfSdp(sdpFromParts(parts)), parts);
});

test("the code's length: under 120 letters with one candidate, about 30 more for each other", () => {
  const lengths = [0, 1, 2, 3].map((n) => letters(packCode("offer", withCandidates(...[0, 1, 2].slice(0, n).map(MDNS)))));
  assert.deepEqual(lengths, [91, 119, 147, 175]);
  assert.equal(letters(packCode("offer", CHROMIUM_OFFER)), 147);
  const ipv4 = withCandidates("a=candidate:1 1 udp 2113937151 192.168.1.23 53211 typ host generation 0");
  assert.equal(letters(packCode("offer", ipv4)), 101);
  const code = packCode("offer", withCandidates(MDNS(0)));
  assert.match(code, /^H[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{1,5})+$/, "groups of five, H first");
  assert.equal(code.length, 119 + 23, "with its dashes");
});

test("addresses of every kind are carried exactly", () => {
  const sdp = withCandidates(
    "a=candidate:1 1 udp 2122262783 2001:db8::1:0:abcd 50001 typ host generation 0",
    "a=candidate:2 1 udp 2122194687 192.168.1.23 50002 typ host generation 0",
    "a=candidate:3 1 udp 2122129151 3ceda4f8-412b-1ec8-beea-b113066afeb2.local 50003 typ host generation 0",
    "a=candidate:4 1 tcp 1518283007 192.168.1.23 9 typ host tcptype active generation 0",
    "a=candidate:5 1 udp 1686052607 203.0.113.9 50005 typ srflx raddr 192.168.1.23 rport 50002 generation 0",
  );
  const { candidates } = partsOfSdp(unpackCode("offer", packCode("offer", sdp)).sdp);
  assert.deepEqual(candidates, [
    { kind: "ipv6", address: "2001:db8:0:0:0:1:0:abcd", port: 50001 },
    { kind: "ipv4", address: "192.168.1.23", port: 50002 },
    { kind: "mdns", address: "3ceda4f8-412b-1ec8-beea-b113066afeb2.local", port: 50003 },
  ], "UDP host candidates only (a UUID that is not a random one whole)");
});

test("typed by a person: case, dashes, spaces, O for 0 and I or L for 1 do not matter", () => {
  const code = packCode("answer", CHROMIUM_ANSWER);
  const sloppy = code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l");
  assert.equal(unpackCode("answer", sloppy).sdp, unpackCode("answer", code).sdp);
  assert.equal(unpackCode("answer", ` ${code.replace(/-/g, "")}\n`).sdp, unpackCode("answer", code).sdp);
});

test("every one wrong letter and every two letters swapped is a typo, said in plain words", () => {
  const plain = packCode("offer", CHROMIUM_OFFER).replace(/-/g, "");
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  let tried = 0;
  for (let i = 0; i < plain.length; i++) {
    for (const ch of alphabet) {
      if (ch === plain[i]) continue;
      const typo = plain.slice(0, i) + ch + plain.slice(i + 1);
      assert.throws(() => unpackCode("offer", typo), { message: TYPO });
      assert.equal(codeKind(typo), null);
      tried++;
    }
    if (i + 1 < plain.length && plain[i] !== plain[i + 1]) {
      const swapped = plain.slice(0, i) + plain[i + 1] + plain[i] + plain.slice(i + 2);
      assert.throws(() => unpackCode("offer", swapped), { message: TYPO });
    }
  }
  assert.ok(tried > 4000);
  assert.throws(() => unpackCode("offer", plain.slice(0, -1)), { message: TYPO });
  assert.throws(() => unpackCode("offer", `${plain}Q`), { message: TYPO });
  assert.throws(() => unpackCode("offer", plain.replace(/.$/, "U")), { message: TYPO });
  assert.throws(() => unpackCode("offer", "Oabc_-xyz"), { message: TYPO });
});

test("a code in the wrong box, an empty box, a browser whose description does not fit", () => {
  assert.throws(() => unpackCode("offer", packCode("answer", CHROMIUM_ANSWER)), /That is a guest's answer/);
  assert.throws(() => unpackCode("answer", packCode("offer", CHROMIUM_OFFER)), /That is a host's code/);
  assert.throws(() => unpackCode("offer", "  "), /Enter the host's code first/);
  assert.throws(() => packCode("offer", CHROMIUM_OFFER.replace("a=mid:0", "a=mid:data")), /do not fit in a code/);
  assert.throws(() => packCode("offer", CHROMIUM_OFFER.replace("sha-256 60:F1", "sha-1 60:F1")), /do not fit in a code/);
  assert.equal(codeKind("not a code"), null);
});
