"""`truco diff`: the hand of ten is named at each ruleset's own score (TEN-1: 10 in Mineiro; PAU-8:
the mão de onze, 11 in Paulista), taken from the witness's data, in each language (issue 21)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.text.catalogues import gettext

LANGS = ("en", "es", "it", "pt")


def _sides(a: str, b: str, lang: str) -> tuple[list[str], list[str]]:
    result = CliRunner().invoke(cli, ["diff", a, b, "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    return [x for x in lines if x.startswith("A: ")], [x for x in lines if x.startswith("B: ")]


def _at(n: int, lang: str) -> list[str]:
    messages = ("The side at {n} must play.", "The side at {n} may choose not to play.",
                "One side is at {n}: it is the hand of {n}.")
    return [gettext(m, lang, n=n) for m in messages]


@pytest.mark.parametrize("lang", LANGS)
def test_mineiro_names_10_and_paulista_does_not(lang: str) -> None:
    a, b = _sides("paulista-1v1", "mineiro-1v1-es", lang)
    assert any(s in line for line in b for s in _at(10, lang)), b
    assert not any(s in line for line in a for s in _at(10, lang)), a  # 10 is an ordinary hand in Paulista


@pytest.mark.parametrize("lang", LANGS)
def test_paulista_names_11(lang: str) -> None:
    a, b = _sides("paulista-1v1", "argentino-1v1", lang)
    assert any(s in line for line in a for s in _at(11, lang)), a
    assert not any(s in line for line in a + b for s in _at(10, lang)), a + b
