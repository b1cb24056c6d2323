"""The side contests, envido (engine/envido.py), flor (engine/flor.py) and señas (engine/senas.py):
which of them a phase or an action belongs to, and the game's handlers of their actions, which
score what a contest awards (scoring is the game's: it may end the partida).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from truco_rules.engine import envido as E
from truco_rules.engine import flor as F
from truco_rules.engine import senas as S
from truco_rules.engine.actions import ENVIDO_CALLS, FLOR_RAISE, Action
from truco_rules.engine.config import Config
from truco_rules.engine.hand import NO_SEAT, HandState
from truco_rules.engine.phases import ENVIDO, PLAY, TRUCO
from truco_rules.engine.tanto_window import Award, open_calls, window_open

if TYPE_CHECKING:
    from truco_rules.engine.game import Game


def prepare(cfg: Config, h: HandState) -> None:
    """Each seat's envido and flor points, and the señas it may make (which depend on them)."""
    E.prepare(cfg, h)
    F.prepare(cfg, h)
    if cfg.senas:
        S.prepare(cfg, h)


def openings(cfg: Config, h: HandState, seat: int, out: list[Action]) -> None:
    """The contest moves of `seat` on its turn to play."""
    if window_open(h):
        open_calls(cfg, h, seat, out)
    if cfg.senas:
        S.openings(cfg, h, seat, out)


def answers(cfg: Config, h: HandState) -> tuple[Action, ...]:
    """The legal answers in a contest phase."""
    if h.phase == ENVIDO:
        return E.answers(cfg, h)
    return F.answers(h.phase)


def why_illegal(cfg: Config, h: HandState, action: Action) -> tuple[str, str] | None:
    """The clause and reason a contest move is refused, or None to let the game explain."""
    kind = action.kind
    seat = h.to_act
    assert seat is not None
    if kind == "sign":
        return S.why_illegal(cfg, h, action.arg, seat)
    if kind in ENVIDO_CALLS:
        return E.why_illegal(cfg, h, kind, seat)
    return F.why_illegal(cfg, h, kind, seat)


def pending_reason(cfg: Config, phase: int) -> tuple[str, str]:
    """Why nothing but an answer is legal while a contest call is pending."""
    if phase == ENVIDO:
        return E.pending_reason(cfg)
    return F.pending_reason(cfg, phase)


def resume(h: HandState) -> None:
    """After a contest the seat that opened it continues its turn; a truco call that waited for
    the envido (AMB-29) is answered now, by the seat that went first."""
    if h.truco_paused != NO_SEAT:
        h.phase = TRUCO
        h.to_act = h.truco_paused
        h.truco_paused = NO_SEAT
        return
    h.phase = PLAY
    h.to_act = h.turn


# ------------------------------------------------------------------ the game's handlers
# Methods of Game (engine/game.py assigns them), so that a subclass may override each one.


def prepare_contests(game: Game) -> None:
    prepare(game._cfg, game.hand)


def contest_openings(game: Game, seat: int, out: list[Action]) -> None:
    openings(game._cfg, game.hand, seat, out)


def must_sing_flor(game: Game, seat: int) -> bool:
    return F.must_sing(game._cfg, game.hand, seat)  # AMB-26 mandatory


def settle(game: Game, award: Award | None) -> None:
    """Score what a contest awards; unless that ended the partida, play goes on."""
    if award is not None and not game._award(*award):
        resume(game.hand)


def contest_accept(game: Game) -> None:
    cfg, h = game._cfg, game.hand
    game._settle(E.accept(cfg, h, game._scores) if h.phase == ENVIDO else F.accept(cfg, h, game._scores))


def contest_run(game: Game) -> None:
    cfg, h = game._cfg, game.hand
    game._settle(E.run(cfg, h, game._scores) if h.phase == ENVIDO else F.run(cfg, h, game._scores))


def do_envido(game: Game, action: Action) -> None:
    E.call(game._cfg, game.hand, action.kind)


def do_flor(game: Game, action: Action) -> None:
    game._settle(F.sing(game._cfg, game.hand))


def do_flor_partner(game: Game, action: Action) -> None:
    game._settle(F.partner_answer(game._cfg, game.hand, action is FLOR_RAISE))


def do_contraflor(game: Game, action: Action) -> None:
    F.contraflor(game._cfg, game.hand)


def do_contraflor_resto(game: Game, action: Action) -> None:
    F.contraflor_resto(game.hand)


def do_sign(game: Game, action: Action) -> None:
    S.make_sign(game.hand, str(action.arg))
