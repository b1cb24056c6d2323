"""Readings of the register switched at set positions: AMB-20 falta-added, AMB-34 contraflor-stake,
AMB-35 iron-cards, AMB-36 ciego, AMB-37 ten-call, AMB-38 envido-three-suit, AMB-39 sena-timing,
AMB-40 flor-answers, AMB-41 card-pairs and AMB-42 flor-before-truco. Each test plays the same deal
under the readings and checks what differs, in the words of the play procedure."""

from __future__ import annotations

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import Game, IllegalActionError
from truco_rules.engine.config import make_config
from truco_rules.engine.tanto import envido_points

ES, IT, GA, AR = "mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es", "argentino-1v1"
TEN = deal("3C 7H 6S", "4D 5D 6D")  # seat 0 wins the first two rounds
PAIRS = deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # envido 33, 6, 0, 5
FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")  # every seat holds flor: 33, 35, 29, 26


def _refused(game: Game, action: str, clause: str, words: str = "") -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    assert err.value.clause == clause and words in str(err.value), f"[{clause}] {err.value}"
    assert game == before, "a refusal changes nothing"


def _raises(game: Game) -> list[str]:
    return [a for a in legal_texts(game) if a.startswith("raise")]


# ----------------------------------------------------------------- AMB-37 ten-call


@pytest.mark.clause("TEN-3", "TEN-4", "BET-6")
def test_ten_call_next_step_asks_for_truco_with_the_next_step_only() -> None:
    g = new(ES, TEN, scores=(10, 4))
    assert _raises(g) == ["raise 6"], "AMB-37 next-step: the ladder's next step is asking for truco"
    _refused(g, "raise 4", "BET-6", "ten-call=next-step")
    _refused(g, "raise 10", "BET-6")
    play(g, "raise 6")
    assert g.outcome() is not None and g.outcome().forfeit == 0, "[TEN-4] AMB-9 caller-loses-match"


@pytest.mark.clause("TEN-3", "TEN-4")
@pytest.mark.parametrize("call", ["raise 4", "raise 6"])
def test_ten_call_truco_by_name_asks_with_either_call(call: str) -> None:
    g = new(ES, TEN, scores=(10, 4), ten_call="truco-by-name")
    assert _raises(g) == ["raise 4", "raise 6"], "AMB-37 truco-by-name: truco by its name or the next step"
    _refused(g, "raise 10", "BET-6", "4 or 6")
    play(g, call)
    assert g.outcome() is not None and g.outcome().forfeit == 0, f"[TEN-4] {call} asks for truco"
    g = play(new(ES, TEN, scores=(10, 4), ten_call="truco-by-name", ten_truco="caller-loses-hand"), call)
    assert g.scores == (10, 8) and g.outcome() is None, "AMB-9 caller-loses-hand: 4 to the other side"


@pytest.mark.clause("TEN-3", "TEN-4", "BET-3", "BET-10")
def test_ten_call_truco_only_lets_the_hand_rise_from_four() -> None:
    g = new(ES, TEN, scores=(10, 4), ten_call="truco-only")
    assert _raises(g) == ["raise 4", "raise 6"]
    branch = play(g.copy(), "raise 4")
    assert branch.outcome() is not None and branch.outcome().forfeit == 0, "[TEN-4] truco by its name"
    play(g, "raise 6")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "raise 10"], "an ordinary call, pending"
    play(g, "accept")
    assert g.observation(0)["hand_value"] == 6 and g.to_act == 0, "[BET-3] the hand of ten rises to 6"
    assert _raises(g) == ["raise 4"], "[BET-10] side 0 called last: only truco by name, at any point"
    play(g, "play 3C")
    assert _raises(g) == ["raise 4", "raise 10"]
    play(g, "raise 10", "accept", "play 4D", "play 7H", "play 5D")
    assert g.scores == (20, 4) and last_hand(g)["result"]["points"] == 10, "worth 10 after two calls"
    late = play(new(ES, TEN, scores=(10, 4), ten_call="truco-only", ten_truco="caller-loses-hand"),
                "raise 6", "accept", "raise 4")
    assert late.scores == (10, 10) and late.outcome() is None, "AMB-9 caller-loses-hand: the hand's 6"


