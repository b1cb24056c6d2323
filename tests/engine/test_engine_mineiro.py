"""Clause by clause: rounds, hands, truco, the hand of ten and the iron hand (Truco Mineiro)."""

from __future__ import annotations

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import IllegalActionError

ES, EN, IT = "mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it"


def _refused(game, action: str, clause: str) -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError) as err:
        game.push(action)
    assert err.value.clause == clause, f"[{clause}] refused by {err.value}"
    assert str(err.value).startswith(f"[{clause}] ")
    assert game == before, f"[{clause}] state unchanged after a refusal"


@pytest.mark.clause("SET-1", "SET-2")
def test_seats_and_sides() -> None:
    assert new(ES).config.n == 2, "[SET-1]"
    assert new(IT).config.n == 4 and new("gauderio-pairs-es").config.n == 4, "[SET-2]"


@pytest.mark.clause("RND-1", "RND-2", "CARD-3")
def test_highest_card_wins_the_round() -> None:
    g = play(new(ES, deal("4C 5H 6S", "3C 2H KD")), "play 4C")
    assert g.to_act == 1, "[RND-1] every seat plays once in order"
    play(g, "play 3C")
    assert g.observation(0)["rounds"][0]["result"] == 0, "[RND-2] the manilha wins"
    assert g.to_act == 0, "[RND-2] the winner leads next"


@pytest.mark.clause("RND-3", "CARD-4", "HND-5", "HND-7")
def test_tie_then_win() -> None:
    g = play(new(ES, deal("3C 5H 6S", "3H 4H KD")), "play 3C", "play 3H")
    assert g.observation(0)["rounds"][0]["result"] == "tie", "[RND-3] equal cards tie"
    play(g, "play 6S", "play KD")
    hand = last_hand(g)
    assert hand["result"]["rounds"] == ["tie", 1] and hand["result"]["winner"] == 1, "[HND-7]"
    assert hand["result"]["points"] == 2 and g.scores == (0, 2), "[VAL-1] worth 2"


@pytest.mark.clause("HND-3", "HND-1")
def test_two_rounds_win_the_hand() -> None:
    g = play(new(ES, deal("3C 3D 5H", "2C 2H 4H")), "play 3C", "play 2C", "play 3D", "play 2H")
    assert last_hand(g)["result"]["rounds"] == [0, 0] and last_hand(g)["result"]["winner"] == 0, "[HND-3]"
    assert g.observation(0)["hand_number"] == 2, "[HND-1] the hand ended after two rounds"


@pytest.mark.clause("HND-8", "HND-5")
def test_win_then_tie() -> None:
    g = play(new(ES, deal("3C 2C 4D", "2H 2D 5H")), "play 3C", "play 2H", "play 2C", "play 2D")
    assert last_hand(g)["result"]["rounds"] == [0, "tie"] and last_hand(g)["result"]["winner"] == 0


@pytest.mark.clause("HND-6", "HND-5")
@pytest.mark.parametrize(("reading", "winner"), [("first-round-winner", 0), ("last-winner-before-tie", 1)])
def test_reading_split_then_tie(reading: str, winner: int) -> None:
    g = new(ES, deal("3C 4D 5C", "2C 3H 5H"), split_then_tie=reading)
    play(g, "play 3C", "play 2C", "play 4D", "play 3H", "play 5H", "play 5C")
    res = last_hand(g)["result"]
    assert res["rounds"] == [0, 1, "tie"] and res["winner"] == winner, f"[HND-6] AMB-2 {reading}"


@pytest.mark.clause("HND-9", "HND-10")
@pytest.mark.parametrize(("ruleset", "reading", "winner", "score"),
                         [(ES, None, None, (0, 0)), (ES, "dealer-side-wins", 1, (0, 2)),
                          (IT, None, 1, (0, 2)), (IT, "nobody-scores", None, (0, 0))])
def test_reading_all_rounds_tied(ruleset: str, reading: str | None, winner: int | None,
                                 score: tuple[int, int]) -> None:
    readings = {"all_rounds_tied": reading} if reading else {}
    if ruleset == ES:
        g = new(ES, deal("3C 2C KC", "3H 2H KH"), **readings)
        play(g, "play 3C", "play 3H", "play 2C", "play 2H", "play KC", "play KH")
    else:
        g = new(IT, deal("3C 2C KC", "3H 2H KH", "4S 4D 4H", "5C 5D 5H"), **readings)
        play(g, "play 3C", "play 3H", "play 4S", "play 5C", "play 2C", "play 2H", "play 4D", "play 5D",
             "play KC", "play KH", "play 4H", "play 5H")
    res = last_hand(g)["result"]
    assert res["rounds"] == ["tie"] * 3 and res["winner"] == winner, "[HND-9]/[HND-10] AMB-1"
    assert g.scores == score
    assert g.observation(0)["starter"] == 1, "AMB-15: a replayed hand still moves the starter on"


