"""Where each clause is cited (spec code, engine, tests, proofs) and what the last runs said.

Citations are found by scanning the source trees for clause IDs as plain text, so this module
never imports the engine (or any tree it scans): an engine that does not even import still shows
up in the matrix. Results of the last runs are read from optional files under `build/results/`:

* `junit.xml`: `pytest --junitxml=build/results/junit.xml` (tests: passed, failed, skipped; a test
  that runs a check records the clauses it exercised as its property `exercised`);
* `proofs.json`: `{"proofs": [outcome, ...]}` with each outcome as `proofs.property.Outcome.as_json`
  writes it (`id`, `ruleset`, `clauses`, `status`, `ok`, ...);
* `witnesses.json` (or the committed `docs/data/witnesses.json`): divergence witnesses as
  `truco_rules.proofs.divergence.witnesses` returns them, `{"witnesses": [{"ambiguities": ["AMB-n"], ...}]}`
  (a single `"ambiguity": "AMB-n"` or key is accepted too).

A missing file means "not run"; it is never an error.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from truco_rules.spec.clause_ids import CLAUSE_PREFIX

ROOT = Path(__file__).resolve().parents[2]  # the source tree: the trees that cite clauses, the results
PACKAGE = Path(__file__).resolve().parents[1]  # truco_rules: proofs/witnesses.json, checkout or wheel
RESULTS_DIR = "build/results"
# First found wins: the witnesses `truco diff --write-all` keeps, or a results copy.
WITNESS_FILES = ("proofs/witnesses.json", "docs/data/witnesses.json", f"{RESULTS_DIR}/witnesses.json")

# The trees that can cite a clause, and the files in them that count. The spec's data (YAML,
# sources) defines the clauses rather than citing them, and the site's own tests only test pages.
TREES: dict[str, tuple[str, ...]] = {
    "spec": ("spec/**/*.py",),
    "engine": ("engine/**/*.py",),
    "tests": ("tests/**/*.py",),
    "proofs": ("proofs/**/*.py", "proofs/**/*.smt2"),
}
EXCLUDED = ("tests/docs/",)

# "BET-4", and ranges as the code writes them: "TEN-1..4", "IRN-1..IRN-4".
_ID = re.compile(rf"\b({CLAUSE_PREFIX})-([0-9]+)(?:\.\.(?:\1-)?([0-9]+))?\b")
_TEST_DEF = re.compile(r"^(\s*)(?:async\s+)?def\s+(test\w*)|^(\s*)class\s+(Test\w*)")


@dataclass(frozen=True)
class Citation:
    tree: str  # spec, engine, tests, proofs
    path: str  # relative to the repository root, with "/"
    line: int
    test: str | None = None  # for tests: the enclosing test function, e.g. "test_raise"


@dataclass(frozen=True)
class TestResult:
    path: str | None  # test file, relative to the root, when the report says it
    name: str  # test function name without parameters
    nodeid: str
    outcome: str  # passed, failed, skipped
    clauses: tuple[str, ...] = ()  # declared with @pytest.mark.clause or named in a failure
    exercised: tuple[str, ...] = ()  # exercised by a check run in the test (its property "exercised")


@dataclass
class Trace:
    citations: dict[str, list[Citation]] = field(default_factory=dict)  # clause ID -> citations
    tests: list[TestResult] | None = None  # None: no report of a test run
    proofs: list[dict[str, Any]] | None = None  # None: no report of a proof run
    witnesses: list[dict[str, Any]] | None = None

    def cited(self, clause_id: str, tree: str) -> list[Citation]:
        return [c for c in self.citations.get(clause_id, []) if c.tree == tree]

    def test_results(self, clause_id: str) -> list[TestResult] | None:
        """Results of the tests that declare the clause, cite it in their body, or ran a check that
        exercised it (`truco check` in a test); None: not run."""
        if self.tests is None:
            return None
        citing = {(c.path, c.test) for c in self.cited(clause_id, "tests") if c.test}
        return [t for t in self.tests
                if clause_id in t.clauses or (t.path, t.name) in citing or clause_id in t.exercised]

    def proof_results(self, clause_id: str) -> list[dict[str, Any]] | None:
        if self.proofs is None:
            return None
        return [p for p in self.proofs if clause_id in p.get("clauses", ())]


def ids_in(line: str) -> list[str]:
    """Clause IDs cited in one line of text, ranges expanded."""
    found: list[str] = []
    for m in _ID.finditer(line):
        prefix, first, last = m.group(1), int(m.group(2)), m.group(3)
        end = int(last) if last and int(last) >= first else first
        found.extend(f"{prefix}-{n}" for n in range(first, end + 1))
    return found


def scan(known: Iterable[str], root: Path = ROOT) -> dict[str, list[Citation]]:
    """Every citation of a known clause ID in the cited trees, by clause ID."""
    known = set(known)
    out: dict[str, list[Citation]] = {}
    for tree, patterns in TREES.items():
        files = sorted({p for pattern in patterns for p in root.glob(pattern) if p.is_file()})
        for path in files:
            rel = path.relative_to(root).as_posix()
            if rel.startswith(EXCLUDED) or "__pycache__" in rel:
                continue
            test: str | None = None
            test_indent = -1
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                if tree == "tests":
                    test, test_indent = _enclosing_test(line, test, test_indent)
                for cid in ids_in(line):
                    if cid in known:
                        out.setdefault(cid, []).append(Citation(tree, rel, number, test))
    for cites in out.values():  # one citation per file and line even if a line repeats an ID
        cites[:] = list(dict.fromkeys(cites))
    return out


def _enclosing_test(line: str, current: str | None, indent: int) -> tuple[str | None, int]:
    """Track the test function a line belongs to, by indentation (good enough for test files)."""
    m = _TEST_DEF.match(line)
    if m and m.group(2):
        return m.group(2), len(m.group(1))
    stripped = line.strip()
    if stripped and not stripped.startswith(("#", "@", ")")) and len(line) - len(line.lstrip()) <= indent:
        return None, -1
    return current, indent


def read_junit(path: Path) -> list[TestResult] | None:
    if not path.is_file():
        return None
    results = []
    for case in ET.parse(path).getroot().iter("testcase"):
        classname, name = case.get("classname", ""), case.get("name", "")
        # pytest writes classname "tests.engine.test_bet" (or ".TestClass"): recover the file.
        parts = classname.split(".")
        while parts and not parts[-1].startswith("test_") and parts[-1][:1].isupper():
            parts.pop()
        file = case.get("file") or ("/".join(parts) + ".py" if parts else None)
        if case.find("failure") is not None or case.find("error") is not None:
            outcome = "failed"
        elif case.find("skipped") is not None:
            outcome = "skipped"
        else:
            outcome = "passed"
        clauses: list[str] = []
        exercised: list[str] = []
        for prop in case.iter("property"):
            if prop.get("name") in ("clauses", "failed_clauses"):
                clauses.extend(ids_in(prop.get("value", "")))
            elif prop.get("name") == "exercised":
                exercised.extend(ids_in(prop.get("value", "")))
        results.append(TestResult(path=file, name=name.split("[", 1)[0], nodeid=f"{classname}::{name}",
                                  outcome=outcome, clauses=tuple(dict.fromkeys(clauses)),
                                  exercised=tuple(dict.fromkeys(exercised))))
    return results


def _read_json_list(path: Path, key: str) -> list[dict[str, Any]] | None:
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    items = data.get(key, []) if isinstance(data, dict) else data
    return [item for item in items if isinstance(item, dict)]


def load(known: Iterable[str], root: Path = ROOT) -> Trace:
    """Citations of the `known` clause IDs and the results of the last runs, if any."""
    results = root / RESULTS_DIR
    proofs = _read_json_list(results / "proofs.json", "proofs")
    if not proofs:  # the shape `truco prove --json` prints
        proofs = _read_json_list(results / "proofs.json", "properties")
    trace = Trace(citations=scan(known, root), tests=read_junit(results / "junit.xml"), proofs=proofs)
    trace.witnesses, _ = read_witnesses(root)
    return trace


def read_witnesses(root: Path = PACKAGE) -> tuple[list[dict[str, Any]] | None, str | None]:
    """The witnesses of the first witness file found, flat, and that file; (None, None) if none."""
    for candidate in WITNESS_FILES:
        found = _read_witnesses(root / candidate)
        if found is not None:
            return found, candidate
    return None, None


def _read_witnesses(path: Path) -> list[dict[str, Any]] | None:
    """Witnesses, flat: `{"witnesses": [...]}`, or `truco diff --write-all`'s comparisons, where
    each witness inherits the two sides (`a`, `b`: ruleset and readings) of its comparison."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, dict) and "comparisons" in data:
        return [{"a_side": c.get("a"), "b_side": c.get("b"), **w}
                for c in data["comparisons"] if isinstance(c, dict)
                for w in c.get("witnesses", ()) if isinstance(w, dict)]
    return _read_json_list(path, "witnesses")