@pytest.mark.clause("TEN-3", "IRN-3")
def test_ten_call_under_ten_truco_refused() -> None:
    for reading in ("next-step", "truco-by-name"):
        g = new(ES, TEN, scores=(10, 4), ten_call=reading, ten_truco="refused")
        assert _raises(g) == []
        for call in ("raise 4", "raise 6", "raise 10"):
            _refused(g, call, "TEN-3")
    g = new(ES, TEN, scores=(10, 4), ten_call="truco-only", ten_truco="refused")
    assert _raises(g) == ["raise 6"], "AMB-37 truco-only: only truco by its name is refused"
    _refused(g, "raise 4", "TEN-3")
    play(g, "raise 6", "accept")
    _refused(g, "raise 4", "TEN-3")
    g = new(IT, PAIRS, scores=(10, 10), ten_call="truco-only")
    assert g.observation(0)["hand_kind"] == "iron" and _raises(g) == ["raise 6"], "the iron hand of 002"
    _refused(g, "raise 4", "IRN-3")
    _refused(new(IT, PAIRS, scores=(10, 10)), "raise 6", "IRN-3")


# ----------------------------------------------------------------- AMB-35 iron-cards


@pytest.mark.clause("IRN-2", "COV-1", "HND-9")
def test_iron_cards_covered_ties_every_round() -> None:
    g = play(new(ES, TEN, scores=(10, 10), iron_cards="covered"), "play #1", "play #1")
    assert g.observation(0)["rounds"][0]["result"] == "tie", "AMB-35 covered: both cards worth nothing"
    plays = g.observation(1)["rounds"][0]["plays"]
    assert all(c["card"] is None and c["covered"] for c in plays), "face down, seen by nobody"
    play(g, "play #2", "play #2", "play #3", "play #3")
    res = g.record()["hands"][0]["result"]
    assert res["rounds"] == ["tie", "tie", "tie"] and res["winner"] is None, "[HND-9] AMB-1 nobody-scores"
    assert g.scores == (10, 10) and g.observation(0)["hand_kind"] == "iron", "dealt again at 10 to 10"
    g = play(new(ES, TEN, scores=(10, 10)), "play #1", "play #1", "play #2", "play #2")
    assert g.outcome() is not None and g.outcome().winner == 0, "played-at-value: the 3 and the 7H win"


@pytest.mark.clause("COV-1", "COV-2")
def test_iron_cards_covered_does_not_concede() -> None:
    g = new(ES, TEN, scores=(10, 10), iron_cards="covered", covered_card="concedes-hand")
    play(g, "play #1", "play #1")
    obs = g.observation(0)
    assert obs["rounds"][0]["result"] == "tie" and obs["hand_number"] == 1, "no concession (AMB-6)"
    play(g, "cover #2")
    assert g.outcome() is not None and g.outcome().winner == 1, "[COV-2] a card covered by choice concedes"


# ----------------------------------------------------------------- AMB-34 contraflor-stake


@pytest.mark.clause("FLR-6", "FLR-8")
@pytest.mark.parametrize(("reading", "stake"), [("double-stake", 6), ("double-quiero", 18)])
def test_contraflor_stake(reading: str, stake: int) -> None:
    g = play(new(GA, FLORS, contraflor_stake=reading), "flor", "flor-pass", "contraflor")
    won = play(g.copy(), "accept")
    assert won.scores == (0, stake), f"[FLR-6] AMB-34 {reading}: seat 1's 35 wins {stake}"
    assert play(g.copy(), "run").scores == (0, 3), "[FLR-8] stake-before-call: the 3 before the contraflor"
    called = play(new(GA, FLORS, contraflor_stake=reading, flor_refusal="stake-called"),
                  "flor", "flor-pass", "contraflor", "run")
    assert called.scores == (0, stake), "AMB-27 stake-called: the contraflor's stake"
    raised = play(new(GA, FLORS, contraflor_stake=reading), "flor", "flor-raise", "contraflor", "accept")
    assert raised.scores == (0, 12 if reading == "double-stake" else 18), "after the partner's raise to 6"


@pytest.mark.clause("ARG-8")
def test_contraflor_stake_where_a_quiero_gives_six() -> None:
    cards = deal("1e 5e 7e", "4o 5o 6o")  # flor 33 against 35
    for reading, stake in (("double-stake", 6), ("double-quiero", 12)):
        g = new(AR, cards, flor_in_play="with-flor", flor_accepted="6", contraflor_stake=reading)
        play(g, "flor", "contraflor", "accept")
        assert g.scores == (0, stake), f"AMB-34 {reading}"
    g = new(AR, cards, flor_in_play="with-flor", contraflor_stake="double-quiero")  # AMB-50 4
    assert play(g, "flor", "contraflor", "accept").scores == (0, 8), "AMB-34 double-quiero: twice 4"


