"""The envido (ENV-1 to ENV-6): each seat's points, the chain of calls, its answers, what it pays
when accepted or refused, and why an envido call is refused.

Functions of the match's Config and the HandState; points are returned as an Award for the game
to score. The calls, their stakes and the clause of each rule come from the ruleset file.
"""

from __future__ import annotations

from collections.abc import Sequence

from truco_rules.engine import actions as A
from truco_rules.engine.actions import Action
from truco_rules.engine.config import Config
from truco_rules.engine.hand import HandState
from truco_rules.engine.phases import ENVIDO, PLAY, TRUCO
from truco_rules.engine.reading_notes import reading_note
from truco_rules.engine.tanto import envido_points
from truco_rules.engine.tanto_window import (
    Award,
    best_side,
    falta,
    first_reason,
    flor_answers_envido,
    holds_flor,
    window_reason,
)

ENVIDO_CLAUSE = "ENV-1"  # cited where a ruleset has no envido section: the rule the call belongs to
REFUSED_FIRST_CALL = 1  # AMB-20 classic: refusing the first call of a chain pays 1


def prepare(cfg: Config, h: HandState) -> None:
    """Each seat's envido points, with the hand's piezas where there is a muestra."""
    if cfg.envido is not None:
        deck = cfg.deck
        h.env_pts = tuple(envido_points(d, deck, cfg.envido_sum_without_pair, h.pieza, cfg.envido_all_three)
                          for d in h.deal)
    else:
        h.env_pts = (0,) * cfg.n


def _raises(cfg: Config, h: HandState) -> tuple[Action, ...]:
    """ENV-5, ENV-6: the calls that may answer the last one (its `then`, which the readings of AMB-56
    envido-order set), each at most `times`."""
    envido = cfg.envido
    assert envido is not None
    seat = h.to_act
    assert seat is not None, "an envido is answered by a seat"
    if cfg.flor_replaces_envido and holds_flor(h, seat):  # AMB-31: it sings flor instead
        return ()
    chain = h.env_chain
    return tuple(A.BY_CALL[c] for c in envido.calls[chain[-1]].then if chain.count(c) < envido.calls[c].times)


def answers(cfg: Config, h: HandState) -> tuple[Action, ...]:
    """The legal answers to a pending envido call."""
    out = (A.ACCEPT, A.RUN, *_raises(cfg, h))
    seat = h.to_act
    if seat is not None and flor_answers_envido(cfg, h, seat):
        out = (*out, A.FLOR)  # AMB-31 flor-replaces-envido (AMB-53: within the flor's window)
    return out


def call(cfg: Config, h: HandState, kind: str) -> None:
    """An envido call: it opens the hand's contest, or answers the last call of the chain."""
    seat = h.to_act
    assert seat is not None
    if h.phase in (PLAY, TRUCO):  # AMB-23: opens the hand's one contest (AMB-29: before the truco)
        if h.phase == TRUCO:
            h.truco_paused = seat
        h.contest_done = True
        h.env_chain = (kind,)
        h.phase = ENVIDO
        h.to_act = (seat + 1) % cfg.n  # AMB-16: the next opponent answers
    else:  # ENV-5, ENV-6: answered by a later call; its caller answers next (AMB-16)
        h.env_chain = (*h.env_chain, kind)
        h.to_act = h.env_caller
    h.env_caller = seat


def _chain_stake(cfg: Config, chain: Sequence[str], scores: tuple[int, int], side: int) -> int:
    """The sum of the chain's stakes (ENV-5); where a call stakes the falta (ENV-6), the falta
    alone (AMB-20 classic) or added to the other calls' stakes (falta-added)."""
    calls = cfg.envido.calls  # type: ignore[union-attr]
    fixed = sum(calls[c].stake or 0 for c in chain)
    if any(calls[c].stake is None for c in chain):
        return falta(cfg, scores, side) + (fixed if cfg.falta_added else 0)
    return fixed


def accept(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award:
    winner = best_side(h, h.env_pts, range(cfg.n))  # ENV-4
    return "envido", winner, _chain_stake(cfg, h.env_chain, scores, winner)


def run(cfg: Config, h: HandState, scores: tuple[int, int]) -> Award:
    """The last caller's side scores the chain before the refused call (AMB-54: or one more)."""
    side = h.env_caller & 1
    before = h.env_chain[:-1]
    if not before:
        return "envido", side, REFUSED_FIRST_CALL
    return "envido", side, _chain_stake(cfg, before, scores, side) + cfg.envido_refusal_one


def why_illegal(cfg: Config, h: HandState, kind: str, seat: int) -> tuple[str, str] | None:
    """The clause and reason an envido call `kind` is refused, or None to let the game explain."""
    envido = cfg.envido
    family = cfg.ruleset.family
    if envido is None:
        return ENVIDO_CLAUSE, f"there is no envido in {family}{reading_note(cfg, 'envido')}"
    if kind not in envido.calls:
        return envido.contest, f"there is no {kind} in {family}"
    flor = cfg.flor
    phase = h.phase
    replaces = cfg.flor_replaces_envido and flor is not None and holds_flor(h, seat)
    if replaces and flor is not None and phase in (PLAY, TRUCO, ENVIDO):
        return flor.sing, (f"flor-over-envido=flor-replaces-envido (AMB-31): seat {seat} holds flor "
                           "and sings it instead of envido")
    if phase == ENVIDO:
        return envido.chain, f"after {', '.join(h.env_chain)} the chain cannot go back to {kind}"
    if phase == PLAY:
        return envido.window, window_reason(h)
    if phase == TRUCO:
        return envido.window, first_reason(cfg, h, seat)
    return None


def pending_reason(cfg: Config) -> tuple[str, str]:
    assert cfg.envido is not None
    return cfg.envido.chain, "an envido call is pending: answer it first"
