"""Which rule area checks and applies each action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules.actions import Action, parse_action
from truco_rules.spec.rules.procedure import envido, flor, play, senas, truco
from truco_rules.spec.rules.procedure.parts import (
    ENVIDO,
    FLOR,
    OVER,
    PLAY,
    TEN_CHOICE,
    TRUCO,
    Change,
    Check,
    Illegal,
)

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def _check_accept_run(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase == FLOR:
        flor.check_answer(hand, seat, action)
    elif hand.phase != ENVIDO:
        truco.check_answer(hand, seat, action)


def _change_accept_run(hand: Hand, seat: int, action: Action) -> None:
    accepted = action.verb == "accept"
    if hand.phase == ENVIDO:
        (envido.accept if accepted else envido.run)(hand)
    elif hand.phase == FLOR:
        flor.answer(hand, seat, action.verb)
    else:
        (truco.accept if accepted else truco.run)(hand)


_RULES: dict[str, tuple[Check, Change]] = {
    "play": (play.check_play, play.change_play),
    "cover": (play.check_play, play.change_play),
    "raise": (truco.check_raise, truco.change_raise),
    "accept": (_check_accept_run, _change_accept_run),
    "run": (_check_accept_run, _change_accept_run),
    "ten-play": (truco.check_ten, truco.change_ten),
    "ten-decline": (truco.check_ten, truco.change_ten),
    "envido": (envido.check_call, envido.change_call),
    "real-envido": (envido.check_call, envido.change_call),
    "falta-envido": (envido.check_call, envido.change_call),
    "flor": (flor.check_sing, flor.change_sing),
    "flor-raise": (flor.check_partner, flor.change_partner),
    "flor-pass": (flor.check_partner, flor.change_partner),
    "contraflor": (flor.check_contraflor, flor.change_contraflor),
    "contraflor-resto": (flor.check_resto, flor.change_resto),
    "sign": (senas.check_sign, senas.change_sign),
    "mazo": (truco.check_mazo, truco.change_mazo),  # ARG-9, URU-10
}


# The phases in which each verb's check can pass: in any other the check refuses the action
# (need_phase, or the phase tests of window_open and goes_first), so that legal_actions checks a
# verb only there. tests/spec/test_legal_candidates.py holds it to checking every candidate.
PHASES: dict[str, frozenset[str]] = {
    "play": frozenset({PLAY}),
    "cover": frozenset({PLAY}),
    "raise": frozenset({PLAY, TRUCO}),  # a call on one's turn, or raising the pending call (BET-5)
    "accept": frozenset({TRUCO, ENVIDO, FLOR}),
    "run": frozenset({TRUCO, ENVIDO, FLOR}),
    "ten-play": frozenset({TEN_CHOICE}),
    "ten-decline": frozenset({TEN_CHOICE}),
    # on one's turn (AMB-23), as the envido that goes first (AMB-29), or answering the chain
    "envido": frozenset({PLAY, TRUCO, ENVIDO}),
    "real-envido": frozenset({PLAY, TRUCO, ENVIDO}),
    "falta-envido": frozenset({PLAY, TRUCO, ENVIDO}),
    "flor": frozenset({PLAY, TRUCO, ENVIDO}),  # ENVIDO: the flor that replaces it (AMB-31)
    "flor-raise": frozenset({FLOR}),
    "flor-pass": frozenset({FLOR}),
    "contraflor": frozenset({FLOR}),
    "contraflor-resto": frozenset({FLOR}),
    "sign": frozenset({PLAY}),
    "mazo": frozenset({PLAY, TRUCO}),  # on one's turn to play, or answering a truco call (ARG-9)
}


def check_of(verb: str) -> Check:
    """The check of a verb's rule area (what `checked` runs once the seat is the one to act)."""
    return _RULES[verb][0]


def check_action(hand: Hand, seat: int, text: str) -> Action:
    """The parsed action if `seat` may take it now; Illegal (with its clause) otherwise."""
    return checked(hand, seat, text)[0]


def checked(hand: Hand, seat: int, text: str) -> tuple[Action, Change]:
    """check_action, with the change that applies the action."""
    action = parse_action(text)
    if action is None:
        raise Illegal("RND-1", f"{text!r} is not an action of the record format")
    if hand.phase == OVER:
        clause = "HND-2" if hand.rules.holds("HND-2") else "HND-1"
        raise Illegal(clause, "the hand is over: no more actions")
    actor = hand.to_act()
    if seat != actor:
        raise Illegal(play.actor_clause(hand.phase), f"seat {actor} acts now, not seat {seat}")
    check, change = _RULES[action.verb]
    check(hand, seat, action)
    return action, change
