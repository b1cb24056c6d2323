"""A ruleset with its readings, as the proofs see it: the register's defaults plus overrides.

The models read the ruleset's data (deck, strength groups, muestra, ladder, hand of ten, envido,
flor, match) through `rules` (truco_rules.spec.rules.ruleset.Rules: the file with the chosen readings applied)
and ask for features with `has`: no model depends on a ruleset's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.rules.ruleset import Rules


@dataclass(frozen=True)
class Setup:
    ruleset: str
    players: int
    readings: tuple[tuple[str, str], ...]  # every reading that concerns the ruleset, sorted by key

    def reading(self, key: str) -> str | None:
        """The reading of `key`, or None where the ambiguity does not concern this ruleset."""
        return dict(self.readings).get(key)

    @property
    def rules(self) -> Rules:
        """The ruleset's data with these readings applied."""
        return Rules.of(self.ruleset, dict(self.readings))

    def has(self, feature: str) -> bool:
        """Whether the ruleset (as these readings set it) has a feature: muestra, envido, flor,
        senas, hand_of_ten, iron_hand."""
        return self.rules.has(feature)

    @property
    def overrides(self) -> dict[str, str]:
        defaults = load_catalogue().readings(self.ruleset)
        return {k: v for k, v in self.readings if defaults[k] != v}

    @property
    def label(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.overrides.items()))
        return f"{self.ruleset}[{extra}]" if extra else self.ruleset


def make_setup(ruleset: str, overrides: Mapping[str, str] | None = None) -> Setup:
    """Resolve a ruleset and reading overrides; unknown names raise spec.catalogue.UnknownNameError."""
    cat = load_catalogue()
    rs = cat.ruleset(ruleset)
    readings = cat.readings(ruleset, overrides)
    return Setup(ruleset=rs.name, players=rs.players,
                 readings=tuple(sorted(readings.items())))


def all_rulesets() -> list[str]:
    return list(load_catalogue().rulesets)


def alternative_setups(ruleset: str) -> list[tuple[str, Setup]]:
    """For each ambiguity of `ruleset` with more than one reading: (ambiguity ID, the setup with
    one alternative reading and every other reading at its default)."""
    cat = load_catalogue()
    out = []
    for amb in cat.ambiguities_of(ruleset):
        for r in amb.readings:
            if r.name != amb.defaults[ruleset]:
                out.append((amb.id, make_setup(ruleset, {amb.key: r.name})))
    return out


def every_setup() -> list[Setup]:
    """Each ruleset with its defaults, then with each alternative reading of the register."""
    names = all_rulesets()
    return [make_setup(n) for n in names] + [s for n in names for _, s in alternative_setups(n)]


class Tracing:
    """A setup that records which readings are looked at; anything else is the setup's own."""

    def __init__(self, setup: Setup) -> None:
        self._setup = setup
        self.read: dict[str, str | None] = {}
        self.everything = False

    def reading(self, key: str) -> str | None:
        value = self._setup.reading(key)
        self.read[key] = value
        return value

    @property
    def rules(self) -> Rules:
        # The data depends on the readings that change it (`sets` in the file): those are read.
        for key, entry in load_catalogue().ruleset(self._setup.ruleset).data["readings"].items():
            if entry.get("sets"):
                self.reading(key)
        return self._setup.rules

    def has(self, feature: str) -> bool:
        return self.rules.has(feature)

    def __getattr__(self, name: str) -> Any:
        if name in ("readings", "overrides", "label"):
            self.everything = True  # the whole reading map: no reuse
        return getattr(self._setup, name)
