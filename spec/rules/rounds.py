"""Round resolution (RND-1, RND-2, RND-3, AMB-5 `partner-tie`) and who leads the next round (AMB-14).

Round result codes: 0 or 1 = the side that won the round, TIE = 2.
"""

from __future__ import annotations

from collections.abc import Sequence

from truco_rules.spec.rules.symbolic import And, Count, If, Max, Or, Val, concrete_cache

TIE = 2


@concrete_cache()  # a few hundred distinct rounds: the monitor asks the same ones again and again
def round_result(strengths: Sequence[Val], sides: Sequence[int], partner_tie: str = "pair-wins") -> Val:
    """Result of a complete round (dual-use on `strengths`; `sides` are concrete).

    strengths[i] is the strength of the i-th card played (cards.COVERED for a covered card) and
    sides[i] the side of the seat that played it. Domain: 2 or 4 cards, strengths 0..14.
    RND-2: "El jugador que juegue la carta más alta vence la ronda" (for their side).
    RND-3: the highest card matched by an equal card of the other side ties the round.
    AMB-5 `partner-tie`: `pair-wins` - equal top cards of two partners win for their pair;
    `tie` - any two equal top cards tie the round.
    """
    if partner_tie not in ("pair-wins", "tie"):
        raise ValueError(f"unknown partner-tie reading {partner_tie!r}")
    top = Max(*strengths)
    has = [Or(False, *[s == top for s, side in zip(strengths, sides, strict=True) if side == k])
           for k in (0, 1)]
    tied = And(has[0], has[1])
    if partner_tie == "tie":
        tied = Count(*[s == top for s in strengths]) >= 2
    return If(tied, TIE, If(has[0], 0, 1))


def top_player(strengths: Sequence[int]) -> int:
    """Index of the first card played among the highest of the round."""
    return list(strengths).index(max(strengths))


def next_leader(leader: int, seats: Sequence[int], strengths: Sequence[int], result: int,
                round_leader: str) -> int:
    """The seat that leads the next round (procedure: "Round leader", AMB-14 `round-leader`).

    The seat that played the winning card leads; when two partners played it (AMB-5 pair-wins),
    the first of them in play order. After a tie: the leader again (`winner-leads-tie-same`) or
    the seat that first played one of the tying highest cards (`winner-leads-tie-first-top`).
    """
    if result == TIE and round_leader == "winner-leads-tie-same":
        return leader
    if round_leader not in ("winner-leads-tie-same", "winner-leads-tie-first-top"):
        raise ValueError(f"unknown round-leader reading {round_leader!r}")
    return seats[top_player(strengths)]
