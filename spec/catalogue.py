"""The clause catalogue, the ambiguity register and the rulesets, loaded from `spec/data/`.

This module is the spec's single door to its data: the rulebooks (`spec/sources/`), the clauses
that quote them, the register of ambiguities with their readings, and the rulesets: one file each
under `spec/data/rulesets/` (plus any file added with `add_ruleset_file`), each stating its game
as data, the clauses it holds and its default reading of every ambiguity that concerns it.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from truco_rules.spec.clause_ids import CLAUSE_ID_RE
from truco_rules.spec.ruleset_file import (
    RULESETS_DIR,
    RulesetFile,
    RulesetFileError,
    adoption_publication,
    load_ruleset_file,
)

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
SOURCES_DIR = PACKAGE_DIR / "sources"
EDITORIAL_DIR = PACKAGE_DIR / "editorial"
SCHEMAS_DIR = PACKAGE_DIR / "schemas"

LANGUAGES: tuple[str, ...] = ("es", "en", "it", "pt")
KINDS: tuple[str, ...] = ("definition", "setup", "play", "betting", "scoring", "ending", "signals")
AMBIGUITY_KINDS: tuple[str, ...] = ("conflict", "internal", "gap", "option")

AMBIGUITY_ID_RE = re.compile(r"^AMB-\d+$")
# Where a reading comes from, one mark each: a rulebook sentence says it (its quotes), a named
# publication says it (its words), a named engine does it where no publication says it (the file
# and the test that show it), or nothing says it and the register chose it (and says why).
READING_MARKS: tuple[str, ...] = ("quoted", "published", "engine", "choice")

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
        if near:
            hint = f"did you mean {near[0]!r}?"
        elif len(choices) > MAX_LISTED:  # the 90 clause IDs on one line help nobody: the nearest few
            hint = f"the nearest: {', '.join(_nearest(name, choices))} ({len(choices)} in all)"
        else:
            hint = f"valid choices: {', '.join(choices)}"
        super().__init__(f"unknown {what} {name!r}; {hint}")


MAX_LISTED = 12  # an unknown name lists every valid one up to this many


def _nearest(name: str, choices: list[str], n: int = 5) -> list[str]:
    """The few choices nearest to `name`: for an ID (BETX-44), those of the nearest rule area,
    nearest number first; else the most alike."""
    m = re.match(r"^([A-Z]+)-?([0-9]*)$", name.strip().upper())
    areas = sorted({c.split("-", 1)[0] for c in choices if "-" in c})
    area = difflib.get_close_matches(m[1], areas, n=1, cutoff=0.5) if m else []
    if m and area:
        same = [c for c in choices if c.startswith(area[0] + "-") and c.split("-", 1)[1].isdigit()]
        if m[2]:
            same.sort(key=lambda c: abs(int(c.split("-", 1)[1]) - int(m[2])))
        return same[:n]
    return difflib.get_close_matches(name.upper(), choices, n=n, cutoff=0.0)


@dataclass(frozen=True)
class Source:
    """A rulebook: its short code ("000"), its file name, language and verbatim text."""

    code: str
    filename: str
    text: str

    @property
    def path(self) -> Path:
        return SOURCES_DIR / self.filename

    @property
    def title(self) -> str:
        """The rulebook's own title, its first line ("Reglas del Juego Truco Mineiro Mano a Mano"):
        where the text is damaged, as its editorial reading restores it, page artefacts left out."""
        text = editorial_text(self.code) or self.text
        first = next(line for line in text.splitlines() if line.strip())
        return re.sub(r"\s*⟦[^⟧]*⟧", "", first).strip()


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
class Publication:
    """Published rules that a file-defined ruleset names as its source (not a rulebook of spec/sources)."""

    id: str
    title: str
    publisher: str
    url: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class AlsoPublished:
    """A further publication that states part of a ruleset file's clause, with its own words."""

    publication: Publication
    section: str | None
    words: str


