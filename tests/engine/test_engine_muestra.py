"""The muestra (uruguayo-1v1): the card turned up, the piezas and their stand-in, envido and flor
with piezas, stacked deals with muestras, and flor one against one."""

from __future__ import annotations

import json

import pytest
from engine_support import deal, last_hand, legal_texts, new, play

from truco_rules.engine import Game, GameArgumentError, IllegalActionError, InvalidActionError
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.engine.config import make_config
from truco_rules.engine.tanto import envido_points, flor_points

UY = "uruguayo-1v1"
DECK = make_config(UY).deck


def uy(hands: str, muestra: str, **readings: str) -> Game:
    """One stacked hand of uruguayo-1v1: "seat 0's cards / seat 1's cards" and its muestra."""
    seat0, seat1 = hands.split("/")
    return new(UY, deal(seat0, seat1), muestras=[muestra], **readings)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(DECK.index(c) for c in text.split())


def _round_winner(hands: str, muestra: str) -> object:
    a, b = (h.split()[0] for h in hands.split("/"))
    g = play(uy(hands, muestra, flor_optional="optional"), f"play {a}", f"play {b}")
    return g.observation(0)["rounds"][0]["result"]


@pytest.mark.clause("URU-2")
def test_the_muestra_is_turned_up_seen_by_all_and_recorded() -> None:
    g = uy("10c 3b 4o / 1e 1b 7e", "3c")
    assert g.muestra() == "3c" and [g.observation(s)["muestra"] for s in (0, 1)] == ["3c", "3c"], "[URU-2]"
    adapter = ReferenceAdapter()
    adapter.game = g
    assert adapter.muestra() == "3c" and adapter.deal() == [["10c", "3b", "4o"], ["1e", "1b", "7e"]]
    assert not legal_texts(g).count("play 3c"), "[URU-2] the muestra is nobody's card"
    play(g, "play 10c", "play 1e", "play 3b", "play 1b", "play 7e", "play 4o")
    hand = last_hand(g)
    assert hand["muestra"] == "3c" and hand["deal"] == [["10c", "3b", "4o"], ["1e", "1b", "7e"]], "[URU-2]"
    assert list(hand) == ["partida", "number", "dealer", "starter", "deal", "muestra", "actions", "result"]
    assert g.muestra() not in {c for seat in g.deal() for c in seat}, "[URU-2] a new muestra, not dealt"


def test_a_ruleset_without_muestra_has_none() -> None:
    g = Game.new("mineiro-1v1-es", seed=1)
    assert g.muestra() is None and "muestra" not in g.observation(0)
    adapter = ReferenceAdapter()
    adapter.new_game("gauderio-pairs-es", 1, {})
    assert adapter.muestra() is None


@pytest.mark.clause("URU-2")
def test_shuffled_hands_turn_up_a_card_nobody_holds() -> None:
    for seed in range(30):
        g = Game.new(UY, seed=seed)
        held = {c for seat in g.deal() for c in seat}
        assert g.muestra() is not None and g.muestra() not in held and len(held) == 6, "[URU-2]"
        assert Game.new(UY, seed=seed).muestra() == g.muestra(), "same seed, same muestra"


@pytest.mark.clause("URU-3")
@pytest.mark.parametrize(("hands", "muestra", "winner"), [
    ("10c 3b 4o / 1e 1b 7e", "3c", 0),  # the weakest pieza beats the 1 of espadas
    ("2c 3b 4o / 4c 1b 7e", "3c", 0),  # the 2 above the 4
    ("4c 3b 4o / 5c 1b 7e", "3c", 0),  # the 4 above the 5
    ("5c 3b 4o / 11c 1b 7e", "3c", 0),  # the 5 above the 11
    ("11c 3b 4o / 10c 1b 7e", "3c", 0),  # the 11 above the 10
    ("2e 3b 4o / 3e 1b 7e", "3c", 1),  # a 2 of another suit is no pieza
    ("12c 3b 4o / 11o 1b 7e", "3c", 0),  # the 12 of the muestra's suit is an ordinary 12 ...
    ("12c 3b 4o / 1e 1b 7e", "3c", 1),  # ... below the 1 of espadas
    ("1c 3b 4o / 1o 1b 7e", "3c", "tie"),  # the 1 of the muestra's suit keeps its group (1o = 1c)
])
def test_piezas_rank_above_every_group_in_the_listed_order(hands: str, muestra: str, winner: object) -> None:
    assert _round_winner(hands, muestra) == winner, f"[URU-3] {hands} with muestra {muestra}"