# ----------------------------------------------------------------- AMB-40 flor-answers


@pytest.mark.clause("FLR-4", "FLR-6")
def test_flor_answers_in_turn_compares_only_who_answered() -> None:
    # seat 0's flor 35 and seat 1's 26; seat 3 holds 38 but a contraflor closes the answers first
    cards = deal("4e 5e 6e", "1b 2b 3b", "10o 11c 12e", "7o 6o 5o")
    g = play(new(GA, cards), "flor")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "contraflor", "run"]
    play(g, "contraflor")
    assert g.to_act == 0, "AMB-40 in-turn: the singer answers the contraflor; seat 3 does not answer"
    play(g, "accept")
    assert g.scores == (6, 0), "seat 3's flor, never sung against the singer, is not compared"
    g = play(new(GA, cards), "flor", "accept", "accept")
    assert g.scores == (0, 12), "[FLR-5] both answered quiero: seat 3's 38 is compared and wins"


# ----------------------------------------------------------------- AMB-36 ciego


@pytest.mark.clause("SEN-1")
def test_ciego_below_threes_or_below_twos() -> None:
    cards = deal("2e 4b 5o", "1o 4c 6b", "10e 11b 12o", "7e 5c 6c")
    g = new(GA, cards)
    assert "sign ciego" in legal_texts(g), "AMB-36 below-threes: a 2 is below the 3s"
    g = new(GA, cards, ciego="below-twos")
    _refused(g, "sign ciego", "SEN-1", "not true")
    play(g, "play 2e")
    assert "sign ciego" in legal_texts(g), "below-twos: the 1 of oros is below the 2s"


# ----------------------------------------------------------------- AMB-38 envido-three-suit


@pytest.mark.clause("ENV-2", "ENV-4")
def test_envido_three_suit_points() -> None:
    deck = make_config(GA).deck
    cards = tuple(deck.index(c) for c in ("1e", "5e", "7e"))
    assert envido_points(cards, deck, False) == 32, "AMB-38 two-highest: 20 + 5 + 7"
    assert envido_points(cards, deck, False, all_three=True) == 33, "all-three: 20 + 1 + 5 + 7"
    two = tuple(deck.index(c) for c in ("1e", "5e", "7o"))
    assert envido_points(two, deck, False, all_three=True) == 26, "two of a suit: unchanged, 20 + 1 + 5"


@pytest.mark.clause("ENV-4")
@pytest.mark.parametrize(("reading", "scores"), [("two-highest", (0, 2)), ("all-three", (2, 0))])
def test_envido_three_suit_decides_the_envido(reading: str, scores: tuple[int, int]) -> None:
    g = play(new(AR, deal("4e 5e 6e", "7b 6b 1c"), envido_three_suit=reading), "envido", "accept")
    assert g.scores == scores, f"AMB-38 {reading}: 31 or 35 against 33"


