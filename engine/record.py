"""The truco-record/1 of a match (spec/schemas/record.schema.json), as a Game mixin."""

from __future__ import annotations

from typing import Any

from engine.tricks import TIE
from engine.version import ENGINE_NAME


class RecordMixin:
    """Builds one record entry per finished hand and the record of the match."""

    def _close_hand(self, winner: int | None, points: int, forfeit: int | None = None) -> None:
        cfg = self._cfg
        h = self.hand
        names = cfg.deck.names
        result: dict[str, Any] = {
            "rounds": ["tie" if r == TIE else r for r in h.rounds],
            "winner": winner,
            "points": points,
        }
        if cfg.envido is not None or cfg.flor is not None:
            result["side_points"] = [{"contest": c, "side": s, "points": p} for c, s, p in h.side_pts]
        if forfeit is not None:
            result["forfeit"] = forfeit
        result["score"] = [self._scores[0], self._scores[1]]
        entry: dict[str, Any] = {
            "partida": self._partida,
            "number": self._hand_no,
            "dealer": h.dealer,
            "starter": h.starter,
            "deal": [[names[c] for c in cards] for cards in h.deal],
        }
        if cfg.deck.has_muestra:
            entry["muestra"] = names[h.muestra]  # URU-2
        entry["actions"] = [{"seat": s, "action": a} for s, a in h.hact]
        entry["result"] = result
        self._hands.append(entry)

    def record(self) -> dict[str, Any]:
        """The record so far: finished hands, and the result once the match is over (else None)."""
        result = None
        if self._winner is not None:
            result = {"winner": self._winner, "score": list(self._scores), "partidas": list(self._partidas)}
        return {
            "format": "truco-record/1",
            "ruleset": self._cfg.ruleset.name,
            "readings": self._cfg.overrides,
            "seed": self._seed,
            "engine": ENGINE_NAME,
            "hands": [_copy_hand(h) for h in self._hands],
            "result": result,
        }


def _copy_hand(h: dict[str, Any]) -> dict[str, Any]:
    """A copy the caller may change without touching the game's own history."""
    r = h["result"]
    result = dict(r, rounds=list(r["rounds"]), score=list(r["score"]))
    if "side_points" in r:
        result["side_points"] = [dict(x) for x in r["side_points"]]
    return dict(h, deal=[list(d) for d in h["deal"]], actions=[dict(a) for a in h["actions"]], result=result)
