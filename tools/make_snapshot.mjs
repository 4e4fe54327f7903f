// Make the engine's memory snapshot at build time, under Node, byte for byte the same each time.
//
//   node tools/make_snapshot.mjs <runtime dir> <output file>
//
// The runtime dir is the built site's pyodide/ (the vendored runtime, our wheel and its lock
// entry). The snapshot is the interpreter after the wheel is unpacked, every module of
// kaiser_core imported and one call of each kind made (kaiser_core.bridge.webcall.warm): the worker
// restores it instead of starting Python, on the first visit as on later ones (docs/boot.md).
//
// Reproducible: the interpreter takes its hash secret and the state of its random generators
// from the runtime's entropy source, and reads the clock; both are made deterministic here, in
// this process only. The time zone and locale (which the runtime reads at start) are pinned by
// running in a fixed environment, and the program's name is the browser's, not this file's
// path. The browser's interpreter reseeds `random` from real entropy after a restore
// (worker.js), so no two visits share a random stream.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimeArg, outArg] = process.argv.slice(2);
if (!runtimeArg || !outArg) {
  console.error("usage: node tools/make_snapshot.mjs <runtime dir> <output file>");
  process.exit(2);
}
const runtime = resolve(runtimeArg) + "/";

const PINNED = { TZ: "UTC", LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
if (Object.entries(PINNED).some(([k, v]) => process.env[k] !== v)) {
  const child = spawnSync(process.execPath, process.argv.slice(1), {
    env: { ...PINNED, PATH: process.env.PATH ?? "" }, stdio: "inherit",
  });
  process.exit(child.status ?? 1);
}

// A fixed entropy stream (mulberry32) for every source the runtime draws from.
let seed = 0x4b534e50;
const next = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
};
const fill = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
  return view;
};
createRequire(import.meta.url)("node:crypto").randomFillSync = fill;
globalThis.crypto.getRandomValues = fill;
Math.random = () => next() / 2 ** 32;
let tick = 0;
performance.now = () => (tick += 1);
Date.now = () => Date.UTC(2020, 0, 1) + tick;

const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime, _makeSnapshot: true, _sysExecutable: "./this.program" });

// Our wheel, checked against its lock entry, unpacked with zipfile: loadPackage would leave a
// JavaScript reference in the interpreter, which makeMemorySnapshot refuses.
const entry = JSON.parse(readFileSync(join(runtime, "pyodide-lock.json"), "utf8")).packages["kaiser-core"];
const wheel = readFileSync(join(runtime, entry.file_name));
const digest = createHash("sha256").update(wheel).digest("hex");
if (digest !== entry.sha256) throw new Error(`${entry.file_name}: sha256 ${digest}, lock says ${entry.sha256}`);
py.FS.mkdirTree("/tmp");
py.FS.writeFile("/tmp/kaiser_core.whl", wheel);
py.runPython(`
import importlib, site, zipfile
with zipfile.ZipFile("/tmp/kaiser_core.whl") as _whl:
    _whl.extractall(site.getsitepackages()[0])
del _whl
# The clock is fixed here: site-packages' cached listing would still look current.
importlib.invalidate_caches()
from kaiser_core.bridge import webcall as _webcall
_webcall.warm()
`);
py.FS.unlink("/tmp/kaiser_core.whl");
const snapshot = py.makeMemorySnapshot();
writeFileSync(outArg, snapshot);
console.log(`snapshot: ${snapshot.length} bytes, sha256 ${createHash("sha256").update(snapshot).digest("hex").slice(0, 16)}`);
