"""The README's two set-up commands work on a fresh Debian machine as written: each creates and
uses a virtual environment (Debian's own python3 refuses `pip install` outside one), and CI runs
the second one exactly."""

from __future__ import annotations

import re
import tomllib
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


def test_the_install_page_of_every_language_gives_the_readmes_commands() -> None:
    """The site's install page once had no virtual environment, other extras and another build."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = project["optional-dependencies"]
    for lang in ("en", "es", "it", "pt"):
        page = (ROOT / "docs" / lang / "guide" / "install.md").read_text(encoding="utf-8")
        blocks = [b.strip() for b in re.findall(r"```sh\n(.*?)```", page, re.DOTALL)]
        assert blocks[:2] == _setup_commands(), lang
        assert "truco docs build" in page and "truco docs serve" in page and "truco docs build" in readme
        for name in names:
            if name != "mutation":  # the mutation tools have their own page
                assert f"`{name}`" in page, (lang, name)
