"""Observations at set positions, compared whole: every key, the pending call of every kind,
what a blind or covered card shows, what partners at ten and at a seña see."""

from __future__ import annotations

import pytest
from engine_support import deal, new, play

ES = "mineiro-1v1-es"
IT = "mineiro-pairs-it"
GA = "gauderio-pairs-es"
ES_DEAL = deal("3C 7H 6S", "4D 5D 6D")
IT_DEAL = deal("3C 4D 5D", "4C 6D 6H", "3H 5H 7S", "2C 6C 6S")
GA_BASE = deal("7e 6e 1b", "4o 5c 6b", "10e 11b 12o", "4b 5o 2c")  # envido 33, 6, 0, 5
GA_FLORS = deal("1e 5e 7e", "4o 5o 6o", "2b 3b 4b", "1c 2c 3c")  # every seat holds flor


def _seen(seat: int, card: str | None, covered: bool = False) -> dict[str, object]:
    return {"seat": seat, "card": card, "covered": covered}


@pytest.mark.clause("VAL-1", "DEAL-1", "SET-1")
def test_whole_observation_at_the_start_and_after_a_covered_round() -> None:
    g = new(ES, ES_DEAL)
    base = {
        "ruleset": ES, "seat": 1, "side": 1, "to_act": 0, "score": [0, 0], "partida": 1, "partidas": [],
        "hand_number": 1, "dealer": 1, "starter": 0, "hand_kind": "normal", "blind": False,
        "hand_value": 2,
        "hand": [{"slot": 1, "card": "4D"}, {"slot": 2, "card": "5D"}, {"slot": 3, "card": "6D"}],
        "table": [], "rounds": [], "pending": None, "over": False, "winner": None,
    }
    assert g.observation(1) == base, "[DEAL-1] [VAL-1] seat 1 sees its three cards and no others"
    assert g.observation(0)["side"] == 0 and g.observation(0)["seat"] == 0, "[SET-1]"
    play(g, "play 3C", "cover 4D")
    after = dict(base, to_act=0, hand=[{"slot": 2, "card": "5D"}, {"slot": 3, "card": "6D"}],
                 rounds=[{"result": 0, "plays": [_seen(0, "3C"), _seen(1, "4D", True)]}])
    assert g.observation(1) == after, "[COV-1] its own covered card stays visible to its player"
    assert g.observation(0)["rounds"][0]["plays"][1] == _seen(1, None, True), "[COV-1] hidden to others"
    for seat in (-1, 2):
        with pytest.raises(ValueError, match=r"^seat must be 0\.\.1$"):
            g.observation(seat)
    with pytest.raises(ValueError, match=r"^seat must be 0\.\.3$"):
        new(IT, IT_DEAL).observation(4)


@pytest.mark.clause("BET-2", "BET-5", "MAT-1")
def test_pending_truco_calls_and_the_end_of_the_match() -> None:
    g = play(new(ES, deal("4C 7H 6S", "4D 5D 6D"), scores=(8, 6)), "raise 4")
    assert g.observation(1)["pending"] == {"kind": "truco", "value": 4, "by": 0}, "[BET-2]"
    play(g, "raise 6")
    assert g.observation(0)["pending"] == {"kind": "truco", "value": 6, "by": 1}, "[BET-5]"
    play(g, "accept", "play 4C", "play 4D", "play 7H", "play 5D")
    obs = g.observation(1)
    assert (obs["over"], obs["winner"], obs["to_act"], obs["score"]) == (True, 0, None, [14, 6]), "[MAT-1]"


@pytest.mark.clause("IRN-2", "COV-1")
def test_blind_iron_hand_shows_slots_only() -> None:
    g = new(ES, ES_DEAL, scores=(10, 10))
    obs = g.observation(0)
    assert obs["hand"] == [{"slot": 1, "card": None}, {"slot": 2, "card": None}, {"slot": 3, "card": None}], \
        "[IRN-2] the holder sees which slots remain, not the cards"
    assert (obs["hand_kind"], obs["blind"], obs["hand_value"]) == ("iron", True, 4)
    play(g, "cover #2")
    assert g.observation(0)["hand"] == [{"slot": 1, "card": None}, {"slot": 3, "card": None}], "[IRN-2]"
    assert g.observation(0)["table"] == [_seen(0, None, True)], "[COV-1] blind: hidden even from its player"
    assert g.observation(1)["table"] == [_seen(0, None, True)]


@pytest.mark.clause("TEN-1", "TEN-5", "TEN-7")
def test_hand_of_ten_pending_choice_and_partner_cards() -> None:
    g = new(IT, IT_DEAL, scores=(4, 10))
    assert g.observation(0)["pending"] == {"kind": "ten-choice", "side": 1}, "[TEN-5]"
    assert g.observation(1)["partner_cards"] == ["2C", "6C", "6S"], "[TEN-7]"
    assert g.observation(3)["partner_cards"] == ["4C", "6D", "6H"], "[TEN-7]"
    assert "partner_cards" not in g.observation(0) and "partner_cards" not in g.observation(2)
    assert g.observation(2)["hand_kind"] == "ten", "[TEN-1]"
    play(g, "ten-play", "play 3C", "play 4C")
    assert g.observation(3)["partner_cards"] == ["6D", "6H"], "[TEN-7] the cards the partner still holds"


@pytest.mark.clause("ENV-4", "ENV-5", "SEN-3")
def test_gauderio_envido_pending_side_points_and_signs() -> None:
    g = new(GA, GA_BASE)
    obs = g.observation(2)
    assert (obs["side_points"], obs["signs"], obs["envido_points"]) == ([], [], 0)
    assert g.observation(0)["envido_points"] == 33, "[ENV-4]"
    play(g, "sign tanto-30-plus", "envido")
    assert g.observation(1)["pending"] == {"kind": "envido", "chain": ["envido"], "by": 0}
    assert g.observation(2)["signs"] == [{"seat": 0, "sign": "tanto-30-plus"}], "[SEN-3] the partner sees it"
    assert g.observation(1)["signs"] == [], "[SEN-3] an opponent does not"
    play(g, "envido")
    pending = {"kind": "envido", "chain": ["envido", "envido"], "by": 1}
    assert g.observation(0)["pending"] == pending, "[ENV-5]"
    play(g, "accept")
    assert g.observation(3)["side_points"] == [{"contest": "envido", "side": 0, "points": 4}], "[ENV-4]"


@pytest.mark.clause("FLR-2", "FLR-3", "FLR-6", "FLR-7")
def test_gauderio_flor_pending_calls() -> None:
    g = play(new(GA, GA_FLORS), "flor")
    assert g.observation(2)["pending"] == {"kind": "flor", "stake": 3, "by": 0}, "[FLR-2]"
    play(g, "flor-raise")
    assert g.observation(1)["pending"] == {"kind": "flor", "stake": 6, "by": 0}, "[FLR-3]"
    play(g, "contraflor")
    assert g.observation(0)["pending"] == {"kind": "contraflor", "stake": 12, "by": 1}, "[FLR-6]"
    play(g, "contraflor-resto")
    assert g.observation(1)["pending"] == {"kind": "contraflor-resto", "by": 0}, "[FLR-7]"

