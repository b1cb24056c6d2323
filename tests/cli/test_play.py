"""`truco play` speaks as players do (issues 23 and 39): a card by its code or its name in each
language, the calls and answers players use at the table in each language and region, the vira
named vira, the señas by their gestures, the other players' moves as sentences, the envido settled
out loud, and "not understood" told apart from "not allowed now" (with the rule in words) and from
"not in this game". Scripted games in the four languages, driven through click's CliRunner."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.cli.play_words import read_answer
from truco_rules.engine import Game

REST = "1\n" * 120  # then the first action in the list, to the end of the match


def _play(*args: str, moves: str) -> str:
    result = CliRunner().invoke(cli, ["play", *args], input=moves, terminal_width=300)
    assert result.exit_code == 0, result.output
    return result.output


def _no_python_values(out: str) -> None:
    assert not re.search(r"\[\d+, |\['|'\]|\{'", out), out
    assert "seat " not in out and "side 0" not in out and "side 1" not in out


def _internal_words(out: str) -> None:
    """No record form, register ID or seña ID where a player reads."""
    for word in ("(raise ", "(play ", "tanto-30-plus", "tanto-27-29", "seña ciego", ": accept", ": run",
                 "aceptar\n", "huir\n", "aceitar\n", "correr\n"):
        assert word not in out, word


# ---------------------------------------------------------------- every word players say

@pytest.mark.parametrize(("ruleset", "typed", "meant"), [
    # the answers to a call, in each language and region
    ("paulista-1v1", "desce", "accept"),
    ("paulista-1v1", "quero", "accept"),
    ("paulista-1v1", "Quero!", "accept"),
    ("paulista-1v1", "não quero", "run"),
    ("paulista-1v1", "nao quero", "run"),
    ("paulista-1v1", "corro", "run"),
    ("argentino-1v1", "quiero", "accept"),
    ("argentino-1v1", "¡No quiero!", "run"),
    ("mineiro-pairs-it", "accetto", "accept"),
    ("mineiro-pairs-it", "non accetto", "run"),
    ("mineiro-1v1-en", "accept", "accept"),
    ("mineiro-1v1-en", "run", "run"),
    # the truco ladder, as each ruleset names its calls
    ("paulista-1v1", "truco", "raise 3"),
    ("paulista-1v1", "seis", "raise 6"),
    ("paulista-1v1", "nove", "raise 9"),
    ("paulista-1v1", "doze", "raise 12"),
    ("mineiro-1v1-es", "seis", "raise 6"),
    ("mineiro-1v1-es", "doce", "raise 12"),
    ("argentino-1v1", "retruco", "raise 3"),
    ("argentino-1v1", "quiero retruco", "raise 3"),
    ("argentino-1v1", "vale cuatro", "raise 4"),
    ("mineiro-1v1-en", "twelve", "raise 12"),
    # the envido, the flor, the mazo
    ("argentino-1v1", "envido", "envido"),
    ("argentino-1v1", "real envido", "real-envido"),
    ("argentino-1v1", "falta", "falta-envido"),
    ("argentino-1v1", "falta envido", "falta-envido"),
    ("gauderio-pairs-es", "flor", "flor"),
    ("gauderio-pairs-es", "contraflor", "contraflor"),
    ("gauderio-pairs-es", "contraflor al resto", "contraflor-resto"),
    ("argentino-1v1", "me voy al mazo", "mazo"),
    ("uruguayo-1v1", "al mazo", "mazo"),
    # the señas, by their gestures and names
    ("gauderio-pairs-es", "cierro los ojos", "sign ciego"),
    ("gauderio-pairs-es", "ciego", "sign ciego"),
    ("gauderio-pairs-es", "frunzo la nariz", "sign tanto-30-plus"),
    ("gauderio-pairs-es", "cabeceo", "sign tanto-27-29"),
    # a card by its code, by its name in each language, after a verb or alone, or by its nickname
    ("paulista-1v1", "5H", "play 5H"),
    ("paulista-1v1", "5h", "play 5H"),
    ("paulista-1v1", "jogar 3C", "play 3C"),
    ("paulista-1v1", "3 de paus", "play 3C"),
    ("paulista-1v1", "três de paus", "play 3C"),
    ("paulista-1v1", "jogo o ás de espadas", "play AS"),
    ("paulista-1v1", "dama de ouros", "play QD"),
    ("argentino-1v1", "tres de bastos", "play 3b"),
    ("argentino-1v1", "juego el 1 de espadas", "play 1e"),
    ("argentino-1v1", "el rey de copas", "play 12c"),
    ("mineiro-pairs-it", "tre di fiori", "play 3C"),
    ("mineiro-1v1-en", "3 of clubs", "play 3C"),
    ("mineiro-1v1-en", "cover the queen of hearts", "cover QH"),
    ("mineiro-1v1-es", "zap", "play 4C"),
    ("mineiro-1v1-es", "espadilha", "play AS"),
])
def test_what_players_say_is_read_as_the_action_they_mean(ruleset: str, typed: str, meant: str) -> None:
    game = Game.new(ruleset, seed=1)
    reading = read_answer(typed, list(game.legal_actions()), game)
    assert reading.action is not None and reading.action.text == meant, (typed, reading)


def test_what_no_player_says_is_not_understood() -> None:
    game = Game.new("argentino-1v1", seed=1)
    for typed in ("xyz", "3 de nada", "quiero quiero", "14 de espadas"):
        assert read_answer(typed, list(game.legal_actions()), game).action is None, typed
    assert read_answer("99", list(game.legal_actions()), game).out_of_range


# ---------------------------------------------------------------- scripted games in four languages

def test_a_game_in_portuguese_paulista() -> None:
    out = _play("-r", "paulista-1v1", "--seed", "1", "--lang", "pt",
                moves="?\nblablá\nenvido\n7 de copas\ntruco\njogo o 3 de espadas\n" + REST)
    assert "vira: QC (Q de paus)" in out and "muestra" not in out  # the vira named vira
    assert "suas cartas: 4D (4 de ouros), 5H (5 de copas), 3S (3 de espadas)" in out
    assert "“4 de ouros”" in out  # ? says how to name the card
    assert "não entendido: digite ? para ver as ações possíveis" in out  # blablá
    assert "não é deste jogo: O Truco paulista não tem envido." in out
    assert "não permitido agora: você não tem o 7 de copas" in out  # a card not held, said so
    assert "Seu adversário aceita: “Quero!”" in out  # the bot answered the truco, in a sentence
    assert "rodada 1: você 3S" in out  # the card named in words was played
    _no_python_values(out)
    _internal_words(out)


def test_a_game_in_spanish_argentino_with_the_envido_out_loud() -> None:
    out = _play("-r", "argentino-1v1", "--seed", "4", "--lang", "es",
                moves="?\nretruco\nenvido\nme voy al mazo\n" + REST)
    refused = out.split("no permitido ahora: [", 1)[1].split("\n")  # retruco before any truco
    assert refused[0].startswith("ARG-3] ")  # the ladder's rule, in words
    assert "retruco" in " ".join(refused[:4])
    assert "Tu rival acepta: «¡Quiero!»" in out
    assert re.search(r"Envido: tú 7, tu rival 27; ellos suman 2\.", out), out  # who had what, who scores
    assert "fin de la mano 1: rondas: -; ellos suman 1" in out  # the mazo, taken when typed
    assert "“me voy al mazo”" in out  # ? lists what to say for it
    _no_python_values(out)
    _internal_words(out)


def test_a_game_in_italian_mineiro_in_pairs() -> None:
    out = _play("-r", "mineiro-pairs-it", "--seed", "3", "--lang", "it",
                moves="gioco il tre di fiori\nquiero\nxyz\n" + REST)
    assert "round 1: tu 3C" in out
    assert "non capito: scrivi ? per vedere le azioni possibili" in out
    assert "non ammesso ora: [BET-2] La parte avversaria deve rispondere" in out  # quiero, with no call yet
    assert re.search(r"(L'avversario alla tua (destra|sinistra)|Il tuo compagno) gioca il", out), out
    _no_python_values(out)
    _internal_words(out)


def test_a_game_in_english_mineiro() -> None:
    out = _play("-r", "mineiro-1v1-en", "--seed", "2", "--lang", "en",
                moves="?\nplay the queen of diamonds\nflor\n" + REST)
    assert "round 1: you QD" in out or "you QD" in out
    assert "not in this game: Truco Mineiro has no flor." in out
    assert "7  truco  “truco”" in out and "2  play QD  “QD”, “Q of diamonds”" in out
    assert re.search(r"Your opponent (plays|calls|accepts|does not accept)", out), out
    _no_python_values(out)
    _internal_words(out)


def test_the_muestra_is_named_muestra() -> None:
    out = _play("-r", "uruguayo-1v1", "--seed", "2", "--lang", "es", moves=REST)
    assert "muestra: " in out and "vira:" not in out


@pytest.mark.parametrize(("lang", "words"), [("es", "tus cartas"), ("it", "le tue carte"),
                                             ("pt", "suas cartas")])
def test_the_game_speaks_the_language_asked_for(lang: str, words: str) -> None:
    out = _play("-r", "gauderio-pairs-es", "--seed", "2", "--lang", lang, moves="1\n" * 80)
    assert words in out and "your cards" not in out
    _no_python_values(out)
    _internal_words(out)


def test_the_senas_by_their_gestures() -> None:
    out = _play("-r", "gauderio-pairs-es", "--seed", "20", "--lang", "es", moves="cierro los ojos\n" + REST)
    assert "seña: cerrar los dos ojos" in out
    assert "no se entiende" not in out.split("tu jugada>", 2)[1]  # the seña was taken
    _internal_words(out)


def test_a_refusal_names_its_rule_in_words() -> None:
    out = _play("-r", "mineiro-1v1-es", "--seed", "1", "--lang", "es", moves="raise 10\n" + REST)
    assert "no permitido ahora: [BET-6] El valor de una mano del Mineiro solo puede subirse" in out, out
    _no_python_values(out)


def test_the_help_names_the_rulesets() -> None:
    result = CliRunner().invoke(cli, ["play", "--help"], terminal_width=200)
    assert "paulista-1v1" in result.output and "truco clauses" not in result.output
