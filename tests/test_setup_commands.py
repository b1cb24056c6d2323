"""The README's two set-up commands work on a fresh Debian machine as written: each creates and
uses a virtual environment (Debian's own python3 refuses `pip install` outside one), and CI runs
the second one exactly."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setup_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", quick, re.DOTALL)]


def test_two_setup_commands_each_in_its_own_virtual_environment() -> None:
    commands = _setup_commands()
    assert len(commands) == 2, commands
    for command in commands:
        assert "\n" not in command, f"one command, not a script: {command!r}"
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && "), command
        rest = command.split(" && ")[2:]
        assert all("python3 -m pip" not in part and "sudo" not in part for part in rest), command
    assert commands[0].endswith("pip install -e . && truco check")
    assert commands[1].endswith("bash tests/run-all.sh")


def test_ci_runs_the_second_setup_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line for line in ci.splitlines() if line and not line.startswith("#")]
    assert lines[-1] == _setup_commands()[1], "CI must run the README's second command as written"
