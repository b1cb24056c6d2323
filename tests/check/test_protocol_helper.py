"""The engine authors' Python helper (truco_rules.protocol): an engine written with it passes the real
checker, and every request that does not follow the protocol gets an error reply, never a crash
or silence."""

from __future__ import annotations

import ast
import io
import json
import pathlib
import shlex
import sys
from collections.abc import Mapping
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.protocol import engine_side
from truco_rules.protocol.engine_side import MAX_LINE, Refusal, Session, log, serve
from truco_rules.spec import protocol as spec_protocol

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "py-reference" / "reference_engine.py"
SCHEMA = json.loads((ROOT / "spec" / "schemas" / "engine-protocol.schema.json").read_text())
ES = "mineiro-1v1-es"


def test_an_engine_written_with_the_helper_passes_the_checker() -> None:
    cmd = shlex.join([sys.executable, str(EXAMPLE)])
    result = CliRunner().invoke(cli, ["check", "--json", "--engine-cmd", cmd, "--ruleset", ES,
                                      "--games", "50", "--programs", "5"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output.strip().splitlines()[-1])
    assert not out["violations"] and out["games"] == 50 and out["refusals"] > 0 and out["views"] > 0, out
    assert out["engine"].startswith("reference-with-helper"), out["engine"]


def test_the_muestra_of_a_served_adapter_reaches_the_checker() -> None:
    """truco_rules.spec.protocol.serve on the helper: the reference adapter gives its deal as hands, and its
    muestra by muestra(); over the protocol the deal object must carry both."""
    cmd = shlex.join([sys.executable, "-m", "truco_rules.spec.protocol.serve",
     "truco_rules.engine.adapter:make_adapter"])
    result = CliRunner().invoke(cli, ["check", "--json", "--engine-cmd", cmd, "--ruleset", "uruguayo-1v1",
                                      "--games", "6", "--programs", "0", "--no-situations"])
    assert result.exit_code == 0, result.output


def test_the_helper_speaks_the_checkers_protocol_version_commands_and_features() -> None:
    assert engine_side.PROTOCOL_VERSION == spec_protocol.PROTOCOL_VERSION
    assert tuple(spec_protocol.COMMANDS) == engine_side.COMMANDS
    assert engine_side.FEATURES == spec_protocol.FEATURES


def test_the_helper_needs_nothing_but_the_standard_library() -> None:
    """So that an engine's repository can copy engine_side.py alone."""
    tree = ast.parse((ROOT / "truco_rules" / "protocol" / "engine_side.py").read_text(encoding="utf-8"))
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert names - {"__future__"} <= sys.stdlib_module_names, names - sys.stdlib_module_names


# --- a toy engine, driven in process -----------------------------------------------------------------
class Toy:
    """Two seats; seat 0 may play 4C, which ends the match. Anything else is refused."""

    def __init__(self) -> None:
        self.over = False

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: list[dict[str, Any]] | None = None) -> None:
        if ruleset != ES:
            raise ValueError(f"plays only {ES}")
        self.over, self.deals = False, deals

    def to_act(self) -> int | None:
        return None if self.over else 0

    def legal(self) -> list[str]:
        return [] if self.over else ["play 4C"]

    def apply(self, action: str) -> None:
        if action == "crash":
            raise KeyError("a bug")
        if action != "play 4C" or self.over:
            raise Refusal("RND-1", f"{action!r} is not allowed")
        print("debugging output of the engine")  # must not reach the protocol's stdout
        log("played")
        self.over = True

    def deal(self) -> list[list[str]]:
        return [["4C", "7H", "3S"], ["AS", "5D", "KH"]]

    def record(self) -> dict[str, Any]:
        return {"format": "truco-record/1"}


def talk(engine: object, *lines: str | bytes, **hello: Any) -> list[dict[str, Any]]:
    """Every line the helper writes for these request lines, parsed."""
    data = b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines)
    out = io.BytesIO()
    serve(engine, stdin=io.BytesIO(data), stdout=out, **hello)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def req(ident: int, cmd: str, **args: Any) -> str:
    return json.dumps({"id": ident, "cmd": cmd, **args})


NEW = req(1, "new_game", ruleset=ES, seed=3, readings={})


def _valid_reply(line: dict[str, Any]) -> None:
    schema = {**SCHEMA, "$ref": "#/$defs/reply"}
    schema.pop("oneOf")
    if "log" not in line:
        jsonschema.validate(line, schema, cls=jsonschema.Draft202012Validator)


