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
import signal
import sys

import jsonschema
import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.protocol.client import EngineProcess, Refused

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
    # the readings it does not play are said in its own words, with no stack of the example (issue 39)
    why = [g["why"] for g in out["unexercised"]]
    assert why and not any("    at " in w or "stderr" in w for w in why), why[:2]


def test_the_reference_engine_served_over_the_protocol_passes() -> None:
    cmd = shlex.join([sys.executable, "-m", "truco_rules.spec.protocol.serve",
     "truco_rules.engine.adapter:make_adapter"])
    code, out = run_check("--engine-cmd", cmd, "--ruleset", "gauderio-pairs-es", "--games", "8",
                          "--programs", "0")
    assert code == 0, out["violations"][:3]


def test_the_mazo_goes_through_the_protocol_and_is_refused_where_the_ruleset_has_none() -> None:
    """ARG-9, URU-10: `mazo` is an action of the protocol as of the record format: legal and applied
    where the ruleset has the mazo (the hand's points go to the other side), refused with its clause
    where it has none; the refusal leaves the game as it was."""
    serve = [sys.executable, "-m", "truco_rules.spec.protocol.serve",
     "truco_rules.engine.adapter:make_adapter"]
    process = EngineProcess(serve)
    process.start()
    try:
        process.request({"cmd": "new_game", "ruleset": "argentino-1v1", "seed": 3, "readings": {}}, 30.0)
        assert "mazo" in process.request({"cmd": "legal"}, 30.0)["ok"]["actions"]
        assert "ok" in process.request({"cmd": "apply", "action": "mazo"}, 30.0)
        record = process.request({"cmd": "record"}, 30.0)["ok"]
        hand = record["hands"][0]
        assert hand["actions"] == [{"seat": 0, "action": "mazo"}], hand["actions"]
        # AMB-52 envido-point, argentino-1v1's default: 1 for the hand and 1 for the envido not sung
        assert (hand["result"]["winner"], hand["result"]["points"]) == (1, 2), hand["result"]
        process.request({"cmd": "new_game", "ruleset": "mineiro-1v1-es", "seed": 3, "readings": {}}, 30.0)
        before = process.request({"cmd": "legal"}, 30.0)["ok"]["actions"]
        assert "mazo" not in before
        answer = process.request({"cmd": "apply", "action": "mazo"}, 30.0)
        assert answer["refused"]["clause"] == "ARG-9", answer  # the mazo's rule, which it lacks
        assert process.request({"cmd": "legal"}, 30.0)["ok"]["actions"] == before
    finally:
        process.quit()


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
    features = {"deals", "observation", "position"}
    assert (hello.name, hello.rulesets, hello.features) == ("js-mineiro", (ES,), features)


def test_a_refusal_is_not_an_error() -> None:
    process = EngineProcess([NODE, str(EXAMPLE)])
    process.start()
    try:
        process.request({"cmd": "new_game", "ruleset": ES, "seed": 1, "readings": {}}, 5.0)
        answer = process.request({"cmd": "apply", "action": "raise 12"}, 5.0)
        assert "refused" in answer, answer
        from truco_rules.spec.protocol.client import ProtocolAdapter

        with pytest.raises(Refused):
            ProtocolAdapter(process, 5.0).apply("raise 12")
    finally:
        process.quit()


# --- broken copies of the example ------------------------------------------------------------------
LEGAL = "legal() {\n    return this.match.legal();\n  }"
NEW_GAME = "newGame(ruleset, seed, readings, options) {"
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
        source = source.replace(LEGAL, "legal() {\n    if (++globalThis.plantedCalls > 6) { "
                                + FAULTS[fault] + " }\n    return this.match.legal();\n  }")
    return write_copy(tmp_path, f"engine-{fault}.js", source)


def write_copy(folder: pathlib.Path, name: str, source: str) -> pathlib.Path:
    """A copy of the example's source in `folder`, beside the protocol helper it requires."""
    shutil.copy(EXAMPLE.parent / "truco-protocol.js", folder)
    path = folder / name
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
                          "--no-situations", "--programs", "0")  # the probes of random games find it
    faults = [v for v in out["violations"] if v["clause"] == "ENGINE"]
    assert code == 1 and faults, out
    assert all("apply: the engine answered with an error" in v["requires"] for v in faults), faults


