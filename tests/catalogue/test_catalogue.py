"""The catalogue's own consistency: quotes verbatim, full coverage, four languages, stable IDs."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_rules.spec.catalogue import LANGUAGES, UnknownNameError, load_catalogue
from truco_rules.spec.coverage import coverage

CAT = load_catalogue()
PUBLISHED = Path(__file__).resolve().parents[2] / "spec" / "data" / "published-ids.txt"


@pytest.mark.parametrize("clause_id", list(CAT.clauses))
def test_every_quote_is_verbatim(clause_id: str) -> None:
    clause = CAT.clauses[clause_id]
    if clause.published is not None:  # a ruleset file's own clause: a named publication, no quote
        publication, _ = clause.published
        assert not clause.sources and publication.title and publication.publisher, clause_id
        assert clause.rulesets, clause_id
        for owner in clause.rulesets:  # its file's ruleset, and file-defined rulesets that adopt it
            assert CAT.rulesets[owner].doc is None, f"[{clause_id}] a rulebook's ruleset quotes its rulebook"
        return
    assert clause.sources, f"[{clause_id}] has no source quote"
    for quote in clause.sources:
        text = CAT.sources[quote.doc].text
        assert quote.quote in text, f"[{clause_id}] quote not verbatim: {quote.quote!r}"


def test_every_reading_quote_is_verbatim() -> None:
    for amb in CAT.ambiguities.values():
        for reading in amb.readings:
            for quote in reading.sources:
                assert quote.quote in CAT.sources[quote.doc].text, (amb.id, reading.name)


@pytest.mark.parametrize("doc", ["000", "001", "002", "003"])
def test_every_sentence_of_every_rulebook_is_accounted_for(doc: str) -> None:
    report = coverage(CAT)[doc]
    missing = [f"line {s.line}: {s.text}" for s in report.uncovered]
    assert not missing, f"{doc}: {report.ratio:.1%} covered; not accounted for:\n" + "\n".join(missing)
    assert len(report.segments) > 40  # the segmentation really splits the text


def test_coverage_detects_an_unquoted_sentence() -> None:
    """The coverage measure has teeth: dropping one clause leaves its sentences uncovered."""
    from dataclasses import replace

    without = replace(CAT, clauses={k: v for k, v in CAT.clauses.items() if k != "HND-10"})
    uncovered = coverage(without)["002"].uncovered
    assert [s.line for s in uncovered] and "1.4)" in uncovered[0].text


def test_every_text_is_in_four_languages() -> None:
    def check(where: str, text: object) -> None:
        assert isinstance(text, dict) and sorted(text) == sorted(LANGUAGES), f"{where}: {sorted(text)}"  # type: ignore[arg-type]

    for c in CAT.clauses.values():
        check(f"{c.id} title", c.title)
        check(f"{c.id} text", c.text)
    for a in CAT.ambiguities.values():
        check(f"{a.id} question", a.question)
        if a.note:
            check(f"{a.id} note", a.note)
        for r in a.readings:
            check(f"{a.id} {r.name}", r.summary)
        for rs, text in a.rationale.items():
            check(f"{a.id} rationale {rs}", text)
    for rs in CAT.rulesets.values():
        check(f"{rs.name} title", rs.title)


def test_a_ruleset_holds_a_clause_only_through_its_own_rulebook_or_a_reading() -> None:
    """A clause that a ruleset's rulebook does not state must be adopted by a register entry; a
    ruleset written from published rules holds its own clauses and those it adopts, each with the
    publication that states it."""
    for c in CAT.clauses.values():
        for rs_name in c.rulesets:
            rs = CAT.rulesets[rs_name]
            if rs.doc is None:
                assert c.published is not None or rs_name in c.adopted, \
                    f"[{c.id}] is in {rs_name} neither as its own clause nor adopted with a publication"
                continue
            if rs.doc in c.docs():
                continue
            adopters = [a for a in CAT.ambiguities_of_clause(c.id) if rs_name in a.defaults]
            assert adopters, f"[{c.id}] is in {rs_name} without a quote from {rs.doc} or a register entry"


def test_register_entries_are_well_formed() -> None:
    for a in CAT.ambiguities.values():
        names = [r.name for r in a.readings]
        assert len(names) == len(set(names)), a.id
        if a.kind in ("conflict", "internal", "option"):
            assert len(a.readings) >= 2, f"{a.id} is a {a.kind} but lists one reading"
        assert a.defaults, a.id
        # the entry concerns the rulesets of its clauses, and only those
        clause_rulesets = {rs for cid in a.clauses for rs in CAT.clauses[cid].rulesets}
        assert set(a.defaults) <= clause_rulesets | set(CAT.rulesets), a.id


def test_every_ruleset_reads_every_ambiguity_it_meets() -> None:
    for rs in CAT.rulesets:
        readings = CAT.readings(rs)
        assert readings and all(isinstance(v, str) for v in readings.values())


def test_readings_can_be_switched_and_bad_names_are_refused() -> None:
    switched = CAT.readings("mineiro-1v1-es", {"all-rounds-tied": "dealer-side-wins"})
    assert switched["all-rounds-tied"] == "dealer-side-wins"
    with pytest.raises(UnknownNameError, match="valid choices"):
        CAT.readings("mineiro-1v1-es", {"all-rounds-tied": "coin-toss"})
    with pytest.raises(UnknownNameError, match="envido"):  # a Gauderio key does not concern Mineiro
        CAT.readings("mineiro-1v1-es", {"envido-stakes": "classic"})


def test_the_rulesets_and_their_rulebooks() -> None:
    assert {rs.name: rs.doc for rs in CAT.rulesets.values()} == {
        "mineiro-1v1-es": "000", "mineiro-1v1-en": "001",
        "mineiro-pairs-it": "002", "gauderio-pairs-es": "003",
        "argentino-1v1": None, "uruguayo-1v1": None,
        "paulista-1v1": None, "paulista-pairs": None,
    }
    for name in ("argentino-1v1", "uruguayo-1v1", "paulista-1v1", "paulista-pairs"):
        assert CAT.rulesets[name].publications, f"{name} names the published rules it is written from"
    for rs in CAT.rulesets:
        assert len(CAT.clauses_of(rs)) >= 30, rs


def test_published_ids_never_disappear() -> None:
    for line in PUBLISHED.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        ident, *key = line.split()
        if ident.startswith("AMB-"):
            assert ident in CAT.ambiguities and CAT.ambiguities[ident].key == key[0], line
        else:
            assert ident in CAT.clauses, f"published clause {ident} was removed or renamed"


def test_every_catalogue_id_is_published() -> None:
    published = {line.split()[0] for line in PUBLISHED.read_text().splitlines() if line and line[0] != "#"}
    assert set(CAT.clauses) | set(CAT.ambiguities) <= published, "append new IDs to published-ids.txt"
