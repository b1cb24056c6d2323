"""The rulesets the engine plays, read from ruleset files, and the register readings it implements.

A ruleset is a file (`truco-ruleset/1`). The files shipped under spec/data/rulesets are read on
first use, by path (the engine never imports the spec); `load_ruleset_file` adds one more. The
reading table below is the engine's own encoding of the ambiguity register: a test checks that it
agrees with spec/data/ambiguities.yaml on keys, readings and their order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from truco_rules.engine.actions import intern_cards, on_unknown_card
from truco_rules.engine.errors import RulesetFileError, UnknownReadingError, UnknownRulesetError
from truco_rules.engine.features import read_features
from truco_rules.engine.ruleset_file import FORMAT, FieldReader, apply_sets, line_of, read_document, set_paths

# Register key -> (register ID, the readings it offers, in the register's order).
READINGS: Mapping[str, tuple[str, tuple[str, ...]]] = MappingProxyType({
    "all-rounds-tied": ("AMB-1", ("nobody-scores", "dealer-side-wins", "starter-side-wins")),
    "split-then-tie": ("AMB-2", ("first-round-winner", "last-winner-before-tie")),
    "first-two-tied": ("AMB-3", ("third-round-decides",)),
    "hand-length": ("AMB-4", ("ends-when-decided", "always-three-rounds")),
    "partner-tie": ("AMB-5", ("pair-wins", "tie")),
    "covered-card": ("AMB-6", ("worth-nothing", "concedes-hand")),
    "covering": ("AMB-7", ("allowed", "not-allowed")),
    "cover-round": ("AMB-8", ("any-round", "not-first-round")),
    "ten-truco": ("AMB-9", ("caller-loses-match", "caller-loses-hand", "refused")),
    "iron-hand": ("AMB-10", ("like-hand-of-ten", "ordinary-hand")),
    "iron-blind": ("AMB-11", ("blind", "open")),
    "ten-choice": ("AMB-12", ("must-play", "may-decline")),
    "deck": ("AMB-13", ("forty-cards", "spanish-without-tens")),
    "round-leader": ("AMB-14", ("winner-leads-tie-same", "winner-leads-tie-first-top")),
    "hand-starter": ("AMB-15", ("rotate-with-play", "rotate-against-play")),
    "bet-responder": ("AMB-16", ("next-opponent",)),
    "deal-size": ("AMB-17", ("three-cards",)),
    "gauderio-target": ("AMB-18", ("24", "30")),
    "match-format": ("AMB-19", ("best-of-one", "best-of-three")),
    "envido-stakes": ("AMB-20", ("classic", "falta-added")),
    "envido-without-pair": ("AMB-21", ("highest-card", "sum-of-cards")),
    "falta-points": ("AMB-22", ("leader-lacks", "winner-lacks", "trailer-lacks")),
    "side-bet-window": ("AMB-23", ("first-card-turn",)),
    "side-bet-ties": ("AMB-24", ("starter-side",)),
    "side-bet-scoring": ("AMB-25", ("immediately", "end-of-hand")),
    "flor-optional": ("AMB-26", ("optional", "mandatory")),
    "flor-refusal": ("AMB-27", ("stake-before-call", "stake-called")),
    "senas": ("AMB-28", ("truthful", "free")),
    "envido-first": ("AMB-29", ("envido-first", "truco-closes-envido")),
    "falta-halves": ("AMB-30", ("to-buenas", "to-target")),
    "flor-over-envido": ("AMB-31", ("flor-replaces-envido", "envido-stands")),
    "flor-in-play": ("AMB-32", ("without-flor", "with-flor")),
    "partida-points": ("AMB-33", ("30", "40", "24", "18")),
    "contraflor-stake": ("AMB-34", ("double-stake", "double-quiero", "three-more")),
    "iron-cards": ("AMB-35", ("played-at-value", "covered")),
    "ciego": ("AMB-36", ("below-threes", "below-twos")),
    "ten-call": ("AMB-37", ("next-step", "truco-by-name", "truco-only")),
    "envido-three-suit": ("AMB-38", ("two-highest", "all-three")),
    "sena-timing": ("AMB-39", ("any-turn", "before-first-card")),
    "flor-answers": ("AMB-40", ("in-turn",)),
    "card-pairs": ("AMB-41", ("equal", "in-order")),
    "flor-before-truco": ("AMB-42", ("truco-allowed", "flor-first")),
    "raise-cap": ("AMB-43", ("no-cap", "capped")),
    "eleven-decline": ("AMB-44", ("one-point", "three-points")),
    "manilha-velha": ("AMB-45", ("vira", "fixed-manilhas")),
    "partner-truco": ("AMB-46", ("seat-on-turn",)),
    "flor-accepted": ("AMB-50", ("4", "6")),
    "flor-achico": ("AMB-51", ("stake", "stake-and-one")),
    "envido-refusal": ("AMB-54", ("earlier-calls", "earlier-calls-and-one")),
    "mazo-first-round": ("AMB-52", ("envido-point", "hand-value")),
    "flor-window": ("AMB-53", ("before-first-card", "first-round")),
    "contraflor-resto": ("AMB-55", ("falta", "to-target-and-flores")),
    "envido-order": ("AMB-56", ("in-order", "envido-after-real")),
    "mazo-scoring": ("AMB-57", ("turn-or-answer",)),
    "pieza-points": ("AMB-58", ("pieza-and-digits",)),
    "score-cap": ("AMB-59", ("uncapped", "capped")),
    "raise-cap-trailing": ("AMB-60", ("no-cap", "trailing-need")),
    "iron-or-ordinary": ("AMB-61", ("iron-hand", "ordinary-no-truco")),
    "eleven-one-against-one": ("AMB-70", ("played", "pairs-only")),  # only sets the file's sections
    "ten-recurs": ("AMB-71", ("every-hand",)),
})

# The reading in force where a ruleset file does not list a key: the plain rule of the play
# procedure, with no exception to it (a key whose readings only `set` fields of the file needs
# none). A ruleset that wants another reading lists the key.
FALLBACK: Mapping[str, str] = MappingProxyType({
    "all-rounds-tied": "nobody-scores",  # HND-9
    "split-then-tie": "first-round-winner",  # HND-6
    "first-two-tied": "third-round-decides",
    "hand-length": "ends-when-decided",
    "partner-tie": "pair-wins",
    "covered-card": "worth-nothing",  # COV-1: the procedure's general statement
    "covering": "not-allowed",  # cards are played face up unless the file adopts covering
    "cover-round": "any-round",  # the procedure: covering adopted without this key, any round
    "ten-truco": "refused",  # TEN-3 alone: the call is not allowed
    "iron-hand": "like-hand-of-ten",
    "iron-blind": "open",  # blind only where the file says so
    "ten-choice": "must-play",
    "round-leader": "winner-leads-tie-same",
    "hand-starter": "rotate-with-play",
    "bet-responder": "next-opponent",
    "deal-size": "three-cards",
    "envido-stakes": "classic",
    "envido-without-pair": "highest-card",
    "falta-points": "leader-lacks",
    "side-bet-window": "first-card-turn",
    "side-bet-ties": "starter-side",
    "side-bet-scoring": "immediately",
    "flor-optional": "optional",
    "flor-refusal": "stake-before-call",
    "senas": "truthful",
    "envido-first": "truco-closes-envido",  # the window of AMB-23 is all there is
    "falta-halves": "to-target",  # the falta counts to the target
    "flor-over-envido": "envido-stands",
    "contraflor-stake": "double-stake",  # FLR-6 as written: the stake in force, doubled
    "iron-cards": "played-at-value",  # a blind card still counts at its value
    "ten-call": "next-step",  # the order clause: the only call is the ladder's next step
    "envido-three-suit": "two-highest",
    "sena-timing": "any-turn",
    "flor-answers": "in-turn",
    "flor-before-truco": "truco-allowed",  # only playing a card waits for a mandatory flor (AMB-26)
    "raise-cap": "no-cap",  # the ladder's top is the only cap
    "partner-truco": "seat-on-turn",  # BET-1: the seat to play calls
    "mazo-first-round": "hand-value",  # a mazo scores what the hand is worth, nothing more
    "flor-window": "before-first-card",  # AMB-23's window: flor before the seat's first card
    "flor-achico": "stake",  # FLR-8: the singer's side scores the stake in force
    "envido-refusal": "earlier-calls",  # AMB-20 classic: the calls accepted before the refused one
    "contraflor-resto": "falta",  # FLR-6: contraflor al resto stakes the falta
    "envido-order": "in-order",  # the calls the file's envido `then` lists give
    "mazo-scoring": "turn-or-answer",  # a mazo loses the hand at its value, or refuses the call
    "pieza-points": "pieza-and-digits",  # the pieza whole, the rest as two cards of a suit add
    "score-cap": "uncapped",  # every point won counts (MAT-1: '12 points (or more)')
    "raise-cap-trailing": "no-cap",  # the ladder's top is the only cap
    "iron-or-ordinary": "iron-hand",  # both sides at the hand of ten's score: the iron hand (IRN-1)
    "ten-recurs": "every-hand",  # TEN-1: the score at the start of a hand makes it a hand of ten
})

_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
BUILTIN_DIR = Path(__file__).resolve().parent.parent / "spec" / "data" / "rulesets"


@dataclass(frozen=True, eq=False)
class Ruleset:
    """One ruleset file: its identity, its default reading of every key it lists, and its data.

    Rulesets compare by identity: one object per loaded file."""

    name: str
    code: str
    doc: str | None  # the rulebook of spec/sources it encodes ("000"), or None for published rules
    players: int  # SET-1, SET-2: 2, 4 or 6
    title: str  # in English
    family: str  # in English, for messages ("Truco Mineiro")
    defaults: Mapping[str, str] = field(repr=False)
    data: Mapping[str, Any] = field(repr=False)
    file: str = field(default="", repr=False)  # how errors name the file
    text: str | None = field(default=None, repr=False)  # the YAML text, for the line of a field

    @property
    def ladder(self) -> tuple[int, ...]:
        """The opening value and each call's value (VAL-1, VAL-2, BET-6, BET-9)."""
        truco = self.data["truco"]
        return (truco["opening"]["value"], *(c["value"] for c in truco["calls"]))

    def resolve(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """The full reading map: defaults plus `overrides`, each checked against the register keys
        that apply to this ruleset. Raises UnknownReadingError naming the valid choices."""
        readings = dict(self.defaults)
        for key, reading in (overrides or {}).items():
            if key not in self.defaults:
                raise UnknownReadingError(f"reading key for {self.name}", str(key), self.defaults)
            choices = READINGS[key][1]
            if reading not in choices:
                raise UnknownReadingError(f"reading for {key}", str(reading), choices)
            readings[key] = reading
        return readings

    def document(self, readings: Mapping[str, str]) -> dict[str, Any]:
        """The file's data with what the chosen readings `set` applied."""
        return apply_sets(self.data, readings)


class _Registry(Mapping[str, Ruleset]):
    """Every loaded ruleset by name; the shipped files are read on first use."""

    def __init__(self) -> None:
        self._by_name: dict[str, Ruleset] = {}
        self._loaded = False

    def _ensure(self) -> dict[str, Ruleset]:
        if not self._loaded:
            self._loaded = True
            shipped = [_read(p, p.name, strict=False) for p in sorted(BUILTIN_DIR.glob("*.yaml"))]
            # The rulebooks' rulesets in rulebook order, then the others by name.
            for rs in sorted(shipped, key=lambda r: (r.doc is None, r.doc or "", r.name)):
                self._by_name.setdefault(rs.name, rs)
        return self._by_name

    def __getitem__(self, name: str) -> Ruleset:
        return self._ensure()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ensure())

    def __len__(self) -> int:
        return len(self._ensure())

    def __repr__(self) -> str:
        return f"<rulesets {', '.join(self)}>"

    def add(self, ruleset: Ruleset, replace: bool) -> None:
        by_name = self._ensure()
        old = by_name.get(ruleset.name)
        if old is not None and not replace and old.data != ruleset.data:
            raise RulesetFileError(ruleset.file, "name",
                                   f"a different ruleset called {ruleset.name!r} is already loaded "
                                   f"({old.file}); rename it", _line(ruleset, "name"))
        if old is None or replace:
            by_name[ruleset.name] = ruleset


