"""Engine processes that attack the checker through the protocol: a flood on stderr, a hello or
answers of the wrong shape, a hello that never comes (tests/planted/protocol_engine.py)."""

from __future__ import annotations

import json
import os
import pathlib
import shlex
import sys
import tempfile
import time

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.monitor.engine_calls import EngineFault
from truco_rules.spec.protocol.client import GIVE_UP, STDERR_TAIL, EngineCommand, EngineProcess, stop_all

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = [sys.executable, str(ROOT / "tests" / "planted" / "protocol_engine.py")]


def planted(monkeypatch: pytest.MonkeyPatch, **faults: object) -> None:
    monkeypatch.setenv("TRUCO_PLANTED", json.dumps(faults))


def _held_in(folder: pathlib.Path) -> int:
    """Bytes of the files under `folder` this process holds open (deleted ones too)."""
    total = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").startswith(str(folder)):
                total += os.stat(f"/proc/self/fd/{fd}").st_size
        except OSError:
            continue
    return total


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc")
def test_a_chatty_engines_stderr_is_kept_as_a_bounded_tail(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: pathlib.Path) -> None:
    planted(monkeypatch, stderr=2_000_000)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    process = EngineProcess(ENGINE)
    try:
        process.start()
        process.request({"cmd": "new_game", "ruleset": "mineiro-1v1-es", "seed": 0, "readings": {}}, 10)
        for _ in range(3):
            process.request({"cmd": "to_act"}, 10)
        assert _held_in(tmp_path) < 100_000, "the checker holds what the engine wrote"
        tail = process.stderr_tail()
        assert tail.endswith("end of the stderr of to_act") and len(tail) <= STDERR_TAIL, tail[-100:]
    finally:
        process.quit()


@pytest.mark.parametrize("hello", [
    {"protocol": 1, "engine": {"name": "x"}, "features": 5},
    {"protocol": 1, "engine": {"name": "x"}, "rulesets": "mineiro-1v1-es"},
    {"protocol": 1, "engine": {"name": "x"}, "features": [1]},
    {"protocol": 1, "engine": ["x"]},
    {"protocol": 1, "engine": {"name": 5}},
])
def test_a_hello_of_the_wrong_shape_is_one_line_and_exit_2(hello: dict,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    planted(monkeypatch, hello=hello)
    result = CliRunner().invoke(cli, ["check", "--engine-cmd", shlex.join(ENGINE), "--games", "1"])
    assert result.exit_code == 2 and "hello: " in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("cmd", ["new_game", "apply"])
def test_a_payload_where_the_protocol_wants_an_empty_ok_is_a_fault(cmd: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    planted(monkeypatch, ok={cmd: {"x": 1}})
    result = CliRunner().invoke(cli, ["check", "--json", "--engine-cmd", shlex.join(ENGINE), "--ruleset",
                                      "mineiro-1v1-es", "--games", "2", "--programs", "0", "--no-situations",
                                      "--jobs", "1"])
    report = json.loads(result.stdout)
    faults = [v for v in report["violations"] if v["clause"] == "ENGINE"]
    assert result.exit_code == 1 and [v["game"] for v in faults] == [0, 1], report["violations"]
    assert all(f"{cmd}: the answer's ok is" in v["requires"] for v in faults), faults


def test_an_engine_whose_hello_never_comes_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    planted(monkeypatch, hang_hello=True)
    command = EngineCommand(shlex.join(ENGINE), call_timeout=1, start_timeout=0.3)
    try:
        for _ in range(GIVE_UP):
            with pytest.raises(EngineFault, match=r"hello\(\) did not return"):
                command()
        start = time.monotonic()
        with pytest.raises(EngineFault, match="not started again"):
            command()
        assert time.monotonic() - start < 0.2, "no start limit is spent on it again"
    finally:
        stop_all()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads processes in /proc")
def test_no_helper_of_an_engine_survives_the_check(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: pathlib.Path) -> None:
    pids = tmp_path / "helpers"
    planted(monkeypatch, helpers=str(pids))
    result = CliRunner().invoke(cli, ["check", "--json", "--engine-cmd", shlex.join(ENGINE), "--ruleset",
                                      "mineiro-1v1-es", "--games", "2", "--programs", "0", "--no-situations",
                                      "--jobs", "1"])
    assert result.exit_code == 0, result.output[-2000:]
    started = [int(p) for line in pids.read_text().splitlines() for p in line.split()]
    assert len(started) >= 6, "the first hello and a worker's engine each started three"
    deadline = time.monotonic() + 3
    while any(_alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [p for p in started if _alive(p)]
    for pid in left:  # the test leaves none behind either
        os.kill(pid, 9)
    assert not left, f"{len(left)} of {len(started)} helpers survived"


def test_an_engine_that_crashes_while_a_child_holds_its_stdout_has_exited(
        monkeypatch: pytest.MonkeyPatch) -> None:
    planted(monkeypatch, crash_on="legal")
    result = CliRunner().invoke(cli, ["check", "--json", "--engine-cmd", shlex.join(ENGINE), "--ruleset",
                                      "mineiro-1v1-es", "--games", "1", "--programs", "0", "--no-situations",
                                      "--jobs", "1", "--call-timeout", "30"])
    (fault,) = json.loads(result.stdout)["violations"]
    assert "legal: the engine exited (exit code 3)" in fault["requires"], fault
