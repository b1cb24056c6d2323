"""The clause catalogue, the ambiguity register and the rulesets, loaded from `spec/data/`.

This module is the spec's single door to its data: the rulebooks (`spec/sources/`), the clauses
that quote them, the register of ambiguities with their readings, and the four rulesets, each the
set of clauses it holds plus its reading of every ambiguity that concerns it.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
SOURCES_DIR = PACKAGE_DIR / "sources"
EDITORIAL_DIR = PACKAGE_DIR / "editorial"
SCHEMAS_DIR = PACKAGE_DIR / "schemas"

LANGUAGES: tuple[str, ...] = ("es", "en", "it", "pt")
KINDS: tuple[str, ...] = ("definition", "setup", "play", "betting", "scoring", "ending", "signals")
AMBIGUITY_KINDS: tuple[str, ...] = ("conflict", "internal", "gap", "option")

CLAUSE_ID_RE = re.compile(r"^[A-Z]{2,5}-\d+$")
AMBIGUITY_ID_RE = re.compile(r"^AMB-\d+$")

Text = Mapping[str, str]  # language code -> text


class CatalogueError(Exception):
    """The catalogue's data is inconsistent (a broken quote, an unknown reference, ...)."""


class UnknownNameError(LookupError):
    """A clause ID, ruleset, language or reading that does not exist; the message names the choices."""

    def __init__(self, what: str, name: str, choices: list[str]) -> None:
        self.what, self.name, self.choices = what, name, choices
        near = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
        if not near and name.upper() in choices:
            near = [name.upper()]
        hint = f"did you mean {near[0]!r}?" if near else f"valid choices: {', '.join(choices)}"
        super().__init__(f"unknown {what} {name!r}; {hint}")


@dataclass(frozen=True)
class Source:
    """A rulebook: its short code ("000"), its file name, language and verbatim text."""

    code: str
    filename: str
    text: str

    @property
    def path(self) -> Path:
        return SOURCES_DIR / self.filename


@dataclass(frozen=True)
class Quote:
    """A verbatim passage of one rulebook: `quote` is an exact substring of the source `doc`."""

    doc: str  # short code: "000"
    quote: str

    def spans(self, source: Source) -> list[tuple[int, int]]:
        """Every (start, end) character span where the quote occurs in its source."""
        spans, start = [], source.text.find(self.quote)
        while start != -1:
            spans.append((start, start + len(self.quote)))
            start = source.text.find(self.quote, start + 1)
        return spans


@dataclass(frozen=True)
class Clause:
    id: str
    kind: str
    title: Text
    text: Text
    rulesets: tuple[str, ...]  # full ruleset names
    sources: tuple[Quote, ...]

    def docs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(q.doc for q in self.sources))


@dataclass(frozen=True)
class Reading:
    name: str
    summary: Text
    sources: tuple[Quote, ...]  # empty: not in the sources, taken from common practice


@dataclass(frozen=True)
class Ambiguity:
    id: str
    key: str
    kind: str
    clauses: tuple[str, ...]
    question: Text
    readings: tuple[Reading, ...]
    defaults: Mapping[str, str]  # ruleset name -> reading name
    rationale: Mapping[str, Text]  # ruleset name -> why that default
    note: Text | None = None

    def reading(self, name: str) -> Reading:
        for r in self.readings:
            if r.name == name:
                return r
        raise UnknownNameError(f"reading of {self.key}", name, [r.name for r in self.readings])


@dataclass(frozen=True)
class Ruleset:
    name: str
    code: str
    doc: str
    variant: str
    players: int
    language: str
    title: Text


@dataclass(frozen=True)
class NonNormative:
    doc: str
    line: str
    reason: str


