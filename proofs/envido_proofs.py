"""Properties of envido and flor points and of the falta (ENV-*, FLR-*, AMB-21, AMB-22, AMB-24)."""

from __future__ import annotations

import z3

from proofs import envido_model as em
from proofs.match_model import target_of
from proofs.property import Property, Query, Registry
from proofs.setup import Setup

PROPERTIES = Registry()
GAUDERIO = lambda s: s.variant == "gauderio"  # noqa: E731


def _without_pair(setup: Setup) -> str:
    return setup.reading("envido-without-pair") or "highest-card"


def envido_minimum(setup: Setup) -> int:
    return 0  # three figures of three suits: nothing to count under either AMB-21 reading


def no_pair_maximum(setup: Setup) -> int:
    return 7 if _without_pair(setup) == "highest-card" else 21  # 7, or 7+7+7 of three suits


def _range(setup: Setup, broken: bool) -> Query:
    h = em.Hand.fresh()
    m = (em.ThreeCardEnvido if broken else em.EnvidoModel)(_without_pair(setup))
    p = m.points(h)
    claim = z3.And(p >= envido_minimum(setup), p <= 33,
                   z3.Implies(h.has_pair(), p >= 20),
                   z3.Implies(z3.Not(h.has_pair()), p <= no_pair_maximum(setup)))
    return Query(claim, h.variables, [h.domain()])


PROPERTIES.add(Property(
    id="envido-range",
    title="Envido lies between 0 and 33; at least 20 with two cards of a suit, at most 7 (or 21) without",
    clauses=("ENV-2", "ENV-3", "ENV-4", "ENV-7"), ambiguities=("AMB-21",),
    build=_range, control="three cards of a suit all add to the 20",
    expect=lambda s, cx: cx["suit1"] == cx["suit2"] == cx["suit3"],
    applies=GAUDERIO,
))


def _pair_beats(setup: Setup, broken: bool) -> Query:
    a, b = em.Hand.fresh("a"), em.Hand.fresh("b")
    m = em.EnvidoModel("sum-of-cards" if broken else _without_pair(setup))
    claim = z3.Implies(z3.And(a.has_pair(), z3.Not(b.has_pair())), m.points(a) > m.points(b))
    return Query(claim, a.variables + b.variables, [a.domain(), b.domain()])


PROPERTIES.add(Property(
    id="envido-pair-beats-no-pair",
    title="A hand with two cards of a suit always beats one without (ENV-3: 'las posibilidades de ganar se"
          " reducen')",
    clauses=("ENV-2", "ENV-3"), ambiguities=("AMB-21",),
    build=_pair_beats, control="the sum-of-cards reading of AMB-21 (three 7s make 21)",
    # b holds no pair, yet its cards add up to 20 or more: only the sum-of-cards reading counts that.
    expect=lambda s, cx: len({cx["suit1b"], cx["suit2b"], cx["suit3b"]}) == 3
    and sum(_envido_value(cx[f"rank{i}b"]) for i in (1, 2, 3)) >= 20,
    applies=lambda s: GAUDERIO(s) and _without_pair(s) == "highest-card",
))


def _envido_value(rank: int) -> int:
    return 0 if rank >= 10 else rank  # ENV-7


def _flor(setup: Setup, broken: bool) -> Query:
    h = em.Hand.fresh()
    m = (em.FiguresAtFaceValue if broken else em.EnvidoModel)(_without_pair(setup))
    f = m.flor_points(h)
    claim = z3.And(f >= 20, f <= 38, f >= m.points(h))
    return Query(claim, h.variables, [h.domain(), h.has_flor()])


PROPERTIES.add(Property(
    id="flor-points",
    title="A flor counts between 20 and 38, never less than the envido of the same hand",
    clauses=("FLR-1", "ENV-2", "ENV-7"), ambiguities=("AMB-24",),
    build=_flor, control="the figures count their face value (12, 11, 10) instead of 0",
    expect=lambda s, cx: any(cx[f"rank{i}"] >= 10 for i in (1, 2, 3)),
    applies=GAUDERIO,
))


def _falta(setup: Setup, broken: bool) -> Query:
    s0, s1, w = z3.Ints("score0 score1 winner")
    target = target_of(setup)
    reading = setup.reading("falta-points") or "leader-lacks"
    f = (em.falta_of_trailer if broken else em.falta)(s0, s1, w, target, reading)
    mine = z3.If(w == 0, s0, s1)
    ends = mine + f == target if reading == "winner-lacks" else mine + f <= target
    claim = z3.And(f >= 1, f <= target, ends)
    return Query(claim, [s0, s1, w], [s0 >= 0, s1 >= 0, s0 < target, s1 < target, z3.Or(w == 0, w == 1)])


PROPERTIES.add(Property(
    id="falta-bounded",
    title="The falta is between 1 and the target and never takes the winner past it (winner-lacks: to it)",
    clauses=("ENV-6", "FLR-6"), ambiguities=("AMB-22", "AMB-18"),
    build=_falta, control="the falta counted from the trailing side",
    expect=lambda s, cx: cx[f"score{cx['winner']}"] > cx[f"score{1 - cx['winner']}"],
    applies=GAUDERIO,
))
