"""The alignment table (spec/alignment.py, spec/data/alignment.yaml) is complete: every clause of
the catalogue and of every ruleset file in a row, every register entry in a row, a column for every
source, no blank cell, every word verbatim, and every row's differences accounted for. And what a
published ruleset says its publications say is in their stored words."""

from __future__ import annotations

import dataclasses
import re

import pytest

from truco_rules.spec import alignment as al
from truco_rules.spec.catalogue import LANGUAGES, Publication, load_catalogue

CAT = load_catalogue()
ROWS = al.load_alignment()


def test_the_table_is_complete() -> None:
    assert al.problems(CAT, ROWS) == []


def test_a_column_for_every_rulebook_and_every_cited_publication() -> None:
    cols = al.columns(CAT)
    ids = [c.id for c in cols]
    assert ids[:len(CAT.sources)] == list(CAT.sources)
    assert len(set(ids)) == len(ids)
    urls = {c.publication.url for c in cols if c.publication is not None}
    for rs in CAT.rulesets.values():
        for pub in rs.publications:
            assert pub.url in urls, f"{rs.name}: {pub.id} has no column"
    engines = {c.publication.url for c in cols if c.engine and c.publication is not None}
    for amb in CAT.ambiguities.values():
        for reading in amb.readings:
            assert all(w.url in urls for w in reading.published), f"{amb.id} {reading.name}"
            assert all(e.url in engines for e in reading.engines), f"{amb.id} {reading.name}: an engine"
    # A publication two files name (paulista-pairs extends paulista-1v1) is one column.
    assert al.column_of(CAT, "paulista-pairs", "capixaba") == al.column_of(CAT, "paulista-1v1", "capixaba")


def test_every_register_entry_comes_from_a_row_and_every_row_is_accounted_for() -> None:
    for amb in CAT.ambiguities.values():
        assert al.rows_of(ROWS, amb.id), f"{amb.id} {amb.key}: in no row of the alignment table"
    for row in ROWS:
        assert bool(row.register) != (row.same is not None), row.id
        assert set(row.topic) == set(LANGUAGES)
        if row.same is not None:
            assert set(row.same) == set(LANGUAGES)


def test_the_issue_topics_have_rows() -> None:
    """Issue #37's list of topics, each a row: the deck, the card order, each pattern of rounds,
    the leaders, the ladder, the hand of ten and the iron hand, covered cards, envido, flor, señas,
    the target, dealing."""
    ids = {r.id for r in ROWS}
    assert {"deck", "card-order", "won-won", "won-tied", "tied-won", "split-then-tie", "first-two-tied",
            "all-tied", "round-leader", "hand-starter", "ladder", "truco-call", "refusal-pays", "raise-twice",
            "ten-when", "ten-value", "ten-seen", "ten-decline", "ten-truco", "iron-value", "iron-seen",
            "covered-card", "envido-points", "envido-calls", "envido-refusal", "envido-ties",
            "envido-with-flor", "flor", "contraflor", "flor-achico", "senas", "target", "past-target",
            "deal-size"} <= ids


def _with(row: al.Row, **changes: object) -> tuple[al.Row, ...]:
    return tuple(dataclasses.replace(r, **changes) if r.id == row.id else r for r in ROWS)  # type: ignore[arg-type]


