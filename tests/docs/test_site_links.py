"""Every link of the built site leads somewhere, and nothing is fetched from outside it.

The strict build checks the links of the Markdown pages, not those of the printable page, which the
print-site plugin writes after the build (it once carried about 4,000 dead anchors per language),
nor the HTML the hooks write. So this crawls the built HTML of every language, printable pages
included: each link inside the site must reach a page, and its anchor an id on that page; no
script, style sheet, image or frame may come from outside the site.
"""

from __future__ import annotations

import html as html_text
import re
from collections import Counter
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from truco_rules.spec.catalogue import LANGUAGES

_TAG = re.compile(r"<(a|link|script|img|iframe|source)\b([^>]*)>", re.IGNORECASE)
_ATTR = re.compile(r"""\b(href|src|rel)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"']+)["']""")
# Not fetched by the page, or not ours to resolve: alternate languages are checked as pages anyway.
_NOT_FETCHED = {"canonical", "alternate", "icon", "preconnect", "dns-prefetch"}


def links(page: str) -> list[tuple[str, str, str]]:
    """(tag, attribute, value) of every link of a page, <code> blocks included (they hold none)."""
    out = []
    for tag, attrs in _TAG.findall(page):
        found = {name.lower(): html_text.unescape(a or b) for name, a, b in _ATTR.findall(attrs)}
        for attr in ("href", "src"):
            if attr in found:
                out.append((tag.lower(), found.get("rel", ""), found[attr]))
    return out


class Crawl:
    """The built site as files: the page behind a URL, and the ids of a page."""

    def __init__(self, root: Path, url: str) -> None:
        self.root, self.url = root, url

    def file_of(self, target: str) -> Path | None:
        """The file a URL inside the site names, or None if it names nothing."""
        path = unquote(urlsplit(target).path)
        base = urlsplit(self.url).path
        if not path.startswith(base):
            return None
        local = self.root / path[len(base):]
        if local.is_dir():
            local = local / "index.html"
        return local if local.is_file() else None

    @cache  # noqa: B019 - one crawl per session, a few hundred pages
    def ids(self, file: Path) -> frozenset[str]:
        return frozenset(_ID.findall(file.read_text(encoding="utf-8", errors="replace")))

    def page_url(self, file: Path) -> str:
        rel = file.relative_to(self.root).as_posix()
        return self.url + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)

    def problems(self, file: Path) -> list[str]:
        here = self.page_url(file)
        page = file.read_text(encoding="utf-8", errors="replace")
        out = []
        for tag, rel, value in links(page):
            if not value or value.startswith(("mailto:", "javascript:", "data:", "tel:")):
                continue
            target = urljoin(here, value)
            inside = target.startswith(self.url)
            fetched = tag != "a" and not (tag == "link" and set(rel.lower().split()) & _NOT_FETCHED)
            if not inside:
                if fetched:
                    out.append(f"fetches {value} from outside the site")
                continue
            if tag == "link" and not fetched:
                continue
            found = self.file_of(target)
            if found is None:
                out.append(f"{value}: no such page")
                continue
            anchor = unquote(urlsplit(target).fragment)
            if anchor and found.suffix == ".html" and anchor not in self.ids(found):
                out.append(f"{value}: no #{anchor} on that page")
        return out


@pytest.fixture(scope="module")
def crawl(site) -> Crawl:  # type: ignore[no-untyped-def]
    return Crawl(site.root, site.url)


def _report(problems: dict[str, list[str]]) -> str:
    count = sum(len(p) for p in problems.values())
    lines = [f"{count} dead links or outside requests on {len(problems)} pages; for example:"]
    for page, found in list(problems.items())[:8]:
        kinds = Counter(p.split(":")[-1].strip() if ": " in p else p for p in found)
        lines.append(f"  {page}: {found[0]}  ({len(found)} in all; {dict(kinds.most_common(2))})")
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_and_anchor_of_the_built_site_resolves(crawl: Crawl, lang: str) -> None:
    pages = sorted((crawl.root / lang).rglob("*.html"))
    assert len(pages) > 100, "the site was not built"
    problems = {p.relative_to(crawl.root).as_posix(): found for p in pages if (found := crawl.problems(p))}
    assert not problems, _report(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_printable_page_is_crawled_and_links_to_the_pages_it_leaves_out(crawl: Crawl, lang: str) -> None:
    page = crawl.root / lang / "print_page" / "index.html"
    hrefs = [v for tag, _, v in links(page.read_text(encoding="utf-8")) if tag == "a"]
    assert sum(v.startswith("#") for v in hrefs) > 1000, "the printable page links inside itself"
    assert any(v.startswith("../rulebooks/") for v in hrefs), "a verbatim rulebook, left out, is a site link"
    assert not crawl.problems(page)


def test_the_crawler_finds_a_dead_anchor_a_missing_page_and_an_outside_script(tmp_path: Path) -> None:
    """A crawler that finds nothing proves nothing: it must see each kind of defect."""
    (tmp_path / "en" / "a").mkdir(parents=True)
    (tmp_path / "en" / "a" / "index.html").write_text('<h2 id="here">x</h2>', encoding="utf-8")
    page = tmp_path / "en" / "index.html"
    page.write_text('<a href="a/#here">ok</a><a href="a/#gone">1</a><a href="b/">2</a><a href="#self">3</a>'
                    '<script src="https://unpkg.com/mermaid@11/dist/mermaid.min.js"></script>'
                    '<a href="https://example.org/">a link out is fine</a><p id="top"></p>', encoding="utf-8")
    found = Crawl(tmp_path, "http://127.0.0.1:1/").problems(page)
    assert found == ["a/#gone: no #gone on that page", "b/: no such page", "#self: no #self on that page",
                     "fetches https://unpkg.com/mermaid@11/dist/mermaid.min.js from outside the site"], found
