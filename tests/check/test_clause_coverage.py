"""Every normative clause is exercised by a test or checked by the monitor during `truco check`."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from truco_rules.engine.adapter import make_adapter
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.clause_ids import CLAUSE_ID
from truco_rules.spec.monitor.drive import Settings, check_engine

TESTS = pathlib.Path(__file__).resolve().parents[1]
_MARKER = re.compile(r"mark\.clause\(([^)]*)\)")
_ID = re.compile(rf"{CLAUSE_ID}[a-z]?")
_CITED = re.compile(rf"\[({CLAUSE_ID}[a-z]?)\]")


def _is_benchmark(node: ast.AST) -> bool:
    """A test that drives a benchmark (a name or attribute with "bench" in it): it measures speed
    and checks no rule, whatever it cites."""
    return any("bench" in (n.id if isinstance(n, ast.Name) else n.attr)
               for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute)))


def clauses_in_source(text: str) -> set[str]:
    """IDs named by `clause` markers or cited as "[ID]" in one test file, except in benchmark tests."""
    found: set[str] = set()
    for node in ast.parse(text).body:
        is_test = isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        if is_test and _is_benchmark(node):
            continue
        segment = ast.get_source_segment(text, node) or ""
        decorators = [ast.get_source_segment(text, d) or "" for d in getattr(node, "decorator_list", ())]
        for args in _MARKER.findall("\n".join([*decorators, segment])):
            found.update(_ID.findall(args))
        found.update(_CITED.findall(segment))
    return found


def clauses_in_tests() -> set[str]:
    """IDs named by `clause` markers or cited as "[ID]" in the test files (benchmark tests aside)."""
    found: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        found |= clauses_in_source(path.read_text(encoding="utf-8"))
    return found


def test_a_benchmark_test_never_counts_as_coverage_of_a_clause() -> None:
    source = """
import pytest
from truco_rules.benchmarks.throughput import run_engine_bench

@pytest.mark.clause("MAT-1")
def test_bench_figures():
    assert run_engine_bench("mineiro-1v1-es", 0.1)["matches"], "[MAT-2] whole matches"

@pytest.mark.clause("BET-4")
def test_a_rule():
    assert True, "[BET-6]"
"""
    assert clauses_in_source(source) == {"BET-4", "BET-6"}


@pytest.mark.slow
def test_every_clause_is_exercised_by_a_test_or_the_monitor(capsys, record_property) -> None:  # type: ignore[no-untyped-def]
    ids = list(load_catalogue().clauses)
    tested = clauses_in_tests()
    report = check_engine(make_adapter, list(load_catalogue().rulesets), {}, Settings(games=60, programs=0))
    assert report.ok, report.violations[:3]
    # what the check exercised, for the clause pages' test results (truco_rules/text/traceability.py)
    record_property("exercised", " ".join(sorted(c for c in ids if report.exercised[c])))
    rows = [(c, c in tested, report.exercised[c]) for c in ids]
    with capsys.disabled():
        print("\nclause coverage: clause, named by tests, exercised by the monitor in truco check")
        for c, t, n in rows:
            print(f"  {c:<7} {'test' if t else '-':<5} {n}")
    neither = [c for c, t, n in rows if not t and not n]
    assert not neither, f"clauses neither tested nor checked by the monitor: {neither}"
