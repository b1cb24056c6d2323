"""Every clause is named in both encodings (the code of spec/ and of engine/) and in a test, or listed
here with the reason why not (issue #37). The list holds only what is still true: a clause that
code comes to name is taken off it, and each reason is checked."""

from __future__ import annotations

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text import traceability

CAT = load_catalogue()

# The reason a clause of a ruleset file goes unnamed in an encoding's code: the encoding applies it
# through the section of the file that names it as its source (deck.clause, truco.clauses.refuse,
# hand_of_ten.clauses.kind, ...), code read alike for every ruleset, and reports the ID the file
# gives. Naming one ruleset's clause in that code would be a ruleset's name in disguise.
FILE_SECTION = "applied through the ruleset file's section that names it"

UNNAMED: dict[str, dict[str, str]] = {
    "ORD-1": {"engine": FILE_SECTION},  # gauderio-pairs-es play.order: seats in order, either way round
    "ARG-1": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "ARG-2": {"engine": FILE_SECTION},
    "ARG-3": {"engine": FILE_SECTION},
    "ARG-5": {"engine": FILE_SECTION},
    "ARG-6": {"engine": FILE_SECTION},
    "ARG-7": {"engine": FILE_SECTION},
    "PAU-1": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-5": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-7": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-8": {"engine": FILE_SECTION},
    "PAU-9": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-12": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-13": {"engine": FILE_SECTION},
    "PAU-14": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "PAU-15": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "URU-1": {"spec": FILE_SECTION, "engine": FILE_SECTION},
    "URU-7": {"engine": FILE_SECTION},
    "URU-8": {"engine": FILE_SECTION},
    "URU-9": {"engine": FILE_SECTION},
}


def _named() -> dict[str, set[str]]:
    return {cid: {c.tree for c in cites} for cid, cites in traceability.scan(CAT.clauses).items()}


def test_every_clause_is_named_in_both_encodings_and_a_test_or_listed() -> None:
    named = _named()
    for cid in CAT.clauses:
        for tree in ("spec", "engine", "tests"):
            listed = UNNAMED.get(cid, {}).get(tree)
            if tree in named.get(cid, set()):
                assert listed is None, f"{cid} is named in {tree}/ now: take it off UNNAMED"
            else:
                assert listed is not None, f"{cid}: no {tree} code names it, and UNNAMED gives no reason"


def test_each_reason_holds() -> None:
    """A test names every clause; an encoding leaves unnamed only a clause that a ruleset file names
    as a section's source, which is how that encoding applies it."""
    referenced = {cid for rs in CAT.rulesets.values() for cid in rs.file.referenced_clause_ids()}
    for cid, trees in UNNAMED.items():
        assert cid in CAT.clauses, f"{cid} is not a clause"
        assert "tests" not in trees, f"{cid}: every clause is named in a test"
        for tree, reason in trees.items():
            assert tree in ("spec", "engine") and reason == FILE_SECTION, (cid, tree)
            assert cid in referenced, f"{cid}: no ruleset file names it as a section's source"


def test_hnd11_is_named_everywhere() -> None:
    """HND-11 (hands follow one another) was the issue's example of a clause no engine code and no
    test named."""
    assert {"spec", "engine", "tests"} <= _named()["HND-11"]
