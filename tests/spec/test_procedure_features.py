"""The spec's procedure on the features the rulesets written from published rules bring: the
muestra and its piezas, envido and flor one against one, the envido that goes first (AMB-29),
flor over envido (AMB-31), the falta with malas and buenas (AMB-30), three tied rounds won by the
mano (AMB-1 starter-side-wins). Stacked deals and scripted actions, checked step by step."""

from __future__ import annotations

import pytest

from truco_rules.spec.rules.state import Hand, Illegal, Rules, legal_actions


def hand(
    ruleset: str,
    deal: list[list[str]],
    *,
    muestra: str | None = None,
    score: tuple[int, int] = (0, 0),
    readings: dict[str, str] | None = None,
) -> Hand:
    return Hand(Rules.of(ruleset, readings), 1, 1, 0, tuple(tuple(d) for d in deal), list(score), muestra)


def play(h: Hand, *actions: str) -> None:
    for text in actions:
        h.apply(h.to_act(), text)  # type: ignore[arg-type]


@pytest.mark.clause("ENV-1", "BET-2")
def test_the_envido_goes_first() -> None:
    h = hand("argentino-1v1", [["4e", "5b", "6o"], ["4b", "5o", "6c"]])
    play(h, "raise 2")
    assert h.to_act() == 1 and {"envido", "real-envido", "falta-envido"} <= legal_actions(h), (
        "[ENV-1] AMB-29 envido-first: the seat answering the truco may sing envido first"
    )
    play(h, "envido")
    assert h.phase == "envido" and h.to_act() == 0
    play(h, "accept")  # 6 against 6: the mano (seat 0) wins the tie (AMB-24)
    assert h.score == [2, 0], "[ENV-4] envido 2 to the mano on equal points"
    assert h.phase == "truco" and h.to_act() == 1, "[BET-2] the pending truco is answered after the envido"
    assert legal_actions(h) == {"accept", "run", "raise 3", "mazo"}, \
        "[BET-2] one contest per hand: no second envido"
    play(h, "accept")
    assert h.value == 2 and h.phase == "play" and h.to_act() == 0, "[BET-3] truco accepted, play goes on"


@pytest.mark.clause("ENV-1")
def test_the_envido_does_not_go_first_where_truco_closes_it() -> None:
    h = hand(
        "argentino-1v1",
        [["4e", "5b", "6o"], ["4b", "5o", "6c"]],
        readings={"envido-first": "truco-closes-envido"},
    )
    play(h, "raise 2")
    assert legal_actions(h) == {"accept", "run", "raise 3", "mazo"}, "[ENV-1] AMB-29 truco-closes-envido"
    with pytest.raises(Illegal, match=r"\[ENV-1\]"):
        h.apply(1, "envido")


@pytest.mark.clause("ENV-1")
def test_the_envido_goes_first_only_before_playing_a_card() -> None:
    h = hand("argentino-1v1", [["4e", "5b", "6o"], ["4b", "5o", "6c"]])
    play(h, "play 4e", "raise 2")  # seat 1 calls truco; seat 0 has played its first card
    assert h.to_act() == 0 and "envido" not in legal_actions(h), "[ENV-1] AMB-29: seat 0 already played"


@pytest.mark.clause("ARG-8", "FLR-2")
def test_flor_replaces_a_pending_envido() -> None:
    h = hand(
        "argentino-1v1", [["4e", "5b", "6o"], ["1c", "5c", "7c"]], readings={"flor-in-play": "with-flor"}
    )
    play(h, "envido")
    assert legal_actions(h) == {"accept", "run", "flor"}, (
        "[ARG-8] AMB-31: the seat holding flor answers the envido with flor, and never sings envido"
    )
    play(h, "flor")
    assert h.score == [0, 3] and h.phase == "play" and h.to_act() == 0, (
        "[ARG-8] the envido is dropped; no flor against it: the singer's side scores 3 (FLR-2)"
    )
    assert h.outcome is not None and [(c, s, p) for c, s, p, _ in h.outcome.side_points] == [("flor", 1, 3)]


@pytest.mark.clause("ARG-8")
def test_flor_is_mandatory_and_bars_envido() -> None:
    h = hand(
        "argentino-1v1", [["1c", "5c", "7c"], ["4e", "5b", "6o"]], readings={"flor-in-play": "with-flor"}
    )
    legal = legal_actions(h)
    assert "flor" in legal and not legal & {"envido", "play 1c", "play 5c", "play 7c"}, (
        "[ARG-8] AMB-26 mandatory: flor is sung before the first card; AMB-31: no envido with flor"
    )


@pytest.mark.clause("ARG-8")
def test_flor_against_flor_one_against_one() -> None:
    h = hand(
        "argentino-1v1", [["1c", "5c", "7c"], ["4e", "5e", "6e"]], readings={"flor-in-play": "with-flor"}
    )
    play(h, "flor")
    assert h.to_act() == 1 and legal_actions(h) == {"accept", "run", "contraflor"}
    play(h, "accept")  # 33 (20 + 1 + 5 + 7) against 35 (20 + 4 + 5 + 6)
    assert h.score == [0, 4], "[ARG-8] AMB-50 4 (the default): with flor quiero the higher flor takes 4"


