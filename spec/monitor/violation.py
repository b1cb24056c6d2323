"""What the monitor reports: one value object per violation."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

# The clause of a record-format (structure) violation: the record format, not a rule of the game.
FORMAT = "FORMAT"


@dataclass(frozen=True)
class Violation:
    """A place where a record breaks a clause.

    game: 0-based index of the record (its line in a JSON Lines file is game + 1 when each line holds
    one record); hand: the 1-based hand number, or None for the match; action: 0-based index of
    the action in the hand, or None; clause: a catalogue clause ID, or FORMAT for the record
    format; field: the path of the record field concerned (e.g. "hands[2].result.points");
    says: what the record says; requires: what the clause requires.
    """

    game: int
    clause: str
    requires: str
    says: str = ""
    field: str = ""
    hand: int | None = None
    action: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        where = [f"game {self.game}"]
        if self.hand is not None:
            where.append(f"hand {self.hand}")
        if self.action is not None:
            where.append(f"action {self.action}")
        says = f" (record: {self.says})" if self.says else ""
        at = f" at {self.field}" if self.field else ""
        return f"[{self.clause}] {', '.join(where)}{at}: {self.requires}{says}"
