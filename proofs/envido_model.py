"""Envido and flor points and the falta (ENV-2..7, FLR-1, FLR-6, AMB-21, AMB-22, AMB-24).

A Gauderio card is (rank, suit): rank its face value (1..7, 10..12), suit 0..3, as in spec.rules.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


@dataclass(frozen=True)
class Hand:
    cards: tuple[tuple[z3.ArithRef, z3.ArithRef], ...]

    @classmethod
    def fresh(cls, tag: str = "") -> Hand:
        return cls(tuple((z3.Int(f"rank{i}{tag}"), z3.Int(f"suit{i}{tag}")) for i in (1, 2, 3)))

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [x for card in self.cards for x in card]

    def domain(self) -> z3.BoolRef:
        """Three different cards of the Spanish forty-card deck (DECK-2)."""
        ok = [z3.And(z3.Or(*[r == x for x in RANKS]), s >= 0, s <= 3) for r, s in self.cards]
        (r1, s1), (r2, s2), (r3, s3) = self.cards
        return z3.And(*ok, z3.Or(r1 != r2, s1 != s2), z3.Or(r1 != r3, s1 != s3), z3.Or(r2 != r3, s2 != s3))

    def has_pair(self) -> z3.BoolRef:
        (_, s1), (_, s2), (_, s3) = self.cards
        return z3.Or(s1 == s2, s1 == s3, s2 == s3)

    def has_flor(self) -> z3.BoolRef:
        """FLR-1: "3 cartas del mismo palo"."""
        (_, s1), (_, s2), (_, s3) = self.cards
        return z3.And(s1 == s2, s2 == s3)


def card_value(rank: z3.ArithRef) -> z3.ArithRef:
    """ENV-7: "Del 1 al 7: el valor que indican. Del 10 al 12: 0 puntos." """
    return z3.If(rank >= 10, 0, rank)


def _max(*xs: z3.ArithRef) -> z3.ArithRef:
    out = xs[0]
    for x in xs[1:]:
        out = z3.If(x > out, x, out)
    return out


class EnvidoModel:
    def __init__(self, without_pair: str) -> None:
        self.without_pair = without_pair  # AMB-21

    def points(self, h: Hand) -> z3.ArithRef:
        """ENV-2 / ENV-4: 20 plus the two best values of a suit held twice or more; AMB-21 otherwise."""
        vals = [card_value(r) for r, _ in h.cards]
        suits = [s for _, s in h.cards]
        pairs = [z3.If(suits[i] == suits[j], 20 + vals[i] + vals[j], -1)
                 for i, j in ((0, 1), (0, 2), (1, 2))]
        alone = _max(*vals) if self.without_pair == "highest-card" else vals[0] + vals[1] + vals[2]
        return z3.If(h.has_pair(), _max(*pairs), alone)

    def flor_points(self, h: Hand) -> z3.ArithRef:
        """AMB-24 (starter-side): a flor counts 20 plus the envido values of its three cards."""
        return 20 + sum((card_value(r) for r, _ in h.cards), z3.IntVal(0))


class ThreeCardEnvido(EnvidoModel):
    """Control: a suit held three times adds all three values to the 20."""

    def points(self, h: Hand) -> z3.ArithRef:
        return z3.If(h.has_flor(), self.flor_points(h), super().points(h))


class FiguresAtFaceValue(EnvidoModel):
    """Control: the flor counts its figures at their face value (ENV-7 gives them 0)."""

    def flor_points(self, h: Hand) -> z3.ArithRef:
        return 20 + sum((r for r, _ in h.cards), z3.IntVal(0))


def falta(s0: z3.ArithRef, s1: z3.ArithRef, winner: z3.ArithRef, target: int, reading: str) -> z3.ArithRef:
    """ENV-6 / FLR-6, AMB-22: the points the leader (`leader-lacks`) or the contest's winner
    (`winner-lacks`) still needs to reach the target."""
    if reading == "winner-lacks":
        return target - z3.If(winner == 0, s0, s1)
    return target - _max(s0, s1)


def falta_of_trailer(s0: z3.ArithRef, s1: z3.ArithRef, winner: z3.ArithRef, target: int,
                     reading: str) -> z3.ArithRef:
    """Control: the falta counted from the trailing side's score."""
    return target - z3.If(s0 < s1, s0, s1)
