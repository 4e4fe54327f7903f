#!/usr/bin/env python3
"""Build, serve and test the Kaiser web app.

    python build.py                 build dist/ (wheel + pinned Pyodide runtime and browser
                                    libraries + web/ + sw.js)
    python build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python build.py test            install test deps, build, run every test suite
    python build.py bench-load [--runs N]  build, then time cold and warm visits in Chromium

Stdlib only at import time; pip, npm and node are called as subprocesses.
Everything in dist/ uses relative URLs, so the site works at "/" and under "/<repo>/".
Rebuilding unchanged sources gives byte-identical output.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import http.server
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
CACHE = ROOT / ".cache"

# Fixed timestamp for reproducible wheels (1980-01-01, the earliest a zip can hold).
SOURCE_DATE_EPOCH = "315532800"

# --- Pinned Pyodide runtime -------------------------------------------------------------------
PYODIDE_VERSION = "314.0.7"
# The npm tarball's integrity (as npm reports it); checked before anything is extracted.
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# The runtime files we vendor, with their sha256 (a second, per-file check).
PYODIDE_FILES = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}
RUNTIME_DIR = "pyodide"  # dist/pyodide/
# The runtime's whole standard library, kept beside the build for the in-Pyodide test run (pytest
# needs modules the product does not): the site ships only what tools/trace_stdlib.mjs finds.
FULL_STDLIB = CACHE / "python_stdlib-full.zip"
# Modules to ship although the trace does not import them (zip paths such as "fractions.py"):
# add one here when a code path the workload misses needs it; the in-Pyodide tests name it.
STDLIB_EXTRA: list[str] = []
# Sent xz-compressed (the page's worker decompresses them as they arrive, tools/firstvisit.py's
# figures in the README): 2.6 MB for the wasm against 3.5 MB gzipped by the host.
XZ_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
# The engine's memory snapshot, made at build time (tools/make_snapshot.mjs), gzipped.
SNAPSHOT_FILE = "engine-snapshot.gz"

# --- Pinned browser libraries for "Play with friends" -------------------------------------------
# Each npm tarball by version and integrity (as npm reports it), bundled by esbuild into one ES
# module under dist/vendor/ so the site loads them from its own origin, never from a CDN.
NPM_LIBRARIES = {
    "trystero": ("0.25.4",
        "sha512-tFYn/fO1kBeSKLUxRPKHH2n5jIuz9zlPPF9SmCVrGBiPNDGtFZyHuQONMUwftnCclTWlVsLoTus5/6eHhVEg+Q=="),
    "@trystero-p2p/nostr": ("0.25.4",
        "sha512-QDox1VVHl0ro/CLfQVUtMS9EQbtJhQM7CCsO4SGv9KrPBT+x3bmOqQ4Y6iugsLzQ6sW+a2cwUTxjDRz/BywqMg=="),
    "@trystero-p2p/core": ("0.25.4",
        "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q=="),
    "@noble/secp256k1": ("3.2.0",
        "sha512-Z3ZAWOTxJ0EuTuZTi7Y69iK7GgrLHh8sgm45lVDhg/b3Nk1TpAiKhick2KkZisHuupeepSkyIydN/J459SdX1w=="),
    "qrcode-generator": ("2.0.4",
        "sha512-mZSiP6RnbHl4xL2Ap5HfkjLnmxfKcPWpWe/c+5XxCuetEenqmNFf1FH/ftXPCtFG5/TDobjsjz6sSNL0Sr8Z9g=="),
    "xz-decompress": ("0.2.3",
        "sha512-O8v6HG8T0PrKBcpyWA13GkSYWFvncwzuzcLx5A7++l3HsE3atmoetXjIxrZ/JV/nbvSZ7WS4+3XvREZuVn+rEA=="),
}
# The bundles: dist/vendor/<file> re-exports what web/js/net/ imports of each library.
VENDOR_BUNDLES = {
    "trystero.mjs": ('export { joinRoom, selfId, defaultRelayUrls } from "trystero/nostr";\n'
                     'export { schnorr } from "@noble/secp256k1";\n'),
    "qrcode.mjs": 'export { default } from "qrcode-generator";\n',
    "xz.mjs": 'export { XzReadableStream } from "xz-decompress";\n',
}
VENDOR_DIR = "vendor"  # dist/vendor/
# esbuild's binary comes in a per-platform npm package; the machines this project builds on.
ESBUILD_VERSION = "0.28.2"
ESBUILD_BINARIES = {
    ("linux", "x86_64"): (
        "@esbuild/linux-x64",
        "sha512-4xTZr1FUmSoQW4XIWmit3tzQrUTZM+N3P0XV8xROKYF50XfI7xeO90+1bZvNwxIufQ9hDQVRJH5YhgPVF8A/HQ==",
    ),
}

BUILD_FRONTEND = "build==1.6.1"
"""The wheel's build front end (also in pyproject's test extra)."""

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}

SW_TEMPLATE = "sw.template.js"
# Files of web/ that are build inputs only, never copied to dist/: the service worker's template
# and the JSDoc type definitions the type checker reads (no module imports them at run time).
WEB_EXCLUDE = {SW_TEMPLATE, "js/types.js"}
# Markup both pages hold (the table, the analysis and statistics dialogs) is written once in
# web/partials/ and put in place of a line `<!--#include NAME -->` as a page is copied, at that
# line's indent, so the solo table and the shared one cannot drift apart.
PARTIALS = "partials"
INCLUDE = re.compile(r"^([ \t]*)<!--#include ([\w.-]+) -->\n", re.M)


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    log("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], **kw)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# ----------------------------------------------------------------------------------------------
# Wheel
# ----------------------------------------------------------------------------------------------
def _hatchling_ok() -> bool:
    try:
        from importlib.metadata import version

        return version("hatchling") == "1.33.0"
    except Exception:
        return False


def build_wheel() -> Path:
    """Build the kaiser_core wheel into .cache/wheel/ and return its path."""
    out = CACHE / "wheel"
    src = CACHE / "wheel-src"
    for d in (out, src):
        if d.exists():
            shutil.rmtree(d)
    out.mkdir(parents=True)
    # Build from a clean copy of the package sources: no caches or stray files reach the wheel.
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md", "LICENSE", "LICENSE.txt"):
        if (ROOT / name).is_file():
            shutil.copyfile(ROOT / name, src / name)
    if not (src / "README.md").exists():
        log("warning: README.md missing; building the wheel with an empty one")
        (src / "README.md").write_text("# kaiser-core\n", encoding="utf-8")
    shutil.copytree(ROOT / "kaiser_core", src / "kaiser_core",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
    have_frontend = run([sys.executable, "-m", "build", "--version"], cwd=src,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    # A fresh machine: the build front end is the one thing `serve` needs from PyPI.
    if not have_frontend and run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check",
                                  BUILD_FRONTEND]).returncode != 0:
        raise SystemExit(f"could not install {BUILD_FRONTEND}")
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out)]
    if _hatchling_ok():
        cmd.append("--no-isolation")  # faster, offline; same pinned backend
    res = run(cmd, cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if res.returncode != 0:
        print(res.stdout)
        raise SystemExit("wheel build failed")
    wheels = sorted(out.glob("kaiser_core-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel in {out}, found {wheels}")
    return wheels[0]


# ----------------------------------------------------------------------------------------------
# Pyodide runtime
# ----------------------------------------------------------------------------------------------
def npm_tarball(name: str, version: str, integrity: str, spec: str | None = None) -> Path:
    """A pinned npm tarball, fetched with `npm pack` once into .cache/ and integrity-checked.
    ``name`` is the tarball's file name stem (npm writes `@scope/pkg` as `scope-pkg`); ``spec``
    what to pack when it differs (a scoped package)."""
    dest = CACHE / "npm"
    tgz = dest / f"{name}-{version}.tgz"
    if not tgz.exists():
        dest.mkdir(parents=True, exist_ok=True)
        res = run(["npm", "pack", spec or f"{name}@{version}", "--pack-destination", str(dest)],
                  cwd=dest, stdout=subprocess.DEVNULL)
        if res.returncode != 0 or not tgz.exists():
            raise SystemExit(f"npm pack of {name}@{version} failed")
    algo, _, expected = integrity.partition("-")
    digest = base64.b64encode(hashlib.new(algo, tgz.read_bytes()).digest()).decode()
    if digest != expected:
        tgz.unlink()
        raise SystemExit(f"{tgz.name}: integrity mismatch (got {algo}-{digest}); deleted, rebuild")
    return tgz


def vendor_pyodide(target: Path, wheel: Path) -> dict:
    """Copy the runtime files into target/, write the trimmed lock with our wheel's entry."""
    target.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    with tarfile.open(npm_tarball("pyodide", PYODIDE_VERSION, PYODIDE_INTEGRITY), "r:gz") as tar:
        for name, want in PYODIDE_FILES.items():
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"{name} missing from the Pyodide tarball")
            data = member.read()
            if sha256_bytes(data) != want:
                raise SystemExit(f"{name}: sha256 mismatch")
            files[name] = data
    for name, data in files.items():
        if name != "pyodide-lock.json":
            (target / name).write_bytes(data)

    wheel_bytes = wheel.read_bytes()
    (target / wheel.name).write_bytes(wheel_bytes)
    # kaiser_core-1.0.0-py3-none-any.whl -> version 1.0.0
    version = wheel.name.split("-")[1]
    full_lock = json.loads(files["pyodide-lock.json"])
    entry = {
        "name": "kaiser-core",
        "version": version,
        "file_name": wheel.name,  # relative to the lock file
        "install_dir": "site",
        "package_type": "package",
        "imports": ["kaiser_core"],
        "depends": [],
        "sha256": sha256_bytes(wheel_bytes),
        "unvendored_tests": False,
    }
    lock = {"info": full_lock["info"], "packages": {"kaiser-core": entry}}
    (target / "pyodide-lock.json").write_text(
        json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    return entry


def _npm_unpack(name: str, version: str, integrity: str, modules: Path) -> Path:
    """Unpack a pinned tarball's `package/` into modules/<name>/ (as npm would lay it out)."""
    where = modules / name
    where.mkdir(parents=True)
    with tarfile.open(npm_tarball(name.replace("/", "-").lstrip("@"), version, integrity,
                                  spec=f"{name}@{version}"), "r:gz") as tar:
        for member in tar.getmembers():
            if not member.name.startswith("package/") or not (member.isfile() or member.isdir()):
                continue
            rel = member.name[len("package/"):]
            if ".." in Path(rel).parts:
                raise SystemExit(f"{name}: unsafe path {member.name} in its tarball")
            dst = where / rel
            if member.isdir():
                dst.mkdir(parents=True, exist_ok=True)
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            source = tar.extractfile(member)
            assert source is not None
            dst.write_bytes(source.read())
            dst.chmod(0o755 if member.mode & 0o100 else 0o644)
    return where


def _esbuild(modules: Path) -> Path:
    import platform

    key = (sys.platform, platform.machine())
    if key not in ESBUILD_BINARIES:
        raise SystemExit(f"no pinned esbuild binary for {key}: add its npm package and integrity "
                         f"to ESBUILD_BINARIES in build.py")
    name, integrity = ESBUILD_BINARIES[key]
    return _npm_unpack(name, ESBUILD_VERSION, integrity, modules) / "bin" / "esbuild"


def vendor_libraries(target: Path) -> dict[str, int]:
    """Bundle the pinned browser libraries into target/ (one minified ES module each, their
    licence comments kept); returns each bundle's size. The same tarballs give the same files."""
    target.mkdir(parents=True, exist_ok=True)
    sizes = {}
    with tempfile.TemporaryDirectory() as tmp:
        modules = Path(tmp) / "node_modules"
        for name, (version, integrity) in NPM_LIBRARIES.items():
            _npm_unpack(name, version, integrity, modules)
        esbuild = _esbuild(Path(tmp) / "tools")
        for out, source in VENDOR_BUNDLES.items():
            entry = Path(tmp) / f"entry-{out}"
            entry.write_text(source, encoding="utf-8")
            run([esbuild, entry, "--bundle", "--format=esm", "--minify", "--target=es2022",
                 "--legal-comments=inline", "--log-level=warning", f"--outfile={target / out}"],
                cwd=tmp, check=True)
            sizes[out] = (target / out).stat().st_size
    return sizes


def trim_stdlib(runtime: Path) -> int:
    """Replace runtime/python_stdlib.zip with the files the product imports, traced under the
    real runtime and stripped of docstrings and comments (tools/trace_stdlib.mjs), stored
    uncompressed (the whole zip travels as xz). The whole zip is kept at FULL_STDLIB. Returns
    the files kept."""
    FULL_STDLIB.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(runtime / "python_stdlib.zip", FULL_STDLIB)
    with tempfile.TemporaryDirectory() as tmp:
        trimmed = Path(tmp) / "python_stdlib.zip"
        run([_node(), ROOT / "tools" / "trace_stdlib.mjs", runtime, trimmed, *STDLIB_EXTRA], check=True)
        shutil.copyfile(trimmed, runtime / "python_stdlib.zip")
    with zipfile.ZipFile(runtime / "python_stdlib.zip") as kept:
        return len(kept.namelist())


XZ_PART_BYTES = 512 * 1024
"""The xz files travel in parts of this size (NAME.xz.0, NAME.xz.1, ...): the worker keeps each
part in the site's cache as it completes, so a download cut off (a dropped connection, a closed
page) goes on from the last whole part instead of starting over; no Range requests needed."""


def compress_runtime(runtime: Path) -> dict[str, int]:
    """Write each of XZ_FILES as xz (CRC-32 check: the decoder the page uses reads it) in parts of
    XZ_PART_BYTES; returns each one's compressed size."""
    sizes = {}
    for name in XZ_FILES:
        data = lzma.compress((runtime / name).read_bytes(), check=lzma.CHECK_CRC32,
                             preset=9 | lzma.PRESET_EXTREME)
        for i, start in enumerate(range(0, len(data), XZ_PART_BYTES)):
            (runtime / f"{name}.xz.{i}").write_bytes(data[start:start + XZ_PART_BYTES])
        sizes[f"{name}.xz"] = len(data)
    return sizes


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node (Node.js 20 or later) is needed to trace the runtime and make its snapshot")
    return node


def make_snapshot(target: Path) -> int:
    """Write target/SNAPSHOT_FILE: the interpreter with kaiser_core imported and warmed, made
    under Node from the runtime in target/pyodide, so that the very first visit restores it
    instead of starting Python. Reproducible: the script fixes the runtime's entropy and clock,
    and gzip writes no timestamp. Returns the snapshot's size."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "snapshot.bin"
        run([_node(), ROOT / "tools" / "make_snapshot.mjs", target / RUNTIME_DIR, raw], check=True)
        data = raw.read_bytes()
    (target / SNAPSHOT_FILE).write_bytes(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


# ----------------------------------------------------------------------------------------------
# Site
# ----------------------------------------------------------------------------------------------
def copy_web(target: Path) -> None:
    if not WEB.is_dir():
        return
    for src in sorted(WEB.rglob("*")):
        rel = src.relative_to(WEB)
        if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if rel.as_posix() in WEB_EXCLUDE or src.suffix in {".pyc", ".py"} or rel.parts[0] == PARTIALS:
            continue
        dst = target / rel
        if src.is_dir():
            dst.mkdir(parents=True, exist_ok=True)
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.suffix == ".html":
            dst.write_text(expand_includes(src.read_text(encoding="utf-8"), rel.as_posix()),
                           encoding="utf-8")
        else:
            dst.write_bytes(src.read_bytes())


def expand_includes(page: str, name: str) -> str:
    """``page`` with each include line replaced by its partial, indented as the line was."""
    def partial(m: re.Match[str]) -> str:
        path = WEB / PARTIALS / m.group(2)
        if not path.is_file():
            raise SystemExit(f"{name} includes {m.group(2)}, which web/{PARTIALS}/ lacks")
        return "".join(m.group(1) + line if line.strip() else line
                       for line in path.read_text(encoding="utf-8").splitlines(keepends=True))
    return INCLUDE.sub(partial, page)


def write_rules(target: Path) -> None:
    """target/rules.json: the profiles, the options' help and each profile's rules in words, as
    the engine of this checkout tells them, so the loading page can show the rules and the
    settings before the engine has arrived (the page asks the engine itself once it is ready)."""
    sys.path.insert(0, str(ROOT))
    try:
        from kaiser_core import api
    finally:
        sys.path.pop(0)
    profiles = api.profiles()
    rules = {"profiles": profiles, "schema": api.options_schema(),
             "rules": {name: api.describe_rules({"profile": name}) for name in profiles}}
    (target / "rules.json").write_text(json.dumps(rules, separators=(",", ":"), sort_keys=True) + "\n",
                                       encoding="utf-8")


# The service worker precaches the files of the first table first and the build's snapshot last;
# the plain runtime files the engine's worker derives from their .xz (and keeps itself) not at all.
PRECACHE_LAST = (SNAPSHOT_FILE,)
PRECACHE_NEVER = tuple(f"{RUNTIME_DIR}/{name}" for name in XZ_FILES)
PRECACHE_FIRST = ("index.html", "css/", "js/", "worker.js", "rules.json", f"{RUNTIME_DIR}/", "vendor/xz.mjs")


def site_files(target: Path) -> list[str]:
    """Every file under target/ that the service worker should precache (no dotfiles, no sw.js),
    in the order it fetches them."""
    out = []
    for p in sorted(target.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(target).as_posix()
        if rel == "sw.js" or rel in PRECACHE_NEVER or any(part.startswith(".") for part in rel.split("/")):
            continue
        out.append(rel)
    return sorted(out, key=lambda rel: (rel in PRECACHE_LAST, not rel.startswith(PRECACHE_FIRST)))


def write_service_worker(target: Path) -> str:
    template_path = WEB / SW_TEMPLATE
    template = template_path.read_text(encoding="utf-8")
    files = site_files(target)
    h = hashlib.sha256()
    h.update(template.encode())
    for rel in files:
        h.update(rel.encode() + b"\0" + hashlib.sha256((target / rel).read_bytes()).digest())
    cache_name = "kaiser-" + h.hexdigest()[:16]
    precache = ["./"] + ["./" + rel for rel in files] if "index.html" in files else ["./" + r for r in files]
    body = template.replace('"__CACHE_NAME__"', json.dumps(cache_name))
    body = body.replace("__PRECACHE__", json.dumps(precache, indent=2))
    if "__CACHE_NAME__" in body or "__PRECACHE__" in body:
        raise SystemExit("sw template placeholders not replaced")
    (target / "sw.js").write_text(body, encoding="utf-8")
    stamp_build_id(target, cache_name)
    return cache_name


def boot_bytes(target: Path) -> dict[str, int]:
    """What a first visit's worker downloads before the engine answers, in bytes on the wire:
    each part of the xz files as it is, the wheel (a zip, sent as it is), the runtime's two
    modules as a host that gzips JavaScript sends them."""
    runtime = target / RUNTIME_DIR
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheel = lock["packages"]["kaiser-core"]["file_name"]
    sizes = {part.name: part.stat().st_size for name in XZ_FILES for part in runtime.glob(f"{name}.xz.*")}
    sizes[wheel] = (runtime / wheel).stat().st_size
    return sizes | {name: len(gzip.compress((runtime / name).read_bytes(), compresslevel=6, mtime=0))
                    for name in ("pyodide.mjs", "pyodide.asm.mjs")}


def stamp_build_id(target: Path, build_id: str) -> None:
    """Write the build's hash into worker.js (the engine's memory snapshot is keyed by it) and
    the sizes of what a fresh boot downloads (its progress in bytes).

    The hash is taken with the placeholders in place, so stamping does not change it.
    """
    worker = target / "worker.js"
    if not worker.exists():
        return
    text = worker.read_text(encoding="utf-8")
    if '"__BUILD_ID__"' not in text or '"__BOOT_BYTES__"' not in text:
        raise SystemExit("worker.js lacks its __BUILD_ID__ or __BOOT_BYTES__ placeholder")
    text = text.replace('"__BUILD_ID__"', json.dumps(build_id))
    sizes = json.dumps(boot_bytes(target), sort_keys=True)
    worker.write_text(text.replace('"__BOOT_BYTES__"', json.dumps(sizes)), encoding="utf-8")


def build() -> Path:
    t0 = time.monotonic()
    wheel = build_wheel()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    copy_web(DIST)
    write_rules(DIST)
    vendored = vendor_libraries(DIST / VENDOR_DIR)
    entry = vendor_pyodide(DIST / RUNTIME_DIR, wheel)
    kept = trim_stdlib(DIST / RUNTIME_DIR)
    make_snapshot(DIST)
    xz = compress_runtime(DIST / RUNTIME_DIR)
    (DIST / ".nojekyll").write_bytes(b"")
    cache_name = write_service_worker(DIST)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    log(f"wheel {wheel.name} sha256 {entry['sha256'][:16]}...")
    log("vendored " + ", ".join(f"{name} {size / 1e3:.0f} kB" for name, size in vendored.items()))
    log(f"standard library: {kept} files kept; "
        + ", ".join(f"{name} {size / 1e3:.0f} kB" for name, size in xz.items()))
    log(f"dist/ built in {time.monotonic() - t0:.1f} s: {size / 1e6:.1f} MB, cache {cache_name}")
    return DIST


# ----------------------------------------------------------------------------------------------
# Serve
# ----------------------------------------------------------------------------------------------
def make_handler(directory: Path):
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 (the stdlib's own class attribute)

        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(directory), **kw)

    return Handler


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return  # the browser closed the connection mid-download
        super().handle_error(request, client_address)


def serve(port: int) -> None:
    build()
    server = QuietServer(("127.0.0.1", port), make_handler(DIST))
    log(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test", "bench-load"])
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--runs", type=int, default=5, help="bench-load: visits of each kind")
    ns, rest = ap.parse_known_args(argv)
    if rest and ns.command != "test":
        ap.error(f"unrecognized arguments: {' '.join(rest)}")
    if ns.command == "build":
        build()
        return 0
    if ns.command == "serve":
        serve(ns.port)
        return 0
    if ns.command == "bench-load":
        build()
        sys.path.insert(0, str(ROOT / "tools"))
        from bench_boot_browser import main as bench_load

        return bench_load(ns.runs)
    # The test set-up lives apart from the build, in its own process: suite.py imports this
    # module, never the other way round.
    return subprocess.run([sys.executable, str(ROOT / "suite.py"), *rest], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
