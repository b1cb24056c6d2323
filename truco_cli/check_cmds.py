"""`truco validate`: check game records (JSON Lines) against the executable spec.

Exit codes: 0 every record conforms; 1 some record breaks a rule or the record format; 2 the
input cannot be read (missing file, not UTF-8, unknown --ruleset).

`--json` output is JSON Lines, one object per line, stable:
- a problem: {"kind": "violation" | "malformed", "line": int, "game": int | null,
  "clause": str, "hand": int | null, "action": int | null, "field": str, "record": str,
  "requires": str}. "malformed" is a line that is not a record of the record format (bad JSON,
  too long, too deeply nested, wrong types, unknown fields or action texts): clause "FORMAT".
  "game" is the 0-based index of the record among the non-blank lines.
- at the end: {"kind": "summary", "lines": int, "records": int, "conforming": int,
  "violations": int, "malformed": int, "exit": int}
- when the input cannot be read: {"kind": "error", "line": int | null, "message": str}, then exit 2.
Records are read one line at a time: memory does not grow with the file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any

import click

DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024  # far above any real match (10,000 hands at most)


class Unreadable(Exception):
    """The input cannot be read at all (exit 2)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


def read_lines(stream: IO[bytes], max_bytes: int) -> Iterator[tuple[int, str | None]]:
    """(line number, text) for each line; text None for a line longer than max_bytes (skipped
    without being held in memory). Raises Unreadable for bytes that are not UTF-8."""
    number = 0
    while True:
        chunk = stream.readline(max_bytes + 1)
        if not chunk:
            return
        number += 1
        if len(chunk) > max_bytes and not chunk.endswith(b"\n"):
            while chunk and not chunk.endswith(b"\n"):
                chunk = stream.readline(max_bytes)
            yield number, None
            continue
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Unreadable(f"line {number} is not UTF-8 text ({exc.reason})", number) from None
        if number == 1:
            text = text.removeprefix("\ufeff")
        yield number, text


def parse_line(text: str) -> tuple[Any, str | None]:
    """The JSON value of a line, or (None, why it is not JSON)."""
    try:
        return json.loads(text), None
    except RecursionError:
        return None, "the JSON is nested too deeply"
    except ValueError as exc:  # JSONDecodeError, and integers too long to convert
        return None, f"not valid JSON: {exc}"


Emit = Callable[[dict[str, Any]], None]


def validate_stream(stream: IO[bytes], ruleset: str | None, emit: Emit,
                    max_bytes: int = DEFAULT_MAX_LINE_BYTES) -> dict[str, int]:
    """Check every record of a JSON Lines stream, emitting each problem as it is found.

    Returns the summary counts. Raises Unreadable when the stream cannot be read.
    """
    from spec.monitor import FORMAT, check_record

    counts = {"lines": 0, "records": 0, "conforming": 0, "violations": 0, "malformed": 0}
    for number, text in read_lines(stream, max_bytes):
        counts["lines"] = number
        if text is not None and not text.strip():
            continue
        game = counts["records"]
        counts["records"] += 1
        problem = {"line": number, "game": game, "clause": FORMAT, "hand": None, "action": None,
                   "field": "", "record": ""}
        if text is None:
            counts["malformed"] += 1
            emit({"kind": "malformed", **problem, "requires": f"a line of at most {max_bytes} bytes"})
            continue
        record, error = parse_line(text)
        if error is not None:
            counts["malformed"] += 1
            emit({"kind": "malformed", **problem, "requires": error})
            continue
        try:
            found = check_record(record, ruleset=ruleset, game=game)
        except RecursionError:
            found = None
        if found is None:
            counts["malformed"] += 1
            emit({"kind": "malformed", **problem, "requires": "the record is nested too deeply"})
            continue
        malformed = any(v.clause == FORMAT and v.field != "ruleset" for v in found)
        counts["malformed" if malformed else ("violations" if found else "conforming")] += 1
        for v in found:
            emit({"kind": "malformed" if malformed else "violation", "line": number, "game": game,
                  "clause": v.clause, "hand": v.hand, "action": v.action, "field": v.field,
                  "record": v.says, "requires": v.requires})
    return counts


def _open(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise Unreadable(f"cannot open {path}: {exc.strerror}") from None


@click.command("validate")
@click.argument("file", type=str)
@click.option("--ruleset", "ruleset", default=None, metavar="RULESET",
              help="Check against this ruleset; a record naming another one is reported.")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines output (see the module's documentation).")
@click.option("--max-line-bytes", type=click.IntRange(min=1), default=DEFAULT_MAX_LINE_BYTES,
              show_default=True, help="Longer lines are reported as malformed and skipped.")
def validate(file: str, ruleset: str | None, as_json: bool, max_line_bytes: int) -> None:
    """Check the game records in FILE (JSON Lines, one match a line; '-' for standard input).

    Exit 0 when every record conforms, 1 when any breaks a rule or the record format, 2 when
    the input cannot be read.
    """
    from rich.console import Console
    from rich.markup import escape

    console = Console(highlight=False, soft_wrap=True)

    def emit(item: dict[str, Any]) -> None:
        if as_json:
            click.echo(json.dumps(item, ensure_ascii=False))
            return
        where = [f"line {item['line']}"]
        where += [f"{k} {item[k]}" for k in ("hand", "action") if item.get(k) is not None]
        at = f" {item['field']}:" if item.get("field") else ""
        says = f" (record: {item['record']})" if item.get("record") else ""
        style = "yellow" if item["kind"] == "malformed" else "red"
        console.print(f"[{style}]{escape('[' + item['clause'] + ']')}[/] {escape(', '.join(where))}"
                      f"{escape(at)} {escape(item['requires'])}{escape(says)}")

    def fail(message: str, line: int | None = None) -> None:
        if as_json:
            click.echo(json.dumps({"kind": "error", "line": line, "message": message}))
        else:
            Console(stderr=True, highlight=False).print(f"[red]error:[/] {escape(message)}")
        sys.exit(2)

    if ruleset is not None:
        from spec.catalogue import UnknownNameError, load_catalogue

        try:
            load_catalogue().ruleset(ruleset)
        except UnknownNameError as exc:
            fail(str(exc))
    try:
        stream = _open(file)
        try:
            counts = validate_stream(stream, ruleset, emit, max_line_bytes)
        finally:
            if stream is not sys.stdin.buffer:
                stream.close()
    except Unreadable as exc:
        fail(str(exc), exc.line)
        return
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
        return
    code = 0 if counts["conforming"] == counts["records"] else 1
    if as_json:
        click.echo(json.dumps({"kind": "summary", **counts, "exit": code}))
    else:
        colour = "green" if code == 0 else "red"
        console.print(f"[{colour}]{counts['records']} records: {counts['conforming']} conform, "
                      f"{counts['violations']} break a rule, {counts['malformed']} malformed[/]")
    sys.exit(code)


def register(group: click.Group) -> None:
    group.add_command(validate)
