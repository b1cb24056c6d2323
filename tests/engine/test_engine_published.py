"""The rulesets written from published rules (argentino-1v1, uruguayo-1v1) and the readings they
raised: AMB-1 starter-side-wins, AMB-29 envido-first, AMB-30 falta-halves, AMB-31
flor-over-envido, AMB-32 flor-in-play, AMB-33 partida-points. Each reading is switched at a set
position and its effect checked; envido and flor one against one and in pairs."""

from __future__ import annotations

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules import engine
from truco_rules.engine import Game, IllegalActionError

AR, UY, GA = "argentino-1v1", "uruguayo-1v1", "gauderio-pairs-es"
AR_BASE = deal("7e 6e 1b", "4o 5c 6b")  # envido 33 against 6; no flor
AR_FLORS = deal("1e 5e 7e", "4o 5o 6o")  # flor 33 against 35
TIED = deal("3e 2e 1o", "3b 2b 1c")  # every round tied
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # envido 33, 6, 0, 5


def _refused(game: Game, action: str, clause: str, words: str = "") -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    assert err.value.clause == clause and words in str(err.value), f"[{clause}] {err.value}"
    assert game == before


# ----------------------------------------------------------------- AMB-1 starter-side-wins


@pytest.mark.clause("ARG-4")
@pytest.mark.parametrize(("reading", "winners", "scores"), [
    ("starter-side-wins", [0, 1], (1, 1)),  # the mano's side: seat 0, then seat 1
    ("nobody-scores", [None, None], (0, 0)),  # HND-9
    ("dealer-side-wins", [1, 0], (1, 1)),  # HND-10
])
def test_all_rounds_tied(reading: str, winners: list[int | None], scores: tuple[int, int]) -> None:
    g = new(AR, TIED + TIED, all_rounds_tied=reading)
    play(g, "play 3e", "play 3b", "play 2e", "play 2b", "play 1o", "play 1c")
    assert g.observation(0)["starter"] == 1
    play(g, "play 3b", "play 3e", "play 2b", "play 2e", "play 1c", "play 1o")
    hands = g.record()["hands"]
    assert [h["result"]["winner"] for h in hands] == winners, f"[ARG-4] AMB-1 {reading}"
    assert [h["result"]["rounds"] for h in hands] == [["tie"] * 3] * 2 and g.scores == scores


@pytest.mark.clause("ARG-4")
def test_starter_side_wins_in_pairs_goes_to_the_starters_pair() -> None:
    hands = deal("3e 2e 1o", "3b 2b 1c", "3o 2o 4e", "3c 2c 4b")
    g = new(GA, hands, all_rounds_tied="starter-side-wins")
    play(g, "play 3e", "play 3b", "play 3o", "play 3c", "play 2e", "play 2b", "play 2o", "play 2c",
         "play 1o", "play 1c", "play 4e", "play 4b")
    assert last_hand(g)["result"]["winner"] == 0 and g.scores == (1, 0), "[ARG-4] seat 0 started"


# ----------------------------------------------------------------- envido one against one


@pytest.mark.clause("ENV-4", "ARG-5")
def test_envido_one_against_one() -> None:
    g = play(new(AR, AR_BASE), "envido")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "envido", "real-envido", "falta-envido"]
    play(g, "envido", "real-envido")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "falta-envido"], "[ARG-5] forward only"
    _refused(g, "envido", "ARG-5", "cannot go back")
    assert play(g.copy(), "accept").scores == (7, 0), "[ARG-5] 2 + 2 + 3 to the 33"
    assert play(g.copy(), "run").scores == (4, 0), "[ARG-5] refused: the chain before it"
    assert play(new(AR, AR_BASE), "envido", "run").scores == (1, 0), "[ARG-5] a refused first call: 1"
    g = play(new(AR, AR_BASE), "play 7e")
    assert legal_texts(g) == ["play 4o", "play 5c", "play 6b", "raise 2", "envido", "real-envido",
                              "falta-envido", "mazo"], \
        "AMB-23: the second seat may still call, before playing"


# ----------------------------------------------------------------- AMB-29 envido-first


@pytest.mark.clause("ENV-1", "BET-2")
def test_envido_goes_first_and_the_truco_waits() -> None:
    g = play(new(AR, AR_BASE), "raise 2")
    assert legal_texts(g) == ["accept", "run", "raise 3", "envido", "real-envido", "falta-envido",
                              "mazo"], "AMB-29"
    play(g, "envido")
    pending = g.observation(0)["pending"]
    assert pending == {"kind": "envido", "chain": ["envido"], "by": 1, "truco": {"value": 2, "by": 0}}
    assert g.to_act == 0 and legal_texts(g) == ["accept", "run", "envido", "real-envido", "falta-envido"]
    _refused(g, "raise 3", "ARG-5", "envido call is pending")
    play(g, "accept")
    assert g.scores == (2, 0), "the envido is settled first"
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "raise 3", "mazo"], "AMB-29: then the truco"
    assert g.observation(1)["pending"] == {"kind": "truco", "value": 2, "by": 0}
    play(g, "accept")
    assert g.to_act == 0 and g.observation(0)["hand_value"] == 2 and "envido" not in legal_texts(g)
    run = play(new(AR, AR_BASE), "raise 2", "real-envido", "run", "run")
    assert run.scores == (1, 1), "a refused envido pays 1 to seat 1, then a refused truco 1 to seat 0"