@pytest.mark.clause("URU-4")
@pytest.mark.parametrize(("hands", "muestra", "winner"), [
    ("12c 3b 4o / 4c 1b 7e", "2c", 0),  # the 12 takes the place of the 2 turned up: above the 4
    ("2c 3b 4o / 12c 1b 7e", "4c", 0),  # the 12 stands in for the 4: below the 2 ...
    ("12c 3b 4o / 5c 1b 7e", "4c", 0),  # ... and above the 5
    ("12c 3b 4o / 11c 1b 7e", "10c", 1),  # stands in for the 10, the weakest pieza: below the 11 ...
    ("12c 3b 4o / 1e 1b 7e", "10c", 0),  # ... and above every group
])
def test_the_stand_in_takes_the_place_of_a_pieza_turned_up(hands: str, muestra: str, winner: int) -> None:
    assert _round_winner(hands, muestra) == winner, f"[URU-4] {hands} with muestra {muestra}"


@pytest.mark.clause("URU-5", "ENV-2", "ENV-4")
@pytest.mark.parametrize(("cards", "muestra", "points"), [
    ("2c 7e 4b", "3c", 37),  # the 2 (30) + the highest other card (7)
    ("4c 6b 5o", "3c", 35),  # the 4 (29) + 6
    ("2c 4c 6b", "3c", 39),  # the 2 (30) + the 4's last digit (9), above the 6
    ("11c 10c 1b", "3c", 34),  # the 11 (27) + the 10's last digit (7), above the 1
    ("12c 5b 6o", "2c", 36),  # the 12 stands in for the 2 (30) + 6
    ("12c 5b 6o", "3c", 6),  # an ordinary 12 (0): no pair, the highest card
    ("7e 6e 1b", "3c", 33),  # no pieza: 20 + 7 + 6
    ("10c 12e 11o", "3c", 27),  # a pieza (27) and two figures (0)
])
def test_envido_with_piezas(cards: str, muestra: str, points: int) -> None:
    pieza = DECK.hand_cards(DECK.index(muestra)).pieza
    assert envido_points(_cards(cards), DECK, False, pieza) == points, f"[URU-5] {cards} / {muestra}"


@pytest.mark.clause("URU-5")
def test_envido_with_piezas_is_played() -> None:
    g = play(uy("10c 3b 4o / 1e 1b 7e", "3c"), "envido")
    assert g.observation(1)["envido_points"] == 28 and g.observation(0)["envido_points"] == 31, "[URU-5]"
    play(g, "accept")
    assert g.scores == (2, 0), "[URU-5] the pieza's 31 beats the 28 of a pair"


@pytest.mark.clause("URU-6")
@pytest.mark.parametrize(("cards", "muestra", "points"), [
    ("2c 5e 6e", "7c", 41),  # a pieza (30) with two cards of one suit (5 + 6)
    ("2c 4c 6b", "7c", 45),  # two piezas: 30 + 9 + 6
    ("2c 4c 5c", "7c", 47),  # three piezas: 30 + 9 + 8
    ("1c 3c 6c", "7c", 30),  # three of the muestra's suit without a pieza: 20 + 1 + 3 + 6
    ("2c 1c 3c", "7c", 34),  # a pieza and two of its suit: 30 + 1 + 3
    ("1e 5e 7e", "7c", 33),  # an ordinary flor
    ("2c 5e 6b", "7c", None),  # one pieza, the others of two suits: no flor
    ("12c 5e 6e", "2c", 41),  # the stand-in is a pieza
])
def test_flor_with_piezas(cards: str, muestra: str, points: int | None) -> None:
    pieza = DECK.hand_cards(DECK.index(muestra)).pieza
    assert flor_points(_cards(cards), DECK, pieza) == points, f"[URU-6] {cards} / {muestra}"


