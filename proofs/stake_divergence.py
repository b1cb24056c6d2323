"""Divergence domains of the envido and flor stakes (FLR-6, FLR-7, FLR-8, ENV-1, MAT-4, AMB-25, AMB-27): what
me achico pays, and when side points that reach the target end the partida."""

from __future__ import annotations

import z3

from truco_rules.proofs import envido_model as em
from truco_rules.proofs import match_model as mm
from truco_rules.proofs import stake_model as sm
from truco_rules.proofs.domain import Built, Domain
from truco_rules.proofs.setup import Setup


def _flor_refusal(a: Setup, b: Setup) -> Built:
    """Me achico to a contraflor (call 0) or to a contraflor al resto (call 1), the partner having
    raised the flor to 6 or not; the falta (AMB-22) from the scores."""
    raised, call, s0, s1 = z3.Ints("partner_raised refused_call score0 score1")
    top = min(mm.target_of(a), mm.target_of(b))
    may_raise = all(sm.FlorExchange(s).raised is not None for s in (a, b))  # pairs: FLR-3

    def pays(s: Setup) -> z3.ArithRef:
        m = sm.FlorExchange(s)
        stake = z3.If(raised == 1, m.raised or m.stake, m.stake)
        contra = m.contraflor(stake)
        falta = em.falta(s0, s1, z3.IntVal(0), *em.falta_args(s))
        return z3.If(call == 0, m.refused(stake, contra), m.refused(contra, falta))

    dom = [z3.Or(raised == 0, raised == 1) if may_raise else raised == 0, z3.Or(call == 0, call == 1),
           s0 >= 0, s1 >= 0, s0 < top, s1 < top, z3.Implies(call == 0, z3.And(s0 == 0, s1 == 0))]
    return [raised, call, s0, s1], dom, pays(a), pays(b), call * 1000 + raised * 100 + s0 + s1


ENVIDO_PAYOUTS = (1, 2, 3, 4, 5, 7)  # AMB-20 classic, without the falta: refused 1, accepted sums


def _side_bet_scoring(a: Setup, b: Setup) -> Built:
    """The hand where envido points take the contest's winner from `score` to the target."""
    score, points = z3.Ints("score contest_points")
    target = mm.target_of(a)

    def when(s: Setup) -> z3.ArithRef:
        return z3.IntVal(1 if s.reading("side-bet-scoring") == "immediately" else 2)

    dom = [score >= 0, score < target, z3.Or(*[points == p for p in ENVIDO_PAYOUTS]),
           score + points >= target, z3.BoolVal(mm.target_of(b) == target)]
    return [score, points], dom, when(a), when(b), points * 100 + score


SIDE_BET_RESULTS = {1: "partida won when the contest is settled; the hand is not played out",
                    2: "the hand is played out; the partida is won when it ends, without the hand's points"}


DOMAINS: tuple[Domain, ...] = (
    Domain("flor-refusal", ("FLR-6", "FLR-7", "FLR-8"), ("flor-refusal",),
           lambda a, b: a.has("flor") and b.has("flor"),
           _flor_refusal,
           lambda cx: {"partner_raised": bool(cx["partner_raised"]),
                       "refused_call": ["contraflor", "contraflor-resto"][cx["refused_call"]],
                       "scores": [cx["score0"], cx["score1"]]},
           lambda p: {"last_singer_scores": p}),
    Domain("side-bet-scoring", ("ENV-1", "FLR-2", "MAT-4"), ("side-bet-scoring",),
           lambda a, b: mm.has_side_bets(a) and mm.has_side_bets(b),
           _side_bet_scoring, lambda cx: {"score": cx["score"], "contest_points": cx["contest_points"]},
           lambda v: SIDE_BET_RESULTS[v]),
)
