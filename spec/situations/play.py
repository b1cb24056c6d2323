"""A match played in the spec alone from a situation's set-up, with the record it makes.

The catalogue's generator plays each situation here: its prefix must be legal in the spec, and the
record of the hands it plays is checked by the record monitor (truco_rules.spec.monitor.replay), which also
counts the clauses it exercises: those are the situation's `clauses`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.rounds import TIE
from truco_rules.spec.rules.state import Hand, Match, Rules, legal_actions


class SpecRun:
    """The spec's match from stacked deals and a set position, one action at a time."""

    def __init__(
        self,
        rules: Rules,
        deals: Sequence[Mapping[str, Any]],
        scores: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> None:
        self.rules, self.deals = rules, list(deals)
        self.scores, self.dealer = scores, dealer
        self.match = Match.at(rules, scores or (0, 0), dealer)
        self.hands: list[dict[str, Any]] = []  # the record's entries of the finished hands
        self.actions: list[dict[str, Any]] = []
        self.hand: Hand | None = None
        self.probed: Counter[str] = Counter()  # the clauses of the forbidden actions tried (generate.py)
        self._deal()

    def _deal(self) -> None:
        k = self.match.number
        if k >= len(self.deals):
            self.hand = None  # no stacked deal for the next hand: the situation ends here
            return
        d = self.deals[k]
        self.hand = self.match.new_hand(tuple(tuple(h) for h in d["hands"]), d.get("muestra"))
        self.actions = []

    @property
    def over(self) -> bool:
        """The match is over, or the stacked hands are played."""
        return self.match.over or self.hand is None

    def legal(self) -> list[str]:
        return [] if self.over or self.hand is None else sorted(legal_actions(self.hand))

    def apply(self, action: str) -> None:
        """One action of the seat to act; Illegal when the spec forbids it."""
        hand = self.hand
        if hand is None or self.match.over:
            raise Illegal("RND-1", "the situation's stacked hands are over")
        seat = hand.to_act()
        assert seat is not None
        hand.apply(seat, action)
        self.actions.append({"seat": seat, "action": action})
        if hand.over:
            self._close(hand)

    def _close(self, hand: Hand) -> None:
        o = hand.outcome
        assert o is not None
        m, r = self.match, self.rules
        partida = m.partida
        m.end_hand(hand.kind, o, hand.score)
        result: dict[str, Any] = {
            "rounds": ["tie" if x == TIE else x for x in hand.rounds],
            "winner": o.winner,
            "points": o.points,
        }
        if r.has("envido") or r.has("flor"):
            result["side_points"] = [{"contest": c, "side": s, "points": p} for c, s, p, _ in o.side_points]
        if o.forfeit is not None:
            result["forfeit"] = o.forfeit
        result["score"] = list(m.hand_score)
        entry: dict[str, Any] = {
            "partida": partida,
            "number": hand.number,
            "dealer": hand.dealer,
            "starter": hand.starter,
            "deal": [list(c) for c in hand.deal],
        }
        if hand.muestra is not None:
            entry["muestra"] = hand.muestra
        entry["actions"] = self.actions
        entry["result"] = result
        self.hands.append(entry)
        self._deal()

    def record(self) -> dict[str, Any]:
        m = self.match
        result = (
            None
            if m.winner is None
            else {"winner": m.winner, "score": list(m.hand_score), "partidas": list(m.partidas)}
        )
        rec: dict[str, Any] = {
            "format": "truco-record/1",
            "ruleset": self.rules.ruleset,
            "readings": {},
            "seed": 0,
            "hands": list(self.hands),
            "result": result,
        }
        if self.scores is not None or self.dealer is not None:
            rec["start"] = {
                "scores": list(self.scores or (0, 0)),
                "dealer": self.rules.players - 1 if self.dealer is None else self.dealer,
            }
        return rec


def record_clauses(run: SpecRun, overrides: Mapping[str, str]) -> tuple[Counter[str], list[str]]:
    """The clauses the record monitor exercises on the run's record, and its violations (none, when the
    spec agrees with its own monitor)."""
    rec = run.record()
    rec["readings"] = dict(overrides)
    counts: Counter[str] = Counter()
    found = check_record(rec, ruleset=run.rules.ruleset, exercised=counts, in_progress=not run.match.over)
    return counts, [str(v) for v in found]
