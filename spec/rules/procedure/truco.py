"""Truco calls and their answers, the hand of ten and the iron hand, going to the mazo (BET-1,
BET-2, BET-3, BET-4, BET-5, BET-6, BET-7, BET-8, BET-9, BET-10, ARG-3, URU-7, ARG-9, URU-10, TEN-1,
TEN-2, TEN-3, TEN-4, TEN-5, TEN-6, IRN-3, PAU-6, PAU-10; AMB-4, AMB-9, AMB-10, AMB-12, AMB-16, AMB-37,
AMB-42, AMB-43, AMB-52, AMB-60, AMB-61)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.hands import Undecided
from truco_rules.spec.rules.match import side, target
from truco_rules.spec.rules.procedure.parts import PLAY, TEN_CHOICE, TRUCO, Illegal
from truco_rules.spec.rules.procedure.play import check_flor_first, need_phase

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def _clause(hand: Hand, role: str) -> str:
    return hand.rules.clause("truco", role)


def no_truco_clause(hand: Hand) -> str:
    """TEN-3 "En la mano de 10 no se puede pedir truco"; IRN-3 where the ruleset states it for the
    iron hand."""
    r = hand.rules
    if hand.kind == lad.IRON:
        own = r.clause_or("iron_hand", "no_truco", "")
        if own:
            return own
    return r.clause("hand_of_ten", "no_truco")


def ten_call(hand: Hand) -> str:
    """AMB-37 `ten-call`; a file with an iron hand but no hand of ten reads the ladder's order."""
    reading = hand.rules.reading("ten-call") or "next-step"
    if reading not in ("next-step", "truco-by-name", "truco-only"):
        raise ValueError(f"unknown ten-call reading {reading!r}")
    return reading


def asks_for_truco(hand: Hand, value: int) -> bool:
    """Whether a call of `value`, made on a turn to play, is "asking for truco" in a hand where no
    truco may be called (TEN-3: the hand of ten, and the iron hand played like it, AMB-10).

    AMB-37 `ten-call`: under `next-step` and `truco-by-name` every call there is (the legal ones are
    the next step, and under `truco-by-name` also truco by its name, the ladder's first call); under
    `truco-only` only the call named truco is, and the later calls are made as in any hand."""
    r = hand.rules
    if lad.iron_ordinary(r, hand.kind):  # AMB-61 ordinary-no-truco: no call at all (refused)
        return True
    if not lad.iron_like_ten(hand.kind, r.reading("iron-hand")):
        return False
    if ten_call(hand) == "truco-only":
        return value == r.ladder[1]
    return True


def _own_cap(hand: Hand, seat: int, value: int) -> bool:
    """AMB-43 `raise-cap`. `no-cap` (PAU-6: the ladder's top is its only cap): never. `capped`: a
    call or raise is not made once the hand, worth `value` before it, already gives the caller's
    side what it lacks to reach the target (PAU-10)."""
    if hand.rules.reading("raise-cap") != "capped":
        return False
    return value >= target(hand.rules) - hand.score[side(seat)]


def _trailing_cap(hand: Hand, value: int) -> bool:
    """AMB-60 `raise-cap-trailing`. `no-cap`: never. `trailing-need`: a call or raise is made only
    while the stake it raises, `value`, is less than what the side with the lower score still needs
    to reach the target (PAU-10): at 6 to 6 of 12 nobody calls 9."""
    if hand.rules.reading("raise-cap-trailing") != "trailing-need":
        return False
    return value >= target(hand.rules) - min(hand.score)


def over_cap(hand: Hand, seat: int, value: int) -> bool:
    """Whether the score bars a call or raise of the stake `value` by `seat` (AMB-43, AMB-60)."""
    return _own_cap(hand, seat, value) or _trailing_cap(hand, value)


def _cap_refusal(hand: Hand, seat: int, value: int) -> Illegal:
    if _own_cap(hand, seat, value):
        lacks = target(hand.rules) - hand.score[side(seat)]
        return Illegal(_clause(hand, "top"),
                       f"the hand is worth {value}, what side {side(seat)} lacks to win ({lacks}): "
                       "no call or raise (AMB-43 raise-cap, capped)")
    lacks = target(hand.rules) - min(hand.score)
    return Illegal(_clause(hand, "top"),
                   f"the stake is {value}, what the trailing side lacks to win ({lacks}): no call or raise "
                   "(AMB-60 raise-cap-trailing, trailing-need)")


