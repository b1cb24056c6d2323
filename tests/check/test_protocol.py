"""Engines in any language: the engine protocol, its JSON Schema, and the JavaScript example engine.

The example engine (examples/js-mineiro) passes `truco check --engine-cmd` with no violation.
Broken copies of it, made here from its source (a hang, a crash, a garbage line, an error answer
instead of a refusal), are each reported as an engine fault with game and step, and the check
goes on with the next game.
"""

from __future__ import annotations

import json
import pathlib
import re
import shlex
import shutil
import sys

import jsonschema
import pytest
from click.testing import CliRunner

from spec.protocol.client import EngineProcess, Refused
from truco_cli.main import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "js-mineiro" / "engine.js"
SCHEMA = json.loads((ROOT / "spec" / "schemas" / "engine-protocol.schema.json").read_text())
NODE = shutil.which("node") or "node"  # CI has Node 20; without it these tests fail, they do not skip
ES = "mineiro-1v1-es"


def run_check(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["check", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.output.strip().splitlines()[-1])


def example_cmd(path: pathlib.Path = EXAMPLE) -> str:
    return shlex.join([NODE, str(path)])


def test_the_javascript_example_passes_through_the_protocol() -> None:
    code, out = run_check("--engine-cmd", example_cmd(), "--ruleset", ES, "--games", "40", "--programs", "5")
    assert code == 0 and not out["violations"], out["violations"][:3]
    assert out["games"] == 40 and out["refusals"] > 0 and out["views"] > 0, out
    assert out["engine"].startswith("js-mineiro"), out["engine"]


def test_the_reference_engine_served_over_the_protocol_passes() -> None:
    cmd = shlex.join([sys.executable, "-m", "spec.protocol.serve", "engine.adapter:make_adapter"])
    code, out = run_check("--engine-cmd", cmd, "--ruleset", "gauderio-pairs-es", "--games", "8",
                          "--programs", "0")
    assert code == 0, out["violations"][:3]


def _validate(line: dict, definition: str | None = None) -> None:
    schema = SCHEMA if definition is None else {**SCHEMA, "$ref": f"#/$defs/{definition}"}
    if definition is not None:
        schema.pop("oneOf")
    jsonschema.validate(line, schema, cls=jsonschema.Draft202012Validator)


def test_a_session_with_the_example_follows_the_schema() -> None:
    """Every request the checker writes and every reply the engine gives is valid for the schema."""
    sent: list[dict] = []
    replies: list[dict] = []
    process = EngineProcess([NODE, str(EXAMPLE)])
    write, check = process._write, process._check

    def spy_write(message: dict) -> None:
        sent.append(dict(message))
        write(message)

    def spy_check(cmd: str, ident: int, answer: dict, line: bytes) -> dict:
        replies.append(answer)
        return check(cmd, ident, answer, line)

    process._write = spy_write  # type: ignore[method-assign]
    process._check = spy_check  # type: ignore[method-assign]
    process.start()
    try:
        deal = {"hands": [["4C", "7H", "3S"], ["AS", "5D", "KH"]], "muestra": None}
        for request in ({"cmd": "new_game", "ruleset": ES, "seed": 5, "readings": {}, "deals": [deal]},
                        {"cmd": "to_act"}, {"cmd": "legal"}, {"cmd": "apply", "action": "raise 4"},
                        {"cmd": "apply", "action": "play 4C"}, {"cmd": "deal"},
                        {"cmd": "observation", "seat": 1}, {"cmd": "apply", "action": "accept"},
                        {"cmd": "record"}):
            process.request(request, 5.0)
    finally:
        process.quit()
    for message in sent:
        _validate(message)
    hello, _new, to_act, legal, _raise, refused, dealt, obs, _accept, record = replies
    for reply in replies:
        _validate(reply)
    _validate(hello["ok"], "hello_ok")
    _validate(to_act["ok"], "to_act_ok")
    _validate(legal["ok"], "legal_ok")
    _validate(dealt["ok"], "deal")
    assert dealt["ok"] == deal, "the stacked deal is dealt"
    assert "refused" in refused and refused["refused"]["clause"] == "BET-2", refused
    assert record["ok"]["format"] == "truco-record/1" and record["ok"]["result"] is None
    seen = json.dumps(obs["ok"])
    assert "4C" not in seen and "3S" not in seen, "[DEAL-1] seat 1 sees seat 0's hand"


def test_the_hello_reply_follows_the_schema() -> None:
    process = EngineProcess([NODE, str(EXAMPLE)])
    hello = process.start()
    process.quit()
    assert (hello.name, hello.rulesets, hello.features) == ("js-mineiro", (ES,), {"deals", "observation"})


def test_a_refusal_is_not_an_error() -> None:
    process = EngineProcess([NODE, str(EXAMPLE)])
    process.start()
    try:
        process.request({"cmd": "new_game", "ruleset": ES, "seed": 1, "readings": {}}, 5.0)
        answer = process.request({"cmd": "apply", "action": "raise 12"}, 5.0)
        assert "refused" in answer, answer
        from spec.protocol.client import ProtocolAdapter

        with pytest.raises(Refused):
            ProtocolAdapter(process, 5.0).apply("raise 12")
    finally:
        process.quit()


# --- broken copies of the example ------------------------------------------------------------------
LEGAL = 'case "legal":\n      return { ok: { actions: game().legal() } };'
NEW_GAME = 'case "new_game": {'
REFUSE = "if (!this.legal().includes(action)) throw this.refusal(action);"
FAULTS = {
    # after a few steps of each game, answering `legal` ...
    "hang": "for (;;) {}",  # ... never comes back
    "crash": "process.exit(3);",  # ... the engine exits
    "garbage": 'process.stdout.write("legal actions: play 4C\\n");',  # ... a line that is not JSON
}


def planted_copy(tmp_path: pathlib.Path, fault: str) -> pathlib.Path:
    source = EXAMPLE.read_text(encoding="utf-8")
    assert LEGAL in source and NEW_GAME in source and REFUSE in source, "the example changed: update here"
    if fault == "error-refusal":  # an illegal action gets an error answer, not a refusal
        source = source.replace(REFUSE, 'if (!this.legal().includes(action)) throw new Error("no");')
    else:
        source = source.replace(NEW_GAME, NEW_GAME + "\n      globalThis.plantedCalls = 0;")
        source = source.replace(LEGAL, 'case "legal":\n      if (++globalThis.plantedCalls > 6) { '
                                + FAULTS[fault] + " }\n      return { ok: { actions: game().legal() } };")
    path = tmp_path / f"engine-{fault}.js"
    path.write_text(source, encoding="utf-8")
    return path


@pytest.mark.parametrize(("fault", "symptom"), [("hang", "did not return within 0.5 s"),
                                                ("crash", "exited (exit code 3)"),
                                                ("garbage", "garbage")])
def test_a_planted_fault_in_a_copy_of_the_example_is_reported_and_the_check_goes_on(
        tmp_path: pathlib.Path, fault: str, symptom: str) -> None:
    path = planted_copy(tmp_path, fault)
    code, out = run_check("--engine-cmd", example_cmd(path), "--ruleset", ES, "--games", "3",
                          "--programs", "0", "--call-timeout", "0.5", "--no-situations")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and out["games"] == 3, out
    assert [v["game"] for v in faults] == [0, 1, 2], f"every game is reported, the check goes on: {faults}"
    assert all(symptom in v["requires"] and v["field"].startswith("step ") for v in faults), faults


def test_an_error_answer_to_an_illegal_action_is_a_fault_not_a_refusal(tmp_path: pathlib.Path) -> None:
    path = planted_copy(tmp_path, "error-refusal")
    code, out = run_check("--engine-cmd", example_cmd(path), "--ruleset", ES, "--games", "4",
                          "--programs", "0")
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and faults, out
    assert all("apply: the engine answered with an error" in v["requires"] for v in faults), faults


@pytest.mark.parametrize(("args", "says"), [
    (["--engine-cmd", "no-such-engine-command-xyz"], "does not start"),
    (["--engine-cmd", ""], "--engine-cmd wants"),
    (["--engine-cmd", f"{NODE} -e 0"], "does not start"),
    (["--engine-cmd", example_cmd(), "--ruleset", "gauderio-pairs-es"], "plays only mineiro-1v1-es"),
    (["--engine-cmd", example_cmd(), "--engine", "engine.adapter:make_adapter"], "not both"),
])
def test_an_engine_command_that_cannot_be_used_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    result = CliRunner().invoke(cli, ["check", "--games", "1", *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_the_checker_uses_no_signals() -> None:
    """Timeouts come from deadlines and a supervisor, never from an alarm in the checker's process.
    The one handler allowed: workers leave Ctrl-C (SIGINT) to the parent, which stops them."""
    for path in (ROOT / "spec").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "setitimer" not in text and "SIGALRM" not in text and "signal.alarm" not in text, path
        handlers = re.findall(r"signal\.signal\(([^,]+),", text)
        assert set(handlers) <= {"signal.SIGINT"}, f"{path}: a signal handler for {handlers}"


def test_the_schema_names_the_commands_and_arguments_the_checker_sends() -> None:
    """spec/protocol COMMANDS (what the client writes) and the schema's requests agree."""
    from spec.protocol import COMMANDS

    request = SCHEMA["$defs"]["request"]
    assert request["properties"]["cmd"]["enum"] == list(COMMANDS)
    for variant in request["oneOf"]:
        cmd = variant["properties"]["cmd"]["const"]
        arguments = set(variant["properties"]) - {"cmd"}
        assert arguments == set(COMMANDS[cmd]), f"{cmd}: schema {sorted(arguments)}, client {COMMANDS[cmd]}"
