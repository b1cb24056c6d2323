"""Engines in process that attack the checker: what they raise, return, print or do at import is
their fault, reported per game (or as one line, exit 2, for a module that cannot be used), and the
check goes on (tests/planted/hostile.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.planted.hostile import NOT_EXCEPTIONS
from truco_rules.cli import engines as cli_engines
from truco_rules.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
ES = "mineiro-1v1-es"
GAME = ("--ruleset", ES, "--games", "2", "--programs", "1", "--no-situations", "--jobs", "1", "--json")


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


@pytest.mark.parametrize(("factory", "symptoms"), [
    ("raises_base_exceptions", [f"raised {e.__name__}: planted" for e in NOT_EXCEPTIONS]),
    ("bad_records", ["record() returned what is not JSON data (TypeError: Object of type set",
                     "record() returned what is not JSON data (ValueError: Circular reference"] * 2),
])
def test_what_an_engine_raises_or_returns_is_its_fault_in_every_game(factory: str,
                                                                     symptoms: list[str]) -> None:
    code, out = check("--engine", f"tests.planted.hostile:{factory}", "--ruleset", ES, "--games", "4",
                      "--programs", "0", "--no-situations", "--jobs", "1", "--json")
    report = json.loads(out)
    faults = [v for v in report["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and report["games"] == 4, out[-500:]
    assert [v["game"] for v in faults] == [0, 1, 2, 3], "every game is reported"
    for fault, symptom in zip(faults, symptoms, strict=True):
        assert symptom in fault["requires"], (symptom, fault)


@pytest.mark.parametrize(("module", "says"), [("exits_at_import", "exit code 5"),
                                              ("os_exits_at_import", "exit code 0"),
                                              ("loops_at_import", "did not end within 1 s")])
def test_a_module_that_exits_or_hangs_at_import_is_one_line_and_exit_2(
        module: str, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_engines, "IMPORT_LIMIT", 1.0)
    start = time.monotonic()
    result = CliRunner().invoke(cli, ["check", "--engine", f"tests.planted.{module}:make_adapter",
                                      "--games", "1"])
    assert result.exit_code == 2 and time.monotonic() - start < 10, result.output
    assert "cannot import engine module" in result.output and says in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("engine", ["tests.planted.hostile:prints",
                                    "tests.planted.prints_at_import:make_adapter"])
def test_what_an_engine_prints_stays_out_of_the_json_output(engine: str) -> None:
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "check", "--engine", engine, *GAME],
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["games"] == 2, "stdout is the one JSON object"
    assert "debug: " in done.stderr, "what it printed is not lost: it is on stderr"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="adopts orphans with a Linux prctl")
def test_the_helpers_of_an_in_process_engine_do_not_hold_the_checkers_output_open() -> None:
    # The output ends with the check, not with the helpers (which sleep 300 s): else a timeout.
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "check", "--engine",
                           "tests.planted.hostile:forks", *GAME], capture_output=True, text=True, cwd=ROOT,
                          timeout=20, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 2, done.stderr[-2000:]



def _sleepers() -> set[int]:
    """The `sleep 300` helpers running now (the planted engines' helpers)."""
    found = set()
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and Path(f"/proc/{name}/cmdline").read_bytes() == b"sleep\x00300\x00":
                found.add(int(name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes in /proc")
def test_a_hung_workers_helpers_in_other_sessions_are_ended_with_it() -> None:
    before = _sleepers()
    code, out = check("--engine", "tests.planted.hostile:forks_and_hangs", "--ruleset", ES, "--games", "2",
                      "--programs", "0", "--no-situations", "--jobs", "1", "--call-timeout", "0.2", "--json")
    assert code == 1 and len(json.loads(out)["violations"]) == 2, out[-1000:]
    deadline = time.monotonic() + 3
    while _sleepers() - before and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _sleepers() - before
    for pid in left:  # the test leaves none behind either
        os.kill(pid, 9)
    assert not left, f"{len(left)} helpers survived"
