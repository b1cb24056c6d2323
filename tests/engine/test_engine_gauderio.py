"""Clause by clause: Truco Gauderio's ladder, envido, flor, señas and partidas."""

from __future__ import annotations

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import IllegalActionError
from truco_rules.engine.config import make_config
from truco_rules.engine.tanto import envido_points, flor_points

GA = "gauderio-pairs-es"
GAUDERIO_DECK = make_config(GA).deck  # the deck read from the ruleset file
# seat 0: envido 33; seat 1: 6 (no pair; 15 summed); seat 2: 0; seat 3: 5. No flor.
BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")
# every seat holds flor: 33, 35, 29, 26
FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")
# only seat 0 holds flor
ONE_FLOR = deal("1e 5e 7e", "4o 5c 6b", "10b 11b 12o", "4b 5o 2c")


def _refused(game, action: str, clause: str) -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    assert err.value.clause == clause, f"[{clause}] refused by {err.value}"
    assert game == before


def _cards(text: str) -> tuple[int, ...]:
    return tuple(GAUDERIO_DECK.index(c) for c in text.split())


@pytest.mark.clause("VAL-2", "BET-9")
def test_gauderio_ladder() -> None:
    g = new(GA, BASE)
    assert g.observation(0)["hand_value"] == 1, "[VAL-2]"
    play(g, "raise 2")
    assert legal_texts(g) == ["accept", "run", "raise 3"], "[BET-9]"
    play(g, "raise 3")
    assert legal_texts(g) == ["accept", "run", "raise 4"]
    play(g, "raise 4")
    assert legal_texts(g) == ["accept", "run"], "[BET-9] vale cuatro is the top"
    play(g, "run")
    assert g.scores == (3, 0), "[BET-4] seat 0 called 4: its side scores 3"


@pytest.mark.clause("ENV-2", "ENV-4", "ENV-7", "ENV-3")
def test_envido_points() -> None:
    assert envido_points(_cards("7e 6e 1b"), GAUDERIO_DECK, False) == 33, "[ENV-2] 20 + 7 + 6"
    assert envido_points(_cards("12e 11e 5b"), GAUDERIO_DECK, False) == 20, "[ENV-7] figures count 0"
    assert envido_points(_cards("1e 5e 7e"), GAUDERIO_DECK, False) == 32, "[ENV-4] the two highest"
    assert envido_points(_cards("1e 2b 7o"), GAUDERIO_DECK, False) == 7, "[ENV-3] AMB-21 highest-card"
    assert envido_points(_cards("1e 2b 7o"), GAUDERIO_DECK, True) == 10, "[ENV-3] AMB-21 sum-of-cards"
    assert flor_points(_cards("1e 5e 7e"), GAUDERIO_DECK) == 33, "AMB-24: 20 + the three values"
    assert flor_points(_cards("1e 5e 7o"), GAUDERIO_DECK) is None


@pytest.mark.clause("ENV-1", "ENV-4")
def test_envido_accepted_and_refused() -> None:
    g = play(new(GA, BASE), "envido")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "envido", "real-envido", "falta-envido"]
    play(g, "accept")
    assert g.scores == (2, 0) and g.to_act == 0, "[ENV-4] the highest envido wins 2; the opener goes on"
    assert "envido" not in legal_texts(g), "AMB-23: one contest per hand"
    g = play(new(GA, BASE), "envido", "run")
    assert g.scores == (1, 0), "AMB-20: a refused first call pays 1"


@pytest.mark.clause("ENV-5", "ENV-6")
def test_envido_chain() -> None:
    g = play(new(GA, BASE), "envido", "envido")
    assert g.to_act == 0 and legal_texts(g) == ["accept", "run", "real-envido", "falta-envido"]
    play(g, "real-envido")
    assert legal_texts(g) == ["accept", "run", "falta-envido"], "[ENV-5] forward only"
    _refused(g, "envido", "ENV-5")
    play(g, "run")
    assert g.scores == (4, 0), "AMB-20: the accepted chain before the refused call"
    g = play(new(GA, BASE), "envido", "real-envido", "accept")
    assert g.scores == (5, 0), "[ENV-5] real envido adds 3"


@pytest.mark.clause("ENV-6")
@pytest.mark.parametrize(("reading", "score"), [("leader-lacks", (14, 20)), ("winner-lacks", (24, 20))])
def test_reading_falta_points(reading: str, score: tuple[int, int]) -> None:
    g = play(new(GA, BASE, scores=(10, 20), falta_points=reading), "falta-envido", "accept")
    assert g.scores == score, f"[ENV-6] AMB-22 {reading}"


def test_reading_side_bet_ties() -> None:
    g = play(new(GA, deal("7e 6e 1b", "7o 6o 4b", "10e 11b 12o", "4c 5b 2c")), "envido", "accept")
    assert g.scores == (2, 0), "AMB-24: equal envido goes to the starter's side"


@pytest.mark.clause("ENV-1")
@pytest.mark.parametrize("reading", ["immediately", "end-of-hand"])
def test_reading_side_bet_scoring(reading: str) -> None:
    g = play(new(GA, BASE, side_bet_scoring=reading), "envido", "accept")
    assert g.scores == ((2, 0) if reading == "immediately" else (0, 0)), f"AMB-25 {reading}"
    play(g, "raise 2", "run")
    assert g.scores == (3, 0)
    res = last_hand(g)["result"]
    assert res["side_points"] == [{"contest": "envido", "side": 0, "points": 2}] and res["points"] == 1


@pytest.mark.clause("MAT-2", "MAT-3", "MAT-4")
@pytest.mark.parametrize(("readings", "over", "score"),
                         [({}, True, (24, 20)), ({"gauderio_target": "30"}, False, (24, 20)),
                          ({"match_format": "best-of-three"}, False, (0, 0))])
