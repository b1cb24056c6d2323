"""The engine protocol's readings in hello, and the projection of the features "seats" and "steps".

The test engine (tests/check/multiseat_engine.py, a process spoken to over the real protocol)
lists two seats to act, has engine-only steps it needs and one it does not, an extra action that
is an error to apply, and plays a reading of its own that it announces. It passes; its variants
with a planted bug (a wrong seat, an endless step, no announcement) do not.
"""

from __future__ import annotations

import json
import pathlib
import shlex
import sys
from typing import Any, ClassVar

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.monitor.engine_calls import EngineFault
from truco_rules.spec.protocol.client import ALL_RULESETS, MAX_AUTO_STEPS, parse_hello
from truco_rules.spec.protocol.serve import Server

ENGINE = pathlib.Path(__file__).resolve().parent / "multiseat_engine.py"
ES = "mineiro-1v1-es"
OWN = {"hand-length": "always-three-rounds"}  # the reading the test engine plays


def engine_cmd(bug: str = "") -> str:
    return shlex.join([sys.executable, str(ENGINE), *([bug] if bug else [])])


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["check", "--json", "--jobs", "1", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output.strip().splitlines()[-1])


def test_two_seats_engine_steps_an_extra_action_and_an_announced_reading_pass() -> None:
    code, out = check_json("--engine-cmd", engine_cmd(), "--ruleset", ES, "--games", "6", "--programs", "1")
    assert code == 0 and not out["violations"], out["violations"][:3]
    assert out["situations"] > 0 and out["games"] == 6, out
    assert out["readings"] == {ES: OWN} and out["announced_readings"] == {ES: OWN}, out


