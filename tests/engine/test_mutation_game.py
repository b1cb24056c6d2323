"""The Game API at its edges and scoring paths the random games rarely reach: set-position
errors, JSON documents, undo at the start, comparisons, hands that nobody wins, side points that
end a partida at the end of the hand, flor answered in turn, señas at the bounds of their ranges."""

from __future__ import annotations

import json

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import Game, IllegalActionError, InvalidActionError

ES, IT, GA = "mineiro-1v1-es", "mineiro-pairs-it", "gauderio-pairs-es"
ES_DEAL = deal("3C 7H 6S", "4D 5D 6D")
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # envido 33, 6, 0, 5
GA_FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")  # flor 33, 35, 29, 26


@pytest.mark.clause("DEAL-1")
def test_stacked_deals_and_starting_scores_are_checked() -> None:
    cases = [
        ([[["3C", "7H", "6S"]]], ValueError, "a deal gives three cards to each of 2 seats"),
        ([[["3C", "7H"], ["4D", "5D"]]], ValueError, "a deal gives three cards to each of 2 seats"),
        ([[["3C", "7H", "6S"], ["3C", "5D", "6D"]]], ValueError, "a card is dealt twice"),
        ([[["3C", "7H", "6S"], ["1e", "5D", "6D"]]], InvalidActionError,
         "there is no card '1e' in the mineiro-1v1-es deck"),
    ]
    for deals, error, message in cases:
        with pytest.raises(error) as err:
            Game.new(ES, seed=0, deals=deals)
        assert str(err.value) == message, f"[DEAL-1] {deals}: {err.value}"
    with pytest.raises(TypeError, match=r"^seed must be an int or None$"):
        Game.new(ES, seed="7")  # type: ignore[arg-type]
    for scores in ((12, 0), (0, -1)):
        with pytest.raises(ValueError, match=r"^starting scores must be 0\.\.11$"):
            Game.new(ES, seed=0, scores=scores)
    with pytest.raises(ValueError, match=r"^starting scores must be 0\.\.23$"):
        Game.new(GA, seed=0, scores=(24, 0))
    assert Game.new(ES, seed=0, scores=(11, 0)).scores == (11, 0), "[TEN-1] 11 is a valid start"


@pytest.mark.clause("DEAL-1")
def test_json_document_round_trip_keeps_deals_scores_and_readings() -> None:
    g = play(new(GA, GA_BASE, scores=(5, 7), seed=3, senas="free"), "envido", "accept", "play 7e")
    doc = json.loads(g.to_json())
    assert doc == {"format": "truco-engine-game/1", "ruleset": GA, "readings": {"senas": "free"}, "seed": 3,
                   "deal_seed": 3, "deals": [[["7e", "6e", "1b"], ["4o", "5c", "6b"], ["10e", "11b", "12o"],
                                              ["4b", "5o", "2c"]]],
                   "scores": [5, 7], "moves": ["envido", "accept", "play 7e"]}
    for source in (g.to_json(), doc):
        copy = Game.from_json(source)
        assert copy == g and copy.scores == (7, 7) and copy.moves == g.moves, "[DEAL-1] replayed"
    bare = {k: v for k, v in doc.items() if k not in ("deals", "scores")}
    plain = Game.from_json(dict(bare, moves=[]))
    assert plain == Game.new(GA, seed=3, readings={"senas": "free"}), "no stacked deal, no starting score"
    assert plain.scores == (0, 0)
    with pytest.raises(ValueError, match=r"^not a truco-engine-game/1 document$"):
        Game.from_json(dict(doc, format="truco-record/1"))


def test_small_api_pop_peek_is_legal_repr() -> None:
    g = new(ES, ES_DEAL)
    with pytest.raises(IndexError, match=r"^pop from a game with no moves$"):
        g.pop()
    assert g.peek() is None and not g.is_over()
    assert g.is_legal("play 3C") and not g.is_legal("play 4D") and not g.is_legal("jump")
    play(g, "raise 4", "accept", "play 3C")
    assert str(g.peek()) == "play 3C"
    assert repr(play(new(ES, ES_DEAL, scores=(3, 5)))) == "<Game mineiro-1v1-es hand 1 score 3-5 to_act 0>"
    other = new(ES, ES_DEAL)
    play(other, "raise 4", "accept", "play 3C")
    assert other == g and other.copy() == g
    play(other, "play 4D")
    assert other != g, "one more move"
    other.pop()
    assert other == g, "undone"
    assert new(ES, ES_DEAL) != new(ES, deal("3C 7H 5S", "4D 5D 6D")), "another deal"
    assert new(ES, ES_DEAL) != new(ES, ES_DEAL, scores=(2, 0)), "another starting score"
    assert (g == "game") is False


