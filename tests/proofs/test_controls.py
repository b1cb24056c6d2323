"""The negative controls are honest: each is the proof's own query on a model broken on purpose,
and what it expects of the counterexample is a property of the breakage, not of the query.

Three checks, on every setup the proofs run on:

* the control asks the same query as the proof (the same variables), only of another model;
* its expected shape is not something every situation of the query has, nor every situation its
  claim is about (otherwise the control could not fail: any counterexample would do);
* for the transition systems (ladder, match, envido chain, flor exchange), where a counterexample
  holds the state after the action, no action of the correct model has the expected shape: the
  control expects what only the broken model does.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import z3

from truco_rules.proofs import ladder_model as lm
from truco_rules.proofs import match_model as mm
from truco_rules.proofs import stake_model as sm
from truco_rules.proofs.property import AMBIGUITY, Property, Query
from truco_rules.proofs.registry import all_properties
from truco_rules.proofs.setup import Setup, Tracing, every_setup
from truco_rules.proofs.solver import models

# Situations asked of Z3 per query, at most, for one without the expected shape. Z3 enumerates them
# near one another (each blocks only the last), so a shape most situations have can fill the first
# hundreds: vira-manilha-rank's first 200 on paulista-1v1 all touch the manilhas.
SAMPLE = 1000
NEAR = 200  # correct actions asked of Z3 near a control's counterexample, at most


@functools.cache
def _query(prop: Property, setup: Setup, broken: bool) -> Query:
    return prop.build(setup, broken)


@functools.cache
def _setups(prop: Property) -> list[Setup]:
    """The setups the property applies to, one per distinct pair of queries. A setup that agrees
    with one already taken on every reading the two builds look at asks the same queries (the
    expected shapes look at nothing the builds do not); so does one whose queries come out the same
    (Z3 shares identical terms, so the same queries have the same term IDs)."""
    taken: list[tuple[str, dict[str, str | None] | None]] = []
    queries: set[tuple[int, ...]] = set()
    out = []
    for setup in every_setup():
        if not prop.applies(setup) or any(
                setup.ruleset == ruleset and read is not None
                and all(setup.reading(k) == v for k, v in read.items()) for ruleset, read in taken):
            continue
        tracer = Tracing(setup)
        pair = [prop.build(tracer, broken) for broken in (False, True)]  # type: ignore[arg-type]
        taken.append((setup.ruleset, None if tracer.everything else tracer.read))
        ids = tuple(t.get_id() for q in pair for t in (q.claim, *q.variables, *q.assumptions))
        if ids not in queries:
            queries.add(ids)
            out.append(setup)
    return out


def _names(q: Query) -> list[str]:
    return sorted(str(v) for v in q.variables)


@pytest.mark.slow
@pytest.mark.parametrize("prop", all_properties(), ids=lambda p: p.id)
def test_control_asks_the_proofs_own_query(prop: Property) -> None:
    for setup in _setups(prop):
        proof, control = _query(prop, setup, False), _query(prop, setup, True)
        assert _names(proof) == _names(control), \
                f"{prop.id} on {setup.label}: the control is another query, not another model"


def _finite(variables: list[z3.ExprRef]) -> list[z3.BoolRef]:
    """Every integer between -1 and 40 (values, stakes, scores and the falta all fit): a finite space."""
    return [z3.And(v >= -1, v <= 40) for v in variables if z3.is_int(v)]


class _Reads(dict):  # type: ignore[type-arg]
    """A situation that records which variables are looked at."""

    def __init__(self, values: dict[str, object]) -> None:
        super().__init__(values)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> object:
        self.read.add(key)
        return super().__getitem__(key)


def _counterexample(prop: Property, setup: Setup) -> tuple[Query, dict[str, object], list[z3.ExprRef]]:
    """The query whose counterexample the expected shape is checked on (the control's, or for a
    rulebook's literal wording the proof's own), one counterexample, and the variables the shape
    looks at on it."""
    q = _query(prop, setup, prop.kind != AMBIGUITY)
    cx = next(models(z3.Not(q.claim), q.variables, assumptions=q.assumptions), None)
    assert cx is not None, f"{prop.id} on {setup.label}: no counterexample to check the shape on"
    seen = _Reads(cx)
    assert prop.expect(setup, seen), f"{prop.id} on {setup.label}: {cx} is not of the expected shape"
    return q, cx, [v for v in q.variables if str(v) in seen.read]


def _lacks_the_shape(prop: Property, setup: Setup, situations: Iterator[dict[str, Any]]) -> bool | None:
    """Whether one of the situations (the first SAMPLE) lacks the expected shape; None if there are none."""
    seen = False
    for cx in itertools.islice(situations, SAMPLE):
        if not prop.expect(setup, cx):
            return True
        seen = True
    return False if seen else None


def _claimed(q: Query) -> list[z3.BoolRef]:
    """For a claim `if A then B`, A: every counterexample has it, whatever the model."""
    return [q.claim.arg(0)] if z3.is_app_of(q.claim, z3.Z3_OP_IMPLIES) else []


@pytest.mark.parametrize("prop", all_properties(), ids=lambda p: p.id)
def test_expected_shape_is_not_true_of_every_situation(prop: Property) -> None:
    """A shape that every situation of the query has cannot tell a real counterexample from any
    other: some situation of the control's query, and some situation of the proof's query that its
    claim is about (for `if A then B`, one with A; there may be none), must lack it. The situations
    are asked of Z3 one per distinct value of the variables the shape looks at."""
    for setup in _setups(prop):
        q, _, read = _counterexample(prop, setup)
        proof = _query(prop, setup, False)
        claimed = [*proof.assumptions, *_claimed(proof)]
        for where, about in (("the query", q.assumptions), ("the claim", claimed)):
            situations = models(z3.BoolVal(True), q.variables, distinct=read,
                                assumptions=[*about, *_finite(q.variables)])
            lacking = _lacks_the_shape(prop, setup, situations)
            assert lacking is not None or where == "the claim", f"{prop.id} on {setup.label}: no situation"
            assert lacking is not False, \
                f"{prop.id} on {setup.label}: every situation of {where} has the expected shape"


# --- the correct transition systems -----------------------------------------------------------

Transitions = Callable[[Setup], tuple[list[z3.ExprRef], list[z3.BoolRef]]]


def _ladder(setup: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef]]:
    m = lm.LadderModel(setup)
    s, t = lm.State.fresh("pre"), lm.State.fresh("post")
    act, actor = z3.Int("action"), z3.Int("actor")
    return ([*s.variables, *t.variables, act, actor], [m.invariant(s), m.transition(s, t, act, actor)])


def _match(setup: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef]]:
    m = mm.MatchModel(setup)
    s, e, t = mm.Score.fresh("pre"), mm.Event.fresh(), mm.Score.fresh("post")
    return ([*s.variables, *e.variables, *t.variables], [m.invariant(s), m.transition(s, e, t)])


def _chain(setup: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef]]:
    shape = sm.chain_shape(setup)
    assert shape is not None
    m = sm.EnvidoChain(shape)
    s, t = sm.Chain.fresh("pre"), sm.Chain.fresh("post")
    act, falta = z3.Int("action"), z3.Int("falta")
    return ([*s.variables, *t.variables, act, falta],
            [falta >= 1, m.invariant(s), m.transition(s, t, act, falta)])


def _flor(setup: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef]]:
    m = sm.FlorExchange(setup)
    s, t = sm.Flor.fresh("pre"), sm.Flor.fresh("post")
    act, falta = z3.Int("action"), z3.Int("falta")
    return ([*s.variables, *t.variables, act, falta],
            [falta >= 1, m.invariant(s), m.transition(s, t, act, falta)])


TRANSITION_SYSTEMS: dict[str, Transitions] = {
    "ladder-invariant": _ladder, "ladder-one-step-up": _ladder, "ladder-never-past-top": _ladder,
    "ladder-no-raise-twice-in-a-row": _ladder, "ladder-run-pays-value-before-call": _ladder,
    "ladder-no-truco-in-hand-of-ten": _ladder, "ladder-betting-ends": _ladder,
    "match-ends": _match, "match-winner-reached-target": _match, "match-scores-even": _match,
    "match-iron-hand-decides": _match,
    "envido-chain-terminates": _chain, "envido-stakes": _chain,
    "flor-exchange-terminates": _flor, "flor-stakes": _flor,
}


def test_every_transition_property_is_checked_against_the_correct_model() -> None:
    """A property whose query holds a state after an action belongs in TRANSITION_SYSTEMS."""
    for prop in all_properties():
        setup = _setups(prop)[0]
        post = any(name.endswith("_post") for name in _names(_query(prop, setup, True)))
        assert post == (prop.id in TRANSITION_SYSTEMS), prop.id


@pytest.mark.parametrize("prop_id", sorted(TRANSITION_SYSTEMS))
def test_no_correct_action_has_the_controls_expected_shape(prop_id: str) -> None:
    """Near the control's counterexample (the same values of the variables the shape looks at, or
    all but one of them), no action of the correct model has the expected shape."""
    prop = next(p for p in all_properties() if p.id == prop_id)
    for setup in _setups(prop):
        _, cx, read = _counterexample(prop, setup)
        variables, assumptions = TRANSITION_SYSTEMS[prop_id](setup)
        names = {str(v) for v in read}
        looked_at = [v for v in variables if str(v) in names]
        differ = sum((z3.If(v == cx[str(v)], 0, 1) for v in looked_at), z3.IntVal(0))
        near = models(z3.BoolVal(True), variables, distinct=looked_at,
                      assumptions=[*assumptions, differ <= 1, *_finite(variables)])
        found = list(itertools.islice(near, NEAR + 1))
        assert len(found) <= NEAR, f"{prop_id} on {setup.label}: more than {NEAR} actions near {cx}"
        wrong = [x for x in found if prop.expect(setup, x)]
        assert not wrong, f"{prop_id} on {setup.label}: the correct model does this too: {wrong[0]}"