RULESETS: Mapping[str, Ruleset] = _Registry()


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`; UnknownRulesetError names the valid ones."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise UnknownRulesetError("ruleset", str(name), RULESETS) from None


def load_ruleset_file(path: str | Path, *, replace: bool = False) -> str:
    """Read, check and register one ruleset file; returns its name (for `Game.new`).

    RulesetFileError names the file, the field and its line when the file cannot be used; nothing
    of it is loaded then. Loading the same file again is harmless; a different file with the name
    of a loaded ruleset is an error unless `replace`."""
    path = Path(path)
    ruleset = _read(path, str(path), strict=True)
    RULESETS.add(ruleset, replace)  # type: ignore[attr-defined]
    _intern_cards(ruleset)
    return ruleset.name


def _read(path: Path, display: str, *, strict: bool) -> Ruleset:
    data, text = read_document(path, display, strict=strict)
    r = FieldReader(data, display, text)
    if data.get("format") != FORMAT:
        raise r.fail("format", f"must be {FORMAT!r}")
    name = r.text("name")
    if not _NAME.match(name):
        raise r.fail("name", f"{name!r} is not a ruleset name (lowercase words joined by '-')")
    origin = r.mapping("origin")
    doc = r.text("origin.rulebook") if "rulebook" in origin else None
    defaults = _defaults(r)
    ruleset = Ruleset(
        name=name, code=r.text("code"), doc=doc, players=r.integer("players.count"),
        title=_english(r, "title"), family=_english(r, "family"),
        defaults=MappingProxyType(defaults), data=data, file=display, text=text,
    )
    # Every reading that changes the file must leave a file the engine can play.
    read_features(ruleset.document(defaults), display, text)
    for key in defaults:
        for reading, changes in (data["readings"][key].get("sets") or {}).items():
            enabling = _enablers(data, key, changes)
            read_features(ruleset.document({**defaults, **enabling, key: str(reading)}), display, text)
    return ruleset


def _earlier_sets(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """`data` with every reading's `sets` of the entries listed before `key` applied: where a
    reading of `key` may set fields (the file's, or a section an earlier reading adds)."""
    earlier: list[tuple[str, Any]] = []
    for other, entry in (data.get("readings") or {}).items():
        if other == key:
            break
        for changes in ((entry.get("sets") or {}) if isinstance(entry, Mapping) else {}).values():
            earlier += [(str(dotted), value) for dotted, value in (changes or {}).items()
                        if value is not None]  # a removal adds no field
    return set_paths(data, earlier)


def _enablers(data: Mapping[str, Any], key: str, changes: Mapping[str, Any]) -> dict[str, str]:
    """Readings of earlier entries that add a section `changes` sets fields of, so that each
    reading is checked where it has an effect (AMB-50 4 with AMB-32 with-flor)."""
    out: dict[str, str] = {}
    for other, entry in (data.get("readings") or {}).items():
        if other == key:
            break
        for reading in ((entry.get("sets") or {}) if isinstance(entry, Mapping) else {}):
            with_it = apply_sets(data, {other: str(reading)})
            if any(not _settable(data, str(d)) and _settable(with_it, str(d)) for d in changes):
                out[str(other)] = str(reading)
    return out


def _english(r: FieldReader, field: str) -> str:
    value = r.raw(field)
    if isinstance(value, Mapping):
        return r.text(f"{field}.en")
    return r.text(field)


def _defaults(r: FieldReader) -> dict[str, str]:
    out = {}
    for key in r.mapping("readings"):
        where = f"readings.{key}"
        if key not in READINGS:
            raise r.fail(where, f"{key!r} is not a register key the engine implements "
                                f"({', '.join(READINGS)})")
        choices = READINGS[key][1]
        default = r.text(f"{where}.default")
        if default not in choices:
            raise r.fail(f"{where}.default", f"{default!r} is not a reading of {key} ({', '.join(choices)})")
        sets = r.mapping(f"{where}.sets", {})
        for reading in sets:
            if str(reading) not in choices:
                raise r.fail(f"{where}.sets.{reading}", f"{reading!r} is not a reading of {key} "
                                                        f"({', '.join(choices)})")
            for dotted in r.mapping(f"{where}.sets.{reading}"):
                if not _settable(_earlier_sets(r.data, str(key)), str(dotted)):
                    raise r.fail(f"{where}.sets.{reading}.{dotted}",
                                 f"{dotted!r} does not name a field of this file")
        out[str(key)] = default
    return out


def _settable(data: Mapping[str, Any], dotted: str) -> bool:
    """A dotted path whose parent exists (the field itself may be new, e.g. deck.exclude)."""
    target: Any = data
    for part in dotted.split(".")[:-1]:
        if not isinstance(target, Mapping) or part not in target:
            return False
        target = target[part]
    return isinstance(target, Mapping)


def _line(ruleset: Ruleset, field: str) -> int | None:
    return line_of(ruleset.text, field) if ruleset.text else None


def _intern_cards(ruleset: Ruleset) -> None:
    """Make the card actions of this ruleset's deck parseable (`Action.parse('play 4C')`)."""
    deck = ruleset.data["deck"]
    intern_cards(str(r) + str(s) for r in deck["ranks"] for s in deck["suits"])


def intern_all_cards() -> None:
    """The card actions of every loaded ruleset (Action.parse calls this on an unknown card)."""
    for ruleset in RULESETS.values():
        _intern_cards(ruleset)


on_unknown_card(intern_all_cards)
