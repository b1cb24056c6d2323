"""Planted bugs that random play rarely meets: each shows only at an edge (two particular cards in
one round, a pair of figures, the target reached by one particular way of scoring). The situations
of `truco check` (truco_rules.spec.situations) reach every one of them by construction.

`EDGE_PLANTED`: factory -> (ruleset, the clause `truco check` must headline); `FAMILY`: the family
of the situations that catch it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from tests.planted.engines import _adapter
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.engine.game import Game
from truco_rules.engine.phases import TRUCO


# --- CARD-2: the 7 of diamonds outranks the ace of spades (the two weakest manilhas swapped) --------
def seven_over_ace() -> ReferenceAdapter:
    from truco_rules.engine.config import make_config

    deck = make_config("mineiro-1v1-es").deck
    strength = list(deck.strength)
    seven, ace = deck.names.index("7D"), deck.names.index("AS")
    strength[seven], strength[ace] = strength[ace], strength[seven]
    return _adapter(deck=dataclasses.replace(deck, strength=tuple(strength)))()


# --- ENV-4 (ENV-7): a pair of figures counts one of them as 10 (figures count 0) --------------
class _FiguresCount(Game):
    def _prepare_contests(self) -> None:
        super()._prepare_contests()
        h, deck = self.hand, self._cfg.deck
        points = list(h.env_pts)
        for seat, cards in enumerate(h.deal):
            figures = [c for c in cards if deck.envido[c] == 0]
            if any(deck.suit[a] == deck.suit[b] for i, a in enumerate(figures) for b in figures[i + 1:]):
                points[seat] += 10
        h.env_pts = tuple(points)


def figures_envido() -> ReferenceAdapter:
    return _adapter(_FiguresCount)()


# --- ARG-7: envido points that reach the target do not end the match in the middle of the hand -------
class _EnvidoPastTarget(Game):
    def _award(self, contest: str, side: int, points: int) -> bool:
        h = self.hand
        h.side_pts = (*h.side_pts, (contest, side, points))
        s = list(self._scores)
        s[side] += points
        self._scores = (s[0], s[1])
        return False  # the partida should end here when s[side] reaches the target


def envido_past_target() -> ReferenceAdapter:
    return _adapter(_EnvidoPastTarget)()


# --- ARG-7: a refused envido whose point reaches the target does not end the match (one call short) --
class _EnvidoRefusalPastTarget(Game):
    refusing = False

    def _contest_run(self) -> None:
        self.refusing = True
        try:
            super()._contest_run()
        finally:
            self.refusing = False

    def _award(self, contest: str, side: int, points: int) -> bool:
        if self.refusing and contest == "envido" and self._scores[side] + points >= self._cfg.target:
            h = self.hand
            h.side_pts = (*h.side_pts, (contest, side, points))
            s = list(self._scores)
            s[side] += points
            self._scores = (s[0], s[1])
            return False  # the partida should end here
        return super()._award(contest, side, points)


def envido_refusal_past_target() -> ReferenceAdapter:
    return _adapter(_EnvidoRefusalPastTarget)()


# --- MAT-1: a truco refused whose points reach the target does not end the match ----------------------
class _RunPastTarget(Game):
    def _do_run(self, action: object) -> None:
        h = self.hand
        if h.phase == TRUCO:
            winner, points = h.call_by & 1, self._cfg.refused[h.ladder_i + 1]
            s = list(self._scores)
            if s[winner] + points >= self._cfg.target:  # plays on to the next hand instead
                s[winner] += points
                self._scores = (s[0], s[1])
                self._close_hand(winner, points)
                self._next_hand()
                return
        super()._do_run(action)  # type: ignore[arg-type]


def run_past_target() -> ReferenceAdapter:
    return _adapter(_RunPastTarget)()


EDGE_PLANTED: dict[Callable[[], ReferenceAdapter], tuple[str, str]] = {
    seven_over_ace: ("mineiro-1v1-es", "CARD-2"),
    # The record shows who won the envido, not the points each seat counted: the clause that decides
    # who wins it is the one named.
    figures_envido: ("argentino-1v1", "ENV-4"),
    envido_past_target: ("argentino-1v1", "ARG-7"),
    run_past_target: ("mineiro-1v1-es", "MAT-1"),
    envido_refusal_past_target: ("argentino-1v1", "ARG-7"),
}
FAMILY = {seven_over_ace: "cards", figures_envido: "contest", envido_past_target: "target",
          run_past_target: "target", envido_refusal_past_target: "target"}


# --- an engine that takes stacked deals but cannot start from a set position ---------------------------
class _NoPosition(ReferenceAdapter):
    sets_position = False


def no_positions() -> ReferenceAdapter:
    return _NoPosition()
