"""Reading a ruleset file (`truco-ruleset/1`, YAML): the text, the line of each field, typed access.

The engine reads ruleset files on its own (the executable spec has its own reader; neither
imports the other). Every problem is a `RulesetFileError` naming the file, the dotted path of the
field and, when it can be found, its line.
"""

from __future__ import annotations

import copy
import os
import re
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from truco_rules.engine.errors import RulesetFileError

FORMAT = "truco-ruleset/1"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


MISSING: Any = _Missing()


# A ruleset file is untrusted: what is read, and what its aliases expand to, is bounded (a
# shipped file is about 30 KB, 1,100 values and 7 levels deep).
MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64


def _read_bounded(path: Path, display: str) -> str:
    """The text of a regular file of at most MAX_BYTES (never a device, a pipe or a folder)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just after.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RulesetFileError(display, "", f"cannot read the file ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise RulesetFileError(display, "", "cannot read the file (not a regular file)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RulesetFileError(display, "", f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise RulesetFileError(display, "", f"the file is larger than {MAX_BYTES // 1024} KB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetFileError(display, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _check_size(text: str, display: str) -> None:
    """Refuse, before anything is built, a document whose aliases expand past MAX_NODES values,
    nest past MAX_DEPTH, or refer to their own anchor (an alias bomb; a recursive anchor)."""
    total = 0
    open_: list[tuple[str | None, int]] = []  # the collections being read: (anchor, total at start)
    sizes: dict[str, int] = {}  # anchor -> the values it expands to
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            if isinstance(event, yaml.AliasEvent):
                if any(anchor == event.anchor for anchor, _ in open_):
                    raise RulesetFileError(display, "", f"the alias *{event.anchor} refers to its own anchor",
                                           line)
                total += sizes.get(str(event.anchor), 1)
            elif isinstance(event, yaml.ScalarEvent):
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.CollectionStartEvent):
                open_.append((event.anchor, total))
                total += 1
                if len(open_) > MAX_DEPTH:
                    raise RulesetFileError(display, "", f"nested more than {MAX_DEPTH} levels deep", line)
            elif isinstance(event, yaml.CollectionEndEvent):
                anchor, start = open_.pop()
                if anchor is not None:
                    sizes[anchor] = total - start
            if total > MAX_NODES:
                raise RulesetFileError(display, "", f"the file (its aliases expanded) has more than "
                                                    f"{MAX_NODES:,} values", line)
    except yaml.YAMLError:
        return  # the loader reports it, with its line


# `extends: NAME.yaml`: the fields of that file of the same folder, this file's merged over them
# (a mapping field by field, anything else replaced). Only a plain name: no reaching outside.
_BASE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.yaml")
MAX_EXTENDS = 4  # files extending one another, at most this many deep


def read_document(path: Path, display: str, *, strict: bool = True,
                  chain: tuple[Path, ...] = ()) -> tuple[dict[str, Any], str]:
    """The file's data (a mapping, with what it `extends` merged in) and its own text;
    RulesetFileError if it cannot be read as YAML. `strict` also refuses a key given twice in one
    mapping (skipped for the files shipped with the engine, which the suite checks)."""
    data, text = _read_one(path, display, strict=strict)
    if "extends" not in data:
        return data, text
    name, line = data["extends"], line_of(text, "extends")
    if not isinstance(name, str) or not _BASE_NAME.fullmatch(name):
        raise RulesetFileError(display, "extends", "names a ruleset file in the same folder, as NAME.yaml",
                               line)
    base_path, here = path.parent / name, (*chain, path.resolve())
    if base_path.resolve() in here:
        raise RulesetFileError(display, "extends", f"{name} extends this file again: a circle", line)
    if len(here) > MAX_EXTENDS:
        raise RulesetFileError(display, "extends", f"more than {MAX_EXTENDS} files extend one another", line)
    base, _ = read_document(base_path, str(base_path), strict=strict, chain=here)
    return _merged(base, {k: v for k, v in data.items() if k != "extends"}), text


def _merged(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        out[key] = _merged(old, value) if isinstance(value, dict) and isinstance(old, dict) else value
    return out


def _read_one(path: Path, display: str, *, strict: bool) -> tuple[dict[str, Any], str]:
    text = _read_bounded(path, display)
    _check_size(text, display)
    try:
        data = yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesetFileError(display, "", f"not valid YAML: {problem}",
                               mark.line + 1 if mark is not None else None) from None
    if data is None:
        raise RulesetFileError(display, "", "the file is empty")
    if not isinstance(data, dict):
        raise RulesetFileError(display, "", "a ruleset file is a mapping of fields (format, name, deck, ...)",
                               1)
    if strict:
        _check_unique_keys(text, display)
    return data, text


def _check_unique_keys(text: str, display: str) -> None:
    """A key given twice in one mapping is an error (YAML would silently keep the last)."""

    def walk(node: yaml.Node, path: str) -> None:
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key_node, value_node in node.value:
                key = str(key_node.value)
                where = f"{path}.{key}" if path else key
                if key in seen:
                    raise RulesetFileError(display, where, "this key is given twice in the same mapping",
                                           key_node.start_mark.line + 1)
                seen.add(key)
                walk(value_node, where)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                walk(item, f"{path}.{i}")

    node = yaml.compose(text, Loader=_LOADER)
    if node is not None:
        walk(node, "")


def line_of(text: str, field: str) -> int | None:
    """The line of a dotted field in the YAML text, or of its nearest parent that exists there."""
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        return None
    best = node.start_mark.line + 1 if node is not None else None
    for part in field.split(".") if field else ():
        nxt = None
        if isinstance(node, yaml.MappingNode):
            nxt = next((v for k, v in node.value if str(k.value) == part), None)
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            nxt = node.value[int(part)]
        if nxt is None:
            break
        node = nxt
        best = node.start_mark.line + 1
    return best


def apply_sets(data: Mapping[str, Any], chosen: Mapping[str, str]) -> dict[str, Any]:
    """A copy of `data` with what each chosen reading `sets` applied (dotted path -> value).

    `chosen` maps a register key to its reading; keys the file does not list change nothing.
    Readings apply in the order the file lists them: a reading may set a field of a section an
    earlier one adds (AMB-50's flor.accepted in the flor of AMB-32 with-flor). A path whose parent
    is absent then changes nothing (that section is not in play)."""
    changes: list[tuple[str, Any]] = []
    readings = data.get("readings") or {}
    for key, entry in readings.items():
        if key not in chosen or not isinstance(entry, Mapping):
            continue
        sets = {str(k): v for k, v in (entry.get("sets") or {}).items()}
        changes += [(str(dotted), value) for dotted, value in (sets.get(chosen[key]) or {}).items()]
    return set_paths(data, changes)


def set_paths(data: Mapping[str, Any], changes: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """A copy of `data` with each (dotted path, value) of `changes` set, in order. Only the
    sections a change names are copied; the others are shared, and nothing changes them (a file
    with many readings checks every one's sets at load)."""
    out = dict(data)
    for head in {dotted.split(".")[0] for dotted, _ in changes}:
        if head in out:
            out[head] = copy.deepcopy(out[head])
    for dotted, value in changes:
        set_path(out, dotted, value)
    return out


def set_path(out: dict[str, Any], dotted: str, value: Any) -> None:
    """Set one dotted path of `out` where its parent exists; nothing otherwise."""
    parts = dotted.split(".")
    target: Any = out
    for part in parts[:-1]:
        if not isinstance(target, dict) or not isinstance(target.get(part), dict):
            return
        target = target[part]
    target[parts[-1]] = copy.deepcopy(value)


class FieldReader:
    """Typed access to a ruleset document by dotted path; a wrong or missing field is a
    RulesetFileError naming the file, the field and its line."""

    def __init__(self, data: Mapping[str, Any], file: str, text: str | None = None) -> None:
        self.data = data
        self.file = file
        self.source = text

    def fail(self, field: str, message: str) -> RulesetFileError:
        line = line_of(self.source, field) if self.source is not None else None
        return RulesetFileError(self.file, field, message, line)

    def raw(self, field: str, default: Any = MISSING) -> Any:
        node: Any = self.data
        for part in field.split("."):
            if isinstance(node, Mapping) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                if default is MISSING:
                    raise self.fail(field, "this field is required")
                return default
        return node

    def has(self, field: str) -> bool:
        return self.raw(field, None) is not None

    def integer(self, field: str, default: Any = MISSING, minimum: int | None = None) -> int:
        value = self.raw(field, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(field, f"must be a whole number, not {value!r}")
        if minimum is not None and value < minimum:
            raise self.fail(field, f"must be at least {minimum}, not {value}")
        return value

    def text(self, field: str, default: Any = MISSING) -> str:
        value = self.raw(field, default)
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self.fail(field, f"must be text, not {value!r}")
        return str(value)

    def flag(self, field: str, default: Any = MISSING) -> bool:
        value = self.raw(field, default)
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, not {value!r}")
        return value

    def items(self, field: str, default: Any = MISSING, min_items: int = 0) -> list[Any]:
        value = self.raw(field, default)
        if not isinstance(value, list):
            raise self.fail(field, f"must be a list, not {value!r}")
        if len(value) < min_items:
            raise self.fail(field, f"must list at least {min_items} item{'s' if min_items > 1 else ''}")
        return value

    def texts(self, field: str, default: Any = MISSING, min_items: int = 0) -> tuple[str, ...]:
        items = self.items(field, default, min_items)
        return tuple(self.text(f"{field}.{i}") for i in range(len(items)))

    def mapping(self, field: str, default: Any = MISSING) -> Mapping[str, Any]:
        value = self.raw(field, default)
        if not isinstance(value, Mapping):
            raise self.fail(field, f"must be a mapping of fields, not {value!r}")
        return value

    def clause(self, field: str, default: Any = MISSING) -> str:
        """A clause ID such as BET-6 (the file names the rule it encodes)."""
        value = self.text(field, default)
        head, _, number = value.partition("-")
        if not (head.isascii() and head.isalpha() and head.isupper()
                and number.isascii() and number.isdigit()):
            raise self.fail(field, f"{value!r} is not a clause ID such as BET-6")
        return value