@pytest.mark.clause("HND-9")
def test_a_hand_nobody_wins_keeps_both_scores() -> None:
    g = play(new(ES, deal("5C 6C KC", "5H 6H KH"), scores=(3, 5)),
             "play 5C", "play 5H", "play 6C", "play 6H", "play KC", "play KH")
    assert g.scores == (3, 5), "[HND-9] nobody scores"
    assert last_hand(g)["result"] == {"rounds": ["tie", "tie", "tie"], "winner": None, "points": 0,
                                      "score": [3, 5]}, "[HND-9]"
    assert g.observation(0)["hand_number"] == 2, "[HND-9] a new hand is dealt"


@pytest.mark.clause("MAT-2", "MAT-3")
def test_end_of_hand_side_points_reaching_the_target_void_the_hand() -> None:
    g = play(new(GA, GA_BASE, scores=(22, 20), side_bet_scoring="end-of-hand"),
             "envido", "accept", "raise 2", "run")
    assert g.scores == (24, 20), "[MAT-3] exactly 24 ends the partida; the hand's own point is void"
    assert last_hand(g)["result"] == {"rounds": [], "winner": None, "points": 0,
                                      "side_points": [{"contest": "envido", "side": 0, "points": 2}],
                                      "score": [24, 20]}, "[MAT-2]"
    out = g.outcome()
    assert out is not None and (out.winner, out.partidas) == (0, (0,)), "[MAT-2]"


@pytest.mark.clause("FLR-3", "FLR-4", "FLR-8")
def test_flor_sung_by_the_second_seat_answered_in_turn_and_run_from() -> None:
    g = play(new(GA, GA_FLORS), "play 1e", "flor")
    assert g.to_act == 3 and g.observation(0)["pending"] == {"kind": "flor", "stake": 3, "by": 1}, "[FLR-3]"
    play(g, "flor-pass")
    assert g.to_act == 2, "[FLR-4] the first opponent after the singer answers"
    play(g, "run")
    assert g.to_act == 0, "[FLR-4] then the next one"
    play(g, "run")
    assert g.scores == (0, 3) and g.to_act == 1, "[FLR-8] all ran: the singer's side scores, the singer plays"
    assert g.observation(0)["side_points"] == [{"contest": "flor", "side": 1, "points": 3}], "[FLR-8]"
    assert legal_texts(g)[:3] == ["play 4o", "play 5o", "play 6o"]
    g = play(new(GA, GA_FLORS), "flor", "flor-pass", "accept")
    assert g.to_act == 3, "[FLR-4] after one opponent accepts, the other answers"


@pytest.mark.clause("FLR-6", "FLR-7")
def test_contraflor_al_resto_accepted_pays_what_the_winner_lacks() -> None:
    g = play(new(GA, GA_FLORS, falta_points="winner-lacks", scores=(10, 4)),
             "flor", "flor-pass", "contraflor", "contraflor-resto", "accept")
    assert g.scores == (10, 24), "[FLR-6] seat 1's 35 wins what side 1 lacks: 20"
    assert g.outcome() is not None and g.outcome().winner == 1, "[FLR-7]"


@pytest.mark.clause("SEN-1", "SEN-2", "SEN-3")
@pytest.mark.parametrize(("cards", "signs"), [
    ("2e 4e 1c", ["ciego"]),  # envido 26, nothing at or above the 3s
    ("3e 4e 5b", ["tanto-27-29"]),  # 27, and a 3: not ciego
    ("4e 5e 6c", ["ciego", "tanto-27-29"]),  # 29
    ("3e 7e 12c", ["tanto-30-plus"]),  # 30
])
def test_senas_truthful_at_the_bounds(cards: str, signs: list[str]) -> None:
    g = new(GA, deal(cards, "4o 5c 6b", "10o 11c 12o", "4b 5o 2c"))
    offered = [a.arg for a in g.legal_actions() if a.kind == "sign"]
    assert offered == signs, f"[SEN-1] [SEN-2] [SEN-3] {cards}: {offered}"


