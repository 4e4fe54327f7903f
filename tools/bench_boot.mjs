// Measure Pyodide boot + installing the kaiser_core wheel, in Node, one fresh process per run:
//   node tools/bench_boot.mjs lock      loadPackage("kaiser-core") via our pyodide-lock.json entry
//   node tools/bench_boot.mjs micropip  load micropip's wheel, then micropip.install(the wheel)
// Needs dist/ (python build.py) and, for micropip, .cache/micropip/micropip-0.11.1-*.whl
// (pip download --no-deps --only-binary=:all: --python-version 3.13 micropip==0.11.1).
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const runtime = join(root, "dist", "pyodide") + "/";
const mode = process.argv[2] || "lock";

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: runtime });
const t1 = performance.now();
if (mode === "lock") {
  await pyodide.loadPackage("kaiser-core", { messageCallback: () => {} });
} else {
  const mp = readdirSync(join(root, ".cache", "micropip")).find((f) => f.endsWith(".whl"));
  await pyodide.loadPackage(join(root, ".cache", "micropip", mp), { messageCallback: () => {} });
  const whl = readdirSync(runtime).find((f) => f.startsWith("kaiser_core-") && f.endsWith(".whl"));
  pyodide.FS.writeFile(`/tmp/${whl}`, readFileSync(join(runtime, whl)));
  await pyodide.runPythonAsync(`import micropip\nawait micropip.install("emfs:/tmp/${whl}")`);
}
pyodide.runPython("import kaiser_core");
const t2 = performance.now();
console.log(JSON.stringify({ mode, boot_s: +((t1 - t0) / 1000).toFixed(3), install_s: +((t2 - t1) / 1000).toFixed(3) }));