@dataclass(frozen=True)
class Clause:
    id: str
    kind: str
    title: Text
    text: Text
    rulesets: tuple[str, ...]  # full ruleset names
    sources: tuple[Quote, ...]
    # A clause of a ruleset file: stated by published rules, not quoted from a rulebook.
    published: tuple[Publication, str | None] | None = None  # the publication and the section
    # The publication's own words that state it (its `source.words` in the ruleset file), if stored.
    published_words: str | None = None
    # Further publications that state parts of it, each with its words (`source.also`).
    also_published: tuple[AlsoPublished, ...] = ()
    # ruleset -> the publication that states the clause for it
    adopted: Mapping[str, Publication] = field(default_factory=dict)
    # ruleset -> that publication's own words for the rule, where the ruleset file quotes them
    adopted_words: Mapping[str, str] = field(default_factory=dict)

    def docs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(q.doc for q in self.sources))


@dataclass(frozen=True)
class PublishedWords:
    """What a publication beyond the four rulebooks says for a reading (not a rulebook quote)."""

    title: str
    publisher: str
    url: str | None
    words: str


@dataclass(frozen=True)
class EngineCitation:
    """A Truco engine that plays a reading no publication states: its name and version, where its
    code is read, and the line and the test of its own that show the reading (its code, not a
    rulebook quote)."""

    name: str
    version: str
    url: str
    file: str  # the source file, a path in the repository at `commit`
    code: str  # the line of that file that does what the reading says, verbatim
    test: str  # the engine's own test of it: file and test name
    commit: str | None = None


@dataclass(frozen=True)
class Outside:
    """What a reading takes from beyond the four rulebooks, named as such (never as a quote): the
    outside source (a publication, a practice, or "not in the sources" and why), the clauses of a
    ruleset written from published rules that state it, and the values of the reading's summary
    that no quote of the reading gives."""

    source: Text
    clauses: tuple[str, ...] = ()
    adds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reading:
    name: str
    summary: Text
    sources: tuple[Quote, ...]  # empty: not in the four rulebooks
    published: tuple[PublishedWords, ...] = ()  # publications that state it (rulesets beyond the rulebooks)
    # The words of `sources` that say what the reading claims (each within one of its quotes).
    claims: tuple[str, ...] = ()
    outside: Outside | None = None
    mark: str = ""  # one of READING_MARKS: what vouches for the reading
    engines: tuple[EngineCitation, ...] = ()  # engines that play it (mark `engine`)



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
    """A ruleset: its identity, its rulebook (or published sources) and its data (the file)."""

    name: str
    code: str
    doc: str | None  # the rulebook of spec/sources it encodes; None for published rules
    players: int
    language: str
    title: Text
    family: Text
    file: RulesetFile = field(repr=False)
    publications: tuple[Publication, ...] = ()

    @property
    def data(self) -> Mapping[str, Any]:
        return self.file.data


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

    def concerning(self, ruleset: str) -> frozenset[str]:
        """The clause IDs a count of `ruleset` may name: the clauses it holds, and those of the
        register entries that concern it (a reading switched on brings its clauses: COV-1)."""
        held = {c.id for c in self.clauses_of(ruleset)}
        return frozenset(held | {c for amb in self.ambiguities_of(ruleset) for c in amb.clauses})

    def ambiguities_of(self, ruleset: str) -> list[Ambiguity]:
        self.ruleset(ruleset)
        return [a for a in self.ambiguities.values() if ruleset in a.defaults]

    def quotes_for(self, clause: Clause, ruleset: str) -> list[tuple[Quote, int]]:
        """The clause's quotes as a report on `ruleset` shows them: those of the ruleset's own
        rulebook (all of them if it has none there), each with the line it starts on."""
        own = self.rulesets[ruleset].doc if ruleset in self.rulesets else ""
        quotes = [q for q in clause.sources if q.doc == own] or list(clause.sources)
        out = []
        for q in quotes:
            text = self.sources[q.doc].text
            out.append((q, text.count("\n", 0, text.find(q.quote)) + 1))
        return out

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


# How each language says that a reading is not in the sources (a choice's reason says so).
NOT_IN_SOURCES: Mapping[str, str] = {"en": "not in the sources", "es": "no está en las fuentes",
                                     "it": "non è nelle fonti", "pt": "não está nas fontes"}


