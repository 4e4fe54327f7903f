"""Helpers for the start-up tests: the engine's stored memory snapshot and the painted table."""

from __future__ import annotations

import time

SNAPSHOT_CACHE = "kaiser-snapshot"

# What paint.js drew, read at DOMContentLoaded: module scripts (paint.js among them) have run by
# then, and the engine, which needs its worker to start Python, cannot have answered yet.
RECORD_PAINT = """
document.addEventListener("DOMContentLoaded", () => {
  window.__painted = {
    paint: document.body.dataset.paint || null,
    engine: document.body.dataset.engine,
    hand: [...document.querySelectorAll("#hand button.card")].map((b) => b.dataset.card),
    enabled: document.querySelectorAll('#hand button.card[aria-disabled="false"]').length,
    scores: [document.getElementById("score-0").textContent, document.getElementById("score-1").textContent],
    inert: document.getElementById("app").inert,
    appShown: !document.getElementById("app").hidden,
    note: document.getElementById("engine-starting")?.textContent ?? null,
  };
});
"""


def snapshot_keys(page) -> list[str]:
    return page.evaluate(
        "async (name) => { const c = await caches.open(name); const out = [];"
        " for (const k of await c.keys()) if (await c.match(k)) out.push(k.url); return out; }",
        SNAPSHOT_CACHE,
    )


def wait_snapshot(page, timeout_s: float = 120, not_key: str | None = None) -> str:
    """Wait until a snapshot is stored (other than not_key) and return its key."""
    deadline = time.monotonic() + timeout_s
    while True:
        keys = [k for k in snapshot_keys(page) if k != not_key]
        if keys:
            return keys[0]
        assert time.monotonic() < deadline, "no snapshot was stored"
        time.sleep(0.3)


def wait_controlled(page) -> None:
    """The service worker controls the page (it has precached the site)."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=60_000)


def boot_mode(page) -> str:
    return page.evaluate("() => document.body.dataset.boot")


def damage_snapshot(page, how: str) -> None:
    """Overwrite ("corrupt") or cut ("truncate") the stored snapshot's bytes, keeping its headers;
    or ("garbage") store well-formed gzip of the right length whose content is not a snapshot, so
    that only the restore itself can fail."""
    page.evaluate(
        """async ([name, how]) => {
          const c = await caches.open(name);
          const [key] = await c.keys();
          const hit = await c.match(key);
          const bytes = new Uint8Array(await hit.arrayBuffer());
          let out = bytes;
          if (how === "truncate") out = bytes.slice(0, bytes.length >> 1);
          else if (how === "garbage") {
            const length = Number(hit.headers.get("x-snapshot-length"));
            const junk = new Uint8Array(length).map((_, i) => (i * 31) & 255);
            const gz = new Blob([junk]).stream().pipeThrough(new CompressionStream("gzip"));
            out = await new Response(gz).arrayBuffer();
          }
          else for (let i = bytes.length >> 2; i < (bytes.length >> 2) + 4096; i++) bytes[i] ^= 0x5a;
          await c.put(key, new Response(out, { headers: hit.headers }));
        }""",
        [SNAPSHOT_CACHE, how],
    )


def table_now(page) -> dict:
    return page.evaluate(
        """() => ({
          hand: [...document.querySelectorAll("#hand button.card")].map((b) => b.dataset.card),
          scores: [document.getElementById("score-0").textContent, document.getElementById("score-1").textContent],
        })"""
    )


def visible_errors(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('.banner.error, #boot-error:not([hidden])')]
              .map((e) => e.textContent.trim())"""
    )
