"""The truco (BET-1 to BET-10, the ladder of the ruleset file): the calls a seat may make, a call
or raise, its acceptance and its refusal. Methods of Game (engine/game.py assigns them), so that a
subclass may override each one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.engine.actions import Action
from truco_rules.engine.hand import IRON
from truco_rules.engine.phases import PLAY, TRUCO

if TYPE_CHECKING:
    from truco_rules.engine.game import Game


def calls(game: Game, seat: int, out: list[Action]) -> None:
    """The truco calls `seat` may make now (its turn to play, nothing pending), by value."""
    h = game.hand
    cfg = game._cfg
    if h.no_truco and cfg.ten_call != "next-step" and h.ladder_i != 0 and h.decided is None \
            and cfg.ten_truco != "refused" and not (h.kind == IRON and cfg.iron_ordinary):
        out.append(cfg.raises[1])  # AMB-37: truco by its name asks for truco, at any point
    if game._can_call(seat):  # BET-1
        out.append(cfg.raises[h.ladder_i + 1])


def capped(game: Game, seat: int, value: int) -> bool:
    """AMB-43 raise-cap, `capped` (PAU-6, PAU-10): no call or raise once the hand is worth `value`
    (before the call) and that is already what the side of `seat` lacks to reach the target.
    AMB-60 raise-cap-trailing, `trailing-need`: nor once `value` (the stake the call raises) is
    already what the side with the lower score lacks."""
    cfg = game._cfg
    scores = game._scores
    if cfg.raise_capped and value >= cfg.target - scores[seat & 1]:
        return True
    return cfg.raise_trailing and value >= cfg.target - min(scores)


def can_call(game: Game, seat: int) -> bool:
    """May `seat` call the next truco step now (its turn to play, nothing pending)?"""
    h = game.hand
    cfg = game._cfg
    if h.decided is not None:
        return False  # AMB-4 always-three-rounds: nothing left to bet on once decided
    nxt = h.ladder_i + 1
    if nxt >= len(cfg.ladder):
        return False  # the top clause: the top of the ladder
    if h.no_truco and cfg.asks_for_truco(cfg.ladder[nxt]):  # TEN-3, IRN-3, AMB-37 ten-call
        # AMB-9; AMB-61 ordinary-no-truco: the call is refused there, never punished
        return cfg.ten_truco != "refused" and not (h.kind == IRON and cfg.iron_ordinary)
    if cfg.raise_caps and capped(game, seat, h.value):  # AMB-43 capped, AMB-60 trailing-need
        return False
    return h.last_call_side != seat & 1 or not cfg.other_side_next  # BET-10


def do_raise(game: Game, action: Action) -> None:
    cfg = game._cfg
    h = game.hand
    t = h.to_act
    assert t is not None
    if h.phase == PLAY:
        if h.no_truco and cfg.asks_for_truco(action.arg):  # type: ignore[arg-type]  # TEN-3 with AMB-9 caller-loses-match / -hand
            if cfg.ten_truco == "caller-loses-match":
                game._finish_hand(1 - (t & 1), 0, forfeit=t & 1)  # TEN-4
            else:
                game._finish_hand(1 - (t & 1), h.value)
            return
        h.truco_called = True
        h.call_by = t
        h.last_call_side = t & 1  # BET-10
        h.phase = TRUCO
        h.to_act = (t + 1) % cfg.n  # AMB-16: the next opponent after the caller answers
        return
    # BET-5: a raise accepts the pending call and passes the decision back to its caller
    h.ladder_i += 1
    h.value = cfg.ladder[h.ladder_i]
    h.to_act = h.call_by
    h.call_by = t
    h.last_call_side = t & 1


def do_accept(game: Game, action: Action) -> None:
    """An accept answers the truco call pending, or else the contest call pending."""
    h = game.hand
    if h.phase == TRUCO:  # BET-3: the hand is worth the value called
        h.ladder_i += 1
        h.value = game._cfg.ladder[h.ladder_i]
        h.phase = PLAY
        h.to_act = h.turn  # the seat whose turn it was to play continues
        return
    game._contest_accept()


def do_run(game: Game, action: Action) -> None:
    """A run refuses the truco call pending, or else the contest call pending."""
    h = game.hand
    if h.phase == TRUCO:  # BET-4: the caller's side wins what the file says a refusal pays
        game._finish_hand(h.call_by & 1, game._cfg.refused[h.ladder_i + 1])
        return
    game._contest_run()


def mazo_points(game: Game) -> int:
    """ARG-9, URU-10 (AMB-57 turn-or-answer, the register's one reading): what the opponents of a
    seat that goes to the mazo now score: what refusing the pending truco call pays (BET-4), else
    the hand's value; AMB-52 envido-point: one point more in the first round before any envido or
    flor was sung, where envido is played."""
    h = game.hand
    cfg = game._cfg
    points = cfg.refused[h.ladder_i + 1] if h.phase == TRUCO else h.value
    if cfg.mazo_envido_point and cfg.envido is not None and not h.rounds and not h.contest_done:
        points += 1
    return points


def do_mazo(game: Game, action: Action) -> None:
    """ARG-9, URU-10: the seat to act gives up the hand; the other side scores mazo_points."""
    t = game.hand.to_act
    assert t is not None
    game._finish_hand(1 - (t & 1), mazo_points(game))
