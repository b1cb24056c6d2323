"""Divergence witnesses: concrete situations where two rulesets (or two readings of one) give
different results, found by Z3 and listed smallest first.

Each domain builds, for both setups, the same Z3 term over shared variables; Z3 is asked for
values where the two terms differ, each found value is blocked and the next one asked for,
level by level of a size measure, so the first witnesses are the smallest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from proofs import envido_model as em
from proofs import hand_model as hm
from proofs import ladder_model as lm
from proofs import match_model as mm
from proofs.setup import Setup
from proofs.solver import find_all, find_smallest

TIE_NAME = "tie"


@dataclass(frozen=True)
class Domain:
    name: str
    clauses: tuple[str, ...]
    keys: tuple[str, ...]  # register keys whose readings bear on this domain
    applies: Callable[[Setup, Setup], bool]
    # (a, b) -> (variables, domain constraints, term of a, term of b, size term)
    build: Callable[[Setup, Setup], tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                          z3.ArithRef]]
    show: Callable[[dict[str, Any]], dict[str, Any]]  # a witness's variables, as shown
    result: Callable[[Any], Any]  # a term's value, as shown


def _round_name(v: int) -> Any:
    return {hm.TIE: TIE_NAME, hm.NOT_PLAYED: None}.get(v, v)


def _outcome_name(v: int) -> Any:
    return {0: "side 0 wins", 1: "side 1 wins", hm.UNDECIDED: "another round",
            hm.NOBODY: "nobody scores"}[v]


Built = tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef, z3.ArithRef]


def _hands(a: Setup, b: Setup) -> Built:
    h = hm.Rounds.fresh()
    two = hm.Rounds(h.r1, h.r2, z3.IntVal(hm.NOT_PLAYED), h.dealer)
    ma, mb = hm.HandModel(a), hm.HandModel(b)
    reach = z3.Implies(h.r3 != hm.NOT_PLAYED, z3.Or(ma.outcome(two) == hm.UNDECIDED,
                                                    mb.outcome(two) == hm.UNDECIDED))
    return h.variables, [h.domain(), reach], ma.outcome(h), mb.outcome(h), h.played() * 2 + h.dealer


def _hand_length(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                               z3.ArithRef]:
    h = hm.Rounds.fresh()

    def over(s: Setup) -> z3.BoolRef:
        if s.reading("hand-length") == "always-three-rounds":
            return h.played() == 3
        return hm.HandModel(s).outcome(h) != hm.UNDECIDED

    return h.variables, [h.domain(), h.dealer == 0], over(a), over(b), h.played()


def _ladder(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                          z3.ArithRef]:
    v = z3.Int("value")
    values = sorted(set(lm.steps_of(a)) | set(lm.steps_of(b)))
    la, lb = lm.LadderModel(a), lm.LadderModel(b)
    return [v], [z3.Or(*[v == x for x in values])], la.next_step(v), lb.next_step(v), v


def _run(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                       z3.ArithRef]:
    c = z3.Int("refused_call")
    values = sorted(set(lm.steps_of(a)[1:]) | set(lm.steps_of(b)[1:]))
    la, lb = lm.LadderModel(a), lm.LadderModel(b)
    return [c], [z3.Or(*[c == x for x in values])], la.step_before(c), lb.step_before(c), c


def _ten_code(s: Setup, s0: z3.ArithRef, s1: z3.ArithRef) -> z3.ArithRef:
    """Start value * 100 + what a call does * 10 + whether the side at ten may decline."""
    m = mm.MatchModel(s)
    sc = mm.Score(s0, s1, z3.BoolVal(False), z3.IntVal(-1))
    no_truco = m.no_truco(sc)
    start = z3.If(no_truco, lm.TEN_VALUE, lm.steps_of(s)[0])
    effects = {"refused": 1, "caller-loses-match": 2, "caller-loses-hand": 3}
    effect = effects.get(s.reading("ten-truco") or "", 0)
    call = z3.If(no_truco, effect, 0)
    decline = z3.If(z3.And(z3.Xor(s0 == 10, s1 == 10), s.reading("ten-choice") == "may-decline"), 1, 0)
    return start * 100 + call * 10 + decline


def _ten(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                       z3.ArithRef]:
    s0, s1 = z3.Ints("score0 score1")
    top = min(mm.target_of(a), mm.target_of(b))
    dom = [s0 >= 0, s1 >= 0, s0 < top, s1 < top, s0 <= s1]
    return [s0, s1], dom, _ten_code(a, s0, s1), _ten_code(b, s0, s1), s1 * 100 + s0


def _ten_name(code: int) -> dict[str, Any]:
    calls = {0: "allowed", 1: "refused", 2: "caller loses the match", 3: "caller loses the hand"}
    call = calls[code // 10 % 10]
    return {"starts_at": code // 100, "truco_call": call, "may_decline": bool(code % 10)}


def _target(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                          z3.ArithRef]:
    s = z3.Int("score")
    return [s], [s >= 0, s <= 40], s >= mm.target_of(a), s >= mm.target_of(b), s


def _envido(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                          z3.ArithRef]:
    h = em.Hand.fresh()
    pa = em.EnvidoModel(a.reading("envido-without-pair") or "").points(h)
    pb = em.EnvidoModel(b.reading("envido-without-pair") or "").points(h)
    (r1, s1), (r2, s2), (r3, s3) = h.cards
    ordered = [s1 <= s2, s2 <= s3, z3.Implies(s1 == s2, r1 < r2), z3.Implies(s2 == s3, r2 < r3)]
    return h.variables, [h.domain(), *ordered], pa, pb, r1 + r2 + r3


def _falta(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                         z3.ArithRef]:
    s0, s1, w = z3.Ints("score0 score1 winner")
    ta, tb = mm.target_of(a), mm.target_of(b)
    fa = em.falta(s0, s1, w, ta, a.reading("falta-points") or "")
    fb = em.falta(s0, s1, w, tb, b.reading("falta-points") or "")
    top = min(ta, tb)
    return [s0, s1, w], [s0 >= 0, s1 >= 0, s0 < top, s1 < top, z3.Or(w == 0, w == 1)], fa, fb, s0 + s1 + w


def _both(variant: str) -> Callable[[Setup, Setup], bool]:
    return lambda a, b: a.variant == variant and b.variant == variant


def _rounds(cx: dict[str, Any]) -> dict[str, Any]:
    played = [_round_name(cx[k]) for k in ("r1", "r2", "r3") if cx[k] != hm.NOT_PLAYED]
    return {"rounds": played, "dealer_side": cx["dealer_side"]}


DOMAINS: tuple[Domain, ...] = (
    Domain("hand-resolution", ("HND-3", "HND-4", "HND-5", "HND-6", "HND-7", "HND-8", "HND-9", "HND-10"),
           ("all-rounds-tied", "split-then-tie", "first-two-tied"), lambda a, b: True,
           _hands, _rounds, _outcome_name),
    Domain("hand-length", ("HND-1", "HND-2"), ("hand-length",), lambda a, b: True,
           _hand_length, lambda cx: {"rounds": _rounds(cx)["rounds"]},
           lambda over: "hand over" if over else "another round is played"),
    Domain("ladder", ("VAL-1", "VAL-2", "BET-6", "BET-8", "BET-9"), (), lambda a, b: True,
           _ladder, lambda cx: {"hand_value": cx["value"]},
           lambda v: {"next_call": v or None}),
    Domain("run-payout", ("BET-4", "BET-6", "BET-9"), (), lambda a, b: True,
           _run, lambda cx: {"refused_call": cx["refused_call"]},
           lambda v: {"caller_scores": v} if v else "not a call of this ladder"),
    Domain("hand-of-ten", ("TEN-1", "TEN-2", "TEN-3", "TEN-4", "TEN-5", "TEN-6", "IRN-1", "IRN-3", "VAL-1",
                           "VAL-2"),
           ("ten-truco", "iron-hand", "ten-choice"), lambda a, b: True,
           _ten, lambda cx: {"scores": [cx["score0"], cx["score1"]]}, _ten_name),
    Domain("target", ("MAT-1", "MAT-3", "MAT-4"), ("gauderio-target",), lambda a, b: True,
           _target, lambda cx: {"score": cx["score"]},
           lambda reached: "partida won" if reached else "play goes on"),
    Domain("envido-points", ("ENV-2", "ENV-3", "ENV-4", "ENV-7"), ("envido-without-pair",), _both("gauderio"),
           _envido, lambda cx: {"hand": [f"{cx[f'rank{i}']}{'eboc'[cx[f'suit{i}']]}" for i in (1, 2, 3)]},
           lambda p: p),
    Domain("falta", ("ENV-6", "FLR-6"), ("falta-points", "gauderio-target"), _both("gauderio"),
           _falta, lambda cx: {"scores": [cx["score0"], cx["score1"]], "contest_winner": cx["winner"]},
           lambda p: p),
)


def _hand_reason(cx: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The clauses and the register entry behind a hand-resolution witness."""
    r = [cx["r1"], cx["r2"], cx["r3"]]
    if r == [hm.TIE] * 3:
        return ("HND-9", "HND-10"), ("AMB-1",)
    if r[0] == hm.TIE and r[1] == hm.TIE:
        return ("HND-5", "HND-7", "HND-8"), ("AMB-3",)
    if r[2] == hm.TIE and {r[0], r[1]} == {0, 1}:
        return ("HND-5", "HND-6"), ("AMB-2",)
    return (), ()


