"""The errors the engine raises. Every refusal of a move names the clause that forbids it."""

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
