"""The CI skip policy of tests/conftest.py: under CI=true a skip fails the run unless
tests/allowed_skips.yaml allows it, and CI prints the reason of each skip it allowed."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

SAMPLE = '''
import pytest

def test_runs():
    assert True

@pytest.mark.skipif(True, reason="no rulebooks here")
def test_allowed():
    pass

@pytest.mark.parametrize("n", [1, 2])
def test_skipped(n):
    pytest.skip("no browser")

@pytest.mark.xfail(reason="a known bug", strict=True)
def test_known_bug():
    assert False
'''


def _run(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "allowed_skips.yaml").write_text(
        "- test: test_sample.py::test_allowed\n  reason: the rulebooks live elsewhere\n", encoding="utf-8")
    (tmp_path / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:randomly",
                           "-q", "-rs", str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_a_skip_not_allowed_fails_the_run_in_ci(tmp_path: Path) -> None:
    run = _run(tmp_path, "true")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "2 failed, 1 passed, 1 skipped, 1 xfailed" in run.stdout, run.stdout
    assert "skipped under CI=true, where a skip hides a failure" in run.stdout and "no browser" in run.stdout
    assert "skips allowed in CI" in run.stdout
    assert "test_sample.py::test_allowed: the rulebooks live elsewhere" in run.stdout, run.stdout


@pytest.mark.parametrize("ci", [None, "false"])
def test_outside_ci_a_skip_is_a_skip(tmp_path: Path, ci: str | None) -> None:
    run = _run(tmp_path, ci)
    assert run.returncode == 0 and "1 passed, 3 skipped, 1 xfailed" in run.stdout, run.stdout


def test_every_allowed_skip_names_a_test_that_exists_and_gives_a_reason() -> None:
    for entry in yaml.safe_load((TESTS / "allowed_skips.yaml").read_text(encoding="utf-8")):
        path, _, name = entry["test"].partition("::")
        source = (ROOT / path).read_text(encoding="utf-8")
        names = {n.name for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)}
        assert name in names, f"{entry['test']} is not a test"
        assert len(entry["reason"].split()) >= 5, f"{entry['test']}: give the reason CI may skip it"
