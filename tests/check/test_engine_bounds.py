"""Bounds on what an engine sends (truco_rules.spec.monitor.engine_bounds): a legal list, an
observation, a record or a deal past its documented size, a protocol line past its own, or a hello
whose names are too long, is a fault of that engine at once: one divergence of the engine, found
in seconds, not a parse, a comparison and a store at a cost that turns later calls into timeouts."""

from __future__ import annotations

import json
import pathlib
import shlex
import sys
import time
from typing import Any

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.spec.monitor import engine_bounds
from truco_rules.spec.monitor.engine_calls import EngineCalls, EngineFault, checked_record
from truco_rules.spec.protocol.client import EngineProcess, parse_hello
from truco_rules.spec.rules.state import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = [sys.executable, str(ROOT / "tests" / "planted" / "protocol_engine.py")]


class _Sends(ReferenceAdapter):
    """The reference engine, with one answer replaced."""

    def __init__(self, call: str, value: Any) -> None:
        super().__init__()
        self.call, self.value = call, value

    def legal_actions(self) -> Any:
        return self.value if self.call == "legal_actions" else super().legal_actions()

    def observation(self, seat: int) -> Any:
        return self.value if self.call == "observation" else super().observation(seat)

    def deal(self) -> Any:
        return self.value if self.call == "deal" else super().deal()


def _calls(call: str, value: Any) -> EngineCalls:
    adapter = _Sends(call, value)
    adapter.new_game("mineiro-1v1-es", 1, {})
    return EngineCalls(adapter, Rules.of("mineiro-1v1-es"))


@pytest.mark.parametrize(("call", "value", "method"), [
    ("legal_actions", [f"play x{i}" for i in range(engine_bounds.MAX_LEGAL + 1)], "engine_legal"),
    ("legal_actions", ["play 4C", "x" * (engine_bounds.MAX_ACTION + 1)], "engine_legal"),
    ("observation", {"hand": "x" * engine_bounds.MAX_OBSERVATION}, "observations"),
    ("deal", [["4C", "5C", "6C"], ["x" * engine_bounds.MAX_DEAL]], "engine_deal"),
], ids=["legal-list", "legal-action", "observation", "deal"])
def test_an_answer_past_its_bound_is_the_engines_fault(call: str, value: Any, method: str) -> None:
    with pytest.raises(EngineFault, match="more than") as caught:
        getattr(_calls(call, value), method)()
    assert caught.value.category == f"{call.split('_')[0] if call == 'observation' else call}: too large"


def test_answers_at_their_bound_pass() -> None:
    most = [f"a{i}" for i in range(engine_bounds.MAX_LEGAL)]
    assert _calls("legal_actions", most).engine_legal() == most
    assert checked_record({"pad": "x" * 1000})
    with pytest.raises(EngineFault, match="record"):
        checked_record({"pad": "x" * engine_bounds.MAX_RECORD})


@pytest.mark.parametrize("hello", [
    {"protocol": 1, "engine": {"name": "x" * (engine_bounds.MAX_NAME + 1)}},
    {"protocol": 1, "engine": {"name": "x", "author": "y" * (engine_bounds.MAX_NAME + 1)}},
    {"protocol": 1, "engine": {"name": "x"}, "rulesets": ["r"] * 65},
    {"protocol": 1, "engine": {"name": "x"}, "features": ["f" * 65]},
], ids=["name", "author", "rulesets", "features"])
def test_a_hello_past_its_bounds_is_garbage(hello: dict[str, Any]) -> None:
    with pytest.raises(EngineFault) as caught:
        parse_hello({"ok": hello})
    assert caught.value.category == "hello: garbage"


def test_a_line_past_its_bound_is_a_fault_read_no_further(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUCO_PLANTED", json.dumps({"huge": {"to_act": engine_bounds.MAX_LINE + 10}}))
    process = EngineProcess(ENGINE)
    try:
        process.start()
        process.request({"cmd": "new_game", "ruleset": "mineiro-1v1-es", "seed": 0, "readings": {}}, 10)
        with pytest.raises(EngineFault, match="longer than") as caught:
            process.request({"cmd": "to_act"}, 30)
        assert caught.value.category == "to_act: too large"
    finally:
        process.quit()


def test_a_flooding_engine_is_one_divergence_found_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUCO_PLANTED", json.dumps({"huge": {"legal": 30_000}}))
    start = time.monotonic()
    result = CliRunner().invoke(cli, ["check", "--engine-cmd", shlex.join(ENGINE), "-r", "mineiro-1v1-es",
                                      "--games", "3", "--programs", "0", "--no-situations", "--jobs", "1",
                                      "--json"])
    out = json.loads(result.output.strip().splitlines()[-1])
    assert result.exit_code == 1, result.output
    categories = [d["category"] for d in out["divergences"]]
    assert categories == ["fault: legal_actions: too large"], out["divergences"]
    assert all("timeout" not in v["requires"] for v in out["violations"])
    assert time.monotonic() - start < 60


def test_the_bounds_are_documented_as_they_are() -> None:
    schema = json.loads((ROOT / "spec" / "schemas" / "engine-protocol.schema.json").read_text())
    assert schema["$defs"]["legal_ok"]["properties"]["actions"]["maxItems"] == engine_bounds.MAX_LEGAL
    assert schema["$defs"]["hello_ok"]["properties"]["engine"]["properties"]["name"]["maxLength"] == (
        engine_bounds.MAX_NAME)
    b = engine_bounds
    numbers = [f"{n:,}" for n in (b.MAX_LINE, b.MAX_ACTION, b.MAX_OBSERVATION, b.MAX_DEAL, b.MAX_RECORD)]
    for text in (schema["description"], (ROOT / "docs" / "en" / "guide" / "protocol.md").read_text(),
                 (ROOT / "spec" / "adapter.py").read_text()):
        assert all(n in text for n in numbers[2:]), numbers
    guide = (ROOT / "docs" / "en" / "guide" / "protocol.md").read_text()
    assert all(n in guide for n in numbers) and f"{engine_bounds.MAX_LEGAL} actions" in guide
