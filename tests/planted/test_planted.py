"""The checks have teeth: `truco check` fails every planted bug, under the bug's clause."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from tests.planted.engines import GAMES, PLANTED
from truco_rules.cli.main import cli


def run_check(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["check", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output.strip().splitlines()[-1])


# Planted bugs whose earliest difference may be another clause than the one PLANTED names.
# lying_senas: the engine lets every seña lie, and each seña has its own clause (SEN-1 ciego, SEN-2
# and SEN-3 the tanto ranges): the headline is the seña the engine first let a seat make falsely,
# which depends on the cards of the first game that diverges, not on the bug.
HEADLINES: dict[str, set[str]] = {"lying_senas": {"SEN-1", "SEN-2", "SEN-3"}}


@pytest.mark.parametrize("engine", sorted(PLANTED, key=lambda f: f.__name__), ids=lambda f: f.__name__)
def test_planted_bug_is_caught_under_its_clause_as_the_headline(engine: Callable[[], object]) -> None:
    """The planted clause is violated, and it is the cause: the first group's clause and the
    first violation listed, with what follows from it grouped under it."""
    ruleset, clause = PLANTED[engine]
    factory = engine.__name__
    code, out = run_check("--engine", f"tests.planted.engines:{factory}", "--ruleset", ruleset,
                          "--games", str(GAMES.get(factory, 40)), "--programs", "0")
    violated = {c for c, n in out["clauses"].items() if n["violated"]}
    assert code == 1, f"[{clause}] planted bug {factory} not caught"
    assert clause in violated, f"[{clause}] planted bug {factory} reported as {sorted(violated)}"
    heads = [(g["clause"], g["category"]) for g in out["divergences"]]
    want = HEADLINES.get(factory, {clause})
    assert heads[0][0] in want, f"[{clause}] planted bug {factory} headlined as {heads}"
    first = out["violations"][0]
    assert first["clause"] in want, f"[{clause}] planted bug {factory}: first violation {first}"


@pytest.mark.parametrize(("factory", "ruleset", "clause", "not_"), [
    ("pieza_order", "uruguayo-1v1", "URU-3", "AMB-14"),
    ("flor_to_every_opponent", "gauderio-pairs-es", "FLR-4", "ORD-2"),
])
def test_a_seat_to_act_that_differs_is_headlined_by_its_cause(factory: str, ruleset: str, clause: str,
                                                              not_: str) -> None:
    """A wrong pieza order makes the wrong seat lead the next round, and a flor sent to opponents
    without flor makes one of them act: the headline is the card rule, and the rule of who answers
    the flor, not the turn order that follows (in the text output and in --json)."""
    args = ["check", "--engine", f"tests.planted.engines:{factory}", "--ruleset", ruleset, "--games", "40",
            "--programs", "0"]
    text = CliRunner().invoke(cli, args)
    assert text.exit_code == 1, text.output
    lines = text.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "distinct divergences" in line)
    assert lines[at + 1].startswith(f"[{clause}]"), lines[at:at + 4]
    code, out = run_check(*args[1:])
    assert code == 1 and out["divergences"][0]["clause"] == clause, out["divergences"][:2]
    assert out["violations"][0]["clause"] == clause, out["violations"][:2]
    assert not_ not in {g["clause"] for g in out["divergences"]}, f"{not_} is a consequence of {clause}"


@pytest.mark.clause("BET-10")
def test_hypothesis_programs_alone_catch_a_planted_bug_and_shrink_it() -> None:
    code, out = run_check("--engine", "tests.planted.engines:raise_twice", "--ruleset", "gauderio-pairs-es",
                          "--games", "0", "--programs", "30", "--no-situations")
    assert code == 1 and out["clauses"]["BET-10"]["violated"], "[BET-10] " + json.dumps(out)[:500]
    (program,) = [v for v in out["violations"] if v["field"] == "program"]
    assert program["clause"] == "BET-10" and "shrunk" in program["requires"], program


@pytest.mark.parametrize(("factory", "ruleset", "clause"), [("pieza_order", "uruguayo-1v1", "URU-3"),
                                                       ("manilha_order", "mineiro-1v1-es", "CARD-2")])
def test_a_shrunk_program_is_headlined_by_the_card_order_not_the_next_leader(factory: str, ruleset: str,
                                                                            clause: str) -> None:
    """A program stops where the seat to act differs; the engine then ends that hand alone, and its
    record shows the round it decided by another order of the cards: the cause, before AMB-14."""
    # 80 programs: since uruguayo-1v1 plays to 40 by default (AMB-33), 40 programs reach no round
    # that the reversed piezas decide.
    code, out = run_check("--engine", f"tests.planted.engines:{factory}", "--ruleset", ruleset,
                          "--games", "0", "--programs", "80", "--no-situations")
    heads = [(g["clause"], g["category"]) for g in out["divergences"]]
    assert code == 1 and heads and heads[0][0] == clause, heads
    assert "shrunk" in out["violations"][0]["requires"] and out["violations"][0]["clause"] == clause


@pytest.mark.parametrize(("factory", "symptom"), [("hangs", "did not return within"),
                                                  ("raises", "ZeroDivisionError"),
                                                  ("garbage", "not a list of action texts"),
                                                  ("exits", "exit code 7"),
                                                  ("crashes_on_illegal", "a crash, not a refusal")])
def test_engine_faults_are_reported_per_game_and_the_check_goes_on(factory: str, symptom: str) -> None:
    code, out = run_check("--engine", f"tests.planted.engines:{factory}", "--ruleset", "mineiro-1v1-es",
                          "--games", "3", "--programs", "0", "--call-timeout", "0.2", "--seed", "1",
                          "--no-situations")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and out["games"] == 3, out
    assert [v["game"] for v in faults] == [0, 1, 2], "every game is reported, the check goes on"
    assert all(symptom in v["requires"] and v["field"].startswith("step ") for v in faults), faults


def test_reference_engine_passes() -> None:
    code, out = run_check("--games", "15", "--programs", "5")
    assert code == 0, out["violations"][:5]
    assert out["rulesets"] == ["mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es",
                               "argentino-1v1", "paulista-1v1", "paulista-pairs", "uruguayo-1v1"]


@pytest.mark.parametrize(("args", "names"), [
    (["--ruleset", "nope"], "mineiro-1v1-es"),
    (["--reading", "deck=jokers"], "forty-cards"),
    (["--reading", "no-such-key=x"], "the nearest: "),
    (["--engine", "truco_rules.engine.adapter:nope"], "make_adapter"),
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
                          "--games", "4", "--programs", "0", "--call-timeout", "0.2", "--jobs", "2",
                          "--no-situations")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and [v["game"] for v in faults] == [0, 1, 2, 3], faults
