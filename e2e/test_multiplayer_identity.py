"""Play with friends: a guest cannot pass for the host. Everyone at the table holds the link's
secret, so the host proves who it is with the key the link names: a guest that says it is the
host, even one that relays the real host's key and proofs, is not believed by the others."""

from __future__ import annotations

import json
import time

from relay_fixture import nostr_relay  # noqa: F401  (the fixture)
from test_multiplayer import open_guest, open_host, wait_seated

RELAY_ATTACK = """(key) => {
  const g = window.kaiserNet.guest;
  const link = g.link;
  const own = link.onMessage;
  let asker = null;
  // Bob passes any challenge he is sent to the real host as his own, and its proof back.
  link.onMessage = (peer, text) => {
    const m = JSON.parse(text);
    if (m.type === "prove") { asker = peer; link.send(g.host, text); return; }
    if (m.type === "proof" && peer === g.host && asker) { link.send(asker, text); return; }
    own(peer, text);
  };
  link.send(null, JSON.stringify({ v: 1, type: "host", key }));
}"""


def test_a_guest_cannot_pass_for_the_host(browser, base_url_sub, nostr_relay):  # noqa: F811
    hctx, host, link = open_host(browser, base_url_sub, nostr_relay)
    assert len(link.split("#play=")[1].split(".")) == 3  # room, secret, the host key's fingerprint
    actx, ann = open_guest(browser, link, "Ann")
    wait_seated(ann)
    bctx, bob = open_guest(browser, link, "Bob")
    wait_seated(bob)
    real = ann.evaluate("window.kaiserNet.guest.host")
    key = ann.evaluate("window.kaiserNet.received.map(t => JSON.parse(t)).find(m => m.type === 'host').key")

    # With a key of his own: Ann asks him to prove it, and he cannot.
    bob.evaluate("window.kaiserNet.guest.link.send(null, JSON.stringify({v: 1, type: 'host', key: 'AAAA'}))")
    bob.evaluate(RELAY_ATTACK, key)
    # Said again until Ann has heard him (the connection between two guests may open after the host's).
    deadline = time.monotonic() + 40
    challenged = "window.kaiserNet.received.some(t => t.includes('\"type\":\"prove\"'))"
    while not bob.evaluate(challenged):
        assert time.monotonic() < deadline, "Bob's claim never reached Ann"
        bob.evaluate("(key) => window.kaiserNet.guest.link.send(null, JSON.stringify({v: 1, type: 'host', key}))",
                     key)
        time.sleep(2)
    time.sleep(4)
    assert ann.evaluate("window.kaiserNet.guest.host") == real
    said_to_bob = [json.loads(t) for t in bob.evaluate("window.kaiserNet.received")]
    kinds = [m.get("type") for m in said_to_bob]
    assert "prove" in kinds and "proof" in kinds, kinds  # Ann challenged Bob; he relayed the host's proof
    assert "hello" not in kinds, "Ann took Bob for the host"
    assert ann.evaluate("document.body.dataset.net") == "guest"

    # The real host still runs Ann's table.
    host.get_by_test_id("start-game").click()
    ann.wait_for_function("() => document.body.dataset.netMoves !== undefined", timeout=30_000)
    for ctx in (bctx, actx, hctx):
        ctx.close()
