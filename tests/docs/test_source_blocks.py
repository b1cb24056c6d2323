"""The guides read right in the repository: every generated part of a hand-written page is written
into its Markdown source and current (`truco docs update`), the generated guide pages are committed,
and every link between guides leads to a page of the repository."""

from __future__ import annotations

import re
from pathlib import Path

from truco_rules.site import source_blocks
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
_LINK = re.compile(r"\]\(([^)#\s]+\.md)(?:#[^)]*)?\)")


def test_every_generated_part_in_the_sources_is_current() -> None:
    problems: list[str] = []
    known = load_catalogue().rulesets.__contains__
    stale = [u.path.relative_to(ROOT).as_posix()
             for u in source_blocks.updates(DOCS, LANGS, known, problems.append) if not u.current]
    assert not problems, problems
    assert not stale, f"run `truco docs update`: {stale}"


def test_no_marker_is_left_without_its_part() -> None:
    for path in sorted(DOCS.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        starts = re.findall(r"^<!-- truco:([a-z]+)[^>]*-->$", text, re.MULTILINE)
        ends = re.findall(r"^<!-- /truco:([a-z]+) -->$", text, re.MULTILINE)
        assert starts == ends, path.relative_to(ROOT)


def test_the_site_writes_each_part_anew_in_place_of_the_sources_copy() -> None:
    page = "Intro\n\n<!-- truco:vocabulary -->\nold table\n<!-- /truco:vocabulary -->\n\nAfter\n"
    assert source_blocks.strip(page) == "Intro\n\n<!-- truco:vocabulary -->\n\nAfter\n"
    filled = source_blocks.fill(source_blocks.strip(page), "en", lambda r: True, lambda w: None)
    assert "old table" not in filled and "| ruleset | cards" in filled
    assert source_blocks.fill(filled, "en", lambda r: True, lambda w: None) == filled  # idempotent
    assert filled.endswith("<!-- /truco:vocabulary -->\n\nAfter\n")


def test_a_marker_for_an_unknown_ruleset_is_reported() -> None:
    problems: list[str] = []
    source_blocks.fill("<!-- truco:cards nope-1v1 -->\n", "en", lambda r: False, problems.append)
    assert problems == ["picture marker for unknown ruleset 'nope-1v1'"]


def test_links_between_guides_lead_to_pages_of_the_repository() -> None:
    broken = []
    for lang in LANGS:
        for page in sorted((DOCS / lang).rglob("*.md")):
            for target in _LINK.findall(page.read_text(encoding="utf-8")):
                resolved = (page.parent / target).resolve()
                if resolved.is_relative_to(DOCS / lang / "guide") and not resolved.is_file():
                    broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken
