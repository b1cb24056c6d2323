"""The claims of the clauses: a clause says only what its quotes say, or what a register entry reads.

`spec/data/claims.yaml` splits each clause's statement (its English text) into claims. Each claim is
a piece of the statement and is either said by one of the clause's verbatim quotes (`doc` and
`span`: the words of that quote that say it) or is the reading of a register entry (`reading`: its
AMB ID, an entry that lists the clause). A claim may also point to another clause (`clause`: its
ID), whose own claims hold what it says. A claim with none of these, a span that is in none of the
clause's quotes, or a statement with words no claim holds, is a problem `problems` names.

A clause of a ruleset file has no rulebook quote: it names a publication and may store that
publication's own words (`source: {publication: ID, words: "..."}`, kept as the clause's
`published_words`). Its claims take `doc` = the publication's ID and a `span` inside those words;
a clause whose publication's words are not stored cannot be split (it stays pending). Further
publications that state parts of the rule (`source.also`: each a publication and its words) hold
the claims whose `doc` is theirs.

Clauses not yet split are listed under `pending`: the list only shrinks (a clause split is taken
off it, and a clause neither split nor pending is a problem).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from truco_rules.spec.catalogue import DATA_DIR, Catalogue, Clause

CLAIMS_FILE = DATA_DIR / "claims.yaml"

# The little words that join claims in a statement, holding nothing of their own.
JOINERS = frozenset({
    "a", "an", "and", "as", "at", "but", "by", "each", "every", "for", "from", "in", "is", "it",
    "its", "of", "on", "or", "so", "that", "the", "then", "to", "which", "with", "where", "when",
    "while", "also", "both", "either",
})


@dataclass(frozen=True)
class Claim:
    text: str  # a piece of the clause's English statement
    doc: str | None = None  # the rulebook of the quote that says it (or the clause's publication ID)
    span: str | None = None  # the words of that quote (or of the publication's words) that say it
    reading: str | None = None  # or the register entry (AMB-n) whose reading it is
    clause: str | None = None  # or another clause, named by the statement, that says it


def load_claims(path: Any = CLAIMS_FILE) -> tuple[dict[str, tuple[Claim, ...]], tuple[str, ...]]:
    """(clause ID -> its claims, the clause IDs still pending)."""
    with open(path, encoding="utf-8") as fh:
        raw = yaml.safe_load(fh) or {}
    pending = tuple(str(c) for c in raw.pop("pending", None) or ())
    out = {}
    for cid, items in raw.items():
        out[str(cid)] = tuple(Claim(text=str(i["claim"]), doc=None if i.get("doc") is None else str(i["doc"]),
                                    span=i.get("span"), reading=i.get("reading"), clause=i.get("clause"))
                            for i in items or ())
    return out, pending


def claim_problems(cat: Catalogue, clause: Clause, claim: Claim) -> list[str]:
    """What is wrong with one claim of `clause`: not part of its statement, or said by nothing."""
    out = []
    if claim.text not in clause.text["en"]:
        out.append(f"{claim.text!r} is not part of the statement")
    if claim.reading is not None:
        amb = cat.ambiguities.get(claim.reading)
        if amb is None:
            out.append(f"{claim.text!r}: {claim.reading} is not a register entry")
        elif clause.id not in amb.clauses:
            out.append(f"{claim.text!r}: {claim.reading} does not list {clause.id} among its clauses")
    elif claim.clause is not None:
        if claim.clause not in cat.clauses or claim.clause == clause.id:
            out.append(f"{claim.text!r}: {claim.clause} is not another clause")
        elif claim.clause not in claim.text:
            out.append(f"{claim.text!r}: the statement does not name {claim.clause} here")
    elif claim.span is not None:
        quotes = [q.quote for q in clause.sources if q.doc == claim.doc]
        if clause.published is not None and clause.published[0].id == claim.doc \
                and clause.published_words is not None:
            quotes.append(clause.published_words)  # a published clause: its publication's words
        quotes += [a.words for a in clause.also_published if a.publication.id == claim.doc]
        if not any(claim.span in q for q in quotes):
            out.append(f"{claim.text!r}: {claim.span!r} is in none of the clause's quotes of {claim.doc}")
    else:
        out.append(f"{claim.text!r}: neither inside a quote (span) nor a register entry's reading "
                   "(nor another clause's)")
    return out


def uncovered(statement: str, claims: tuple[Claim, ...]) -> list[str]:
    """The words of `statement` that no claim holds (the little joining words aside)."""
    rest = statement
    for claim in sorted(claims, key=lambda c: -len(c.text)):
        rest = rest.replace(claim.text, " ")
    words = re.findall(r"[\w'-]+", rest)
    return [w for w in words if w.lower() not in JOINERS]


def problems(cat: Catalogue, claims: Mapping[str, tuple[Claim, ...]], pending: tuple[str, ...]) -> list[str]:
    """Every problem of the claims file against the catalogue."""
    out = []
    for cid in claims:
        if cid not in cat.clauses:
            out.append(f"{cid}: not a clause")
    for cid in pending:
        if cid not in cat.clauses:
            out.append(f"{cid}: pending, but not a clause")
        elif cid in claims:
            out.append(f"{cid}: split into claims, so no longer pending")
    for cid, clause in cat.clauses.items():
        if cid not in claims:
            if cid not in pending:
                out.append(f"{cid}: its statement is not split into claims")
            continue
        for claim in claims[cid]:
            out += [f"{cid}: {p}" for p in claim_problems(cat, clause, claim)]
        left = uncovered(clause.text["en"], claims[cid])
        if left:
            out.append(f"{cid}: no claim holds {' '.join(left)!r}")
    return out
