"""Properties of envido and flor points and of the falta (ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7,
FLR-1, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8, URU-5, URU-6, AMB-21, AMB-22, AMB-24, AMB-30, AMB-38),
on the ruleset file's values. Each bound a claim states is worked out from the file's values by the rules' own
arithmetic (the two best values of a suit plus the bonus, ...), never by running the model."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import envido_model as em
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()
ENVIDO = lambda s: s.has("envido")  # noqa: E731
FLOR = lambda s: s.has("flor")  # noqa: E731
TWO_HIGHEST = lambda s: (s.reading("envido-three-suit") or "two-highest") == "two-highest"  # noqa: E731


def _without_pair(setup: Setup) -> str:
    return setup.reading("envido-without-pair") or "highest-card"


def _top(setup: Setup, n: int) -> int:
    """The sum of the n highest envido values of n different ranks (a suit holds each rank once)."""
    return sum(sorted(em.values(setup), reverse=True)[:n])


def no_pair_maximum(setup: Setup) -> int:
    """Without two cards of a suit: the highest value (highest-card), or three cards of one rank,
    each of another suit (sum-of-cards)."""
    return _top(setup, 1) * (1 if _without_pair(setup) == "highest-card" else 3)


def pair_maximum(setup: Setup) -> int:
    return em.bonus(setup) + _top(setup, 2)


def pieza_maximum(setup: Setup, others: int) -> int:
    """URU-5 / URU-6: the best pieza plus the best other cards (another pieza: its last digit)."""
    p = em.piezas(setup)
    if not p:
        return 0
    best_other = max(_top(setup, 1), *[x % 10 for x in p[1:]])
    return p[0] + best_other * others


def envido_maximum(setup: Setup) -> int:
    return max(pair_maximum(setup), no_pair_maximum(setup), pieza_maximum(setup, 1))


def _range(setup: Setup, broken: bool) -> Query:
    h = em.Hand.fresh(setup)
    m = (em.ThreeCardEnvido if broken else em.EnvidoModel)(setup)
    p = m.points(h)
    plain = m.points(em.Hand(h.cards))  # the same cards with no muestra: piezas aside
    claim = z3.And(p >= min(em.values(setup)), p <= envido_maximum(setup),
                   z3.Implies(h.has_pair(), plain >= em.bonus(setup)),
                   z3.Implies(z3.Not(h.has_pair()), plain <= no_pair_maximum(setup)),
                   plain <= max(pair_maximum(setup), no_pair_maximum(setup)))
    return Query(claim, h.variables, [h.domain(setup)])


PROPERTIES.add(Property(
    id="envido-range",
    title="Envido lies between the lowest value and its maximum (33 with the Spanish deck's values; with"
          " a muestra, the best pieza's points plus the best other card); at least the bonus (20) with"
          " two cards of a suit, at most the highest value (or three times it) without",
    clauses=("ENV-2", "ENV-3", "ENV-4", "ENV-7", "URU-5"), ambiguities=("AMB-21", "AMB-38"),
    build=_range, control="three cards of a suit all add to the bonus",
    expect=lambda s, cx: cx["suit1"] == cx["suit2"] == cx["suit3"],
    applies=lambda s: ENVIDO(s) and TWO_HIGHEST(s),
    when="envido, with the two highest of a suit counting (AMB-38 two-highest)",
))


def _pair_beats(setup: Setup, broken: bool) -> Query:
    a, b = em.Hand(em.Hand.fresh(setup, "a").cards), em.Hand(em.Hand.fresh(setup, "b").cards)
    m = em.EnvidoModel(setup, "sum-of-cards" if broken else _without_pair(setup))
    claim = z3.Implies(z3.And(a.has_pair(), z3.Not(b.has_pair())), m.points(a) > m.points(b))
    return Query(claim, a.variables + b.variables, [a.domain(setup), b.domain(setup)])


def _sum_reaches_bonus(setup: Setup, cx: dict[str, Any]) -> bool:
    vals = em.values(setup)
    return (len({cx["suit1b"], cx["suit2b"], cx["suit3b"]}) == 3
            and sum(vals[cx[f"rank{i}b"]] for i in (1, 2, 3)) >= em.bonus(setup))


PROPERTIES.add(Property(
    id="envido-pair-beats-no-pair",
    title="A hand with two cards of a suit always beats one without, piezas aside (ENV-3: 'las"
          " posibilidades de ganar se reducen')",
    clauses=("ENV-2", "ENV-3"), ambiguities=("AMB-21",),
    build=_pair_beats, control="the sum-of-cards reading of AMB-21 (three 7s make 21)",
    # b holds no pair, yet its cards add up to the bonus or more: only the sum-of-cards reading counts that.
    expect=_sum_reaches_bonus,
    applies=lambda s: ENVIDO(s) and _without_pair(s) == "highest-card",
    when="envido, read highest-card without a pair (AMB-21)",
))


def flor_maximum(setup: Setup) -> int:
    return max(em.bonus(setup) + _top(setup, 3), pieza_maximum(setup, 2))


def _flor(setup: Setup, broken: bool) -> Query:
    h = em.Hand.fresh(setup)
    m = (em.FiguresAtFaceValue if broken else em.EnvidoModel)(setup)
    f = m.flor_points(h)
    plain = m.flor_points(em.Hand(h.cards))  # the same cards with no muestra: piezas aside
    claim = z3.And(f >= em.bonus(setup), f <= flor_maximum(setup), f >= m.points(h),
                   plain <= em.bonus(setup) + _top(setup, 3))
    return Query(claim, h.variables, [h.domain(setup), h.has_flor()])


def _figure(setup: Setup, cx: dict[str, Any]) -> bool:
    """A card whose envido value is not its rank's position plus one (a figure)."""
    vals = em.values(setup)
    return any(vals[cx[f"rank{i}"]] != cx[f"rank{i}"] + 1 for i in (1, 2, 3))