def mark_problems(reading: Reading, sources: Mapping[str, Source]) -> list[str]:
    """What is wrong with a reading's mark: none, an unknown one, or one its data does not support.

    `quoted` needs rulebook quotes, each verbatim in its rulebook's text, and the claims they hold;
    `published` needs a named publication's words and no rulebook quote (that would be quoted);
    `engine` needs a named engine (name, version, address, file, code line and test) and neither a
    rulebook quote nor a publication's words (those would mark it quoted or published);
    `choice` needs neither, and the reason the register gives, saying in every language that the
    reading is not in the sources.
    """
    mark = reading.mark
    if mark not in READING_MARKS:
        return [f"mark {mark!r} is not one of {', '.join(READING_MARKS)}" if mark else "no mark"]
    problems = []
    if mark == "quoted":
        if not reading.sources:
            problems.append("marked quoted without a rulebook quote")
        problems += [f"quote not verbatim in {q.doc}: {q.quote[:60]!r}" for q in reading.sources
                     if q.doc not in sources or q.quote not in sources[q.doc].text]
        if reading.sources and not reading.claims:
            problems.append("marked quoted without the claims its quotes hold")
    elif mark == "published":
        if reading.sources:
            problems.append("marked published, yet a rulebook quote says it: mark it quoted")
        if not reading.published:
            problems.append("marked published without a publication's words")
        problems += [f"a publication without its {what}" for w in reading.published
                     for what, value in (("publisher", w.publisher), ("title", w.title), ("words", w.words))
                     if not str(value or "").strip()]
    elif mark == "engine":
        if reading.sources or reading.published:
            problems.append("marked engine, yet a quote or a publication's words say it: mark it so")
        if not reading.engines:
            problems.append("marked engine without the engine that plays it")
        problems += [f"an engine without its {what}" for e in reading.engines
                     for what, value in (("name", e.name), ("version", e.version), ("url", e.url),
                                         ("file", e.file), ("code", e.code), ("test", e.test))
                     if not str(value or "").strip()]
    else:
        if reading.sources or reading.published or reading.engines:
            problems.append("marked a choice, yet it has a quote, a publication's words or an engine")
        if reading.outside is None:
            problems.append("marked a choice without the register's reason (outside)")
        else:
            problems += [f"its reason ({lang}) does not say it is not in the sources"
                         for lang, phrase in NOT_IN_SOURCES.items()
                         if phrase not in " ".join(reading.outside.source.get(lang, "").lower().split())]
    return problems


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


def _outside(raw: Any, clauses: Mapping[str, Clause], where: str) -> Outside | None:
    if raw is None:
        return None
    missing = [c for c in raw.get("clauses", ()) if c not in clauses]
    if missing:
        raise CatalogueError(f"{where}: unknown clauses {missing}")
    return Outside(source=_text(raw["source"], where), clauses=tuple(raw.get("clauses", ())),
                   adds=tuple(str(v) for v in raw.get("adds", ())))


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


_EXTRA_FILES: list[Path] = []
_generation = [0]  # bumped whenever the set of loaded rulesets changes


def generation() -> int:
    """A number that changes whenever a ruleset file is added (caches of derived data key on it)."""
    return _generation[0]


def add_ruleset_file(path: str | Path) -> str:
    """Load one more ruleset file (as `--ruleset-file` does) and return its name.

    The file is checked in full first (RulesetFileError names the file, field and line); a name
    or code that another loaded ruleset already uses is an error. Loading the same file again is
    harmless. A process started afterwards knows it only when it is given the file
    (`added_ruleset_paths`, `added_ruleset_files`), as the checker's workers are.
    """
    path = Path(path).resolve()
    if path not in _EXTRA_FILES:
        _EXTRA_FILES.append(path)
        _generation[0] += 1
        load_catalogue.cache_clear()
        try:
            cat = load_catalogue()
        except Exception:
            _EXTRA_FILES.remove(path)
            load_catalogue.cache_clear()
            raise
    else:
        cat = load_catalogue()
    return next(rs.name for rs in cat.rulesets.values() if rs.file.path.resolve() == path)


