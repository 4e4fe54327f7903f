// Run the engine's pytest suite inside Pyodide under Node (no browser).
//
//   node tests/pyodide/run.mjs [--dist dist] [--wheels .cache/pyodide-test-wheels] [-- pytest args]
//
// Loads the vendored runtime from <dist>/pyodide, installs our wheel through its lock entry
// (integrity-checked, then `import kaiser_core` must work), unpacks the pure-Python wheels of
// pytest, hypothesis and their dependencies into site-packages, copies tests/ and pyproject.toml
// into the Pyodide file system, runs pytest.main() and exits with pytest's real exit code
// (5 = no tests collected, which counts as a failure). `python build.py test` fetches the wheels.
//
// The runtime's standard library is the trimmed one the site ships (build.py keeps only what
// tools/trace_stdlib.mjs saw the product import). pytest and hypothesis need more, so the whole
// zip (--full-stdlib, kept by the build) goes on sys.path after it, behind a guard: a module of
// kaiser_core that imports, directly or through the standard library, a module only the whole
// zip holds raises ImportError naming it, so a module the site lacks fails a test, not a player.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, resolve, dirname, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const sep = argv.indexOf("--");
const extraArgs = sep >= 0 ? argv.slice(sep + 1) : [];
const dist = resolve(root, opt("--dist", "dist"));
const wheelDir = resolve(root, opt("--wheels", ".cache/pyodide-test-wheels"));
const runtime = join(dist, "pyodide") + "/";
const fullStdlib = resolve(root, opt("--full-stdlib", ".cache/python_stdlib-full.zip"));

if (!existsSync(join(runtime, "pyodide.mjs"))) {
  console.error(`no Pyodide runtime in ${runtime}: run \`python build.py\` first`);
  process.exit(2);
}
const wheels = existsSync(wheelDir) ? readdirSync(wheelDir).filter((f) => f.endsWith(".whl")).sort() : [];
if (!wheels.some((w) => w.startsWith("pytest-"))) {
  console.error(`no pytest wheel in ${wheelDir}: run \`python build.py test\` (it downloads them)`);
  process.exit(2);
}

if (!existsSync(fullStdlib)) {
  console.error(`no whole standard library at ${fullStdlib}: run \`python build.py\` first`);
  process.exit(2);
}

const GUARD = `
import builtins, sys, types
_TEST_ONLY = "/lib/python_stdlib_full.zip"
_SHIPPED = next(p for p in sys.path if p.endswith(".zip"))
sys.path.append(_TEST_ONLY)
_import = builtins.__import__

def _for_the_product():
    """Whether the import under way serves kaiser_core (not pytest, hypothesis or a test): the
    nearest frame that is not the standard library's or the import system's is the package's."""
    frame = sys._getframe(2)
    while frame is not None:
        where = frame.f_code.co_filename
        if not where.startswith(("<frozen", _SHIPPED, _TEST_ONLY)):
            name = frame.f_globals.get("__name__", "")
            return name.startswith("kaiser_core") and not name.startswith(("kaiser_core.tools", "kaiser_core.interop"))
        frame = frame.f_back
    return False

def _mirror(package):
    """A package of the trimmed zip looks for its submodules in the whole zip too."""
    path = getattr(package, "__path__", None)
    if isinstance(path, list) and path and path[0].startswith(_SHIPPED) and len(path) == 1:
        path.append(_TEST_ONLY + path[0][len(_SHIPPED):])

for _module in list(sys.modules.values()):
    _mirror(_module)

def _guarded(name, globals=None, locals=None, fromlist=(), level=0):
    module = _import(name, globals, locals, fromlist, level)
    _mirror(sys.modules.get(name))
    if level == 0:
        for found in [sys.modules.get(name), *(getattr(module, f, None) for f in fromlist or ())]:
            if (isinstance(found, types.ModuleType)
                    and (getattr(found, "__file__", None) or "").startswith(_TEST_ONLY)
                    and _for_the_product()):
                raise ImportError(f"kaiser_core needs {found.__name__}, which the site's trimmed standard "
                                  "library lacks: add it to STDLIB_EXTRA in build.py")
    return module

builtins.__import__ = _guarded
try:  # the guard proves itself: a module of the package importing what only the whole zip holds
    exec("import difflib", {"__name__": "kaiser_core.probe"})
except ImportError:
    sys.modules.pop("difflib", None)
else:
    raise SystemExit("the trimmed-stdlib guard let kaiser_core import difflib")
`;

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime });
const tBoot = performance.now();

await pyodide.loadPackage("kaiser-core", { messageCallback: () => {}, errorCallback: (m) => console.error(m) });
pyodide.FS.writeFile("/lib/python_stdlib_full.zip", readFileSync(fullStdlib));
pyodide.runPython(GUARD);
pyodide.runPython("import kaiser_core"); // fails loudly if the lock entry did not install it

const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const whl of wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, whl))), "wheel", { extractDir: sitePackages });
}
const tInstall = performance.now();

// Copy tests/ (without caches) and the pytest configuration into the virtual file system.
const home = "/home/pyodide/project";
const FS = pyodide.FS;
const mkdirp = (p) => {
  let cur = "";
  for (const part of p.split("/").filter(Boolean)) {
    cur += "/" + part;
    if (!FS.analyzePath(cur).exists) FS.mkdir(cur);
  }
};
function copyTree(src, dst) {
  mkdirp(dst);
  for (const name of readdirSync(src).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const s = join(src, name);
    const d = `${dst}/${name}`;
    if (statSync(s).isDirectory()) copyTree(s, d);
    else if (!name.endsWith(".pyc")) FS.writeFile(d, readFileSync(s));
  }
}
copyTree(join(root, "tests"), `${home}/tests`);
FS.writeFile(`${home}/pyproject.toml`, readFileSync(join(root, "pyproject.toml")));

const args = [
  "tests",
  "-m", "not slow and not host_only",
  "-p", "no:cacheprovider",
  "-o", "addopts=-q",
  ...extraArgs,
];
pyodide.globals.set("_pytest_args", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir(${JSON.stringify(home)})
sys.path.insert(0, ${JSON.stringify(home)})
import pytest
print(f"pytest {pytest.__version__} in Pyodide, Python {sys.version.split()[0]} on {sys.platform}")
int(pytest.main(list(_pytest_args)))
`);
const tEnd = performance.now();
console.log(
  `[pyodide] boot ${((tBoot - t0) / 1000).toFixed(1)} s, install ${((tInstall - tBoot) / 1000).toFixed(1)} s, ` +
    `pytest ${((tEnd - tInstall) / 1000).toFixed(1)} s, exit ${code}`,
);
process.exit(code);
