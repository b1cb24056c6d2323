"""A ruleset as the spec's rules read it: the file's data with the chosen readings applied.

`Rules.of(name, overrides)` resolves a loaded ruleset (truco_rules.spec.catalogue) and its readings. The
rule functions of spec/rules take a `Rules` and ask it for features (`has("envido")`), values
(`data["truco"]["calls"]`) and the clause the file gives for a rule (`clause("truco", "order")`):
no rule depends on a ruleset's name.

Cards are encoded as (rank, suit): the indices of the card's rank and suit in the file's
`deck.ranks` and `deck.suits` lists, so that the same encoding serves every ruleset.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.catalogue import generation, load_catalogue

Card = tuple[int, int]  # (rank index, suit index) in the ruleset's deck


@dataclass(frozen=True)
class Deck:
    """The ruleset's deck: every card name, its (rank, suit), and the cards in play."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    names: tuple[str, ...]  # every rank x suit, rank-major, excluded ones included
    in_play: frozenset[str]  # names of the cards in the deck (the file's exclusions left out)
    index: Mapping[str, Card] = field(repr=False)

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards in play, in the fixed rank-major order."""
        return tuple(n for n in self.names if n in self.in_play)

    def name(self, card: Card) -> str:
        return self.ranks[card[0]] + self.suits[card[1]]


@dataclass(frozen=True, eq=False)
class Rules:
    """A ruleset with its full reading map and its resolved data."""

    ruleset: str
    readings: Mapping[str, str]
    data: Mapping[str, Any] = field(repr=False)

    @classmethod
    def of(cls, ruleset: str, overrides: Mapping[str, str] | None = None) -> Rules:
        """Resolve `ruleset` and reading overrides (register keys); unknown names raise
        truco_rules.spec.catalogue.UnknownNameError naming the choices."""
        plain = type(ruleset) is str and all(type(k) is str and type(v) is str
                                             for k, v in (overrides or {}).items())
        asked = ((ruleset, tuple(sorted(overrides.items())) if overrides else (), generation())
                 if plain else None)
        found = _ASKED.get(asked) if asked is not None else None
        if found is None:
            readings = load_catalogue().readings(ruleset, overrides)
            found = _rules(ruleset, tuple(sorted(readings.items())), generation())
            if asked is not None and len(_ASKED) < 1024:
                _ASKED[asked] = found
        return found

    # --- identity and the register --------------------------------------------------------------
    @functools.cached_property
    def players(self) -> int:
        return int(self.data["players"]["count"])

    def holds(self, clause_id: str) -> bool:
        """Whether the ruleset states the clause (its rulebook, its file, or a clause it adopts)."""
        return self.ruleset in load_catalogue().clause(clause_id).rulesets

    def reading(self, key: str) -> str | None:
        """The reading of `key`, or None when the ambiguity does not concern this ruleset."""
        return self.readings.get(key)

    def __post_init__(self) -> None:
        # The rules ask for readings at nearly every action of a replay: the mapping's own `get`
        # answers exactly as the method above, without a Python call around it.
        object.__setattr__(self, "reading", self.readings.get)

    # --- features and their clauses ----------------------------------------------------------------
    def has(self, section: str) -> bool:
        """Whether the ruleset has a feature: muestra, envido, flor, senas, hand_of_ten, iron_hand.
        A reading may add or remove one through the file's `sets` (AMB-32 `flor-in-play` adds the
        flor; AMB-70 `eleven-one-against-one` pairs-only removes the hand of ten and the iron hand)."""
        return self.data.get(section) is not None

    @functools.cached_property
    def turns_up(self) -> bool:
        """Whether a card is turned up after the deal: the muestra (URU-2) or the vira (PAU-2); the
        hand carries it as its muestra card."""
        return self.has("muestra") or self.has("vira")

    @functools.cached_property
    def turned_name(self) -> str:
        """What the turned-up card is called: the file's section that declares it (URU-2 muestra,
        PAU-2 vira); "muestra", the record's field, where none is turned up."""
        return "vira" if self.has("vira") and not self.has("muestra") else "muestra"

    @functools.cached_property
    def turned_clause(self) -> str | None:
        """The clause of the turned-up card (URU-2, PAU-2), where there is one."""
        section = "muestra" if self.has("muestra") else "vira" if self.has("vira") else None
        return self.clause(section) if section else None

    def clause(self, section: str, role: str | None = None) -> str:
        """The clause the file gives for a rule: `clause("deck")`, `clause("truco", "order")`."""
        part = self.data[section]
        if role is None:
            return str(part["clause"])
        return str(part["clauses"][role])

    def clause_or(self, section: str, role: str, default: str) -> str:
        """The file's clause for a rule it may leave out (e.g. TEN-4 where the rulebook has none)."""
        part = self.data.get(section) or {}
        return str((part.get("clauses") or {}).get(role, default))

    def reading_clause(self, key: str) -> str | None:
        """The clause of this ruleset that states the reading of `key` in force, where its file
        names one (only for the default reading: a switched reading is the register's, not the
        ruleset's)."""
        entry = self.data["readings"].get(key) or {}
        if "clause" in entry and str(entry["default"]) == self.readings.get(key):
            return str(entry["clause"])
        return None

    # --- the deck ----------------------------------------------------------------------------------
    @functools.cached_property
    def deck(self) -> Deck:
        d = self.data["deck"]
        ranks, suits = tuple(d["ranks"]), tuple(d["suits"])
        names = tuple(r + s for r in ranks for s in suits)
        index = {r + s: (i, j) for i, r in enumerate(ranks) for j, s in enumerate(suits)}
        in_play = frozenset(names) - frozenset(d.get("exclude", ()))
        return Deck(ranks, suits, names, in_play, index)

    @functools.cached_property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """The strength groups, strongest first, as cards."""
        index = self.deck.index
        return tuple(tuple(index[c] for c in g) for g in self.data["strength"]["groups"])

    @functools.cached_property
    def ladder(self) -> tuple[int, ...]:
        """The hand's opening value, then the value of each call in order."""
        t = self.data["truco"]
        return (int(t["opening"]["value"]), *(int(c["value"]) for c in t["calls"]))


# Rules.of by what was asked (every record of a file asks the same): the register's checks ran
# the first time; only names that resolved are kept.
_ASKED: dict[tuple[str, tuple[tuple[str, str], ...], int], Rules] = {}


@functools.lru_cache(maxsize=256)
def _rules(ruleset: str, readings: tuple[tuple[str, str], ...], _generation: int) -> Rules:
    # Keyed by the catalogue too: adding a ruleset file reloads it.
    rs = load_catalogue().ruleset(ruleset)
    full = dict(readings)
    return Rules(ruleset, full, rs.file.resolved(full))
