"""Where a check is, published cheaply for a supervisor in another process (shared memory).

A worker of `truco check` (truco_rules.spec.monitor.supervise) writes into its `Beacon` which unit of work,
game and step it is at, and which engine call is in progress since when; the parent reads the
same memory without asking the worker anything. A worker stuck in an engine call cannot answer,
so this is how the parent learns where the hang is before it kills the worker.

The clock is `time.monotonic()`, which on POSIX systems is one clock for every process.
Without shared memory (a check run directly in the caller's process) the beacon is a plain list.
"""

from __future__ import annotations

import time
from collections.abc import MutableSequence
from typing import Any

# The engine calls a beacon can name (index + 1 is the code written; 0 = no call in progress).
CALLS: tuple[str, ...] = ("start", "new_game", "to_act", "legal_actions", "apply", "deal", "record",
                          "observation", "muestra", "undo")
_CODES = {name: i + 1 for i, name in enumerate(CALLS)}
_UNIT, _GAME, _STEP, _CALL, _SINCE, _LIMIT, _CHILD, _SIZE = range(8)
_active: list[Beacon] = []


class Beacon:
    """Unit, game and step of a worker, the engine call in progress and when it started."""

    SIZE = _SIZE

    def __init__(self, memory: MutableSequence[float] | None = None) -> None:
        self.memory: MutableSequence[float] = memory if memory is not None else [0.0] * _SIZE

    @classmethod
    def shared(cls, context: Any) -> Beacon:
        """A beacon in shared memory, from a multiprocessing context (no lock: one writer)."""
        return cls(context.RawArray("d", _SIZE))

    # --- written by the worker -------------------------------------------------------------------
    def at(self, unit: int, game: int, step: int = 0) -> None:
        m = self.memory
        m[_UNIT], m[_GAME], m[_STEP], m[_CALL], m[_SINCE] = unit, game, step, 0, 0.0

    def step(self, step: int) -> None:
        self.memory[_STEP] = step

    def enter(self, call: str, limit: float = 0.0) -> float:
        """An engine call starts; `limit` is its time limit in seconds (0: none). Returns the time."""
        m = self.memory
        m[_CALL] = _CODES[call]
        if m[_LIMIT] != limit:
            m[_LIMIT] = limit
        now = m[_SINCE] = time.monotonic()
        return now

    def leave(self) -> None:
        self.memory[_SINCE] = 0.0

    def child(self, pid: int) -> None:
        """The engine process the worker runs now (0: none), so that the parent can end it too."""
        self.memory[_CHILD] = pid

    # --- read by the supervisor ------------------------------------------------------------------
    @property
    def unit(self) -> int:
        return int(self.memory[_UNIT])

    @property
    def game(self) -> int:
        return int(self.memory[_GAME])

    @property
    def current_step(self) -> int:
        return int(self.memory[_STEP])

    @property
    def call(self) -> str:
        code = int(self.memory[_CALL])
        return CALLS[code - 1] if code else ""

    @property
    def limit(self) -> float:
        return float(self.memory[_LIMIT])

    @property
    def child_pid(self) -> int:
        return int(self.memory[_CHILD])

    def busy_for(self, now: float | None = None) -> float:
        """Seconds the engine call in progress has taken so far (0 when no call is in progress)."""
        since = self.memory[_SINCE]
        return 0.0 if not since else (time.monotonic() if now is None else now) - since


def activate(beacon: Beacon) -> None:
    """Make `beacon` the one this process reports to (a worker does this once)."""
    _active[:] = [beacon]


def active() -> Beacon | None:
    """The beacon of this process, if it is a supervised worker (engine processes register here)."""
    return _active[0] if _active else None
