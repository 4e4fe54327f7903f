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
// Boot failure or timeout rejects startEngine() with a clear message; the UI can offer a retry
// (call startEngine again).

/** @typedef {import("../types.js").Engine} Engine */
/** @typedef {{stage: string, state: string}} BootProgress a boot stage started or done */

/** The last calls' sizes are kept (Engine.traffic): what crosses the worker per move is a budget
 * the page keeps (under 4 KB, the same in the sixth hand as in the first), and tests read it. */
const TRAFFIC_KEPT = 400;

class EngineError extends Error {
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
 * @param {{onProgress?: (p: BootProgress) => void, timeoutMs?: number}} [options]
 * @returns {Promise<Engine>}
 */
export function startEngine({ onProgress, timeoutMs = 60000 } = {}) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(new URL("../../worker.js", import.meta.url), { type: "module" });
      performance.mark("kaiser-worker-created");
    } catch (err) {
      reject(new EngineError("BootError", `The game engine could not be started: ${err.message || err}`));
      return;
    }
    const pending = new Map();
    let nextId = 1;
    let booted = false;

    const fail = (error) => {
      clearTimeout(timer);
      if (!booted) {
        worker.terminate();
        reject(error);
      }
    };
    const timer = setTimeout(() => {
      const secs = Math.round(timeoutMs / 1000);
      fail(new EngineError(
        "BootTimeout",
        `The game engine did not start within ${secs} s. Check your connection.`,
      ));
    }, timeoutMs);

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

    worker.addEventListener("message", (event) => {
      const msg = event.data || {};
      if (msg.type === "progress") {
        if (onProgress) {
          try { onProgress({ stage: msg.stage, state: msg.state }); } catch (e) { console.error(e); }
        }
      } else if (msg.type === "ready") {
        performance.mark("kaiser-engine-ready");
        clearTimeout(timer);
        booted = true;
        engine.version = msg.version || "";
        engine.boot = msg.boot || "fresh";
        engine.snapshot = msg.snapshot ?? null;
        engine.timings = msg.timings || {};
        resolve(engine);
      } else if (msg.type === "boot-error") {
        fail(new EngineError("BootError", `The game engine failed to start: ${msg.message}`));
      } else if (msg.id !== undefined && pending.has(msg.id)) {
        const { res, rej, entry } = pending.get(msg.id);
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
