"""Señas: one per seat and hand, on a turn to play (SEN-1, SEN-2, SEN-3, AMB-28, AMB-36, AMB-39)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.procedure.parts import PLAY, Illegal
from truco_rules.spec.rules.procedure.play import need_phase
from truco_rules.spec.rules.senas import sign_allowed, sign_clause, signs_of

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def check_sign(hand: Hand, seat: int, action: Action) -> None:
    r, sign = hand.rules, str(action.sign)
    if sign not in signs_of(r):
        raise Illegal("SEN-1", f"there is no seña {sign} in this ruleset")
    need_phase(hand, PLAY, clause=sign_clause(r, sign), what="a seña")
    if seat in hand.signed:  # AMB-39 sena-timing: one seña per seat and hand
        raise Illegal(sign_clause(r, sign), f"seat {seat} already made its seña in this hand")
    if r.readings["sena-timing"] == "before-first-card" and hand.used[seat]:
        raise Illegal(sign_clause(r, sign), f"seat {seat} has played a card: a seña comes before (AMB-39)")
    # AMB-28 senas; a tanto seña counts the envido points (AMB-21 envido-without-pair).
    if not sign_allowed(r, sign, hand.cards[seat], r.readings["senas"], r.readings["envido-without-pair"]):
        raise Illegal(
            sign_clause(r, sign), f"the seña {sign} is not true of seat {seat}'s hand (AMB-28 truthful)"
        )


def change_sign(hand: Hand, seat: int, action: Action) -> None:
    hand.signed.add(seat)
