"""The rulebooks are kept byte for byte; the editorial reading of 003 only adds, never changes."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from pathlib import Path

import pytest

from truco_rules.spec.catalogue import EDITORIAL_DIR, SOURCES_DIR, editorial_text, load_sources

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"  # the originals, where a checkout has them beside it


def test_sources_match_their_recorded_checksums() -> None:
    listed = dict(line.split()[::-1] for line in (SOURCES_DIR / "SHA256SUMS").read_text().splitlines())
    files = sorted(p.name for p in SOURCES_DIR.glob("*.txt"))
    assert sorted(listed) == files == [
        "000_56a22baf792d8e09.txt", "001_92dcae54a4cb2e7a.txt",
        "002_8529a6c181da92dc.txt", "003_90d3c69859568aac.txt",
    ]
    for name, digest in listed.items():
        assert hashlib.sha256((SOURCES_DIR / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the original rulebooks are not beside this checkout")
def test_sources_are_byte_identical_to_the_originals() -> None:
    for path in SOURCES_DIR.glob("*.txt"):
        assert path.read_bytes() == (SEEDS / path.name).read_bytes(), path.name


def _strip_editorial(text: str) -> str:
    """Undo the editorial additions: inserted letters ⟨..⟩, artefact marks ⟦..⟧, restored accents."""
    text = re.sub(r"⟨[^⟩]*⟩", "", text).replace("⟦", "").replace("⟧", "")
    return "".join(ch for ch in text if not (ord(ch) > 127 and unicodedata.category(ch).startswith("L")))


def test_editorial_reading_of_003_only_restores_letters_and_marks_artefacts() -> None:
    verbatim = load_sources()["003"].text
    editorial = editorial_text("003")
    assert editorial is not None
    assert _strip_editorial(editorial) == verbatim
    assert editorial.count("\n") == verbatim.count("\n"), "line numbers must match the verbatim text"
    # every stray token of the copied page is marked as an artefact
    for token in ("4s5959", "3wg5j", "4c192s", "72n6r", "5z1qo", "3v521", "2g4f4b", "415h1k"):
        assert f"⟦{token}⟧" in editorial, token
    assert "Gaudério" in editorial and "Descripción" in editorial and "Señas" in editorial


def test_only_003_has_an_editorial_reading() -> None:
    assert [p.name for p in EDITORIAL_DIR.glob("*.txt")] == ["003_90d3c69859568aac.txt"]


def test_each_rulebook_has_its_own_title() -> None:
    """The first line, as the rulebook writes it; 003's with its accents restored and the page
    artefact after it left out, as its editorial reading marks them."""
    titles = {code: src.title for code, src in load_sources().items()}
    assert titles == {"000": "Reglas del Juego Truco Mineiro Mano a Mano",
                      "001": "Game rules Truco Mineiro One to One",
                      "002": "Truco - versione mineiro",
                      "003": "Reglas del Juego Truco Gaudério"}


def test_a_report_quotes_the_rulesets_own_rulebook_with_the_line_each_quote_starts_on() -> None:
    from truco_rules.spec.catalogue import load_catalogue

    cat = load_catalogue()
    checked = 0
    for clause in cat.clauses.values():
        for ruleset in clause.rulesets:
            own = cat.rulesets[ruleset].doc
            quoted = cat.quotes_for(clause, ruleset)
            docs, every = {q.doc for q, _ in quoted}, {q.doc for q in clause.sources}
            assert docs == ({own} if own in every else every)
            for q, line in quoted:
                lines = cat.sources[q.doc].text.split("\n")
                assert q.quote.split("\n")[0] in lines[line - 1], (clause.id, q.doc, line)
                checked += 1
    assert checked > 100
