"""Señas, the pair's signals (SEN-1..3, AMB-28 `senas`)."""

from __future__ import annotations

from collections.abc import Sequence

from spec.rules.cards import gauderio_strength
from spec.rules.envido import envido_points

SIGNS: tuple[str, ...] = ("ciego", "tanto-27-29", "tanto-30-plus")
_THREE = 10  # strength of the 3s (cards.gauderio_strength)


def sign_is_true(sign: str, hand: Sequence[tuple[int, int]], without_pair: str) -> bool:
    """Whether a seña tells the truth about a three-card hand of (rank, suit).

    SEN-1: "Para las cartas ms bajas se cierran ambos ojos" - ciego: no card at or above the 3s.
    SEN-2: "Tener tanto (27, 28 o 29 puntos)"; SEN-3: "Tener tanto (30 puntos o mas)".
    """
    if sign == "ciego":
        return all(gauderio_strength(r, s) < _THREE for r, s in hand)
    points = envido_points(*[x for card in hand for x in card], without_pair=without_pair)
    if sign == "tanto-27-29":
        return 27 <= points <= 29
    if sign == "tanto-30-plus":
        return points >= 30
    raise ValueError(f"unknown seña {sign!r}")


def sign_allowed(sign: str, hand: Sequence[tuple[int, int]], readings_senas: str, without_pair: str) -> bool:
    """AMB-28: `truthful` - the seña must be true of the hand; `free` - any seña may be made."""
    if readings_senas == "free":
        return True
    return sign_is_true(sign, hand, without_pair)