def test_the_text_output_says_which_readings_the_engine_announced() -> None:
    result = CliRunner().invoke(cli, ["check", "--engine-cmd", engine_cmd(), "--ruleset", ES, "--games", "1",
                                      "--programs", "0", "--no-situations", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "readings the engine announces: mineiro-1v1-es: hand-length=always-three-rounds" in result.output


def test_without_the_announcement_the_same_engine_diverges() -> None:
    """The negative control: the pass above rests on the checker reading the hello's readings."""
    code, out = check_json("--engine-cmd", engine_cmd("silent"), "--ruleset", ES, "--games", "6",
                           "--programs", "0", "--no-situations")
    assert code == 1 and out["divergences"], out
    assert out["readings"] == {ES: {}}, out


def test_a_wrong_seat_behind_the_projection_is_caught_with_the_answer_clause() -> None:
    """The planted bug: while a raise waits, the engine lists only the caller to act. The spec's
    seat is not among those listed, so the projection passes on the engine's seat and the
    checker names who answers a call (BET-2)."""
    code, out = check_json("--engine-cmd", engine_cmd("wrong-seat"), "--ruleset", ES, "--games", "6",
                           "--programs", "0", "--no-situations")
    assert code == 1
    first = out["divergences"][0]
    assert (first["clause"], first["category"]) == ("BET-2", "actor"), first
    assert {g["clause"] for g in out["divergences"]} == {"BET-2"}, out["divergences"]


def test_engine_only_steps_without_end_are_an_engine_fault() -> None:
    code, out = check_json("--engine-cmd", engine_cmd("endless"), "--ruleset", ES, "--games", "2",
                           "--programs", "0", "--no-situations")
    assert code == 1
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert faults and f"after {MAX_AUTO_STEPS} of them" in faults[0]["requires"], out["violations"][:2]


def test_a_reading_that_contradicts_the_announced_one_is_one_line_and_exit_2() -> None:
    result = CliRunner().invoke(cli, ["check", "--engine-cmd", engine_cmd(), "--ruleset", ES,
                                      "--reading", "hand-length=ends-when-decided", "--games", "1"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "contradicts the engine's announced reading" in lines[0], result.output
    assert "Traceback" not in result.output


def test_a_reading_that_agrees_with_the_announced_one_is_accepted() -> None:
    code, out = check_json("--engine-cmd", engine_cmd(), "--ruleset", ES, "--reading",
                           "hand-length=always-three-rounds", "--games", "1", "--programs", "0",
                           "--no-situations")
    assert code == 0 and out["readings"] == {ES: OWN}, out


def test_perft_checks_the_engine_against_its_announced_readings() -> None:
    result = CliRunner().invoke(cli, ["check", "--perft", "--engine-cmd", engine_cmd()])
    assert result.exit_code == 0, result.output
    assert "hand-length=always-three-rounds, counted by the spec" in result.output, result.output
    silent = CliRunner().invoke(cli, ["check", "--perft", "--engine-cmd", engine_cmd("silent")])
    assert silent.exit_code == 1 and "DIFFERS" in silent.output, silent.output  # the tables' readings


def test_the_test_engines_hello_and_seats_follow_the_schema() -> None:
    import jsonschema

    from truco_rules.spec.protocol.client import EngineProcess

    schema = json.loads((ENGINE.parents[2] / "spec/schemas/engine-protocol.schema.json").read_text())
    schema.pop("oneOf")
    process = EngineProcess([sys.executable, str(ENGINE)])
    process.start()
    try:
        hello = process.request({"cmd": "hello", "protocol": 1}, 20.0)["ok"]
        process.request({"cmd": "new_game", "ruleset": ES, "seed": 1, "readings": {}}, 20.0)
        to_act = process.request({"cmd": "to_act"}, 5.0)["ok"]
    finally:
        process.quit()
    for value, definition in ((hello, "hello_ok"), (to_act, "to_act_ok")):
        jsonschema.validate(value, {**schema, "$ref": f"#/$defs/{definition}"},
                            cls=jsonschema.Draft202012Validator)
    assert len(to_act["seats"]) == 2


def test_undo_takes_back_an_action_and_the_steps_applied_after_it() -> None:
    """Through a hand's end: the client applied "confirm" after the last action; one undo takes
    both back, and the engine is where it was before that action."""
    from truco_rules.spec.protocol.client import EngineProcess, ProtocolAdapter

    process = EngineProcess([sys.executable, str(ENGINE)])
    process.start()
    try:
        a = ProtocolAdapter(process, 5.0)
        a.new_game(ES, 1, {})
        seen = []
        while len(a.record()["hands"]) == 0:  # play the first hand with its first cards
            seen.append((a.to_act(), sorted(a.legal_actions()), a.deal()))
            a.apply(sorted(x for x in a.legal_actions() if x.startswith("play "))[0])
        assert a.to_act() is not None and len(a.record()["hands"]) == 1  # confirmed: the next hand is on
        for before in reversed(seen):
            a.undo()
            assert (a.to_act(), sorted(a.legal_actions()), a.deal()) == before
        assert a.record()["hands"] == []
    finally:
        process.quit()


# --- the hello's new keys -------------------------------------------------------------------------
def hello(**ok: Any) -> dict[str, Any]:
    return {"ok": {"protocol": 1, "engine": {"name": "x"}, **ok}}


def test_readings_in_hello_are_per_ruleset_or_flat() -> None:
    per = parse_hello(hello(readings={ES: OWN}))
    assert per.readings_of(ES) == OWN and per.readings_of("uruguayo-1v1") == {}
    flat = parse_hello(hello(readings=OWN))
    assert flat.readings == {ALL_RULESETS: OWN} and flat.readings_of("uruguayo-1v1") == OWN
    assert parse_hello(hello()).readings == {}


@pytest.mark.parametrize("bad", [
    {"readings": {ES: OWN, "hand-length": "x"}},  # flat and per ruleset mixed
    {"readings": ["hand-length"]},
    {"readings": {ES: {"k": "v" * 65}}},
    {"readings": {f"k{i}": "v" for i in range(65)}},
    {"engine_steps": "say "},
    {"engine_steps": [""]},
    {"extra_actions": ["mazo\u001b[31m"]},
    {"extra_actions": ["m"] * 65},
])
def test_a_hello_with_malformed_readings_or_prefixes_is_a_fault(bad: dict[str, Any]) -> None:
    with pytest.raises(EngineFault) as caught:
        parse_hello(hello(**bad))
    assert caught.value.category == "hello: garbage" and len(str(caught.value)) < 300


def test_a_flat_announcement_skips_the_keys_a_ruleset_lacks_but_per_ruleset_it_is_an_error() -> None:
    from truco_rules.cli.check_cmds import checked_readings
    from truco_rules.spec.protocol.client import EngineCommand

    gauderio_key = {"hand-length": "always-three-rounds", "flor-answer": "x"}
    flat = EngineCommand("x", announced={ALL_RULESETS: {"hand-length": "always-three-rounds"}})
    assert checked_readings(flat, [ES], ())[0] == {ES: OWN}
    per = EngineCommand("x", announced={ES: gauderio_key})
    result = CliRunner().invoke(_probe(per), [])
    assert result.exit_code == 2 and "has no such key" in result.output, result.output


def _probe(factory: Any) -> Any:
    import click

    from truco_rules.cli.check_cmds import checked_readings

    @click.command()
    def probe() -> None:
        checked_readings(factory, [ES], ())

    return probe


def test_serve_announces_the_adapters_readings() -> None:
    from truco_rules.engine.adapter import ReferenceAdapter

    class Announcing(ReferenceAdapter):
        readings: ClassVar[dict[str, dict[str, str]]] = {ES: OWN}

    hello = {"id": 1, "cmd": "hello", "protocol": 1}
    assert Server(Announcing, "a").answer(hello)["ok"]["readings"] == {ES: OWN}
    assert "readings" not in Server(ReferenceAdapter, "b").answer(hello)["ok"]