@pytest.mark.clause("HND-2", "HND-1")
@pytest.mark.parametrize("reading", ["ends-when-decided", "always-three-rounds"])
def test_reading_hand_length(reading: str) -> None:
    g = new(IT, deal("3C 3D 4D", "5C 5D 6H", "4H 6C 6D", "7C JD QH"), hand_length=reading)
    play(g, "play 3C", "play 5C", "play 4H", "play 7C", "play 3D", "play 5D", "play 6C", "play JD")
    if reading == "ends-when-decided":
        assert last_hand(g)["result"]["rounds"] == [0, 0] and g.scores == (2, 0), "[HND-1]"
        return
    assert g.scores == (0, 0) and "raise 4" not in legal_texts(g), "[HND-2] three rounds; no bets left"
    play(g, "play 4D", "play 6H", "play 6D", "play QH")
    res = last_hand(g)["result"]
    assert res["rounds"] == [0, 0, 1] and res["winner"] == 0 and g.scores == (2, 0), "[HND-2] AMB-4"


@pytest.mark.clause("RND-2", "RND-3")
@pytest.mark.parametrize(("reading", "result"), [("pair-wins", 0), ("tie", "tie")])
def test_reading_partner_tie(reading: str, result: object) -> None:
    g = new(IT, deal("3C 4D 5D", "4C 6D 6H", "3H 5C 5H", "2C 6C 6S"), partner_tie=reading)
    play(g, "play 3C", "play 6D", "play 3H", "play 2C")
    assert g.observation(0)["rounds"][0]["result"] == result, f"AMB-5 {reading}"


@pytest.mark.clause("RND-1")
@pytest.mark.parametrize(("reading", "leader"),
                         [("winner-leads-tie-same", 0), ("winner-leads-tie-first-top", 1)])
def test_reading_round_leader(reading: str, leader: int) -> None:
    g = new(IT, deal("5C 4D 5D", "3C 6D 6H", "3H 5H 7S", "2C 6C 6S"), round_leader=reading)
    play(g, "play 5C", "play 3C", "play 3H", "play 2C")
    assert g.observation(0)["rounds"][0]["result"] == "tie" and g.to_act == leader, f"AMB-14 {reading}"


@pytest.mark.clause("ORD-1", "ORD-2")
@pytest.mark.parametrize(("ruleset", "reading", "starter"),
                         [(IT, None, 1), (IT, "rotate-against-play", 3), ("gauderio-pairs-es", None, 3),
                          ("gauderio-pairs-es", "rotate-with-play", 1)])
def test_reading_hand_starter(ruleset: str, reading: str | None, starter: int) -> None:
    g = new(ruleset, seed=4, **({"hand_starter": reading} if reading else {}))
    assert g.observation(0)["starter"] == 0 and g.observation(0)["dealer"] == 3
    while g.observation(0)["hand_number"] == 1:
        play(g, next(a.text for a in g.legal_actions() if a.kind == "play"))
    obs = g.observation(0)
    assert (obs["starter"], obs["dealer"], g.to_act) == (starter, (starter - 1) % 4, starter), "[ORD-2]"


@pytest.mark.clause("COV-1")
def test_covered_card_is_worth_nothing() -> None:
    g = play(new(ES, deal("4C 5H 6S", "4D 5D 6D")), "cover 4C")
    assert g.observation(1)["table"][0] == {"seat": 0, "card": None, "covered": True}, "[COV-1] unseen"
    assert g.observation(0)["table"][0]["card"] == "4C"
    play(g, "play 4D")
    assert g.observation(0)["rounds"][0]["result"] == 1, "[COV-1] below every face-up card"
    play(g, "cover 5D", "cover 5H")
    assert last_hand(g)["result"]["rounds"] == [1, "tie"], "[COV-1] two covered cards are equal"


@pytest.mark.clause("COV-2")
def test_reading_covered_card_concedes() -> None:
    g = play(new(EN, deal("4C 5H 6S", "4D 5D 6D"), covered_card="concedes-hand"), "raise 4", "accept")
    play(g, "cover 5H")
    res = last_hand(g)["result"]
    assert res["winner"] == 1 and res["points"] == 4, "[COV-2] AMB-6 concedes-hand at the current value"


