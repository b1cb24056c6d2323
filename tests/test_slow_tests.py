"""The list of tests measured slow (tests/slow_tests.txt, which the fast tier leaves out) names
tests that exist, and is read from a JUnit file the way pytest names tests."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import measured_slow
from tests.scripts_module import load_script

ROOT = Path(__file__).resolve().parents[1]
slow_tests = load_script("slow_tests")


def test_every_listed_test_exists() -> None:
    listed = measured_slow()
    assert listed, "tests/slow_tests.txt lists no test: the fast tier would run everything"
    for node in listed:
        path, *names = node.split("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        function = names[-1].split("[", 1)[0]
        assert re.search(rf"^\s*def {re.escape(function)}\(", source, re.M), \
            f"{node} is gone: python scripts/slow_tests.py build/results/junit.xml"


def test_a_junit_case_becomes_the_id_pytest_gives_it(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    junit.write_text(
        '<testsuites><testsuite>'
        '<testcase classname="tests.test_slow_tests" name="test_every_listed_test_exists" time="2.5"/>'
        '<testcase classname="tests.check.test_perft" name="test_x[a-b]" time="9"/>'
        '<testcase classname="tests.test_slow_tests" name="fast" time="0.1"/>'
        '<testcase classname="tests.no_such_file" name="test_y" time="9"/>'
        '</testsuite></testsuites>', encoding="utf-8")
    assert slow_tests.slow_tests(junit, 1.5) == [
        "tests/check/test_perft.py::test_x[a-b]",
        "tests/test_slow_tests.py::test_every_listed_test_exists",
    ]
