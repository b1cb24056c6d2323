"""`truco validate`: check game records (JSON Lines) against the executable spec.

The checking is spec.monitor.stream's (truco_rules.spec.monitor.parallel for --jobs and --dask); this module
only chooses where it runs and writes what it finds.

Exit codes: 0 every record conforms; 1 some record breaks a rule or the record format; 2 some
input cannot be used (missing file, a line with no end, unknown --ruleset, no Dask cluster).

`--json` output is JSON Lines, one object per line, stable:
- a problem: {"kind": "violation" | "malformed", "file": str, "line": int, "game": int,
  "clause": str, "hand": int | null, "action": int | null, "field": str, "record": str,
  "requires": str}. "malformed" is a line that is not a record of the record format (bad JSON,
  a repeated key, not UTF-8, too long, too deeply nested, wrong types, unknown fields, rulesets
  or action texts): clause "FORMAT". "game" is the 0-based index of the record among the
  file's non-blank lines.
- a file that cannot be opened or read on: {"kind": "error", "file": str, "line": int | null,
  "message": str}; the lines before it are reported and the other files are still checked.
- at the end, always: {"kind": "summary", "lines": int, "records": int, "conforming": int,
  "violations": int, "malformed": int, "exit": int}.
- an option that cannot be used: {"kind": "error", "file": null, "line": null, "message": str}
  alone, exit 2.
The output is in input order whatever --jobs or --dask, and the same.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from typing import IO, TYPE_CHECKING, Any, NoReturn, cast

import click

from truco_rules.cli.options import ruleset_options, rulesets_from
from truco_rules.spec.escape import json_dumps
from truco_rules.spec.escape import terminal as visible

if TYPE_CHECKING:
    from truco_rules.spec.monitor.stream import InputError, Problem, Summary

FLUSH_SECONDS = 0.2  # piped output is written in blocks, at least this often
# The monitor is imported inside the command (`truco --help` stays fast): these restate the
# defaults of truco_rules.spec.monitor.stream, which a test compares.
MAX_LINE_HELP = ("Longer lines are reported as malformed and skipped; a line with no end after 64 times "
                 "this ends the check of its file (exit 2).  [default: 16 MiB]")


class _Writer:
    """Writes each item as it comes: JSON Lines, or one plain text line per problem (coloured on
    a terminal). Plain writes to a buffered stream: the output never costs more than the check."""

    def __init__(self, as_json: bool, several_files: bool) -> None:
        self.as_json, self.several_files = as_json, several_files
        self.out: IO[str] = sys.stdout
        self.live = self.out.isatty()
        self.colour = self.live and not as_json and "NO_COLOR" not in os.environ
        self.flushed = time.monotonic()

    def _style(self, text: str, colour: str) -> str:
        return click.style(text, fg=colour) if self.colour else text

    def write(self, item: Problem | InputError | Summary) -> None:
        if self.as_json:
            self.out.write(json_dumps(item.to_dict()) + "\n")
        elif item.kind == "error":
            self.flush()
            click.echo(f"truco: error: {visible(cast('InputError', item).message)}", err=True)
        elif item.kind == "summary":
            self.out.write(self.summary_line(cast("Summary", item)) + "\n")
        else:
            self.out.write(self.problem_line(cast("Problem", item)) + "\n")
        now = time.monotonic()
        if self.live or now - self.flushed >= FLUSH_SECONDS:
            self.flush(now)

    def summary_line(self, s: Summary) -> str:
        text = (f"{s.records} records: {s.conforming} conform, {s.violations} break a rule, "
                f"{s.malformed} malformed")
        if s.errors:
            text += f"; {s.errors} input {'error' if s.errors == 1 else 'errors'}"
        return self._style(text, "green" if s.exit == 0 else "red")

    def problem_line(self, p: Problem) -> str:
        # A record's text (a card name, a field, what it says) is written as --json writes it:
        # escapes shown, never sent to the terminal.
        where = [f"{visible(p.file)} line {p.line}" if self.several_files else f"line {p.line}"]
        where += [f"{name} {value}" for name, value in (("hand", p.hand), ("action", p.action))
                  if value is not None]
        at = f" {visible(p.field)}:" if p.field else ""
        says = f" (record: {visible(p.record)})" if p.record else ""
        tag = self._style(f"[{p.clause}]", "yellow" if p.kind == "malformed" else "red")
        return f"{tag} {', '.join(where)}{at} {visible(p.requires)}{says}"

    def flush(self, now: float | None = None) -> None:
        self.out.flush()
        self.flushed = time.monotonic() if now is None else now


def _fail(message: str, as_json: bool) -> NoReturn:
    if as_json:
        click.echo(json.dumps({"kind": "error", "file": None, "line": None, "message": message}))
    else:
        click.echo(f"truco: error: {visible(message)}", err=True)
    sys.exit(2)


@contextmanager
def _progress(files: tuple[str, ...], show: bool) -> Iterator[Any]:
    """A transient progress bar by bytes read (regular files only, on a terminal); yields the
    callback told of every n bytes read, or None."""
    sizes = [os.path.getsize(f) for f in files if f != "-" and os.path.isfile(f)]
    if not show or not sizes or len(sizes) != len(files):
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    with Progress("checking", BarColumn(), DownloadColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("records", total=sum(sizes))
        done = [0, time.monotonic()]

        def on_read(n: int) -> None:
            done[0] += n
            if time.monotonic() - done[1] > 0.1:
                bar.update(task, completed=done[0])
                done[1] = time.monotonic()

        yield on_read


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=str, metavar="FILES...")
@ruleset_options(help="Check against this ruleset; a record naming another one is reported.")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines output (see the module's documentation).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes on this machine (0: one per core). Same output as one.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Check on a Dask cluster: its scheduler's address (tcp://host:8786), or 'local' to "
                   "start one here with --jobs workers, one per core if --jobs is 1 (needs the dask extra).")
@click.option("--max-line-bytes", type=click.IntRange(min=1), default=None, help=MAX_LINE_HELP)
def validate(files: tuple[str, ...], ruleset: str | None, ruleset_files: tuple[str, ...], as_json: bool,
             jobs: int, dask_address: str | None, max_line_bytes: int | None) -> None:
    """Check the game records in FILES (JSON Lines, one match a line; '-' for standard input).

    Exit 0 when every record conforms, 1 when any breaks a rule or the record format, 2 when
    some input cannot be used. Problems are reported in input order, as they are found.
    """
    named = rulesets_from(ruleset, ruleset_files, engine=False,  # records may name a file's ruleset
                          fail_with=lambda message: _fail(message, as_json))
    if len(named) > 1:
        _fail(f"one ruleset to check against, not {', '.join(named)}", as_json)
    ruleset = named[0] if named else None
    from truco_rules.spec.catalogue import added_ruleset_files

    texts = added_ruleset_files()
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if dask_address is not None and dask_address != "local" and jobs != 1:
        _fail("--jobs sets the workers of --dask local; a running cluster has its own", as_json)
    if files.count("-") > 1:
        _fail("standard input ('-') can be read only once", as_json)

    import gc

    from truco_rules.spec.monitor import parallel
    from truco_rules.spec.monitor.stream import DEFAULT_MAX_LINE_BYTES, Summary, validate_files, warm_up

    warm_up(ruleset)
    gc.freeze()  # the catalogue and caches live to the end: the collector need not walk them again
    writer = _Writer(as_json, len(files) > 1)
    if dask_address is not None:
        runner: Any = parallel.dask_cluster(dask_address, jobs if jobs > 1 else None, ruleset, texts)
        batch_lines = 256  # a task on a cluster costs more to send than one to a local process
    elif jobs > 1:
        runner, batch_lines = parallel.process_pool(jobs, ruleset, texts), 64
    else:
        runner, batch_lines = nullcontext(None), 64
    try:
        # A bar only when the report goes elsewhere than the terminal: the two would mix.
        with runner as run, _progress(files, sys.stderr.isatty() and not writer.live) as on_read:
            summary = None
            for item in validate_files(files, ruleset, max_bytes=max_line_bytes or DEFAULT_MAX_LINE_BYTES,
                                       run=run, batch_lines=batch_lines, on_read=on_read):
                writer.write(item)
                summary = item
    except parallel.ClusterError as exc:
        writer.flush()
        _fail(str(exc), as_json)
    writer.flush()
    assert isinstance(summary, Summary)
    sys.exit(summary.exit)


def register(group: click.Group) -> None:
    group.add_command(validate)