def test_the_check_has_teeth() -> None:
    deck = al.row(ROWS, "deck")
    said = dict(deck.said)
    # A blank cell: a source neither speaks nor is silent.
    assert any("blank" in p for p in al.problems(CAT, _with(deck, silent=deck.silent[1:])))
    # Words a rulebook does not say, and words a publication's stored words do not hold.
    bad = {**said, "000": ("Barajas - Una baraja española.",)}
    assert any("does not say" in p for p in al.problems(CAT, _with(deck, said=bad)))
    bad = {**said, "p1:wikipedia": ("É jogada com o baralho espanhol",)}
    assert any("does not say" in p for p in al.problems(CAT, _with(deck, said=bad)))
    # Silent where a clause of the row quotes the source.
    quiet = {k: v for k, v in said.items() if k != "002"}
    quieter = _with(deck, said=quiet, silent=(*deck.silent, "002"))
    assert any("002 is silent" in p for p in al.problems(CAT, quieter))
    # A rulebook's cell that leaves out what a clause of the row quotes.
    other = {**said, "000": ("Distribución: Tres cartas para cada participante.",)}
    assert any("leaves out" in p for p in al.problems(CAT, _with(deck, said=other)))
    # A clause, and a register entry, in no row; a row with no account of its differences.
    fewer = _with(deck, clauses=tuple(c for c in deck.clauses if c != "DECK-2"))
    assert any("DECK-2: a clause in no row" in p for p in al.problems(CAT, fewer))
    unregistered = al.problems(CAT, _with(deck, register=()))
    assert any("AMB-13: a register entry in no row" in p for p in unregistered)
    assert any("neither register entries nor the same rule" in p
               for p in al.problems(CAT, _with(deck, register=(), same=None)))
    # A new source leaves a blank in every row until it is read.
    pub = Publication(id="new", title="A new rules sheet", publisher="Somewhere", url="https://example.org/new")
    rs = CAT.rulesets["argentino-1v1"]
    more = dataclasses.replace(rs, publications=(*rs.publications, pub))
    cat = dataclasses.replace(CAT, rulesets={**CAT.rulesets, rs.name: more})
    blanks = [p for p in al.problems(cat, ROWS) if "ar:new is blank" in p]
    assert len(blanks) == len(ROWS)


def test_rows_and_their_lookups() -> None:
    assert al.row(ROWS, "deck").cell("003") is not None
    assert al.row(ROWS, "deck").cell("p1:capixaba") is None
    with pytest.raises(LookupError, match="did you mean 'deck'"):
        al.row(ROWS, "decks")
    assert [r.id for r in al.rows_of(ROWS, "AMB-70")] == ["ten-when", "iron-when"]
    assert "split-then-tie" in {r.id for r in al.rows_of(ROWS, "HND-6")}
    with pytest.raises(ValueError, match="topic"):
        al.parse([{"id": "x", "topic": {"en": "only English"}}])


# Every catalogue clause a published ruleset adopts quotes its publication's words, except these,
# whose publications' words are not stored yet (the list only shrinks).
UNQUOTED_ADOPTIONS = {
    "argentino-1v1": {"HND-5", "HND-7", "BET-1", "BET-2", "BET-3", "BET-4", "BET-5", "BET-10", "ENV-1",
                      "ENV-2", "ENV-3", "ENV-4", "ENV-7"},
    "uruguayo-1v1": {"DEAL-1", "RND-1", "RND-2", "RND-3", "HND-1", "HND-5", "HND-6", "HND-7", "HND-8",
                     "HND-11", "BET-1", "BET-2", "BET-3", "BET-4", "BET-5", "BET-10", "ENV-1", "ENV-2",
                     "ENV-3", "ENV-4", "ENV-7"},
}


def test_every_adoption_quotes_its_publication_or_is_listed() -> None:
    unquoted: dict[str, set[str]] = {}
    for c in CAT.clauses.values():
        if c.published is not None:
            continue  # a ruleset file's clause another file adopts: its own words are stored
        for rs in c.adopted:
            if rs not in c.adopted_words:
                unquoted.setdefault(rs, set()).add(c.id)
    assert unquoted == UNQUOTED_ADOPTIONS, "a clause newly quoted: take it off UNQUOTED_ADOPTIONS"


# A fragment in single quotes, not an apostrophe ("001's"): what a rationale quotes.
_QUOTED = re.compile(r"(?<![\w])'(.+?)'(?![\w])")


def test_what_a_published_rulesets_rationale_quotes_is_in_stored_words() -> None:
    """A ruleset of published rules quotes its publications: every fragment its rationales quote is
    in a rulebook or in the stored words of a publication (a claim checkable against its words)."""
    words = al.stored_words(CAT)
    texts = [" ".join(t.split()) for ws in words.values() for t in ws]
    for amb in CAT.ambiguities.values():
        for ruleset, rationale in amb.rationale.items():
            if CAT.rulesets[ruleset].doc is not None:
                continue  # a rulebook's ruleset: tests/catalogue/test_register_truth.py
            for fragment in _QUOTED.findall(rationale["en"]):
                for part in fragment.split(" ... "):
                    assert any(" ".join(part.split()) in t for t in texts), \
                        f"{amb.id} {ruleset}: quotes {part!r}, which no stored words say"
