"""Divergence witnesses: concrete situations where two rulesets (or two readings of one) give
different results, listed smallest first.

Each domain builds, for both setups, the same Z3 term over shared variables, and the domain's
constraints admit only situations a real game of both setups reaches (Mineiro scores are even,
a hand value or a call is on both ladders, ...). Every situation where the two terms differ is
found (the terms are run on every value of the variables' ranges, which Z3 bounds; where a term
cannot be compiled Z3 is asked for them one by one) and sorted by a size measure. Situations that
show the same pair of results are one witness, the smallest; its `similar` field counts the others.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from proofs import card_model as cm
from proofs import envido_model as em
from proofs import hand_model as hm
from proofs import ladder_model as lm
from proofs import match_model as mm
from proofs import register_witnesses as rw
from proofs import stake_model as sm
from proofs.evaluate import compile_term
from proofs.setup import Setup, Tracing
from proofs.solver import find_all

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
    show_in: Callable[[Setup, dict[str, Any]], dict[str, Any]] | None = None  # `show` needing the setup


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
    values = sorted(set(lm.steps_of(a)) & set(lm.steps_of(b)))  # a hand value both games reach
    la, lb = lm.LadderModel(a), lm.LadderModel(b)
    return [v], [z3.Or(*[v == x for x in values])], la.next_step(v), lb.next_step(v), v


def _run(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                       z3.ArithRef]:
    c = z3.Int("refused_call")
    values = sorted(set(lm.steps_of(a)[1:]) & set(lm.steps_of(b)[1:]))  # a call in both games
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
    dom = [_reachable_score(s0, [a, b], top), _reachable_score(s1, [a, b], top), s0 <= s1]
    return [s0, s1], dom, _ten_code(a, s0, s1), _ten_code(b, s0, s1), s1 * 100 + s0


def _ten_name(code: int) -> dict[str, Any]:
    calls = {0: "allowed", 1: "refused", 2: "caller loses the match", 3: "caller loses the hand"}
    call = calls[code // 10 % 10]
    return {"starts_at": code // 100, "truco_call": call, "may_decline": bool(code % 10)}


def _reachable_score(x: z3.ArithRef, setups: list[Setup], top: int) -> z3.BoolRef:
    """`x` is a score from 0 up to (not including) `top` that a game of every setup reaches: every
    Mineiro award is even (2, 4, 6, 10, 12: the ladder, the hand of ten, a declined hand of ten)."""
    step = 2 if any(s.variant == "mineiro" for s in setups) else 1
    return z3.Or(*[x == v for v in range(0, top, step)])


def _highest_score(s: Setup) -> int:
    """The highest score a side may end a match with. Mineiro: a hand at the ladder's top won from 8
    (at 10 the hand of ten is worth 4; the iron hand too, unless it is an ordinary hand). Gauderio: the
    bound of the search (a flor contest alone can stake 24)."""
    if s.variant != "mineiro":
        return 40
    top = lm.steps_of(s)[-1]
    iron = top if s.reading("iron-hand") == "ordinary-hand" else lm.TEN_VALUE
    return max(mm.target_of(s) - 4 + top, mm.target_of(s) - 2 + iron)


def _target(a: Setup, b: Setup) -> tuple[list[z3.ExprRef], list[z3.BoolRef], z3.ExprRef, z3.ExprRef,
                                          z3.ArithRef]:
    s = z3.Int("score")
    reach = _reachable_score(s, [a, b], min(_highest_score(a), _highest_score(b)) + 1)
    return [s], [reach], s >= mm.target_of(a), s >= mm.target_of(b), s


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



# --- cards, rounds and covering -------------------------------------------------------------------

def _deck(a: Setup, b: Setup) -> Built:
    c = cm.Card.fresh("card")
    dom = [c.rank >= 0, c.rank <= 9, c.suit >= 0, c.suit <= 3]
    ta = z3.If(cm.in_deck(a, c), 1, 0)
    tb = z3.If(cm.in_deck(b, c), 1, 0)
    return c.variables, dom, ta, tb, c.rank * 4 + c.suit


def _may_cover(s: Setup, k: z3.ArithRef) -> z3.ArithRef:
    """AMB-7 `covering`, AMB-8 `cover-round` (a ruleset without it allows every round)."""
    allowed = s.reading("covering") == "allowed"
    first_barred = s.reading("cover-round") == "not-first-round"
    return z3.If(z3.And(allowed, z3.Not(z3.And(first_barred, k == 1))), 1, 0)


def _covering(a: Setup, b: Setup) -> Built:
    k = z3.Int("round")
    return [k], [k >= 1, k <= 3], _may_cover(a, k), _may_cover(b, k), k


COVER_RESULTS = {0: "the round goes to side 1", 1: "the round is tied", 2: "side 1 wins the hand"}


def _covered_card(a: Setup, b: Setup) -> Built:
    """The leader (side 0) covers its card; the next seat plays a card face up (1) or covers (0), the
    other seats of a pair game cover theirs."""
    up = z3.Int("reply_face_up")

    def code(s: Setup) -> z3.ArithRef:
        if s.reading("covered-card") == "concedes-hand":
            return z3.IntVal(2)  # COV-2: covering gives up the hand
        return z3.If(up == 1, 0, 1)  # COV-1: worth nothing; all covered: equal cards, a tie

    return [up], [z3.Or(up == 0, up == 1)], code(a), code(b), up


def _multiplicity(s: Setup) -> dict[int, int]:
    """How many cards of the deck have each strength."""
    return _multiplicity_of(s.variant, tuple(cm.deck_cards(s)))


@functools.cache
def _multiplicity_of(variant: str, deck: tuple[tuple[int, int], ...]) -> dict[int, int]:
    from proofs.evaluate import compile_term

    c = cm.Card.fresh("m")
    model = cm.CardModel.__new__(cm.CardModel)
    model.variant = variant
    f = compile_term(model.strength(c), c.variables)
    out: dict[int, int] = {}
    for r, su in deck:
        out[f(r, su)] = out.get(f(r, su), 0) + 1
    return out


def _pair_round(a: Setup, b: Setup) -> tuple[cm.Round, list[z3.BoolRef]]:
    """A round of face-up cards, seat 0 leading, strengths only as many times as the deck has them."""
    r = cm.Round(tuple(z3.Int(f"s{i}") for i in range(a.players)), z3.IntVal(0))
    dom = [z3.And(x >= 1, x <= 14) for x in r.strengths]
    for v, n in _multiplicity(a).items():
        dom.append(sum((z3.If(x == v, 1, 0) for x in r.strengths), z3.IntVal(0)) <= n)
    dom.append(z3.And(*[z3.Or(*[x == v for v in _multiplicity(a)]) for x in r.strengths]))
    return r, dom


def _partner_tie(a: Setup, b: Setup) -> Built:
    r, dom = _pair_round(a, b)
    ta, tb = cm.RoundModel(a).result(r), cm.RoundModel(b).result(r)
    return list(r.strengths), dom, ta, tb, _round_size(r)


def _next_leader(s: Setup, r: cm.Round) -> z3.ArithRef:
    """AMB-14 `round-leader`: the seat that leads the next round (the leader is seat 0)."""
    first_top: z3.ArithRef = z3.IntVal(len(r.strengths) - 1)
    for i in reversed(range(len(r.strengths))):
        first_top = z3.If(r.strengths[i] == r.top(), i, first_top)
    tied = cm.RoundModel(s).result(r) == cm.TIE
    if s.reading("round-leader") == "winner-leads-tie-first-top":
        return first_top
    return z3.If(tied, 0, first_top)


def _round_leader(a: Setup, b: Setup) -> Built:
    r, dom = _pair_round(a, b)
    return list(r.strengths), dom, _next_leader(a, r), _next_leader(b, r), _round_size(r)


def _round_size(r: cm.Round) -> z3.ArithRef:
    """The sum of the strengths, then the strengths in play order: one size per round."""
    size = sum(r.strengths, z3.IntVal(0))
    for x in r.strengths:
        size = size * 15 + x
    return size


def _same_table(a: Setup, b: Setup) -> bool:
    return a.variant == b.variant and a.players == b.players


def strength_cards(setup: Setup, strengths: list[int]) -> list[str]:
    """Card names for a round of strengths: for each strength, its cards in deck order, each used once."""
    m = cm.CardModel(setup)
    c = cm.Card.fresh("m")
    from proofs.evaluate import compile_term

    f = compile_term(m.strength(c), c.variables)
    pool = [(f(r, su), cm.card_name(setup.variant, r, su)) for r, su in cm.deck_cards(setup)]
    out = []
    for v in strengths:
        name = next(n for x, n in pool if x == v and n not in out)
        out.append(name)
    return out


def _round_shown(setup: Setup, cx: dict[str, Any]) -> dict[str, Any]:
    strengths = [cx[f"s{i}"] for i in range(setup.players)]
    return {"cards_in_play_order": strength_cards(setup, strengths), "leader_seat": 0}


# --- stakes ---------------------------------------------------------------------------------------

def _flor_refusal(a: Setup, b: Setup) -> Built:
    """Me achico to a contraflor (call 0) or to a contraflor al resto (call 1), the partner having
    raised the flor to 6 or not; the falta (AMB-22) from the scores."""
    raised, call, s0, s1 = z3.Ints("partner_raised refused_call score0 score1")
    top = min(mm.target_of(a), mm.target_of(b))
    stake = z3.If(raised == 1, 6, 3)

    def pays(s: Setup) -> z3.ArithRef:
        m = sm.FlorExchange(s)
        falta = em.falta(s0, s1, z3.IntVal(0), mm.target_of(s), s.reading("falta-points") or "")
        return z3.If(call == 0, m.refused(stake, 2 * stake), m.refused(2 * stake, falta))

    dom = [z3.Or(raised == 0, raised == 1), z3.Or(call == 0, call == 1), s0 >= 0, s1 >= 0, s0 < top, s1 < top,
           z3.Implies(call == 0, z3.And(s0 == 0, s1 == 0))]
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
    Domain("deck", ("DECK-1", "CARD-1"), ("deck",), _both("mineiro"),
           _deck, lambda cx: {"card": cm.card_name("mineiro", cx["rank_card"], cx["suit_card"])},
           lambda inside: "in the deck" if inside else "not in the deck"),
    Domain("covering", ("COV-1",), ("covering", "cover-round"), lambda a, b: True,
           _covering, lambda cx: {"round": cx["round"]},
           lambda may: "a card may be played covered" if may else "every card is played face up"),
    Domain("covered-card", ("COV-1", "COV-2"), ("covered-card",),
           lambda a, b: a.reading("covering") == "allowed" and b.reading("covering") == "allowed",
           _covered_card,
           lambda cx: {"round": 1, "leader": "covers",
                       "next_seat": "face up" if cx["reply_face_up"] else "covers", "other_seats": "cover"},
           lambda v: COVER_RESULTS[v]),
    Domain("partner-tie", ("RND-2", "RND-3"), ("partner-tie",),
           lambda a, b: _same_table(a, b) and a.players == 4,
           _partner_tie, lambda cx: {}, lambda v: "round tied" if v == cm.TIE else f"side {v} wins the round",
           show_in=_round_shown),
    Domain("round-leader", ("RND-1", "RND-2", "RND-3"), ("round-leader", "partner-tie"), _same_table,
           _round_leader, lambda cx: {}, lambda seat: {"next_leader_seat": seat}, show_in=_round_shown),
    Domain("flor-refusal", ("FLR-6", "FLR-7", "FLR-8"), ("flor-refusal",), _both("gauderio"),
           _flor_refusal,
           lambda cx: {"partner_raised": bool(cx["partner_raised"]),
                       "refused_call": ["contraflor", "contraflor-resto"][cx["refused_call"]],
                       "scores": [cx["score0"], cx["score1"]]},
           lambda p: {"last_singer_scores": p}),
    Domain("side-bet-scoring", ("ENV-1", "FLR-2", "MAT-4"), ("side-bet-scoring",), _both("gauderio"),
           _side_bet_scoring, lambda cx: {"score": cx["score"], "contest_points": cx["contest_points"]},
           lambda v: SIDE_BET_RESULTS[v]),
    # The entries of the register's second reading (AMB-20 falta-added, AMB-34..38).
    *(Domain(**d) for d in rw.DOMAINS),
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


def _divergent(variables: list[z3.ExprRef], dom: list[z3.BoolRef], ta: z3.ExprRef, tb: z3.ExprRef,
               size: z3.ArithRef) -> list[dict[str, Any]]:
    """Every situation allowed by `dom` where the terms differ: values of the variables (keyed by
    name), of both terms and of the size (keyed A, B and SIZE)."""
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
                    for p in itertools.product(*ranges) if inside(*p)]
    if ranges is None:
        if z3.Solver().check(*differ) == z3.unsat:
            return []  # the terms differ in form only
        raise RuntimeError("a witness domain with an unbounded variable")
    a, b, n = z3.Const(A, ta.sort()), z3.Const(B, tb.sort()), z3.Const(SIZE, size.sort())
    every = find_all(z3.BoolVal(True), [*variables, a, b, n],
                     assumptions=[*differ, a == ta, b == tb, n == size], limit=100_000)
    return every


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
    those with the smallest witnesses."""
    from spec.catalogue import load_catalogue

    cat = load_catalogue()
    out: list[dict[str, Any]] = []
    for d in DOMAINS:
        if not d.applies(a, b):
            continue
        ra, rb = Tracing(a), Tracing(b)
        variables, dom, ta, tb, size = d.build(ra, rb)  # type: ignore[arg-type]
        if _same_terms(a, b, ra, rb) or ta.eq(tb):
            continue  # the same term on both sides (the readings that differ are not read): no divergence
        found = _grouped(_divergent(variables, dom, ta, tb, size), variables, limit)
        for cx, similar in found:
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
                "situation": d.show_in(a, cx) if d.show_in else d.show(cx),
                "a": d.result(cx[A]),
                "b": d.result(cx[B]),
                "clauses": [c for c in clauses if c in cat.clauses],
                "ambiguities": ambs,
                "variants_differ": a.variant != b.variant,
                "similar": similar,
            })
    return out


def unmodelled(a: Setup, b: Setup) -> list[str]:
    """Register keys on which `a` and `b` differ but that no domain here models (no witness sought)."""
    covered = {k for d in DOMAINS for k in d.keys}
    keys = {k for k, _ in a.readings} & {k for k, _ in b.readings}
    return sorted(k for k in keys if k not in covered and a.reading(k) != b.reading(k))