def test_a_game_with_the_toy_engine() -> None:
    replies = talk(Toy(), req(0, "hello", protocol=1), NEW, req(2, "legal"),
                   req(3, "apply", action="raise 4"), req(4, "apply", action="play 4C"), req(5, "to_act"),
                   req(6, "deal"), req(7, "record"), req(8, "quit"), req(9, "legal"))
    for line in replies:
        _valid_reply(line)
    hello, new, legal, refused, log_line, applied, to_act, deal, record = replies  # nothing after quit
    assert hello["ok"] == {"protocol": 1, "engine": {"name": "Toy"}, "features": ["deals"]}
    assert new == {"id": 1, "ok": {}} and legal["ok"] == {"actions": ["play 4C"]}
    assert refused == {"id": 3, "refused": {"clause": "RND-1", "reason": "'raise 4' is not allowed"}}
    assert log_line == {"log": "played"} and applied == {"id": 4, "ok": {}}
    assert to_act["ok"] == {"seat": None} and record["ok"] == {"format": "truco-record/1"}
    assert deal["ok"] == {"hands": [["4C", "7H", "3S"], ["AS", "5D", "KH"]], "muestra": None}


def test_print_in_the_engine_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    replies = talk(Toy(), NEW, req(2, "apply", action="play 4C"))
    assert [r.get("id") for r in replies] == [1, None, 2]  # the log line, then the reply
    assert "debugging output of the engine" in capsys.readouterr().err


def test_the_hello_says_what_the_author_gives_and_what_the_methods_show() -> None:
    class Full(Toy):
        def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],  # type: ignore[override]
                     deals: list[dict[str, Any]] | None = None, scores: list[int] | None = None,
                     dealer: int | None = None) -> None:
            super().new_game(ruleset, seed, readings, deals)

        def observation(self, seat: int) -> dict[str, Any]:
            return {"seat": seat}

        def undo(self) -> None:
            self.over = False

    (hello,) = talk(Full(), req(0, "hello", protocol=1), name="full", version="2", rulesets=[ES])
    assert hello["ok"] == {"protocol": 1, "engine": {"name": "full", "version": "2"}, "rulesets": [ES],
                           "features": ["deals", "observation", "position", "undo"]}
    jsonschema.validate(hello["ok"], {**SCHEMA, "$ref": "#/$defs/hello_ok", "oneOf": [{}]})
    assert [r["ok"] for r in talk(Full(), NEW, req(2, "observation", seat=1), req(3, "undo"))] == [
        {}, {"seat": 1}, {}]


@pytest.mark.parametrize(("line", "says"), [
    (b"not json", "one JSON object"),
    (b"\xff\xfe", "one JSON object"),
    (b"[1, 2]", "a JSON object"),
    (b'{"cmd": "legal"}', "id"),
    (b'{"id": -1, "cmd": "legal"}', "id"),
    (b'{"id": true, "cmd": "legal"}', "id"),
    (b'{"id": NaN, "cmd": "legal"}', "one JSON object"),
    (b"[" * 100_000 + b"]" * 100_000, "one JSON object"),
])
def test_a_line_that_is_no_request_gets_an_error_without_id(line: bytes, says: str) -> None:
    reply, after = talk(Toy(), line, NEW)
    assert reply["id"] is None and says in reply["error"]["message"], reply
    assert after == {"id": 1, "ok": {}}, "the next request is answered"
    _valid_reply(reply)


@pytest.mark.parametrize(("request_line", "says"), [
    (req(5, "hello", protocol=2), "protocol 1"),
    (req(5, "shuffle"), "unknown command"),
    (req(5, "legal"), "no game"),
    (req(5, "new_game", ruleset=ES, seed="3", readings={}), "seed"),
    (req(5, "new_game", ruleset=ES, seed=True, readings={}), "seed"),
    (req(5, "new_game", ruleset=ES, seed=3), "readings"),
    (req(5, "new_game", ruleset=ES, seed=3, readings={"deck": 1}), "readings"),
    (req(5, "new_game", ruleset="", seed=3, readings={}), "ruleset"),
    (req(5, "new_game", ruleset="gauderio-pairs-es", seed=3, readings={}), "ValueError: plays only"),
    (req(5, "new_game", ruleset=ES, seed=3, readings={}, deals=[{"hands": [["4C"]], "muestra": None}]),
     "three card names"),
    (req(5, "new_game", ruleset=ES, seed=3, readings={}, deals=[["4C"]]), "a deal is an object"),
    (req(5, "new_game", ruleset=ES, seed=3, readings={}, scores=[10, 0], dealer=0), "feature position"),
    (req(5, "observation", seat=0), "no observation"),
    (req(5, "undo"), "no undo"),
])
def test_a_request_that_does_not_follow_the_protocol_gets_an_error_with_its_id(request_line: str,
                                                                               says: str) -> None:
    (reply,) = talk(Toy(), request_line)
    assert reply["id"] == 5 and says in reply["error"]["message"], reply
    _valid_reply(reply)


