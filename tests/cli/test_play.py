"""`truco play` speaks as players do: the ruleset's names for the calls, `?` for help, you /
your partner / them, a card-order legend, each round's winner in words, no Python values, in
each of the four languages (issue 23). Driven through click's CliRunner with scripted input."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli


def _play(*args: str, moves: str) -> str:
    result = CliRunner().invoke(cli, ["play", *args], input=moves, terminal_width=300)
    assert result.exit_code == 0, result.output
    return result.output


def _no_python_values(out: str) -> None:
    assert not re.search(r"\[\d+, |\['|'\]|\{'", out), out
    assert "seat " not in out and "side 0" not in out and "side 1" not in out


def test_the_calls_by_their_names_and_help() -> None:
    out = _play("-r", "argentino-1v1", "--seed", "3", moves="?\ntruco\n" + "1\n" * 60)
    assert "4  truco  (raise 2)" in out  # ? lists what to type now
    assert "them: accept" in out  # the bot answered the truco typed as the game says it
    assert "not an action now" not in out.split("them: accept")[0]
    assert "card order, strongest first: 1e > 1b > 7e > 7o > 3 > 2 > 1o 1c > 12" in out
    assert re.search(r"hand 1 over\S*: rounds: (a tie|your side wins it|they win it)", out), out
    _no_python_values(out)


def test_mineiro_names_its_own_ladder() -> None:
    out = _play("-r", "mineiro-1v1-es", "--seed", "1", moves="?\n" + "1\n" * 60)
    assert "truco  (raise 4)" in out


@pytest.mark.parametrize(("lang", "words"), [("es", "tus cartas"), ("it", "le tue carte"),
                                              ("pt", "suas cartas")])
def test_the_game_speaks_the_language_asked_for(lang: str, words: str) -> None:
    out = _play("-r", "gauderio-pairs-es", "--seed", "2", "--lang", lang, moves="1\n" * 80)
    assert words in out and "your cards" not in out
    _no_python_values(out)


def test_a_refusal_names_its_clause_by_title_not_by_seat() -> None:
    out = _play("-r", "mineiro-1v1-es", "--seed", "1", "--lang", "es", moves="raise 10\n" + "1\n" * 60)
    assert "se rechaza: [BET-6] La escala del Mineiro" in out, out  # by its title, in the game's language
    _no_python_values(out)
