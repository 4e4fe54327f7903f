"""Helpers for the start-up tests: the engine's stored memory snapshot and the painted table."""

from __future__ import annotations

import time

# worker.js keeps the snapshot in the origin private file system: this directory, one file per
# build named "<build id>.snapshot": a 16-byte header (magic "KSNP", format 2, the snapshot's
# length, an FNV-1a checksum of the body's 32-bit words), then the body: a byte per 4 KB page of
# the snapshot (1 kept, 0 all zeros) padded to 4 bytes, then the kept pages. The header is
# written last, so a file whose magic number is there is complete.
SNAPSHOT_DIR = "kaiser-snapshot"

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
    """The names of the complete snapshot files stored (a file being written is not listed)."""
    return page.evaluate(
        """async (name) => {
          let dir;
          try { dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name); }
          catch { return []; }
          const out = [];
          for await (const [key, handle] of dir.entries()) {
            try {
              const file = await handle.getFile();
              if (file.size < 16) continue;
              const [magic] = new Uint32Array(await file.slice(0, 16).arrayBuffer());
              if (magic === 0x504e534b) out.push(key);
            } catch { /* being written */ }
          }
          return out;
        }""",
        SNAPSHOT_DIR,
    )


def wait_snapshot(page, timeout_s: float = 120, not_key: str | None = None) -> str:
    """Wait until a snapshot is stored (other than not_key) and return its file's name."""
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


def snapshot_source(page) -> str | None:
    """Where a restored snapshot came from: "stored" (this browser's copy) or "shipped"."""
    return page.evaluate("() => document.body.dataset.snapshot ?? null")


def damage_shipped_snapshot(page) -> None:
    """Replace the build's snapshot in the service worker's cache with bytes that are not gzip."""
    page.evaluate(
        """async () => {
          const url = new URL("engine-snapshot.gz", document.baseURI).href;
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if (await cache.match(url)) await cache.put(url, new Response(new Uint8Array(4096).fill(7)));
          }
        }"""
    )


def damage_snapshot(page, how: str) -> None:
    """Overwrite ("corrupt") or cut ("truncate") the stored snapshot's bytes, keeping its header;
    or ("garbage") store a well-formed file of the right length, every page kept, whose checksum
    matches but whose pages are not a snapshot, so that only the restore itself can fail."""
    page.evaluate(
        """async ([name, how]) => {
          const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name);
          const [key] = await Array.fromAsync(dir.keys());
          const handle = await dir.getFileHandle(key);
          const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
          let out = bytes;
          if (how === "truncate") out = bytes.slice(0, bytes.length >> 1);
          else if (how === "garbage") {
            const length = new Uint32Array(bytes.buffer, 0, 4)[2];
            const pages = Math.ceil(length / 4096), map = (pages + 3) & ~3;
            const body = new Uint8Array(map + length).map((_, i) => (i < map ? (i < pages ? 1 : 0) : (i * 31) & 255));
            const words = new Uint32Array(body.buffer, 0, body.length >> 2);
            let h = 0x811c9dc5;
            for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
            for (let i = words.length << 2; i < body.length; i++) h = Math.imul(h ^ body[i], 16777619);
            out = new Uint8Array(16 + body.length);
            out.set(new Uint8Array(new Uint32Array([0x504e534b, 2, length, h >>> 0]).buffer));
            out.set(body, 16);
          }
          else for (let i = bytes.length >> 2; i < (bytes.length >> 2) + 4096; i++) bytes[i] ^= 0x5a;
          const w = await handle.createWritable();
          await w.write(out);
          await w.close();
        }""",
        [SNAPSHOT_DIR, how],
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
