// @ts-check
// The game engine's Web Worker (a module worker): runs Pyodide and kaiser_core.
//
// Messages to the page:
//   {type: "progress", stage: "runtime" | "python" | "engine", state: "start" | "done"}
//   {type: "bytes", loaded, total}      the engine's files arriving (bytes on the wire)
//   {type: "ready", version, boot: "snapshot" | "fresh", snapshot: "stored" | "shipped" | null,
//    timings}   once the engine answers
//   {type: "boot-error", message, offline}  if booting failed (the page may offer a retry)
//   {id, result} | {id, error: {type, message}}   replies to requests
// Requests from the page: {id, fn, args}; fn names a bridge function (kaiser_core.bridge.webcall
// refuses any other), args is a JSON-able array (a bot's time cap is an argument of bot_step like
// any other). Values cross the JS/Python boundary as JSON strings.
//
// Start-up (docs/boot.md): a first visit boots Python afresh from the smallest download the
// runtime allows (the wasm and a trimmed standard library sent xz-compressed, decompressed here as
// they arrive and kept decompressed in the site's cache), and once the worker has been idle for
// half a second it makes a memory snapshot of the interpreter and keeps it in the origin private
// file system. Later visits restore that snapshot instead of starting Python (0.2 s instead of
// 1.5 s). A snapshot is only an optimisation: a stored one that is missing, truncated, corrupt or
// fails to restore is deleted; the one the build ships is tried if the site's cache holds it, and
// otherwise Python boots afresh and makes a new one.

const RUNTIME_URL = new URL("./pyodide/", import.meta.url).href;
const SHIPPED_URL = new URL("./engine-snapshot.gz", import.meta.url).href;
// Replaced by build.py with the build's hash (the service worker's cache name): a stored
// snapshot is restored only into the exact runtime and wheel it was made from.
const BUILD_ID = "__BUILD_ID__";
// Where the snapshot is kept: one file per build; the service worker deletes other builds' ones.
const SNAPSHOT_DIR = "kaiser-snapshot";
const SNAPSHOT_FILE = `${BUILD_ID}.snapshot`;
// Where the fresh boot writes the wheel in the runtime's own file system before unpacking it.
const WHEEL_PATH = "/tmp/kaiser_core.whl";
// Short, so that even a brief first visit leaves a snapshot; any request postpones it.
const SNAPSHOT_IDLE_MS = 500;
// What a fresh boot downloads, in bytes on the wire (build.py writes it: the xz files as they
// are, the runtime's modules as the host gzips them), for the page's "1.8 of 3.9 MB".
const BOOT_BYTES = /** @type {Record<string, number>} */ (JSON.parse("__BOOT_BYTES__"));
// The site's cache (the service worker's, named by the build): the decompressed runtime is kept
// there under its plain name, so later boots compile it straight from the cache.
const CACHE_NAME = BUILD_ID;
const XZ_TYPES = { "pyodide.asm.wasm": "application/wasm", "python_stdlib.zip": "application/zip" };
// The vendored xz-embedded decoder (npm xz-decompress, bundled by build.py), loaded only when a
// file is not in the cache yet.
const XZ_DECODER = new URL("./vendor/xz.mjs", import.meta.url).href;

// Python side, after either boot: the package's one entry point. `random` is reseeded because a
// restored interpreter would otherwise repeat the stream it was saved with.
const SHIM = `
from kaiser_core.bridge import webcall as _webcall
import random as _random
_random.seed()
del _random
`;

// Unpacks the wheel (written to WHEEL_PATH) into site-packages. Not loadPackage: that leaves a
// JavaScript reference in the interpreter, which makeMemorySnapshot refuses.
const UNPACK = `
import importlib, site, zipfile
with zipfile.ZipFile(${JSON.stringify(WHEEL_PATH)}) as _whl:
    _whl.extractall(site.getsitepackages()[0])
del _whl
importlib.invalidate_caches()
`;

