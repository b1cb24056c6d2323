"""The reference engine: plays Truco under every ruleset file and every reading of the register.

Modelled on python-chess: `Game.new(ruleset, seed=..., readings=...)`, `legal_actions()`,
`push()` / `pop()`, `copy()`, `observation(seat)`, `outcome()`, `record()`, `to_json()`.
Rulesets are files: the shipped ones are read on first use; `load_ruleset_file(path)` adds one.
"""

from truco_rules.engine.actions import Action
from truco_rules.engine.errors import (
    ArgumentTypeError,
    ConfigurationError,
    GameArgumentError,
    GameDocumentError,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
    RulesetFileError,
    TrucoError,
    UnknownReadingError,
    UnknownRulesetError,
)
from truco_rules.engine.game import Game, Outcome
from truco_rules.engine.rulesets import READINGS, RULESETS, Ruleset, find_ruleset, load_ruleset_file
from truco_rules.engine.version import ENGINE_NAME, __version__

__all__ = [
    "ENGINE_NAME",
    "READINGS",
    "RULESETS",
    "Action",
    "ArgumentTypeError",
    "ConfigurationError",
    "Game",
    "GameArgumentError",
    "GameDocumentError",
    "IllegalActionError",
    "InvalidActionError",
    "NothingToUndoError",
    "Outcome",
    "Ruleset",
    "RulesetFileError",
    "TrucoError",
    "UnknownReadingError",
    "UnknownRulesetError",
    "__version__",
    "find_ruleset",
    "load_ruleset_file",
]
