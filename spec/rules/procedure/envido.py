"""The envido contest: calls, answers and its points (ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6, ENV-7, ARG-5,
ARG-6, URU-5, URU-8; AMB-20, AMB-21, AMB-22, AMB-23, AMB-24, AMB-25, AMB-29, AMB-30, AMB-31)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.match import falta_of, side
from truco_rules.spec.rules.procedure.parts import ENVIDO, Illegal
from truco_rules.spec.rules.procedure.tanto_window import goes_first, window_open

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def call_clause(hand: Hand, call: str) -> str:
    """The clause of a call: the contest clause for envido, the file's for real and falta envido."""
    role = {"envido": "contest", "real-envido": "real", "falta-envido": "falta"}[call]
    return hand.rules.clause_or("envido", role, hand.rules.clause_or("envido", "contest", "ENV-1"))


def stake_clause(hand: Hand, chain: list[str], otherwise: str) -> str:
    """The clause that sets what an accepted chain is worth: the falta's where a falta envido was
    called, else the file's clause for the calls' stakes (ARG-5, URU-8), else `otherwise`."""
    r = hand.rules
    if "falta-envido" in chain:
        return r.clause_or("envido", "falta", otherwise)
    return r.clause_or("envido", "stakes", otherwise)


def check_call(hand: Hand, seat: int, action: Action) -> None:
    r, call = hand.rules, action.verb
    if not r.has("envido"):
        raise Illegal("ENV-1", "there is no envido in this ruleset")
    clause = call_clause(hand, call)
    if call not in env.calls_of(r):
        raise Illegal(clause, f"{call} is not a call of this ruleset")
    if r.reading("flor-over-envido") == "flor-replaces-envido" and hand.seat_flor(seat):
        # AMB-31: "Envido: Sólo se juega si nadie tiene flor" - a seat holding flor sings flor.
        raise Illegal(r.clause("flor", "sing"), f"seat {seat} holds flor: it sings flor, not envido (AMB-31)")
    if hand.phase == ENVIDO:  # answering the chain with a later call (ENV-5, ENV-6, AMB-20)
        chain = [c for c, _ in hand.envido.chain]
        if call not in env.next_calls(r, chain):
            raise Illegal(
                clause,
                f"after {', '.join(chain)} the chain cannot go to {call}: envido calls only go forward",
            )
        return
    if goes_first(hand, seat):
        return
    if not window_open(hand, seat):
        raise Illegal(
            "ENV-1",
            "envido is called on one's turn in the first round, before playing, "
            "with no truco called and no envido or flor contest yet (AMB-23)",
        )


def change_call(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase == ENVIDO:
        hand.envido.responder = hand.envido.chain[-1][1]  # the seat whose call was raised answers
        hand.envido.chain.append((action.verb, seat))
        return
    # Opening the contest, on one's turn or as the envido that goes first (the truco stays pending).
    hand.phase = ENVIDO
    hand.envido.chain = [(action.verb, seat)]
    hand.envido.responder = (seat + 1) % hand.rules.players  # AMB-16: the next opponent answers


def accept(hand: Hand) -> None:
    r = hand.rules
    points = [hand.envido_points(s) for s in range(r.players)]
    winner = int(env.contest_winner(points, hand.starter))
    chain = [c for c, _ in hand.envido.chain]
    stake = env.envido_accepted_stake(r, chain, falta_of(r, hand.score, winner))
    hand.award("envido", winner, stake, stake_clause(hand, chain, r.clause("envido", "points")))


def run(hand: Hand) -> None:
    r = hand.rules
    last_caller = hand.envido.chain[-1][1]
    chain = [c for c, _ in hand.envido.chain]
    payout = env.envido_refused_payout(r, chain, falta_of(r, hand.score, side(last_caller)))
    # A refusal pays what the file's stakes clause says (ARG-5, URU-8), else the contest's clause.
    clause = r.clause_or("envido", "stakes", r.clause("envido", "contest"))
    hand.award("envido", side(last_caller), payout, clause)