/**
 * The parts of the Pyodide runtime this worker uses.
 * @typedef {object} Pyodide
 * @property {(code: string) => unknown} runPython
 * @property {{get: (name: string) => {call: BridgeCall}}} globals
 * @property {{packages: Record<string, {file_name: string, sha256: string} | undefined>}} lockfile
 * @property {{mkdirTree: (path: string) => void, writeFile: (path: string, data: Uint8Array) => void,
 *   unlink: (path: string) => void}} FS
 * @property {{HEAP8: Int8Array}} _module
 * @property {() => Uint8Array} makeMemorySnapshot
 */
/**
 * The runtime's loadPyodide, with the options this worker passes.
 * @typedef {(options: {indexURL: string, _loadSnapshot?: Promise<Uint8Array>,
 *   _makeSnapshot?: boolean}) => Promise<Pyodide>} LoadPyodide
 */
/** @typedef {(fn: string, argsJson: string) => string} BridgeCall webcall.call: JSON in, JSON out */

/** @type {Pyodide | null} */
let pyodide = null;
/** @type {BridgeCall | null} kaiser_core.bridge.webcall.call, once booted */
let call = null;
/** @type {"snapshot" | "fresh" | null} */
let bootMode = null;
/** @type {"stored" | "shipped" | null} where the restored snapshot came from */
let snapshotSource = null;
/** @type {Uint8Array | null} a shipped snapshot that restored, to keep in the file system */
let toStore = null;
let snapshotWanted = false; // a fresh boot owes the next visit a snapshot
/** @type {Record<string, number>} ms since the worker started, per boot step (docs/boot.md) */
const timings = {};
/** @param {string} name */
const mark = (name) => { timings[name] = Math.round(performance.now()); };

/** @param {"runtime" | "python" | "engine"} stage @param {"start" | "done"} state */
function progress(stage, state) {
  self.postMessage({ type: "progress", stage, state });
}

// ---------------------------------------------------------------- the stored snapshot
// Kept in the origin private file system: a 31 MB file reads there in ~50 ms, against ~250 ms
// from Cache Storage (gzipped or not), and that read is on a warm visit's critical path. Nearly
// half of the snapshot's 4 KB pages are zeros, so only the others are kept. One file per build:
//   a 16-byte header: magic "KSNP", format 2, the snapshot's length, a checksum of the body
//     (all u32, little-endian);
//   the body: one byte per page of the snapshot (1 kept, 0 all zeros), padded to 4 bytes, then
//     the kept pages in order (the last page of the snapshot may be short).
const MAGIC = 0x504e534b;
const FORMAT = 2;
const HEADER_BYTES = 16;
const PAGE = 4096;
/** @param {number} n */
const pad4 = (n) => (n + 3) & ~3;

/**
 * FNV-1a over 32-bit words (and any last bytes): 10 ms for 31 MB. It catches a truncated or
 * altered file, which would otherwise be restored as a broken interpreter.
 * @param {Uint8Array} bytes
 */
function checksum(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
  for (let i = words.length << 2; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}

/**
 * A thrown value's message, else the value itself, as text.
 * @param {unknown} err
 */
function messageOf(err) {
  return String((typeof err === "object" && err !== null && "message" in err && err.message) || err);
}

/** A thrown value's name (an Error's, a DOMException's), if it has one. @param {unknown} err */
function nameOf(err) {
  return typeof err === "object" && err !== null && "name" in err ? err.name : undefined;
}

/** @param {boolean} create */
async function snapshotDir(create) {
  if (!self.navigator.storage?.getDirectory) return null;
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(SNAPSHOT_DIR, { create });
}

/**
 * This build's stored snapshot: null when there is none, else a promise of its bytes that
 * rejects when it is truncated or corrupt. The file is found at once; reading and checking it
 * then overlaps with fetching and compiling the runtime.
 * @returns {Promise<{bytes: Promise<Uint8Array>} | null>}
 */
async function findSnapshot() {
  let file;
  try {
    file = await (await (await snapshotDir(false))?.getFileHandle(SNAPSHOT_FILE))?.getFile();
  } catch (err) {
    if (nameOf(err) === "NotFoundError") return null;
    throw err;
  }
  if (!file) return null;
  const bytes = readSnapshot(file);
  bytes.catch(() => {}); // reported by the restore that awaits it
  return { bytes };
}

/** @param {File} file */
async function readSnapshot(file) {
  const all = new Uint8Array(await file.arrayBuffer());
  if (all.length < HEADER_BYTES) throw new Error(`snapshot file of ${all.length} bytes`);
  const [magic, format, length, sum] = new Uint32Array(all.buffer, 0, 4);
  if (magic !== MAGIC || format !== FORMAT) throw new Error("not a snapshot file of this format");
  const body = all.subarray(HEADER_BYTES);
  if (checksum(body) !== sum) throw new Error("snapshot fails its checksum");
  const pages = Math.ceil(length / PAGE);
  const bytes = new Uint8Array(length);
  let at = pad4(pages);
  for (let p = 0; p < pages; p++) {
    if (!body[p]) continue;
    const start = p * PAGE, size = Math.min(PAGE, length - start);
    if (at + size > body.length) throw new Error("snapshot file is cut short");
    bytes.set(body.subarray(at, at + size), start);
    at += size;
  }
  if (at !== body.length) throw new Error(`snapshot file has ${body.length - at} bytes too many`);
  mark("snapshot read");
  return bytes;
}

/** @param {Uint8Array} bytes @param {number} start @param {number} end */
function allZero(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i]) return false;
  return true;
}

