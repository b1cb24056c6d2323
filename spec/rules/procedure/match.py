"""Scores, partidas and the sequence of hands (HND-11, the ruleset's `match`: MAT-1, MAT-2, MAT-3, MAT-4,
ARG-7, URU-9; IRN-4, TEN-4, AMB-15, AMB-19, AMB-25, AMB-59, AMB-61)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.match import (
    capped_score,
    first_starter,
    next_starter,
    partidas_to_win,
    reached_target,
)
from truco_rules.spec.rules.procedure.hand import Hand
from truco_rules.spec.rules.procedure.parts import Outcome
from truco_rules.spec.rules.ruleset import Rules


@dataclass(slots=True)
class Match:
    """Scores, partidas and the sequence of hands."""

    rules: Rules
    score: list[int] = field(default_factory=lambda: [0, 0])
    partida: int = 1
    partidas: list[int] = field(default_factory=list)
    number: int = 0  # hands started so far
    starter: int = first_starter()
    winner: int | None = None
    forfeit: int | None = None
    end_clause: str = ""  # the clause that ended the match
    hand_score: list[int] = field(default_factory=lambda: [0, 0])  # the partida's score after the last hand

    @property
    def over(self) -> bool:
        return self.winner is not None

    @classmethod
    def at(cls, rules: Rules, scores: Sequence[int] = (0, 0), dealer: int | None = None) -> Match:
        """A match from a set position: the scores the first partida starts from, and the seat that
        deals the first hand (the starter sits just after the dealer; None: seat 0 starts)."""
        starter = first_starter() if dealer is None else (dealer + 1) % rules.players
        return cls(rules, list(scores), starter=starter, hand_score=list(scores))

    def copy(self) -> Match:
        """An independent copy (see Hand.copy)."""
        return Match(self.rules, list(self.score), self.partida, list(self.partidas), self.number,
                     self.starter, self.winner, self.forfeit, self.end_clause, list(self.hand_score))

    def new_hand(self, deal: tuple[tuple[str, ...], ...], muestra: str | None = None) -> Hand:
        """The next hand, with the starter due by AMB-15 (`self.starter` is that hand's starter)."""
        self.number += 1
        return Hand(self.rules, self.number, self.partida, self.starter, deal, list(self.score), muestra)

    def end_hand(self, hand_kind: str, outcome: Outcome, score_live: list[int] | None = None) -> str:
        """Score a finished hand and move on; returns the clause that ended the match or partida ('' if none).

        `score_live` is the score after side points already added during the hand (AMB-25 immediately).
        """
        r = self.rules
        score = list(score_live) if score_live is not None else list(self.score)
        # AMB-15 hand-starter: every hand moves the start on, one dealt again after HND-9 too.
        self.starter = next_starter(self.starter, r.players, r.readings["hand-starter"])
        if outcome.forfeit is not None:  # TEN-4: the caller's side loses the match
            if outcome.winner is not None:
                score[outcome.winner] = capped_score(r, score[outcome.winner] + outcome.points)
            self.score, self.forfeit, self.winner = score, outcome.forfeit, 1 - outcome.forfeit
            self.end_clause = r.clause_or("hand_of_ten", "penalty", "TEN-4")
            self.hand_score = list(score)
            self.partidas.append(self.winner)
            return self.end_clause
        additions: list[tuple[int, int]] = []
        if r.reading("side-bet-scoring") == "end-of-hand":
            additions += [(s, p) for _, s, p, _ in outcome.side_points]
        if outcome.winner is not None and not outcome.partida_ended:
            additions.append((outcome.winner, outcome.points))
        ended = 0 if reached_target(score[0], r) else 1 if reached_target(score[1], r) else None
        for s, p in additions:
            if ended is not None:
                break  # the partida is over: nothing more is added
            score[s] = capped_score(r, score[s] + p)  # AMB-59
            if reached_target(score[s], r):
                ended = s
        self.score, self.hand_score = score, list(score)
        clause = ""
        if (
            ended is None
            and hand_kind == lad.IRON
            and outcome.winner is not None
            and r.has("iron_hand")
            and r.data["iron_hand"]["decides_match"]
            and not lad.iron_ordinary(r, hand_kind)  # AMB-61: no iron hand, no IRN-4
        ):
            # IRN-4: "La coppia che vince questa mano vincerà la partita."
            ended, clause = outcome.winner, r.clause("iron_hand", "decides_match")
        if ended is None:
            return ""
        self.partidas.append(ended)
        clause = clause or r.clause("match", "end")
        if self.partidas.count(ended) >= partidas_to_win(r):
            self.winner, self.end_clause = ended, clause
        else:  # AMB-19 best-of-three: the scores restart at 0
            self.partida += 1
            self.score = [0, 0]
        return clause
