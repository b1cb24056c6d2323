"""Divergence witnesses: concrete situations where two rulesets (or two readings of one) give
different results, listed smallest first.

Each domain (proofs/<area>_divergence.py, beside the area's model) builds, for both setups, the
same Z3 term over shared variables, and its constraints admit only situations a real game of both
setups reaches (Mineiro scores are even, a hand value or a call is on both ladders, ...). Every
situation where the two terms differ is found (the terms are run on every value of the variables'
ranges, which Z3 bounds; where a term cannot be compiled Z3 is asked for them one by one, up to
SEARCH_LIMIT) and sorted by a size measure. Situations that show the same pair of results are one
witness, the smallest; its `similar` field counts the others. A search that stopped at its limit
is reported (`search_stopped_at`): its counts are then lower bounds, its witness not surely the
smallest, and other pairs of results may exist.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import z3

from truco_rules.proofs import (
    card_divergence,
    envido_divergence,
    hand_divergence,
    ladder_divergence,
    match_divergence,
    stake_divergence,
)
from truco_rules.proofs import register_witnesses as rw
from truco_rules.proofs.domain import Domain
from truco_rules.proofs.evaluate import compile_term
from truco_rules.proofs.setup import Setup, Tracing
from truco_rules.proofs.solver import find_all

DOMAINS: tuple[Domain, ...] = (
    *hand_divergence.DOMAINS, *ladder_divergence.DOMAINS, *match_divergence.DOMAINS,
    *envido_divergence.DOMAINS, *card_divergence.DOMAINS, *stake_divergence.DOMAINS,
    # The entries of the register's second reading (AMB-20 falta-added, AMB-34, AMB-35, AMB-36, AMB-37,
    # AMB-38).
    *(Domain(**d) for d in rw.DOMAINS),
)


def _same_terms(a: Setup, b: Setup, ra: Tracing, rb: Tracing) -> bool:
    if a.ruleset != b.ruleset or ra.everything or rb.everything:
        return False
    read = set(ra.read) | set(rb.read)
    return all(a.reading(k) == b.reading(k) for k in read)


def _bounds(variables: list[z3.ExprRef], constraints: list[z3.BoolRef]) -> list[range] | None:
    """Each variable's range under the constraints, or None if one is unbounded (or none is found)."""
    out = []
    for v in variables:
        ends = []
        for goal in ("minimize", "maximize"):
            opt = z3.Optimize()
            opt.set("timeout", 10_000)
            opt.add(*constraints)
            h = getattr(opt, goal)(v)
            if opt.check() != z3.sat:
                return None
            end = opt.lower(h) if goal == "minimize" else opt.upper(h)
            if not z3.is_int_value(end):
                return None
            ends.append(end.as_long())
        out.append(range(ends[0], ends[1] + 1))
    return out


ENUMERATION_LIMIT = 1_000_000  # situations run through the compiled terms, at most
SEARCH_LIMIT = 100_000  # situations asked of Z3 one by one, at most


def _divergent(variables: list[z3.ExprRef], dom: list[z3.BoolRef], ta: z3.ExprRef, tb: z3.ExprRef,
               size: z3.ArithRef) -> tuple[list[dict[str, Any]], bool]:
    """Every situation allowed by `dom` where the terms differ: values of the variables (keyed by
    name), of both terms and of the size (keyed A, B and SIZE); and whether that is all of them
    (False: Z3 was asked for SEARCH_LIMIT situations and there are more)."""
    differ = [*dom, ta != tb]
    ranges = _bounds(variables, differ)
    keys = [str(v) for v in variables] + [A, B, SIZE]
    count = functools.reduce(lambda n, r: n * len(r), ranges, 1) if ranges else 0
    if ranges and count <= ENUMERATION_LIMIT:
        try:
            inside = compile_term(z3.And(*differ), variables)
            fa, fb, fs = (compile_term(t, variables) for t in (ta, tb, size))
        except ValueError:
            pass  # an operator the compiler does not know: ask Z3
        else:
            return [dict(zip(keys, [*p, fa(*p), fb(*p), fs(*p)], strict=True))
                    for p in itertools.product(*ranges) if inside(*p)], True
    if ranges is None:
        if z3.Solver().check(*differ) == z3.unsat:
            return [], True  # the terms differ in form only
        raise RuntimeError("a witness domain with an unbounded variable")
    a, b, n = z3.Const(A, ta.sort()), z3.Const(B, tb.sort()), z3.Const(SIZE, size.sort())
    every = find_all(z3.BoolVal(True), [*variables, a, b, n],
                     assumptions=[*differ, a == ta, b == tb, n == size], limit=SEARCH_LIMIT)
    return list(every), every.complete


