"""The match as a transition system over the two scores (MAT-1..4, TEN-1..6, IRN-1, IRN-4, HND-9).

One transition is one scoring event: a hand won (at its value or by a run), an all-tied hand
where nobody scores (HND-9), a declined hand of ten (TEN-6), a forfeit by a call in the hand of
ten (TEN-4), or, in Gauderio, an envido or flor contest settled (ENV-*, FLR-*, AMB-25).
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from proofs import ladder_model as lm
from proofs.setup import Setup

HAND, NOBODY_SCORES, DECLINE, FORFEIT, SIDE_BET = 0, 1, 2, 3, 4
MINEIRO_TARGET = 12  # MAT-1: "Objetivo: Hacer 12 puntos."


def target_of(setup: Setup) -> int:
    """MAT-1 (12); AMB-18: MAT-3 "Una partida vale 24 puntos" or MAT-4 "llegue a 30 puntos"."""
    return MINEIRO_TARGET if setup.variant == "mineiro" else int(setup.reading("gauderio-target") or 0)


@dataclass(frozen=True)
class Score:
    s0: z3.ArithRef
    s1: z3.ArithRef
    over: z3.BoolRef
    winner: z3.ArithRef

    @classmethod
    def fresh(cls, tag: str) -> Score:
        return cls(z3.Int(f"score0_{tag}"), z3.Int(f"score1_{tag}"), z3.Bool(f"over_{tag}"),
                   z3.Int(f"winner_{tag}"))

    @property
    def variables(self) -> list[z3.ExprRef]:
        return [self.s0, self.s1, self.over, self.winner]

    def of(self, side: z3.ArithRef) -> z3.ArithRef:
        return z3.If(side == 0, self.s0, self.s1)


@dataclass(frozen=True)
class Event:
    kind: z3.ArithRef
    side: z3.ArithRef  # who scores (or, for FORFEIT, whose side called)
    points: z3.ArithRef

    @classmethod
    def fresh(cls) -> Event:
        return cls(z3.Int("event"), z3.Int("side"), z3.Int("points"))

    @property
    def variables(self) -> list[z3.ExprRef]:
        return [self.kind, self.side, self.points]


class MatchModel:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.target = target_of(setup)
        self.mineiro = setup.variant == "mineiro"

    def hand_points(self) -> tuple[int, ...]:
        """What a hand can pay: a ladder value (won, BET-3) or the step below a refused call (BET-4)."""
        return lm.steps_of(self.setup)

    def ten_value(self) -> int:
        return lm.TEN_VALUE  # TEN-2

    def side_bet_max(self) -> int:
        return self.target  # the falta (ENV-6, FLR-6) is the largest stake: at most the target

    def no_truco(self, s: Score) -> z3.BoolRef:
        """TEN-1 (one side at 10); IRN-1 (both) when AMB-10 reads the iron hand like a hand of ten."""
        if not self.mineiro:
            return z3.BoolVal(False)
        one = z3.Xor(s.s0 == 10, s.s1 == 10)
        if self.setup.reading("iron-hand") == "like-hand-of-ten":
            return z3.Or(one, z3.And(s.s0 == 10, s.s1 == 10))
        return one

    def event_ok(self, s: Score, e: Event) -> z3.BoolRef:
        side_ok = z3.Or(e.side == 0, e.side == 1)
        ten = self.no_truco(s)
        hand = z3.And(e.kind == HAND, z3.If(ten, e.points == self.ten_value(),
                                            z3.Or(*[e.points == p for p in self.hand_points()])))
        events = [hand]
        if self.setup.reading("all-rounds-tied") == "nobody-scores":
            events.append(z3.And(e.kind == NOBODY_SCORES, e.points == 0))  # HND-9
        if self.mineiro:
            one_at_ten = z3.Xor(s.s0 == 10, s.s1 == 10)
            if self.setup.reading("ten-choice") == "may-decline":  # TEN-6: the opponents score 2
                events.append(z3.And(e.kind == DECLINE, one_at_ten, s.of(e.side) != 10, e.points == 2))
            ten_truco = self.setup.reading("ten-truco")
            if ten_truco == "caller-loses-match":  # TEN-4: the caller's side loses the match
                events.append(z3.And(e.kind == FORFEIT, ten, e.points == 0))
            elif ten_truco == "caller-loses-hand":  # the other side wins the hand at 4
                events.append(z3.And(e.kind == HAND, ten, e.points == lm.TEN_VALUE))
        else:
            events.append(z3.And(e.kind == SIDE_BET, e.points >= 1, e.points <= self.side_bet_max()))
        return z3.And(side_ok, z3.Or(*events))

    def init(self, s: Score) -> z3.BoolRef:
        return z3.And(s.s0 == 0, s.s1 == 0, z3.Not(s.over), s.winner == -1)

    def ends(self, s: Score, t: Score, e: Event) -> z3.BoolRef:
        """MAT-1 / MAT-4: a side at the target or above; IRN-4 (002): the iron hand's winner."""
        reached = z3.Or(t.s0 >= self.target, t.s1 >= self.target)
        if self.setup.ruleset == "mineiro-pairs-it":
            return z3.Or(reached, z3.And(s.s0 == 10, s.s1 == 10, e.kind == HAND))
        return reached

    def transition(self, s: Score, e: Event, t: Score) -> z3.BoolRef:
        gained = z3.If(e.kind == FORFEIT, 0, e.points)
        scores = z3.And(t.s0 == s.s0 + z3.If(e.side == 0, gained, 0),
                        t.s1 == s.s1 + z3.If(e.side == 1, gained, 0))
        forfeit = e.kind == FORFEIT
        end = z3.Or(forfeit, self.ends(s, t, e))
        who = z3.If(forfeit, 1 - e.side, z3.If(t.s0 >= t.s1, 0, 1))
        return z3.And(z3.Not(s.over), self.event_ok(s, e), scores, t.over == end,
                      t.winner == z3.If(end, who, -1))

    def invariant(self, s: Score) -> z3.BoolRef:
        return z3.And(s.s0 >= 0, s.s1 >= 0,
                      z3.Implies(z3.Not(s.over), z3.And(s.s0 < self.target, s.s1 < self.target,
                                                        s.winner == -1)))

    def rank(self, s: Score) -> z3.ArithRef:
        """Points still missing to the target, both sides together: positive until the match ends."""
        return 2 * self.target - s.s0 - s.s1


class ZeroPointHand(MatchModel):
    """Control: a run from the first call pays nothing (the step below the first is taken as 0)."""

    def hand_points(self) -> tuple[int, ...]:
        return (0, *super().hand_points())


class EndsBeforeTarget(MatchModel):
    """Control: the match ends two points short of the target."""

    def ends(self, s: Score, t: Score, e: Event) -> z3.BoolRef:
        return z3.Or(t.s0 >= self.target - 2, t.s1 >= self.target - 2)


class OddPoint(MatchModel):
    """Control: a hand may pay 1 point (the Gauderio ladder's first step in a Mineiro match)."""

    def hand_points(self) -> tuple[int, ...]:
        return (1, *super().hand_points())


class IronWorthOne(OddPoint):
    """Control: the hand of ten (and so the iron hand) is worth 1, and a hand may pay 1."""

    def ten_value(self) -> int:
        return 1

    def ends(self, s: Score, t: Score, e: Event) -> z3.BoolRef:
        return z3.Or(t.s0 >= self.target, t.s1 >= self.target)  # and without 002's IRN-4
