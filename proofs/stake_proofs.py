"""Properties of the envido chain and of the flor exchange (ENV-5, ENV-6, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6,
FLR-7, FLR-8, AMB-20, AMB-27), by 1-induction on the transition systems of `stake_model`: the invariant holds
initially and is kept by every action, and each property is checked on every action from a state satisfying
it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import z3

from truco_rules.proofs import stake_model as sm
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()
CHAIN = lambda s: sm.chain_shape(s) is not None  # noqa: E731
FLOR = lambda s: s.has("flor")  # noqa: E731


def _chain(setup: Setup, cls: type[sm.EnvidoChain]) -> sm.EnvidoChain:
    shape = sm.chain_shape(setup)
    assert shape is not None
    return cls(shape)


Int: TypeAlias = z3.ArithRef
EnvidoClaim = Callable[[sm.EnvidoChain, sm.Chain, sm.Chain, Int, Int], z3.BoolRef]
FlorClaim = Callable[[sm.FlorExchange, sm.Flor, sm.Flor, Int, Int], z3.BoolRef]


def _envido(model: sm.EnvidoChain, claim: EnvidoClaim) -> Query:
    s, t, i = sm.Chain.fresh("pre"), sm.Chain.fresh("post"), sm.Chain.fresh("init")
    act, falta = z3.Int("action"), z3.Int("falta")
    inductive = z3.And(z3.Implies(model.init(i), model.invariant(i)),
                       z3.Implies(z3.And(model.invariant(s), model.transition(s, t, act, falta)),
                                  model.invariant(t)))
    return Query(z3.And(inductive, claim(model, s, t, act, falta)),
                 [*i.variables, *s.variables, *t.variables, act, falta],
                 [falta >= 1, model.invariant(s), model.transition(s, t, act, falta)])


def _terminates(m: sm.EnvidoChain, s: sm.Chain, t: sm.Chain, act: Int, falta: Int) -> z3.BoolRef:
    return z3.And(m.rank(t) < m.rank(s), m.rank(t) >= 0, t.calls() <= m.longest())


PROPERTIES.add(Property(
    id="envido-chain-terminates",
    title="The envido chain only goes forward (envido, envido, real-envido, falta-envido): at most four"
          " calls, and every action brings the end closer",
    clauses=("ENV-1", "ENV-5", "ENV-6"), ambiguities=("AMB-20",),
    build=lambda s, broken: _envido(_chain(s, sm.EndlessEnvido if broken else sm.EnvidoChain), _terminates),
    control="envido may be called any number of times",
    expect=lambda s, cx: cx["action"] == sm.ENVIDO and cx["envidos_pre"] == sm.chain_shape(s).times,  # type: ignore[union-attr]
    applies=CHAIN,
    when="envido, with the chain envido (up to its times), real envido, falta envido",
))


def _pays(m: sm.EnvidoChain, s: sm.Chain, t: sm.Chain, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
    chain_sum = m.shape.envido * s.e + m.shape.real * s.r
    accepted = z3.Implies(act == sm.ACCEPT, t.paid == z3.If(s.f == 1, falta, chain_sum))
    refused = z3.Implies(act == sm.RUN, z3.And(
        t.paid >= 1, (t.paid == 1) == (s.calls() == 1),
        z3.Implies(s.f == 0, t.paid < chain_sum)))  # refusing costs less than losing
    return z3.And(accepted, refused)


PROPERTIES.add(Property(
    id="envido-stakes",
    title="An accepted chain pays its sum (2 per envido, 3 for real envido) or the falta; a refused call"
          " pays the accepted sum before it, or 1 if it was the first, always less than accepting",
    clauses=("ENV-5", "ENV-6"), ambiguities=("AMB-20", "AMB-22"),
    build=lambda s, broken: _envido(_chain(s, sm.RefusalPaysCalled if broken else sm.EnvidoChain), _pays),
    control="a refused call pays the chain's sum with that call in it",
    # The state records what refusing pays (`refusal`, kept by the invariant): the control pays the sum.
    expect=lambda s, cx: cx["action"] == sm.RUN and cx["paid_post"] == cx["sum_pre"] != cx["refusal_pre"],
    applies=CHAIN,
    when="envido, with the chain envido (up to its times), real envido, falta envido",
))


def _flor(model: sm.FlorExchange, claim: FlorClaim) -> Query:
    s, t, i = sm.Flor.fresh("pre"), sm.Flor.fresh("post"), sm.Flor.fresh("init")
    act, falta, partner = z3.Int("action"), z3.Int("falta"), z3.Bool("partner_flor")
    inductive = z3.And(z3.Implies(model.init(i, partner), model.invariant(i)),
                       z3.Implies(z3.And(model.invariant(s), model.transition(s, t, act, falta)),
                                  model.invariant(t)))
    return Query(z3.And(inductive, claim(model, s, t, act, falta)),
                 [*i.variables, *s.variables, *t.variables, act, falta, partner],
                 [falta >= 1, model.invariant(s), model.transition(s, t, act, falta)])


def _flor_ends(m: sm.FlorExchange, s: sm.Flor, t: sm.Flor, act: Int, falta: Int) -> z3.BoolRef:
    return z3.And(m.rank(t) < m.rank(s), m.rank(t) >= 0, (m.rank(t) == 0) == (t.phase == sm.OVER))


PROPERTIES.add(Property(
    id="flor-exchange-terminates",
    title="The flor exchange ends: at most the partner, each opponent holding flor, a contraflor and al"
          " resto answer, once each",
    clauses=("FLR-2", "FLR-3", "FLR-4", "FLR-6", "FLR-7"), ambiguities=(),
    build=lambda s, broken: _flor((sm.EndlessContraflor if broken else sm.FlorExchange)(s), _flor_ends),
    control="a contraflor may be answered by another contraflor",
    expect=lambda s, cx: cx["action"] == sm.CONTRAFLOR and cx["phase_pre"] == sm.CONTRA,
    applies=FLOR,
    when="flor",
))


def _flor_pays(setup: Setup) -> Callable[..., z3.BoolRef]:
    before_call = (setup.reading("flor-refusal") or "stake-before-call") == "stake-before-call"

    def claim(m: sm.FlorExchange, s: sm.Flor, t: sm.Flor, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
        ends = z3.And(s.phase != sm.OVER, t.phase == sm.OVER)
        stakes = m.stakes()
        values = {*stakes, *m.accepted, *[z3.simplify(m.contraflor(z3.IntVal(x))).as_long() for x in stakes]}
        paid_is = z3.Or(*[t.paid == v for v in sorted(values)], t.paid == falta)
        contra_refused = z3.And(s.phase == sm.CONTRA, act == sm.ME_ACHICO)
        resto_refused = z3.And(s.phase == sm.RESTO, act == sm.ME_ACHICO)
        return z3.And(
            z3.Implies(ends, paid_is),
            z3.Implies(z3.And(s.phase == sm.OPPONENTS, act == sm.CONTRAFLOR),
                       t.stake == m.contraflor(s.stake)),
            z3.Implies(contra_refused, z3.And(t.scorer == sm.ANSWERERS,
                                              t.paid == (s.before if before_call else s.stake))),
            z3.Implies(resto_refused, z3.And(t.scorer == sm.SINGERS,
                                             t.paid == (s.stake if before_call else falta))),
        )
    return claim


def _achico_pays(setup: Setup, cx: dict[str, Any], *, other: bool) -> int:
    """What me achico to a contraflor (or al resto) pays in the counterexample's state, as the setup
    reads AMB-27 (or the other way)."""
    before_call = (setup.reading("flor-refusal") or "stake-before-call") == "stake-before-call"
    if before_call != other:
        return cx["before_pre"] if cx["phase_pre"] == sm.CONTRA else cx["stake_pre"]
    return cx["stake_pre"] if cx["phase_pre"] == sm.CONTRA else cx["falta"]


PROPERTIES.add(Property(
    id="flor-stakes",
    title="Flor pays its stake (3; 6 with the partner), what quiero makes it (9 or 12; 6 one against"
          " one), double after contraflor, the falta al resto; me achico pays the side that sang last"
          " as AMB-27 reads it",
    clauses=("FLR-2", "FLR-3", "FLR-5", "FLR-6", "FLR-7", "FLR-8"), ambiguities=("AMB-27", "AMB-22"),
    build=lambda s, broken: _flor((sm.OtherRefusal if broken else sm.FlorExchange)(s), _flor_pays(s)),
    control="me achico read the other way (AMB-27)",
    expect=lambda s, cx: cx["action"] == sm.ME_ACHICO and cx["phase_pre"] in (sm.CONTRA, sm.RESTO)
    and cx["paid_post"] == _achico_pays(s, cx, other=True) != _achico_pays(s, cx, other=False),
    applies=FLOR,
    when="flor",
))
