"""Findings of a check, and their grouping into causes and consequences.

A `Finding` is one violation (truco_rules.spec.monitor.violation) with the kind of check that found it and its
position in the match: (hand number, action index in the hand; a wrong round result is at the
action that ended the round). A game checked step by step may be restarted after a divergence
(truco_rules.spec.monitor.drive): each restart is a `segment` of the game, and in each segment the earliest
finding is the cause; the later ones are its consequences (a wrong score breaks the target, the
hand of ten, the end of the match...). Segments whose causes have the same key (the clause, the
kind of check and the rule state that decides it: `cause`) form one `Group`: one distinct
divergence, a root cause, listed with the clauses its consequences break.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.monitor.violation import Violation

# Positions after a hand's actions: its result, then whether the match goes on; LAST: the match's result.
RESULT = 10**6
AFTER_RESULT = RESULT + 1
LAST = 10**9
_INDEX = re.compile(r"\[\d+\]")


@dataclass(frozen=True)
class Finding:
    """A violation, the kind of check that found it, and where in the match it is."""

    violation: Violation
    category: str
    position: tuple[int, int]
    cause: str = ""  # the rule state that decides it (truco_rules.spec.monitor.follow): one root cause each
    segment: int = 0  # 0, or the restart of the game it was found after (truco_rules.spec.monitor.drive)
    # A legal-set difference the game stepped over (both sides kept playing the actions both allow):
    # a cause of its own, of which nothing later follows; `state` is the rule state it was first seen in.
    stepped: bool = False
    state: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two findings the same divergence: the clause, the kind of check and the
        state that decides it (two bugs that break one clause in different states are two causes)."""
        return self.violation.clause, self.category, self.cause

    @property
    def order(self) -> tuple[int, tuple[int, int]]:
        """Where it is in its game: its segment, then its position in the match."""
        return self.segment, self.position

    def to_dict(self) -> dict[str, Any]:
        out = {"violation": self.violation.to_dict(), "category": self.category,
               "position": list(self.position), "cause": self.cause, "segment": self.segment}
        if self.stepped:
            out.update(stepped=True, state=self.state)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        return cls(Violation(**data["violation"]), str(data["category"]),
                   (int(data["position"][0]), int(data["position"][1])), str(data.get("cause") or ""),
                   int(data.get("segment") or 0), bool(data.get("stepped")), str(data.get("state") or ""))


# The verbs of the spec's action texts: a record's action names its cause only through one of them.
VERBS = frozenset({"play", "cover", "raise", "accept", "run", "ten-play", "ten-decline", "envido",
                   "real-envido", "falta-envido", "flor", "flor-raise", "flor-pass", "contraflor",
                   "contraflor-resto", "sign", "mazo"})


def verb(action: Any) -> str:
    """An action's verb, or "another action" (the text is the engine's: never quoted in a cause)."""
    word = action.split(" ", 1)[0] if isinstance(action, str) else ""
    return word if word in VERBS else "another action"


def record_finding(v: Violation, record: Mapping[str, Any] | None = None) -> Finding:
    """A violation the record monitor found: its category is the record field (without indices), its
    cause, where `record` (the record it was found in) has the hand, the verb of the action it is
    at, or for the winner or the points of a hand the verb of the action that ended it (a run that
    pays wrong and a card that wins wrong are two causes)."""
    if v.hand is None:
        position = (LAST, 0)
    elif v.action is not None:
        position = (v.hand, v.action)
    elif ".result" in v.field or v.field.endswith(".actions"):
        position = (v.hand, RESULT)
    else:  # the hand's number, starter, dealer or deal: before its first action
        position = (v.hand, -1)
    return Finding(v, "record: " + _INDEX.sub("[]", v.field or "(record)"), position,
                   _record_cause(v, position[1], record))


