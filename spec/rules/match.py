"""Seats, starters and dealers, the target and the end of the match (the ruleset's `players` and
`match`: SET-1, SET-2, ORD-1, ORD-2, MAT-1, MAT-2, MAT-3, MAT-4, ARG-7, URU-9, IRN-4, AMB-15, AMB-18,
AMB-19)."""

from __future__ import annotations

import functools

from truco_rules.spec.rules.envido import falta
from truco_rules.spec.rules.ruleset import Rules


def side(seat: int) -> int:
    """SET-2: partners sit alternately, so the side of a seat is seat % 2 (in one against one, the seat)."""
    return seat % 2


def first_starter() -> int:
    """Procedure: seat 0 starts the first hand."""
    return 0


def next_starter(starter: int, players: int, hand_starter: str) -> int:
    """AMB-15 `hand-starter`: the next seat in the order of play, or the previous one (ORD-2:
    "la orden de quien comenzar la prxima mano es anti horaria")."""
    if hand_starter == "rotate-with-play":
        return (starter + 1) % players
    if hand_starter == "rotate-against-play":
        return (starter - 1) % players
    raise ValueError(f"unknown hand-starter reading {hand_starter!r}")


def dealer(starter: int, players: int) -> int:
    """Procedure: the dealer is the seat just before the starter."""
    return (starter - 1) % players


@functools.cache  # per ruleset: asked whenever points are scored
def target(rules: Rules) -> int:
    """MAT-1: "Objetivo: Hacer 12 puntos."; MAT-3 "Una partida vale 24 puntos" or MAT-4 "30 puntos"
    (AMB-18); ARG-7 30; URU-9 (AMB-33 `partida-points`): the file's `match.target`, as its readings
    set it."""
    return int(rules.data["match"]["target"])


def halves(rules: Rules) -> int | None:
    """ARG-7: "los primeros 15 son las malas": the points of the first half, where there are halves."""
    h = rules.data["match"].get("halves")
    return None if h is None else int(h)


def partidas_to_win(rules: Rules) -> int:
    """MAT-2: "Vencer 1 o 2 partidas dependiendo del modo de juego escogido"; AMB-19 `match-format`."""
    return int(rules.data["match"]["partidas"])


def reached_target(score: int, rules: Rules) -> bool:
    """MAT-1: "La coppia che segna dodici o più punti per prima vince la partita." (or the partida target)"""
    return score >= target(rules)


def capped_score(rules: Rules, score: int) -> int:
    """A side's score after points are added: AMB-59 `score-cap`. `uncapped` (MAT-1: "dodici o più
    punti") every point counts; `capped` the score stops at the target."""
    if rules.reading("score-cap") == "capped":
        return min(score, target(rules))
    return score


def falta_of(rules: Rules, score: list[int] | tuple[int, int], winner: int) -> int:
    """The falta of envido and flor for a contest won by `winner` at `score` (AMB-22, AMB-30)."""
    return int(falta(score[0], score[1], winner, target(rules), rules.readings["falta-points"],
                     halves(rules), rules.reading("falta-halves")))