def check_raise(hand: Hand, seat: int, action: Action) -> None:
    r, v = hand.rules, int(action.value)  # type: ignore[arg-type]
    if hand.phase == TRUCO:  # BET-5: raising the pending call
        nxt = lad.next_step(r, hand.truco.call)
        if nxt == lad.NO_STEP:
            raise Illegal(
                _clause(hand, "top"), f"{hand.truco.call} is the top of the ladder: only accept or run"
            )
        if over_cap(hand, seat, hand.truco.call):  # the raise accepts the call: the hand is worth it
            raise _cap_refusal(hand, seat, hand.truco.call)
        if v != nxt:
            raise Illegal(_clause(hand, "order"), f"the only raise now is {nxt}, not {v}")
        check_flor_first(hand, seat, "raises the truco")  # a raise accepts the call (BET-5)
        return
    # BET-1: a call is made by the seat to play, on its turn (AMB-46 partner-truco, seat-on-turn).
    need_phase(hand, PLAY, clause=_clause(hand, "call"), what="a truco call")
    if not isinstance(hand.result, Undecided):  # hand_result of the rounds played (end_round)
        # Procedure (AMB-4 always-three-rounds): no call once the hand is decided.
        raise Illegal(_clause(hand, "call"), "the hand is already decided: no call may be made")
    if asks_for_truco(hand, v):
        if r.reading("ten-truco") == "refused" or lad.iron_ordinary(r, hand.kind):  # AMB-9; AMB-61
            raise Illegal(no_truco_clause(hand), "no truco may be called in the hand of ten or the iron hand")
        # AMB-37: the calls that are asking for truco; any other is out of the ladder's order.
        allowed = {lad.next_step(r, hand.value)}
        if ten_call(hand) == "truco-by-name":
            allowed.add(r.ladder[1])
        elif ten_call(hand) == "truco-only":
            allowed = {r.ladder[1]}
        if v not in allowed:
            calls = " or ".join(str(x) for x in sorted(allowed))
            raise Illegal(_clause(hand, "order"), f"in this hand a call is {calls}, not {v} (AMB-37)")
        return
    if r.data["truco"]["next_call"] == "other-side" and hand.truco.last_call_side == side(seat):
        raise Illegal(
            r.clause_or("truco", "alternate", "BET-10"),
            f"side {side(seat)} made the last call and may not call the next one",
        )
    nxt = lad.next_step(r, hand.value)
    if nxt == lad.NO_STEP:
        raise Illegal(_clause(hand, "top"), "the hand is at the top of the ladder")
    if over_cap(hand, seat, hand.value):
        raise _cap_refusal(hand, seat, hand.value)
    if v != nxt:
        raise Illegal(_clause(hand, "order"), f"the only call now is {nxt}, not {v}")
    check_flor_first(hand, seat, "calls truco")


def change_raise(hand: Hand, seat: int, action: Action) -> None:
    r, t, v = hand.rules, hand.truco, int(action.value)  # type: ignore[arg-type]
    if hand.phase == TRUCO:
        t.caller, t.responder, t.call = seat, t.caller, v
        return
    if asks_for_truco(hand, v):
        t.called = True
        penalty = r.clause_or("hand_of_ten", "penalty", "TEN-4")
        if r.reading("ten-truco") == "caller-loses-match":
            # TEN-4: "si uno jugador pide, pierde el juego automáticamente." Procedure: the hand
            # is recorded as won by the other side with 0 points, forfeit = the caller's side.
            hand.finish(1 - side(seat), 0, penalty, forfeit=side(seat))
        else:  # caller-loses-hand
            hand.finish(1 - side(seat), hand.value, penalty)
        return
    hand.phase, t.call, t.caller, t.pending = TRUCO, v, seat, True
    t.responder = (seat + 1) % r.players  # AMB-16 next-opponent: the next opponent after the caller
    t.called = True


