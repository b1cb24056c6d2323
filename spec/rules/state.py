"""The play procedure as a state machine: who may act when, and what each action does.

It encodes docs/en/guide/procedure.md on top of the finite rule functions. A `Match` holds the
scores and starts hands; a `Hand` replays actions. `Hand.apply(seat, text)` raises
`Illegal(clause, requires)` for an action the rules do not allow (and changes nothing then);
`legal_actions(hand)` lists every action text the to-act seat may take. The procedure lives in
spec/rules/procedure, one module per rule area; this module is its stable import point.
Readings always come from the register and the ruleset files, never from defaults typed here.
"""

from truco_rules.spec.rules.procedure.hand import Hand
from truco_rules.spec.rules.procedure.legal import candidate_actions, legal_actions
from truco_rules.spec.rules.procedure.match import Match
from truco_rules.spec.rules.procedure.parts import Illegal, Outcome
from truco_rules.spec.rules.ruleset import Rules

__all__ = ["Hand", "Illegal", "Match", "Outcome", "Rules", "candidate_actions", "legal_actions"]
