"""A clause says only what its quotes say: every claim of every statement is inside one of the
clause's verbatim quotes (with the span), or is a register entry's reading (spec/claims.py,
spec/data/claims.yaml)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.claims import CLAIMS_FILE, Claim, load_claims, problems

CAT = load_catalogue()


def test_every_claim_of_every_clause_is_quoted_or_a_reading() -> None:
    claims, pending = load_claims()
    assert problems(CAT, claims, pending) == []


def test_every_clause_of_the_catalogue_is_split_into_claims() -> None:
    claims, pending = load_claims()
    quoted = [cid for cid, c in CAT.clauses.items() if c.published is None]
    assert not [cid for cid in quoted if cid not in claims]
    assert all(CAT.clauses[cid].published is not None for cid in pending)


def test_the_check_has_teeth(tmp_path: Path) -> None:
    claims, pending = load_claims()
    card2 = CAT.clause("CARD-2")
    # The statement CARD-2 had: 'pica-fumo' is in none of its quotes.
    had = card2.text["en"].replace("(ouros)", "(pica-fumo, ouros)")
    old = dataclasses.replace(card2, text={**card2.text, "en": had})
    cat = dataclasses.replace(CAT, clauses={**CAT.clauses, "CARD-2": old})
    assert any("pica-fumo" in p for p in problems(cat, claims, pending))
    fixed, span = "The four manilhas (trumps) are fixed", "Manillas - Son fijas."
    bad = {
        "neither": Claim(text=fixed),
        "a span in no quote": Claim(text=fixed, doc="000", span="Son variables."),
        "a span of another rulebook": Claim(text=fixed, doc="003", span=span),
        "an entry that does not list the clause": Claim(text=fixed, reading="AMB-1"),
        "not part of the statement": Claim(text="The manilhas change", doc="000", span=span),
    }
    for what, claim in bad.items():
        changed = {**claims, "CARD-2": (claim, *claims["CARD-2"][1:])}
        assert problems(CAT, changed, pending), what
    assert problems(CAT, {**claims, "CARD-2": claims["CARD-2"][1:]}, pending)  # words left unclaimed
    unsplit = {k: v for k, v in claims.items() if k != "SET-1"}
    assert problems(CAT, unsplit, pending)  # neither split nor pending
    assert problems(CAT, claims, (*pending, "SET-1"))  # split, yet pending
    assert CLAIMS_FILE.name == "claims.yaml"


def test_a_published_clause_is_held_by_its_publications_words() -> None:
    claims, pending = load_claims()
    pau9 = CAT.clause("PAU-9")
    assert pau9.published is not None and pau9.published_words is not None
    assert problems(CAT, claims, pending) == []
    # The statement PAU-9 had: 'played without seeing the cards' is not in capixaba's words.
    had = pau9.text["en"].replace("onze.", "onze, played without seeing the cards.")
    old = dataclasses.replace(pau9, text={**pau9.text, "en": had})
    cat = dataclasses.replace(CAT, clauses={**CAT.clauses, "PAU-9": old})
    assert any("seeing" in p for p in problems(cat, claims, pending))
    first = claims["PAU-9"][0]
    bad = {
        "a span not in the words": dataclasses.replace(first, span="quando os dois lados têm 11 pontos"),
        "another publication's ID": dataclasses.replace(first, doc="wikipedia"),
        "a rulebook's ID": dataclasses.replace(first, doc="000"),
    }
    for what, claim in bad.items():
        assert problems(CAT, {**claims, "PAU-9": (claim, *claims["PAU-9"][1:])}, pending), what
    # Words not stored: nothing can hold a claim of the clause.
    bare = dataclasses.replace(pau9, published_words=None)
    cat = dataclasses.replace(CAT, clauses={**CAT.clauses, "PAU-9": bare})
    assert problems(cat, claims, pending)


def test_a_further_publication_holds_the_claims_its_words_say() -> None:
    """A ruleset file's clause may name further publications (`source.also`), each with its words: a
    claim whose doc is one of them is held by its words, and by no other publication's."""
    claims, pending = load_claims()
    arg2 = CAT.clause("ARG-2")
    also = [a.publication.id for a in arg2.also_published]
    assert also == ["acanomas"] and arg2.published is not None
    assert problems(CAT, claims, pending) == []
    equal = next(c for c in claims["ARG-2"] if c.doc == "acanomas")
    # the words of the first publication do not hold a claim of the further one
    moved = dataclasses.replace(equal, doc=arg2.published[0].id)
    changed = {**claims, "ARG-2": tuple(moved if c is equal else c for c in claims["ARG-2"])}
    assert any("sin importar el Palo" in p for p in problems(CAT, changed, pending))
    # without the further publication's words, nothing holds the claim
    bare = dataclasses.replace(arg2, also_published=())
    cat = dataclasses.replace(CAT, clauses={**CAT.clauses, "ARG-2": bare})
    assert any("ARG-2" in p and "acanomas" in p for p in problems(cat, claims, pending))
