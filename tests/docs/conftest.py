"""The built site, once per session: all four languages, served on 127.0.0.1 at a free port.

The server is started first so that the site can be built for its exact URL: Material's language
switch looks pages up in the sitemap, whose URLs must match where the site is served.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class BuiltSite:
    root: Path  # holds <lang>/ for each language
    url: str  # ends with "/"

    def html(self, lang: str, page: str) -> str:
        """The HTML of a page given by its URL path inside the language, e.g. "rules/bet/"."""
        return (self.root / lang / page / "index.html").read_text(encoding="utf-8")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BuiltSite]:
    pytest.importorskip("mkdocs", reason="needs the docs extra: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="needs the docs extra: pip install -e '.[docs]'")
    from truco_cli.docs_cmds import build

    root = tmp_path_factory.mktemp("site")
    handler = functools.partial(_Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    failures = build(root, url)
    assert not failures, "\n".join(f"--- {lang} ---\n{log}" for lang, log in failures.items())
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield BuiltSite(root, url)
    httpd.shutdown()
    httpd.server_close()
