"""Properties of the match (MAT-1, MAT-2, MAT-3, MAT-4, TEN-1, TEN-2, TEN-3, TEN-4, TEN-5, TEN-6, TEN-7,
IRN-1, IRN-2, IRN-3, IRN-4), by 1-induction on `match_model`."""

from __future__ import annotations

from collections.abc import Callable

import z3

from truco_rules.proofs import match_model as mm
from truco_rules.proofs.property import Property, Query, Registry
from truco_rules.proofs.setup import Setup

PROPERTIES = Registry()


def _step(setup: Setup, cls: type[mm.MatchModel],
          claim: Callable[[mm.MatchModel, mm.Score, mm.Event, mm.Score], z3.BoolRef],
          extra: Callable[[mm.MatchModel, mm.Score], z3.BoolRef] | None = None) -> Query:
    m = cls(setup)
    s, e, t = mm.Score.fresh("pre"), mm.Event.fresh(), mm.Score.fresh("post")
    i = mm.Score.fresh("init")
    inv_ok = z3.And(z3.Implies(m.init(i), m.invariant(i)),
                    z3.Implies(z3.And(m.invariant(s), m.transition(s, e, t)), m.invariant(t)))
    assumptions = [m.invariant(s), m.transition(s, e, t)] + ([extra(m, s)] if extra else [])
    return Query(z3.And(inv_ok, claim(m, s, e, t)), [*s.variables, *e.variables, *t.variables, *i.variables],
                 assumptions)


def _ranking(m: mm.MatchModel, s: mm.Score, e: mm.Event, t: mm.Score) -> z3.BoolRef:
    scores = e.kind != mm.NOBODY_SCORES
    return z3.And(m.rank(s) > 0, t.s0 >= s.s0, t.s1 >= s.s1,
                  z3.Implies(scores, z3.Or(t.over, m.rank(t) < m.rank(s))),
                  z3.Implies(z3.Not(scores), m.rank(t) == m.rank(s)))


PROPERTIES.add(Property(
    id="match-ends",
    title="Scores only grow, and every hand that scores brings the end closer (ranking: 2*target - s0 - s1);"
          " only an all-tied hand under HND-9 leaves the scores unchanged",
    clauses=("MAT-1", "MAT-3", "MAT-4", "HND-9", "HND-11", "BET-4"), ambiguities=("AMB-1", "AMB-18"),
    build=lambda s, b: _step(s, mm.ZeroPointHand if b else mm.MatchModel, _ranking),
    control="a hand may pay 0 points",
    expect=lambda s, cx: cx["event"] == mm.HAND and cx["points"] == 0,
))


def _winner(m: mm.MatchModel, s: mm.Score, e: mm.Event, t: mm.Score) -> z3.BoolRef:
    by_points = z3.And(t.over, e.kind != mm.FORFEIT)
    return z3.Implies(by_points, z3.And(t.of(t.winner) >= m.target, t.of(t.winner) >= t.of(1 - t.winner)))


PROPERTIES.add(Property(
    id="match-winner-reached-target",
    title="A match won on points is won by a side that has reached the target (a TEN-4 forfeit aside)",
    clauses=("MAT-1", "MAT-3", "MAT-4", "IRN-4", "TEN-4"), ambiguities=("AMB-9", "AMB-18"),
    build=lambda s, b: _step(s, mm.EndsBeforeTarget if b else mm.MatchModel, _winner),
    control="the match ends two points short of the target",
    expect=lambda s, cx: cx["over_post"] is True and cx["event"] != mm.FORFEIT
    and max(cx["score0_post"], cx["score1_post"]) < mm.target_of(s),
))


def _even(m: mm.MatchModel, s: mm.Score, e: mm.Event, t: mm.Score) -> z3.BoolRef:
    return z3.Implies(z3.And(s.s0 % 2 == 0, s.s1 % 2 == 0), z3.And(t.s0 % 2 == 0, t.s1 % 2 == 0))


def _all_even(setup: Setup) -> bool:
    """Every award of the ruleset is even and there are no side bets (Mineiro)."""
    return not mm.has_side_bets(setup) and all(p % 2 == 0 for p in mm.awards(setup))


PROPERTIES.add(Property(
    id="match-scores-even",
    title="Where every award is even (Mineiro), every score is: an odd score is never reached, and the"
          " hand of ten is reached at exactly its score",
    clauses=("VAL-1", "BET-6", "BET-4", "TEN-2", "TEN-6", "TEN-1"), ambiguities=("AMB-12",),
    build=lambda s, b: _step(s, mm.OddPoint if b else mm.MatchModel, _even),
    control="a hand may pay 1 point",
    expect=lambda s, cx: cx["points"] == 1,
    applies=_all_even,
    when="every award even and no side bets (Mineiro)",
))


def _iron(m: mm.MatchModel, s: mm.Score, e: mm.Event, t: mm.Score) -> z3.BoolRef:
    return z3.Implies(z3.And(m.at_iron(s), e.kind == mm.HAND), t.over)


def _iron_score(setup: Setup) -> int:
    return int(setup.rules.data["iron_hand"]["score"])


PROPERTIES.add(Property(
    id="match-iron-hand-decides",
    title="Whoever wins the iron hand wins the match, in every ruleset that has one (IRN-4 follows from"
          " MAT-1)",
    clauses=("IRN-1", "IRN-4", "MAT-1", "VAL-1", "TEN-2"), ambiguities=("AMB-10",),
    build=lambda s, b: _step(s, mm.IronShortOfTarget if b else mm.MatchModel, _iron),
    control="the iron hand may pay one point less than a side at it lacks (1 at 10 of 12, 0 at 11 of 12)",
    expect=lambda s, cx: cx["score0_pre"] == cx["score1_pre"] == _iron_score(s)
    and cx["event"] == mm.HAND and cx["points"] == mm.target_of(s) - _iron_score(s) - 1,
    applies=lambda s: s.has("iron_hand"),
    when="an iron hand",
))
