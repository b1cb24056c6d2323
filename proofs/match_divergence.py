"""Divergence domains of the match (MAT-1, MAT-2, MAT-3, MAT-4, TEN-1, TEN-2, TEN-3, TEN-4, TEN-5, TEN-6,
TEN-7, IRN-1, IRN-2, IRN-3, IRN-4): what the hand of ten allows at a score, and whether a score ends the
match."""

from __future__ import annotations

from typing import Any

import z3

from truco_rules.proofs import ladder_model as lm
from truco_rules.proofs import match_model as mm
from truco_rules.proofs.domain import Built, Domain
from truco_rules.proofs.setup import Setup


def _ten_code(s: Setup, s0: z3.ArithRef, s1: z3.ArithRef) -> z3.ArithRef:
    """Start value, what a call does, which hand it is (0 ordinary, 1 the hand of ten, 2 the iron
    hand), the score it is played at (0 for an ordinary hand) and whether the side at it may decline,
    as one number (see `_ten_name`)."""
    m = mm.MatchModel(s)
    sc = mm.Score(s0, s1, z3.BoolVal(False), z3.IntVal(-1))
    no_truco = m.no_truco(sc)
    start = z3.If(no_truco, lm.ten_value(s) or 0, lm.steps_of(s)[0])
    effects = {"refused": 1, "caller-loses-match": 2, "caller-loses-hand": 3}
    effect = effects.get(s.reading("ten-truco") or "", 0)
    call = z3.If(no_truco, effect, 0)
    ten, iron = s.rules.data.get("hand_of_ten"), s.rules.data.get("iron_hand")
    at = int(ten["score"]) if ten else -1  # TEN-1 (PAU-8: 11): the ruleset's own score of the hand of ten
    iron_at = int(iron["score"]) if iron else -1  # IRN-1 (PAU-9: 11)
    one = z3.Xor(s0 == at, s1 == at)
    both = z3.And(s0 == iron_at, s1 == iron_at)
    hand = z3.If(one, 1, z3.If(both, 2, 0))
    mark = z3.If(one, at, z3.If(both, iron_at, 0))
    decline = z3.If(z3.And(one, s.reading("ten-choice") == "may-decline"), 1, 0)
    # A mark is met only below the target (`_reachable_score`), at most 1000 (the schema's bound).
    return (((start * 10 + call) * 10 + hand) * 1000 + mark) * 10 + decline


def _ten(a: Setup, b: Setup) -> Built:
    s0, s1 = z3.Ints("score0 score1")
    top = min(mm.target_of(a), mm.target_of(b))
    dom = [_reachable_score(s0, [a, b], top), _reachable_score(s1, [a, b], top), s0 <= s1]
    return [s0, s1], dom, _ten_code(a, s0, s1), _ten_code(b, s0, s1), s1 * 100 + s0


def _ten_name(code: int) -> dict[str, Any]:
    """`_ten_code`'s number as data: `hand` names the hand played at that score in that ruleset and
    `at` its score (None for an ordinary hand), so the words name each ruleset's own mark."""
    calls = {0: "allowed", 1: "refused", 2: "caller loses the match", 3: "caller loses the hand"}
    hands = {0: "ordinary", 1: "hand of ten", 2: "iron hand"}
    decline, code = code % 10, code // 10
    mark, code = code % 1000, code // 1000
    hand, code = hands[code % 10], code // 10
    call, start = calls[code % 10], code // 10
    return {"starts_at": start, "truco_call": call, "may_decline": bool(decline), "hand": hand,
            "at": mark if hand != "ordinary" else None}


def _reachable_score(x: z3.ArithRef, setups: list[Setup], top: int) -> z3.BoolRef:
    """`x` is a score from 0 up to (not including) `top` that a game of every setup reaches: where
    every award is even (Mineiro: 2, 4, 6, 10, 12, the hand of ten, a declined hand of ten), so
    is every score."""
    step = 2 if any(_step(s) == 2 for s in setups) else 1
    return z3.Or(*[x == v for v in range(0, top, step)])


def _step(s: Setup) -> int:
    """The smallest gap between two scores a game reaches: 2 where every award is even."""
    return 2 if not mm.has_side_bets(s) and all(p % 2 == 0 for p in mm.awards(s)) else 1


def _highest_score(s: Setup) -> int:
    """The highest score a side may end a match with. Without side bets: a hand at the ladder's top
    won from just below the hand of ten (Mineiro: from 8; at 10 the hand of ten is worth 4, the iron
    hand too, unless it is an ordinary hand), or from just below the target. With side bets: the
    bound of the search (a flor contest alone can stake 24), past the target."""
    if mm.has_side_bets(s):
        return max(40, mm.target_of(s) + 10)
    top = lm.steps_of(s)[-1]
    ten = lm.ten_value(s)
    if ten is None:
        return mm.target_of(s) - _step(s) + top
    mark = int(s.rules.data["hand_of_ten"]["score"])
    iron = top if s.reading("iron-hand") == "ordinary-hand" or not s.has("iron_hand") else ten
    return max(mark - _step(s) + top, mark + iron)


def _target(a: Setup, b: Setup) -> Built:
    s = z3.Int("score")
    reach = _reachable_score(s, [a, b], min(_highest_score(a), _highest_score(b)) + 1)
    return [s], [reach], s >= mm.target_of(a), s >= mm.target_of(b), s


DOMAINS: tuple[Domain, ...] = (
    Domain("hand-of-ten", ("TEN-1", "TEN-2", "TEN-3", "TEN-4", "TEN-5", "TEN-6", "IRN-1", "IRN-3", "VAL-1",
                           "VAL-2"),
           ("ten-truco", "iron-hand", "ten-choice", "eleven-one-against-one"), lambda a, b: True,
           _ten, lambda cx: {"scores": [cx["score0"], cx["score1"]]}, _ten_name),
    Domain("target", ("MAT-1", "MAT-3", "MAT-4", "ARG-7", "URU-9"), ("gauderio-target", "partida-points"),
           lambda a, b: True,
           _target, lambda cx: {"score": cx["score"]},
           lambda reached: "partida won" if reached else "play goes on"),
)
