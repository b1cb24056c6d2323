"""The parts of a hand's state that the rule areas build and read: the phases, the refusal
(`Illegal`), the outcome, and one small record per rule area (`TrucoState`, `EnvidoState`,
`FlorState`). The hand itself, which holds them, is `hand.Hand`; the rule areas import these
from here, so that the hand may import the dispatch of actions to them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from truco_rules.spec.rules.actions import Action

if TYPE_CHECKING:
    from truco_rules.spec.rules.procedure.hand import Hand

# Phases: what the seat to act is doing.
TEN_CHOICE, PLAY, TRUCO, ENVIDO, FLOR, OVER = "ten-choice", "play", "truco", "envido", "flor", "over"


class Illegal(Exception):
    """An action the rules do not allow: the clause it breaks and what the clause requires."""

    def __init__(self, clause: str, requires: str) -> None:
        super().__init__(f"[{clause}] {requires}")
        self.clause, self.requires = clause, requires


@dataclass(slots=True)
class Outcome:
    """How a hand ended, with the clause that decided each part (for the monitor's reports)."""

    winner: int | None = None
    points: int = 0
    clause: str = "HND-3"
    forfeit: int | None = None
    side_points: list[tuple[str, int, int, str]] = field(default_factory=list)  # contest, side, pts, clause
    partida_ended: bool = False  # the partida ended on envido/flor points in the middle of the hand


@dataclass(slots=True)
class TrucoState:
    """The truco ladder in this hand (BET-1, BET-2, BET-3, BET-4, BET-5, BET-6, BET-7, BET-8, BET-9,
    BET-10)."""

    last_call_side: int | None = None  # side of the accepted call in force (BET-10)
    called: bool = False  # a truco call was made in this hand (AMB-23 closes the envido window)
    pending: bool = False  # a call waits for its answer (also while an envido goes first, AMB-29)
    call: int = 0  # the pending value
    caller: int = 0
    responder: int = 0


@dataclass(slots=True)
class EnvidoState:
    """The envido chain being answered (ENV-1, ENV-2, ENV-3, ENV-4, ENV-5, ENV-6)."""

    chain: list[tuple[str, int]] = field(default_factory=list)  # (call, seat)
    responder: int = 0


@dataclass(slots=True)
class FlorState:
    """The flor exchange (FLR-1, FLR-2, FLR-3, FLR-4, FLR-5, FLR-6, FLR-7, FLR-8)."""

    singer: int = 0
    stake: int = 0
    stage: str = ""  # partner | opponents | contraflor | resto
    actor: int = 0
    answerers: list[int] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    before: int = 0  # the stake before a pending contraflor / resto
    pending: int | None = None  # the stake called by a pending contraflor (None: the falta)
    contra: int | None = None  # the seat that sang contraflor


Check = Callable[["Hand", int, Action], None]
Change = Callable[["Hand", int, Action], None]
