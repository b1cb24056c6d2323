"""What the site says about a ruleset's features, read from its file (spec/data/rulesets/NAME.yaml).

The ruleset pages and the comparison table ask here, never the file directly: which features a
ruleset has (muestra, envido, flor, señas, hand of ten, iron hand, halves), its target and
partidas, and which readings of the register change them (a reading's `sets` in the file), each
as the file resolves it under its default readings (truco_rules.spec.rules.ruleset.Rules).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.clause_ids import CLAUSE_ID_RE
from truco_rules.spec.rules.ruleset import Rules

# Feature sections of a ruleset file: present (not null) = the game has the feature.
SECTIONS = ("muestra", "vira", "envido", "flor", "senas", "hand_of_ten", "iron_hand")
# Facts that are a reading of the register, not a section of the file: fact -> (key, the reading
# under which the ruleset has it). Covered cards: AMB-7.
READ_FACTS = {"covered": ("covering", "allowed")}
_READ_KEYS = {key for key, _ in READ_FACTS.values()}
_CLAUSE_ID = CLAUSE_ID_RE
_CLAUSE_KEYS = ("clause", "clauses", "order")


@dataclass(frozen=True)
class Switch:
    """A reading of the register under which a fact of the ruleset is other than by default."""

    key: str  # register key
    reading: str
    value: Any


@dataclass(frozen=True)
class Fact:
    """One fact of a ruleset under its default readings, and the readings that change it."""

    value: Any  # bool for a feature; int for target and partidas; (malas, buenas) or None for halves
    switches: tuple[Switch, ...] = ()


def _facts_of(rules: Rules) -> dict[str, Any]:
    match = rules.data["match"]
    target, halves = int(match["target"]), match.get("halves")
    out: dict[str, Any] = {s: rules.has(s) for s in SECTIONS}
    out.update({f: rules.readings.get(key) == reading for f, (key, reading) in READ_FACTS.items()})
    out.update(
        halves=None if halves is None else (int(halves), target - int(halves)),
        target=target,
        partidas=int(match["partidas"]),
    )
    return out


def facts(ruleset: str) -> dict[str, Fact]:
    """Each fact (the feature sections, halves, target, partidas) with the readings that change it."""
    rules = Rules.of(ruleset)
    default = _facts_of(rules)
    switches: dict[str, list[Switch]] = {k: [] for k in default}
    cat = load_catalogue()
    for key, entry in rules.data["readings"].items():
        # The readings that change the file (`sets`), and every reading of a key a fact reads.
        others = ([r.name for r in cat.ambiguity(key).readings] if key in _READ_KEYS
                  else entry.get("sets") or {})
        for reading in others:
            if str(reading) == rules.readings.get(key):
                continue
            other = _facts_of(Rules.of(ruleset, {key: str(reading)}))
            for fact, value in other.items():
                if value != default[fact]:
                    switches[fact].append(Switch(key, str(reading), value))
    return {k: Fact(v, tuple(switches[k])) for k, v in default.items()}


def clause_ids(part: Any, key: str = "") -> list[str]:
    """The clause IDs a part of a ruleset file names as the source of its rules (values of the keys
    `clause` and `order`, and of every mapping under `clauses`), in file order; `key`: the part's own
    key, for a part that is itself such a value."""
    found: list[str] = []

    def walk(node: Any, key: str) -> None:
        if isinstance(node, Mapping):
            for k, v in node.items():
                walk(v, "clauses" if key == "clauses" else str(k))
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in _CLAUSE_KEYS and _CLAUSE_ID.match(node) and node not in found:
            found.append(node)

    walk(part, key)
    return found


def cited_in(ruleset: str) -> Iterator[tuple[str, str]]:
    """(clause ID, where) for every clause the file cites: `where` is a section of the file
    ("deck", "truco", ...) or, for a register entry's clause, "reading:<key>"; the sections a
    reading's `sets` fills in count as those sections."""
    data = load_catalogue().ruleset(ruleset).data
    for section, part in data.items():
        if section in ("readings", "clauses", "adopts"):
            continue
        for cid in clause_ids(part):
            yield cid, section
    for key, entry in data["readings"].items():
        for cid in clause_ids({"clause": entry.get("clause")}):
            yield cid, f"reading:{key}"
        for sets in (entry.get("sets") or {}).values():
            for dotted, value in sets.items():  # "match.clauses.target": MAT-4, or a whole section
                parts = dotted.split(".")
                inner = "clauses" if "clauses" in parts[1:-1] else parts[-1] if len(parts) > 1 else ""
                for cid in clause_ids(value, inner):
                    yield cid, parts[0]
