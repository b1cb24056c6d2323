"""The raise ladder and its payouts (VAL-1, VAL-2, BET-3..9, TEN-2), and the kind of a hand
(TEN-1, IRN-1, AMB-10 `iron-hand`).

Finite encoding: values are the hand's point values; NO_STEP (0) means "no further step".
"""

from __future__ import annotations

from itertools import pairwise

from spec.rules.symbolic import If, Val

# BET-6: "Un jugador sólo puede aumentar el valor de la apuesta en el siguiente orden: 4, 6, 10 y 12."
# VAL-1: a Mineiro hand "vale inicialmente 2 puntos".
MINEIRO_LADDER: tuple[int, ...] = (2, 4, 6, 10, 12)
# BET-9: "Truco vale 2 puntos, Retruco vale 3 y Vale 4 se disputa 4 puntos";
# VAL-2: "vale inicialmente 1 punto".
GAUDERIO_LADDER: tuple[int, ...] = (1, 2, 3, 4)
# TEN-2: "La mano de 10 comienza valiendo 4 puntos."
TEN_VALUE = 4
NO_STEP = 0


def ladder(variant: str) -> tuple[int, ...]:
    return MINEIRO_LADDER if variant == "mineiro" else GAUDERIO_LADDER


def next_step(variant: str, value: Val) -> Val:
    """The only value that may be called when the hand is worth `value` (dual-use).

    BET-6: "no puede pedir 10 si el juego vale 4, ni pedir 6 si el juego vale 2": one step at a time.
    BET-8 / BET-9: the top (12, vale 4) has no next step: NO_STEP.
    """
    steps = ladder(variant)
    result: Val = NO_STEP
    for low, high in reversed(list(pairwise(steps))):
        result = If(value == low, high, result)
    return result


def run_payout(variant: str, called: Val) -> Val:
    """Points won by the caller's side when the other side runs from a call of `called` (dual-use).

    BET-4: "el jugador que pidió 10 gana 6 puntos (el valor actual de la mano)"; 002: "Se la coppia
    non accetta la richiesta di sei, la coppia avversaria guadagnerà quattro punti." The payout is
    the ladder step just below the refused call (a raise accepts the call it raises).
    Outside the ladder (or for its first step) the result is NO_STEP.
    """
    steps = ladder(variant)
    result: Val = NO_STEP
    for low, high in pairwise(steps):
        result = If(called == high, low, result)
    return result


def is_top(variant: str, value: Val) -> Val:
    """BET-8: "Se la coppia chiede dodici, la coppia avversaria deve rispondere se accetta o corre." """
    return value == ladder(variant)[-1]


# Hand kinds
NORMAL, TEN, IRON = "normal", "ten", "iron"


def hand_kind(variant: str, score0: int, score1: int) -> str:
    """TEN-1: "Mano de 10 - Cuando uno de los jugadores tiene 10 puntos."
    IRN-1: "Mano de hierro - Cuando los dos jugadores tienen 10 puntos."
    Gauderio has neither.
    """
    if variant != "mineiro":
        return NORMAL
    at_ten = (score0 == 10, score1 == 10)
    if all(at_ten):
        return IRON
    return TEN if any(at_ten) else NORMAL


def iron_like_ten(kind: str, iron_hand: str | None) -> bool:
    """AMB-10 `iron-hand`: `like-hand-of-ten` - the iron hand is worth 4 and no truco is called."""
    return kind == TEN or (kind == IRON and iron_hand == "like-hand-of-ten")


def initial_value(variant: str, kind: str, iron_hand: str | None) -> int:
    """VAL-1 / VAL-2; TEN-2 for the hand of ten (and the iron hand under like-hand-of-ten)."""
    if iron_like_ten(kind, iron_hand):
        return TEN_VALUE
    return ladder(variant)[0]