@pytest.mark.clause("ENV-1", "BET-2")
def test_envido_first_only_for_the_first_call_in_the_first_round() -> None:
    g = play(new(AR, AR_BASE), "raise 2", "raise 3")
    assert legal_texts(g) == ["accept", "run", "raise 4", "mazo"], \
        "AMB-29: a raise is not the hand's first call"
    _refused(g, "envido", "ENV-1", "first truco call")
    g = play(new(AR, AR_BASE), "play 7e", "raise 2")
    assert g.to_act == 0 and "envido" not in legal_texts(g), "AMB-29: seat 0 has played its card"
    _refused(g, "envido", "ENV-1", "seat 0 has already played a card")
    g = play(new(AR, AR_BASE), "envido", "accept", "raise 2")
    _refused(g, "envido", "ENV-1", "already been an envido")
    g = play(new(AR, AR_BASE, envido_first="truco-closes-envido"), "raise 2")
    assert legal_texts(g) == ["accept", "run", "raise 3", "mazo"], "AMB-29 truco-closes-envido"
    _refused(g, "envido", "ENV-1", "truco-closes-envido")


@pytest.mark.clause("ENV-1", "BET-2")
def test_envido_first_in_pairs() -> None:
    g = play(new(GA, GA_BASE, envido_first="envido-first"), "raise 2")
    assert g.to_act == 1 and "envido" in legal_texts(g), "AMB-29 in pairs: the seat that answers"
    play(g, "envido")
    assert g.to_act == 2, "AMB-16: the next opponent of the envido's caller answers it"
    play(g, "accept")
    assert g.scores == (2, 0) and g.to_act == 1, "the truco is answered by the seat that went first"
    g = play(new(GA, GA_BASE), "raise 2")
    assert "envido" not in legal_texts(g), "gauderio-pairs-es reads truco-closes-envido"


@pytest.mark.clause("URU-6")
def test_flor_goes_first_too() -> None:
    g = new(UY, deal("10e 11b 12o", "1e 5e 7e"), muestras=["4c"])  # seat 1 holds flor, seat 0 none
    play(g, "raise 2")
    assert legal_texts(g) == ["run", "flor"], "AMB-29, AMB-31: flor, no envido; AMB-42 flor-first: no quiero"
    g = new(UY, deal("10e 11b 12o", "1e 5e 7e"), muestras=["4c"], flor_before_truco="truco-allowed")
    play(g, "raise 2")
    assert legal_texts(g) == ["accept", "run", "raise 3", "flor", "mazo"], \
        "AMB-42 truco-allowed: the truco first"
    play(g, "flor")
    assert g.scores == (0, 3) and g.to_act == 1 and legal_texts(g) == ["accept", "run", "raise 3", "mazo"]


# ----------------------------------------------------------------- AMB-30 falta-halves


@pytest.mark.clause("ARG-6", "ARG-7")
@pytest.mark.parametrize(("scores", "reading", "after", "over"), [
    ((10, 8), "to-buenas", (15, 8), False),  # in the malas: to the buenas
    ((10, 8), "to-target", (30, 8), True),  # always to the target
    ((16, 8), "to-buenas", (30, 8), True),  # in the buenas: to the target
    ((15, 8), "to-buenas", (30, 8), True),  # 15 is already the buenas
    ((8, 14), "to-buenas", (9, 14), False),  # counted from the leader (AMB-22 leader-lacks): 15 - 14
])
def test_falta_with_halves(scores: tuple[int, int], reading: str, after: tuple[int, int], over: bool) -> None:
    g = play(new(AR, AR_BASE, scores=scores, falta_halves=reading), "falta-envido", "accept")
    assert g.scores == after and (g.outcome() is not None) == over, f"[ARG-6] AMB-30 {reading} from {scores}"


@pytest.mark.clause("ARG-6")
def test_falta_with_halves_and_winner_lacks() -> None:
    g = play(new(AR, AR_BASE, scores=(3, 14), falta_points="winner-lacks"), "falta-envido", "accept")
    assert g.scores == (15, 14), "AMB-22 winner-lacks with AMB-30 to-buenas: 15 - 3"


# ----------------------------------------------------------------- AMB-31 flor-over-envido


