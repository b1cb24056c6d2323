"""SIGTERM and SIGHUP, sent to the command alone or to its whole process group, end it as Ctrl-C
does (tests/cli/test_interrupt.py): exit 128 + the signal (143, 129), no traceback of the command
or of its workers, every file it writes whole or as it was, no temporary file, and no process of
its own or of an engine's left running, the child that tries an engine module's import included.

Each command runs as a real process in a session of its own, marked in its environment (so that
every process it starts, however far down, carries the mark), and is signalled once it is busy:
a condition polled with a generous deadline, so that a loaded machine makes a case slower, never
wrong.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 120.0  # seconds: only so that a regression fails instead of hanging
pytestmark = pytest.mark.slow
ENGINE = shlex.join([sys.executable, str(ROOT / "tests" / "planted" / "protocol_engine.py")])
LOOPS = "tests.planted.loops_at_import:make_adapter"


def marked(mark: str) -> list[int]:
    """The processes alive that carry the mark in their environment."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if f"TRUCO_SIGNAL_MARK={mark}".encode() in environ.split(b"\0"):
            found.append(int(entry.name))
    return found


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


Busy = Callable[[subprocess.Popen[bytes], str], bool]


def own_cpu(seconds: float) -> Busy:
    """Busy once the command itself has used this much processor time."""
    return lambda proc, mark: cpu_seconds(proc.pid) >= seconds


def workers(n: int) -> Busy:
    """Busy once n processes of its own (workers, engines) are at work, each past its start."""

    def busy(proc: subprocess.Popen[bytes], mark: str) -> bool:
        others = [p for p in marked(mark) if p != proc.pid]
        try:
            return len([p for p in others if cpu_seconds(p) >= 0.4]) >= n
        except OSError:
            return False

    return busy


def a_child_spinning(proc: subprocess.Popen[bytes], mark: str) -> bool:
    try:
        return any(cpu_seconds(p) >= 0.5 for p in children(proc.pid))
    except OSError:
        return False


def stop(args: list[str], busy: Busy, signum: int, group: bool,
         kill_instead: bool = False) -> tuple[int, str, list[int]]:
    """Run `truco ARGS`, send the signal once it is busy; (exit code, stderr, processes left)."""
    mark = uuid.uuid4().hex
    env = {**os.environ, "TRUCO_SIGNAL_MARK": mark, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "truco_rules.cli", *args], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT,
                                                                                         signal.SIGHUP)])
    try:
        end = time.monotonic() + DEADLINE
        while not busy(proc, mark):
            assert proc.poll() is None, f"truco {shlex.join(args)} ended before it was signalled"
            assert time.monotonic() < end, f"truco {shlex.join(args)} never got busy"
            time.sleep(0.05)
        (os.killpg if group else os.kill)(proc.pid, signal.SIGKILL if kill_instead else signum)
        _, err = proc.communicate(timeout=DEADLINE)
        end = time.monotonic() + 10.0
        while (left := marked(mark)) and time.monotonic() < end:  # a killed parent's children end alone
            time.sleep(0.1)
        return proc.returncode, err.decode("utf-8", "replace"), left
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        for pid in marked(mark):
            os.kill(pid, signal.SIGKILL)


def ended_well(code: int, err: str, left: list[int], signum: int) -> None:
    assert code == 128 + signum, (code, err[-1500:])
    assert "Traceback" not in err and "Error" not in err, err[-1500:]
    assert not left, f"processes left behind: {left}"


SIGNALS = [pytest.param(signal.SIGTERM, False, id="SIGTERM-parent"),
           pytest.param(signal.SIGTERM, True, id="SIGTERM-group"),
           pytest.param(signal.SIGHUP, False, id="SIGHUP-parent"),
           pytest.param(signal.SIGHUP, True, id="SIGHUP-group")]


@pytest.mark.parametrize(("signum", "group"), [SIGNALS[0], SIGNALS[3]])
def test_simulate_out_keeps_the_file_and_leaves_no_temporary_file(tmp_path: Path, signum: int,
                                                                 group: bool) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("the earlier content\n", encoding="utf-8")
    code, err, left = stop(["simulate", "-r", "mineiro-1v1-es", "-n", "1000000", "--out", str(out)],
                           own_cpu(1.0), signum, group)
    ended_well(code, err, left, signum)
    assert out.read_text(encoding="utf-8") == "the earlier content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"], "a temporary file was left behind"


@pytest.mark.parametrize(("signum", "group"), [SIGNALS[0], SIGNALS[3]])
def test_a_check_of_an_engine_process_on_two_workers(signum: int, group: bool) -> None:
    code, err, left = stop(["check", "--engine-cmd", ENGINE, "-r", "mineiro-1v1-es", "--games", "100000",
                            "--jobs", "2"], workers(4), signum, group)  # two workers, two engines
    ended_well(code, err, left, signum)


@pytest.mark.parametrize(("signum", "group"), [SIGNALS[1]])
def test_the_suite_keeps_every_output_file(tmp_path: Path, signum: int, group: bool) -> None:
    names = {"--junit": "junit.xml", "--summary-md": "summary.md", "--badge": "badge.json",
             "--results": "results.json", "--write-expectations": "expect.yaml"}
    for name in names.values():
        (tmp_path / name).write_text("before\n", encoding="utf-8")
    outputs = [a for flag, name in names.items() for a in (flag, str(tmp_path / name))]
    code, err, left = stop(["conformance", "--suite", "--engine-cmd", ENGINE, "-r", "mineiro-1v1-es",
                            "--games", "100000", "--jobs", "2", *outputs], workers(4), signum, group)
    ended_well(code, err, left, signum)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names.values())
    assert all((tmp_path / name).read_text(encoding="utf-8") == "before\n" for name in names.values())


@pytest.mark.parametrize(("signum", "group"), [SIGNALS[1], SIGNALS[2]])
def test_the_child_that_tries_an_engine_modules_import_goes_with_the_command(signum: int,
                                                                             group: bool) -> None:
    """A module that loops at import: the child that tries it (a session of its own) is killed."""
    code, err, left = stop(["check", "--engine", LOOPS, "--games", "1"], a_child_spinning, signum, group)
    ended_well(code, err, left, signum)


def test_the_import_child_dies_with_a_command_that_is_killed() -> None:
    """SIGKILL cannot be handled: the child learns of its parent's death from the system (Linux)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the parent-death signal is Linux's")
    code, _, left = stop(["check", "--engine", LOOPS, "--games", "1"], a_child_spinning, signal.SIGKILL,
                         False, kill_instead=True)
    assert code == -signal.SIGKILL and not left, left


def test_validate_on_two_processes(tmp_path: Path) -> None:
    from truco_rules.engine import Game
    from truco_rules.engine.bots import BOTS

    game = Game.new("mineiro-1v1-es", seed=1)
    bots = {s: BOTS["random"](s) for s in range(game.config.n)}
    while (seat := game.to_act) is not None:
        game.push(bots[seat].choose(game))
    records = tmp_path / "records.jsonl"
    records.write_text((json.dumps(game.record()) + "\n") * 40_000, encoding="utf-8")
    code, err, left = stop(["validate", "--jobs", "2", str(records)], workers(2), signal.SIGHUP, False)
    ended_well(code, err, left, signal.SIGHUP)