def added_ruleset_paths() -> tuple[Path, ...]:
    """The ruleset files added to this process, in load order: what a process of this machine
    is given to load the same rulesets."""
    return tuple(_added())


def added_ruleset_files() -> tuple[tuple[str, str], ...]:
    """The ruleset files added to this process, as (path, text): what a process on another
    machine needs to load the same rulesets (`add_ruleset_texts`)."""
    return tuple((str(p), p.read_text(encoding="utf-8")) for p in _added())


_FROM_TEXT: dict[tuple[str, str], str] = {}


def add_ruleset_texts(files: tuple[tuple[str, str], ...]) -> list[str]:
    """Load ruleset files given as (file name, text), e.g. in a worker on another machine; their
    names. Each is written to a private folder first, so that errors name the file; the same
    text given again is not loaded twice."""
    import atexit
    import shutil
    import tempfile

    names = []
    for filename, text in files:
        if (filename, text) not in _FROM_TEXT:
            same = _added_with_text(Path(filename).name, text) or _same_file(Path(filename), text)
            if same is not None:  # a worker of this machine has the file already (its parent's)
                _FROM_TEXT[(filename, text)] = add_ruleset_file(same)
            else:
                folder = Path(tempfile.mkdtemp(prefix="truco-rulesets-"))
                # Kept while the process may read the catalogue again, never after it.
                atexit.register(shutil.rmtree, folder, ignore_errors=True)
                path = folder / Path(filename).name
                path.write_text(text, encoding="utf-8")
                _FROM_TEXT[(filename, text)] = add_ruleset_file(path)
        names.append(_FROM_TEXT[(filename, text)])
    return names


def _same_file(path: Path, text: str) -> Path | None:
    """`path`, when this machine has it with that very text (a worker beside its parent)."""
    try:
        if path.is_absolute() and path.is_file() and path.read_text(encoding="utf-8") == text:
            return path
    except (OSError, UnicodeDecodeError):
        pass
    return None


def _added_with_text(name: str, text: str) -> Path | None:
    """An added ruleset file of that name and text, if this process has one."""
    for path in _added():
        try:
            if (path.name == name and path.stat().st_size == len(text.encode("utf-8"))
                    and path.read_text(encoding="utf-8") == text):
                return path
        except (OSError, UnicodeDecodeError):
            continue
    return None


def _added() -> list[Path]:
    """The files added to this process, each once, in load order."""
    return list(dict.fromkeys(_EXTRA_FILES))


def ruleset_paths() -> list[Path]:
    """The built-in ruleset files, then the added ones, in load order."""
    return sorted(RULESETS_DIR.glob("*.yaml")) + _added()


def _publications(data: Mapping[str, Any]) -> tuple[Publication, ...]:
    return tuple(Publication(id=p["id"], title=p["title"], publisher=p["publisher"], url=p.get("url"),
                             note=p.get("note")) for p in data["origin"].get("published", ()))


@functools.cache
def load_catalogue() -> Catalogue:
    """Load and cross-check the whole catalogue (cached: the data is read once per process)."""
    sources = load_sources()
    raw_clauses = _load_yaml("clauses.yaml")
    raw_register = _load_yaml("ambiguities.yaml")
    register = {str(a["key"]): tuple(str(r["name"]) for r in a["readings"]) for a in raw_register}
    rulesets, local_clauses = _rulesets(sources, register, {str(raw["id"]) for raw in raw_clauses})
    clauses = _clauses(raw_clauses, sources, {rs.code: rs.name for rs in rulesets.values()})
    _add_file_clauses(clauses, rulesets, local_clauses, raw_clauses, raw_register)
    ambiguities, by_key = _register(raw_register, clauses, sources, rulesets)
    return Catalogue(sources=sources, clauses=clauses, ambiguities=ambiguities, rulesets=rulesets,
                     nonnormative=_nonnormative(sources), _by_key=by_key)