@dataclass(frozen=True)
class Catalogue:
    sources: Mapping[str, Source]
    clauses: Mapping[str, Clause]
    ambiguities: Mapping[str, Ambiguity]
    rulesets: Mapping[str, Ruleset]
    nonnormative: tuple[NonNormative, ...]
    _by_key: Mapping[str, Ambiguity] = field(repr=False, default_factory=dict)

    # --- lookups that fail with the valid choices -------------------------------------------
    def clause(self, clause_id: str) -> Clause:
        found = self.clauses.get(clause_id) or self.clauses.get(clause_id.strip().upper())
        if found is None:
            raise UnknownNameError("clause", clause_id, list(self.clauses))
        return found

    def ruleset(self, name: str) -> Ruleset:
        if name in self.rulesets:
            return self.rulesets[name]
        raise UnknownNameError("ruleset", name, list(self.rulesets))

    def ambiguity(self, key_or_id: str) -> Ambiguity:
        found = self._by_key.get(key_or_id) or self.ambiguities.get(key_or_id.upper())
        if found is None:
            raise UnknownNameError("ambiguity", key_or_id, list(self._by_key))
        return found

    # --- views ------------------------------------------------------------------------------
    def clauses_of(self, ruleset: str) -> list[Clause]:
        self.ruleset(ruleset)
        return [c for c in self.clauses.values() if ruleset in c.rulesets]

    def ambiguities_of(self, ruleset: str) -> list[Ambiguity]:
        self.ruleset(ruleset)
        return [a for a in self.ambiguities.values() if ruleset in a.defaults]

    def ambiguities_of_clause(self, clause_id: str) -> list[Ambiguity]:
        return [a for a in self.ambiguities.values() if clause_id in a.clauses]

    def readings(self, ruleset: str, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """The reading of every ambiguity that concerns `ruleset`: its defaults, then `overrides`.

        Raises UnknownNameError for a key that does not concern the ruleset or a reading that
        the register does not list.
        """
        chosen = {a.key: a.defaults[ruleset] for a in self.ambiguities_of(ruleset)}
        for key, reading in (overrides or {}).items():
            if key not in chosen:
                raise UnknownNameError(f"ambiguity key for {ruleset}", key, sorted(chosen))
            chosen[key] = self.ambiguity(key).reading(reading).name
        return chosen


def _text(raw: Any, where: str) -> Text:
    if not isinstance(raw, dict) or not raw:
        raise CatalogueError(f"{where}: expected a mapping of language to text")
    for lang, value in raw.items():
        if lang not in LANGUAGES or not isinstance(value, str) or not value.strip():
            raise CatalogueError(f"{where}: bad entry for language {lang!r}")
    return dict(raw)


def _quotes(raw: Any, sources: Mapping[str, Source], where: str) -> tuple[Quote, ...]:
    quotes = []
    for item in raw or ():
        quote = Quote(doc=str(item["doc"]), quote=item["quote"])
        if quote.doc not in sources:
            raise CatalogueError(f"{where}: unknown source {quote.doc!r}")
        if quote.quote not in sources[quote.doc].text:
            raise CatalogueError(f"{where}: quote not found verbatim in {quote.doc}: {quote.quote[:60]!r}")
        quotes.append(quote)
    return tuple(quotes)


def _load_yaml(name: str) -> Any:
    # libyaml's parser where PyYAML has it: the pure-Python one costs most of a command's start-up.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with (DATA_DIR / name).open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=loader)


def load_sources() -> dict[str, Source]:
    sources = {}
    for path in sorted(SOURCES_DIR.glob("*.txt")):
        code = path.name.split("_", 1)[0]
        sources[code] = Source(code=code, filename=path.name, text=path.read_text(encoding="utf-8"))
    return sources


@functools.cache
def load_catalogue() -> Catalogue:
    """Load and cross-check the whole catalogue (cached: the data is read once per process)."""
    sources = load_sources()
    rulesets = {}
    for raw in _load_yaml("rulesets.yaml"):
        rs = Ruleset(
            name=raw["name"], code=raw["code"], doc=str(raw["doc"]), variant=raw["variant"],
            players=int(raw["players"]), language=raw["language"],
            title=_text(raw["title"], f"ruleset {raw['name']}"),
        )
        rulesets[rs.name] = rs
    by_code = {rs.code: rs.name for rs in rulesets.values()}

    clauses: dict[str, Clause] = {}
    for raw in _load_yaml("clauses.yaml"):
        cid = raw["id"]
        if not CLAUSE_ID_RE.match(cid) or cid in clauses:
            raise CatalogueError(f"bad or duplicate clause id {cid!r}")
        if raw["kind"] not in KINDS:
            raise CatalogueError(f"{cid}: unknown kind {raw['kind']!r}")
        unknown = [code for code in raw["rulesets"] if code not in by_code]
        if unknown:
            raise CatalogueError(f"{cid}: unknown ruleset codes {unknown}")
        clauses[cid] = Clause(
            id=cid, kind=raw["kind"], title=_text(raw["title"], f"{cid} title"),
            text=_text(raw["text"], f"{cid} text"),
            rulesets=tuple(by_code[code] for code in raw["rulesets"]),
            sources=_quotes(raw["sources"], sources, cid),
        )

    ambiguities: dict[str, Ambiguity] = {}
    by_key: dict[str, Ambiguity] = {}
    for raw in _load_yaml("ambiguities.yaml"):
        aid = raw["id"]
        if not AMBIGUITY_ID_RE.match(aid) or aid in ambiguities or raw["key"] in by_key:
            raise CatalogueError(f"bad or duplicate ambiguity {aid!r} / {raw['key']!r}")
        if raw["kind"] not in AMBIGUITY_KINDS:
            raise CatalogueError(f"{aid}: unknown kind {raw['kind']!r}")
        missing = [c for c in raw["clauses"] if c not in clauses]
        if missing:
            raise CatalogueError(f"{aid}: unknown clauses {missing}")
        readings = tuple(
            Reading(name=str(r["name"]), summary=_text(r["summary"], f"{aid} {r['name']}"),
                    sources=_quotes(r["sources"], sources, f"{aid} {r['name']}"))
            for r in raw["readings"]
        )
        names = [r.name for r in readings]
        defaults, rationale = {}, {}
        for rs_name, d in raw["defaults"].items():
            if rs_name not in rulesets:
                raise CatalogueError(f"{aid}: default for unknown ruleset {rs_name!r}")
            if str(d["reading"]) not in names:
                raise CatalogueError(f"{aid}: default {d['reading']!r} is not one of {names}")
            defaults[rs_name] = str(d["reading"])
            rationale[rs_name] = _text(d["rationale"], f"{aid} rationale {rs_name}")
        amb = Ambiguity(
            id=aid, key=raw["key"], kind=raw["kind"], clauses=tuple(raw["clauses"]),
            question=_text(raw["question"], f"{aid} question"), readings=readings,
            defaults=defaults, rationale=rationale,
            note=_text(raw["note"], f"{aid} note") if raw.get("note") else None,
        )
        ambiguities[aid] = amb
        by_key[amb.key] = amb

    nonnormative = tuple(
        NonNormative(doc=str(doc), line=item["line"], reason=item["reason"])
        for doc, items in _load_yaml("nonnormative.yaml").items()
        for item in items
    )
    for nn in nonnormative:
        if nn.line not in sources[nn.doc].text.splitlines():
            raise CatalogueError(f"non-normative line not in {nn.doc}: {nn.line!r}")

    return Catalogue(sources=sources, clauses=clauses, ambiguities=ambiguities, rulesets=rulesets,
                     nonnormative=nonnormative, _by_key=by_key)


def editorial_text(code: str) -> str | None:
    """The editorial reading of a damaged rulebook (accents restored, artefacts marked), if any."""
    matches = sorted(EDITORIAL_DIR.glob(f"{code}_*.txt"))
    return matches[0].read_text(encoding="utf-8") if matches else None
