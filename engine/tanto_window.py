"""What the envido and the flor share: when they may be opened (AMB-23, AMB-29), the opening calls
of a seat, who wins equal points (AMB-24) and the falta (ENV-6, FLR-7).

Functions of the match's Config and the HandState, like engine/envido.py and engine/flor.py, which
build on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.hand import HandState
from truco_rules.engine.phases import PLAY, TRUCO

Award = tuple[str, int, int]  # what a contest scores: (contest, side, points), for the game to add


def window_open(h: HandState) -> bool:
    """AMB-23 first-card-turn: first round, before playing, no truco called, no contest yet."""
    return h.phase == PLAY and not h.rounds and not h.truco_called and not h.contest_done


def answers_first_truco(h: HandState) -> bool:
    """AMB-29 envido-first: the seat to act answers the hand's first truco call, in the first
    round, with no contest yet."""
    return h.phase == TRUCO and h.ladder_i == 0 and not h.rounds and not h.contest_done


def may_go_first(h: HandState, seat: int) -> bool:
    """AMB-29 envido-first: the seat answering the hand's first truco call, in the first round,
    before it has played a card, with no contest yet, may open the envido (or sing flor)."""
    return answers_first_truco(h) and len(h.left[seat]) == 3


def flor_in_window(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-53 flor-window: before the seat's first card (before-first-card), or while the first
    round lasts (first-round: "antes de acabar la primera baza")."""
    return cfg.flor_first_round or len(h.left[seat]) == 3


def flor_goes_first(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-29 envido-first for the flor, within the flor's window (AMB-53)."""
    return answers_first_truco(h) and flor_in_window(cfg, h, seat)


def holds_flor(h: HandState, seat: int) -> bool:
    return h.flor_pts[seat] is not None


def flor_answers_envido(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-31 flor-replaces-envido: the seat answering an envido sings flor instead, if it holds
    one; AMB-53 before-first-card: only while it has not played a card."""
    return cfg.flor_replaces_envido and cfg.flor is not None and holds_flor(h, seat) \
        and flor_in_window(cfg, h, seat)


def open_calls(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """The calls that open the hand's contest: the envido's, unless the seat's flor replaces them
    (AMB-31), and the flor where the seat holds one."""
    flor = cfg.flor is not None and holds_flor(h, seat)
    if cfg.envido is not None and not (flor and cfg.flor_replaces_envido):  # AMB-31
        out.extend(cfg.envido_openings)  # ENV-3: even without a pair
    if flor:
        out.append(A.FLOR)  # FLR-1


def truco_openings(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """AMB-29 envido-first: the contest moves of the seat that must answer a truco call."""
    if not cfg.envido_first:
        return
    if may_go_first(h, seat):
        open_calls(cfg, h, seat, out)
    elif cfg.flor is not None and holds_flor(h, seat) and flor_goes_first(cfg, h, seat):
        out.append(A.FLOR)  # AMB-53 first-round: after the seat's card, the flor alone


def window_reason(h: HandState) -> str:
    if h.contest_done:
        why = "there has already been an envido or flor contest in this hand"
    elif h.truco_called:
        why = "truco has been called in this hand"
    else:
        why = "it is past the first round"
    return f"side-bet-window=first-card-turn (AMB-23): {why}"


def first_reason(cfg: Config, h: HandState, seat: int) -> str:
    """Why a seat answering a truco call may not open the envido or the flor now (AMB-29)."""
    if not cfg.envido_first:
        return "envido-first=truco-closes-envido (AMB-29): answer the truco call first"
    if h.ladder_i != 0:
        why = "only the hand's first truco call can wait for the envido"
    elif h.contest_done:
        why = "there has already been an envido or flor contest in this hand"
    elif h.rounds:
        why = "it is past the first round"
    else:
        why = f"seat {seat} has already played a card"
    return f"envido-first=envido-first (AMB-29): {why}"


def falta(cfg: Config, scores: tuple[int, int], side: int) -> int:
    """The points still missing (ENV-6, FLR-7): counted from the higher score (AMB-22
    leader-lacks), the winner's, or the lower score (trailer-lacks); to the target, or to the
    first half while that score is still in the malas (AMB-30 to-buenas)."""
    base = max(scores) if cfg.falta_leader else min(scores) if cfg.falta_trailer else scores[side]
    goal = cfg.target
    if cfg.halves is not None and cfg.falta_to_buenas and base < cfg.halves:
        goal = cfg.halves
    return goal - base


def best_side(h: HandState, points: Sequence[int | None], seats: Sequence[int]) -> int:
    """The side holding the highest points among `seats`; equal points: the starter's side
    (AMB-24 starter-side)."""
    best = max(points[s] for s in seats)  # type: ignore[type-var]
    sides = {s & 1 for s in seats if points[s] == best}
    return sides.pop() if len(sides) == 1 else h.starter & 1