/**
 * The stored file's body: the page map, then the pages that are not all zeros.
 * @param {Uint8Array} bytes the snapshot
 */
function packSnapshot(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const map = new Uint8Array(pad4(pages));
  let size = map.length;
  for (let p = 0; p < pages; p++) {
    const start = p * PAGE, end = Math.min(start + PAGE, bytes.length);
    if (!allZero(bytes, start, end)) {
      map[p] = 1;
      size += end - start;
    }
  }
  const body = new Uint8Array(size);
  body.set(map);
  let at = map.length;
  for (let p = 0; p < pages; p++) {
    if (!map[p]) continue;
    const page = bytes.subarray(p * PAGE, Math.min((p + 1) * PAGE, bytes.length));
    body.set(page, at);
    at += page.length;
  }
  return body;
}

async function dropSnapshot() {
  try {
    await (await snapshotDir(false))?.removeEntry(SNAPSHOT_FILE);
  } catch (err) {
    if (nameOf(err) !== "NotFoundError") console.warn("[engine] could not delete the snapshot:", err);
  }
}

/** @param {Uint8Array} bytes */
async function storeSnapshot(bytes) {
  const dir = await snapshotDir(true);
  if (!dir) return;
  const body = packSnapshot(bytes);
  const handle = await (await dir.getFileHandle(SNAPSHOT_FILE, { create: true })).createSyncAccessHandle();
  try {
    // The header last: a file without its magic number is one still being written.
    handle.truncate(0);
    handle.write(body, { at: HEADER_BYTES });
    handle.write(new Uint32Array([MAGIC, FORMAT, bytes.length, checksum(body)]), { at: 0 });
    handle.flush();
  } finally {
    handle.close();
  }
}