A, B, SIZE = "result_a", "result_b", "size"


def _grouped(found: list[dict[str, Any]], variables: list[z3.ExprRef],
             limit: int) -> list[tuple[dict[str, Any], int]]:
    """The smallest situation of each pair of results (smallest first, at most `limit`), each with the
    number of other situations showing the same pair."""
    names = [str(v) for v in variables]
    found = sorted(found, key=lambda cx: (cx[SIZE], [cx[k] for k in names]))
    groups: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for cx in found:
        groups.setdefault((cx[A], cx[B]), []).append(cx)
    return [(g[0], len(g) - 1) for g in list(groups.values())[:limit]]


def witnesses(a: Setup, b: Setup, *, limit: int = 3) -> list[dict[str, Any]]:
    """Per domain where `a` and `b` differ, one witness per pair of results: the smallest situation
    showing it, with `similar` = how many more situations show it; up to `limit` pairs per domain,
    those with the smallest witnesses. Where the search stopped at SEARCH_LIMIT situations, each
    witness of the domain says so (`search_stopped_at`)."""
    from truco_rules.spec.catalogue import load_catalogue

    cat = load_catalogue()
    out: list[dict[str, Any]] = []
    for d in DOMAINS:
        if not d.applies(a, b):
            continue
        ra, rb = Tracing(a), Tracing(b)
        variables, dom, ta, tb, size = d.build(ra, rb)  # type: ignore[arg-type]
        if _same_terms(a, b, ra, rb) or ta.eq(tb):
            continue  # the same term on both sides (the readings that differ are not read): no divergence
        situations, complete = _divergent(variables, dom, ta, tb, size)
        for cx, similar in _grouped(situations, variables, limit):
            keys = [k for k in d.keys
                    if None not in (a.reading(k), b.reading(k)) and a.reading(k) != b.reading(k)]
            ambs = [cat.ambiguity(k).id for k in keys]
            clauses = d.clauses
            if d.reason is not None:
                clauses, specific = d.reason(a, b, cx)
                clauses = clauses or d.clauses
                ambs = [x for x in specific if x in ambs] or ambs
            stopped = {} if complete else {"search_stopped_at": SEARCH_LIMIT}
            out.append({
                **stopped,
                "domain": d.name,
                "situation": d.show_in(a, cx) if d.show_in else d.show(cx),
                "a": d.result(cx[A]),
                "b": d.result(cx[B]),
                "clauses": [c for c in clauses if c in cat.clauses],
                "ambiguities": ambs,
                "variants_differ": a.ruleset != b.ruleset,
                "similar": similar,
            })
    return out


def unmodelled(a: Setup, b: Setup) -> list[str]:
    """Register keys on which `a` and `b` differ but that no domain here models (no witness sought)."""
    covered = {k for d in DOMAINS for k in d.keys}
    keys = {k for k, _ in a.readings} & {k for k, _ in b.readings}
    return sorted(k for k in keys if k not in covered and a.reading(k) != b.reading(k))


# What a ruleset's data changes that no domain here compares between two rulesets: a muestra
# (URU-2, URU-3: its piezas rank above every other card, so who wins a round differs) and a flor
# held by one side only (FLR-1, URU-6). Compared by the features the files declare, never by name.
UNMODELLED_FEATURES = ("muestra", "flor")


def unmodelled_features(a: Setup, b: Setup) -> list[str]:
    """The features of UNMODELLED_FEATURES that one of `a` and `b` has and the other lacks:
    differences shown by no witness here."""
    return [f for f in UNMODELLED_FEATURES if a.has(f) != b.has(f)]
