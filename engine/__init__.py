"""The reference engine: plays Truco under every ruleset and every reading of the register.

Modelled on python-chess: `Game.new(ruleset, seed=..., readings=...)`, `legal_actions()`,
`push()` / `pop()`, `copy()`, `observation(seat)`, `outcome()`, `record()`, `to_json()`.
"""

from engine.actions import Action
from engine.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidActionError,
    TrucoError,
    UnknownReadingError,
    UnknownRulesetError,
)
from engine.game import Game, Outcome
from engine.rulesets import READINGS, RULESETS, Ruleset, find_ruleset
from engine.version import ENGINE_NAME, __version__

__all__ = [
    "ENGINE_NAME",
    "READINGS",
    "RULESETS",
    "Action",
    "ConfigurationError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Outcome",
    "Ruleset",
    "TrucoError",
    "UnknownReadingError",
    "UnknownRulesetError",
    "__version__",
    "find_ruleset",
]