/** The snapshot the build shipped; gzip's CRC-32 and length catch a damaged download. */
async function readShipped() {
  const res = await fetch(SHIPPED_URL);
  if (!res.ok || !res.body) throw new Error(`the shipped snapshot could not be loaded (HTTP ${res.status})`);
  const bytes = new Uint8Array(await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  mark("snapshot read");
  return bytes;
}

/**
 * Where the snapshot to restore comes from, in the order tried: the stored one, then the shipped
 * one when the site's cache already holds it. A first visit restores none: the 7 MB shipped
 * snapshot costs more on the wire than starting Python does, and this browser makes its own.
 * @returns {Promise<Array<{source: "stored" | "shipped", bytes: () => Promise<Uint8Array>}>>}
 */
async function snapshotSources() {
  const sources = [];
  try {
    const found = await findSnapshot();
    if (found) sources.push({ source: /** @type {const} */ ("stored"), bytes: () => found.bytes });
  } catch (err) {
    console.warn("[engine] no stored snapshot could be read:", err);
  }
  if (await (await siteCache())?.match(SHIPPED_URL)) {
    sources.push({ source: /** @type {const} */ ("shipped"), bytes: readShipped });
  }
  return sources;
}

// ---------------------------------------------------------------- downloads
let loadedBytes = 0;
let lastReport = 0;
const totalBytes = Object.values(BOOT_BYTES).reduce((a, b) => a + b, 0);

/**
 * Count bytes that arrived (or were found in the cache) and tell the page, ten times a second.
 * @param {number} n
 * @param {boolean} [force]
 */
function arrived(n, force = false) {
  loadedBytes += n;
  const now = performance.now();
  if (!force && now - lastReport < 100) return;
  lastReport = now;
  self.postMessage({ type: "bytes", loaded: Math.min(loadedBytes, totalBytes), total: totalBytes });
}

/** @param {ReadableStream<Uint8Array>} body */
function counted(body) {
  return body.pipeThrough(new TransformStream({
    transform(chunk, out) { arrived(chunk.byteLength); out.enqueue(chunk); },
  }));
}

/** A network failure (not an HTTP error): offline, or the connection dropped. */
class NetworkError extends Error {}

const realFetch = self.fetch.bind(self);

/** @param {string} url */
async function get(url) {
  try {
    return await realFetch(url);
  } catch (err) {
    throw new NetworkError(`${url.split("/").pop()} could not be downloaded (${messageOf(err)})`);
  }
}

/** @type {Promise<Cache | null> | null} */
let cacheOpened = null;

/** The site's cache, opened once for the boot (null where storage is refused, as in some
 * private modes: the files then come from the network each time). */
function siteCache() {
  cacheOpened ??= (self.caches ? caches.open(CACHE_NAME) : Promise.resolve(null)).catch(() => null);
  return cacheOpened;
}

/** The names of NAME.xz's parts, in order. @param {string} name */
function partsOf(name) {
  return Object.keys(BOOT_BYTES).filter((k) => k.startsWith(`${name}.xz.`))
    .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
}

/** One of the boot's downloads (an xz part, the wheel), whole: from the site's cache, or
 * downloaded, counted and then kept there, so a Retry does not download it again.
 * @param {string} file a name in BOOT_BYTES, relative to the runtime */
async function download(file) {
  const url = RUNTIME_URL + file;
  const cache = await siteCache();
  const hit = await cache?.match(url);
  if (hit) {
    arrived(BOOT_BYTES[file]);
    return new Uint8Array(await hit.arrayBuffer());
  }
  const res = await get(url);
  if (!res.ok || !res.body) throw new Error(`${file} could not be downloaded (HTTP ${res.status})`);
  let bytes;
  try {
    bytes = new Uint8Array(await new Response(counted(res.body)).arrayBuffer());
  } catch (err) {
    throw new NetworkError(`${file} was cut off (${messageOf(err)})`);
  }
  if (bytes.length !== BOOT_BYTES[file]) throw new NetworkError(`${file} arrived cut short`);
  cache?.put(url, new Response(bytes)).catch(() => {}); // kept for a Retry; else downloaded again
  return bytes;
}

/**
 * The parts of NAME.xz in order (build.py splits each xz file; their names and sizes are among
 * the boot's downloads), as one stream. A part already in the site's cache is read from there;
 * the others are downloaded and each is kept in the cache once whole: a Retry after a cut goes
 * on from there.
 * @param {string} name
 */
function xzParts(name) {
  const parts = partsOf(name);
  /** @param {string} part */
  const fetchPart = (part) => download(part).catch((err) => {
    // The runtime swallows a failed instantiation and waits for ever: say it here, at once.
    if (err instanceof NetworkError) self.postMessage({ type: "boot-error", message: err.message, offline: true });
    throw err;
  });
  // Two parts in flight: while one is read the next is on its way, its round trip hidden.
  const started = parts.slice(0, 2).map(fetchPart);
  let next = 0;
  for (const p of started) p.catch(() => {}); // reported by the pull that awaits it
  return new ReadableStream({
    async pull(controller) {
      if (next >= parts.length) return controller.close();
      const bytes = await started[next++];
      if (started.length < parts.length) {
        const more = fetchPart(parts[started.length]);
        more.catch(() => {});
        started.push(more);
      }
      controller.enqueue(bytes);
    },
  });
}

/**
 * One of the runtime's xz-sent files, as the runtime asked for it by its plain name: from the
 * site's cache when a boot has kept it there, else its xz parts, decompressed as they arrive
 * (xz-embedded checks its CRC-32) and the result kept in the cache for the next boot.
 * @param {keyof typeof XZ_TYPES} name
 */
async function runtimeFile(name) {
  const plain = RUNTIME_URL + name;
  const headers = { "Content-Type": XZ_TYPES[name] };
  const cache = await siteCache();
  const hit = await cache?.match(plain);
  if (hit) {
    arrived(partsOf(name).reduce((sum, part) => sum + BOOT_BYTES[part], 0));
    return hit;
  }
  const { XzReadableStream } = /** @type {{XzReadableStream: new (parts: ReadableStream<Uint8Array>) =>
    ReadableStream<Uint8Array>}} */ (await import(XZ_DECODER));
  const [forRuntime, forCache] = new XzReadableStream(xzParts(name)).tee();
  if (cache) cache.put(plain, new Response(forCache, { headers })).catch((err) => console.warn(`[engine] ${name} not kept:`, err));
  return new Response(forRuntime, { headers });
}

// The runtime fetches its wasm and standard library by their plain names.
self.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const name = Object.keys(XZ_TYPES).find((n) => url === RUNTIME_URL + n);
  return name ? runtimeFile(/** @type {keyof typeof XZ_TYPES} */ (name)) : realFetch(input, init);
};

