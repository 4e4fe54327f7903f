// The game engine's Web Worker (a module worker): runs Pyodide and kaiser_core.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "python" | "engine", state: "start" | "done"}
//   {type: "ready", version}            once `import kaiser_core.api` works
//   {type: "boot-error", message}       if booting failed (the page may offer a retry)
//   {id, result} | {id, error: {type, message}}   replies to requests
// Requests from the page: {id, fn, args, time_cap_ms?}; fn must be in ALLOWED, args a JSON-able
// array. Values cross the JS/Python boundary as JSON strings.

const RUNTIME_URL = new URL("./pyodide/", import.meta.url).href;

const ALLOWED = new Set([
  "new_game", "legal_actions", "apply", "load", "view", "summary", "encode_share",
  "decode_share", "bot_action", "hint", "analyze", "profiles", "options_schema", "step", "bot_step",
]);

// Python side: one entry point; every Python exception becomes {"error": {type, message}}.
const SHIM = `
import inspect as _inspect
import json as _json

import kaiser_core.api as _api

_ALLOWED = frozenset(${JSON.stringify([...ALLOWED])})
_TIME_CAP_FNS = {}

def _accepts_time_cap(fn):
    if fn not in _TIME_CAP_FNS:
        try:
            _TIME_CAP_FNS[fn] = "time_cap_ms" in _inspect.signature(getattr(_api, fn)).parameters
        except (TypeError, ValueError):
            _TIME_CAP_FNS[fn] = False
    return _TIME_CAP_FNS[fn]

def _kaiser_call(fn, args_json, time_cap_ms=None):
    try:
        if fn not in _ALLOWED or not hasattr(_api, fn):
            raise LookupError(f"unknown engine function: {fn!r}")
        args = _json.loads(args_json)
        if not isinstance(args, list):
            raise TypeError("args must be a JSON array")
        kwargs = {}
        if time_cap_ms is not None and _accepts_time_cap(fn):
            kwargs["time_cap_ms"] = time_cap_ms
        result = getattr(_api, fn)(*args, **kwargs)
        return _json.dumps({"result": result})
    except BaseException as exc:  # the worker must survive anything
        return _json.dumps({"error": {"type": type(exc).__name__, "message": str(exc)}})

def _kaiser_version():
    import kaiser_core
    return str(getattr(kaiser_core, "__version__", ""))
`;

let call = null; // the Python _kaiser_call, once booted

function progress(stage, state) {
  self.postMessage({ type: "progress", stage, state });
}

async function boot() {
  progress("runtime", "start");
  const { loadPyodide } = await import(RUNTIME_URL + "pyodide.mjs");
  progress("runtime", "done");

  progress("python", "start");
  const pyodide = await loadPyodide({ indexURL: RUNTIME_URL });
  progress("python", "done");

  progress("engine", "start");
  try {
    // Resolved through our entry in pyodide-lock.json (sha256-checked).
    await pyodide.loadPackage("kaiser-core", {
      messageCallback: () => {},
      errorCallback: (msg) => console.warn("[engine] loadPackage:", msg),
    });
  } catch (err) {
    // A failed loadPackage only warns; the import below is the real check.
    console.warn("[engine] loadPackage failed:", err);
  }
  pyodide.runPython(SHIM); // raises if kaiser_core.api cannot be imported
  call = pyodide.globals.get("_kaiser_call");
  const version = pyodide.globals.get("_kaiser_version")();
  progress("engine", "done");
  return version;
}

const booted = boot().then(
  (version) => {
    self.postMessage({ type: "ready", version });
    return true;
  },
  (err) => {
    const message = String((err && err.message) || err);
    self.postMessage({ type: "boot-error", message });
    return false;
  },
);

self.addEventListener("message", async (event) => {
  const msg = event.data || {};
  const { id, fn } = msg;
  if (!(await booted)) {
    self.postMessage({ id, error: { type: "BootError", message: "the engine failed to start" } });
    return;
  }
  if (!ALLOWED.has(fn)) {
    self.postMessage({ id, error: { type: "UnknownFunction", message: `unknown engine function: ${fn}` } });
    return;
  }
  try {
    const argsJson = JSON.stringify(msg.args === undefined ? [] : msg.args);
    const capMs = Number.isFinite(msg.time_cap_ms) ? Math.round(msg.time_cap_ms) : undefined;
    const reply = JSON.parse(capMs === undefined ? call(fn, argsJson) : call(fn, argsJson, capMs));
    self.postMessage({ id, ...reply });
  } catch (err) {
    // JS-side failure (e.g. args not serialisable): report it, keep the worker alive.
    self.postMessage({
      id,
      error: { type: (err && err.name) || "Error", message: String((err && err.message) || err) },
    });
  }
});
