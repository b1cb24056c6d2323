"""Suite-wide test configuration: Hypothesis profiles and the report of violated rule clauses."""

from __future__ import annotations

import os
import re

import pytest
from hypothesis import HealthCheck, settings

# Profiles. `ci` keeps Hypothesis' own CI defaults (derandomized, no database) and raises the
# example count; `deep` is for long runs on demand: HYPOTHESIS_PROFILE=deep pytest.
settings.register_profile("ci", parent=settings.get_profile("ci"), max_examples=300)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "deep",
    max_examples=5_000,
    stateful_step_count=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=list(HealthCheck),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# A clause ID as cited in failure messages: "[BET-4]", "[HND-10]".
CLAUSE_RE = re.compile(r"\[([A-Z]{2,5}-\d+[a-z]?)\]")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    rep = outcome.get_result()
    if rep.when != "call":
        return
    declared = [cid for m in item.iter_markers("clause") for cid in m.args]
    props = [("clauses", " ".join(declared))]
    if rep.failed and call.excinfo is not None:
        found = sorted(set(CLAUSE_RE.findall(str(call.excinfo.value))))
        props.append(("failed_clauses", " ".join(found or declared)))
    rep.user_properties.extend(props)  # the terminal summary (also from xdist workers)
    item.user_properties.extend(props)  # junitxml reads the item's copy


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    failed: dict[str, list[str]] = {}
    for rep in terminalreporter.stats.get("failed", []):
        for key, value in rep.user_properties:
            if key == "failed_clauses":
                for cid in value.split():
                    failed.setdefault(cid, []).append(rep.nodeid)
    if failed:
        terminalreporter.section("violated rule clauses")
        for cid, nodes in sorted(failed.items()):
            terminalreporter.line(f"{cid}: {', '.join(nodes)}")
