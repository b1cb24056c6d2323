#!/usr/bin/env python3
"""The reference engine of truco-rules as an engine process, written with the Python helper.

An example of what an engine author writes: one class with the protocol's commands as methods,
and `serve(...)`. The helper reads and checks the requests, writes the replies, announces the
features these methods show (deals, position, observation, undo) and turns the engine's own
refusal exceptions into the protocol's `refused` reply. Check it with:

    truco check --engine-cmd "python examples/py-reference/reference_engine.py" --ruleset mineiro-1v1-es
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.engine.errors import IllegalActionError, InvalidActionError
from truco_rules.engine.game import Game
from truco_rules.protocol import serve


class ReferenceEngine:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.before: list[Game] = []  # the game before each action, for undo

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: Sequence[Mapping[str, Any]] | None = None, scores: Sequence[int] | None = None,
                 dealer: int | None = None) -> None:
        stacked = [d["hands"] for d in deals or ()]
        muestras = [d["muestra"] for d in deals or () if d["muestra"] is not None]
        self.game = Game.new(ruleset, seed=seed, readings=readings, deals=stacked or None,
                             muestras=muestras or None,
                             scores=None if scores is None else (scores[0], scores[1]), dealer=dealer)
        self.before = []

    @property
    def current(self) -> Game:
        assert self.game is not None  # the helper sends nothing else before new_game
        return self.game

    def to_act(self) -> int | None:
        return self.current.to_act

    def legal(self) -> list[str]:
        return [a.text for a in self.current.legal_actions()]

    def apply(self, action: str) -> None:
        before = self.current.copy()
        self.current.push(action)  # IllegalActionError here leaves the game as it was
        self.before.append(before)

    def undo(self) -> None:
        self.game = self.before.pop()

    def deal(self) -> dict[str, Any]:
        return {"hands": self.current.deal(), "muestra": self.current.muestra()}

    def record(self) -> dict[str, Any]:
        return self.current.record()

    def observation(self, seat: int) -> dict[str, Any]:
        return self.current.observation(seat)


if __name__ == "__main__":
    serve(ReferenceEngine(), name="reference-with-helper", version="1",
          refusals=(IllegalActionError, InvalidActionError))
