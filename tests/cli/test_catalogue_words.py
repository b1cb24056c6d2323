"""The catalogue commands in the reader's words (issue 39): the kinds of clause and of register
entry in the language asked for, and a word of the game given to `truco explain` sent to the
clause that defines it, not to the clause IDs that look alike."""

from __future__ import annotations

from click.testing import CliRunner

from truco_rules.cli.main import cli


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_clauses_and_ambiguities_name_their_kinds_in_the_language() -> None:
    code, out = _run("clauses", "--lang", "pt")
    assert code == 0 and out.split()[1] == "preparação" and " setup " not in out
    code, out = _run("ambiguities", "--lang", "pt")
    assert code == 0 and "(conflito entre fontes; cláusulas" in out and "(conflict;" not in out


def test_explain_a_word_of_the_game_names_its_clause() -> None:
    code, out = _run("explain", "truco")
    assert code == 2 and "defined by BET-1: truco explain BET-1" in out and "URU-1" not in out
    code, out = _run("explain", "mão de onze")
    assert code == 2 and "PAU-8" in out
