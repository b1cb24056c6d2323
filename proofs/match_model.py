"""The match as a transition system over the two scores (MAT-1, MAT-2, MAT-3, MAT-4, TEN-1, TEN-2, TEN-3,
TEN-4, TEN-5, TEN-6, IRN-1, IRN-4, HND-9).

One transition is one scoring event: a hand won (at its value or by a run), an all-tied hand where nobody
scores (HND-9), a declined hand of ten (TEN-6), a forfeit by a call in the hand of ten (TEN-4), or, where the
ruleset has envido or flor, a contest settled (ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7, FLR-1, FLR-2,
FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8, AMB-25). Every value is the ruleset file's: the target, the ladder,
the hand of ten and the iron hand."""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup

HAND, NOBODY_SCORES, DECLINE, FORFEIT, SIDE_BET = 0, 1, 2, 3, 4


def target_of(setup: Setup) -> int:
    """MAT-1 "Objetivo: Hacer 12 puntos."; AMB-18: MAT-3 "Una partida vale 24 puntos" or MAT-4
    "llegue a 30 puntos"; ARG-7, URU-9: the file's `match.target`, as its readings set it."""
    return int(setup.rules.data["match"]["target"])


def has_side_bets(setup: Setup) -> bool:
    return setup.has("envido") or setup.has("flor")


def awards(setup: Setup) -> set[int]:
    """Every number of points one event can give a side, side bets aside: the ladder's values, what
    a run pays, the hand of ten's value and what declining it pays."""
    r = setup.rules
    out = set(r.ladder) | {int(c["refused"]) for c in r.data["truco"]["calls"]}
    if r.has("hand_of_ten"):
        out.add(int(r.data["hand_of_ten"]["value"]))
        if setup.reading("ten-choice") == "may-decline":
            out.add(int(r.data["hand_of_ten"]["decline_payout"]))
    return out


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
        data = setup.rules.data
        self.ten = data.get("hand_of_ten")
        self.iron = data.get("iron_hand")

    def hand_points(self) -> tuple[int, ...]:
        """What a hand can pay: a ladder value (won, BET-3) or the step below a refused call (BET-4)."""
        r = self.setup.rules
        return tuple(sorted(set(r.ladder) | {int(c["refused"]) for c in r.data["truco"]["calls"]}))

    def ten_value(self) -> int:
        return int(self.ten["value"]) if self.ten else 0  # TEN-2

    def side_bet_max(self) -> int:
        return self.target  # the falta (ENV-6, FLR-6) is the largest stake: at most the target

    def no_truco(self, s: Score) -> z3.BoolRef:
        """TEN-1 (one side at 10); IRN-1 (both) when AMB-10 reads the iron hand like a hand of ten."""
        if not self.ten:
            return z3.BoolVal(False)
        one = self.one_at_ten(s)
        if self.iron and self.setup.reading("iron-hand") == "like-hand-of-ten":
            return z3.Or(one, self.at_iron(s))
        return one

    def one_at_ten(self, s: Score) -> z3.BoolRef:
        mark = int(self.ten["score"]) if self.ten else -1
        return z3.Xor(s.s0 == mark, s.s1 == mark)

    def at_iron(self, s: Score) -> z3.BoolRef:
        """IRN-1: both sides at the iron hand's score."""
        mark = int(self.iron["score"]) if self.iron else -1
        return z3.And(s.s0 == mark, s.s1 == mark)

    def event_ok(self, s: Score, e: Event) -> z3.BoolRef:
        side_ok = z3.Or(e.side == 0, e.side == 1)
        ten = self.no_truco(s)
        hand = z3.And(e.kind == HAND, z3.If(ten, e.points == self.ten_value(),
                                            z3.Or(*[e.points == p for p in self.hand_points()])))
        events = [hand]
        if self.setup.reading("all-rounds-tied") == "nobody-scores":
            events.append(z3.And(e.kind == NOBODY_SCORES, e.points == 0))  # HND-9
        if self.ten:
            mark = int(self.ten["score"])
            if self.setup.reading("ten-choice") == "may-decline":  # TEN-6: the opponents score
                events.append(z3.And(e.kind == DECLINE, self.one_at_ten(s), s.of(e.side) != mark,
                                     e.points == int(self.ten["decline_payout"])))
            ten_truco = self.setup.reading("ten-truco")
            if ten_truco == "caller-loses-match":  # TEN-4: the caller's side loses the match
                events.append(z3.And(e.kind == FORFEIT, ten, e.points == 0))
            elif ten_truco == "caller-loses-hand":  # the other side wins the hand at its value
                events.append(z3.And(e.kind == HAND, ten, e.points == int(self.ten["value"])))
        if has_side_bets(self.setup):
            events.append(z3.And(e.kind == SIDE_BET, e.points >= 1, e.points <= self.side_bet_max()))
        return z3.And(side_ok, z3.Or(*events))

    def init(self, s: Score) -> z3.BoolRef:
        return z3.And(s.s0 == 0, s.s1 == 0, z3.Not(s.over), s.winner == -1)

    def ends(self, s: Score, t: Score, e: Event) -> z3.BoolRef:
        """MAT-1 / MAT-4: a side at the target or above; IRN-4 (002, `iron_hand.decides_match`):
        the iron hand's winner."""
        reached = z3.Or(t.s0 >= self.target, t.s1 >= self.target)
        if self.iron and self.iron.get("decides_match"):
            return z3.Or(reached, z3.And(self.at_iron(s), e.kind == HAND))
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
    """Control: a hand may pay 1 point (an odd award where every award is even)."""

    def hand_points(self) -> tuple[int, ...]:
        return (1, *super().hand_points())


class IronWorthOne(OddPoint):
    """Control: the hand of ten (and so the iron hand) is worth 1, and a hand may pay 1."""

    def ten_value(self) -> int:
        return 1


class IronShortOfTarget(IronWorthOne):
    """Control: the iron hand (and a hand) may pay one point less than a side at it lacks: 1 where
    the iron hand is at 10 of 12 (Mineiro), 0 where it is at 11 of 12 (PAU-9), so that winning it
    no longer reaches the target."""

    def short(self) -> int:
        return self.target - int(self.iron["score"]) - 1 if self.iron else 1

    def ten_value(self) -> int:
        return self.short()

    def hand_points(self) -> tuple[int, ...]:
        return (self.short(), *MatchModel.hand_points(self))

    def ends(self, s: Score, t: Score, e: Event) -> z3.BoolRef:
        return z3.Or(t.s0 >= self.target, t.s1 >= self.target)  # and without 002's IRN-4