// ---------------------------------------------------------------- boot
/** Our wheel's file name (the build writes it among the boot's downloads). */
const WHEEL_FILE = Object.keys(BOOT_BYTES).find((name) => name.endsWith(".whl")) ?? "";

/**
 * Unpack the wheel once it is checked against our lock entry's name and sha256.
 * @param {Pyodide} py
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
async function installWheel(py, bytes) {
  const entry = py.lockfile.packages["kaiser-core"];
  if (!entry) throw new Error("pyodide-lock.json has no kaiser-core entry");
  if (entry.file_name !== WHEEL_FILE) throw new Error(`the lock names ${entry.file_name}, not ${WHEEL_FILE}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== entry.sha256) throw new Error(`the engine's wheel is damaged (sha256 ${hex}, expected ${entry.sha256})`);
  py.FS.mkdirTree("/tmp");
  py.FS.writeFile(WHEEL_PATH, bytes);
  py.runPython(UNPACK);
  py.FS.unlink(WHEEL_PATH);
}

/**
 * Take the engine's entry point from an interpreter that has run SHIM; returns it and the
 * engine's version.
 * @param {Pyodide} py
 */
function bind(py) {
  pyodide = py;
  const entry = py.globals.get("_webcall").call;
  call = entry;
  return { call: entry, version: String(py.runPython("import kaiser_core; kaiser_core.__version__")) };
}

/** @param {LoadPyodide} loadPyodide @param {Promise<Uint8Array>} snapshot */
async function restore(loadPyodide, snapshot) {
  const py = await loadPyodide({ indexURL: RUNTIME_URL, _loadSnapshot: snapshot });
  mark("restored");
  py.runPython(SHIM);
  const { call: bound, version } = bind(py);
  const probe = JSON.parse(bound("profiles", "[]"));
  if (probe.error) throw new Error(`${probe.error.type}: ${probe.error.message}`);
  return version;
}

/** The heap a fresh boot starts with: a snapshot of a larger one could not be restored (the
 * runtime restores into its initial memory), so none is made once the heap has grown. */
let bootHeap = 0;

/** @param {LoadPyodide} loadPyodide */
async function fresh(loadPyodide) {
  const wheel = download(WHEEL_FILE); // alongside the runtime, not after Python is up
  wheel.catch(() => {}); // reported where it is awaited
  const py = await loadPyodide({ indexURL: RUNTIME_URL, _makeSnapshot: true });
  bootHeap = py._module.HEAP8.length;
  mark("python");
  progress("python", "done");
  progress("engine", "start");
  await installWheel(py, await wheel);
  mark("wheel");
  py.runPython(SHIM); // raises if kaiser_core cannot be imported
  mark("imported");
  return bind(py).version;
}

/** The runtime's two modules, imported side by side (loadPyodide imports the second only after
 * the first has loaded); their bytes count once each has arrived.
 * @returns {Promise<{loadPyodide: LoadPyodide}>} */
