"""The register and the catalogue say no more than their sources: a reading marked as stated by a
rulebook carries a quote that says what it claims; what a reading takes from elsewhere is named as
such; a default with no textual basis says so; a clause's text gives no value or unit its quotes
do not give (truco_rules.spec.wording: numbers and loaded terms, as far as a machine can check)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from truco_rules.spec.catalogue import LANGUAGES, Clause, load_catalogue
from truco_rules.spec.wording import mentions, numbers, terms

CAT = load_catalogue()
READINGS = [(a, r) for a in CAT.ambiguities.values() for r in a.readings]
READING_IDS = [f"{a.id}-{r.name}" for a, r in READINGS]

# How each language says that a reading is not in the sources (rationales and outside sources).
NOT_IN_SOURCES = {"en": "not in the sources", "es": "no está en las fuentes", "it": "non è nelle fonti",
                  "pt": "não está nas fontes"}


def summary_values_unbacked(reading) -> set[int]:  # type: ignore[no-untyped-def]
    """The values a reading's summary states (in digits, as the register writes values) that
    neither its claims, nor the publications it cites, nor its named outside source give."""
    backed: set[int] = set()
    for claim in reading.claims:
        backed |= numbers(claim)
    for words in reading.published:
        backed |= numbers(words.words)
    if reading.outside is not None:
        for value in reading.outside.adds:
            backed |= numbers(value)
    return numbers(reading.summary["en"], []) - backed


def clause_text_overreach(clause: Clause) -> dict[str, tuple[set[int], set[str]]]:
    """Per language, the values (digits) and loaded terms a clause's text gives that its quotes
    do not."""
    quoted_numbers: set[int] = set()
    quoted_terms: set[str] = set()
    for q in clause.sources:
        quoted_numbers |= numbers(q.quote)
        quoted_terms |= terms(q.quote)
    out = {}
    for lang, text in clause.text.items():
        extra = (numbers(text, []) - quoted_numbers, terms(text) - quoted_terms)
        if any(extra):
            out[lang] = extra
    return out


@pytest.mark.parametrize(("amb", "reading"), READINGS, ids=READING_IDS)
def test_a_reading_marked_as_stated_by_a_rulebook_quotes_what_it_claims(amb, reading) -> None:  # type: ignore[no-untyped-def]
    if not reading.sources:
        assert not reading.claims, f"{amb.id} {reading.name}: claims without a quote to hold them"
        return
    assert reading.claims, f"{amb.id} {reading.name}: quotes a rulebook but says nothing of what they support"
    for claim in reading.claims:
        assert any(mentions(q.quote, claim) for q in reading.sources), \
            f"{amb.id} {reading.name}: no quote of the reading says {claim!r}"


@pytest.mark.parametrize(("amb", "reading"), READINGS, ids=READING_IDS)
def test_every_value_of_a_reading_comes_from_its_quotes_or_a_named_outside_source(amb, reading) -> None:  # type: ignore[no-untyped-def]
    extra = summary_values_unbacked(reading)
    assert not extra, (f"{amb.id} {reading.name}: the summary states {sorted(extra)}, which no claim, "
                       "publication or named outside source gives")


@pytest.mark.parametrize(("amb", "reading"), READINGS, ids=READING_IDS)
def test_what_a_reading_takes_from_outside_is_named_as_such(amb, reading) -> None:  # type: ignore[no-untyped-def]
    """A reading that rests on practice says so in its outside source, never in its summary; a
    summary that names a rulebook quotes it."""
    for lang in LANGUAGES:
        text = reading.summary[lang].lower()
        assert not re.search(r"practice|práctica|prassi|prática", text), \
            f"{amb.id} {reading.name}: the summary ({lang}) names practice: give it as the outside source"
    for doc in re.findall(r"\b(00[0-3])\b", reading.summary["en"]):
        assert doc in {q.doc for q in reading.sources}, \
            f"{amb.id} {reading.name}: names {doc} without quoting it"
    if reading.outside is not None:
        for clause in reading.outside.clauses:
            assert CAT.clauses[clause].published is not None, \
                f"{amb.id} {reading.name}: {clause} is a rulebook clause, not an outside source"


def test_a_reading_with_no_quote_and_no_publication_is_said_to_be_outside_the_sources() -> None:
    for amb, reading in READINGS:
        if reading.sources or reading.published or reading.engines:  # an engine's: its code says it
            continue
        assert reading.outside is not None, f"{amb.id} {reading.name}: say where it comes from (outside)"
        for lang, phrase in NOT_IN_SOURCES.items():
            assert mentions(reading.outside.source[lang], phrase), \
                f"{amb.id} {reading.name}: its outside source ({lang}) does not say it is not in the sources"


def test_a_default_with_no_textual_basis_says_so() -> None:
    for amb in CAT.ambiguities.values():
        for ruleset, name in amb.defaults.items():
            reading = amb.reading(name)
            if reading.sources or reading.published:
                continue
            for lang, phrase in NOT_IN_SOURCES.items():
                assert mentions(amb.rationale[ruleset][lang], phrase), (
                    f"{amb.id} {amb.key}: {ruleset}'s rationale ({lang}) must say "
                    "its default is not in the sources")


# A fragment in single quotes, not an apostrophe ("001's"): what a rationale quotes.
_QUOTED = re.compile(r"(?<![\w])'(.+?)'(?![\w])")


def test_what_a_rationale_quotes_is_in_a_rulebook() -> None:
    """A rationale a player can check: every fragment it quotes (parts around '...') is verbatim
    in one of the four rulebooks, or in what a publication the entry cites says."""
    for amb in CAT.ambiguities.values():
        texts = [s.text for s in CAT.sources.values()] + [w.words for r in amb.readings for w in r.published]
        for ruleset, rationale in amb.rationale.items():
            if CAT.rulesets[ruleset].doc is None:
                continue  # a ruleset of published rules quotes its publications, kept outside
            for fragment in _QUOTED.findall(rationale["en"]):
                for part in fragment.split(" ... "):
                    assert any(" ".join(part.split()) in " ".join(t.split()) for t in texts), \
                        f"{amb.id} {ruleset}: quotes {part!r}, which no rulebook says"


@pytest.mark.parametrize("clause_id", [c.id for c in CAT.clauses.values() if c.published is None])
def test_a_clause_text_gives_no_value_or_unit_its_quotes_do_not(clause_id: str) -> None:
    over = clause_text_overreach(CAT.clauses[clause_id])
    assert not over, f"[{clause_id}] its text says more than its quotes: {over}"


def test_register_entries_named_in_clause_texts_exist_and_name_the_clause() -> None:
    for c in CAT.clauses.values():
        for lang, text in c.text.items():
            for aid in re.findall(r"\bAMB-\d+\b", text):
                assert aid in CAT.ambiguities, f"[{c.id}] ({lang}) names {aid}, which is not in the register"
        for aid in set(re.findall(r"\bAMB-\d+\b", c.text["en"])):
            linked = set(CAT.ambiguities[aid].clauses)
            assert c.id in linked, \
                f"[{c.id}] sends the reader to {aid}, which does not list it among its clauses"


def test_the_checks_have_teeth() -> None:
    """The text ENV-6 once had ("to finish the partida", from 003's "para terminar la ronda") and
    a reading claiming a value its quote lacks are both caught."""
    env6 = CAT.clauses["ENV-6"]
    old_text = "Falta envido stakes the points still missing to finish the partida."
    rewritten = dataclasses.replace(env6, text={**env6.text, "en": old_text})
    assert clause_text_overreach(rewritten)["en"][1] == {"partida"}
    amb20 = CAT.ambiguity("envido-stakes")
    classic = amb20.reading("classic")
    stripped = dataclasses.replace(classic, outside=None)
    assert summary_values_unbacked(stripped) == {1, 2}
