// @ts-check
// The first module the page runs: it starts the engine's worker at once, while the app's own
// modules are still loading, so fetching and starting Python overlaps with them (docs/boot.md).
// app.js takes the started engine with takeEarlyEngine(); a retry starts a new one itself.
import { startEngine } from "./client.js";

/** @typedef {import("./client.js").BootProgress} BootProgress */
/** @typedef {import("./client.js").BootBytes} BootBytes */

// How long the boot may go with nothing arriving before it is called stalled (not its total time);
// ?boot_timeout_ms=N shortens it (tests of the message).
export const BOOT_TIMEOUT_MS = Number(new URLSearchParams(location.search).get("boot_timeout_ms")) || 20000;

/** @type {BootProgress[]} progress reports before app.js listens */
const seen = [];
/** @type {((p: BootProgress) => void) | null} */
let listener = null;
/** @type {BootBytes | null} the latest byte count before app.js listens */
let lastBytes = null;
/** @type {((b: BootBytes) => void) | null} */
let bytesListener = null;

/** @type {Promise<import("../types.js").Engine> | null} */
let early = startEngine({
  timeoutMs: BOOT_TIMEOUT_MS,
  onProgress: (p) => (listener ? listener(p) : seen.push(p)),
  onBytes: (b) => (bytesListener ? bytesListener(b) : (lastBytes = b)),
});
early.catch(() => {}); // app.js reports the failure when it takes the engine

/** The engine started by this module (once): replays the progress it has already reported.
 * @param {(p: BootProgress) => void} onProgress
 * @param {(b: BootBytes) => void} onBytes */
export function takeEarlyEngine(onProgress, onBytes) {
  const engine = early;
  early = null;
  if (!engine) return null;
  listener = onProgress;
  bytesListener = onBytes;
  for (const p of seen.splice(0)) onProgress(p);
  if (lastBytes) onBytes(lastBytes);
  return engine;
}