def _record_cause(v: Violation, at: int, record: Mapping[str, Any] | None) -> str:
    hands = record.get("hands") if isinstance(record, Mapping) else None
    if v.hand is None or not isinstance(hands, list) or not 0 < v.hand <= len(hands):
        return ""
    if at == RESULT and not v.field.endswith((".result.points", ".result.winner")):
        return ""  # side points, a score that does not add up...: the way the hand ended does not decide them
    for kind in KINDS:  # a hand of ten or an iron hand: its own rule decides its points, however it ended
        if v.requires.startswith(kind):
            return kind[4:-2]
    hand = hands[v.hand - 1]
    actions = hand.get("actions") if isinstance(hand, Mapping) else None
    if not isinstance(actions, list) or not actions or not (0 <= at < len(actions) or at == RESULT):
        return ""
    action = actions[-1] if at == RESULT else actions[at]
    said = verb(action.get("action") if isinstance(action, Mapping) else None)
    return f"a hand ended by {said}" if at == RESULT else f"at {said}"


KINDS = ("the iron hand's", "the hand of ten's")  # how the record monitor names a special hand's points


def ordered(findings: list[Finding]) -> list[Finding]:
    """A game's findings, earliest first (stable: at one position, the order they were found)."""
    return sorted(findings, key=lambda f: f.order)


def split_causes(found: list[Finding]) -> tuple[list[Finding], Finding | None, list[Finding]]:
    """One unit's findings (earliest first) as (the differences stepped over before anything else
    went wrong: each a cause of its own; the first other finding: the cause of what follows; what
    follows it: its consequences, the differences stepped over after it included)."""
    first = next((k for k, f in enumerate(found) if not f.stepped), None)
    if first is None:
        return list(found), None, []
    return [f for f in found[:first]], found[first], list(found[first + 1:])


def causes(found: list[Finding]) -> list[Finding]:
    """The causes among findings of several segments (earliest first): in each segment, the
    differences stepped over before its first other finding, and that finding."""
    out: list[Finding] = []
    for segment in sorted({f.segment for f in found}):
        stepped, cause, _ = split_causes(ordered([f for f in found if f.segment == segment]))
        out += stepped + ([cause] if cause is not None else [])
    return out


@dataclass
class Group:
    """One distinct divergence: the games whose cause has the same key, and what follows from it."""

    key: tuple[str, str, str]
    first: Finding
    games: list[int] = field(default_factory=list)
    units: list[Any] = field(default_factory=list)  # the keys of group()'s mapping: games, or (game, segment)
    consequences: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Finding] = field(default_factory=dict)  # one consequence per clause
    repeats: int = 0  # the cause's clause broken again later in the same games
    states: Counter[str] = field(default_factory=Counter)  # stepped over: the states it was first seen in

    @property
    def stepped(self) -> bool:
        """A difference stepped over: nothing follows from it."""
        return self.first.stepped

    @property
    def clause(self) -> str:
        return self.key[0]

    def to_dict(self) -> dict[str, Any]:
        out = {"clause": self.key[0], "category": self.key[1], "cause": self.key[2],
               "games": list(self.games),
               "first": self.first.to_dict(), "consequences": dict(self.consequences),
               "repeats": self.repeats}
        if self.stepped:
            out.update(stepped=True, states=dict(self.states))
        return out


def group(by_unit: Mapping[Any, list[Finding]], game_of: Callable[[Any], int] | None = None) -> list[Group]:
    """Groups of units (a game, or a game's segment) by their cause, in the order of the first unit
    of each group. `game_of` gives a unit's game (default: the unit is the game)."""
    groups: dict[tuple[str, str, str], Group] = {}

    def join(cause: Finding, unit: Any) -> Group:
        g = groups.get(cause.key)
        if g is None:
            g = groups[cause.key] = Group(cause.key, cause)
        game = unit if game_of is None else game_of(unit)
        if unit not in g.units:
            g.units.append(unit)
        if game not in g.games:  # a game restarted after a divergence may show one cause twice
            g.games.append(game)
        if cause.stepped and cause.state:
            g.states[cause.state] += 1
        return g

    for unit in sorted(by_unit):
        found = ordered(by_unit[unit])
        if not found:
            continue
        # A difference stepped over hides nothing: each is a cause of its own, and the first other
        # finding is the cause of what follows it in the unit.
        stepped, cause, rest = split_causes(found)
        for f in stepped:
            join(f, unit)
        if cause is None:
            continue
        g = join(cause, unit)
        for f in rest:
            if f.violation.clause == cause.violation.clause:
                g.repeats += 1
            else:
                g.consequences[f.violation.clause] += 1
                g.examples.setdefault(f.violation.clause, f)
    return list(groups.values())
