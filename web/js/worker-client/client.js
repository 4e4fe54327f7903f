// @ts-check
// Page-side client of the engine worker (../worker.js).
//
//   const engine = await startEngine({ onProgress: ({stage, state}) => ..., timeoutMs: 60000 });
//   const state = await engine.call("new_game", { profile: "standard", seed: "abc" });
//   const action = await engine.call("bot_action", state, "strong", "s1", 800);
//
// A failed call rejects with an Error whose .type is the Python exception's class name
// ("IllegalAction", "InvalidAction", ...), .message its message and .code the word a program
// tests ("table_not_found", "illegal_action", ...; docs/bridge.md). The worker survives errors;
// served from this machine (development), Python's traceback is logged to the console.
// Boot failure rejects startEngine() with a clear message ("Offline" when the files could not be
// downloaded at all, "BootTimeout" when nothing arrived for timeoutMs); the UI can offer a retry
// (call startEngine again): what had fully arrived is kept in the site's cache.

/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {{stage: string, state: string}} BootProgress a boot stage started or done */
/** @typedef {{loaded: number, total: number}} BootBytes the engine's files: bytes arrived so far */
/**
 * A call waiting for the worker's answer (its result is JSON the bridge's types describe).
 * @typedef {{res: (result: any) => void, rej: (error: EngineError) => void,
 *   entry: {fn: string, sent: number, received: number}}} Pending
 */

const MB = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);

/** How far the engine's download has got, in a player's words (the solo page and a friends
 * table's host show the same sentence). @param {BootBytes} bytes */
export function downloadWords({ loaded, total }) {
  return loaded >= total
    ? `Downloaded ${MB(total)} MB. Setting up the table…`
    : `Downloading the game: ${MB(loaded)} of ${MB(total)} MB`;
}

/** The last calls' sizes are kept (Engine.traffic): what crosses the worker per move is a budget
 * the page keeps (under 4 KB, the same in the sixth hand as in the first), and tests read it. */
const TRAFFIC_KEPT = 400;

export class EngineError extends Error {
  /** @param {string} type the Python exception's class name, or the page's own kind of failure
   *  @param {string} message @param {string | null} [code] the engine's error code */
  constructor(type, message, code = null) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.code = code;
  }
}

/** Served from this machine (`python build.py serve`): the place to read Python's tracebacks. */
const DEVELOPMENT = ["127.0.0.1", "localhost"].includes(globalThis.location?.hostname ?? "");

/**
 * @param {{onProgress?: (p: BootProgress) => void, onBytes?: (b: BootBytes) => void,
 *   timeoutMs?: number}} [options] timeoutMs: how
 *   long the boot may go without any sign of progress (a byte arriving, a stage done), not its
 *   total time: a slow download that keeps moving is never declared failed
 * @returns {Promise<Engine>}
 */
export function startEngine({ onProgress, onBytes, timeoutMs = 20000 } = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("../../worker.js", import.meta.url), { type: "module" });
      performance.mark("kaiser-worker-created");
    } catch (err) {
      reject(new EngineError("BootError", `The game engine could not be started: ${(err instanceof Error && err.message) || err}`));
      return;
    }
    /** @type {Map<number, Pending>} */
    const pending = new Map();
    let nextId = 1;
    let booted = false;

    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    /** @param {EngineError} error */
    const fail = (error) => {
      clearTimeout(timer);
      if (!booted) {
        worker.terminate();
        reject(error);
      }
    };
    const stalled = () => {
      const secs = Math.round(timeoutMs / 1000);
      fail(new EngineError(
        "BootTimeout",
        `Nothing has arrived for ${secs} s: the connection seems to have stopped. What has arrived is kept.`,
      ));
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(stalled, timeoutMs);
    };
    arm();

    /** @type {Engine} */
    const engine = {
      version: "",
      boot: "", // "snapshot" or "fresh": how the worker started Python
      snapshot: null, // "stored" or "shipped": where a restored snapshot came from
      timings: {}, // ms from the worker's start to each boot step
      traffic: [],
      call: (fn, ...args) => new Promise((res, rej) => {
        const id = nextId++;
        const entry = { fn, sent: JSON.stringify(args).length, received: 0 };
        engine.traffic.push(entry);
        if (engine.traffic.length > TRAFFIC_KEPT) engine.traffic.shift();
        pending.set(id, { res, rej, entry });
        worker.postMessage({ id, fn, args });
      }),
      terminate: () => {
        worker.terminate();
        for (const { rej } of pending.values()) rej(new EngineError("Terminated", "The engine was stopped."));
        pending.clear();
      },
    };

    /** @template T @param {((p: T) => void) | undefined} listener @param {T} p */
    const report = (listener, p) => {
      if (!listener) return;
      try { listener(p); } catch (e) { console.error(e); }
    };
    worker.addEventListener("message", (event) => {
      const msg = event.data || {};
      if (!booted) arm();
      if (msg.type === "bytes") {
        report(onBytes, { loaded: msg.loaded, total: msg.total });
      } else if (msg.type === "progress") {
        report(onProgress, { stage: msg.stage, state: msg.state });
      } else if (msg.type === "ready") {
        performance.mark("kaiser-engine-ready");
        clearTimeout(timer);
        booted = true;
        engine.version = msg.version || "";
        engine.boot = msg.boot || "fresh";
        engine.snapshot = msg.snapshot ?? null;
        engine.timings = msg.timings || {};
        resolve(engine);
      } else if (msg.type === "boot-error" && msg.offline) {
        fail(new EngineError("Offline", navigator.onLine === false
          ? "You're offline, and the game has not been kept on this device yet. Connect once and press Retry: after that, Kaiser plays without a connection."
          : "The game's files could not be downloaded. Check your connection and press Retry: what has arrived is kept."));
      } else if (msg.type === "boot-error") {
        fail(new EngineError("BootError", `The game engine failed to start: ${msg.message}`));
      } else if (msg.id !== undefined && pending.has(msg.id)) {
        const { res, rej, entry } = /** @type {Pending} */ (pending.get(msg.id));
        pending.delete(msg.id);
        entry.received = JSON.stringify(msg.error ?? msg.result ?? null).length;
        if (msg.error) {
          if (DEVELOPMENT && msg.error.traceback) console.debug(`[engine] ${msg.error.traceback}`);
          rej(new EngineError(msg.error.type, msg.error.message, msg.error.code));
        } else res(msg.result);
      }
    });
    worker.addEventListener("error", (event) => {
      const detail = (event && event.message) || "the worker script failed to load";
      if (!booted) {
        event.preventDefault?.();
        fail(new EngineError("BootError", `The game engine failed to start: ${detail}`));
      } else {
        console.error("[engine] worker error:", detail);
        for (const { rej } of pending.values()) rej(new EngineError("WorkerError", `The game engine stopped: ${detail}`));
        pending.clear();
      }
    });
  });
}