PROPERTIES.add(Property(
    id="flor-points",
    title="A flor counts between the bonus and its maximum (38 with the Spanish deck's values), never"
          " less than the envido of the same hand",
    clauses=("FLR-1", "ENV-2", "ENV-7", "URU-6"), ambiguities=("AMB-24",),
    build=_flor, control="the figures count their face value (12, 11, 10) instead of 0",
    expect=_figure,
    applies=lambda s: FLOR(s) and TWO_HIGHEST(s),
    when="flor, with the two highest of a suit counting for envido (AMB-38 two-highest)",
))


def _falta(setup: Setup, broken: bool) -> Query:
    s0, s1, w = z3.Ints("score0 score1 winner")
    target, reading, halves, halves_reading = em.falta_args(setup)
    f = (em.falta_of_trailer if broken else em.falta)(s0, s1, w, target, reading, halves, halves_reading)
    mine = z3.If(w == 0, s0, s1)
    goal: z3.ArithRef | int = target
    if halves is not None and halves_reading == "to-buenas":
        goal = z3.If(mine < halves, halves, target)  # AMB-30: the winner in the malas goes to the buenas
    ends = mine + f == goal if reading == "winner-lacks" else mine + f <= target
    claim = z3.And(f >= 1, f <= target, ends)
    return Query(claim, [s0, s1, w], [s0 >= 0, s1 >= 0, s0 < target, s1 < target, z3.Or(w == 0, w == 1)])


PROPERTIES.add(Property(
    id="falta-bounded",
    title="The falta is between 1 and the target and never takes the winner past it (winner-lacks: exactly"
          " to it, or to the buenas from the malas)",
    clauses=("ENV-6", "FLR-6", "ARG-6"), ambiguities=("AMB-22", "AMB-18", "AMB-30"),
    build=_falta, control="the falta counted from the trailing side",
    expect=lambda s, cx: cx[f"score{cx['winner']}"] > cx[f"score{1 - cx['winner']}"],
    # AMB-22 trailer-lacks counts from the lower score, so the leader winning may pass the target
    # (and the control is that reading itself): the property is the other readings'
    applies=lambda s: (ENVIDO(s) or FLOR(s)) and s.reading("falta-points") != "trailer-lacks",
    when="envido or flor (a falta), counted from the leader's or the winner's score (AMB-22)",
))
