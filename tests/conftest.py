"""Suite-wide test configuration: Hypothesis profiles, the report of violated rule clauses, and
the skip policy of CI (a skipped test fails the run unless tests/allowed_skips.yaml allows it)."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, settings

from truco_rules.spec.clause_ids import CLAUSE_ID

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
CLAUSE_RE = re.compile(rf"\[({CLAUSE_ID}[a-z]?)\]")


# Skips in CI. A skipped test checks nothing, so under CI=true it fails the run unless it is listed
# in this file with the reason it may be skipped there; CI prints the reason.
ALLOWED_SKIPS = Path(__file__).resolve().parent / "allowed_skips.yaml"


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def allowed_skips(path: Path = ALLOWED_SKIPS) -> dict[str, str]:
    """Test node IDs (without parameters) that may be skipped in CI, each with its reason."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return {e["test"]: e["reason"] for e in entries}


def _base_id(nodeid: str) -> str:
    return nodeid.split("[", 1)[0]


def _refuse_skip_in_ci(rep: pytest.TestReport) -> None:
    """Turn a skip that CI does not allow into a failure that says how to allow it."""
    if not (rep.skipped and _in_ci()) or hasattr(rep, "wasxfail"):
        return
    if _base_id(rep.nodeid) in allowed_skips():
        return
    why = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
    rep.outcome = "failed"
    rep.longrepr = (f"skipped under CI=true, where a skip hides a failure ({why}). Make it run in CI, "
                    f"or list it in {ALLOWED_SKIPS.name} with the reason it may be skipped there.")


def pytest_configure(config: pytest.Config) -> None:
    # An xdist controller serves the docs site to its workers: it must be up before they start.
    if not hasattr(config, "workerinput") and getattr(config.option, "dist", "no") != "no":
        from tests.docs import served_site  # here: test_skip_policy runs a copy of this file alone

        served_site.register(config)
    _one_core_per_worker(config)


def _one_core_per_worker(config: pytest.Config) -> None:
    """With as many xdist workers as cores, each worker and what it starts keep to a core of their
    own: a `truco check` in a test then runs its games in its own process (its default --jobs is
    the cores it may use), instead of starting workers for a core the other test worker already
    keeps busy. A test that gives --jobs still starts that many. Not for the site's tests: one
    worker builds the site, a process per core, while the others wait for it."""
    worker = getattr(config, "workerinput", None)
    if worker is None or not hasattr(os, "sched_setaffinity"):
        return
    if any(Path(str(a)).parts[:2] == ("tests", "docs") for a in config.args):
        return
    cores = sorted(os.sched_getaffinity(0))
    if int(worker["workercount"]) >= len(cores) > 1:
        index = int(str(worker["workerid"]).removeprefix("gw"))
        with contextlib.suppress(OSError):  # a sandbox that forbids it: the workers share the cores
            os.sched_setaffinity(0, {cores[index % len(cores)]})


# Tests measured slow in a whole run (scripts/slow_tests.py writes the file): marked slow here, so
# that the fast tier leaves them out with those marked by hand.
SLOW_TESTS = Path(__file__).resolve().parent / "slow_tests.txt"


def measured_slow(path: Path = SLOW_TESTS) -> frozenset[str]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return frozenset(line for line in lines if line and not line.startswith("#"))


@pytest.hookimpl(tryfirst=True)  # before -m selects: the marks added here count
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The tests marked slow by hand (minutes long) first, otherwise in file order: with xdist the
    # other workers go through the rest meanwhile, instead of waiting at the end for one worker's
    # long test. Not the measured ones too: xdist hands out the first tests in large batches, and
    # a hundred of them at the front would all go to one worker.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    slow = measured_slow()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    rep = outcome.get_result()
    _refuse_skip_in_ci(rep)
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
    skipped = sorted({_base_id(rep.nodeid) for rep in terminalreporter.stats.get("skipped", [])
                      if not hasattr(rep, "wasxfail")})
    if skipped and _in_ci():
        reasons = allowed_skips()
        terminalreporter.section("skips allowed in CI")
        for nodeid in skipped:
            terminalreporter.line(f"{nodeid}: {reasons.get(nodeid, '')}")
