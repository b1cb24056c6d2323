"""The truco-record/1 of a match (spec/schemas/record.schema.json), as a Game mixin.

A finished hand is kept as one compact tuple of the values it already holds (its actions are a
slice of the match's moves); `record()` builds the dictionaries, new ones at every call, so the
caller may change them without touching the game's history.
"""

from __future__ import annotations

from typing import Any

from truco_rules.engine.match_fields import MatchFields
from truco_rules.engine.tricks import TIE
from truco_rules.engine.version import ENGINE_NAME

_ROUND = tuple("tie" if r == TIE else r for r in range(TIE + 1))  # a round's result as written: 0, 1, "tie"


class RecordMixin(MatchFields):
    """Keeps one compact entry per finished hand and builds the record of the match on demand."""

    def _close_hand(self, winner: int | None, points: int, forfeit: int | None = None) -> None:
        h = self.hand
        self._hands.append((self._partida, self._hand_no, h.dealer, h.starter, h.deal, h.muestra,
                            h.opened, len(self._moves), h.rounds, winner, points, h.side_pts, forfeit,
                            self._scores))

    def record(self) -> dict[str, Any]:
        """The record so far: finished hands, and the result once the match is over (else None)."""
        result = None
        if self._winner is not None:
            result = {"winner": self._winner, "score": list(self._scores), "partidas": list(self._partidas)}
        rec = {
            "format": "truco-record/1",
            "ruleset": self._cfg.ruleset.name,
            "readings": self._cfg.overrides,
            "seed": self._seed,
            "engine": ENGINE_NAME,
            "hands": self._hand_entries(),
            "result": result,
        }
        if self._cfg.earlier_edition is not None:
            rec["edition"] = self._cfg.earlier_edition
        if self._start_scores != (0, 0) or self._first_starter:  # a set position: where the match began
            rec["start"] = {"scores": list(self._start_scores),
                            "dealer": (self._first_starter - 1) % self._cfg.n}
        return rec

    def _hand_entries(self) -> list[dict[str, Any]]:
        """One entry per finished hand, built in one loop (a record is built once per match, and
        a call per hand and per list cost a third of it)."""
        cfg = self._cfg
        names = cfg.deck.names
        side_points = cfg.envido is not None or cfg.flor is not None
        shown = cfg.deck.has_muestra
        moves, seats = self._moves, self._seats
        entries = []
        for (partida, number, dealer, starter, deal, muestra, opened, closed, rounds, winner, points,
             side_pts, forfeit, scores) in self._hands:
            result: dict[str, Any] = {"rounds": [_ROUND[r] for r in rounds], "winner": winner,
                                      "points": points}
            if side_points:
                result["side_points"] = [{"contest": c, "side": s, "points": p} for c, s, p in side_pts]
            if forfeit is not None:
                result["forfeit"] = forfeit
            result["score"] = [scores[0], scores[1]]
            entry: dict[str, Any] = {
                "partida": partida,
                "number": number,
                "dealer": dealer,
                "starter": starter,
                # three cards a seat (DEAL-1, CARDS_PER_SEAT): unpacked, which costs no call per seat
                "deal": [[names[a], names[b], names[c]] for a, b, c in deal],
            }
            if shown:
                entry["muestra"] = names[muestra]  # URU-2
            entry["actions"] = [{"seat": seats[i], "action": moves[i].text} for i in range(opened, closed)]
            entry["result"] = result
            entries.append(entry)
        return entries
