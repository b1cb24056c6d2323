"""What a suite run writes, with what an engine controls in it: escaped, and valid for its reader."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from truco_rules.spec.conformance.expect import judge
from truco_rules.spec.conformance.outputs import SuiteRun, badge, junit_xml, summary_md
from truco_rules.spec.conformance.run import ERROR, FAIL, PASS, SKIP, CaseResult

HOSTILE = "<script>alert(1)</script>\x1b[31m\x00 | [x](javascript:1)"


def _run() -> SuiteRun:
    results = [CaseResult("r/cards/a", "r", PASS, clauses=("CARD-1", "RND-2")),
               CaseResult("r/cards/b", "r", FAIL, HOSTILE, 3, "RND-2", ("RND-2",)),
               CaseResult("r/ten/c", "r", ERROR, HOSTILE, None, None, ("TEN-1",)),
               CaseResult("r/target/d", "r", SKIP, "needs a set position", clauses=("MAT-1",))]
    return SuiteRun(HOSTILE, "1.0.0", ["r"], results, applicable={"CARD-1", "RND-2", "TEN-1", "MAT-1"})


def test_junit_is_well_formed_xml_with_a_failure_an_error_and_a_skip() -> None:
    root = ET.fromstring(junit_xml(_run()).split("\n", 1)[1])
    (ts,) = root.findall("testsuite")
    assert (ts.get("tests"), ts.get("failures"), ts.get("errors"), ts.get("skipped")) == ("4", "1", "1", "1")
    failure = ts.find("testcase[@name='r/cards/b']/failure")
    assert failure is not None and failure.get("type") == "RND-2" and "\x00" not in (failure.text or "")


def test_a_known_failure_is_skipped_in_junit_and_a_fixed_one_fails() -> None:
    run = _run()
    run.expected = {"r/cards/b": "issue 1", "r/cards/a": "issue 2"}
    run.verdict = judge(run.failed, [r.id for r in run.results], run.expected)
    root = ET.fromstring(junit_xml(run).split("\n", 1)[1])
    assert root.find(".//testcase[@name='r/cards/b']/skipped") is not None
    assert root.find(".//testcase[@name='r/cards/a']/failure").get("type") == "fixed"  # type: ignore[union-attr]
    assert run.verdict.fixed == ["r/cards/a"] and run.verdict.unexpected == ["r/ten/c"] and run.exit_code == 1


def test_the_summary_shows_what_the_engine_said_as_text() -> None:
    text = summary_md(_run())
    assert "<script>" not in text and "\x1b" not in text and "[x](javascript" not in text
    assert "RND-2" in text and "needs a set position" in text


def test_the_badge_counts_the_rulesets_clauses_held() -> None:
    shield = json.loads(badge(_run()))
    # CARD-1 held; RND-2 broken; TEN-1 only in an errored case, MAT-1 only in a skipped one: not held
    assert shield["message"] == "1/4 clauses held" and shield["color"] == "red"


def test_the_summary_groups_skips_by_their_reason_without_the_engines_text() -> None:
    run = _run()
    why = "the engine does not play k=v: trace"
    run.results += [CaseResult(f"r/x/{i}", "r", SKIP, f"{why} {i}") for i in range(30)]
    text = summary_md(run)
    assert "- 30 skipped: the engine does not play k=v\n" in text and "trace 7" not in text
