"""Finding clause citations as text, and reading the results of the last run."""

from __future__ import annotations

from pathlib import Path

from truco_rules.text import traceability


def test_ids_and_ranges_are_read_as_written() -> None:
    assert traceability.ids_in("TEN-1..3, IRN-1..IRN-2 and HND-10 (not HND-1)") == [
        "TEN-1", "TEN-2", "TEN-3", "IRN-1", "IRN-2", "HND-10", "HND-1"]


def test_scan_and_junit_tie_test_results_to_clauses(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bet.py").write_text("# BET-4: running pays the value before the call\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_bet.py").write_text(
        "def test_run():\n    assert 1, '[BET-4]'\n\n\ndef test_other():\n    pass\n")
    results = tmp_path / "build" / "results"
    results.mkdir(parents=True)
    (results / "junit.xml").write_text(
        '<testsuites><testsuite>'
        '<testcase classname="tests.test_bet" name="test_run"/>'
        '<testcase classname="tests.test_bet" name="test_other"><failure message="x"/>'
        '<properties><property name="clauses" value="BET-5"/></properties></testcase>'
        '</testsuite></testsuites>')
    trace = traceability.load(["BET-4", "BET-5"], tmp_path)
    assert [(c.tree, c.path, c.line) for c in trace.citations["BET-4"]] == [
        ("engine", "engine/bet.py", 1), ("tests", "tests/test_bet.py", 2)]
    assert [(r.name, r.outcome) for r in trace.test_results("BET-4") or []] == [("test_run", "passed")]
    assert [(r.name, r.outcome) for r in trace.test_results("BET-5") or []] == [("test_other", "failed")]
    assert trace.proof_results("BET-4") is None and trace.witnesses is None  # "not run"


def test_a_clause_that_a_check_run_exercised_counts_as_tested(tmp_path: Path) -> None:
    """A test that runs `truco check` records what the check exercised (tests/check/
    test_clause_coverage.py): the clause page counts that test for each of those clauses, and
    says so, although no test declares them (issue 39: 12 PAU clauses said none did)."""
    from truco_rules.site import site_rules
    from truco_rules.site.site_md import Ctx
    from truco_rules.spec.catalogue import load_catalogue

    results = tmp_path / "build" / "results"
    results.mkdir(parents=True)
    (results / "junit.xml").write_text(
        '<testsuites><testsuite><testcase classname="tests.check.test_clause_coverage" '
        'name="test_every_clause_is_exercised_by_a_test_or_the_monitor">'
        '<properties><property name="clauses" value=""/><property name="exercised" value="PAU-1 PAU-7"/>'
        '</properties></testcase></testsuite></testsuites>')
    trace = traceability.load(["PAU-1", "PAU-7", "PAU-8"], tmp_path)
    assert [r.outcome for r in trace.test_results("PAU-7") or []] == ["passed"]
    assert trace.test_results("PAU-8") == []
    ctx = Ctx(lang="en", cat=load_catalogue(), coverage={}, trace=trace, warn=print)
    assert site_rules.test_summary(ctx, "PAU-7") == "1 passed (1 of them a check run that exercised it)"
    assert site_rules.test_summary(ctx, "PAU-8") == "no test declares this clause"
