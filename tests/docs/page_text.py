"""Reading the generated HTML in tests: the visible text of an article, and one section of a page."""

from __future__ import annotations

import html
import re


def text_of(page_html: str) -> str:
    """The visible text of the page's article (or of an HTML fragment wrapped in one), whitespace
    collapsed."""
    body = page_html.split("<article", 1)[1].split("</article>", 1)[0]
    body = re.sub(r"<wbr\s*/?>", "", body)  # a place a word may break: no space where it is shown
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def section(page_html: str, anchor: str) -> str:
    """The HTML from the heading with this id to the next heading of the same or a higher level."""
    m = re.search(rf'<h([23]) id="{anchor}">', page_html)
    assert m, anchor
    rest = page_html[m.end():]
    end = re.search(rf"<h[2-{m.group(1)}][ >]", rest)
    return rest[: end.start() if end else len(rest)]


def squeezed(text: str) -> str:
    """Text with no whitespace: for comparing a data text with a page's visible text, where an ID
    the text names has become a link (the tags around it read as spaces in `text_of`)."""
    return re.sub(r"\s+", "", text)