@pytest.mark.clause("COV-1")
def test_readings_cover_round_and_covering() -> None:
    g = new(ES, deal("4C 5H 6S", "4D 5D 6D"), cover_round="not-first-round")
    assert "cover 4C" not in legal_texts(g)
    _refused(g, "cover 4C", "COV-1")
    play(g, "play 4C", "play 4D")
    assert "cover 5H" in legal_texts(g), "AMB-8: allowed from round 2"
    g = new("gauderio-pairs-es", seed=1)
    assert not any(a.kind == "cover" for a in g.legal_actions()), "AMB-7 not-allowed in Gauderio"
    card = next(a for a in g.legal_actions() if a.kind == "play").arg
    _refused(g, f"cover {card}", "COV-1")
    g = new("gauderio-pairs-es", seed=1, covering="allowed")
    assert any(a.kind == "cover" for a in g.legal_actions()), "AMB-7 allowed"


@pytest.mark.clause("DEAL-1")
def test_cards_not_held_are_refused() -> None:
    g = new(ES, deal("4C 5H 6S", "4D 5D 6D"))
    _refused(g, "play 4D", "DEAL-1")
    assert len(g.observation(0)["hand"]) == 3


@pytest.mark.clause("BET-1", "BET-2", "BET-3")
def test_truco_accepted_sets_the_value() -> None:
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D")), "raise 4")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "run", "raise 6"], "[BET-2]"
    _refused(g, "play 4D", "BET-2")
    play(g, "accept")
    assert g.to_act == 0 and g.observation(0)["hand_value"] == 4, "[BET-3]"
    play(g, "play 4C", "play 4D", "play 7H", "play 5D")
    assert g.scores == (4, 0), "[BET-3] the winner scores the accepted value"


@pytest.mark.clause("BET-4")
def test_running_pays_the_value_before_the_call() -> None:
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D")), "raise 4", "run")
    assert g.scores == (2, 0) and last_hand(g)["result"]["points"] == 2, "[BET-4]"
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D")), "raise 4", "raise 6", "raise 10", "run")
    assert g.scores == (6, 0), "[BET-4] running from 10 pays 6 to the caller of 10"


@pytest.mark.clause("BET-5", "BET-6", "BET-7", "BET-8")
def test_the_ladder() -> None:
    g = new(ES, deal("4C 7H 6S", "4D 5D 6D"))
    _refused(g, "raise 6", "BET-6")
    play(g, "raise 4", "raise 6")
    assert g.to_act == 0 and legal_texts(g) == ["accept", "run", "raise 10"], "[BET-5]"
    _refused(g, "raise 12", "BET-6")
    play(g, "raise 10", "raise 12")
    assert legal_texts(g) == ["accept", "run"], "[BET-8] twelve can only be accepted or run from"
    _refused(g, "raise 14", "BET-8")
    play(g, "accept")
    assert g.observation(0)["hand_value"] == 12 and not any(a.kind == "raise" for a in g.legal_actions())


@pytest.mark.clause("BET-10")
def test_nobody_raises_twice_in_a_row() -> None:
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D")), "raise 4", "accept")
    _refused(g, "raise 6", "BET-10")
    play(g, "play 6S")
    assert "raise 6" in legal_texts(g), "[BET-10] the other side may raise"


@pytest.mark.clause("BET-2", "BET-5")
def test_reading_bet_responder() -> None:
    g = play(new(IT, deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")), "play 3C", "play 6D", "raise 4")
    assert g.to_act == 3, "AMB-16: the next opponent after the caller answers"
    play(g, "raise 6")
    assert g.to_act == 2, "AMB-16: a raise is answered by the seat whose call was raised"
    play(g, "accept")
    assert g.to_act == 2 and g.observation(0)["hand_value"] == 6


@pytest.mark.clause("TEN-1", "TEN-2", "TEN-3", "TEN-4")
def test_hand_of_ten_caller_loses_match() -> None:
    g = new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 4))
    obs = g.observation(0)
    assert obs["hand_kind"] == "ten" and obs["hand_value"] == 4, "[TEN-1] [TEN-2]"
    play(g, "raise 6")
    out = g.outcome()
    assert out is not None and out.winner == 1 and out.forfeit == 0, "[TEN-4] the caller's side loses"
    res = last_hand(g)["result"]
    assert (res["winner"], res["points"], res["forfeit"], res["score"]) == (1, 0, 0, [10, 4])