@pytest.mark.clause("ARG-8")
@pytest.mark.parametrize(("reading", "points"), [("6", 6), ("4", 4)])
def test_the_accepted_flors_value(reading: str, points: int) -> None:
    h = hand(
        "argentino-1v1", [["1c", "5c", "7c"], ["4e", "5e", "6e"]],
        readings={"flor-in-play": "with-flor", "flor-accepted": reading},
    )
    play(h, "flor", "accept")
    assert h.score == [0, points], f"[ARG-8] AMB-50 {reading}: quiero, the higher flor takes {points}"
    play(h, "play 1c")
    assert h.score == [0, points], "the flor's value is scored once"


def test_the_accepted_flors_value_needs_flor_in_play() -> None:
    rules = Rules.of("argentino-1v1", {"flor-accepted": "4"})
    assert "flor" not in rules.data, "AMB-50 sets nothing where AMB-32 without-flor leaves no flor"


@pytest.mark.clause("ARG-4")
def test_three_tied_rounds_go_to_the_mano() -> None:
    h = hand("argentino-1v1", [["3e", "2e", "4e"], ["3b", "2b", "4b"]])
    play(h, "play 3e", "play 3b", "play 2e", "play 2b", "play 4e", "play 4b")
    assert h.over and h.outcome is not None
    assert (h.outcome.winner, h.outcome.points, h.outcome.clause) == (0, 1, "ARG-4"), (
        "[ARG-4] AMB-1 starter-side-wins: the mano's side wins the hand"
    )


@pytest.mark.clause("ARG-6")
def test_falta_envido_in_the_malas_stakes_the_points_to_the_buenas() -> None:
    h = hand("argentino-1v1", [["7e", "6e", "1b"], ["4b", "5o", "6c"]], score=(10, 4))
    play(h, "falta-envido", "accept")
    assert h.score == [15, 4], "[ARG-6] AMB-30 to-buenas: the leader (10) needs 5 to reach the buenas"
    h = hand(
        "argentino-1v1",
        [["7e", "6e", "1b"], ["4b", "5o", "6c"]],
        score=(10, 4),
        readings={"falta-halves": "to-target"},
    )
    play(h, "falta-envido", "accept")
    assert h.score == [30, 4] and h.over, "[ENV-6] AMB-30 to-target: 20 to reach 30, and the partida ends"


@pytest.mark.clause("URU-2", "URU-3")
def test_piezas_win_rounds() -> None:
    h = hand("uruguayo-1v1", [["2o", "3e", "4c"], ["1e", "3b", "12c"]], muestra="7o")
    play(h, "play 2o", "play 1e")
    assert h.rounds == [0], "[URU-3] the 2 of the muestra's suit beats the 1 of espadas"
    play(h, "play 3e", "play 3b")
    assert h.over and h.outcome is not None and h.outcome.winner == 0, (
        "[HND-8] won then tied: the first decides"
    )


@pytest.mark.clause("URU-4")
def test_the_stand_in_is_a_pieza() -> None:
    h = hand("uruguayo-1v1", [["12o", "3e", "4c"], ["1e", "3b", "6c"]], muestra="4o")
    play(h, "play 12o", "play 1e")
    assert h.rounds == [0], "[URU-4] the muestra is the 4 of oros: the 12 of oros takes its place"


@pytest.mark.clause("URU-6")
def test_a_pieza_with_two_of_a_suit_is_a_flor() -> None:
    h = hand("uruguayo-1v1", [["2o", "7e", "6e"], ["1e", "3b", "12c"]], muestra="10o")
    assert h.seat_flor(0) and not h.seat_flor(1), "[URU-6] a pieza with two cards of one suit"
    assert "flor" in legal_actions(h) and "play 7e" not in legal_actions(h), "[URU-6] sung before playing"
    play(h, "flor")
    assert h.score == [3, 0], "[URU-6] no flor against it: 3 to the singer"


@pytest.mark.clause("URU-5")
def test_envido_with_piezas() -> None:
    h = hand("uruguayo-1v1", [["5o", "7b", "3c"], ["7e", "6e", "1b"]], muestra="11o")
    assert h.envido_points(0) == 35 and h.envido_points(1) == 33, "[URU-5] the 5 counts 28, plus the 7"
    play(h, "envido", "accept")
    assert h.score == [2, 0], "[URU-5] 35 beats 33"


@pytest.mark.clause("URU-2")
def test_a_muestra_needs_a_ruleset_that_has_one() -> None:
    r = Rules.of("uruguayo-1v1")
    assert r.has("muestra") and not Rules.of("argentino-1v1").has("muestra")
