"""The printable page works offline and every link on it leads somewhere.

The print-site plugin writes print_page/ after the build (its on_post_build; this hook is listed
after the plugins, so it runs later). Two things the plugin leaves broken:

- It turns every link to another page into an anchor of the one printable page (`code/x/#L3`
  becomes `#code-x-L3`), also for the pages it leaves out (the verbatim rulebooks, the code views,
  the guides): those anchors exist nowhere. They go back to the page itself, on the site.
- The pages' own scripts are not carried over, so Material would fetch Mermaid from a CDN (no
  network offline: every ladder would print as diagram source). The site's copy is loaded first.
"""

from __future__ import annotations

import html as html_text
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs_print_site_plugin.urls import get_page_key  # the plugin's own anchors: the same keys

from truco_rules.site import mermaid, search

PRINT_PAGE = "print_page/index.html"
_ID = re.compile(r"""\bid=["']([^"']+)["']""")
_HREF = re.compile(r"""(<a\s[^>]*?href=")#([^"]*)(")""")


def page_urls(site_dir: Path) -> list[str]:
    """The URL (relative to the site) of every page built into site_dir: directory style, and the
    code views, which are files of their own (code/engine/game.py.html)."""
    urls = []
    for p in site_dir.rglob("*.html"):
        if p.name == "index.html":
            if p.parent != site_dir:
                urls.append(p.parent.relative_to(site_dir).as_posix() + "/")
        elif p.name != "404.html":
            urls.append(p.relative_to(site_dir).as_posix())
    return sorted(urls)


def repair_links(html: str, urls: list[str], up: str = "../") -> str:
    """Point each anchor link of the printable page that has no target in it at its page on the site."""
    ids = set(_ID.findall(html))
    keys = sorted(((get_page_key(u), u) for u in urls), key=lambda ku: -len(ku[0]))  # longest key first

    def fix(m: re.Match[str]) -> str:
        target = html_text.unescape(m.group(2))
        if target in ids:
            return m.group(0)
        for key, url in keys:
            if target == key:
                return f"{m.group(1)}{up}{url}{m.group(3)}"
            if target.startswith(key + "-"):
                anchor = target[len(key) + 1:]
                return f"{m.group(1)}{up}{url}#{html_text.escape(anchor)}{m.group(3)}"
        return m.group(0)

    return _HREF.sub(fix, html)


def load_mermaid_first(html: str, up: str = "../") -> str:
    """Load the site's Mermaid before Material's bundle looks for one (it fetches a CDN copy if none)."""
    if 'class="mermaid"' not in html or mermaid.SCRIPT in html:
        return html
    tag = f'<script src="{mermaid.script_src(up)}"></script>\n'
    bundle = re.search(r'<script src="[^"]*assets/javascripts/bundle\.[^"]*"', html)
    at = bundle.start() if bundle else html.rindex("</body>")
    return html[:at] + tag + html[at:]


def on_post_build(config: MkDocsConfig) -> None:
    """The printable page, read and written once: its links resolved, the site's Mermaid loaded
    first, and search through the site's worker (truco_rules.site.search) as on every other page."""
    site_dir = Path(config.site_dir)
    page = site_dir / PRINT_PAGE
    if not page.is_file():
        return
    html = page.read_text(encoding="utf-8")
    fixed = search.use_wrapper(load_mermaid_first(repair_links(html, page_urls(site_dir))))
    if fixed != html:
        page.write_text(fixed, encoding="utf-8")
