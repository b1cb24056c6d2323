"""The flor exchange: singing, the partner's raise, the opponents' answers, contraflor and contraflor al resto
(FLR-1, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8, ARG-8, URU-6; AMB-24, AMB-26, AMB-27, AMB-29, AMB-31,
AMB-34, AMB-55).

Who answers, in which order, and whose flors are compared is AMB-40 `flor-answers` (in-turn): each
opponent holding flor in the order of play after the singer; a contraflor closes those answers and
the singer answers it; the contraflor's singer answers a contraflor al resto."""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.spec.rules import envido as env
from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.match import falta_of, side, target
from truco_rules.spec.rules.procedure.parts import ENVIDO, FLOR, EnvidoState, FlorState, Illegal
from truco_rules.spec.rules.procedure.tanto_window import flor_goes_first, late_flor, window_open

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand

# The catalogue's clause for each flor rule: cited where the ruleset's file names none of its own
# (and for a flor action in a ruleset without flor).
_CATALOGUE = {
    "sing": "FLR-1",
    "stake": "FLR-2",
    "partner": "FLR-3",
    "answers": "FLR-4",
    "accept": "FLR-5",
    "contraflor": "FLR-6",
    "resto": "FLR-7",
    "achico": "FLR-8",
}


def clause(hand: Hand, role: str) -> str:
    return hand.rules.clause_or("flor", role, _CATALOGUE[role])


def check_sing(hand: Hand, seat: int, action: Action) -> None:
    r = hand.rules
    if not r.has("flor"):
        raise Illegal("FLR-1", "there is no flor in this ruleset")
    sing = clause(hand, "sing")
    if not hand.seat_flor(seat):
        raise Illegal(sing, f"seat {seat} does not hold flor")
    if (
        hand.phase == ENVIDO
        and seat == hand.envido.responder
        and r.reading("flor-over-envido") == "flor-replaces-envido"
    ):
        if not late_flor(hand, seat):
            raise Illegal(sing, f"seat {seat} has played a card: flor is sung before it (AMB-53)")
        return  # AMB-31: the flor replaces the pending envido
    if flor_goes_first(hand, seat):
        return  # AMB-29: sung as the envido that goes first (AMB-53: within the flor's window)
    if not window_open(hand, seat):
        raise Illegal(sing, "flor is sung before playing any card, in the side-bet window (AMB-23)")


def change_sing(hand: Hand, seat: int, action: Action) -> None:
    r, n = hand.rules, hand.rules.players
    if hand.phase == ENVIDO:
        hand.envido = EnvidoState()  # AMB-31: the envido is dropped; nobody scores for it
    hand.phase = FLOR
    hand.flor = FlorState(singer=seat, stake=env.flor_stake(r))
    partners = [(seat + k) % n for k in range(2, n, 2)]
    partner = next((p for p in partners if hand.seat_flor(p)), None)
    if partner is not None and env.flor_partner_raise(r) is not None:
        hand.flor.stage, hand.flor.actor = "partner", partner  # FLR-3
    else:
        to_opponents(hand)


def to_opponents(hand: Hand) -> None:
    # AMB-40 in-turn: the opponents holding flor answer in the order of play after the singer.
    singer, n = hand.flor.singer, hand.rules.players
    answerers = [o for o in ((singer + k) % n for k in range(1, n, 2)) if hand.seat_flor(o)]
    if not answerers:
        # FLR-2: "slo puede ser aumentada si el oponente o el compaero tambin posee FLOR".
        hand.award("flor", side(singer), hand.flor.stake, clause(hand, "stake"))
        return
    hand.flor.stage, hand.flor.answerers, hand.flor.actor = "opponents", answerers, answerers[0]


