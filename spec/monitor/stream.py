"""Validate game records in JSON Lines: read, parse and check every line, in order.

The one implementation behind `truco validate`, the benchmark and any other front end. The
input is read one line at a time (memory does not grow with the file); lines are checked in
batches, in this process or on the workers of an executor (truco_rules.spec.monitor.parallel), and the
results come back in input order whatever the executor, so the output and the exit code do not
depend on where the checking ran.

What a front end receives, in order, from `validate_files` / `validate_stream`:
- `Problem` for each violation or malformed line, as soon as its batch is checked;
- `InputError` when a file cannot be opened or read on (its earlier lines are still reported,
  the other files are still checked);
- one `Summary`, always last.

A malformed line is reported and skipped, never repaired: bad JSON, a duplicated key, bytes
that are not UTF-8, a line longer than the line limit, a value the record format does not
allow (clause FORMAT). A line that runs on past RUNAWAY_FACTOR times the line limit with no
newline (e.g. /dev/zero) is not a log of lines at all: reading that file stops with an
InputError.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.monitor.violation import FORMAT

DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024  # far above any real match (10,000 hands at most)
RUNAWAY_FACTOR = 64  # a line still going after this many line limits has no end worth waiting for
STDIN = "-"
_BOM = b"\xef\xbb\xbf"


class TooLong:
    """Stands for a line longer than the line limit (its bytes are never held)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOO_LONG"


TOO_LONG = TooLong()
RawLine = bytes | TooLong


class Runaway(Exception):
    """A line with no newline in RUNAWAY_FACTOR times the line limit."""

    def __init__(self, line: int, read: int) -> None:
        super().__init__(f"line {line} has no end of line in its first {read:,} bytes: the input is not "
                         f"JSON Lines (see --max-line-bytes)")
        self.line = line


# ----------------------------------------------------------------------------- what is reported

@dataclass(frozen=True)
class Problem:
    """A line that breaks a rule ("violation") or is not a record of the record format
    ("malformed", clause FORMAT). `line` is 1-based in `file`; `game` is the 0-based index of
    the record among the file's non-blank lines; hand, action, field, record and requires are
    the monitor's (truco_rules.spec.monitor.violation.Violation: hand, action, field, says, requires)."""

    kind: str
    file: str
    line: int
    game: int
    clause: str
    hand: int | None
    action: int | None
    field: str
    record: str
    requires: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "file": self.file, "line": self.line, "game": self.game,
                "clause": self.clause, "hand": self.hand, "action": self.action, "field": self.field,
                "record": self.record, "requires": self.requires}


@dataclass(frozen=True)
class InputError:
    """A file that cannot be opened, or cannot be read on after `line` (None: before any line)."""

    file: str
    line: int | None
    message: str
    kind: str = "error"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "file": self.file, "line": self.line, "message": self.message}


@dataclass
class Summary:
    """Totals over every file. exit: 2 if some input could not be read, else 1 if some record
    breaks a rule or the format, else 0."""

    lines: int = 0
    records: int = 0
    conforming: int = 0
    violations: int = 0
    malformed: int = 0
    errors: int = 0
    kind: str = field(default="summary", init=False)

    @property
    def exit(self) -> int:
        if self.errors:
            return 2
        return 0 if self.conforming == self.records else 1

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "lines": self.lines, "records": self.records,
                "conforming": self.conforming, "violations": self.violations,
                "malformed": self.malformed, "exit": self.exit}


Item = Problem | InputError | Summary


# ----------------------------------------------------------------------------- reading

def read_lines(stream: IO[bytes], max_bytes: int = DEFAULT_MAX_LINE_BYTES,
               on_read: Callable[[int], None] | None = None) -> Iterator[tuple[int, RawLine]]:
    """(line number, bytes without the newline) for each line; TOO_LONG for a line longer than
    max_bytes, as soon as the limit is passed (the rest of the line is skipped when the next line
    is asked for, without holding it). Raises Runaway for a line that never ends, and OSError
    when the stream cannot be read."""
    number = 0
    while True:
        chunk = stream.readline(max_bytes + 1)
        if not chunk:
            return
        number += 1
        if on_read is not None:
            on_read(len(chunk))
        if number == 1 and chunk.startswith(_BOM):
            chunk = chunk[len(_BOM):]
        if chunk.endswith(b"\n"):
            yield number, chunk[:-1]
            continue
        if len(chunk) <= max_bytes:  # the last line, with no newline
            yield number, chunk
            return
        yield number, TOO_LONG
        read = len(chunk)
        while not chunk.endswith(b"\n"):
            if read > RUNAWAY_FACTOR * max_bytes:
                raise Runaway(number, read)
            chunk = stream.readline(max_bytes)
            if not chunk:
                return
            read += len(chunk)
            if on_read is not None:
                on_read(len(chunk))


def is_blank(raw: RawLine) -> bool:
    """Blank lines are skipped (they are no record); whitespace as Python's str.strip sees it."""
    if isinstance(raw, TooLong):
        return False
    if not raw.strip():
        return True
    if raw.isascii():
        return False
    try:
        return not raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return False