def witnesses(a: Setup, b: Setup, *, limit: int = 3) -> list[dict[str, Any]]:
    """Up to `limit` witnesses per domain where `a` and `b` differ, smallest first in each domain."""
    from spec.catalogue import load_catalogue

    cat = load_catalogue()
    out: list[dict[str, Any]] = []
    for d in DOMAINS:
        if not d.applies(a, b):
            continue
        variables, dom, ta, tb, size = d.build(a, b)
        shown = [*variables, ta, tb]
        smallest = find_smallest(ta != tb, [*shown, size], size, assumptions=dom, limit=limit)
        found = []
        if smallest:
            # Every witness up to the largest size kept, sorted: ties come out in a fixed order.
            bound = max(cx[str(size)] for cx in smallest)
            every = find_all(ta != tb, [*shown, size], assumptions=[*dom, size <= bound], limit=10_000)
            every.sort(key=lambda cx: (cx[str(size)], [cx[str(v)] for v in variables]))
            found = every[:limit]
        for cx in found:
            keys = [k for k in d.keys
                    if None not in (a.reading(k), b.reading(k)) and a.reading(k) != b.reading(k)]
            ambs = [cat.ambiguity(k).id for k in keys]
            clauses = d.clauses
            if d.name == "hand-resolution":
                clauses, specific = _hand_reason(cx)
                clauses = clauses or d.clauses
                ambs = [x for x in specific if x in ambs] or ambs
            out.append({
                "domain": d.name,
                "situation": d.show(cx),
                "a": d.result(cx[str(ta)]),
                "b": d.result(cx[str(tb)]),
                "clauses": [c for c in clauses if c in cat.clauses],
                "ambiguities": ambs,
                "variants_differ": a.variant != b.variant,
            })
    return out


def unmodelled(a: Setup, b: Setup) -> list[str]:
    """Register keys on which `a` and `b` differ but that no domain here models (no witness sought)."""
    covered = {k for d in DOMAINS for k in d.keys}
    keys = {k for k, _ in a.readings} & {k for k, _ in b.readings}
    return sorted(k for k in keys if k not in covered and a.reading(k) != b.reading(k))
