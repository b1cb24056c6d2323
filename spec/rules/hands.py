"""Hand resolution from the sequence of round results (HND-1, HND-2, HND-3, HND-4, HND-5, HND-6, HND-7, HND-8,
HND-9, HND-10, AMB-1, AMB-2, AMB-3, AMB-4).

Finite encoding, shared with the solver model. A round result is 0, 1 (the side that won it),
TIE = 2, or NOT_PLAYED = 3. A hand outcome code is 0 or 1 (that side wins the hand), UNDECIDED = 2
(another round is needed) or NOBODY = 3 (nobody scores, the hand is dealt again: HND-9).
Domain of `hand_code`: r1, r2, r3 in 0..3, prefix-closed (a NOT_PLAYED round is followed by
NOT_PLAYED rounds only); outside it the code is UNDECIDED.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from truco_rules.spec.rules.rounds import TIE
from truco_rules.spec.rules.symbolic import And, If, Or, Val, concrete_cache

NOT_PLAYED = 3
UNDECIDED = 2
NOBODY = 3

RoundResult = int | Literal["tie"]


def _after_two(r1: Val, r2: Val) -> Val:
    """Rules 1-3 of the procedure, on two played rounds."""
    # HND-3: "el jugador que logra ganar dos rondas lleva la mano."
    two_wins = And(r1 == r2, r1 != TIE)
    # HND-5/HND-8: round 1 won, round 2 tied: "la coppia che vince il primo turno vincerà la mano".
    won_then_tie = And(r1 != TIE, r2 == TIE)
    # HND-5/HND-7: round 1 tied, round 2 won: "la coppia che vince il secondo turno vincerà la mano".
    tie_then_won = And(r1 == TIE, r2 != TIE)
    return If(two_wins, r1, If(won_then_tie, r1, If(tie_then_won, r2, UNDECIDED)))


def _split_then_tie(r1: Val, r2: Val, reading: str) -> Val:
    """AMB-2 `split-then-tie`: X, Y, tie.

    HND-6: "the player that won the first round wins the hand" (`first-round-winner`);
    `last-winner-before-tie` reads 000's "cualquier ronda anterior" as the round just before.
    """
    if reading == "first-round-winner":
        return r1
    if reading == "last-winner-before-tie":
        return r2
    raise ValueError(f"unknown split-then-tie reading {reading!r}")


def _all_tied(reading: str, dealer_side: Val, starter_side: Val) -> Val:
    """AMB-1 `all-rounds-tied`.

    HND-9: "Si en todas las rondas empatan, ninguno de los jugadores gana punto" (`nobody-scores`);
    HND-10: "la coppia che distribuisce le carte vincerà la mano" (`dealer-side-wins`);
    ARG-4: the side that is mano wins (`starter-side-wins`).
    """
    if reading == "nobody-scores":
        return NOBODY
    if reading == "dealer-side-wins":
        return dealer_side
    if reading == "starter-side-wins":
        return starter_side
    raise ValueError(f"unknown all-rounds-tied reading {reading!r}")


def _first_two_tied(r3: Val, reading: str, all_tied: Val) -> Val:
    """AMB-3 `first-two-tied`: "or wins any round after the tie wins the hand" (HND-5)."""
    if reading != "third-round-decides":
        raise ValueError(f"unknown first-two-tied reading {reading!r}")
    return If(r3 != TIE, r3, all_tied)


@concrete_cache()  # 64 round sequences per reading and seating
def hand_code(r1: Val, r2: Val, r3: Val, *, split_then_tie: str, first_two_tied: str,
              all_rounds_tied: str, dealer_side: Val, starter_side: Val = None) -> Val:
    """Outcome code of a hand after the rounds played so far (dual-use on r1, r2, r3 and the sides).

    The outcome is the one fixed when the hand is first decided (procedure, rule 8): rounds
    played after that (AMB-4 `always-three-rounds`) do not change it.
    """
    if starter_side is None:
        starter_side = 1 - dealer_side  # the dealer sits just before the starter: the other side
    after2 = _after_two(r1, r2)
    # With rounds 1-2 undecided they are X, Y (X != Y) or tie, tie.
    third_won = r3  # HND-3: whoever wins round 3 has two wins (X, Y, Y) or is the tie-breaker
    after3 = If(r1 == TIE,
                _first_two_tied(r3, first_two_tied, _all_tied(all_rounds_tied, dealer_side, starter_side)),
                If(r3 != TIE, third_won, _split_then_tie(r1, r2, split_then_tie)))
    return If(Or(r1 == NOT_PLAYED, r2 == NOT_PLAYED), UNDECIDED,
              If(after2 != UNDECIDED, after2,
                 If(r3 == NOT_PLAYED, UNDECIDED, after3)))


@dataclass(frozen=True)
class Decided:
    winner: int


@dataclass(frozen=True)
class Undecided:
    pass


@dataclass(frozen=True)
class NobodyScores:
    pass


HandResult = Decided | Undecided | NobodyScores
# The results are values (frozen): one of each serves every hand.
UNDECIDED_RESULT, _NOBODY_SCORES = Undecided(), NobodyScores()
_DECIDED = {0: Decided(0), 1: Decided(1)}


def hand_result(rounds: Sequence[RoundResult], readings: Mapping[str, str],
                dealer_side: int = 0, starter_side: int | None = None) -> HandResult:
    """Who wins a hand, from the results of its rounds so far (0, 1 or "tie"; at most three: HND-1).

    `readings` is a ruleset's full reading map (truco_rules.spec.catalogue: Catalogue.readings).
    """
    if len(rounds) > 3:
        raise ValueError("a hand has at most three rounds (HND-1)")
    # a round's code: TIE for a tie, else the side that won it
    codes = [TIE if r == "tie" else int(r) for r in rounds] + [NOT_PLAYED] * (3 - len(rounds))
    code = hand_code(*codes, split_then_tie=readings["split-then-tie"],
                     first_two_tied=readings["first-two-tied"],
                     all_rounds_tied=readings["all-rounds-tied"], dealer_side=dealer_side,
                     starter_side=starter_side)
    if code == UNDECIDED:
        return UNDECIDED_RESULT
    if code == NOBODY:
        return _NOBODY_SCORES
    return _DECIDED[code] if code in _DECIDED else Decided(code)


def hand_over(rounds: Sequence[RoundResult], readings: Mapping[str, str], dealer_side: int = 0,
              starter_side: int | None = None, result: HandResult | None = None) -> bool:
    """Whether no further round is played (AMB-4 `hand-length`). `result`, where the caller has
    it, is hand_result of the same rounds (not worked out a second time)."""
    if readings["hand-length"] == "always-three-rounds":
        return len(rounds) == 3
    if result is None:
        result = hand_result(rounds, readings, dealer_side, starter_side)
    return not isinstance(result, Undecided)