def _rulesets(sources: Mapping[str, Source], register: Mapping[str, tuple[str, ...]], quoted_ids: set[str]
              ) -> tuple[dict[str, Ruleset], list[tuple[Ruleset, Mapping[str, Any]]]]:
    """Every ruleset file, checked, in catalogue order; and the clauses the files define."""
    rulesets: dict[str, Ruleset] = {}
    local_clauses: list[tuple[Ruleset, Mapping[str, Any]]] = []
    for path in ruleset_paths():
        taken = quoted_ids | {str(c["id"]) for _, c in local_clauses}
        rf = load_ruleset_file(path, clause_ids=taken, register=register, rulebooks=set(sources),
                               display=_display(path))
        for other in rulesets.values():
            if rf.name == other.name or rf.code == other.code:
                key = "name" if rf.name == other.name else "code"
                raise RulesetFileError(_display(path), (key,), rf.line(key),
                                       f"ruleset {other.name} ({other.code}) already uses this {key}")
        d = rf.data
        rs = Ruleset(name=rf.name, code=rf.code, doc=rf.rulebook, players=rf.players, language=d["language"],
                     title=dict(d["title"]), family=dict(d["family"]), file=rf, publications=_publications(d))
        rulesets[rs.name] = rs
        local_clauses += [(rs, c) for c in d.get("clauses", ())]
    # The four rulebooks' rulesets first, in rulebook order, then the others by name; added files last.
    added = set(_added())
    ordered = dict(sorted(rulesets.items(), key=lambda kv: (
        kv[1].file.path.resolve() in added, kv[1].doc is None, kv[1].doc or "", kv[0])))
    return ordered, local_clauses


def _clauses(raw_clauses: list[Any], sources: Mapping[str, Source], by_code: Mapping[str, str]
             ) -> dict[str, Clause]:
    """The catalogue's clauses (spec/data/clauses.yaml), each with its verbatim quotes."""
    clauses: dict[str, Clause] = {}
    for raw in raw_clauses:
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
    return clauses


def _add_file_clauses(clauses: dict[str, Clause], rulesets: Mapping[str, Ruleset],
                      local_clauses: list[tuple[Ruleset, Mapping[str, Any]]], raw_clauses: list[Any],
                      raw_register: list[Any]) -> None:
    """The clauses ruleset files define, and the catalogue clauses a file-defined ruleset holds."""
    listed_codes = {code for raw in raw_clauses for code in raw["rulesets"]}
    for rs, raw in local_clauses:
        pubs = {p.id: p for p in rs.publications}
        src = raw["source"]
        clauses[raw["id"]] = Clause(
            id=raw["id"], kind=raw["kind"], title=dict(raw["title"]), text=dict(raw["text"]),
            rulesets=(rs.name,), sources=(), published=(pubs[src["publication"]], src.get("section")),
            published_words=src.get("words"),
            also_published=tuple(AlsoPublished(publication=pubs[a["publication"]], section=a.get("section"),
                                               words=a["words"]) for a in src.get("also", ())),
        )
    for rs in rulesets.values():  # clauses of the catalogue that a file-defined ruleset holds too
        pubs = {p.id: p for p in rs.publications}
        for cid, adopted in (rs.data.get("adopts") or {}).items():
            c = clauses[cid]
            words = {rs.name: str(adopted["words"])} if isinstance(adopted, dict) else {}
            pub = pubs[adoption_publication(adopted)]
            clauses[cid] = dataclasses.replace(c, rulesets=(*c.rulesets, rs.name),
                                               adopted={**c.adopted, rs.name: pub},
                                               adopted_words={**c.adopted_words, **words})
        if rs.code not in listed_codes:
            # A ruleset the catalogue's own list does not know (a file of the user's) holds the
            # clauses its file names as the source of one of its rules and, where its origin is a
            # rulebook, that rulebook's clauses which the register entries it reads bear on (the
            # hand's resolution, say: its file has no section for it, only the readings of
            # AMB-1, AMB-2, AMB-3, whose clauses are the rulebook's HND-n).
            held = set(rs.file.referenced_clause_ids())
            if rs.doc is not None:
                read = set(rs.file.data.get("readings") or {})
                held |= {str(cid) for a in raw_register if a["key"] in read for cid in a.get("clauses", ())
                         if str(cid) in clauses and rs.doc in clauses[str(cid)].docs()}
            for cid in sorted(held):
                c = clauses[cid]
                if rs.name not in c.rulesets:
                    clauses[cid] = dataclasses.replace(c, rulesets=(*c.rulesets, rs.name))