@pytest.mark.clause("URU-6")
def test_flor_replaces_envido() -> None:
    # seat 0: no flor, calls envido; seat 1 holds flor and sings it instead of answering
    g = play(new(AR, deal("7e 6e 1b", "4o 5o 6o"), flor_in_play="with-flor"), "envido")
    assert legal_texts(g) == ["accept", "run", "flor"], "AMB-31: a seat with flor may not raise the envido"
    _refused(g, "real-envido", "ARG-8", "holds flor")
    play(g, "flor")
    assert g.scores == (0, 3) and g.to_act == 0, "AMB-31: the envido is dropped, the flor scores"
    assert last_hand(play(g, "raise 2", "run"))["result"]["side_points"] == [
        {"contest": "flor", "side": 1, "points": 3}], "nobody scores for the envido"
    g = new(AR, deal("4o 5o 6o", "7e 6e 1b"), flor_in_play="with-flor", flor_optional="optional")
    assert "envido" not in legal_texts(g) and "flor" in legal_texts(g), "AMB-31: no envido with flor"
    _refused(g, "envido", "ARG-8", "flor-replaces-envido")


@pytest.mark.clause("FLR-1")
def test_envido_stands() -> None:
    stands = {"flor_in_play": "with-flor", "flor_over_envido": "envido-stands"}
    g = play(new(AR, deal("7e 6e 1b", "4o 5o 6o"), **stands), "envido")
    assert legal_texts(g) == ["accept", "run", "envido", "real-envido", "falta-envido"], "AMB-31"
    _refused(g, "flor", "ARG-5")  # the envido call waits for its answer first
    g = new(AR, deal("4o 5o 6o", "7e 6e 1b"), flor_in_play="with-flor", flor_over_envido="envido-stands")
    assert "envido" in legal_texts(g) and "flor" in legal_texts(g)


# ----------------------------------------------------------------- AMB-32 flor-in-play


@pytest.mark.clause("ARG-8")
def test_flor_in_play() -> None:
    g = new(AR, AR_FLORS)
    assert "flor" not in legal_texts(g) and "play 1e" in legal_texts(g), "AMB-32 without-flor"
    _refused(g, "flor", "FLR-1", "AMB-32 flor-in-play=without-flor")
    assert g.observation(0)["envido_points"] == 32, "three of a suit are only an envido hand"
    g = new(AR, AR_FLORS, flor_in_play="with-flor")
    assert legal_texts(g) == ["flor"], "AMB-32 with-flor, AMB-26 mandatory, AMB-42 flor-first"
    play(g, "flor", "accept")
    assert g.scores == (0, 4), "[ARG-8] quiero: the higher flor (35) takes 4 (AMB-50 4, the default)"
    g = play(new(AR, AR_FLORS, flor_in_play="with-flor"), "flor", "contraflor", "contraflor-resto", "accept")
    assert g.scores == (0, 15), "[ARG-8] contraflor al resto for the falta (to the buenas)"


# ----------------------------------------------------------------- AMB-50 flor-accepted


@pytest.mark.clause("ARG-8")
@pytest.mark.parametrize(("reading", "points"), [("6", 6), ("4", 4)])
def test_flor_accepted(reading: str, points: int) -> None:
    g = play(new(AR, AR_FLORS, flor_in_play="with-flor", flor_accepted=reading), "flor", "accept")
    assert g.scores == (0, points), f"[ARG-8] AMB-50 {reading}: quiero, the higher flor (35) takes {points}"
    g = new(AR, AR_FLORS, flor_in_play="with-flor", flor_accepted=reading)
    g = play(g, "flor", "contraflor", "accept")
    assert g.scores == (0, 6), "AMB-34 three-more: the contraflor is the same under both readings"
    rs = engine.RULESETS[AR]
    assert "flor" not in rs.document(rs.resolve({"flor-accepted": reading})), "no flor, no flor's value"


# ----------------------------------------------------------------- AMB-33 partida-points


@pytest.mark.clause("URU-9")
@pytest.mark.parametrize(("reading", "target", "half"),
                         [("30", 30, 15), ("40", 40, 20), ("24", 24, 12), ("18", 18, 9)])
def test_partida_points(reading: str, target: int, half: int) -> None:
    hands = deal("10e 11b 12o", "4o 5c 6b")
    g = new(UY, hands, muestras=["1c"], scores=(half - 3, 0), partida_points=reading)
    play(g, "falta-envido", "accept")  # seat 1's 6 wins the falta: what the leader lacks to the buenas
    assert g.scores == (half - 3, 3), f"[URU-9] AMB-33 {reading}: the buenas begin at {half}"
    g = new(UY, hands, muestras=["1c"], scores=(0, target - 1), partida_points=reading)
    play(g, "envido", "accept")
    assert g.outcome() is not None and g.config.target == target, f"[URU-9] AMB-33 {reading}"
    with pytest.raises(ValueError, match=rf"^starting scores must be 0\.\.{target - 1}$"):
        new(UY, hands, muestras=["1c"], scores=(target, 0), partida_points=reading)
