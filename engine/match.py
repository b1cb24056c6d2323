"""Scoring and the match's end (MAT-1 to MAT-3, AMB-19, AMB-25, TEN-4, IRN-4): a finished hand's
points, contest points now or at the end of the hand, the end of a partida and of the match.
Methods of Game (engine/game.py assigns them), so that a subclass may override each one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from truco_rules.engine.hand import IRON
from truco_rules.engine.phases import OVER
from truco_rules.engine.tricks import NOBODY

if TYPE_CHECKING:
    from truco_rules.engine.game import Game


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning side, the last partida's score and each partida's winner."""

    winner: int
    score: tuple[int, int]
    partidas: tuple[int, ...]
    forfeit: int | None = None  # TEN-4: the side that lost by calling in the hand of ten


def finish_hand(game: Game, winner: int, points: int, forfeit: int | None = None) -> None:
    """Score a finished hand (winner may be NOBODY), record it, and go on to the next hand."""
    cfg = game._cfg
    h = game.hand
    s = list(game._scores)
    pending = h.pending_pts
    if pending[0] or pending[1]:  # AMB-25 end-of-hand: contest points first, before the hand's own
        s[0] += pending[0]
        s[1] += pending[1]
        if cfg.score_capped:  # AMB-59 capped
            s = [min(x, cfg.target) for x in s]
        h.pending_pts = (0, 0)
        for side in (0, 1):
            if s[side] >= cfg.target:  # the target clause: the partida ends on those points
                game._scores = (s[0], s[1])
                game._close_hand(None, 0)
                game._end_partida(side)
                return
    if winner == NOBODY:
        game._scores = (s[0], s[1])
        game._close_hand(None, 0)  # HND-9: nobody scores, a new hand is dealt
        game._next_hand()
        return
    if forfeit is None:
        s[winner] += points
    if cfg.score_capped:  # AMB-59 capped: a score stops at the target
        s = [min(x, cfg.target) for x in s]
    game._scores = (s[0], s[1])
    game._close_hand(winner, points, forfeit)
    if forfeit is not None:  # TEN-4: the caller's side loses the match at once
        game._forfeit = forfeit
        game._end_match(1 - forfeit)
    elif s[winner] >= cfg.target:  # the target clause (MAT-1, MAT-3, ...)
        game._end_partida(winner)
    elif h.kind == IRON and cfg.iron is not None and cfg.iron.decides_match \
            and not cfg.iron_ordinary:  # IRN-4; AMB-61 ordinary-no-truco: no iron hand
        game._end_match(winner)
    else:
        game._next_hand()  # HND-11: hands follow one another until the match is decided


def end_partida(game: Game, winner: int) -> None:
    game._partidas = (*game._partidas, winner)
    if game._partidas.count(winner) >= game._cfg.partidas_to_win:  # the end clause (MAT-2, AMB-19)
        game._end_match(winner)
        return
    game._scores = (0, 0)  # AMB-19 best-of-three: scores restart for the next partida
    game._partida += 1
    game._next_hand()  # MAT-2: started by the seat that would start the next hand anyway


def end_match(game: Game, winner: int) -> None:
    if game._partidas.count(winner) < game._cfg.partidas_to_win:
        game._partidas = (*game._partidas, winner)  # TEN-4 or IRN-4 end the partida too
    game._winner = winner
    game.hand.phase = OVER
    game.hand.to_act = None


def award(game: Game, contest: str, side: int, points: int) -> bool:
    """Score contest points (AMB-25). True if that ended the partida, and with it the hand."""
    cfg = game._cfg
    h = game.hand
    h.side_pts = (*h.side_pts, (contest, side, points))
    if cfg.side_points_now:
        s = list(game._scores)
        s[side] += points
        if cfg.score_capped:  # AMB-59 capped: a score stops at the target
            s[side] = min(s[side], cfg.target)
        game._scores = (s[0], s[1])
        if s[side] >= cfg.target:  # the target clause: the partida ends, even mid-hand
            game._close_hand(None, 0)
            game._end_partida(side)
            return True
    else:
        p = list(h.pending_pts)
        p[side] += points
        h.pending_pts = (p[0], p[1])
    return False
