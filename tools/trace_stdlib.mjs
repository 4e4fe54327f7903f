// Which files of the runtime's standard library the product imports, traced under the real runtime.
//
//   node tools/trace_stdlib.mjs <runtime dir> <output json>
//
// The runtime dir is the built site's pyodide/ with the runtime's whole python_stdlib.zip. The
// script boots the interpreter the way the page's worker does (for a memory snapshot, then our
// wheel unpacked with zipfile, warmed up), takes a memory snapshot and restores it, runs
// tools/stdlib_workload.py there (every kind of call the page makes, each bot level, the review,
// the share codes and the error paths), and writes the sorted list of the zip's files that any of that imported. build.py
// keeps only those in the zip the site ships (README: "The runtime, trimmed").
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtimeArg, outArg] = process.argv.slice(2);
if (!runtimeArg || !outArg) {
  console.error("usage: node tools/trace_stdlib.mjs <runtime dir> <output json>");
  process.exit(2);
}
const runtime = resolve(runtimeArg) + "/";
const here = dirname(fileURLToPath(import.meta.url));

// The zip's files behind every module loaded so far (packages by their __init__.py).
const LOADED = `
import json, sys
_zip = next(p for p in sys.path if p.endswith(".zip")) + "/"
json.dumps(sorted({m.__file__[len(_zip):] for m in list(sys.modules.values())
                   if (getattr(m, "__file__", None) or "").startswith(_zip)}))
`;

const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime, _makeSnapshot: true });
const entry = JSON.parse(readFileSync(join(runtime, "pyodide-lock.json"), "utf8")).packages["kaiser-core"];
py.FS.mkdirTree("/tmp");
py.FS.writeFile("/tmp/kaiser_core.whl", readFileSync(join(runtime, entry.file_name)));
py.runPython(`
import importlib, site, zipfile
with zipfile.ZipFile("/tmp/kaiser_core.whl") as _whl:
    _whl.extractall(site.getsitepackages()[0])
del _whl
importlib.invalidate_caches()
`);
py.runPython("from kaiser_core.bridge import webcall; webcall.warm()");
const files = new Set(JSON.parse(py.runPython(LOADED)));
// The worker's snapshot is made after the same warm-up; the workload runs in the restored
// interpreter, as a later visit's would.
const restored = await loadPyodide({ indexURL: runtime, _loadSnapshot: py.makeMemorySnapshot() });
restored.runPython(readFileSync(join(here, "stdlib_workload.py"), "utf8"));
for (const f of JSON.parse(restored.runPython(LOADED))) files.add(f);

writeFileSync(outArg, JSON.stringify([...files].sort(), null, 1) + "\n");
console.log(`traced ${files.size} files of the standard library`);
