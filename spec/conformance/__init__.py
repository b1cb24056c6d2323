"""The conformance suite: versioned cases an engine is run against (`truco conformance --suite`).

The cases are data, spec/data/conformance/: one file of cases per ruleset, the suite's VERSION,
its CHANGELOG, the JSON Schema of a case file, and every case ID ever published (ids.txt).
docs/en/guide/suite.md ("Interpreting the suite") says how a harness applies a case.
"""

from __future__ import annotations

from truco_rules.spec.catalogue import DATA_DIR

SUITE_DIR = DATA_DIR / "conformance"
CASES_DIR = SUITE_DIR / "cases"
FORMAT = "truco-conformance-cases/1"
