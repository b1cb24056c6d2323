"""`truco docs serve` answers as a web host does: the site's own 404 page, in the path's language."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from truco_rules.cli.docs_cmds import site_server


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    for lang, words in (("es", "Página no encontrada"), ("en", "Page not found")):
        (tmp_path / lang / "search").mkdir(parents=True)
        (tmp_path / lang / "404.html").write_text(f"<h1>404 - {words}</h1>", encoding="utf-8")
        (tmp_path / lang / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
        (tmp_path / lang / "search" / "search_index.json").write_text("{}", encoding="utf-8")
    (tmp_path / "index.html").write_text("languages", encoding="utf-8")
    with site_server(tmp_path, 0) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        finally:
            httpd.shutdown()


def fetch(url: str) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), dict(e.headers)


def test_a_missing_page_gets_the_sites_404_page_in_its_language(served: str) -> None:
    assert fetch(served + "en/rules/no-such-page/")[:2] == (404, "<h1>404 - Page not found</h1>")
    assert fetch(served + "es/nada/")[:2] == (404, "<h1>404 - Página no encontrada</h1>")
    status, body, _ = fetch(served + "nowhere/")  # outside every language: the default language's
    assert status == 404 and "Página no encontrada" in body
    assert fetch(served + "en/")[:2] == (200, "<h1>home</h1>")


def test_the_search_index_may_be_kept_by_the_browser_and_pages_are_not(served: str) -> None:
    _, _, headers = fetch(served + "en/search/search_index.json")
    assert "max-age" in headers.get("Cache-Control", "")
    _, _, headers = fetch(served + "en/")
    assert "Cache-Control" not in headers
