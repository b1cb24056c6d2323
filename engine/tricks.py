"""Who wins a round (RND-2, RND-3, AMB-5) and who wins a hand from its round results (HND-3, HND-4, HND-5,
HND-6, HND-7, HND-8, HND-9, HND-10)."""

from __future__ import annotations

from truco_rules.engine.cards import COVERED

TIE = 2  # a round result: 0 or 1 is the winning side
NOBODY = 3  # a hand result: every round tied and nobody scores (HND-9)
ROUNDS = 3  # HND-1: a hand never has more than three rounds


def round_result(table: tuple[tuple[int, int, bool], ...], strength: tuple[int, ...],
                 partner_tie_is_tie: bool) -> tuple[int, int]:
    """(result, first seat that played a top card) for a complete round of (seat, card, covered)."""
    best = -2
    first = -1  # the first seat that played the top card
    matched = crossed = False  # the top card matched by a later one; by one of the other side
    for seat, card, covered in table:
        s = COVERED if covered else strength[card]  # COV-1: a covered card is below every card
        if s > best:
            best = s
            first = seat
            matched = crossed = False
        elif s == best:
            matched = True
            if (seat ^ first) & 1:
                crossed = True
    side = first & 1
    if not matched:
        return side, first  # RND-2
    if crossed:
        return TIE, first  # RND-3: matched by the other side
    return (TIE if partner_tie_is_tie else side), first  # AMB-5 partner-tie


def hand_result(rounds: tuple[int, ...], split_first_winner: bool, all_tied: int) -> int | None:
    """The hand's winner side, NOBODY, or None while undecided (procedure rules 1-8). `all_tied`
    is the result when every round is tied (AMB-1: NOBODY, the dealer's or the starter's side)."""
    n = len(rounds)
    if n < 2:
        return None
    if rounds.count(0) >= 2:
        return 0  # HND-3
    if rounds.count(1) >= 2:
        return 1  # HND-3
    a, b = rounds[0], rounds[1]
    if a != TIE and b == TIE:
        return a  # HND-5, HND-8
    if a == TIE and b != TIE:
        return b  # HND-5, HND-7
    if n < ROUNDS:
        return None
    c = rounds[2]
    if a == TIE:  # and b == TIE: AMB-3 third-round-decides
        if c != TIE:
            return c
        return all_tied  # AMB-1: HND-9, HND-10 or starter-side-wins (ARG-4)
    # a and b won by different sides, c tied: AMB-2
    return a if split_first_winner else b  # HND-6 or last-winner-before-tie
