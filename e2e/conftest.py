"""Browser tests: serve the BUILT dist/ under a sub-path and drive Chromium with Playwright.

Fixtures:
- dist_dir         the built site (built once with `python build.py` if dist/ is missing)
- static_server    ThreadingHTTPServer serving dist/ at http://127.0.0.1:<port>/kaiser/; it records
                   every request path (static_server.requests)
- base_url_sub     "http://127.0.0.1:<port>/kaiser/"
- offsite_requests list of request URLs from the page that left the origin (filled by app_page)
- app_page         a page on the app, waited until document.body.dataset.engine == "ready";
                   at teardown it asserts that no request left the origin
Chromium: /usr/bin/chromium (Debian) when present, else Playwright's own browser.
"""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SUB_PATH = "/kaiser/"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ENGINE_READY_TIMEOUT_MS = 90_000

sys.path.insert(0, str(ROOT))
from build import MIME_TYPES  # noqa: E402  (one MIME table for `build.py serve` and the tests)



class _SubPathHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                                 **MIME_TYPES}
    requests: list[str]  # set on the per-server subclass
    lock: threading.Lock

    root: Path = DIST

    def __init__(self, *a, **kw):
        super().__init__(*a, directory=str(self.root), **kw)

    def log_message(self, *args):  # quiet
        pass

    def _route(self) -> bool:
        with self.lock:
            self.requests.append(self.path)
        path = urlsplit(self.path).path
        if path == SUB_PATH.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", SUB_PATH)
            self.end_headers()
            return False
        if not path.startswith(SUB_PATH):
            self.send_error(404, "outside the site's sub-path")
            return False
        self.path = "/" + self.path[len(SUB_PATH):]
        return True

    def do_GET(self):
        if self._route():
            super().do_GET()

    def do_HEAD(self):
        if self._route():
            super().do_HEAD()

    def end_headers(self):
        # Let the browser revalidate, like a static host would; keeps warm loads honest.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A page closed mid-download (test teardown) is not an error worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class StaticServer:
    """Serves `root` (default: dist/) at http://127.0.0.1:<free port>/kaiser/."""

    def __init__(self, root: Path = DIST):
        handler = type("Handler", (_SubPathHandler,),
                       {"requests": [], "lock": threading.Lock(), "root": Path(root)})
        self.handler = handler
        self.httpd = _QuietServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + SUB_PATH
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def requests(self) -> list[str]:
        with self.handler.lock:
            return list(self.handler.requests)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if not (DIST / "sw.js").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    return DIST


@pytest.fixture(scope="session")
def static_server(dist_dir):
    server = StaticServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url_sub(static_server) -> str:
    return static_server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    if SYSTEM_CHROMIUM.exists():
        args["executable_path"] = str(SYSTEM_CHROMIUM)
        args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    return args


def wait_engine_ready(page, timeout_ms: int = ENGINE_READY_TIMEOUT_MS) -> None:
    page.wait_for_function(
        "() => document.body && ['ready', 'error'].includes(document.body.dataset.engine)",
        timeout=timeout_ms,
    )
    state = page.evaluate("() => document.body.dataset.engine")
    assert state == "ready", f"engine failed to boot (data-engine={state!r})"


@pytest.fixture
def offsite_requests() -> list[str]:
    return []


@pytest.fixture
def app_page(page, base_url_sub, static_server, offsite_requests):
    """The app, loaded under the sub-path, with its engine booted."""

    def on_request(request):
        url = request.url
        if not url.startswith((static_server.origin + "/", "data:", "blob:")):
            offsite_requests.append(url)

    page.on("request", on_request)
    page.goto(base_url_sub)
    wait_engine_ready(page)
    yield page
    assert offsite_requests == [], f"requests left the origin: {offsite_requests}"