async function importRuntime() {
  const runtime = import(RUNTIME_URL + "pyodide.mjs");
  import(RUNTIME_URL + "pyodide.asm.mjs").then(() => arrived(BOOT_BYTES["pyodide.asm.mjs"] ?? 0), () => {});
  try {
    const module = await runtime;
    arrived(BOOT_BYTES["pyodide.mjs"] ?? 0);
    return module;
  } catch (err) {
    throw new NetworkError(`the game's engine could not be downloaded (${messageOf(err)})`);
  }
}

async function boot() {
  const sources = snapshotSources();
  progress("runtime", "start");
  const { loadPyodide } = await importRuntime();
  mark("runtime imported");
  progress("runtime", "done");
  progress("python", "start");
  for (const { source, bytes } of await sources) {
    try {
      const snapshot = bytes();
      const version = await restore(loadPyodide, snapshot);
      const steps = /** @type {const} */ ([["python", "done"], ["engine", "start"], ["engine", "done"]]);
      for (const [stage, state] of steps) progress(stage, state);
      bootMode = "snapshot";
      snapshotSource = source;
      if (source === "shipped") toStore = await snapshot;
      return version;
    } catch (err) {
      if (err instanceof NetworkError) throw err;
      console.warn(`[engine] the ${source} snapshot could not be restored:`, err);
      pyodide = null;
      call = null;
      if (source === "stored") await dropSnapshot();
    }
  }
  const version = await fresh(loadPyodide);
  progress("engine", "done");
  arrived(0, true);
  bootMode = "fresh";
  snapshotWanted = true;
  return version;
}

// ---------------------------------------------------------------- when idle: keep or make a snapshot
/** @type {ReturnType<typeof setTimeout> | undefined} */
let snapshotTimer;

function scheduleSnapshot() {
  if (!snapshotWanted && !toStore) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(() => (toStore ? keepShipped() : makeSnapshot()), SNAPSHOT_IDLE_MS);
}

/** Keep the shipped snapshot that restored where the next visit reads it fastest. */
async function keepShipped() {
  const bytes = toStore;
  if (!bytes) return;
  toStore = null;
  try {
    await storeSnapshot(bytes);
  } catch (err) {
    console.warn("[engine] the snapshot could not be stored:", err);
    await dropSnapshot();
  }
}

async function makeSnapshot() {
  snapshotWanted = false;
  const py = pyodide;
  if (!py) return;
  try {
    const t0 = performance.now();
    py.runPython("_webcall.warm()");
    const t1 = performance.now();
    if (py._module.HEAP8.length > bootHeap) {
      console.info("[engine] no snapshot this visit: the heap has grown past the runtime's initial memory");
      return;
    }
    const bytes = py.makeMemorySnapshot();
    const t2 = performance.now();
    await storeSnapshot(bytes);
    console.info(`[engine] snapshot stored: ${bytes.length} bytes; warm-up ${Math.round(t1 - t0)} ms, `
      + `snapshot ${Math.round(t2 - t1)} ms, store ${Math.round(performance.now() - t2)} ms`);
  } catch (err) {
    console.warn("[engine] no snapshot this time:", err);
    await dropSnapshot();
  }
}

const booted = boot().then(
  (version) => {
    mark("ready");
    self.postMessage({ type: "ready", version, boot: bootMode, snapshot: snapshotSource, timings });
    scheduleSnapshot();
    return true;
  },
  (err) => {
    const message = messageOf(err);
    self.postMessage({ type: "boot-error", message, offline: err instanceof NetworkError });
    return false;
  },
);

self.addEventListener("message", async (/** @type {MessageEvent} */ event) => {
  const msg = event.data || {};
  const { id, fn } = msg;
  if (!(await booted) || !call) {
    self.postMessage({ id, error: { type: "BootError", message: "the engine failed to start" } });
    return;
  }
  scheduleSnapshot();
  try {
    const argsJson = JSON.stringify(msg.args === undefined ? [] : msg.args);
    const reply = JSON.parse(call(fn, argsJson));
    self.postMessage({ id, ...reply });
  } catch (err) {
    // JS-side failure (e.g. args not serialisable): report it, keep the worker alive.
    self.postMessage({
      id,
      error: { type: nameOf(err) || "Error", message: messageOf(err) },
    });
  }
});