def check_partner(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase != FLOR or hand.flor.stage != "partner":
        raise Illegal(
            clause(hand, "partner"), "only the singer's partner holding flor answers flor-raise or flor-pass"
        )


def change_partner(hand: Hand, seat: int, action: Action) -> None:
    if action.verb == "flor-raise":
        hand.flor.stake = int(env.flor_partner_raise(hand.rules))  # type: ignore[arg-type]
    to_opponents(hand)


def check_contraflor(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase != FLOR or hand.flor.stage != "opponents":
        raise Illegal(clause(hand, "contraflor"), "contraflor answers a flor, by an opponent holding flor")


def change_contraflor(hand: Hand, seat: int, action: Action) -> None:
    f = hand.flor
    # FLR-6: "CONTRAFLOR: dobla la puntuacin actual de FLOR" (AMB-34 contraflor-stake); the other
    # opponents do not answer and the singer answers it (AMB-40 in-turn).
    f.stage, f.before, f.pending, f.contra, f.actor = (
        "contraflor",
        f.stake,
        env.contraflor_called(hand.rules, f.stake),
        seat,
        f.singer,
    )


def check_resto(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase != FLOR or hand.flor.stage != "contraflor":
        raise Illegal(clause(hand, "contraflor"), "contraflor-resto answers a contraflor, by the singer")


def change_resto(hand: Hand, seat: int, action: Action) -> None:
    f = hand.flor
    # FLR-7: the contraflor's singer answers (AMB-40 in-turn).
    f.stage, f.before, f.pending, f.actor = "resto", int(f.pending), None, int(f.contra)  # type: ignore[arg-type]


def check_answer(hand: Hand, seat: int, action: Action) -> None:
    if hand.flor.stage not in ("opponents", "contraflor", "resto"):
        raise Illegal(clause(hand, "partner"), "the singer's partner answers flor-raise or flor-pass")


def answer(hand: Hand, seat: int, verb: str) -> None:
    r, f = hand.rules, hand.flor
    singer = f.singer
    reading = r.readings["flor-refusal"]
    if f.stage == "opponents":
        if verb == "accept":
            f.accepted.append(seat)
        rest = f.answerers[f.answerers.index(seat) + 1 :]
        if rest:
            f.actor = rest[0]
            return
        if f.accepted:
            compare(hand, env.flor_accepted_stake(r, len(f.accepted)), clause(hand, "accept"))
        else:  # FLR-8: every opponent said me achico: the singer's side scores the stake in force
            hand.award("flor", side(singer), env.flor_achico_payout(r, f.stake), clause(hand, "achico"))
        return
    if f.stage == "contraflor":
        pending = int(f.pending)  # type: ignore[arg-type]
        if verb == "accept":
            compare(hand, pending, clause(hand, "contraflor"))
        else:
            assert f.contra is not None, "a contraflor has the seat that sang it"
            hand.award(
                "flor",
                side(f.contra),
                env.flor_refused_payout(f.before, pending, reading),
                clause(hand, "achico"),
            )
        return
    # stage resto: FLR-7 "slo pueden escoger QUIERO o ME ACHICO"
    if verb == "accept":
        compare(hand, None, clause(hand, "resto"))
    else:
        called = resto_stake(hand, side(singer))
        hand.award(
            "flor", side(singer), env.flor_refused_payout(f.before, called, reading), clause(hand, "achico")
        )


def in_contest(hand: Hand, seat: int) -> bool:
    """AMB-40 in-turn: the flors compared are the singer's side's and those of the opponents who
    accepted (or sang contraflor)."""
    f = hand.flor
    answered = set(f.accepted) | ({f.contra} if f.contra is not None else set())
    return bool(hand.seat_flor(seat)) and (side(seat) == side(f.singer) or seat in answered)


def resto_stake(hand: Hand, winner: int) -> int:
    """What contraflor al resto stakes, AMB-55 `contraflor-resto`: the falta (`falta`; FLR-6 "los puntos
    restantes para terminar una pardida") or, as the Rentas reglamento and Acanomas count it
    (`to-target-and-flores`), "la diferencia entre 30 y la anotación más alta de los dos bandos,
    además de los 3 tantos por cada flor cantada": the target less the higher score, and the flor's
    stake for each flor compared."""
    r = hand.rules
    if r.reading("contraflor-resto") == "to-target-and-flores":
        flores = sum(1 for s in range(r.players) if in_contest(hand, s))
        return target(r) - max(hand.score) + env.flor_stake(r) * flores
    return falta_of(r, hand.score, winner)


def compare(hand: Hand, stake: int | None, why: str) -> None:
    """The highest flor wins the stake (contraflor al resto's when stake is None); ties: the
    starter's side."""
    points = [hand.flor_points(s) if in_contest(hand, s) else -1 for s in range(hand.rules.players)]
    winner = int(env.contest_winner(points, hand.starter))
    hand.award("flor", winner, resto_stake(hand, winner) if stake is None else stake, why)