def _register(raw_register: list[Any], clauses: Mapping[str, Clause], sources: Mapping[str, Source],
              rulesets: Mapping[str, Ruleset]) -> tuple[dict[str, Ambiguity], dict[str, Ambiguity]]:
    """The ambiguity register, by ID and by key, with each ruleset's default reading and rationale."""
    ambiguities: dict[str, Ambiguity] = {}
    by_key: dict[str, Ambiguity] = {}
    for raw in raw_register:
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
                    sources=_quotes(r["sources"], sources, f"{aid} {r['name']}"),
                    published=tuple(PublishedWords(title=w["title"], publisher=w["publisher"],
                                                   url=w.get("url"), words=w["words"])
                                    for w in r.get("published", ())),
                    claims=tuple(str(c) for c in r.get("claims", ())),
                    outside=_outside(r.get("outside"), clauses, f"{aid} {r['name']} outside"),
                    mark=str(r.get("mark", "")),
                    engines=tuple(EngineCitation(name=str(e["name"]), version=str(e["version"]),
                                                 url=str(e["url"]), file=str(e["file"]), code=str(e["code"]),
                                                 test=str(e["test"]), commit=e.get("commit"))
                                  for e in r.get("engines", ())))
            for r in raw["readings"]
        )
        # Each ruleset states its default reading of the entries that concern it (its file).
        defaults = {rs.name: str(rs.data["readings"][raw["key"]]["default"])
                    for rs in rulesets.values() if raw["key"] in rs.data["readings"]}
        rationale = {rs.name: dict(rs.data["readings"][raw["key"]]["rationale"])
                     for rs in rulesets.values() if raw["key"] in rs.data["readings"]}
        amb = Ambiguity(
            id=aid, key=raw["key"], kind=raw["kind"], clauses=tuple(raw["clauses"]),
            question=_text(raw["question"], f"{aid} question"), readings=readings,
            defaults=defaults, rationale=rationale,
            note=_text(raw["note"], f"{aid} note") if raw.get("note") else None,
        )
        ambiguities[aid] = amb
        by_key[amb.key] = amb

    return ambiguities, by_key


def _nonnormative(sources: Mapping[str, Source]) -> tuple[NonNormative, ...]:
    """The rulebook lines that state no rule (titles, examples), each found in its rulebook."""
    nonnormative = tuple(
        NonNormative(doc=str(doc), line=item["line"], reason=item["reason"])
        for doc, items in _load_yaml("nonnormative.yaml").items()
        for item in items
    )
    for nn in nonnormative:
        if nn.line not in sources[nn.doc].text.splitlines():
            raise CatalogueError(f"non-normative line not in {nn.doc}: {nn.line!r}")

    return nonnormative


def _display(path: Path) -> str:
    """A ruleset file as errors name it: relative to the project for the built-in ones."""
    try:
        return str(path.resolve().relative_to(PACKAGE_DIR.parent))
    except ValueError:
        return str(path)


def editorial_text(code: str) -> str | None:
    """The editorial reading of a damaged rulebook (accents restored, artefacts marked), if any."""
    matches = sorted(EDITORIAL_DIR.glob(f"{code}_*.txt"))
    return matches[0].read_text(encoding="utf-8") if matches else None


def counts_of_ruleset(ruleset: str, counts: Counter[str]) -> Counter[str]:
    """`counts` (clause -> how often a check exercised it) without the catalogue clauses that
    neither `ruleset` nor its register entries hold: a forbidden envido probed in a ruleset
    without envido exercised no envido clause of it (issue 39)."""
    cat = load_catalogue()
    if ruleset not in cat.rulesets:  # a ruleset the catalogue does not know: nothing to filter by
        return counts
    keep = cat.concerning(ruleset)
    return Counter({c: n for c, n in counts.items() if c not in cat.clauses or c in keep})