@pytest.mark.clause("TEN-3")
def test_reading_ten_truco_caller_loses_hand_and_refused() -> None:
    g = play(new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 4), ten_truco="caller-loses-hand"), "raise 6")
    assert g.scores == (10, 8) and g.outcome() is None, "[TEN-3] AMB-9 caller-loses-hand: 4 to the others"
    g = new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 4), ten_truco="refused")
    assert "raise 6" not in legal_texts(g)
    _refused(g, "raise 6", "TEN-3")
    play(g, "play 3C", "play 4D", "play 7H", "play 5D")
    assert g.outcome() is not None and g.outcome().winner == 0 and g.scores == (14, 4), "[TEN-2] worth 4"


@pytest.mark.clause("TEN-5", "TEN-6", "TEN-7")
def test_hand_of_ten_choice_in_pairs() -> None:
    cards = deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")
    g = new(IT, cards, scores=(4, 10))
    assert g.to_act == 1 and legal_texts(g) == ["ten-play", "ten-decline"], "[TEN-5] side at ten chooses"
    _refused(g, "play 4C", "TEN-5")
    assert g.observation(1)["partner_cards"] == ["2C", "6C", "6S"], "[TEN-7] partners see each other's"
    assert "partner_cards" not in g.observation(0)
    play(g, "ten-decline")
    assert g.scores == (6, 10) and last_hand(g)["result"]["points"] == 2, "[TEN-6] the others score 2"
    g = play(new(IT, cards, scores=(4, 10)), "ten-play")
    assert g.to_act == 0 and g.observation(0)["hand_value"] == 4, "[TEN-5] played from the starter"


@pytest.mark.clause("TEN-5")
def test_reading_ten_choice_must_play() -> None:
    g = new(IT, deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S"), scores=(4, 10), ten_choice="must-play")
    assert "ten-decline" not in legal_texts(g) and g.to_act == 0
    g = new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 4), ten_choice="may-decline")
    assert legal_texts(g) == ["ten-play", "ten-decline"]


@pytest.mark.clause("IRN-1", "IRN-2")
def test_iron_hand_is_blind() -> None:
    g = new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 10))
    obs = g.observation(0)
    assert obs["hand_kind"] == "iron" and obs["blind"] and obs["hand_value"] == 4, "[IRN-1] AMB-10"
    assert [c["card"] for c in obs["hand"]] == [None, None, None], "[IRN-2] own cards hidden"
    assert legal_texts(g)[:3] == ["play #1", "play #2", "play #3"]
    _refused(g, "play 3C", "IRN-2")
    play(g, "play #2")
    assert g.observation(1)["table"][0]["card"] == "7H", "a card played face up is seen"
    play(g, "play #1", "play #1", "play #2")
    assert g.outcome() is not None and g.outcome().winner == 0


@pytest.mark.clause("IRN-2")
def test_reading_iron_blind_open_and_iron_hand_ordinary() -> None:
    g = new(ES, deal("3C 7H 6S", "4D 5D 6D"), scores=(10, 10), iron_blind="open", iron_hand="ordinary-hand")
    obs = g.observation(0)
    assert not obs["blind"] and obs["hand"][0]["card"] == "3C", "AMB-11 open"
    assert obs["hand_value"] == 2 and "raise 4" in legal_texts(g), "AMB-10 ordinary-hand"


@pytest.mark.clause("IRN-3", "IRN-4")
def test_iron_hand_in_pairs() -> None:
    g = new(IT, deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S"), scores=(10, 10))
    assert not g.observation(0)["blind"] and g.to_act == 0, "AMB-11 open; no ten choice at 10-10"
    _refused(g, "raise 6", "IRN-3")
    play(g, "play 3C", "play 4C", "play 3H", "play 2C", "play 6D", "play 5H", "play 6C", "play 4D")
    assert g.outcome() is not None and g.outcome().winner == 1, "[IRN-4] the iron hand decides the match"


@pytest.mark.clause("MAT-1")
def test_match_to_twelve() -> None:
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D"), scores=(8, 6)), "raise 4", "accept", "play 4C",
             "play 4D", "play 7H", "play 5D")
    out = g.outcome()
    assert out is not None and out.winner == 0 and out.score == (12, 6) and g.to_act is None, "[MAT-1]"
    rec = g.record()
    assert rec["result"] == {"winner": 0, "score": [12, 6], "partidas": [0]}
    _refused(g, "play 6S", "MAT-1")
