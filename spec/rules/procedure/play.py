"""Playing and covering cards, and the end of a round (RND-1, RND-2, RND-3, COV-1, COV-2, IRN-2, HND-1, HND-2,
HND-3, HND-4, HND-5, HND-6, HND-7, HND-8, HND-9, HND-10, AMB-4, AMB-5, AMB-6, AMB-7, AMB-8, AMB-14,
AMB-35)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from truco_rules.spec.rules.actions import Action
from truco_rules.spec.rules.cards import COVERED, dealt_strength
from truco_rules.spec.rules.hands import Decided, HandResult, NobodyScores, hand_over, hand_result
from truco_rules.spec.rules.match import side
from truco_rules.spec.rules.procedure.parts import PLAY, Illegal
from truco_rules.spec.rules.procedure.tanto_window import flor_goes_first, window_open
from truco_rules.spec.rules.rounds import TIE, next_leader, round_result
from truco_rules.spec.rules.ruleset import Rules

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand


def need_phase(hand: Hand, *phases: str, clause: str, what: str) -> None:
    if hand.phase not in phases:
        raise Illegal(clause, f"{what} is not allowed now (pending: {hand.phase})")


# The clause that says who acts in a phase (for an action by the wrong seat).
_ACTOR_CLAUSES = {"ten-choice": "TEN-5", "truco": "BET-2", "envido": "ENV-1", "flor": "FLR-4"}


def actor_clause(phase: str) -> str:
    """The clause that says who acts in a phase (for an action by the wrong seat)."""
    return _ACTOR_CLAUSES.get(phase, "RND-1")


def card_slot(hand: Hand, seat: int, action: Action) -> int:
    """The slot (0-based) of the card an action plays, if the seat may play it."""
    if hand.blind:
        if action.card is not None:
            # IRN-2: the player cannot see the cards: a slot, never a card name.
            raise Illegal("IRN-2", "in the blind iron hand a card is chosen by slot (#1-#3), not named")
    else:
        if action.card is None:
            raise Illegal("IRN-2", "a card is chosen by slot only in a blind iron hand")
        if action.card not in hand.deal[seat]:  # DEAL-1, AMB-17 three-cards
            raise Illegal("DEAL-1", f"{action.card} was not dealt to seat {seat}")
    slot = played_slot(hand, seat, action)
    if slot in hand.used[seat]:
        raise Illegal("RND-1", f"seat {seat} already played the card in slot {slot + 1}")
    return slot


def played_slot(hand: Hand, seat: int, action: Action) -> int:
    """The slot (0-based) of the card of an action that card_slot allowed: by its number in the
    blind iron hand (IRN-2), else where the named card was dealt."""
    return int(action.slot) - 1 if hand.blind else hand.deal[seat].index(action.card)  # type: ignore[arg-type]


def check_cover(hand: Hand) -> None:
    if hand.rules.reading("covering") != "allowed":
        raise Illegal("COV-1", "cards may not be covered in this ruleset (AMB-7 covering)")
    if hand.rules.reading("cover-round") == "not-first-round" and not hand.rounds:
        # PAU-11 where the ruleset's file states the reading, else COV-1
        raise Illegal(hand.rules.reading_clause("cover-round") or "COV-1",
                      "no card may be covered in the first round (AMB-8 cover-round)")


def check_mandatory_flor(hand: Hand, seat: int) -> None:
    """AMB-26 `mandatory`: a seat holding flor sings it before its first card while it may."""
    if (
        hand.rules.reading("flor-optional") == "mandatory"
        and hand.seat_flor(seat)
        and window_open(hand, seat)
    ):
        raise Illegal(
            hand.rules.clause("flor", "sing"),
            f"seat {seat} holds flor and must sing it before playing (AMB-26)",
        )


def check_flor_first(hand: Hand, seat: int, what: str) -> None:
    """AMB-42 `flor-first`: where flor is mandatory (AMB-26), a seat that may still sing its flor
    (in the window of AMB-23, or as the envido that goes first, AMB-29) sings it before it calls,
    accepts or raises truco. Checked after every other rule of the call or answer."""
    r = hand.rules
    if (
        r.reading("flor-before-truco") == "flor-first"
        and r.reading("flor-optional") == "mandatory"
        and hand.seat_flor(seat)
        and (window_open(hand, seat) or flor_goes_first(hand, seat))
    ):
        raise Illegal(
            r.clause("flor", "sing"),
            f"seat {seat} holds flor and must sing it before it {what} (AMB-42 flor-first)",
        )


def check_play(hand: Hand, seat: int, action: Action) -> None:
    if hand.phase != PLAY:  # the clause of whoever acts now
        need_phase(hand, PLAY, clause=actor_clause(hand.phase), what=action.verb)
    card_slot(hand, seat, action)
    if action.verb == "cover":
        check_cover(hand)
    check_mandatory_flor(hand, seat)


def change_play(hand: Hand, seat: int, action: Action) -> None:
    slot = played_slot(hand, seat, action)
    covered = action.verb == "cover"
    hand.used[seat].add(slot)
    if covered and hand.rules.reading("covered-card") == "concedes-hand":
        # AMB-6 `concedes-hand` (COV-2): "Like the player is giving up disputing the hand."
        hand.finish(1 - side(seat), hand.value, "COV-2")
        return
    # AMB-35 `iron-cards` = `covered`: the cards of a blind iron hand lie face down, so each one is a
    # covered card, worth nothing (COV-1); it does not concede the hand as a `cover` might (AMB-6).
    worthless = covered or (hand.blind and hand.rules.reading("iron-cards") == "covered")
    hand.plays.append((seat, slot, worthless))
    n = hand.rules.players
    if len(hand.plays) < n:
        hand.turn = (seat + 1) % n  # RND-1 / ORD-1: in order from the leader
        return
    end_round(hand)


def round_strengths(hand: Hand, plays: list[tuple[int, int, bool]]) -> list[int]:
    r, cards, shown = hand.rules, hand.cards, hand.muestra_card
    return [COVERED if cov else dealt_strength(r, cards[s][slot], shown) for s, slot, cov in plays]


def end_round(hand: Hand) -> None:
    r = hand.rules
    plays = hand.plays
    seats = [s for s, _, _ in plays]
    strengths = tuple(round_strengths(hand, plays))
    # AMB-5: in one against one the partner-tie ambiguity does not arise: both readings agree.
    partner_tie = r.reading("partner-tie") or "tie"
    result = int(round_result(strengths, tuple([side(s) for s in seats]), partner_tie))
    hand.rounds.append(result)
    leader = next_leader(hand.leader, seats, strengths, result, r.readings["round-leader"])
    hand.leader = hand.turn = leader
    hand.past.append(plays)  # kept so a report can name the card rule that decided a round
    hand.plays = []
    dealer_side, starter_side = side(hand.dealer), side(hand.starter)
    res = hand.result = _hand_result(r, tuple(hand.rounds), dealer_side, starter_side)
    if len(hand.rounds) == 3 or hand_over(hand.rounds, r.readings, dealer_side, starter_side, res):
        if isinstance(res, Decided):
            all_tied = all(x == TIE for x in hand.rounds)
            hand.finish(res.winner, hand.value, all_tied_clause(hand) if all_tied else "HND-3")
        elif isinstance(res, NobodyScores):
            hand.finish(None, 0, "HND-9")


@functools.lru_cache(maxsize=4096)  # a few dozen round sequences per ruleset and seating
def _hand_result(rules: Rules, rounds: tuple[int, ...], dealer_side: int, starter_side: int) -> HandResult:
    """hand_result under the ruleset's readings (round results are codes 0, 1 and TIE, which it
    reads as they are)."""
    return hand_result(rounds, rules.readings, dealer_side, starter_side)


# The clauses of the four rulebooks that state a reading of AMB-1 `all-rounds-tied`.
_ALL_TIED = {"nobody-scores": "HND-9", "dealer-side-wins": "HND-10"}


def all_tied_clause(hand: Hand) -> str:
    """The clause of AMB-1's reading in force: HND-9, HND-10, the ruleset's own (its file names
    it, e.g. ARG-4), or the register entry itself."""
    reading = hand.rules.readings["all-rounds-tied"]
    return _ALL_TIED.get(reading) or hand.rules.reading_clause("all-rounds-tied") or "AMB-1"
