"""A ruleset with its readings, as the proofs see it: the register's defaults plus overrides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spec.catalogue import load_catalogue


@dataclass(frozen=True)
class Setup:
    ruleset: str
    variant: str  # "mineiro" or "gauderio"
    players: int
    readings: tuple[tuple[str, str], ...]  # every reading that concerns the ruleset, sorted by key

    def reading(self, key: str) -> str | None:
        """The reading of `key`, or None where the ambiguity does not concern this ruleset."""
        return dict(self.readings).get(key)

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
    return Setup(ruleset=rs.name, variant=rs.variant, players=rs.players,
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

    def __getattr__(self, name: str) -> Any:
        if name in ("readings", "overrides", "label"):
            self.everything = True  # the whole reading map: no reuse
        return getattr(self._setup, name)
