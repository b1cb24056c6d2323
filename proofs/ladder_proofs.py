"""Properties of the raise ladder (BET-1, BET-2, BET-3, BET-4, BET-5, BET-6, BET-7, BET-8, BET-9, BET-10,
TEN-3, TEN-4, IRN-3), proved by 1-induction on the transition system of `ladder_model`: the invariant holds
initially and is kept by every action, and each property is checked on every action taken from a state
satisfying the invariant."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3

from truco_rules.proofs import ladder_model as lm
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()
Model = type[lm.LadderModel]


def _step_query(setup: Setup, model_cls: Model,
                claim: Callable[[lm.LadderModel, lm.State, lm.State, z3.ArithRef, z3.ArithRef], z3.BoolRef],
                ) -> Query:
    m = model_cls(setup)
    s, t = lm.State.fresh("pre"), lm.State.fresh("post")
    act, actor = z3.Int("action"), z3.Int("actor")
    return Query(claim(m, s, t, act, actor), [*s.variables, *t.variables, act, actor],
                 [m.invariant(s), m.transition(s, t, act, actor)])


def _inductive(setup: Setup, broken: bool) -> Query:
    """init => Inv, and Inv and T => Inv' (both in one claim, over a pre and a post state)."""
    m = (lm.SkipStep if broken else lm.LadderModel)(setup)
    s, t = lm.State.fresh("pre"), lm.State.fresh("post")
    act, actor = z3.Int("action"), z3.Int("actor")
    i = lm.State.fresh("init")
    claim = z3.And(z3.Implies(m.init(i), m.invariant(i)),
                   z3.Implies(z3.And(m.invariant(s), m.transition(s, t, act, actor)), m.invariant(t)))
    return Query(claim, [*i.variables, *s.variables, *t.variables, act, actor])


PROPERTIES.add(Property(
    id="ladder-invariant",
    title="Inductive invariant: the value is on the ladder and a pending call is its next step",
    clauses=("VAL-1", "VAL-2", "BET-1", "BET-2", "BET-3", "BET-5", "BET-6", "BET-9", "TEN-2"),
    ambiguities=(),
    build=_inductive, control="a call may skip a step (Mineiro: 2 straight to 6)",
    expect=lambda s, cx: cx["action"] == lm.CALL and _skipped(s, cx["value_pre"], cx["pending_post"]),
))


def _skipped(setup: Setup, value: int, called: int) -> bool:
    steps = lm.steps_of(setup)
    return value in steps and called in steps and steps.index(called) == steps.index(value) + 2


def _one_step_up(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    up = z3.Or(t.value == s.value, t.value == m.next_step(s.value))
    called = z3.Or(t.pending == lm.NONE, t.pending == s.pending, t.pending == m.next_step(t.value))
    return z3.And(up, called)


PROPERTIES.add(Property(
    id="ladder-one-step-up",
    title="The value only moves up, one step at a time, in the ruleset's order",
    clauses=("BET-3", "BET-5", "BET-6", "BET-9"), ambiguities=(),
    build=lambda s, b: _step_query(s, lm.SkipStep if b else lm.LadderModel, _one_step_up),
    control="a call may skip a step (Mineiro: 2 straight to 6)",
    expect=lambda s, cx: cx["action"] == lm.CALL and _skipped(s, cx["value_pre"], cx["pending_post"]),
))


def _top(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    top = m.steps[-1]
    return z3.And(t.value <= top, t.pending <= top)


PROPERTIES.add(Property(
    id="ladder-never-past-top",
    title="Neither the value nor a call ever goes past the top of the ladder",
    clauses=("BET-8", "BET-9"), ambiguities=(),
    build=lambda s, b: _step_query(s, lm.NoTopGuard if b else lm.LadderModel, _top),
    control="the top can still be raised",
    expect=lambda s, cx: cx["action"] == lm.RAISE and cx["pending_pre"] == lm.steps_of(s)[-1],
))


def _alternate(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    return z3.Implies(z3.And(z3.Or(act == lm.CALL, act == lm.RAISE), s.last != -1), actor != s.last)


PROPERTIES.add(Property(
    id="ladder-no-raise-twice-in-a-row",
    title="The side that made the last call never makes the next one",
    clauses=("BET-10",), ambiguities=(),
    build=lambda s, b: _step_query(s, lm.SameSideCallsAgain if b else lm.LadderModel, _alternate),
    control="no guard on the side that called last",
    expect=lambda s, cx: cx["action"] == lm.CALL and cx["actor"] == cx["last_pre"],
))


def _run_pays(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    return z3.Implies(act == lm.RUN, z3.And(t.paid == m.step_before(s.pending), t.winner == s.caller,
                                            t.paid > 0, t.over))


PROPERTIES.add(Property(
    id="ladder-run-pays-value-before-call",
    title="Running pays the calling side the ladder step just below the refused call",
    clauses=("BET-4",), ambiguities=(),
    build=lambda s, b: _step_query(s, lm.RunPaysCalled if b else lm.LadderModel, _run_pays),
    control="running pays the refused call's value",
    expect=lambda s, cx: cx["action"] == lm.RUN and cx["paid_post"] == cx["pending_pre"],
))


def _no_truco_in_ten(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    kept = z3.And(t.value == (m.ten or 0), t.pending == lm.NONE)
    if m.ten_truco == "refused":
        rule = z3.Not(act == lm.CALL)  # IRN-3 / TEN-3 (002): the call is refused
    else:
        rule = z3.Implies(act == lm.CALL, z3.And(t.over, t.winner == 1 - actor))  # TEN-4
    return z3.Implies(s.no_truco, z3.And(kept, rule))


PROPERTIES.add(Property(
    id="ladder-no-truco-in-hand-of-ten",
    title="In the hand of ten (and the iron hand read like it) no call is ever played: the value stays"
          " the hand of ten's",
    clauses=("TEN-2", "TEN-3", "TEN-4", "IRN-3"), ambiguities=("AMB-9", "AMB-10"),
    build=lambda s, b: _step_query(s, lm.TrucoInTen if b else lm.LadderModel, _no_truco_in_ten),
    control="no guard in the hand of ten",
    # The call is played as in any hand: a call pending afterwards (a refused or forfeiting call leaves none).
    expect=lambda s, cx: cx["no_truco_pre"] is True and cx["action"] == lm.CALL
    and cx["pending_post"] != lm.NONE,
    applies=lambda s: s.has("hand_of_ten"),
    when="a hand of ten",
))


def _climbs(m: lm.LadderModel, s: lm.State, t: lm.State, act: Any, actor: Any) -> z3.BoolRef:
    calls = z3.And(z3.Or(act == lm.CALL, act == lm.RAISE), z3.Not(t.over))
    top = 2 * (len(m.steps) - 1)
    return z3.And(z3.Implies(calls, m.height(t) > m.height(s)),
                  m.height(s) >= 0, m.height(t) <= top, m.height(t) >= m.height(s))


PROPERTIES.add(Property(
    id="ladder-betting-ends",
    title="Every call climbs a bounded height: a hand has at most (ladder length - 1) calls",
    clauses=("BET-5", "BET-6", "BET-8", "BET-9"), ambiguities=(),
    build=lambda s, b: _step_query(s, lm.RaiseWithoutClimbing if b else lm.LadderModel, _climbs),
    control="a raise answers a call with the same call",
    expect=lambda s, cx: cx["action"] == lm.RAISE and cx["value_post"] == cx["value_pre"]
    and cx["pending_post"] == cx["pending_pre"],
))
