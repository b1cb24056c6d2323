"""`truco explain` in the language asked for, for clauses and for register entries."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli

LABELS = {"es": ("Fuentes", "Reglamentos", "línea"), "en": ("Sources", "Rulesets", "line"),
          "it": ("Fonti", "Regolamenti", "riga"), "pt": ("Fontes", "Regulamentos", "linha")}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_explain_labels_speak_the_language(lang: str) -> None:
    code, out = run("explain", "BET-4", "--lang", lang)
    assert code == 0
    for word in LABELS[lang]:
        assert word in out
    if lang != "en":
        assert "Sources (verbatim" not in out and "Rulesets:" not in out


@pytest.mark.parametrize("name", ["AMB-2", "amb-2", "split-then-tie"])
def test_explain_takes_a_register_entry_by_id_or_key(name: str) -> None:
    code, out = run("explain", name, "--lang", "it")
    assert code == 0
    assert out.startswith("AMB-2")
    assert "Lettura A · first-round-winner" in out and "--reading split-then-tie=LETTURA" in out


def test_explain_a_register_entry_shows_its_witnesses_in_words() -> None:
    code, out = run("explain", "AMB-1", "--lang", "pt")
    assert code == 0
    assert "As três rodadas ficam empatadas." in out
    assert "A dupla que dá as cartas ganha a mão." in out
    assert "side 0" not in out and "{" not in out


def test_explain_an_unknown_register_entry_is_one_line_and_exit_2() -> None:
    result = CliRunner().invoke(cli, ["explain", "AMB-99"])
    assert result.exit_code == 2 and "AMB-99" in result.output
