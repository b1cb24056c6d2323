"""Progress where it takes long (issue 39): on a terminal, `truco check`, its exhaustive walk and
the conformance suite show a bar (with a spinner and the time elapsed, so that a check under load
never looks stuck); with --json, or off a terminal, they print no progress at all. The test
command announces each stage and the seconds it took."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
TERMINAL = {"FORCE_COLOR": "1", "TTY_INTERACTIVE": "1", "TTY_COMPATIBLE": "1", "COLUMNS": "120"}
BAR = "━"


def truco(*args: str, terminal: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """The command in this process, its stderr a terminal (rich's FORCE_COLOR and TTY_INTERACTIVE)
    or not."""
    for key, value in TERMINAL.items():
        if terminal:
            monkeypatch.setenv(key, value)
        else:
            monkeypatch.delenv(key, raising=False)
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


CHECK = ("check", "--ruleset", "mineiro-1v1-es", "--games", "2", "--programs", "0", "--no-situations",
         "--jobs", "1")


@pytest.mark.slow  # two short checks, a few seconds each
def test_check_shows_its_progress_on_a_terminal_and_none_in_json(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = truco(*CHECK, terminal=True, monkeypatch=monkeypatch)
    assert code == 0 and BAR in err and "mineiro-1v1-es" in err and "0:00:0" in err, err[-2000:]
    code, out, err = truco(*CHECK, "--json", terminal=True, monkeypatch=monkeypatch)
    assert code == 0 and not err.strip(), err
    assert json.loads(out)["games"] == 2


@pytest.mark.slow  # a walk of one class of deals, and the suite's cases of one ruleset
@pytest.mark.parametrize("args", [
    ("check", "--exhaustive", "--ruleset", "mineiro-1v1-es", "--deals", "1", "--position", "iron",
     "--jobs", "1"),
    ("conformance", "--suite", "--engine", "truco_rules.engine.adapter:make_adapter",
     "--ruleset", "mineiro-1v1-es", "--games", "0", "--programs", "0", "--jobs", "1", "--json"),
])
def test_the_exhaustive_walk_and_the_suite_too(args: tuple[str, ...],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = truco(*args, terminal=True, monkeypatch=monkeypatch)
    assert code == 0, err[-2000:]
    assert (BAR not in err) if "--json" in args else (BAR in err), err[-2000:]


def test_the_test_command_announces_each_stage_and_its_time() -> None:
    script = (ROOT / "tests" / "run-all.sh").read_text(encoding="utf-8")
    stages = re.findall(r'^stage "([^"]*)"$', script, flags=re.M)
    assert stages == ["install", "lint: ruff, import contracts, dead code, types", "tests and proofs",
                      "the site: its build and its tests", ""], stages
    helper = re.search(r"^stage_name=.*?^}$", script, flags=re.M | re.S)
    assert helper is not None
    done = subprocess.run(["bash", "-c", helper.group(0) + '\nstage "one"; stage "two"; stage ""'],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"== one \(\d\d:\d\d:\d\d\)", lines[0]) and lines[1] == "== one: 0 s", lines
    assert lines[2].startswith("== two (") and lines[3] == "== two: 0 s" and len(lines) == 4, lines
