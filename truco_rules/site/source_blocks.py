"""The generated parts of the hand-written pages, kept in their Markdown sources.

A hand-written page asks for a generated part with a marker on a line of its own,
`<!-- truco:KIND ARGS -->` (KIND: cards, ladder, hand, vocabulary, transcript); the part follows it
and ends at `<!-- /truco:KIND -->`. `truco docs update` writes the parts into the sources, so that
a reader of the repository sees the tables, pictures, transcripts and worked hands where the site
shows them, and a test keeps them current. The site's build drops what a source holds and writes
each part anew from the data, with the site's links (`strip`, then the markers' own modules).

Whole generated pages (the record format's guide page) are written the same way, with a first line
that says where they come from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from truco_rules.site import site_pictures, site_protocol, site_tables, worked_hand

# A marker and the part after it, up to its end marker (absent in a source not yet updated).
_BLOCK = re.compile(r"^(?P<start><!-- truco:(?P<kind>[a-z]+)(?: [a-z0-9 -]+)? -->)$"
                    r"(?:\n(?:(?!<!-- truco:).)*?^<!-- /truco:(?P=kind) -->$)?", re.MULTILINE | re.DOTALL)
GENERATED_PAGES = {"guide/record-format.md": "spec/schemas/record.schema.json"}


def _header(source: str) -> str:
    return f"<!-- Generated from {source} by `truco docs update`; edit the source, not this page. -->\n"


def strip(markdown: str) -> str:
    """The page with every generated part removed, its start marker kept (what the site fills)."""
    return _BLOCK.sub(lambda m: m["start"], markdown)


def _part(marker: str, lang: str, known: Callable[[str], bool], warn: Callable[[str], None]) -> str:
    """What a marker stands for, as the source shows it: the card order in words (the site draws
    it), clause IDs unlinked (the site links them)."""
    text = site_pictures.replace_markers(marker, lang, known, warn, as_text=True)
    text = site_protocol.replace_markers(text, lang, warn)
    return worked_hand.replace_markers(text, lang, lambda clause: clause, known, warn)


def fill(markdown: str, lang: str, known: Callable[[str], bool], warn: Callable[[str], None]) -> str:
    """The page with every marker followed by its part, as generated now."""
    def one(m: re.Match[str]) -> str:
        part = _part(m["start"], lang, known, warn).rstrip("\n")
        return f"{m['start']}\n{part}\n<!-- /truco:{m['kind']} -->"

    return _BLOCK.sub(one, markdown)


@dataclass(frozen=True)
class Update:
    path: Path
    text: str  # what the file should hold
    current: bool  # it holds it already


def updates(docs: Path, langs: tuple[str, ...], known: Callable[[str], bool],
            warn: Callable[[str], None]) -> Iterator[Update]:
    """Every page of `docs/<lang>/` with a generated part, and every generated page, as it should be."""
    for lang in langs:
        folder = docs / lang
        for path in sorted(folder.rglob("*.md")):
            rel = path.relative_to(folder).as_posix()
            if rel in GENERATED_PAGES:
                continue
            text = path.read_text(encoding="utf-8")
            if "<!-- truco:" not in text:
                continue
            new = fill(text, lang, known, warn)
            yield Update(path, new, new == text)
        for rel, source in GENERATED_PAGES.items():
            path = folder / rel
            new = _header(source) + site_tables.record_page(lang)
            old = path.read_text(encoding="utf-8") if path.is_file() else None
            yield Update(path, new, new == old)


__all__ = ["GENERATED_PAGES", "Update", "fill", "strip", "updates"]