def test_refused_move_in_a_finished_match_and_outcome_partidas() -> None:
    g = play(new(GA, GA_BASE, scores=(22, 20), match_format="best-of-three"), "envido", "accept")
    assert g.outcome() is None and g.observation(0)["partidas"] == [0], "[MAT-2] best of three goes on"
    g = play(new(ES, ES_DEAL, scores=(10, 4)), "raise 6")
    out = g.outcome()
    assert out is not None and (out.winner, out.partidas, out.forfeit) == (1, (1,), 0), "[TEN-4]"
    with pytest.raises(IllegalActionError, match=r"^\[MAT-1\] the match is over$"):
        g.push("play 3C")


@pytest.mark.clause("BET-6", "BET-8", "BET-9", "BET-10")
@pytest.mark.parametrize(("ruleset", "cards", "calls", "top"), [
    (ES, ES_DEAL, ["raise 4", "raise 6", "raise 10", "accept", "play 3C"], "raise 12"),
    (GA, GA_BASE, ["raise 2", "raise 3", "accept", "play 7e", "play 4o"], "raise 4"),
])
def test_the_last_step_can_be_called_from_the_other_side(ruleset: str, cards, calls: list[str],
                                                         top: str) -> None:
    g = play(new(ruleset, cards), *calls)
    assert top in legal_texts(g), f"[BET-6] [BET-9] [BET-10] {top} is the next and last step"
    play(g, top, "accept")
    assert not any(a.kind == "raise" for a in g.legal_actions()), "[BET-8] nothing above the top"


@pytest.mark.clause("COV-2")
def test_a_covered_card_concedes_for_either_seat() -> None:
    g = play(new(ES, ES_DEAL, covered_card="concedes-hand"), "play 3C", "cover 4D")
    assert g.scores == (2, 0) and last_hand(g)["result"]["winner"] == 0, "[COV-2] seat 1 covers: side 0 wins"
    g = play(new(ES, ES_DEAL, covered_card="concedes-hand"), "cover 3C")
    assert g.scores == (0, 2), "[COV-2] seat 0 covers: side 1 wins"


def test_new_games_without_a_seed_and_records_before_the_end() -> None:
    g = Game.new(ES)
    assert g.seed is None and isinstance(json.loads(g.to_json())["deal_seed"], int)
    assert Game.from_json(g.to_json()) == g, "the deal seed drawn is kept: the copy deals the same cards"
    assert g.record()["result"] is None and g.outcome() is None, "[MAT-1] no result before the end"
    assert g.observation(0)["winner"] is None
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D"), scores=(8, 6)), "raise 4", "accept",
             "play 4C", "play 4D", "play 7H", "play 5D")
    out = g.outcome()
    assert out is not None and out.forfeit is None and out.partidas == (0,), "[MAT-1]"
    assert g.record()["result"] == {"winner": 0, "score": [12, 6], "partidas": [0]}, "[MAT-1]"


def test_card_actions_are_offered_for_the_cards_held_in_each_variant() -> None:
    g = new(ES, ES_DEAL)
    assert legal_texts(g)[:6] == ["play 3C", "play 7H", "play 6S", "cover 3C", "cover 7H", "cover 6S"]
    assert legal_texts(new(GA, GA_BASE))[:3] == ["play 7e", "play 6e", "play 1b"]
    assert legal_texts(new(GA, GA_BASE, covering="allowed"))[3:6] == ["cover 7e", "cover 6e", "cover 1b"]


@pytest.mark.clause("ENV-1")
def test_records_are_copies_the_caller_may_change() -> None:
    g = play(new(GA, GA_BASE), "envido", "accept", "raise 2", "run")
    before = json.dumps(g.record())  # a snapshot that shares nothing with the game
    rec = g.record()
    hand = rec["hands"][0]
    hand["deal"][0][0] = "x"
    hand["actions"][0]["seat"] = 9
    hand["result"]["rounds"].append("x")
    hand["result"]["score"][0] = 99
    hand["result"]["side_points"][0]["points"] = 99
    hand["result"]["points"] = 99
    assert json.dumps(g.record()) == before, "[ENV-1] the game's own history is untouched"
    assert g.record()["hands"][0]["result"]["side_points"] == [{"contest": "envido", "side": 0, "points": 2}]


