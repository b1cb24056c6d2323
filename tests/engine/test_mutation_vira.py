"""The vira's manilhas as a hand plays them (PAU-3, PAU-4), through a freshly imported engine
(fresh_engine.py): the strength table of a vira is built once and kept, so a test through the
engine already imported could see a table built before the change it is meant to catch."""

from __future__ import annotations

import pytest
from fresh_engine import fresh_engine

# Paulista's ranks, lowest first: 4 5 6 7 Q J K A 2 3; the manilhas' suits, strongest first:
# clubs (zap), hearts (copas), spades (espadilha), diamonds (pica-fumo).
CASES = [
    # vira, seat 0's card, seat 1's card, the round's result (the side that wins it, or "tie")
    ("3S", "4C", "4H", 0),   # after the last rank comes the first: the 4s are manilhas, zap first
    ("3S", "4D", "3C", 0),   # the weakest manilha above the strongest other card
    ("3S", "4S", "4H", 1),   # copas above espadilha
    ("3S", "5C", "5H", "tie"),  # the rank after the manilhas' is no manilha: equal cards tie
    ("7D", "QD", "3C", 0),   # vira 7: the queens
    ("7D", "QS", "QH", 1),
    ("7D", "4C", "4H", "tie"),  # under vira 7 a 4 is no manilha
    ("KH", "AD", "2C", 0),   # vira K: the aces, above the 2s and 3s
    ("2C", "3D", "AC", 0),   # vira 2: the 3s, above the aces
]


@pytest.mark.clause("PAU-3", "PAU-4")
@pytest.mark.parametrize(("vira", "mine", "theirs", "result"), CASES)
def test_the_manilhas_of_a_vira(vira: str, mine: str, theirs: str, result: int | str) -> None:
    others = sorted({"5S", "6S", "6H", "7S", "7H", "JS", "JH"} - {vira, mine, theirs})
    with fresh_engine() as engine:
        game = engine.Game.new("paulista-1v1", seed=0, muestras=[vira],
                               deals=[[[mine, *others[:2]], [theirs, *others[2:4]]]])
        game.push(f"play {mine}")
        game.push(f"play {theirs}")
        assert game.observation(0)["rounds"][0]["result"] == result, \
            f"[PAU-3] [PAU-4] vira {vira}: {mine} against {theirs}"


@pytest.mark.clause("URU-4", "URU-5")
@pytest.mark.parametrize(("muestra", "points", "result"), [("2o", 36, 0), ("3o", 6, 1)])
def test_the_twelve_of_the_muestras_suit_stands_in_for_the_pieza_turned_up(
        muestra: str, points: int, result: int) -> None:
    """Uruguayan muestra 2 of coins: the 12 of coins takes the 2's place as the top pieza (30 envido
    points, above the 1 of swords); under another muestra it is an ordinary 12."""
    with fresh_engine() as engine:
        game = engine.Game.new("uruguayo-1v1", seed=1, muestras=[muestra],
                               deals=[[["12o", "4c", "6b"], ["1e", "5b", "7c"]]])
        assert game.observation(0)["envido_points"] == points, f"[URU-5] muestra {muestra}"
        game.push("play 12o")
        game.push("play 1e")
        assert game.observation(0)["rounds"][0]["result"] == result, f"[URU-4] muestra {muestra}"
