"""Which rule area checks and applies each action."""

from __future__ import annotations

from spec.rules.actions import Action, parse_action
from spec.rules.procedure import envido, flor, play, senas, truco
from spec.rules.procedure.hand import ENVIDO, FLOR, OVER, Change, Check, Hand, Illegal


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
}


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
