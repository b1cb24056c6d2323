"""The built site for the docs tests: built once per pytest session, however many xdist workers.

The site must be built for the exact URL it is served at (Material's language switch looks pages up
in the sitemap), and served for as long as any worker browses it. So the process that runs the
session (the xdist controller, or pytest itself without xdist) owns the folder and an HTTP server
on a free port, and hands both to its workers. The first test that needs the site builds it, under
a file lock; the others wait for that build and read its outcome, failure log included. A session
whose tests never ask for the site builds nothing.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import json
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

PLUGIN_NAME = "truco-served-site"
_WORKER_KEY = "truco_served_site"  # in xdist's workerinput: (root, url)


@dataclass(frozen=True)
class BuiltSite:
    root: Path  # holds <lang>/ for each language, and the root page
    url: str  # ends with "/"

    def html(self, lang: str, page: str) -> str:
        """The HTML of a page given by its URL path inside the language, e.g. "rules/bet/"."""
        return (self.root / lang / page / "index.html").read_text(encoding="utf-8")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that leaves a page while a file is sent closes the connection: not an error
        # of the site, and its traceback would only clutter the test output.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class ServedSite:
    """Registered as a pytest plugin: serves in the session's own process, builds where asked."""

    def __init__(self, config: pytest.Config) -> None:
        given = getattr(config, "workerinput", {}).get(_WORKER_KEY)
        self._httpd: _Server | None = None
        if given is not None:  # an xdist worker: the controller serves
            self.root, self.url = Path(given[0]), given[1]
            return
        self.root = Path(tempfile.mkdtemp(prefix="truco-site-"))
        (self.root / "site").mkdir()
        handler = functools.partial(_Quiet, directory=str(self.root / "site"))
        self._httpd = _Server(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:  # xdist: a worker is starting
        node.workerinput[_WORKER_KEY] = (str(self.root), self.url)

    def pytest_unconfigure(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            shutil.rmtree(self.root, ignore_errors=True)

    def once(self, name: str, compute: Callable[[Path], Any]) -> Any:
        """compute(folder)'s JSON result, computed by the first caller of the session (in whichever
        worker) while the others wait for it; the folder is the computation's own and is kept."""
        folder = self.root / "once" / name
        folder.mkdir(parents=True, exist_ok=True)
        result = folder.with_suffix(".json")
        with folder.with_suffix(".lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not result.exists():
                partial = folder.with_suffix(".part")
                partial.write_text(json.dumps(compute(folder)), encoding="utf-8")
                partial.replace(result)  # an interrupted computation leaves no result behind
            return json.loads(result.read_text(encoding="utf-8"))

    def built(self) -> BuiltSite:
        """The site, built by this call or an earlier one of the session; fails with the build log."""
        from truco_rules.cli.docs_cmds import build

        # {lang: build log} of the languages that failed; {} if none
        failures: dict[str, str] = self.once("site", lambda _: build(self.root / "site", self.url))
        assert not failures, "\n".join(f"--- {lang} ---\n{log}" for lang, log in failures.items())
        return BuiltSite(self.root / "site", self.url)


def register(config: pytest.Config) -> None:
    config.pluginmanager.register(ServedSite(config), PLUGIN_NAME)


def served_site(config: pytest.Config) -> ServedSite:
    plugin = config.pluginmanager.get_plugin(PLUGIN_NAME)
    if plugin is None:  # without xdist, or in a worker: made on first use (an xdist controller makes it
        # at start-up, tests/conftest.py, since its workers need the URL before any test runs)
        register(config)
        plugin = config.pluginmanager.get_plugin(PLUGIN_NAME)
    assert isinstance(plugin, ServedSite)
    return plugin
