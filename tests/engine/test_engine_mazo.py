"""Going to the mazo (ARG-9, URU-10) in the reference engine: legal on a turn to play or as the
answer to a truco call where the ruleset has it, what the other side scores (the hand's value, or
what refusing the pending call pays), AMB-52 mazo-first-round switched both ways, and every
refusal with its clause and the game unchanged."""

from __future__ import annotations

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import Game, IllegalActionError

AR, UY = "argentino-1v1", "uruguayo-1v1"
BASE = deal("7e 6e 1b", "4o 5c 6b")  # no flor in either hand


def _refused(game: Game, action: str, clause: str, words: str = "") -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    assert err.value.clause == clause and words in str(err.value), f"[{clause}] {err.value}"
    assert game == before


def _mazo_result(game: Game) -> tuple[int, int]:
    result = last_hand(game)["result"]
    return result["winner"], result["points"]


@pytest.mark.clause("ARG-9")
@pytest.mark.parametrize(("reading", "at_once", "after_round"), [
    ("envido-point", 2, 1),  # argentino-1v1's default: 1 for the hand, 1 for the envido not sung
    ("hand-value", 1, 1),
])
def test_the_mazo_scores_the_hand_and_amb_52_the_envido_not_sung(reading: str, at_once: int,
                                                                  after_round: int) -> None:
    g = new(AR, BASE, mazo_first_round=reading)
    assert legal_texts(g)[-1] == "mazo"
    play(g, "mazo")
    assert _mazo_result(g) == (1, at_once) and g.scores == (0, at_once)
    g = new(AR, BASE, mazo_first_round=reading)
    play(g, "play 7e", "play 4o", "mazo")  # seat 0 took the first round and leads the second
    assert _mazo_result(g) == (1, after_round), "AMB-52 binds only the first round"


@pytest.mark.clause("ARG-9", "BET-4", "BET-3")
def test_the_mazo_pays_a_refusal_of_the_pending_call_or_the_accepted_value() -> None:
    g = play(new(AR, BASE, mazo_first_round="hand-value"), "raise 2")
    assert "mazo" in legal_texts(g)
    play(g, "mazo")
    assert _mazo_result(g) == (0, 1), "answering truco with the mazo pays what refusing it pays"
    g = play(new(AR, BASE), "raise 2", "accept", "play 7e", "play 4o", "mazo")
    assert _mazo_result(g) == (1, 2), "an accepted truco: the hand's value"
    g = play(new(AR, BASE), "raise 2", "raise 3", "mazo")
    assert _mazo_result(g) == (1, 2 + 1), "retruco pending: its refusal (2), and the envido point"


@pytest.mark.clause("ARG-9", "ENV-1")
def test_no_envido_point_once_an_envido_was_sung() -> None:
    g = play(new(AR, BASE), "envido", "run", "mazo")
    assert g.scores == (1, 1), "the refused envido's point to seat 0, the hand's 1 to seat 1"


@pytest.mark.clause("ARG-9")
def test_the_mazo_waits_for_a_pending_envido_and_is_refused_where_the_ruleset_has_none() -> None:
    g = play(new(AR, BASE), "envido")
    _refused(g, "mazo", "ARG-9", "answer the pending call first")
    _refused(new("mineiro-1v1-es", seed=1), "mazo", "ARG-9", "has no going to the mazo")  # the mazo's rule


@pytest.mark.clause("URU-10", "URU-6")
def test_uruguayan_mazo_and_the_mandatory_flor_first() -> None:
    g = new(UY, deal("10e 11b 12o", "4o 5c 6b"), muestras=["7c"])
    play(g, "mazo")
    assert _mazo_result(g) == (1, 1), "uruguayo-1v1's default: hand-value"
    g = new(UY, deal("10e 11b 12o", "4o 5c 6b"), muestras=["7c"], mazo_first_round="envido-point")
    assert _mazo_result(play(g, "mazo")) == (1, 2)
    g = new(UY, deal("1e 5e 7e", "10o 11b 12c"), muestras=["7c"])  # seat 0 holds flor (flor-first)
    assert legal_texts(g) == ["flor"]
    _refused(g, "mazo", "URU-6", "before it goes to the mazo")
    play(g, "flor")
    assert "mazo" in legal_texts(g)


@pytest.mark.clause("ARG-9")
def test_the_mazo_undoes_exactly() -> None:
    g = play(new(AR, BASE), "raise 2")
    before = g.copy()
    play(g, "mazo")
    g.pop()
    assert g == before
