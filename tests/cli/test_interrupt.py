"""Ctrl-C exits 130 (as a shell reports a command stopped by SIGINT), never 1 (a rule violation),
and without a traceback, from the parent or from its worker processes.

Each command runs as a real process in its own session and gets a real SIGINT sent to the whole
process group, as a terminal's Ctrl-C does, once it is busy inside the command. The commands that
answer at once (clauses, explain, ambiguities, coverage, diff) go through the same entry point
but end before a signal can be aimed at them.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

DEADLINE = 120.0  # seconds: only so that a regression fails instead of hanging


def first_output(proc: subprocess.Popen[bytes]) -> None:
    """Busy once the command has written its first line (it is past start-up, in its work)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], DEADLINE)
    assert ready, "no output"
    assert proc.stdout.readline(), "the command ended before it was interrupted"


def cpu_seconds(seconds: float) -> Callable[[subprocess.Popen[bytes]], None]:
    """Busy once the process has used this much processor time (start-up takes well under it)."""

    def wait(proc: subprocess.Popen[bytes]) -> None:
        ticks = os.sysconf("SC_CLK_TCK")
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end:
            assert proc.poll() is None, "the command ended before it was interrupted"
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            if (int(fields[11]) + int(fields[12])) / ticks >= seconds:  # utime + stime
                return
            time.sleep(0.05)
        raise AssertionError("never busy")

    return wait


def a_child(proc: subprocess.Popen[bytes]) -> None:
    """Busy once the command has started a child process (docs build runs mkdocs)."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        assert proc.poll() is None, "the command ended before it was interrupted"
        if Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().strip():
            time.sleep(0.3)
            return
        time.sleep(0.05)
    raise AssertionError("no child process")


def as_at_a_terminal() -> None:
    """The child's SIGINT as a terminal gives it. Where the suite itself runs with SIGINT ignored (a
    background job, nohup, some CI runners) the child would inherit that, and a program that
    ignores SIGINT because it was started that way is right to: it would never be interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(args: list[str], busy: Callable[[subprocess.Popen[bytes]], None]) -> tuple[int, str]:
    proc = subprocess.Popen([sys.executable, "-m", "truco_rules.cli", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=as_at_a_terminal)
    try:
        busy(proc)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=DEADLINE)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, err.decode(errors="replace")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Records that each break a rule (a wrong final score), so that validate reports as it goes."""
    from truco_rules.engine import Game
    from truco_rules.engine.bots import BOTS

    game = Game.new("mineiro-1v1-es", seed=1)
    bots = {s: BOTS["random"](s) for s in range(game.config.n)}
    while (seat := game.to_act) is not None:
        game.push(bots[seat].choose(game))
    record = game.record()
    record["result"]["score"] = [record["result"]["score"][0] + 1, record["result"]["score"][1]]
    path = tmp_path_factory.mktemp("interrupt") / "records.jsonl"
    path.write_text((json.dumps(record) + "\n") * 20_000)
    return path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_validate(records: Path, jobs: str) -> None:
    code, err = interrupt(["validate", "--json", "--jobs", jobs, str(records)], first_output)
    assert code == 130 and "Traceback" not in err, err


def test_validate_on_a_local_dask_cluster(records: Path) -> None:
    args = ["validate", "--json", "--dask", "local", "--jobs", "2", str(records)]
    code, err = interrupt(args, first_output)
    assert code == 130 and "Traceback" not in err, err


@pytest.mark.parametrize(("args", "busy"), [
    (["simulate", "-r", "mineiro-1v1-es", "-n", "1000000"], first_output),
    (["check", "--games", "100000"], cpu_seconds(2.0)),
    (["bench", "--seconds", "100"], cpu_seconds(2.0)),
    (["play", "-r", "mineiro-1v1-es", "--seed", "1"], first_output),  # waits at the prompt
    (["prove"], cpu_seconds(1.0)),
], ids=["simulate", "check", "bench", "play", "prove"])
def test_engine_check_and_proof_commands(args: list[str],
                                        busy: Callable[[subprocess.Popen[bytes]], None]) -> None:
    code, err = interrupt(args, busy)
    assert code == 130 and "Traceback" not in err, err


def test_docs_commands(tmp_path: Path) -> None:
    code, err = interrupt(["docs", "build", "--lang", "en", "--site-dir", str(tmp_path / "site")], a_child)
    assert code == 130 and "Traceback" not in err, err
    code, err = interrupt(["docs", "serve", "--port", "0", "--site-dir", str(tmp_path)], first_output)
    assert code == 130 and "Traceback" not in err, err


def test_the_suite_started_with_sigint_ignored_still_interrupts_its_commands() -> None:
    """As under nohup or a background job: this process ignores SIGINT, its commands must not."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        code, err = interrupt(["simulate", "-r", "mineiro-1v1-es", "-n", "1000000"], first_output)
    finally:
        signal.signal(signal.SIGINT, before)
    assert code == 130 and "Traceback" not in err, err


def test_a_command_started_with_sigint_ignored_keeps_ignoring_it() -> None:
    """A program started with SIGINT ignored (nohup) is not stopped by it: `play`, waiting at its
    prompt, is still waiting a second after the signal."""
    proc = subprocess.Popen([sys.executable, "-m", "truco_rules.cli", "play", "-r", "mineiro-1v1-es",
                             "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        first_output(proc)
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(1.0)
        assert proc.poll() is None, "stopped by a SIGINT it was started to ignore"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
