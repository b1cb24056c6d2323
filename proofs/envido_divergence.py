"""Divergence domains of envido points and the falta (ENV-*, FLR-6, AMB-21, AMB-22)."""

from __future__ import annotations

import z3

from proofs import envido_model as em
from proofs import match_model as mm
from proofs.domain import Built, Domain, both
from proofs.setup import Setup


def _envido(a: Setup, b: Setup) -> Built:
    h = em.Hand.fresh()
    pa = em.EnvidoModel(a.reading("envido-without-pair") or "").points(h)
    pb = em.EnvidoModel(b.reading("envido-without-pair") or "").points(h)
    (r1, s1), (r2, s2), (r3, s3) = h.cards
    ordered = [s1 <= s2, s2 <= s3, z3.Implies(s1 == s2, r1 < r2), z3.Implies(s2 == s3, r2 < r3)]
    return h.variables, [h.domain(), *ordered], pa, pb, r1 + r2 + r3


def _falta(a: Setup, b: Setup) -> Built:
    s0, s1, w = z3.Ints("score0 score1 winner")
    ta, tb = mm.target_of(a), mm.target_of(b)
    fa = em.falta(s0, s1, w, ta, a.reading("falta-points") or "")
    fb = em.falta(s0, s1, w, tb, b.reading("falta-points") or "")
    top = min(ta, tb)
    return [s0, s1, w], [s0 >= 0, s1 >= 0, s0 < top, s1 < top, z3.Or(w == 0, w == 1)], fa, fb, s0 + s1 + w


DOMAINS: tuple[Domain, ...] = (
    Domain("envido-points", ("ENV-2", "ENV-3", "ENV-4", "ENV-7"), ("envido-without-pair",), both("gauderio"),
           _envido, lambda cx: {"hand": [f"{cx[f'rank{i}']}{'eboc'[cx[f'suit{i}']]}" for i in (1, 2, 3)]},
           lambda p: p),
    Domain("falta", ("ENV-6", "FLR-6"), ("falta-points", "gauderio-target"), both("gauderio"),
           _falta, lambda cx: {"scores": [cx["score0"], cx["score1"]], "contest_winner": cx["winner"]},
           lambda p: p),
)