def check_answer(hand: Hand, seat: int, action: Action) -> None:
    need_phase(hand, TRUCO, clause=_clause(hand, "answer"), what="an answer to truco")
    if action.verb == "accept":  # running from the call stays open to a seat holding flor
        check_flor_first(hand, seat, "accepts the truco")


def accept(hand: Hand) -> None:
    t = hand.truco
    # BET-3: "Si aceptan, la mano pasa a valer 4 y continúa normalmente."
    hand.value, t.last_call_side, t.pending, hand.phase = t.call, side(t.caller), False, PLAY


def run(hand: Hand) -> None:
    # BET-4: "el jugador que pidió 10 gana 6 puntos (el valor actual de la mano)".
    hand.truco.pending = False
    hand.finish(
        side(hand.truco.caller), int(lad.run_payout(hand.rules, hand.truco.call)), _clause(hand, "refuse")
    )


NO_MAZO_CLAUSE = "ARG-9"  # going to the mazo (ARG-9, URU-10), cited where a ruleset has none


def check_mazo(hand: Hand, seat: int, action: Action) -> None:
    """ARG-9 (URU-10): "Irse al mazo: Tirar las cartas" (the Rentas reglamento); "no aceptar y
    retirarse, perdiendo la mano" (the Uruguayan club reglamento). On the seat's turn to play, or
    instead of answering a truco call; not while an envido or flor call or the hand of ten's
    choice waits for its answer, nor once the hand is decided (AMB-4 always-three-rounds), nor
    before a mandatory flor the seat may still sing is sung (AMB-42 flor-first: the flor before
    any other proposal)."""
    r = hand.rules
    if not r.has("mazo"):  # the catalogue's clause of the mazo: the rule this ruleset lacks
        raise Illegal(NO_MAZO_CLAUSE, f"the {r.ruleset} ruleset has no going to the mazo")
    clause = r.clause("mazo")
    if hand.phase not in (PLAY, TRUCO):
        raise Illegal(clause, "the mazo is taken on a turn to play or as the answer to a truco call: "
                              "answer the pending call first")
    if hand.phase == PLAY and not isinstance(hand.result, Undecided):
        raise Illegal(clause, "the hand is already decided: nobody may go to the mazo (AMB-4)")
    check_flor_first(hand, seat, "goes to the mazo")


def mazo_points(hand: Hand) -> int:
    """What the opponents of a seat going to the mazo score (ARG-9, URU-10; AMB-57 turn-or-answer,
    the register's one reading): what refusing the pending truco call pays (BET-4), else what the
    hand is worth; AMB-52 `envido-point`: one point more in the first round (no round played)
    before any envido or flor was sung, where envido is played."""
    r = hand.rules
    points = int(lad.run_payout(r, hand.truco.call)) if hand.phase == TRUCO else hand.value
    sung = hand.contest_done or bool(hand.envido.chain)
    if r.reading("mazo-first-round") == "envido-point" and r.has("envido") and not hand.rounds and not sung:
        points += 1
    return points


def change_mazo(hand: Hand, seat: int, action: Action) -> None:
    points = mazo_points(hand)
    hand.truco.pending = False
    hand.finish(1 - side(seat), points, hand.rules.clause("mazo"))


def check_ten(hand: Hand, seat: int, action: Action) -> None:
    need_phase(
        hand, TEN_CHOICE, clause=hand.rules.clause_or("hand_of_ten", "choice", "TEN-5"), what=action.verb
    )


def change_ten(hand: Hand, seat: int, action: Action) -> None:
    if action.verb == "ten-play":
        hand.phase = PLAY  # TEN-2: "Il valore della mano sarà di quattro punti"
        return
    # TEN-6: "se la coppia scegli di non giocare, la coppia avversaria guadagnerà due punti."
    # PAU-8: what a refused mão de onze pays is the file's decline_payout, which AMB-44
    # eleven-decline sets (one-point, three-points).
    data = hand.rules.data["hand_of_ten"]
    hand.finish(
        1 - hand.ten_side,
        int(data["decline_payout"]),
        hand.rules.clause_or("hand_of_ten", "decline", "TEN-6"),
    )
