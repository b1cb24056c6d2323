"""Fault kinds, the organiser's fault policy and how a match can end (its termination).

A fault has a kind: `illegal` (an action the rules forbid now, with the clause that forbids it),
`time-over`, `crash` (the bot exited or cannot be reached; it is started again) or `protocol`
(an answer that is not one). What a fault costs is the policy's, written in the tournament file
and copied into every record:

- `match`: the faulting side loses the match;
- `hand`: the faulting side gives up the hand as far as the rules let it (it runs from a call,
  goes to the mazo, declines the hand of ten; where none of these is legal the referee plays its
  first legal action), then plays on; past `max_faults` in a match, the match;
- `random`: a random legal action (seeded: the same in every run) takes its place; past
  `max_faults` in a match, the match.

A bot whose faults exceed `disqualify.fault_rate` of its decisions (over at least
`disqualify.min_decisions`) at the end of a round is disqualified: its later matches are not
played and end as `disqualification`. Every match ends with one named termination (below).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from truco_rules.referee.connection import CRASH, PROTOCOL_ERROR, TIME_OVER

ILLEGAL = "illegal"
KINDS = (ILLEGAL, TIME_OVER, CRASH, PROTOCOL_ERROR)

# Terminations (the referee block of a record): a match played to its end by the rules, one lost
# by a fault of a kind under the `match` policy, one lost past max_faults, one not played or ended
# because a bot was disqualified or could not be started again, and one the referee could not go on
# with (the engine and the spec disagreed: a bug of ours, never a bot's fault).
NORMAL = "normal"
BY_FAULT = {ILLEGAL: "illegal-action", TIME_OVER: "time-forfeit", CRASH: "crash",
            PROTOCOL_ERROR: "protocol-error"}
FAULT_LIMIT = "fault-limit"
ADJUDICATION = "adjudication"  # still going after the file's max_hands: the side ahead wins
DISQUALIFICATION = "disqualification"
ABANDONED = "abandoned"
TERMINATIONS = (NORMAL, *BY_FAULT.values(), FAULT_LIMIT, ADJUDICATION, DISQUALIFICATION, ABANDONED)


@dataclass(frozen=True)
class Policy:
    """The organiser's rules for faults and time (the tournament file's `policy`)."""

    on_fault: str = "random"
    max_faults: int = 3  # per bot and match, under `hand` and `random`
    restarts: int = 3  # times a crashed or hung bot is started again in one match
    move_ms: int = 1000  # time per decision
    bank_ms: int = 10_000  # a bank per seat and match, drawn on past move_ms
    start_ms: int = 10_000  # time to start and answer hello
    fault_rate: float = 0.2  # disqualification above this share of faulty decisions...
    min_decisions: int = 20  # ... once a bot has made at least this many

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["fault_rate_permille"] = round(d.pop("fault_rate") * 1000)  # the record holds integers
        return d


@dataclass(frozen=True)
class Fault:
    """One faulty decision: who, where in the match, what kind, which clause, what took its place."""

    seat: int
    hand: int  # 1-based number of the hand
    action: int  # 0-based index of the decision in the hand's actions
    kind: str
    clause: str | None  # for illegal actions: the clause that forbids it
    detail: str
    replaced_by: str | None  # the action played in its place, if any

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.hand, "action": self.action, "kind": self.kind,
                "clause": self.clause, "detail": self.detail, "replaced_by": self.replaced_by}