@pytest.mark.parametrize(("args", "says"), [
    (["--engine-cmd", "no-such-engine-command-xyz"], "does not start"),
    (["--engine-cmd", ""], "--engine-cmd wants"),
    (["--engine-cmd", f"{NODE} -e 0"], "does not start"),
    (["--engine-cmd", example_cmd(), "--ruleset", "gauderio-pairs-es"], "plays only mineiro-1v1-es"),
    (["--engine-cmd", example_cmd(), "--engine", "truco_rules.engine.adapter:make_adapter"], "not both"),
])
def test_an_engine_command_that_cannot_be_used_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    result = CliRunner().invoke(cli, ["check", "--games", "1", *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1, result.output


def test_the_checker_uses_no_signals() -> None:
    """Timeouts come from deadlines and a supervisor, never from an alarm in the checker's process.
    The handlers allowed: workers leave Ctrl-C (SIGINT) to the parent, which stops them; and a
    worker ends with its engines on SIGTERM, SIGHUP or its parent's death (spec/monitor/lifeline.py)."""
    for path in (ROOT / "spec").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "setitimer" not in text and "SIGALRM" not in text and "signal.alarm" not in text, path
        handlers = re.findall(r"signal\.signal\(([^,]+),", text)
        allowed = {"signal.SIGINT"} | ({"signum"} if path.name == "lifeline.py" else set())
        assert set(handlers) <= allowed, f"{path}: a signal handler for {handlers}"
    from truco_rules.spec.monitor.lifeline import STOPS

    assert set(STOPS) == {signal.SIGTERM, signal.SIGHUP}


def test_the_schema_names_the_commands_and_arguments_the_checker_sends() -> None:
    """spec/protocol COMMANDS (what the client writes) and the schema's requests agree."""
    from truco_rules.spec.protocol import COMMANDS

    request = SCHEMA["$defs"]["request"]
    assert request["properties"]["cmd"]["enum"] == list(COMMANDS)
    for variant in request["oneOf"]:
        cmd = variant["properties"]["cmd"]["const"]
        arguments = set(variant["properties"]) - {"cmd"}
        assert arguments == set(COMMANDS[cmd]), f"{cmd}: schema {sorted(arguments)}, client {COMMANDS[cmd]}"


# --- the JavaScript protocol helper (examples/js-mineiro/truco-protocol.js) ------------------------
def converse(argv: list[str], lines: list[bytes]) -> list[dict]:
    """Every line the engine writes for these request lines, up to the end of its stdin."""
    import subprocess

    run = subprocess.run(argv, input=b"".join(line + b"\n" for line in lines), capture_output=True,
                         timeout=30, check=False)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def _req(ident: int, cmd: str, **args: object) -> bytes:
    return json.dumps({"id": ident, "cmd": cmd, **args}).encode()


NEW_ES = _req(1, "new_game", ruleset=ES, seed=3, readings={})
MALFORMED = [  # (request line, the reply's id, what its error says)
    (b"not json", None, "one JSON object"),
    (b"\xff\xfe", None, "UTF-8"),
    (b"[1, 2]", None, "a JSON object"),
    (b'{"cmd": "legal"}', None, "id"),
    (b'{"id": -1, "cmd": "legal"}', None, "id"),
    (b'{"id": 2, "cmd": "legal", "pad": "' + b"x" * (2 << 20) + b'"}', None, "at most"),
    (_req(5, "legal"), 5, "no game"),
    (_req(5, "hello", protocol=2), 5, "protocol 1"),
    (_req(5, "shuffle"), 5, "unknown command"),
    (_req(5, "new_game", ruleset=ES, seed="3", readings={}), 5, "seed"),
    (_req(5, "new_game", ruleset=ES, seed=3), 5, "readings"),
    (_req(5, "new_game", ruleset=ES, seed=3, readings={}, deals=[{"hands": [["4C"]], "muestra": None}]), 5,
     "three card names"),
    (_req(5, "new_game", ruleset=ES, seed=3, readings={}, scores=[10], dealer=0), 5,
     "not the points of side 0"),
    (_req(5, "undo"), 5, "no undo"),
]


# Short IDs: a test's ID is in the environment of the engine it starts (PYTEST_CURRENT_TEST), and
# the 2 MB line as an ID would make the environment too long to start it.
@pytest.mark.parametrize(("line", "ident", "says"), MALFORMED, ids=[says for _, _, says in MALFORMED])
def test_the_example_answers_a_malformed_request_with_an_error_and_goes_on(line: bytes, ident: int | None,
                                                                           says: str) -> None:
    """What the JavaScript helper answers for the example engine, before its game can see it."""
    reply, after = converse([NODE, str(EXAMPLE)], [line, b"", NEW_ES])
    assert reply["id"] == ident and says in reply["error"]["message"], reply
    assert after == {"id": 1, "ok": {}}, "a blank line is skipped and the next request answered"
    _validate(reply)


def test_the_example_refuses_only_in_apply_and_errors_on_a_bad_seat_or_action() -> None:
    replies = converse([NODE, str(EXAMPLE)], [NEW_ES, _req(2, "apply", action=""),
                                              _req(3, "apply", action=4), _req(4, "observation", seat=9),
                                              _req(5, "quit"), _req(6, "legal")])
    _, empty, number, seat = replies  # nothing after quit
    assert empty["refused"]["clause"] == "RND-1", empty
    assert "action is 4" in number["error"]["message"] and "seat is 9" in seat["error"]["message"], replies


TINY_JS = r"""
const { Refusal, log, serve } = require("./truco-protocol.js");
class Tiny {
  setsPosition = true;
  newGame(ruleset, seed, readings, options) { this.options = options; this.over = false; }
  toAct() { return this.over ? null : 0; }
  legal() { if (this.options.dealer === 1) throw new Refusal("X-1", "no"); return ["play 4C"]; }
  apply(action) {
    if (action === "crash") null.x;
    if (action !== "play 4C") throw new Refusal("RND-1", `${action} is not allowed`);
    console.log("debugging output"); log("played"); this.over = true;
  }
  undo() { this.over = false; }
  deal() { return this.options.scores ? "nothing" : [["4C", "7H", "3S"], ["AS", "5D", "KH"]]; }
  record() { return { format: "truco-record/1", start: this.options }; }
}
serve(new Tiny(), { name: "tiny" });
"""


def test_an_engine_written_with_the_javascript_helper(tmp_path: pathlib.Path) -> None:
    path = write_copy(tmp_path, "tiny.js", TINY_JS)
    position = _req(1, "new_game", ruleset=ES, seed=3, readings={}, scores=[10, 4], dealer=0)
    replies = converse([NODE, str(path)], [
        _req(0, "hello", protocol=1), position, _req(2, "record"), _req(3, "deal"),
        _req(4, "apply", action="x"), _req(5, "apply", action="play 4C"), _req(6, "undo"),
        _req(7, "apply", action="crash"),
        _req(8, "new_game", ruleset=ES, seed=3, readings={}, dealer=1), _req(9, "legal"), _req(10, "deal")])
    hello, new, record, bad_deal, refused, log_line, played, undone, crash, _new, legal, deal = replies
    assert hello["ok"] == {"protocol": 1, "engine": {"name": "tiny"}, "features": ["position", "undo"]}
    _validate(hello["ok"], "hello_ok")
    assert new["ok"] == {} and record["ok"]["start"] == {"scores": [10, 4], "dealer": 0}, record
    assert "deal() returned" in bad_deal["error"]["message"], bad_deal
    assert refused["refused"] == {"clause": "RND-1", "reason": "x is not allowed"}, refused
    assert log_line == {"log": "played"} and played["ok"] == {} and undone["ok"] == {}
    assert "TypeError" in crash["error"]["message"], crash
    assert "Refusal: no" in legal["error"]["message"], "a refusal outside apply is an error"
    assert deal["ok"] == {"hands": [["4C", "7H", "3S"], ["AS", "5D", "KH"]], "muestra": None}
    for reply in replies:
        if "log" not in reply:
            _validate(reply)


@pytest.mark.parametrize(("source", "says"), [
    ("serve({ newGame() {}, toAct() {} });", "no method legal, apply, deal, record"),
    ("serve(new (class { newGame() {} toAct() {} legal() {} apply() {} deal() {} record() {} })(), "
     "{ features: ['undo'] });", "feature undo announced"),
])
def test_a_javascript_engine_the_helper_cannot_serve_stops_at_once(tmp_path: pathlib.Path, source: str,
                                                                     says: str) -> None:
    """An author's mistake shows before the checker's first request, on stderr."""
    import subprocess

    path = write_copy(tmp_path, "broken.js", 'const { serve } = require("./truco-protocol.js");\n' + source)
    run = subprocess.run([NODE, str(path)], input=b"", capture_output=True, timeout=30, check=False)
    assert run.returncode != 0 and says.encode() in run.stderr and run.stdout == b"", run