@pytest.mark.clause("AMB-13")
def test_configuration_errors_and_readings() -> None:
    from truco_rules.engine import UnknownReadingError, UnknownRulesetError

    with pytest.raises(UnknownRulesetError) as err:
        Game.new("truco-paulista")
    assert (err.value.what, err.value.name) == ("ruleset", "truco-paulista")
    assert err.value.choices == ("mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it", "gauderio-pairs-es",
                                  "argentino-1v1", "paulista-1v1", "paulista-pairs", "uruguayo-1v1")
    with pytest.raises(UnknownReadingError) as err:
        Game.new(ES, readings={"senas": "free"})
    assert (err.value.what, err.value.name) == ("reading key for mineiro-1v1-es", "senas")
    with pytest.raises(UnknownReadingError) as err:
        Game.new(ES, readings={"deck": "fifty"})
    assert (err.value.what, err.value.name, err.value.choices) == (
        "reading for deck", "fifty", ("forty-cards", "spanish-without-tens"))
    readings = Game.new(ES, readings={"deck": "spanish-without-tens"}).readings
    assert readings["deck"] == "spanish-without-tens" and readings["covering"] == "allowed", "[AMB-13]"


@pytest.mark.clause("TEN-3", "TEN-4")
def test_calling_in_the_hand_of_ten_loses_the_hand_for_the_second_seat_too() -> None:
    g = play(new(ES, ES_DEAL, scores=(10, 4), ten_truco="caller-loses-hand"), "play 3C", "raise 6")
    assert g.scores == (14, 4), "[TEN-3] AMB-9 caller-loses-hand: seat 1 called, side 0 scores the 4"


@pytest.mark.clause("ENV-3")
def test_envido_without_a_pair_summed_under_its_reading() -> None:
    g = new(GA, deal("2e 4e 1c", "4o 5c 6b", "10o 11c 12o", "4b 5o 2c"), envido_without_pair="sum-of-cards")
    assert g.observation(1)["envido_points"] == 15, "[ENV-3] AMB-21 sum-of-cards: 4 + 5 + 6"


@pytest.mark.clause("ENV-4")
def test_equal_envido_goes_to_the_starter_of_an_odd_seat() -> None:
    hands = (deal("1e 2e 3e", "4o 5o 6o", "1b 2b 3b", "1c 2c 3c")
             + deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "7o 6o 4b"))
    g = play(new(GA, hands), "raise 2", "run")
    assert g.to_act == 3 and g.observation(0)["starter"] == 3, "ORD-2: the second hand starts at seat 3"
    play(g, "envido", "accept")
    assert g.scores == (1, 2), "[ENV-4] 33 against 33: AMB-24 starter-side, side 1"


@pytest.mark.clause("FLR-6", "FLR-7", "FLR-8")
@pytest.mark.parametrize(("readings", "score", "side_points"), [
    ({"flor_refusal": "stake-before-call"}, (9, 5), 6),
    ({"flor_refusal": "stake-called"}, (22, 5), 19),
    ({"flor_refusal": "stake-called", "falta_points": "winner-lacks"}, (24, 5), 21),
])
def test_contraflor_al_resto_refused_pays_exactly(readings: dict[str, str], score: tuple[int, int],
                                                  side_points: int) -> None:
    g = play(new(GA, GA_FLORS, scores=(3, 5), **readings), "flor", "flor-pass", "contraflor",
             "contraflor-resto", "run")
    assert g.scores == score, f"[FLR-8] AMB-27 {readings}"
    expected = [{"contest": "flor", "side": 0, "points": side_points}]
    assert g.observation(0)["side_points"] == expected, "[FLR-8]"
    if score[0] < 24:
        assert g.to_act == 0, "[FLR-7] play resumes"
        assert legal_texts(g)[:3] == ["play 1e", "play 5e", "play 7e"], "[FLR-7]"
    else:
        assert g.outcome() is not None and g.outcome().winner == 0, "[FLR-7] the falta ends the partida"


@pytest.mark.clause("FLR-6", "FLR-8")
def test_contraflor_accepted_or_refused_then_play_resumes() -> None:
    g = play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor", "accept")
    assert g.scores == (0, 6) and g.to_act == 0, "[FLR-6] the doubled stake, 6, to seat 1's 35"
    g = play(new(GA, GA_FLORS), "flor", "flor-pass", "contraflor", "run")
    assert g.scores == (0, 3) and g.to_act == 0, "[FLR-8] the contraflor side scores; seat 0 plays on"
    assert legal_texts(g)[:3] == ["play 1e", "play 5e", "play 7e"]
    g = play(new(GA, GA_FLORS, scores=(3, 5)), "play 1e", "flor", "flor-pass", "contraflor",
             "contraflor-resto", "run")
    assert g.scores == (3, 11) and g.to_act == 1, "[FLR-8] seat 1 sang contraflor al resto: side 1 scores"
