"""A ruleset file written from the guide, by someone who has not read the code, plays, checks,
round-trips through simulate and validate, and proves: every command takes --ruleset-file.

Each command runs in its own process, as a user runs it, so the file loaded there reaches no
other test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.spec.rulesets_for_tests import GAUDERIO_1V1

NAME = "gauderio-1v1"


def truco(*args: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    return subprocess.run([sys.executable, "-c", "from truco_rules.cli.main import main; main()", *args],
                          capture_output=True, text=True, cwd=root, timeout=600, check=False)


@pytest.fixture
def ruleset_file(tmp_path: Path) -> Path:
    path = tmp_path / f"{NAME}.yaml"
    path.write_text(GAUDERIO_1V1, encoding="utf-8")
    return path


def test_check_drives_the_reference_engine_on_the_file(ruleset_file: Path, tmp_path: Path) -> None:
    done = truco("check", "--ruleset-file", str(ruleset_file), "--games", "12", "--programs", "3",
                 "--json", "--jobs", "2")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["rulesets"] == [NAME] and out["games"] == 12 and not out["violations"]
    assert out["clauses"]["ENV-1"]["exercised"] > 0, \
        "the file's envido and flor are played, not only its cards"


def test_simulated_records_of_the_file_validate(ruleset_file: Path, tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    done = truco("simulate", "--ruleset-file", str(ruleset_file), "--games", "5", "--out", str(records))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and all(json.loads(line)["ruleset"] == NAME for line in lines)
    done = truco("validate", "--ruleset-file", str(ruleset_file), str(records), "--json")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    # A record of the file's ruleset is unknown to a validator that was not given the file.
    done = truco("validate", str(records))
    assert done.returncode != 0 and NAME in done.stdout + done.stderr


def test_the_finite_invariants_are_proved_for_the_file(ruleset_file: Path, tmp_path: Path) -> None:
    done = truco("prove", "--ruleset-file", str(ruleset_file), "--json")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    text = done.stdout
    assert NAME in text, "the proofs ran on the file's ruleset"


def test_a_hostile_file_fails_at_once_in_one_line(tmp_path: Path) -> None:
    from tests.spec.rulesets_for_tests import HOSTILE_YAML

    for name in ("alias-bomb", "recursive-anchor"):
        path = tmp_path / f"{name}.yaml"
        path.write_text(HOSTILE_YAML[name][0], encoding="utf-8")
        for command in ("clauses", "validate"):
            done = subprocess.run([sys.executable, "-m", "truco_rules.cli", command,
                                   "--ruleset-file", str(path), *(["-"] if command == "validate" else [])],
                                  capture_output=True, text=True, timeout=60, check=False, input="")
            assert done.returncode == 2, (name, command, done.stderr[-500:])
            assert len(done.stderr.strip().splitlines()) == 1 and HOSTILE_YAML[name][1] in done.stderr
