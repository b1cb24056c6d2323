"""The errors the engine raises. Every refusal of a move names the clause that forbids it.

Every error raised for bad input is a `TrucoError`; each also derives from the built-in class a
caller would expect (`ValueError`, or `TypeError` for an argument of the wrong type), so code that
catches those keeps working.

- `InvalidActionError`: an action text that is malformed or names something this game lacks.
- `IllegalActionError`: a well-formed action the rules forbid now (`clause` names the rule).
- `ConfigurationError` (`UnknownRulesetError`, `UnknownReadingError`): a ruleset or reading that
  does not exist; `choices` lists the valid ones.
- `RulesetFileError`: a ruleset file that cannot be used (`file`, `field`, `line`).
- `GameArgumentError` (`ArgumentTypeError`): a bad argument to `Game.new` (stacked deals,
  muestras, starting scores, seed, readings).
- `GameDocumentError`: a `Game.from_json` document that is not a saved game.
- `NothingToUndoError`: `Game.pop` with no move to undo (an IndexError, like list.pop).
"""

from __future__ import annotations

from collections.abc import Iterable


class TrucoError(Exception):
    """Base class of every error the engine raises on purpose."""


class InvalidActionError(TrucoError, ValueError):
    """The action text is malformed, or names something that does not exist in this game."""


class IllegalActionError(TrucoError, ValueError):
    """A well-formed action the rules do not allow now. `clause` is the ID that forbids it."""

    def __init__(self, clause: str, message: str) -> None:
        self.clause = clause
        super().__init__(f"[{clause}] {message}")


class ConfigurationError(TrucoError, ValueError):
    """An unknown ruleset, reading key or reading name."""

    def __init__(self, what: str, name: str, choices: Iterable[str]) -> None:
        self.what = what
        self.name = name
        self.choices = tuple(choices)
        super().__init__(f"unknown {what} {name!r}; valid choices: {', '.join(self.choices)}")


class UnknownRulesetError(ConfigurationError):
    """No ruleset has this name."""


class UnknownReadingError(ConfigurationError):
    """The reading key does not apply to the ruleset, or the reading is not one of the key's."""


class RulesetFileError(TrucoError, ValueError):
    """A ruleset file that cannot be used. `file` names it, `field` is the dotted path of the field
    at fault ('' for the whole file) and `line` its line when known. Nothing of the file is loaded."""

    def __init__(self, file: str, field: str, message: str, line: int | None = None) -> None:
        self.file = file
        self.field = field
        self.line = line
        self.message = message
        at = f", line {line}" if line else ""
        super().__init__(f"{file}: {field or '(top level)'}{at}: {message}")


class GameArgumentError(TrucoError, ValueError):
    """A bad argument to `Game.new`: stacked deals or muestras, starting scores, readings."""


class ArgumentTypeError(GameArgumentError, TypeError):
    """An argument of the wrong type (a seed that is not an int, readings that are not a mapping)."""


class NothingToUndoError(TrucoError, IndexError):
    """`Game.pop` on a game with no moves."""


class GameDocumentError(TrucoError, ValueError):
    """A document given to `Game.from_json` that is not a saved game (`truco-engine-game/1`)."""
