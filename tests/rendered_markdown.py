"""Markdown as the site renders it (the Markdown extensions of mkdocs.yml, read by MkDocs itself),
and what of the rendered HTML could act: for the tests of text an engine, a record or a results
file controls."""

from __future__ import annotations

import functools
import html.parser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Elements none of our pages writes, and that a hostile string would bring: scripts, frames,
# embedded documents, images (their onerror), inline styles and forms, and the inline tags an
# event handler is hung on (<b onmouseover>, <i onclick>, <u onfocus>).
LIVE_TAGS = frozenset({"script", "iframe", "frame", "object", "embed", "img", "svg", "math", "style", "link",
                       "meta", "base", "form", "input", "button", "video", "audio", "source", "b", "i", "u"})
LIVE_SCHEMES = ("javascript:", "data:", "vbscript:")


@functools.cache
def _site_markdown() -> tuple[list[Any], dict[str, Any]]:
    mkdocs_config = pytest.importorskip("mkdocs.config")
    pytest.importorskip("pymdownx")
    config = mkdocs_config.load_config(str(ROOT / "mkdocs.en.yml"))
    return list(config["markdown_extensions"]), dict(config["mdx_configs"])


def render(markdown_text: str) -> str:
    """The HTML the site makes of `markdown_text`."""
    import markdown

    extensions, configs = _site_markdown()
    return markdown.Markdown(extensions=extensions, extension_configs=configs).convert(markdown_text)


class _Parsed(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

        self.code: list[list[str]] = []  # the text of each code element, as rendered
        self.depth = 0  # code elements open

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        if tag == "code":
            if not self.depth:
                self.code.append([])
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "code" and self.depth:
            self.depth -= 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.depth:
            self.code[-1].append(data)


def _parse(html_text: str) -> _Parsed:
    parser = _Parsed()
    parser.feed(html_text)
    parser.close()
    return parser


def live_markup(html_text: str) -> list[str]:
    """What of an HTML page could act: its live elements, event handlers and script links."""
    found = []
    for tag, attrs in _parse(html_text).tags:
        if tag in LIVE_TAGS:
            found.append(tag)
        for key, value in attrs:
            if key.startswith("on") or key == "style":
                found.append(f"{tag} {key}")
            elif (value or "").strip().lower().startswith(LIVE_SCHEMES):
                found.append(f"{tag} {key}={value}")
    return found


def live_payload(markdown_text: str) -> list[str]:
    """`live_markup` of the page the site renders from `markdown_text`."""
    return live_markup(render(markdown_text))


def shown(markdown_text: str) -> str:
    """The text a reader sees of a Markdown page, as the site renders it."""
    return "".join(_parse(render(markdown_text)).text)


def code_texts(markdown_text: str) -> list[str]:
    """The text of each code span and code block of a Markdown page, as the site renders it."""
    return ["".join(parts) for parts in _parse(render(markdown_text)).code]
