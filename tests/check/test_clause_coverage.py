"""Every normative clause is exercised by a test or checked by the monitor during `truco check`."""

from __future__ import annotations

import pathlib
import re

from engine.adapter import make_adapter
from spec.catalogue import load_catalogue
from spec.monitor.drive import Settings, check_engine

TESTS = pathlib.Path(__file__).resolve().parents[1]
_MARKER = re.compile(r"mark\.clause\(([^)]*)\)")
_ID = re.compile(r"[A-Z]{2,5}-\d+[a-z]?")
_CITED = re.compile(r"\[([A-Z]{2,5}-\d+[a-z]?)\]")


def clauses_in_tests() -> set[str]:
    """IDs named by `clause` markers or cited as "[ID]" in the test files."""
    found: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        for args in _MARKER.findall(text):
            found.update(_ID.findall(args))
        found.update(_CITED.findall(text))
    return found


def test_every_clause_is_exercised_by_a_test_or_the_monitor(capsys) -> None:  # type: ignore[no-untyped-def]
    ids = list(load_catalogue().clauses)
    tested = clauses_in_tests()
    report = check_engine(make_adapter, list(load_catalogue().rulesets), {}, Settings(games=60, programs=0))
    assert report.ok, report.violations[:3]
    rows = [(c, c in tested, report.exercised[c]) for c in ids]
    with capsys.disabled():
        print("\nclause coverage: clause, named by tests, exercised by the monitor in truco check")
        for c, t, n in rows:
            print(f"  {c:<7} {'test' if t else '-':<5} {n}")
    neither = [c for c, t, n in rows if not t and not n]
    assert not neither, f"clauses neither tested nor checked by the monitor: {neither}"
