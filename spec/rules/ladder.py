"""The raise ladder and its payouts (the ruleset's `truco` section: VAL-1, VAL-2, BET-3, BET-4, BET-5, BET-6,
BET-7, BET-8, BET-9, ARG-3, URU-7), and the kind of a hand (`hand_of_ten` and `iron_hand`: TEN-1, TEN-2,
IRN-1, AMB-10). The ladder's top is its only cap, whatever the score (AMB-43 raise-cap, no-cap; PAU-6);
the cap by the score of the reading `capped` is a rule of the procedure (procedure/truco.over_cap).

Finite encoding: values are the hand's point values; NO_STEP (0) means "no further step".
"""

from __future__ import annotations

import functools
from itertools import pairwise

from truco_rules.spec.rules.ruleset import Rules
from truco_rules.spec.rules.symbolic import If, Val, concrete_cache

NO_STEP = 0


def ladder(rules: Rules) -> tuple[int, ...]:
    """The opening value (VAL-1: "vale inicialmente 2 puntos") then every call in order (BET-6:
    "4, 6, 10 y 12"; BET-9: "Truco vale 2 puntos, Retruco vale 3 y Vale 4 se disputa 4 puntos")."""
    return rules.ladder


@concrete_cache(keys=(Rules,))  # a handful of values per ruleset, asked at every call
def next_step(rules: Rules, value: Val) -> Val:
    """The only value that may be called when the hand is worth `value` (dual-use).

    BET-6: "no puede pedir 10 si el juego vale 4, ni pedir 6 si el juego vale 2": one step at a time.
    The top of the ladder (BET-8, BET-9) has no next step: NO_STEP.
    """
    result: Val = NO_STEP
    for low, high in reversed(list(pairwise(rules.ladder))):
        result = If(value == low, high, result)
    return result


@concrete_cache(keys=(Rules,))
def run_payout(rules: Rules, called: Val) -> Val:
    """Points won by the caller's side when the other side runs from a call of `called` (dual-use).

    BET-4: "el jugador que pidió 10 gana 6 puntos (el valor actual de la mano)"; 002: "Se la coppia
    non accetta la richiesta di sei, la coppia avversaria guadagnerà quattro punti." The file
    states it for every call (`refused`). Outside the ladder the result is NO_STEP.
    """
    result: Val = NO_STEP
    for call in rules.data["truco"]["calls"]:
        result = If(called == int(call["value"]), int(call["refused"]), result)
    return result


def is_top(rules: Rules, value: Val) -> Val:
    """BET-8: "Se la coppia chiede dodici, la coppia avversaria deve rispondere se accetta o corre." """
    return value == rules.ladder[-1]


# Hand kinds
NORMAL, TEN, IRON = "normal", "ten", "iron"


@functools.lru_cache(maxsize=4096)  # asked at every hand; a few hundred scores per ruleset
def hand_kind(rules: Rules, score0: int, score1: int) -> str:
    """TEN-1: "Mano de 10 - Cuando uno de los jugadores tiene 10 puntos."
    IRN-1: "Mano de hierro - Cuando los dos jugadores tienen 10 puntos."
    A ruleset without those sections has neither. The score alone decides, whatever the hands
    before: a side still at ten after a hand of ten plays another (AMB-71 `ten-recurs` every-hand).
    """
    at = [False, False]
    if rules.has("hand_of_ten"):
        mark = int(rules.data["hand_of_ten"]["score"])
        at = [score0 == mark, score1 == mark]
    if rules.has("iron_hand"):
        mark = int(rules.data["iron_hand"]["score"])
        if score0 == mark and score1 == mark:
            return IRON
    return TEN if any(at) and not all(at) else NORMAL


def iron_ordinary(rules: Rules, kind: str) -> bool:
    """AMB-61 `iron-or-ordinary`, `ordinary-no-truco`: the hand at both sides' hand-of-ten score is
    no iron hand but an ordinary one (the opening value, the cards seen), in which no truco is called."""
    return kind == IRON and rules.reading("iron-or-ordinary") == "ordinary-no-truco"


def iron_like_ten(kind: str, iron_hand: str | None) -> bool:
    """AMB-10 `iron-hand`: `like-hand-of-ten` - the iron hand is worth 4 and no truco is called."""
    return kind == TEN or (kind == IRON and iron_hand == "like-hand-of-ten")


def ten_value(rules: Rules) -> int:
    """TEN-2: "La mano de 10 comienza valiendo 4 puntos." (the file's hand_of_ten value)"""
    return int(rules.data["hand_of_ten"]["value"])


def initial_value(rules: Rules, kind: str, iron_hand: str | None) -> int:
    """VAL-1 / VAL-2 (the opening value); TEN-2 for the hand of ten (and the iron hand under
    like-hand-of-ten)."""
    if iron_like_ten(kind, iron_hand) and rules.has("hand_of_ten"):
        return ten_value(rules)
    return rules.ladder[0]
