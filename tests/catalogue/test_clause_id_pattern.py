"""The form of a clause ID is written once (spec/clause_ids.py), and clause IDs are written out in
full: a wildcard (ENV-*) or a range (BET-1..10) hides the clauses it stands for from a plain
search for one of them.
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from truco_rules.spec.clause_ids import CLAUSE_ID_RE, CLAUSE_PREFIX, SCHEMA_PATTERN

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOME = "spec/clause_ids.py"
PACKAGES = ("spec", "engine", "proofs", "truco_rules/cli", "truco_rules/text", "truco_rules/site",
            "truco_rules/adapters", "truco_rules/protocol", "truco_rules/benchmarks", "tests", "scripts",
            "examples", "docs/hooks")
# A wildcard or a range of IDs, e.g. "ENV-*", "BET-1..10", "IRN-1..IRN-4". (The traceability
# reader still accepts ranges from outside the code; its tests write some on purpose.)
_HIDDEN = re.compile(rf"\b{CLAUSE_PREFIX}-(?:\*|[0-9]+\.\.(?:{CLAUSE_PREFIX}-)?[0-9]+\b)")
RANGES_ON_PURPOSE = ("tests/docs/test_traceability.py", "truco_rules/text/traceability.py",
                     "tests/catalogue/test_clause_id_pattern.py")


def _files(*suffixes: str) -> list[pathlib.Path]:
    return sorted(p for top in PACKAGES for s in suffixes for p in (ROOT / top).rglob(f"*{s}")
)


def copies_of_the_pattern(text: str) -> list[str]:
    """The lines of `text` that write the ID's letters class again."""
    return [line.strip() for line in text.splitlines() if CLAUSE_PREFIX in line]


def test_the_pattern_is_written_once() -> None:
    found = {str(p.relative_to(ROOT)): copies for p in _files(".py")
             if (copies := copies_of_the_pattern(p.read_text(encoding="utf-8")))
             and str(p.relative_to(ROOT)) != HOME}
    assert not found, f"build these from truco_rules.spec.clause_ids instead: {found}"


def test_the_schemas_repeat_it_exactly() -> None:
    for path in sorted((ROOT / "spec" / "schemas").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        patterns = re.findall(r'"pattern":\s*("(?:[^"\\]|\\.)*")', text)
        for pattern in map(json.loads, patterns):
            if CLAUSE_PREFIX in pattern:
                assert pattern == SCHEMA_PATTERN, f"{path.name}: {pattern!r}"


def test_clause_ids_are_written_out() -> None:
    found = [f"{p.relative_to(ROOT)}:{n}: {m.group(0)}" for p in _files(".py", ".yaml", ".smt2")
             if str(p.relative_to(ROOT)) not in RANGES_ON_PURPOSE
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             for m in _HIDDEN.finditer(line)]
    assert not found, "write the IDs out (BET-1, BET-2, ...):\n" + "\n".join(found)


@pytest.mark.parametrize("text", ["see ENV-*", "HND-3..10 decide", "IRN-1..IRN-4"])
def test_a_hidden_clause_is_caught(text: str) -> None:
    assert _HIDDEN.search(text)


def test_a_copy_of_the_pattern_is_caught() -> None:
    assert copies_of_the_pattern('X = re.compile(r"^' + CLAUSE_PREFIX + '-\\d+$")')
    assert CLAUSE_ID_RE.match("BET-10") and not CLAUSE_ID_RE.match("BET-١")
