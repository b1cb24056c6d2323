"""The señas (SEN-1 to SEN-3): the signs a seat may make, when (AMB-39), which are true of its
hand (AMB-28), making one, and why a sign is refused. A seña scores nothing and passes no turn.
"""

from __future__ import annotations

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.features import CARDS_PER_SEAT, Sign
from truco_rules.engine.hand import HandState
from truco_rules.engine.phases import PLAY
from truco_rules.engine.tanto import is_ciego

SENAS_CLAUSE = "SEN-1"  # cited where a ruleset has no señas: the rule a sign belongs to


def prepare(cfg: Config, h: HandState) -> None:
    """What a seña states is fixed by the deal: the signs each seat may make, decided once per
    hand (AMB-28). Needs the hand's envido points (engine/envido.py prepares them first)."""
    truthful = cfg.senas_truthful
    h.sign_moves = tuple(tuple(A.SIGN[s.name] for s in cfg.senas if not truthful or sign_true(h, seat, s))
                         for seat in range(cfg.n))


def past_sign_time(cfg: Config, h: HandState, seat: int) -> bool:
    """AMB-39: a seña is made on any turn to play (any-turn), or only before the seat's first card
    of the hand (before-first-card)."""
    return cfg.senas_before_first and len(h.left[seat]) < CARDS_PER_SEAT


def sign_true(h: HandState, seat: int, sign: Sign) -> bool:
    """AMB-28 truthful: what a seña states about the signaller's dealt hand."""
    if sign.below is not None:
        return is_ciego(h.deal[seat], h.strength, sign.below)  # SEN-1
    low, high = sign.envido or (0, -1)
    return low <= h.env_pts[seat] <= high  # SEN-2, SEN-3


def openings(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """The signs `seat` may make on its turn to play: one seña per hand."""
    if not h.signed[seat] and not past_sign_time(cfg, h, seat):
        out.extend(h.sign_moves[seat])  # AMB-28: the true ones, under truthful


def make_sign(h: HandState, name: str) -> None:  # SEN-1, SEN-2, SEN-3: does not pass the turn
    seat = h.to_act
    assert seat is not None
    signed = h.signed
    h.signed = (*signed[:seat], True, *signed[seat + 1:])
    h.signs = (*h.signs, (seat, name))


def why_illegal(cfg: Config, h: HandState, arg: object, seat: int) -> tuple[str, str] | None:
    """The clause and reason the sign `arg` is refused, or None to let the game explain."""
    family = cfg.ruleset.family
    if not cfg.senas:
        return SENAS_CLAUSE, f"there are no señas in {family}"
    sign = next((s for s in cfg.senas if s.name == arg), None)
    if sign is None:
        return cfg.senas[0].clause, f"{family} has no seña {arg!r}"
    if h.phase != PLAY:
        return None
    if h.signed[seat]:
        return sign.clause, f"seat {seat} has already made its seña in this hand"
    if past_sign_time(cfg, h, seat):
        return sign.clause, (f"sena-timing=before-first-card (AMB-39): seat {seat} has already "
                             "played a card in this hand")
    return sign.clause, f"senas=truthful (AMB-28): '{arg}' is not true of seat {seat}'s hand"
