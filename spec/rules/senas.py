"""Señas, the pair's signals (the ruleset's `senas` section: SEN-1, SEN-2, SEN-3, AMB-28 `senas`, AMB-36
`ciego`, whose readings set the file's `below` rank)."""

from __future__ import annotations

from collections.abc import Sequence

from truco_rules.spec.rules.cards import strength
from truco_rules.spec.rules.envido import envido_points
from truco_rules.spec.rules.ruleset import Card, Rules

SIGNS: tuple[str, ...] = ("ciego", "tanto-27-29", "tanto-30-plus")  # the señas of the record format


def signs_of(rules: Rules) -> tuple[str, ...]:
    """The señas the ruleset has (its `senas` section), in the record format's order."""
    section = rules.data.get("senas") or {}
    return tuple(s for s in SIGNS if s in section)


def sign_clause(rules: Rules, sign: str) -> str:
    return str(rules.data["senas"][sign]["clause"])


def sign_is_true(rules: Rules, sign: str, hand: Sequence[Card], without_pair: str) -> bool:
    """Whether a seña tells the truth about a three-card hand of (rank, suit).

    SEN-1: "Para las cartas ms bajas se cierran ambos ojos" - ciego: every card weaker than the
    cards of the file's `below` rank (AMB-36 `ciego`: below-threes, the 3s; below-twos, the 2s).
    SEN-2: "Tener tanto (27, 28 o 29 puntos)"; SEN-3: "Tener tanto (30 puntos o mas)" - the file's
    envido range (AMB-28: tanto is the envido points).
    """
    spec = rules.data["senas"][sign]
    if "below" in spec:
        rank = rules.deck.ranks.index(str(spec["below"]))
        floor = min(int(strength(rules, rank, s)) for s in range(len(rules.deck.suits)))
        return all(int(strength(rules, r, s)) < floor for r, s in hand)
    low, high = (int(x) for x in spec["envido"])
    (r1, s1), (r2, s2), (r3, s3) = hand
    points = int(envido_points(rules, r1, s1, r2, s2, r3, s3, without_pair=without_pair))
    return low <= points <= high


def sign_allowed(
    rules: Rules, sign: str, hand: Sequence[Card], readings_senas: str, without_pair: str
) -> bool:
    """AMB-28: `truthful` - the seña must be true of the hand; `free` - any seña may be made."""
    if readings_senas == "free":
        return True
    return sign_is_true(rules, sign, hand, without_pair)