@pytest.mark.clause("URU-6", "FLR-4", "FLR-5", "FLR-6", "FLR-8")
def test_flor_one_against_one() -> None:
    g = uy("2c 5e 6e / 1c 3c 6c", "7c")  # flor 41 against 30
    assert legal_texts(g) == ["flor"], "[URU-6] AMB-26 mandatory, AMB-42 flor-first: sing before all else"
    play(g, "flor")
    assert g.to_act == 1 and legal_texts(g) == ["accept", "contraflor", "run"], "[FLR-4] no partner to ask"
    accepted = play(g.copy(), "accept")
    assert accepted.scores == (6, 0) and accepted.to_act == 0, "[URU-6] quiero: the higher flor takes 6"
    ran = play(g.copy(), "run")
    assert ran.scores == (3, 0), "[FLR-8] me achico: the singer's side takes the stake"
    contra = play(g.copy(), "contraflor")
    assert contra.to_act == 0 and legal_texts(contra) == ["accept", "run", "contraflor-resto"], "[FLR-6]"
    assert play(contra.copy(), "accept").scores == (6, 0), "[FLR-6] the doubled stake"
    assert play(contra.copy(), "run").scores == (0, 3), "[FLR-8] AMB-27 stake-before-call"
    resto = play(contra.copy(), "contraflor-resto", "accept")
    assert resto.scores == (20, 0), "[FLR-7] the falta to the buenas at 20 (AMB-30 to-buenas, AMB-33 40)"
    g = uy("2c 5e 6b / 1e 4e 7e", "7c")  # seat 1 alone holds flor
    assert "flor" not in legal_texts(g) and "play 2c" in legal_texts(g)
    play(g, "play 2c")
    assert legal_texts(g) == ["flor"], "[URU-6] seat 1 must sing (AMB-42 flor-first: before any truco call)"
    play(g, "flor")
    assert g.scores == (0, 3) and g.to_act == 1, "[URU-6] no flor against it: 3 to the singer"


def test_flor_refusals_name_the_files_clause() -> None:
    g = uy("2c 5e 6b / 1e 4e 7e", "7c")
    with pytest.raises(IllegalActionError) as err:
        g.push("flor")
    assert err.value.clause == "URU-6" and "does not hold flor" in str(err.value), "[URU-6]"
    g = play(uy("2c 5e 6b / 1e 4e 7e", "7c"), "play 2c")
    with pytest.raises(IllegalActionError) as err:
        g.push("play 1e")
    assert err.value.clause == "URU-6" and "AMB-26" in str(err.value), "[URU-6] mandatory flor"


@pytest.mark.clause("URU-2")
def test_stacked_muestras_are_checked() -> None:
    hands = deal("10c 3b 4o", "1e 1b 7e")
    cases = [
        (None, GameArgumentError, "uruguayo-1v1 turns up a muestra: give one per stacked deal "
                                  "(1 deals, 0 muestras)"),
        (["3c", "4c"], GameArgumentError, "uruguayo-1v1 turns up a muestra: give one per stacked deal "
                                          "(1 deals, 2 muestras)"),
        (["10c"], GameArgumentError, "the muestra 10c of stacked hand 1 is also dealt to a seat"),
        (["9x"], InvalidActionError, "there is no card '9x' in the uruguayo-1v1 deck"),
        ("3c", GameArgumentError, "muestras is a list of card names, one per stacked deal"),
    ]
    for muestras, error, message in cases:
        with pytest.raises(error) as err:
            Game.new(UY, seed=0, deals=hands, muestras=muestras)
        assert str(err.value) == message, f"[URU-2] {muestras}: {err.value}"
    with pytest.raises(GameArgumentError, match=r"^mineiro-1v1-es turns up no muestra$"):
        Game.new("mineiro-1v1-es", seed=0, muestras=["4C"])
    g = Game.new(UY, seed=5, deals=hands, muestras=["3c"])
    assert g.muestra() == "3c"


@pytest.mark.clause("URU-2")
def test_muestras_round_trip_through_json() -> None:
    g = play(uy("10c 3b 4o / 1e 1b 7e", "3c"), "play 10c", "play 1e", "play 3b", "play 1b")
    doc = json.loads(g.to_json())
    assert doc["muestras"] == ["3c"] and doc["deals"] == [[["10c", "3b", "4o"], ["1e", "1b", "7e"]]]
    copy = Game.from_json(g.to_json())
    assert copy == g and copy.record() == g.record() and copy.muestra() == g.muestra(), "[URU-2]"
    assert "muestras" not in json.loads(Game.new("mineiro-1v1-es", seed=1).to_json())
