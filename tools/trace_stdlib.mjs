// Which files of the runtime's standard library the product imports, traced under the real runtime.
//
//   node tools/trace_stdlib.mjs <runtime dir> <output zip> [EXTRA ...]
//
// The runtime dir is the built site's pyodide/ with the runtime's whole python_stdlib.zip. The
// script boots the interpreter the way the page's worker does (for a memory snapshot, then our
// wheel unpacked with zipfile, warmed up), takes a memory snapshot and restores it, runs
// tools/stdlib_workload.py there (every kind of call the page makes, each bot level, the review,
// the share codes and the error paths), and writes the zip the site ships: the files any of that
// imported (and the EXTRA zip paths build.py names), stored uncompressed (the whole zip travels
// as xz), without docstrings and comments (as `python -OO` drops docstrings, which the standard
// library supports; Pyodide's own packages are kept as they are). Both steps run in the runtime's
// own Python 3.14, whose parser reads its library. README: "Opening the page".
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [runtimeArg, outArg, ...extra] = process.argv.slice(2);
if (!runtimeArg || !outArg) {
  console.error("usage: node tools/trace_stdlib.mjs <runtime dir> <output zip> [EXTRA ...]");
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

for (const f of extra) files.add(f);

const STRIP = `
import ast, io, sys, zipfile

def stripped(source):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.Pass()]
    return (ast.unparse(tree) + "\\n").encode()

_zip = next(p for p in sys.path if p.endswith(".zip"))
_out = io.BytesIO()
with zipfile.ZipFile(_zip) as whole, zipfile.ZipFile(_out, "w", zipfile.ZIP_STORED) as trimmed:
    total = len(whole.namelist())
    for name in sorted(_names):
        data = whole.read(name)
        if name.endswith(".py") and not name.startswith(("_pyodide/", "pyodide/")):
            data = stripped(data)
        trimmed.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
_trimmed, _total = _out.getvalue(), total
`;
restored.globals.set("_names", restored.toPy([...files]));
restored.runPython(STRIP);
writeFileSync(outArg, restored.globals.get("_trimmed").toJs());
console.log(`standard library: ${files.size} of ${restored.globals.get("_total")} files kept`);