# ----------------------------------------------------------------------------- parsing

class DuplicateKey(Exception):
    """A JSON object names one key twice (JSON leaves the meaning open: never pick one)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise DuplicateKey
    return obj


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)


class _Pairs(list):
    """An object kept as its (key, value) pairs, to find where a key is repeated."""


def duplicate_keys(text: str) -> list[str]:
    """The field path of every repeated key in a JSON text, in document order
    (e.g. "hands[0].actions[1].seat")."""
    found: list[str] = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, _Pairs):
            seen: set[str] = set()
            for key, item in value:
                sub = f"{path}.{key}" if path else key
                if key in seen:
                    found.append(sub)
                seen.add(key)
                walk(item, sub)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")

    walk(json.loads(text, object_pairs_hook=_Pairs), "")
    return found


def parse_line(text: str) -> tuple[Any, list[tuple[str, str]]]:
    """The JSON value of a line, or (None, [(field, why it is not a record's JSON)])."""
    try:
        return _DECODER.decode(text), []
    except DuplicateKey:
        return None, [(path, "a key may appear only once in an object") for path in duplicate_keys(text)]
    except RecursionError:
        return None, [("", "the JSON is nested too deeply")]
    except json.JSONDecodeError as exc:
        return None, [("", f"not valid JSON at column {exc.pos + 1}: {exc.msg}")]
    except ValueError as exc:  # integers too long to convert
        return None, [("", f"not valid JSON: {exc}")]


# ----------------------------------------------------------------------------- checking

def known_ruleset(name: Any) -> bool:
    """Whether the catalogue has a ruleset of this name (asked each time: rulesets can be added)."""
    from truco_rules.spec.catalogue import load_catalogue

    return isinstance(name, str) and name in load_catalogue().rulesets


def check_line(raw: RawLine, file: str, line: int, game: int, ruleset: str | None,
               max_bytes: int) -> tuple[str, list[Problem]]:
    """Check one non-blank line: ("conforming" | "violations" | "malformed", its problems)."""
    def malformed(requires: str, where: str = "") -> tuple[str, list[Problem]]:
        return "malformed", [Problem("malformed", file, line, game, FORMAT, None, None, where, "", requires)]

    if isinstance(raw, TooLong):
        return malformed(f"a line of at most {max_bytes} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return malformed(f"UTF-8 text (byte {exc.start + 1} of the line: {exc.reason})")
    record, errors = parse_line(text)
    if errors:
        return "malformed", [Problem("malformed", file, line, game, FORMAT, None, None, where, "", why)
                             for where, why in errors]
    try:
        found = check_record(record, ruleset=ruleset, game=game)
    except RecursionError:
        return malformed("the record is nested too deeply")
    # A FORMAT finding is a malformed record, except that a record naming another ruleset of the
    # catalogue than --ruleset is well formed (and checked against --ruleset): a rule break.
    named = record.get("ruleset") if isinstance(record, dict) else None
    malformed_record = any(v.clause == FORMAT and (v.field != "ruleset" or not known_ruleset(named))
                           for v in found)
    kind = "malformed" if malformed_record else "violation"
    problems = [Problem(kind, file, line, game, v.clause, v.hand, v.action, v.field, v.says, v.requires)
                for v in found]
    return ("malformed" if malformed_record else ("violations" if found else "conforming")), problems


@dataclass(frozen=True)
class Batch:
    """Consecutive non-blank lines of one file: (line number, record index, bytes)."""

    file: str
    lines: tuple[tuple[int, int, RawLine], ...]
    ruleset: str | None
    max_bytes: int


@dataclass(frozen=True)
class Checked:
    """What a batch gives back: its problems in line order and its counts."""

    problems: tuple[Problem, ...]
    conforming: int = 0
    violations: int = 0
    malformed: int = 0


def check_batch(batch: Batch) -> Checked:
    """Check every line of a batch (runs wherever the executor runs it)."""
    counts = {"conforming": 0, "violations": 0, "malformed": 0}
    problems: list[Problem] = []
    for line, game, raw in batch.lines:
        verdict, found = check_line(raw, batch.file, line, game, batch.ruleset, batch.max_bytes)
        counts[verdict] += 1
        problems.extend(found)
    return Checked(tuple(problems), **counts)


def warm_up(ruleset: str | None = None, ruleset_files: tuple[tuple[str, str], ...] = ()) -> None:
    """Load the catalogue (with the ruleset files given as (name, text), as `--ruleset-file` loaded
    them in the parent process) and compile the record schema, so that the first batch is not slower."""
    from truco_rules.spec.catalogue import add_ruleset_texts
    from truco_rules.spec.monitor.structure import record_schema

    if ruleset_files:
        add_ruleset_texts(ruleset_files)

    known_ruleset("")
    record_schema()
    check_line(b"{}", STDIN, 1, 0, ruleset, DEFAULT_MAX_LINE_BYTES)


# ----------------------------------------------------------------------------- files

@dataclass
class _Tally:
    """Lines and records read so far in one file (the reader's side of the counts)."""

    lines: int = 0
    records: int = 0


Work = Batch | InputError  # an InputError is passed through, in its place


def _batches(file: str, numbered: Iterator[tuple[int, RawLine]], tally: _Tally, ruleset: str | None,
             max_bytes: int, batch_lines: int, batch_bytes: int) -> Iterator[Work]:
    pending: list[tuple[int, int, RawLine]] = []
    size = 0
    try:
        for number, raw in numbered:
            tally.lines = number
            if is_blank(raw):
                continue
            pending.append((number, tally.records, raw))
            tally.records += 1
            size += max_bytes if isinstance(raw, TooLong) else len(raw)
            # A too-long line closes its batch: it is reported before the rest of it is skipped.
            if len(pending) >= batch_lines or size >= batch_bytes or isinstance(raw, TooLong):
                yield Batch(file, tuple(pending), ruleset, max_bytes)
                pending, size = [], 0
    except Runaway as exc:
        tally.lines = exc.line
        error: InputError | None = InputError(file, exc.line, str(exc))
    except OSError as exc:
        error = InputError(file, tally.lines or None,
                           f"cannot read {file} after line {tally.lines}: {exc.strerror or exc}")
    else:
        error = None
    if pending:
        yield Batch(file, tuple(pending), ruleset, max_bytes)
    if error is not None:
        yield error


Runner = Callable[[Iterator[Work]], Iterator[Checked | InputError]]


def run_here(work: Iterator[Work]) -> Iterator[Checked | InputError]:
    """Check each batch in this process, as soon as it is read."""
    for item in work:
        yield check_batch(item) if isinstance(item, Batch) else item


Source = tuple[str, "IO[bytes] | InputError", bool]  # name, open stream (or why not), close it after


def _open_each(paths: Iterable[str]) -> Iterator[Source]:
    """Each path opened when its turn comes ('-': standard input, left open)."""
    import sys

    for path in paths:
        if path == STDIN:
            yield path, sys.stdin.buffer, False
            continue
        try:
            yield path, open(path, "rb"), True  # noqa: SIM115 (closed by _validate)
        except OSError as exc:
            yield path, InputError(path, None, f"cannot open {path}: {exc.strerror or exc}"), False


def _work(sources: Iterator[Source], ruleset: str | None, max_bytes: int, batch_lines: int,
          batch_bytes: int, totals: Summary, on_read: Callable[[int], None] | None) -> Iterator[Work]:
    """Every file's batches and errors, in order; keeps totals.lines and totals.records."""
    for name, stream, close in sources:
        if isinstance(stream, InputError):
            yield stream
            continue
        tally = _Tally()
        try:
            yield from _batches(name, read_lines(stream, max_bytes, on_read), tally, ruleset, max_bytes,
                                batch_lines, batch_bytes)
        finally:
            totals.lines += tally.lines
            totals.records += tally.records
            if close:
                stream.close()


def _validate(sources: Iterator[Source], ruleset: str | None, max_bytes: int, run: Runner | None,
              batch_lines: int, batch_bytes: int, on_read: Callable[[int], None] | None) -> Iterator[Item]:
    totals = Summary()
    work = _work(sources, ruleset, max_bytes, batch_lines, batch_bytes, totals, on_read)
    for done in (run or run_here)(work):
        if isinstance(done, InputError):
            totals.errors += 1
            yield done
            continue
        totals.conforming += done.conforming
        totals.violations += done.violations
        totals.malformed += done.malformed
        yield from done.problems
    yield totals


def validate_files(paths: Iterable[str], ruleset: str | None = None, *,
                   max_bytes: int = DEFAULT_MAX_LINE_BYTES, run: Runner | None = None,
                   batch_lines: int = 64, batch_bytes: int = 1 << 20,
                   on_read: Callable[[int], None] | None = None) -> Iterator[Item]:
    """Check every record of every file ('-' is standard input), in order; the Summary is last.

    `run` maps check_batch over the work, keeping its order (truco_rules.spec.monitor.parallel); by default
    each batch is checked here, as soon as it is read. `on_read(n)` is told of every n bytes read.
    """
    return _validate(_open_each(paths), ruleset, max_bytes, run, batch_lines, batch_bytes, on_read)


def validate_stream(stream: IO[bytes], ruleset: str | None = None, *, name: str = STDIN,
                    max_bytes: int = DEFAULT_MAX_LINE_BYTES, run: Runner | None = None,
                    batch_lines: int = 64, batch_bytes: int = 1 << 20) -> Iterator[Item]:
    """validate_files over one stream that is already open (named `name` in the results; the
    caller closes it)."""
    return _validate(iter([(name, stream, False)]), ruleset, max_bytes, run, batch_lines, batch_bytes, None)


def validate_lines(lines: Iterable[str | bytes], ruleset: str | None = None, *, name: str = "",
                   run: Runner | None = None, batch_lines: int = 64) -> Iterator[Item]:
    """validate_files over lines held in memory (each without its newline), e.g. records that a
    program has just produced."""
    import io

    data = io.BytesIO(b"".join((x.encode("utf-8") if isinstance(x, str) else x) + b"\n" for x in lines))
    return validate_stream(data, ruleset, name=name, run=run, batch_lines=batch_lines)
