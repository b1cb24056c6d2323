"""The raise ladder of one hand as a transition system (BET-1, BET-2, BET-3, BET-4, BET-5, BET-6, BET-7,
BET-8, BET-9, BET-10, TEN-2, TEN-3, TEN-4, IRN-3, AMB-9).

State: the hand's value, the pending call (0: none), the side that made it, the side that made
the last call (-1: none), whether the hand is over, who won it and what was paid, and whether it
is a hand where truco may not be called (the hand of ten; the iron hand under AMB-10).
Actions, by a side: call (the next step), accept, run, raise (answer a call with the next step).
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup

NONE = 0
CALL, ACCEPT, RUN, RAISE = 0, 1, 2, 3


def steps_of(setup: Setup) -> tuple[int, ...]:
    """The file's ladder: the opening value (VAL-1 "vale inicialmente 2 puntos", VAL-2, ARG-3,
    URU-7), then each call in order (BET-6 "4, 6, 10 y 12", BET-9)."""
    return setup.rules.ladder


def ten_value(setup: Setup) -> int | None:
    """TEN-2: "La mano de 10 comienza valiendo 4 puntos." (the file's `hand_of_ten.value`), or None
    where the ruleset has no hand of ten."""
    if not setup.has("hand_of_ten"):
        return None
    return int(setup.rules.data["hand_of_ten"]["value"])


@dataclass(frozen=True)
class State:
    value: z3.ArithRef
    pending: z3.ArithRef
    caller: z3.ArithRef
    last: z3.ArithRef
    over: z3.BoolRef
    winner: z3.ArithRef
    paid: z3.ArithRef
    no_truco: z3.BoolRef

    @classmethod
    def fresh(cls, tag: str) -> State:
        i = lambda n: z3.Int(f"{n}_{tag}")  # noqa: E731
        return cls(i("value"), i("pending"), i("caller"), i("last"), z3.Bool(f"over_{tag}"),
                   i("winner"), i("paid"), z3.Bool(f"no_truco_{tag}"))

    @property
    def variables(self) -> list[z3.ExprRef]:
        return [self.value, self.pending, self.caller, self.last, self.over, self.winner, self.paid,
                self.no_truco]


class LadderModel:
    """The model; the controls below each break one rule."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.steps = steps_of(setup)
        # A no-truco hand is the hand of ten (and the iron hand read like it): only where the
        # ruleset has one, at the file's value.
        self.ten = ten_value(setup)
        # AMB-9 `ten-truco` (a ruleset without a hand of ten has no such reading).
        self.ten_truco = setup.reading("ten-truco")

    def next_step(self, v: z3.ArithRef) -> z3.ArithRef:
        """BET-6 / BET-9: the step right after v; NONE at the top (BET-8) and off the ladder."""
        out: z3.ArithRef = z3.IntVal(NONE)
        for low, high in zip(self.steps, self.steps[1:], strict=False):
            out = z3.If(v == low, high, out)
        return out

    def step_before(self, v: z3.ArithRef) -> z3.ArithRef:
        out: z3.ArithRef = z3.IntVal(NONE)
        for low, high in zip(self.steps, self.steps[1:], strict=False):
            out = z3.If(v == high, low, out)
        return out

    def on_ladder(self, v: z3.ArithRef) -> z3.BoolRef:
        return z3.Or(*[v == x for x in self.steps])

    def init(self, s: State) -> z3.BoolRef:
        start = self.steps[0] if self.ten is None else z3.If(s.no_truco, self.ten, self.steps[0])
        return z3.And(s.value == start, s.pending == NONE, s.caller == -1, s.last == -1,
                      z3.Not(s.over), s.winner == -1, s.paid == 0,
                      z3.Implies(s.no_truco, self.ten is not None))

    def may_call(self, s: State, actor: z3.ArithRef) -> z3.BoolRef:
        # BET-1 / BET-10: no call pending, and not the side that made the last call.
        base = z3.And(s.pending == NONE, actor != s.last, self.next_step(s.value) != NONE)
        if self.ten_truco == "refused":
            return z3.And(base, z3.Not(s.no_truco))  # TEN-3 / IRN-3: not an action at all
        return base

    def call_target(self, s: State) -> z3.ArithRef:
        return self.next_step(s.value)

    def may_raise(self, s: State) -> z3.BoolRef:
        return self.next_step(s.pending) != NONE  # BET-8: the top can only be accepted or run from

    def raise_target(self, s: State) -> z3.ArithRef:
        return self.next_step(s.pending)

    def raise_value(self, s: State) -> z3.ArithRef:
        return s.pending  # a raise accepts the call it raises (002: a refused 10 pays 6)

    def run_pays(self, s: State) -> z3.ArithRef:
        return s.value  # BET-4: "el valor actual de la mano"

    def transition(self, s: State, t: State, act: z3.ArithRef, actor: z3.ArithRef) -> z3.BoolRef:
        same = lambda *names: z3.And(*[getattr(t, n) == getattr(s, n) for n in names])  # noqa: E731
        answering = z3.And(z3.Not(s.over), s.pending != NONE, actor != s.caller)
        call_ok = z3.And(z3.Not(s.over), self.may_call(s, actor))
        forfeit = s.no_truco  # TEN-4 (caller-loses-match / caller-loses-hand): the call ends the hand
        call = z3.And(act == CALL, call_ok, z3.If(
            forfeit,
            z3.And(t.over, t.winner == 1 - actor, t.paid == s.value,
                   same("value", "pending", "caller", "last", "no_truco")),
            z3.And(t.pending == self.call_target(s), t.caller == actor, t.last == actor,
                   same("value", "over", "winner", "paid", "no_truco"))))
        accept = z3.And(act == ACCEPT, answering, t.value == s.pending, t.pending == NONE,
                        same("caller", "last", "over", "winner", "paid", "no_truco"))
        run = z3.And(act == RUN, answering, t.over, t.winner == s.caller, t.paid == self.run_pays(s),
                     same("value", "pending", "caller", "last", "no_truco"))
        raise_ = z3.And(act == RAISE, answering, self.may_raise(s), t.value == self.raise_value(s),
                        t.pending == self.raise_target(s), t.caller == actor, t.last == actor,
                        same("over", "winner", "paid", "no_truco"))
        return z3.And(z3.Or(actor == 0, actor == 1), z3.Or(call, accept, run, raise_))

    def invariant(self, s: State) -> z3.BoolRef:
        """The inductive invariant: on the ladder, a pending call is the next step and was made by
        the side that called last; in a no-truco hand the value stays 4 with nothing pending."""
        ten = self.ten
        return z3.And(
            self.on_ladder(s.value) if ten is None else z3.Or(self.on_ladder(s.value), s.value == ten),
            z3.Or(s.pending == NONE, s.pending == self.next_step(s.value)),
            z3.Implies(s.pending != NONE, z3.And(s.caller == s.last, z3.Or(s.last == 0, s.last == 1))),
            z3.Or(s.last == -1, s.last == 0, s.last == 1),
            z3.Implies(s.no_truco, z3.And(s.value == (ten or 0), s.pending == NONE, ten is not None)),
            z3.Implies(z3.Not(s.over), z3.And(s.paid == 0, s.winner == -1)),
        )

    def height(self, s: State) -> z3.ArithRef:
        """Steps climbed, counting a pending call as half climbed (the ranking of the betting)."""
        idx: z3.ArithRef = z3.IntVal(0)
        for i, x in enumerate(self.steps):
            idx = z3.If(s.value == x, 2 * i, idx)
        return idx + z3.If(s.pending != NONE, 1, 0)


class SkipStep(LadderModel):
    """Control: a call may skip a step (BET-6: 'no puede ... pedir 6 si el juego vale 2')."""

    def call_target(self, s: State) -> z3.ArithRef:
        skip = self.next_step(self.next_step(s.value))
        return z3.If(skip != NONE, skip, self.next_step(s.value))


class NoTopGuard(LadderModel):
    """Control: the top of the ladder can still be raised, by the ladder's last increment."""

    def may_raise(self, s: State) -> z3.BoolRef:
        return z3.BoolVal(True)

    def raise_target(self, s: State) -> z3.ArithRef:
        top, below = self.steps[-1], self.steps[-2]
        return z3.If(s.pending == top, top + (top - below), self.next_step(s.pending))


class SameSideCallsAgain(LadderModel):
    """Control: forgets BET-10's guard; a side may call again after its own call was accepted."""

    def may_call(self, s: State, actor: z3.ArithRef) -> z3.BoolRef:
        base = z3.And(s.pending == NONE, self.next_step(s.value) != NONE)
        return z3.And(base, z3.Not(s.no_truco)) if self.ten_truco == "refused" else base


class RunPaysCalled(LadderModel):
    """Control: running pays the refused call's value instead of the value before it."""

    def run_pays(self, s: State) -> z3.ArithRef:
        return s.pending


class TrucoInTen(LadderModel):
    """Control: the hand of ten has no guard; truco is called and played as in any hand."""

    def may_call(self, s: State, actor: z3.ArithRef) -> z3.BoolRef:
        return z3.And(s.pending == NONE, actor != s.last, self.next_step(s.value) != NONE)

    def transition(self, s: State, t: State, act: z3.ArithRef, actor: z3.ArithRef) -> z3.BoolRef:
        plain = State(s.value, s.pending, s.caller, s.last, s.over, s.winner, s.paid, z3.BoolVal(False))
        return z3.And(t.no_truco == s.no_truco,
                      super().transition(plain, State(t.value, t.pending, t.caller, t.last, t.over,
                                                      t.winner, t.paid, z3.BoolVal(False)), act, actor))


class RaiseWithoutClimbing(LadderModel):
    """Control: a raise answers a call with the same call (the value does not move): an endless exchange."""

    def may_raise(self, s: State) -> z3.BoolRef:
        return z3.BoolVal(True)

    def raise_value(self, s: State) -> z3.ArithRef:
        return s.value

    def raise_target(self, s: State) -> z3.ArithRef:
        return s.pending
