"""The checks have teeth: `truco check` fails every planted bug, under the bug's clause."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from tests.planted.engines import GAMES, PLANTED
from truco_cli.main import cli


def run_check(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["check", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output.strip().splitlines()[-1])


@pytest.mark.parametrize("engine", sorted(PLANTED, key=lambda f: f.__name__), ids=lambda f: f.__name__)
def test_planted_bug_is_caught_under_its_clause(engine: Callable[[], object]) -> None:
    ruleset, clause = PLANTED[engine]
    factory = engine.__name__
    code, out = run_check("--engine", f"tests.planted.engines:{factory}", "--ruleset", ruleset,
                          "--games", str(GAMES.get(factory, 40)), "--programs", "0")
    violated = {c for c, n in out["clauses"].items() if n["violated"]}
    assert code == 1, f"[{clause}] planted bug {factory} not caught"
    assert clause in violated, f"[{clause}] planted bug {factory} reported as {sorted(violated)}"


@pytest.mark.clause("BET-10")
def test_hypothesis_programs_alone_catch_a_planted_bug_and_shrink_it() -> None:
    code, out = run_check("--engine", "tests.planted.engines:raise_twice", "--ruleset", "gauderio-pairs-es",
                          "--games", "0", "--programs", "30")
    assert code == 1 and out["clauses"]["BET-10"]["violated"], "[BET-10] " + json.dumps(out)[:500]
    (program,) = [v for v in out["violations"] if v["field"] == "program"]
    assert program["clause"] == "BET-10" and "shrunk" in program["requires"], program


@pytest.mark.parametrize(("factory", "symptom"), [("hangs", "did not return within"),
                                                  ("raises", "ZeroDivisionError"),
                                                  ("garbage", "not a list of action texts"),
                                                  ("exits", "exit code 7"),
                                                  ("crashes_on_illegal", "a crash, not a refusal")])
def test_engine_faults_are_reported_per_game_and_the_check_goes_on(factory: str, symptom: str) -> None:
    code, out = run_check("--engine", f"tests.planted.engines:{factory}", "--ruleset", "mineiro-1v1-es",
                          "--games", "3", "--programs", "0", "--call-timeout", "0.2", "--seed", "1")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and out["games"] == 3, out
    assert [v["game"] for v in faults] == [0, 1, 2], "every game is reported, the check goes on"
    assert all(symptom in v["requires"] and v["field"].startswith("step ") for v in faults), faults


def test_reference_engine_passes() -> None:
    code, out = run_check("--games", "15", "--programs", "5")
    assert code == 0, out["violations"][:5]
    assert out["rulesets"] == ["mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es",
                               "argentino-1v1", "uruguayo-1v1"]


@pytest.mark.parametrize(("args", "names"), [
    (["--ruleset", "nope"], "mineiro-1v1-es"),
    (["--reading", "deck=jokers"], "forty-cards"),
    (["--reading", "no-such-key=x"], "all-rounds-tied"),
    (["--engine", "engine.adapter:nope"], "make_adapter"),
    (["--engine", "no_such_module_x:f"], "cannot import"),
    (["--engine", "nocolon"], "MODULE:FACTORY"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], names: str) -> None:
    result = CliRunner().invoke(cli, ["check", "--games", "1", *args])
    assert result.exit_code == 2, result.output
    assert names in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_jobs_give_the_same_report_as_one_process() -> None:
    """--jobs N: the same results, in the same order, and the same exit code as --jobs 1."""
    args = ["--engine", "tests.planted.engines:run_payout", "--ruleset", "mineiro-1v1-es", "--games", "24",
            "--programs", "3"]
    one = CliRunner().invoke(cli, ["check", "--json", "--jobs", "1", *args])
    three = CliRunner().invoke(cli, ["check", "--json", "--jobs", "3", *args])
    assert one.exit_code == three.exit_code == 1, one.output[-500:]
    assert json.loads(one.output) == json.loads(three.output)
    assert json.loads(one.output)["divergences"], "a run with findings: the comparison covers them"


def test_a_hang_is_stopped_and_reported_in_every_worker() -> None:
    code, out = run_check("--engine", "tests.planted.engines:hangs", "--ruleset", "mineiro-1v1-es",
                          "--games", "4", "--programs", "0", "--call-timeout", "0.2", "--jobs", "2")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and [v["game"] for v in faults] == [0, 1, 2, 3], faults
