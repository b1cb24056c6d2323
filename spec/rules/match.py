"""Seats, starters and dealers, the target and the end of the match (SET-1, SET-2, ORD-1, ORD-2,
MAT-1..4, IRN-4, AMB-15, AMB-18, AMB-19)."""

from __future__ import annotations

from collections.abc import Mapping

MINEIRO_TARGET = 12  # MAT-1: "Objetivo: Hacer 12 puntos."


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


def target(variant: str, readings: Mapping[str, str]) -> int:
    """MAT-1 (12); AMB-18 `gauderio-target`: MAT-3 "Una partida vale 24 puntos" or MAT-4 "30 puntos"."""
    if variant == "mineiro":
        return MINEIRO_TARGET
    return int(readings["gauderio-target"])


def partidas_to_win(variant: str, readings: Mapping[str, str]) -> int:
    """MAT-2: "Vencer 1 o 2 partidas dependiendo del modo de juego escogido"; AMB-19 `match-format`."""
    if variant == "mineiro":
        return 1
    fmt = readings["match-format"]
    if fmt == "best-of-one":
        return 1
    if fmt == "best-of-three":
        return 2
    raise ValueError(f"unknown match-format reading {fmt!r}")


def reached_target(score: int, variant: str, readings: Mapping[str, str]) -> bool:
    """MAT-1: "La coppia che segna dodici o più punti per prima vince la partita." (or the partida target)"""
    return score >= target(variant, readings)