@pytest.mark.clause("SEN-3")
def test_envido_three_suit_widens_the_tanto_sign() -> None:
    cards = deal("5e 6e 7e", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")
    g = new(GA, cards, envido_three_suit="all-three")
    assert g.observation(0)["envido_points"] == 38 and "sign tanto-30-plus" in legal_texts(g), "30..38"
    assert new(GA, cards).observation(0)["envido_points"] == 33


# ----------------------------------------------------------------- AMB-39 sena-timing


@pytest.mark.clause("SEN-3")
def test_sena_timing() -> None:
    first_round = ("play 7e", "play 4o", "play 10e", "play 4b")  # seat 0 wins it and leads again
    g = play(new(GA, GA_BASE), *first_round)
    assert g.to_act == 0 and "sign tanto-30-plus" in legal_texts(g), "AMB-39 any-turn"
    g = play(new(GA, GA_BASE, sena_timing="before-first-card"), "play 7e")
    assert g.to_act == 1 and "sign ciego" in legal_texts(g), "seat 1 has not played yet"
    play(g, "play 4o", "play 10e", "play 4b")
    assert g.to_act == 0 and not any(a.startswith("sign") for a in legal_texts(g))
    _refused(g, "sign tanto-30-plus", "SEN-3", "sena-timing=before-first-card")


# ----------------------------------------------------------------- AMB-41 card-pairs


@pytest.mark.clause("CARD-5", "RND-2", "RND-3")
@pytest.mark.parametrize(("reading", "result"), [("equal", "tie"), ("in-order", 0)])
def test_card_pairs(reading: str, result: int | str) -> None:
    g = play(new(GA, deal("1c 7b 4e", "1o 7c 4o", "5e 5b 4b", "5o 5c 4c"), card_pairs=reading),
             "play 1c", "play 1o", "play 5e", "play 5o")
    assert g.observation(0)["rounds"][0]["result"] == result, f"AMB-41 {reading}: 1c against 1o"
    assert g.to_act == 0, "seat 0 won the round, or led the tied one (AMB-14)"
    play(g, "play 7b", "play 7c", "play 5b", "play 5c")
    if reading == "equal":
        assert g.observation(0)["rounds"][1]["result"] == "tie", "7b and 7c are one rank"
    else:
        assert last_hand(g)["result"]["rounds"] == [0, 0], "7b above 7c: seat 0 takes two rounds"


# ----------------------------------------------------------------- AMB-20 falta-added


@pytest.mark.clause("ENV-5", "ENV-6")
@pytest.mark.parametrize(("reading", "accepted"), [("classic", 15), ("falta-added", 20)])
def test_envido_stakes_falta_added(reading: str, accepted: int) -> None:
    chain = ("envido", "real-envido", "falta-envido")
    g = play(new(AR, deal("7e 6e 1b", "4o 5c 6b"), envido_stakes=reading), *chain, "accept")
    assert g.scores == (accepted, 0), f"AMB-20 {reading}: the falta to the buenas (15), plus 2 + 3"
    g = play(new(AR, deal("7e 6e 1b", "4o 5c 6b"), envido_stakes=reading), *chain, "run")
    assert g.scores == (5, 0), "a refusal pays the chain before the refused call either way"


# ----------------------------------------------------------------- AMB-42 flor-before-truco

UY = "uruguayo-1v1"
UY_FLOR_FIRST_SEAT = deal("1e 5e 7e", "10o 11b 12c")  # seat 0, to play first, holds flor


@pytest.mark.clause("URU-6", "BET-1")
def test_flor_first_bars_the_truco_call_of_a_flor_holder_on_its_turn() -> None:
    g = new(UY, UY_FLOR_FIRST_SEAT, muestras=["7c"])  # the default: flor-first
    assert legal_texts(g) == ["flor"]
    _refused(g, "raise 2", "URU-6", "flor-before-truco=flor-first (AMB-42)")
    _refused(g, "raise 3", "URU-7")  # out of the ladder's order first: the flor is not the reason
    g = new(UY, UY_FLOR_FIRST_SEAT, muestras=["7c"], flor_before_truco="truco-allowed")
    assert legal_texts(g) == ["raise 2", "flor", "mazo"], "AMB-42 truco-allowed: only the card waits"
    play(g, "raise 2", "accept")
    assert "flor" not in legal_texts(g), "the truco closed the window (AMB-23): the flor is never sung"


@pytest.mark.clause("URU-6", "BET-2", "BET-5")
def test_flor_first_leaves_run_or_flor_to_a_flor_holder_asked_for_truco() -> None:
    g = play(new(UY, deal("10o 11b 12c", "1e 5e 7e"), muestras=["7c"]), "raise 2")
    assert legal_texts(g) == ["run", "flor"]
    _refused(g, "accept", "URU-6", "before it accepts the truco")
    _refused(g, "raise 3", "URU-6", "before it raises the truco")
    play(g, "flor")
    assert legal_texts(g) == ["accept", "run", "raise 3", "mazo"], "sung: the truco is answered as usual"
    ran = play(new(UY, deal("10o 11b 12c", "1e 5e 7e"), muestras=["7c"]), "raise 2", "run")
    assert ran.scores == (1, 0), "running stays open: the truco's refused stake"


@pytest.mark.clause("FLR-1")
def test_flor_first_binds_nothing_where_the_flor_is_optional() -> None:
    g = new(UY, UY_FLOR_FIRST_SEAT, muestras=["7c"], flor_optional="optional")
    assert {"raise 2", "flor", "play 1e"} <= set(legal_texts(g))
    assert not make_config(UY, {"flor-optional": "optional"}).flor_first
