"""When envido, flor and señas may be called: the side-bet window (AMB-23) and the envido that
goes first (AMB-29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules.procedure.parts import PLAY, TRUCO

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def window_open(hand: Hand, seat: int) -> bool:
    """AMB-23 `side-bet-window` (first-card-turn): the to-act seat, in the first round, before
    playing its card, no truco called and no envido or flor contest in the hand."""
    return (
        hand.rules.has("envido")
        and hand.phase == PLAY
        and seat == hand.turn
        and not hand.rounds
        and not hand.used[seat]
        and not hand.truco.called
        and not hand.contest_done
    )


def _answers_first_truco(hand: Hand, seat: int) -> bool:
    """AMB-29 `envido-first` ("el envido está primero"): `seat` must answer the hand's first truco
    call, in the first round, with no envido or flor contest in the hand."""
    r = hand.rules
    return (
        r.has("envido")
        and r.reading("envido-first") == "envido-first"
        and hand.phase == TRUCO
        and seat == hand.truco.responder
        and hand.truco.call == r.ladder[1]
        and hand.truco.last_call_side is None
        and not hand.rounds
        and not hand.contest_done
    )


def goes_first(hand: Hand, seat: int) -> bool:
    """AMB-29 `envido-first`: the seat that must answer the hand's first truco call may open the
    envido (or sing flor) if it has not played a card yet."""
    return _answers_first_truco(hand, seat) and not hand.used[seat]


def late_flor(hand: Hand, seat: int) -> bool:
    """AMB-53 `flor-window`: whether the seat may still sing flor once the steps before it allow
    it: before it has played any card (before-first-card: "antes de haber jugado alguna de las
    tres cartas"), or while the first round lasts (first-round: "antes de acabar la primera
    baza")."""
    return hand.rules.reading("flor-window") == "first-round" or not hand.used[seat]


def flor_goes_first(hand: Hand, seat: int) -> bool:
    """AMB-29 `envido-first` for the flor: the seat that must answer the hand's first truco call
    may sing flor, within the flor's window (AMB-53)."""
    return _answers_first_truco(hand, seat) and late_flor(hand, seat)
