"""Ruleset files (`spec/data/rulesets/NAME.yaml`, or any file given with `--ruleset-file`).

A ruleset file states a variant of Truco as data (spec/schemas/ruleset.schema.json). This module
reads one, checks it against the schema and against what a schema cannot say (a card in two
strength groups, a ladder that does not increase, a call that answers itself only once, ...), and gives
every error as one line naming the file, the field's path and its line. Nothing is half-loaded:
a file is either wholly valid or refused.

Checks that need the catalogue (clause IDs, register keys and readings) take it as arguments, so
this module does not depend on the catalogue's own loading.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "ruleset.schema.json"
RULESETS_DIR = Path(__file__).resolve().parent / "data" / "rulesets"
FORMAT = "truco-ruleset/1"

PathKey = tuple[str | int, ...]

# The register keys the play procedure (docs/en/guide/procedure.md) reads for each feature a ruleset
# may have: a file with the feature states its default reading of each (never a silent default).
NEEDED_READINGS: dict[str, tuple[str, ...]] = {
    "": ("all-rounds-tied", "split-then-tie", "first-two-tied", "hand-length", "covering", "round-leader",
         "hand-starter"),
    "pairs": ("partner-tie",),
    "hand_of_ten": ("ten-truco", "ten-choice", "ten-call", "ten-recurs"),
    "iron_hand": ("iron-hand", "iron-blind", "iron-cards"),
    "envido": ("envido-stakes", "envido-without-pair", "falta-points", "side-bet-window", "side-bet-ties",
               "side-bet-scoring", "envido-first", "envido-three-suit", "envido-refusal", "envido-order"),
    "flor": ("flor-optional", "flor-refusal", "flor-over-envido", "contraflor-stake", "flor-answers",
             "flor-window", "flor-achico", "contraflor-resto"),
    "senas": ("senas", "ciego", "sena-timing"),
    "halves": ("falta-halves",),
    "mazo": ("mazo-first-round", "mazo-scoring"),
}


class RulesetFileError(ValueError):
    """A ruleset file that cannot be used: the message names the file, the field and its line."""

    def __init__(self, file: str, path: PathKey, line: int | None, message: str) -> None:
        self.file, self.path, self.line, self.message = file, path, line, message
        where = ".".join(str(p) for p in path) or "(top level)"
        at = f", line {line}" if line else ""
        super().__init__(f"{file}: {where}{at}: {message}")


# --- reading YAML with the line of every field ------------------------------------------------


def _loader() -> type:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _lines(
    node: yaml.Node, file: str, path: PathKey = (), out: dict[PathKey, int] | None = None
) -> dict[PathKey, int]:
    """The line (1-based) of every field, by path; a key given twice in one mapping is an error."""
    out = {} if out is None else out
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                raise RulesetFileError(
                    file,
                    (*path, key),
                    key_node.start_mark.line + 1,
                    "this key is given twice in the same mapping",
                )
            seen.add(key)
            _lines(value_node, file, (*path, key), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _lines(item, file, (*path, i), out)
    return out


# A ruleset file is untrusted: what is read, and what its aliases expand to, is bounded (a
# shipped file is about 30 KB, 1,100 nodes and 7 levels deep).
MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64


def _read_bounded(path: Path, file: str) -> str:
    """The text of a regular file of at most MAX_BYTES (never a device, a pipe or a folder)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just after.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RulesetFileError(file, (), None, f"cannot read the file ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RulesetFileError(file, (), None, "cannot read the file (not a regular file)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RulesetFileError(file, (), None, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise RulesetFileError(file, (), None, f"the file is larger than {MAX_BYTES // 1024} KB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetFileError(file, (), None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _check_size(text: str, file: str) -> None:
    """Refuse, before anything is built, a document whose aliases expand past MAX_NODES nodes,
    nest past MAX_DEPTH, or refer to their own anchor (an alias bomb; a recursive anchor)."""
    total = 0
    open_: list[tuple[str | None, int]] = []  # the collections being read: (anchor, total at start)
    sizes: dict[str, int] = {}  # anchor -> the nodes it expands to
    try:
        for event in yaml.parse(text, Loader=_loader()):
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            if isinstance(event, yaml.AliasEvent):
                if any(anchor == event.anchor for anchor, _ in open_):
                    raise RulesetFileError(file, (), line,
                                           f"the alias *{event.anchor} refers to its own anchor")
                total += sizes.get(str(event.anchor), 1)
            elif isinstance(event, yaml.ScalarEvent):
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                open_.append((event.anchor, total))
                total += 1
                if len(open_) > MAX_DEPTH:
                    raise RulesetFileError(file, (), line,
                                           f"nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_.pop()
                if anchor is not None:
                    sizes[anchor] = total - start
            if total > MAX_NODES:
                raise RulesetFileError(file, (), line,
                                       f"the file (its aliases expanded) has more than {MAX_NODES:,} values")
    except yaml.YAMLError:
        return  # the loader reports it, with its line


def _read(path: Path, file: str) -> tuple[Any, dict[PathKey, int]]:
    text = _read_bounded(path, file)
    _check_size(text, file)
    try:
        loader = _loader()(text)  # parsed once: the node tree gives the lines, then the data
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesetFileError(
            file, (), mark.line + 1 if mark else None, f"not valid YAML: {problem}"
        ) from None
    if node is None:
        raise RulesetFileError(file, (), None, "the file is empty")
    return data, _lines(node, file)


# --- a file that extends another ----------------------------------------------------------------

# `extends: NAME.yaml` names a ruleset file in the same folder whose fields this one starts from:
# a mapping given here is merged into the other's (field by field, at every depth), anything else
# replaces it. Only a plain file name: a file cannot reach outside its folder.
_BASE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.yaml")
MAX_EXTENDS = 4  # files extending one another, at most this many deep


def _merged(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        out[key] = _merged(old, value) if isinstance(value, dict) and isinstance(old, dict) else value
    return out


# top-level field -> the file it comes from (a file this one extends) and that file's lines
Taken = dict[str, tuple[str, dict[PathKey, int]]]


def _read_extended(path: Path, file: str,
                   chain: tuple[Path, ...] = ()) -> tuple[Any, dict[PathKey, int], Taken]:
    """The file's data with what it extends merged in, the lines of its own fields (a field it
    takes from the other file has the line of its nearest field here), and for each top-level field
    it does not set itself, the file that gives it (so that a problem there is told of that file)."""
    data, lines = _read(path, file)
    if not isinstance(data, dict) or "extends" not in data:
        return data, lines, {}
    name, line = data["extends"], lines.get(("extends",))
    if not isinstance(name, str) or not _BASE_NAME.fullmatch(name):
        raise RulesetFileError(file, ("extends",), line,
                               "names a ruleset file in the same folder, as NAME.yaml")
    base_path = path.parent / name
    here = (*chain, path.resolve())
    if base_path.resolve() in here:
        raise RulesetFileError(file, ("extends",), line, f"{name} extends this file again: a circle")
    if len(here) > MAX_EXTENDS:
        raise RulesetFileError(file, ("extends",), line, f"more than {MAX_EXTENDS} files extend one another")
    base, base_lines, base_taken = _read_extended(base_path, str(base_path), here)
    if not isinstance(base, dict):
        raise RulesetFileError(file, ("extends",), line, f"{name} is not a mapping of fields")
    taken = {k: base_taken.get(k, (str(base_path), base_lines)) for k in base if k not in data}
    return _merged(base, {k: v for k, v in data.items() if k != "extends"}), lines, taken


# --- the model -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RulesetFile:
    """A checked ruleset file: its identity and its data (a plain dict, as the schema describes)."""

    name: str
    code: str
    path: Path
    data: Mapping[str, Any] = field(repr=False)
    lines: Mapping[PathKey, int] = field(repr=False, default_factory=dict)

    def line(self, *path: str | int) -> int | None:
        """The line of a field of the file (or of its nearest parent)."""
        return _line(dict(self.lines), path)

    @property
    def rulebook(self) -> str | None:
        """The rulebook of spec/sources/ the ruleset encodes ("000"), or None for published rules."""
        return self.data["origin"].get("rulebook")

    @property
    def players(self) -> int:
        return int(self.data["players"]["count"])

    @property
    def defaults(self) -> dict[str, str]:
        """The default reading of every register key that concerns the ruleset."""
        return {k: str(v["default"]) for k, v in self.data["readings"].items()}

    def resolved(self, readings: Mapping[str, str]) -> dict[str, Any]:
        """The data with what each chosen reading `sets` applied (readings: the full map)."""
        return apply_readings(self.data, readings)

    @property
    def edition(self) -> int:
        """The file's edition: a change of a default, a clause, the deck or the target is a new one."""
        return edition_of(self.data)

    def at_edition(self, edition: int) -> RulesetFile:
        """The file as its earlier `edition` was (its changelog's `before` undone, newest first);
        ValueError names the editions there are."""
        return RulesetFile(self.name, self.code, self.path, at_edition(self.data, edition), self.lines)

    def referenced_clause_ids(self) -> set[str]:
        """Every clause ID the file names as the source of one of its rules."""
        return set(_clause_refs(self.data))


def edition_of(data: Mapping[str, Any]) -> int:
    """A file's edition (1 where it gives none: a user's file)."""
    return int(data.get("edition", 1))


def changes_since(data: Mapping[str, Any], edition: int, lang: str = "en") -> str:
    """What the editions after `edition` changed, in words (the changelog's, oldest first)."""
    later = sorted((e for e in data.get("changelog") or () if int(e["edition"]) > edition),
                   key=lambda e: int(e["edition"]))
    return " ".join(f"Edition {e['edition']}: {e['changes'].get(lang) or e['changes']['en']}" for e in later)


def at_edition(data: Mapping[str, Any], edition: int) -> dict[str, Any]:
    """The data of an earlier edition: from the file's own, each changelog entry newer than
    `edition` undone (its `before`: the fields it sets back, and the defaults it had), newest
    first. ValueError for an edition the file does not have."""
    current = edition_of(data)
    if not isinstance(edition, int) or isinstance(edition, bool) or not 1 <= edition <= current:
        raise ValueError(f"{data.get('name')} has editions 1 to {current}, not {edition!r}")
    out = dict(data)
    for entry in sorted(data.get("changelog") or (), key=lambda e: -int(e["edition"])):
        if int(entry["edition"]) <= edition:
            break
        before = entry.get("before") or {}
        sets = [(str(dotted), value) for dotted, value in (before.get("sets") or {}).items()]
        defaults = before.get("defaults") or {}
        out = _copy_for(out, [dotted for dotted, _ in sets] + (["readings"] if defaults else []))
        for dotted, value in sets:
            _set_path(out, dotted, value)
        for key, reading in defaults.items():
            out["readings"][key]["default"] = str(reading)
    out["edition"] = edition
    return out


# What is no rule of a file: its identity, its words about itself, its editions.
_NOT_RULES = ("format", "extends", "name", "code", "title", "family", "language", "origin", "edition",
              "changelog")


def rules_digest(data: Mapping[str, Any]) -> str:
    """A digest of what a file rules: every section of play, each reading's default and what its
    readings set, each clause's ID, kind, rule (in English) and source, the clauses it adopts. A
    change of any of them (a default, a clause, the deck, the target, ...) is a new edition; a
    rationale, a title or a translation is not."""
    import hashlib

    kept = {k: v for k, v in data.items() if k not in _NOT_RULES and k not in ("readings", "clauses")}
    kept["readings"] = {k: {"default": e.get("default"), "sets": e.get("sets"), "clause": e.get("clause")}
                        for k, e in (data.get("readings") or {}).items()}
    kept["clauses"] = [{"id": c.get("id"), "kind": c.get("kind"), "text": (c.get("text") or {}).get("en"),
                        "source": c.get("source")} for c in data.get("clauses") or ()]
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def adoption_publication(adopted: Any) -> str:
    """The publication an entry of `adopts` names: the entry itself, or its `publication` (an entry
    that quotes the publication's words is a mapping)."""
    return str(adopted["publication"] if isinstance(adopted, Mapping) else adopted)


def apply_readings(data: Mapping[str, Any], readings: Mapping[str, str]) -> dict[str, Any]:
    """A copy of `data` where every `sets` of the chosen readings is applied (dotted paths).

    The readings apply in the order the file lists them, so that a reading may set a field of a
    section an earlier reading adds (AMB-50 sets `flor.accepted` in the flor section AMB-32
    with-flor adds). A path whose parent is absent once the earlier readings are applied changes
    nothing: the section is not in play (no flor, no flor's value)."""
    changes: list[tuple[str, Any]] = []
    for key, entry in data["readings"].items():
        chosen = str(readings.get(key, entry["default"]))
        sets = (entry.get("sets") or {}).get(chosen, {})
        changes += [(str(dotted), value) for dotted, value in sets.items()]
    out = _copy_for(data, [dotted for dotted, _ in changes])
    for dotted, value in changes:
        _set_path(out, dotted, value)
    return out


def _copy_for(data: Mapping[str, Any], paths: Iterable[str]) -> dict[str, Any]:
    """A copy of `data` the dotted `paths` may be set in: the sections they name are copied, the
    others shared (nothing changes them). Copying only those keeps loading a file with many
    readings fast (every reading's sets is checked at load)."""
    out = dict(data)
    for head in {path.split(".")[0] for path in paths}:
        if head in out:
            out[head] = copy.deepcopy(out[head])
    return out


def _set_path(out: dict[str, Any], dotted: str, value: Any) -> None:
    """Set one dotted path of `out` where its parent exists; nothing otherwise."""
    parts = dotted.split(".")
    target: Any = out
    for part in parts[:-1]:
        if not isinstance(target, dict) or not isinstance(target.get(part), dict):
            return
        target = target[part]
    target[parts[-1]] = copy.deepcopy(value)


def _earlier_sets(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """`data` with every reading's `sets` of the entries listed before `key` applied: the fields
    a reading of `key` may set (those of the file, or of a section an earlier reading adds)."""
    earlier = []
    for other, entry in data["readings"].items():
        if other == key:
            break
        earlier += [(str(dotted), value) for changes in (entry.get("sets") or {}).values()
                    for dotted, value in changes.items() if value is not None]  # a removal adds no field
    out = _copy_for(data, [dotted for dotted, _ in earlier])
    for dotted, value in earlier:
        _set_path(out, dotted, value)
    return out


def _enablers(data: Mapping[str, Any], key: str, changes: Mapping[str, Any]) -> dict[str, str]:
    """The readings of earlier entries that add a section `changes` sets fields of, so that a
    reading is checked where it has an effect (AMB-50 4 with AMB-32 with-flor)."""
    out: dict[str, str] = {}
    for other, entry in data["readings"].items():
        if other == key:
            break
        for reading in entry.get("sets") or {}:
            with_it = apply_readings(data, {other: str(reading)})
            if any(not _has_parent(data, str(d)) and _has_parent(with_it, str(d)) for d in changes):
                out[other] = str(reading)
    return out


def _has_parent(data: Mapping[str, Any], dotted: str) -> bool:
    target: Any = data
    for part in dotted.split(".")[:-1]:
        if not isinstance(target, Mapping) or not isinstance(target.get(part), Mapping):
            return False
        target = target[part]
    return True


def _clause_refs(data: Any, key: str = "") -> Iterable[str]:
    """Clause IDs named under keys called clause/clauses (not the texts of local clauses)."""
    if isinstance(data, Mapping):
        for k, v in data.items():
            if k in ("clause", "order") and isinstance(v, str):
                yield v
            elif k == "clauses" and isinstance(v, Mapping):
                yield from (x for x in v.values() if isinstance(x, str))
            elif k == "readings" and isinstance(v, Mapping):
                yield from (str(e["clause"]) for e in v.values() if isinstance(e, Mapping) and "clause" in e)
            elif k in ("clauses", "title", "family", "name", "rationale", "suit_names"):
                continue
            else:
                yield from _clause_refs(v, k)
    elif isinstance(data, list):
        for item in data:
            yield from _clause_refs(item, key)


# --- checks ------------------------------------------------------------------------------------


@functools.cache
def _validator_class() -> Any:
    """JSON Schema's validator, where an integer is never written as a float: `2.0` players is
    refused here as the engine refuses it (JSON Schema alone counts 2.0 as an integer)."""
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


@functools.cache
def _validator() -> Any:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return _validator_class()(schema)


def _schema_error(file: str, data: Any, lines: dict[PathKey, int]) -> RulesetFileError | None:
    import jsonschema

    errors = list(_validator().iter_errors(data))
    if not errors:
        return None
    err = jsonschema.exceptions.best_match(errors)
    # A oneOf/anyOf failure is clearer through the branch that got furthest.
    while err.context:
        err = max(err.context, key=lambda e: len(e.absolute_path))
    path = tuple(err.absolute_path)
    return RulesetFileError(file, path, _line(lines, path), err.message)


@functools.cache
def _section_validator(section: str) -> Any:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    if section not in schema["properties"]:
        return None
    return _validator_class()({**schema["properties"][section], "$defs": schema["$defs"]})


def _section_error(section: str, value: Any) -> str | None:
    """What is wrong with one top-level section of a file (None when it is valid)."""
    import jsonschema

    validator = _section_validator(section)
    if validator is None:
        return "not a field of a ruleset file"
    err = jsonschema.exceptions.best_match(validator.iter_errors(value))
    if err is None:
        return None
    where = ".".join(str(p) for p in err.absolute_path)
    return f"{where + ': ' if where else ''}{err.message}"


def _line(lines: dict[PathKey, int], path: PathKey) -> int | None:
    """The line of `path`, or of its nearest parent that has one."""
    key = tuple(str(p) if not isinstance(p, int) else p for p in path)
    while key not in lines and key:
        key = key[:-1]
    return lines.get(key)


class _Checker:
    """What a schema cannot check; raises the first RulesetFileError found."""

    def __init__(self, file: str, data: Mapping[str, Any], lines: dict[PathKey, int],
                 taken: Taken | None = None) -> None:
        self.file, self.data, self.lines = file, data, lines
        self.taken = taken or {}

    def fail(self, path: PathKey, message: str) -> None:
        if path and str(path[0]) in self.taken:  # a field taken from a file it extends: told of that one
            origin, lines = self.taken[str(path[0])]
            raise RulesetFileError(origin, path, _line(lines, path),
                                   f"{message} (in the file {Path(self.file).name} extends)")
        raise RulesetFileError(self.file, path, _line(self.lines, path), message)

    def all_cards(self) -> list[str]:
        deck = self.data["deck"]
        return [f"{r}{s}" for r in deck["ranks"] for s in deck["suits"]]

    def run(self, clause_ids: set[str], register: Mapping[str, tuple[str, ...]], rulebooks: set[str]) -> None:
        self.check_play()
        self.check_origin(rulebooks)
        self.check_clauses(clause_ids)
        self.check_readings(register)
        self.check_editions(register)

    def check_editions(self, register: Mapping[str, tuple[str, ...]]) -> None:
        """The changelog: one entry per edition, the file's first, down to 1; what each `before`
        sets is a field of the file, each default a reading of its key; every earlier edition is a
        valid file (its play and its sections checked as the file's)."""
        d = self.data
        log = d.get("changelog")
        if log is None:
            return
        editions = [int(e["edition"]) for e in log]
        if editions != list(range(edition_of(d), 0, -1)):
            self.fail(("changelog",), f"one entry per edition, newest first: {edition_of(d)} down to 1, "
                                      f"not {editions}")
        for i, entry in enumerate(log):
            before = entry.get("before") or {}
            for dotted in before.get("sets") or {}:
                if not _has_parent(d, str(dotted)):
                    self.fail(("changelog", i, "before", "sets", dotted),
                              f"{dotted!r} does not name a field of this file")
            for key, reading in (before.get("defaults") or {}).items():
                if key not in d["readings"] or str(reading) not in register.get(key, ()):
                    self.fail(("changelog", i, "before", "defaults", key),
                              f"{key}={reading} is not a reading this file lists")
        for k in range(1, edition_of(d)):
            earlier = at_edition(d, k)
            for section in ("deck", "strength", "truco", "match"):
                problem = _section_error(section, earlier.get(section))
                if problem is not None:
                    self.fail(("changelog",), f"edition {k} is not a valid file: {section}: {problem}")
            try:
                _Checker(self.file, earlier, {}).check_play()
            except RulesetFileError as exc:
                where = ".".join(str(p) for p in exc.path)
                self.fail(("changelog",), f"edition {k} is not a valid file: {where}: {exc.message}")

    def check_play(self) -> None:
        """What the play reads (deck, strength, calls, match): checked for every reading too."""
        d = self.data
        cards = self.all_cards()
        if len(set(cards)) != len(cards):
            self.fail(
                ("deck", "ranks"),
                "two cards would have the same name: a rank and a suit run together ambiguously",
            )
        for i, card in enumerate(d["deck"].get("exclude", ())):
            if card not in cards:
                self.fail(("deck", "exclude", i), f"{card!r} is not a card of this deck")
        turned = d.get("muestra") is not None or d.get("vira") is not None  # URU-2, PAU-2
        if 3 * d["players"]["count"] + (1 if turned else 0) > len(cards) - len(
            d["deck"].get("exclude", ())
        ):
            self.fail(("players", "count"), "the deck has too few cards to deal three to every player")
        self.check_strength(cards)
        self.check_ladder()
        if "envido" in d:
            self.check_envido()
        if "muestra" in d:
            self.check_muestra()
        if d.get("vira") is not None:
            self.check_vira()
        if "senas" in d and "ciego" in d["senas"] and d["senas"]["ciego"]["below"] not in d["deck"]["ranks"]:
            self.fail(
                ("senas", "ciego", "below"), f"{d['senas']['ciego']['below']!r} is not a rank of this deck"
            )
        if "flor" in d and "envido" not in d:
            self.fail(("flor",), "flor is counted with the envido values: the file needs an envido section")
        if d["players"]["count"] == 2:  # nobody to sign to, nobody to raise with
            if "senas" in d:
                self.fail(("senas",), "señas are signals between partners: one against one has none")
            if "partner_raise" in d.get("flor", {}):
                self.fail(("flor", "partner_raise"), "one against one there is no partner to raise the flor")
        self.check_match()

    def check_strength(self, cards: list[str]) -> None:
        seen: dict[str, int] = {}
        for g, group in enumerate(self.data["strength"]["groups"]):
            for i, card in enumerate(group):
                if card not in cards:
                    self.fail(("strength", "groups", g, i), f"{card!r} is not a card of this deck")
                if card in seen:
                    self.fail(
                        ("strength", "groups", g, i),
                        f"{card} is already in strength.groups.{seen[card]}: "
                        "every card belongs to exactly one group",
                    )
                seen[card] = g
        groups = len(self.data["strength"]["groups"])
        if self.data["strength"].get("top", 0) > groups:
            self.fail(("strength", "top"),
                      f"top is {self.data['strength']['top']} but there are only {groups} groups")
        missing = [c for c in cards if c not in seen]
        if missing:
            self.fail(
                ("strength", "groups"),
                f"no group ranks {', '.join(missing[:6])}"
                f"{' ...' if len(missing) > 6 else ''}: every card needs a place",
            )

    def check_ladder(self) -> None:
        truco = self.data["truco"]
        before = truco["opening"]["value"]
        for i, call in enumerate(truco["calls"]):
            if call["value"] <= before:
                self.fail(
                    ("truco", "calls", i, "value"),
                    f"the ladder must increase: {call['value']} comes after {before}",
                )
            if call["refused"] >= call["value"]:
                self.fail(
                    ("truco", "calls", i, "refused"),
                    f"running from a call of {call['value']} cannot pay {call['refused']}, as much or more",
                )
            before = call["value"]

    def check_envido(self) -> None:
        env = self.data["envido"]
        ranks = self.data["deck"]["ranks"]
        for r in ranks:
            if r not in env["values"]:
                self.fail(("envido", "values"), f"no envido value for rank {r!r}")
        for r in env["values"]:
            if r not in ranks:
                self.fail(("envido", "values", r), f"{r!r} is not a rank of this deck")
        calls = env["calls"]
        for name, call in calls.items():
            for i, nxt in enumerate(call["then"]):
                if nxt not in calls:
                    self.fail(
                        ("envido", "calls", name, "then", i), f"{nxt!r} is not one of this file's calls"
                    )
            if name in call["then"] and call.get("times", 1) < 2:
                self.fail(
                    ("envido", "calls", name, "then"),
                    f"{name} answers itself but may appear only once (times: 1)",
                )
        # A call may come back in a chain (AMB-56 envido-after-real: envido answers real envido);
        # each call appears at most `times` times, so every chain ends.

    def check_muestra(self) -> None:
        m = self.data["muestra"]
        ranks = self.data["deck"]["ranks"]
        seen = set()
        for i, p in enumerate(m["piezas"]):
            if p["rank"] not in ranks:
                self.fail(("muestra", "piezas", i, "rank"), f"{p['rank']!r} is not a rank of this deck")
            if p["rank"] in seen:
                self.fail(("muestra", "piezas", i, "rank"), f"rank {p['rank']} is listed twice")
            seen.add(p["rank"])
        stand_in = m.get("stand_in")
        if stand_in is not None and (stand_in not in ranks or stand_in in seen):
            self.fail(
                ("muestra", "stand_in"), f"{stand_in!r} must be a rank of this deck that is not a pieza"
            )

    def check_vira(self) -> None:
        """PAU-2 to PAU-4: one turned card per hand; every suit of the deck makes one manilha."""
        d = self.data
        if d.get("muestra") is not None:
            self.fail(("vira",), "a hand turns up one card: a ruleset has a muestra or a vira, not both")
        suits = list(d["deck"]["suits"])
        order = list(d["vira"]["suits"])
        for i, suit in enumerate(order):
            if suit not in suits:
                self.fail(("vira", "suits", i), f"{suit!r} is not a suit of this deck")
        if sorted(order) != sorted(suits):
            self.fail(("vira", "suits"), "list every suit of the deck once: each makes one manilha")

    def check_match(self) -> None:
        match = self.data["match"]
        halves = match.get("halves")
        if halves is not None and not 0 < halves < match["target"]:
            self.fail(
                ("match", "halves"), f"the first half ({halves}) must be below the target ({match['target']})"
            )

    def check_origin(self, rulebooks: set[str]) -> None:
        origin = self.data["origin"]
        if "rulebook" in origin and origin["rulebook"] not in rulebooks:
            self.fail(
                ("origin", "rulebook"),
                f"no rulebook {origin['rulebook']!r} in spec/sources "
                f"(there are {', '.join(sorted(rulebooks))})",
            )
        pubs = {p["id"] for p in origin.get("published", ())}
        for cid, adopted in (self.data.get("adopts") or {}).items():
            pub = adoption_publication(adopted)
            if pub not in pubs:
                self.fail(("adopts", cid), f"{pub!r} is not a publication listed under origin.published")
        for i, c in enumerate(self.data.get("clauses", ())):
            if c["source"]["publication"] not in pubs:
                self.fail(
                    ("clauses", i, "source", "publication"),
                    f"{c['source']['publication']!r} is not a publication listed under origin.published",
                )
            for j, also in enumerate(c["source"].get("also", ())):
                if also["publication"] not in pubs:
                    self.fail(
                        ("clauses", i, "source", "also", j, "publication"),
                        f"{also['publication']!r} is not a publication listed under origin.published",
                    )

    def check_clauses(self, clause_ids: set[str]) -> None:
        local: set[str] = set()
        for i, c in enumerate(self.data.get("clauses", ())):
            if c["id"] in clause_ids or c["id"] in local:
                self.fail(("clauses", i, "id"), f"clause ID {c['id']} is already taken: pick a new one")
            local.add(c["id"])
        known = clause_ids | local
        for cid in sorted(set(_clause_refs(self.data)) | set(self.data.get("adopts") or ())):
            if cid not in known:
                path = self._find(cid)
                self.fail(path, f"no clause {cid} in the catalogue or in this file's clauses")

    def _find(self, value: str, data: Any = None, path: PathKey = ()) -> PathKey:
        data = self.data if data is None else data
        if data == value:
            return path
        items = (
            data.items() if isinstance(data, Mapping) else enumerate(data) if isinstance(data, list) else ()
        )
        for k, v in items:
            if k == value:
                return (*path, k)
            found = self._find(value, v, (*path, k))
            if found:
                return found
        return ()

    def features(self) -> set[str]:
        """The features the file has, or that one of its readings sets."""
        d = self.data
        have = {""} | {f for f in NEEDED_READINGS if f and d.get(f) is not None}
        if d["players"]["count"] > 2:
            have.add("pairs")
        if d["match"].get("halves") is not None:
            have.add("halves")
        for entry in d["readings"].values():
            for changes in (entry.get("sets") or {}).values():
                for dotted in changes:
                    head = dotted.split(".")[0]
                    if head in NEEDED_READINGS:
                        have.add(head)
                    if dotted == "match.halves":
                        have.add("halves")
        return have

    def check_readings(self, register: Mapping[str, tuple[str, ...]]) -> None:
        for key in self.data["readings"]:
            if key not in register:
                self.fail(("readings", key), f"{key!r} is not a key of the ambiguity register")
        for feature in sorted(self.features()):
            for key in NEEDED_READINGS[feature]:
                if key not in self.data["readings"]:
                    what = f"the {feature.replace('_', ' ')} feature" if feature else "every ruleset"
                    self.fail(("readings",), f"no default reading of {key!r}: {what} needs one "
                                             f"(see `truco ambiguities`)")
        for key, entry in self.data["readings"].items():
            if key not in register:
                self.fail(("readings", key), f"{key!r} is not a key of the ambiguity register")
            choices = register[key]
            if str(entry["default"]) not in choices:
                self.fail(
                    ("readings", key, "default"),
                    f"{entry['default']!r} is not a reading of {key} (readings: {', '.join(choices)})",
                )
            for reading, changes in (entry.get("sets") or {}).items():
                if reading not in choices:
                    self.fail(
                        ("readings", key, "sets", reading),
                        f"{reading!r} is not a reading of {key} (readings: {', '.join(choices)})",
                    )
                for dotted in changes:
                    if not self._settable(dotted, key):
                        self.fail(
                            ("readings", key, "sets", reading, dotted),
                            f"{dotted!r} does not name a field of this file",
                        )
        # Whatever a reading sets must still make a valid file: the sections it changes are
        # checked again (the rest of the file is as it was).
        for key, entry in self.data["readings"].items():
            for reading, changes in (entry.get("sets") or {}).items():
                changed = apply_readings(self.data, {**_enablers(self.data, key, changes), key: reading})
                for section in sorted({dotted.split(".")[0] for dotted in changes}):
                    problem = _section_error(section, changed.get(section))
                    if problem is not None:
                        self.fail(
                            ("readings", key, "sets", reading),
                            f"this reading makes the file invalid: {section}: {problem}",
                        )
                # The same verdict at load as when the reading is chosen (a deck the strength
                # groups no longer match, ...), not only then.
                try:
                    _Checker(self.file, changed, {}).check_play()
                except RulesetFileError as exc:
                    where = ".".join(str(p) for p in exc.path)
                    self.fail(("readings", key, "sets", reading),
                              f"this reading makes the file invalid: {where}: {exc.message}")

    def _settable(self, dotted: str, key: str) -> bool:
        """A dotted path whose parent exists (the field itself may be new, e.g. deck.exclude), in
        the file or in a section a reading listed before `key` adds."""
        parts = dotted.split(".")
        target: Any = _earlier_sets(self.data, key)
        for part in parts[:-1]:
            if not isinstance(target, Mapping) or part not in target:
                return False
            target = target[part]
        return isinstance(target, Mapping)


def load_ruleset_file(
    path: str | Path,
    *,
    clause_ids: set[str],
    register: Mapping[str, tuple[str, ...]],
    rulebooks: set[str],
    display: str | None = None,
) -> RulesetFile:
    """Read and check one ruleset file; RulesetFileError names the file, field and line.

    `clause_ids`: the catalogue's clause IDs; `register`: register key -> its readings;
    `rulebooks`: the codes of spec/sources. `display`: how to name the file in errors.
    """
    path = Path(path)
    file = display or str(path)
    data, lines, taken = _read_extended(path, file)
    if not isinstance(data, dict):
        raise RulesetFileError(file, (), 1, "a ruleset file is a mapping of fields (format, name, deck, ...)")
    problem = _schema_error(file, data, lines)
    if problem is not None:
        raise problem
    _Checker(file, data, lines, taken).run(clause_ids, register, rulebooks)
    return RulesetFile(name=data["name"], code=data["code"], path=path, data=data, lines=lines)
