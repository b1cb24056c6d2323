"""`truco validate`: check game records (JSON Lines) against the executable spec; `truco check`:
drive an engine through many games and check every step (spec.monitor.drive).

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
    text = text.rstrip("\r\n")
    try:
        return json.loads(text), None
    except RecursionError:
        return None, "the JSON is nested too deeply"
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON at column {exc.pos + 1}: {exc.msg}"
    except ValueError as exc:  # integers too long to convert
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
            Console(stderr=True, highlight=False).print(f"truco: [red]error:[/] {escape(message)}")
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




# ------------------------------------------------------------------ check

DEFAULT_ENGINE = "engine.adapter:make_adapter"


def load_factory(spec_text: str) -> Callable[[], Any]:
    """The factory named by MODULE:FACTORY; exits 2 with a one-line error when it cannot be used."""
    import importlib

    from truco_cli.errors import fail

    module_name, sep, attr = spec_text.partition(":")
    if not sep or not module_name or not attr:
        fail(f"--engine wants MODULE:FACTORY (e.g. {DEFAULT_ENGINE}), not {spec_text!r}")
    import os
    import sys

    if os.getcwd() not in sys.path:  # as `python -m` does: an adapter in the current project imports
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any import failure of a third-party module is bad input
        fail(f"cannot import engine module {module_name!r}: {type(exc).__name__}: {exc}")
    factory = getattr(module, attr, None)
    if not callable(factory):
        names = sorted(n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n)))
        fail(f"no factory {attr!r} in {module_name}; callables there: {', '.join(names) or 'none'}")
    return factory


def _check_readings(rulesets: list[str], pairs: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Per ruleset, the readings that concern it; exits 2 on a key or reading no ruleset knows."""
    from spec.catalogue import UnknownNameError, load_catalogue
    from truco_cli.errors import fail

    cat = load_catalogue()
    wanted: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            fail(f"--reading wants KEY=READING, not {pair!r}")
        wanted[key] = value
    out: dict[str, dict[str, str]] = {name: {} for name in rulesets}
    for key, value in wanted.items():
        users = [name for name in rulesets if key in {a.key for a in cat.ambiguities_of(name)}]
        if not users:
            keys = sorted({a.key for name in rulesets for a in cat.ambiguities_of(name)})
            fail(f"unknown ambiguity key {key!r} for {', '.join(rulesets)}; valid choices: {', '.join(keys)}")
        for name in users:
            try:
                cat.readings(name, {key: value})
            except UnknownNameError as exc:
                fail(str(exc))
            out[name][key] = value
    return out


def _clause_rows(report: Any) -> list[tuple[str, int, int]]:
    from spec.catalogue import load_catalogue

    ids = list(load_catalogue().clauses)
    extra = sorted((set(report.exercised) | set(report.violated)) - set(ids))
    return [(c, report.exercised[c], report.violated[c]) for c in ids + extra
            if report.exercised[c] or report.violated[c]]


@click.command("check")
@click.option("--engine", "engine_spec", default=None, metavar="MODULE:FACTORY",
              help="The engine's adapter factory (spec/adapter.py); default: the reference engine.")
@click.option("--ruleset", "ruleset", default=None, metavar="RULESET", help="One ruleset (default: all).")
@click.option("--games", type=click.IntRange(min=0), default=None,
              help="Random games per ruleset [default: 250].")
@click.option("--programs", type=click.IntRange(min=0), default=None,
              help="Hypothesis programs per ruleset [default: 40].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--reading", "readings", multiple=True, metavar="KEY=READING",
              help="Switch a reading (in every ruleset it concerns).")
@click.option("--call-timeout", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds one engine call may take (0: no limit); enforced in the main thread on POSIX.")
@click.option("--coverage", is_flag=True, help="Also list the clauses this run did not exercise.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: counts per clause and violations.")
def check(engine_spec: str | None, ruleset: str | None, games: int | None, programs: int | None, seed: int,
          readings: tuple[str, ...], call_timeout: float, coverage: bool, as_json: bool) -> None:
    """Drive an engine through many games and check every step against the rules.

    At every step the engine's legal actions must be the spec's; actions the rules forbid must
    be refused with the state unchanged; every record must pass the monitor. Exit 0 when
    nothing is violated, 1 on any violation (or engine fault), 2 on bad input.
    """
    from rich.console import Console

    from spec.catalogue import UnknownNameError, load_catalogue
    from spec.monitor.drive import Report, Settings, check_engine
    from truco_cli.errors import fail

    cat = load_catalogue()
    names = list(cat.rulesets)
    if ruleset is not None:
        try:
            cat.ruleset(ruleset)
        except UnknownNameError as exc:
            fail(str(exc))
        names = [ruleset]
    per_ruleset = _check_readings(names, readings)
    factory = load_factory(engine_spec or DEFAULT_ENGINE)
    cfg = Settings(games=250 if games is None else games, programs=40 if programs is None else programs,
                   seed=seed, call_timeout=call_timeout)
    total = Report()
    err = Console(stderr=True)
    from rich.progress import Progress

    with Progress(console=err, transient=True, disable=as_json) as bar:
        for name in names:
            task = bar.add_task(name, total=cfg.games)
            part = check_engine(factory, [name], per_ruleset[name], cfg,
                                progress=lambda _n, done, t=task: bar.update(t, completed=done))
            _merge(total, part)
    code = 0 if total.ok else 1
    rows = _clause_rows(total)
    unexercised = [c for c in cat.clauses if not total.exercised[c]]
    if as_json:
        click.echo(json.dumps({
            "engine": engine_spec or DEFAULT_ENGINE, "rulesets": names, "games": total.games,
            "programs": total.programs, "steps": total.steps, "refusals": total.refusals,
            "clauses": {c: {"exercised": e, "violated": v} for c, e, v in rows},
            "unexercised": unexercised,
            "violations": [v.to_dict() for v in total.violations], "exit": code}))
        sys.exit(code)
    _print_report(Console(highlight=False, soft_wrap=True), total, rows, unexercised if coverage else None)
    sys.exit(code)


def _merge(total: Any, part: Any) -> None:
    total.exercised.update(part.exercised)
    total.violated.update(part.violated)
    total.violations.extend(part.violations[: max(0, 200 - len(total.violations))])
    total.games += part.games
    total.programs += part.programs
    total.steps += part.steps
    total.refusals += part.refusals


def _print_report(console: Any, report: Any, rows: list[tuple[str, int, int]],
                  unexercised: list[str] | None) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="clauses checked")
    for col in ("clause", "exercised", "violated"):
        table.add_column(col, justify="left" if col == "clause" else "right")
    for clause, exercised, violated in rows:
        style = "red" if violated else None
        table.add_row(clause, f"{exercised:,}", str(violated), style=style)
    console.print(table)
    for v in report.violations[:20]:
        console.print(f"[red]{escape('[' + v.clause + ']')}[/] {escape(str(v).split('] ', 1)[1])}")
    if len(report.violations) > 20:
        console.print(f"... and {sum(report.violated.values()) - 20} more")
    if unexercised is not None:
        console.print(f"clauses not exercised by this run: {', '.join(unexercised) or 'none'}")
    colour = "green" if report.ok else "red"
    console.print(f"[{colour}]{report.games} games, {report.programs} programs, {report.steps:,} actions, "
                  f"{report.refusals:,} refusals checked: {sum(report.violated.values())} violations[/]")


def register(group: click.Group) -> None:
    group.add_command(validate)
    group.add_command(check)
