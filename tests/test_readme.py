"""The README agrees with the project: its tables of rulesets and commands are the ones `truco docs
readme` writes from the ruleset files and the command tree, and every command and option it
names anywhere exists (an option named after a command is that command's)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.cli.readme import BEGIN, END, TABLES, commands, rewrite
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_tables_are_the_projects() -> None:
    for table in TABLES:
        assert README.count(BEGIN.format(table=table)) == 1, table
        assert README.count(END.format(table=table)) == 1, table
    assert rewrite(README, cli) == README, "the README's tables are behind the project: `truco docs readme`"


def test_every_ruleset_and_every_command_has_its_row() -> None:
    rows = README.split(BEGIN.format(table="rulesets"), 1)[1].split(END.format(table="rulesets"), 1)[0]
    for name in load_catalogue().rulesets:
        assert f"| `{name}` |" in rows, name
    rows = README.split(BEGIN.format(table="commands"), 1)[1].split(END.format(table="commands"), 1)[0]
    for full, _ in commands(cli):
        assert f"| `{full}" in rows, full


def test_a_new_ruleset_or_command_makes_the_check_fail(tmp_path: Path) -> None:
    """`truco docs readme --check` fails on a README whose tables miss a row, and the rewrite restores it."""
    stale = README.replace("| `truco coverage` |", "| `truco coverage-old` |")
    path = tmp_path / "README.md"
    path.write_text(stale, encoding="utf-8")
    result = CliRunner().invoke(cli, ["docs", "readme", "--check", "--file", str(path)])
    assert result.exit_code == 1 and path.read_text(encoding="utf-8") == stale, result.output
    result = CliRunner().invoke(cli, ["docs", "readme", "--file", str(path)])
    assert result.exit_code == 0 and path.read_text(encoding="utf-8") == README, result.output


def _command(words: list[str]) -> tuple[click.Command, list[str]] | None:
    """The command that `truco WORDS...` names, and the words after its name."""
    command: click.Command = cli
    rest = list(words)
    while isinstance(command, click.Group) and rest and rest[0] in command.commands:
        command = command.commands[rest.pop(0)]
    return None if command is cli else (command, rest)


def _options(command: click.Command) -> set[str]:
    return {o for p in command.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)}


def _mentions() -> list[tuple[str, str | None, str]]:
    """(paragraph, the command named last before it or None, option) for every option named in a
    piece of code that names a `truco` command, or that is an option alone (`--restarts K`)."""
    out: list[tuple[str, str | None, str]] = []
    text = re.sub(r"<!-- generated.*?<!-- end of the generated \w+ -->", "", README, flags=re.DOTALL)
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    paragraphs = [re.findall(r"`([^`]+)`", " ".join(p.split()))
                  for p in re.sub(r"```sh\n.*?```", "", text, flags=re.DOTALL).split("\n\n")]
    paragraphs += [re.split(r"&&|\|", line) for b in blocks for line in b.splitlines()]
    for spans in paragraphs:
        current: str | None = None
        for span in (s.strip() for s in spans):
            if not span.startswith(("truco ", "--")):
                continue  # another tool's command (mkdocs, pytest, pip)
            for token in re.findall(r"truco(?: [a-z][a-z-]*)+|--[a-z][a-z-]*", span):
                if token.startswith("truco"):
                    current = token
                else:
                    out.append((" ".join(spans), current, token))
    return out


def test_every_command_and_option_the_readme_names_exists() -> None:
    everything = set().union(*(_options(c) for _, c in commands(cli)))
    named = 0
    for para, current, option in _mentions():
        found = _command(current.split()[1:]) if current else None
        if current and found is None:
            pytest.fail(f"the README names {current!r}, which is no command: {para[:120]!r}")
        options = _options(found[0]) if found else everything
        assert option in options, f"{option} is not an option of {current or 'any command'}: {para[:160]!r}"
        named += 1
    assert named > 10  # the parse found the options (a parse that finds none checks nothing)


def test_the_languages_and_the_type_check_it_states() -> None:
    listed = ", ".join(f"`{lang}`" for lang in LANGS[:-1]) + f" or `{LANGS[-1]}`"
    assert f"`--lang` takes {listed}." in README
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == ["truco_rules"] and "`mypy` (the whole `truco_rules` package)" in README