@pytest.mark.parametrize(("request_line", "says"), [
    (req(5, "apply"), "action is None"),
    (req(5, "apply", action=4), "action is 4"),
    (req(5, "apply", action="crash"), "KeyError: 'a bug'"),
])
def test_a_bad_apply_or_an_engine_bug_is_an_error_not_a_refusal(request_line: str, says: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    _, reply = talk(Toy(), NEW, request_line)
    assert reply["id"] == 5 and says in reply["error"]["message"], reply
    if "crash" in request_line:
        assert "Traceback" in capsys.readouterr().err, "the traceback goes to stderr"


def test_malformed_action_texts_reach_the_engine_and_are_refused() -> None:
    """The checker tries malformed actions on purpose: the engine refuses them, not the helper."""
    for action in ("", "raise 5", "x" * 100):
        _, reply = talk(Toy(), NEW, req(2, "apply", action=action))
        assert "refused" in reply, reply


class Wrong(Toy):
    """Replies of the wrong type, one per command."""

    def to_act(self) -> Any:
        return "0"

    def legal(self) -> Any:
        return "play 4C"

    def deal(self) -> Any:
        return [["4C"]]

    def record(self) -> Any:
        return {"hands": {1, 2}}  # a set is no JSON


@pytest.mark.parametrize(("cmd", "says"), [("to_act", "to_act() returned '0'"),
                                           ("legal", "legal() returned 'play 4C'"),
                                           ("deal", "deal() returned"),
                                           ("record", "not JSON")])
def test_a_reply_of_the_wrong_type_is_an_error_that_names_the_method(cmd: str, says: str) -> None:
    _, reply = talk(Wrong(), NEW, req(2, cmd))
    assert reply["id"] == 2 and says in reply["error"]["message"], reply


def test_a_refusal_outside_apply_is_an_error() -> None:
    class RefusesLegal(Toy):
        def legal(self) -> list[str]:
            raise Refusal("RND-1", "no")

    _, reply = talk(RefusesLegal(), NEW, req(2, "legal"))
    assert "Refusal" in reply["error"]["message"], reply


def test_an_engines_own_exception_can_mean_refused() -> None:
    class Illegal(Exception):
        clause = "BET-10"

    class OwnErrors(Toy):
        def apply(self, action: str) -> None:
            raise Illegal("the same side called last")

    _, reply = talk(OwnErrors(), NEW, req(2, "apply", action="raise 4"), refusals=(Illegal,))
    assert reply["refused"] == {"clause": "BET-10", "reason": "the same side called last"}, reply


def test_a_failed_new_game_leaves_no_game() -> None:
    replies = talk(Toy(), NEW, req(2, "new_game", ruleset="other", seed=1, readings={}), req(3, "legal"))
    assert "error" in replies[1] and "no game" in replies[2]["error"]["message"], replies


def test_a_line_longer_than_the_bound_is_refused_and_the_next_one_answered() -> None:
    long_line = b'{"id": 4, "cmd": "legal", "pad": "' + b"x" * (3 * MAX_LINE) + b'"}'
    too_long, after = talk(Toy(), long_line, NEW)
    assert too_long["id"] is None and "at most" in too_long["error"]["message"], too_long
    assert after == {"id": 1, "ok": {}}


def test_blank_lines_are_skipped_and_the_end_of_stdin_ends_the_session() -> None:
    assert talk(Toy(), "", "   ", NEW) == [{"id": 1, "ok": {}}]


def test_an_engine_without_a_required_method_is_refused_at_once() -> None:
    class NoRecord:
        def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str]) -> None: ...

    with pytest.raises(TypeError, match="to_act, legal, apply, deal, record"):
        Session(NoRecord())
    with pytest.raises(TypeError, match="no undo"):
        Session(Toy(), features=["undo"])
    with pytest.raises(ValueError, match="unknown features"):
        Session(Toy(), features=["push"])


def test_log_outside_serve_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    log("hello")
    captured = capsys.readouterr()
    assert captured.out == "" and "hello" in captured.err


def test_hello_may_name_the_earlier_edition_it_plays() -> None:
    from truco_rules.spec.monitor.engine_calls import EngineFault as Fault
    from truco_rules.spec.protocol.client import parse_hello

    base = {"protocol": 1, "engine": {"name": "x"}}
    assert parse_hello({"ok": {**base, "editions": {"uruguayo-1v1": 1}}}).editions == {"uruguayo-1v1": 1}
    assert parse_hello({"ok": base}).editions == {}
    for bad in ({"uruguayo-1v1": "1"}, {"uruguayo-1v1": 0}, ["uruguayo-1v1"], {"uruguayo-1v1": True}):
        with pytest.raises(Fault, match="editions"):
            parse_hello({"ok": {**base, "editions": bad}})
