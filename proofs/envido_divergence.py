"""Divergence domains of envido points and the falta (ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7, FLR-6,
AMB-21, AMB-22)."""

from __future__ import annotations

import z3

from truco_rules.proofs import envido_model as em
from truco_rules.proofs import match_model as mm
from truco_rules.proofs.domain import Built, Domain, both
from truco_rules.proofs.setup import Setup


def _envido(a: Setup, b: Setup) -> Built:
    h = em.Hand.fresh(a if a.has("muestra") else b)  # with a muestra where one of them has it
    pa = em.EnvidoModel(a).points(h)
    pb = em.EnvidoModel(b).points(h)
    (r1, s1), (r2, s2), (r3, s3) = h.cards
    ordered = [s1 <= s2, s2 <= s3, z3.Implies(s1 == s2, r1 < r2), z3.Implies(s2 == s3, r2 < r3)]
    size = r1 + r2 + r3
    if h.muestra is not None:
        # The muestra of the first suit only: the suits play alike, and the search stays a plain
        # enumeration (every muestra would be four times as many situations).
        ordered.append(h.muestra[1] == 0)
        size = size * 100 + h.muestra[0]
    return h.variables, [h.domain(a), h.domain(b), *ordered], pa, pb, size


def _hand_shown(s: Setup, cx: dict[str, object]) -> dict[str, object]:
    name = s.rules.deck.name
    out: dict[str, object] = {"hand": [name((cx[f"rank{i}"], cx[f"suit{i}"])) for i in (1, 2, 3)]}  # type: ignore[arg-type]
    if "muestra_rank" in cx:
        out["muestra"] = name((cx["muestra_rank"], cx["muestra_suit"]))  # type: ignore[arg-type]
    return out


def _falta(a: Setup, b: Setup) -> Built:
    s0, s1, w = z3.Ints("score0 score1 winner")
    ta, tb = mm.target_of(a), mm.target_of(b)
    fa = em.falta(s0, s1, w, *em.falta_args(a))
    fb = em.falta(s0, s1, w, *em.falta_args(b))
    top = min(ta, tb)
    return [s0, s1, w], [s0 >= 0, s1 >= 0, s0 < top, s1 < top, z3.Or(w == 0, w == 1)], fa, fb, s0 + s1 + w


DOMAINS: tuple[Domain, ...] = (
    Domain("envido-points", ("ENV-2", "ENV-3", "ENV-4", "ENV-7", "URU-5"),
           ("envido-without-pair", "envido-three-suit"), both("envido"),
           _envido, lambda cx: {}, lambda p: p, show_in=_hand_shown),
    Domain("falta", ("ENV-6", "FLR-6", "ARG-6"), ("falta-points", "gauderio-target", "falta-halves",
                                                   "partida-points"),
           lambda a, b: a.has("envido") and b.has("envido"),
           _falta, lambda cx: {"scores": [cx["score0"], cx["score1"]], "contest_winner": cx["winner"]},
           lambda p: p),
)