def test_partida_ends_mid_hand(readings: dict[str, str], over: bool, score: tuple[int, int]) -> None:
    g = play(new(GA, BASE, scores=(22, 20), **readings), "envido", "accept")
    assert (g.outcome() is not None) == over and g.scores == score, f"[MAT-2, MAT-3, MAT-4] {readings}"
    if over or "match_format" in readings:
        hand = g.record()["hands"][-1]
        assert hand["result"]["winner"] is None and hand["result"]["rounds"] == []
        assert hand["result"]["score"] == [24, 20]
    if "match_format" in readings:
        obs = g.observation(0)
        assert obs["partida"] == 2 and obs["partidas"] == [0] and obs["starter"] == 3, "[MAT-2]"


@pytest.mark.clause("FLR-1", "FLR-2")
def test_flor_without_rival() -> None:
    g = new(GA, ONE_FLOR)
    assert "flor" in legal_texts(g)
    play(g, "flor")
    assert g.scores == (3, 0) and g.to_act == 0, "[FLR-2] 3 points, the singer goes on"
    g = play(new(GA, ONE_FLOR), "play 1e")
    _refused(g, "flor", "FLR-1")


@pytest.mark.clause("FLR-3", "FLR-4", "FLR-5")
def test_flor_partner_raise_and_two_accepts() -> None:
    g = play(new(GA, FLORS), "flor")
    assert g.to_act == 2 and legal_texts(g) == ["flor-raise", "flor-pass"], "[FLR-3]"
    play(g, "flor-raise")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "contraflor", "run"], "[FLR-4]"
    play(g, "accept", "accept")
    assert g.scores == (0, 12), "[FLR-5] both accept: 12 to the highest flor (seat 1's 35)"
    g = play(new(GA, FLORS), "flor", "flor-pass", "accept", "run")
    assert g.scores == (0, 9), "[FLR-5] one accept: 9"
    g = play(new(GA, FLORS), "flor", "flor-raise", "run", "run")
    assert g.scores == (6, 0), "[FLR-8] all ran: the stake in force"


@pytest.mark.clause("FLR-6", "FLR-7", "FLR-8")
@pytest.mark.parametrize(("reading", "contra_run", "resto_run"),
                         [("stake-before-call", 3, 6), ("stake-called", 6, 24)])
def test_contraflor(reading: str, contra_run: int, resto_run: int) -> None:
    g = play(new(GA, FLORS, flor_refusal=reading), "flor", "flor-pass", "contraflor")
    assert g.to_act == 0 and legal_texts(g) == ["accept", "run", "contraflor-resto"], "[FLR-6]"
    branch = g.copy()
    play(g, "run")
    assert g.scores == (0, contra_run), f"[FLR-8] AMB-27 {reading}"
    play(branch, "contraflor-resto")
    assert branch.to_act == 1 and legal_texts(branch) == ["accept", "run"], "[FLR-7]"
    _refused(branch, "contraflor-resto", "FLR-7")
    resto = branch.copy()
    play(branch, "run")
    assert branch.scores == (resto_run, 0) or branch.outcome() is not None, f"[FLR-8] {reading}"
    play(resto, "accept")
    assert resto.outcome() is not None and resto.outcome().winner == 1, "[FLR-6] the falta ends the partida"


@pytest.mark.clause("FLR-1")
def test_reading_flor_mandatory() -> None:
    g = new(GA, ONE_FLOR, flor_optional="mandatory")
    assert not any(a.kind == "play" for a in g.legal_actions())
    _refused(g, "play 1e", "FLR-1")
    assert any(a.kind == "play" for a in new(GA, ONE_FLOR).legal_actions()), "AMB-26 optional"


@pytest.mark.clause("ENV-1")
def test_side_bet_window() -> None:
    """AMB-23 first-card-turn, refused with the contest's clause (ENV-3, the envido without a
    pair, says nothing of when it is called)."""
    g = play(new(GA, BASE), "raise 2", "accept")
    _refused(g, "envido", "ENV-1")
    g = play(new(GA, BASE), "play 7e", "play 4o", "play 10e", "play 4b")
    _refused(g, "envido", "ENV-1")


@pytest.mark.clause("SEN-1", "SEN-2", "SEN-3")
def test_senas_truthful_and_seen_by_the_partner_only() -> None:
    g = new(GA, BASE)
    signs = [a.text for a in g.legal_actions() if a.kind == "sign"]
    assert signs == ["sign tanto-30-plus"], "[SEN-3] 33 points, a 1b: not ciego"
    _refused(g, "sign ciego", "SEN-1")
    _refused(g, "sign tanto-27-29", "SEN-2")
    play(g, "sign tanto-30-plus")
    assert g.to_act == 0 and not any(a.kind == "sign" for a in g.legal_actions()), "one seña per hand"
    assert g.observation(2)["signs"] == [{"seat": 0, "sign": "tanto-30-plus"}], "the partner sees it"
    assert g.observation(1)["signs"] == [] and g.observation(3)["signs"] == [], "opponents do not"
    assert g.observation(0)["signs"] == []
    g = play(new(GA, BASE), "play 7e")
    assert "sign ciego" in legal_texts(g), "[SEN-1] seat 1 holds nothing at or above the 3s"
    free = new(GA, BASE, senas="free")
    assert [a.text for a in free.legal_actions() if a.kind == "sign"] == [
        "sign ciego", "sign tanto-27-29", "sign tanto-30-plus"], "AMB-28 free"


def test_mineiro_has_no_contests() -> None:
    g = new("mineiro-1v1-es", seed=1)
    _refused(g, "envido", "ENV-1")
    _refused(g, "flor", "FLR-1")
    _refused(g, "sign ciego", "SEN-1")
