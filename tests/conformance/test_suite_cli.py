"""`truco conformance --suite` as an engine author's CI runs it: real processes, real files."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or "node"  # CI has Node 20; without it these tests fail, they do not skip
JS = f"{shlex.quote(NODE)} {shlex.quote(str(ROOT / 'examples' / 'js-mineiro' / 'engine.js'))}"
QUICK = ("--games", "20", "--programs", "2", "--jobs", "2")


def suite(*args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "conformance", "--suite", *QUICK, *args],
                          capture_output=True, text=True, timeout=600, check=False, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "200"})
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
def test_the_javascript_example_passes_every_case_it_can_run(tmp_path: Path) -> None:
    junit = tmp_path / "suite.xml"
    code, out, err = suite("--engine-cmd", JS, "--ruleset", "mineiro-1v1-es", "--junit", str(junit))
    assert code == 0, out + err
    root = ET.parse(junit).getroot()
    (ts,) = root.findall("testsuite")
    assert ts.get("name") == "mineiro-1v1-es" and int(ts.get("tests", "0")) > 200
    assert ts.get("failures") == "0" and ts.get("errors") == "0"
    skipped = [c for c in ts.iter("testcase") if c.find("skipped") is not None]
    # what it cannot run is said, never hidden: the set positions and the readings it does not play
    assert skipped and all(c.find("skipped").get("message") for c in skipped)  # type: ignore[union-attr]
    # whole messages (issue 39: cut mid-path), every skip's reason on the terminal, no engine stack
    messages = [c.find("skipped").get("message", "") for c in skipped]  # type: ignore[union-attr]
    readings = [m for m in messages if m.startswith("the engine does not play ")]
    assert readings and all(m.endswith("plays only the default reading of " + m.split()[5].split("=")[0])
                            for m in readings), readings
    assert all(f": {m}" in " ".join(out.split()) for m in set(messages)), out
    assert "    at " not in out + err and "stderr ends with" not in out


def _ratchet(engine: str, ruleset: str, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    expect = tmp_path / "expect.yaml"
    code, out, err = suite("--engine", engine, "--ruleset", ruleset, "--write-expectations", str(expect))
    assert code == 1, out + err  # both engines break rules
    data = yaml.safe_load(expect.read_text(encoding="utf-8"))
    assert data["format"] == "truco-expectations/1" and data["failures"]
    code, out, err = suite("--engine", engine, "--ruleset", ruleset, "--expect-failures", str(expect))
    assert code == 0, out + err
    return expect, data


# One package engine is enough for the ratchet (three runs of its suite); pytruco's results file is
# checked against a fresh run by tests/conformance/test_matrix.py.
@pytest.mark.parametrize(("engine", "ruleset"),
                         [("truco_rules.adapters.pytrucoengine:make_adapter", "argentino-1v1")])
@pytest.mark.slow
def test_a_package_engine_runs_green_with_the_expectations_it_wrote(engine: str, ruleset: str,
                                                                    tmp_path: Path) -> None:
    expect, data = _ratchet(engine, ruleset, tmp_path)
    # a failure not listed fails the run
    failures = dict(data["failures"])
    dropped = sorted(failures)[0]
    del failures[dropped]
    expect.write_text(yaml.safe_dump({**data, "failures": failures}), encoding="utf-8")
    code, out, _ = suite("--engine", engine, "--ruleset", ruleset, "--expect-failures", str(expect), "--json")
    assert code == 1 and json.loads(out)["expectations"]["unexpected"] == [dropped]


def test_a_listed_case_that_passes_fails_the_run_until_it_is_removed(tmp_path: Path) -> None:
    expect = tmp_path / "expect.yaml"
    passing = "mineiro-1v1-es/cards/7H-4C"
    listed = {"format": "truco-expectations/1", "failures": {passing: "https://example.org/issues/1"}}
    expect.write_text(yaml.safe_dump(listed), encoding="utf-8")
    code, out, _ = suite("--ruleset", "mineiro-1v1-es", "--expect-failures", str(expect), "--json")
    data = json.loads(out)
    assert code == 1 and data["expectations"]["fixed"] == [passing] and data["counts"]["fail"] == 0


def test_a_listed_id_the_suite_does_not_have_fails_the_run(tmp_path: Path) -> None:
    expect = tmp_path / "expect.yaml"
    expect.write_text('{"format": "truco-expectations/1", "failures": {"mineiro-1v1-es/no/such": "why"}}',
                      encoding="utf-8")
    code, out, _ = suite("--ruleset", "mineiro-1v1-es", "--expect-failures", str(expect), "--json")
    assert code == 1 and json.loads(out)["expectations"]["unknown"] == ["mineiro-1v1-es/no/such"]


@pytest.mark.parametrize("text", ["format: truco-expectations/1\nfailures: [a, b]\n",
                                  "format: other\n", "failures: {a: \n", "format: truco-expectations/1\n"
                                  "failures: {x: 3}\n"])
def test_a_malformed_expectations_file_is_one_line_and_exit_2(text: str, tmp_path: Path) -> None:
    expect = tmp_path / "expect.yaml"
    expect.write_text(text, encoding="utf-8")
    code, _, err = suite("--ruleset", "mineiro-1v1-es", "--expect-failures", str(expect))
    assert code == 2 and err.startswith("truco: error:") and len(err.strip().splitlines()) == 1, err


def test_the_badge_summary_and_json_of_a_passing_run(tmp_path: Path) -> None:
    badge, summary = tmp_path / "badge.json", tmp_path / "summary.md"
    code, out, err = suite("--ruleset", "mineiro-1v1-es", "--badge", str(badge), "--summary-md", str(summary),
                           "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "truco-suite-run/1" and data["counts"]["pass"] > 200 and data["exit"] == 0
    shield = json.loads(badge.read_text(encoding="utf-8"))
    held = len(data["clauses"]["held"])
    assert shield == {"schemaVersion": 1, "label": "truco rules", "message": f"{held}/{held} clauses held",
                      "color": "brightgreen"}
    assert "| mineiro-1v1-es |" in summary.read_text(encoding="utf-8")


def test_suite_only_options_are_refused_without_suite() -> None:
    page = ["--engine", "truco_rules.engine.adapter:make_adapter", "--ruleset", "mineiro-1v1-es",
            "--out", "x.md"]
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "conformance", *page, "--junit", "j.xml"],
                          capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert done.returncode == 2 and "--junit goes with --suite" in done.stderr


MULTISEAT = shlex.join([sys.executable, str(ROOT / "tests" / "check" / "multiseat_engine.py")])


def test_an_engine_with_several_seats_steps_and_a_reading_of_its_own_passes_with_no_false_failure() -> None:
    # It lets two seats act, has engine-only steps and an extra action, and announces the reading
    # hand-length=always-three-rounds: the published cases under the other reading are skipped, and
    # the spec's cases under its own are run in their place.
    code, out, err = suite("--engine-cmd", MULTISEAT, "--games", "0", "--programs", "0", "--json")
    data = json.loads(out)
    assert code == 0, err[-2000:]
    mine = [c for c in data["cases"] if c["id"].endswith("@@hand-length=always-three-rounds")]
    assert len(mine) > 100 and all(c["status"] == "pass" for c in mine)
    skipped = [c for c in data["cases"] if c["status"] == "skip" and "@" not in c["id"].split("/", 1)[1]]
    assert skipped and all("hand-length=always-three-rounds (its hello)" in c["message"]
                           for c in skipped if "/perft/" not in c["id"] and "/random" not in c["id"]
                           and "/exhaustive" not in c["id"])


def test_the_same_engine_letting_the_wrong_seat_act_fails_with_the_rule_it_breaks() -> None:
    code, out, _ = suite("--engine-cmd", MULTISEAT + " wrong-seat", "--games", "0", "--programs", "0",
                         "--json")
    data = json.loads(out)
    assert code == 1 and data["clauses"]["broken"] == ["BET-2"]
