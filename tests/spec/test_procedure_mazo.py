"""Going to the mazo (ARG-9, URU-10) in the spec's procedure: when a seat may, what the other side
scores (the hand's value, or what refusing the pending call pays), AMB-52 mazo-first-round both
ways, and the refusals with their clauses, the hand unchanged."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions

AR, UY = "argentino-1v1", "uruguayo-1v1"
BASE = (("7e", "6e", "1b"), ("4o", "5c", "6b"))


def hand(ruleset: str, deal: tuple[tuple[str, ...], ...] = BASE, muestra: str | None = None,
         **readings: str) -> Hand:
    over = {k.replace("_", "-"): v for k, v in readings.items()}
    return Hand(Rules.of(ruleset, over), 1, 1, 0, deal, [0, 0], muestra)


def play(h: Hand, *actions: str) -> Hand:
    for text in actions:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]
    return h


def result(h: Hand) -> tuple[int | None, int, str]:
    assert h.outcome is not None and h.over
    return h.outcome.winner, h.outcome.points, h.outcome.clause


def refused(h: Hand, text: str, clause: str) -> None:
    before = h.key()
    with pytest.raises(Illegal) as err:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]
    assert err.value.clause == clause, err.value
    assert h.key() == before


@pytest.mark.clause("ARG-9")
@pytest.mark.parametrize(("reading", "at_once"), [("envido-point", 2), ("hand-value", 1)])
def test_the_mazo_scores_the_hand_and_amb_52_the_envido_not_sung(reading: str, at_once: int) -> None:
    h = hand(AR, mazo_first_round=reading)
    assert "mazo" in legal_actions(h)
    assert result(play(h, "mazo")) == (1, at_once, "ARG-9")
    h = play(hand(AR, mazo_first_round=reading), "play 7e", "play 4o", "mazo")
    assert result(h) == (1, 1, "ARG-9"), "AMB-52 binds only the first round"


@pytest.mark.clause("ARG-9", "BET-4", "BET-3")
def test_the_mazo_pays_a_refusal_of_the_pending_call_or_the_accepted_value() -> None:
    h = play(hand(AR, mazo_first_round="hand-value"), "raise 2")
    assert "mazo" in legal_actions(h)
    assert result(play(h, "mazo")) == (0, 1, "ARG-9")
    assert result(play(hand(AR), "raise 2", "accept", "play 7e", "play 4o", "mazo")) == (1, 2, "ARG-9")
    assert result(play(hand(AR), "raise 2", "raise 3", "mazo")) == (1, 3, "ARG-9")


@pytest.mark.clause("ARG-9", "ENV-1")
def test_no_envido_point_once_an_envido_was_sung() -> None:
    h = play(hand(AR), "envido", "run", "mazo")
    assert result(h) == (1, 1, "ARG-9") and h.score == [1, 0]


@pytest.mark.clause("ARG-9", "URU-6")
def test_the_refusals() -> None:
    refused(play(hand(AR), "envido"), "mazo", "ARG-9")  # the envido is answered first
    refused(hand("mineiro-1v1-es", (("4C", "7H", "AS"), ("7D", "QD", "5C"))), "mazo", "ARG-9")  # lacked
    flor = hand(UY, (("1e", "5e", "7e"), ("10o", "11b", "12c")), muestra="7c")  # flor-first
    assert legal_actions(flor) == {"flor"}
    refused(flor, "mazo", "URU-6")
    assert "mazo" in legal_actions(play(flor, "flor"))


@pytest.mark.clause("URU-10")
def test_the_uruguayan_mazo() -> None:
    deal = (("10e", "11b", "12o"), ("4o", "5c", "6b"))
    assert result(play(hand(UY, deal, "7c"), "mazo")) == (1, 1, "URU-10")
    assert result(play(hand(UY, deal, "7c", mazo_first_round="envido-point"), "mazo")) == (1, 2, "URU-10")
