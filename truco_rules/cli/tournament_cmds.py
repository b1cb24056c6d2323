"""`truco tournament`: a bot tournament refereed by the engine and the spec (truco_rules.referee).

`truco tournament FILE` plays the tournament a file describes (spec/schemas/tournament.schema.json)
and keeps each match in its run folder as it ends: started again, it plays only what is missing.
`--compliance BOT` checks one bot before play; `--bench` times the referee beside the engine.
Exit codes: 0 done (faults are results, not errors), 1 a bot failed the compliance check, 2 input
that cannot be used (the file, the folder, the options).
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import click

from truco_rules.cli.errors import cannot_write, fail

DEFAULT_RULESET = "paulista-1v1"


@click.command("tournament")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="The run folder (matches.jsonl, results.json). Default: FILE's name with .run.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Matches at once on this machine (0: one per core). Same results as one.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Play on a Dask cluster: its scheduler's address, or 'local' to start one here with "
                   "--jobs workers (needs the dask extra). Same results.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON (no progress bar).")
@click.option("--compliance", "bot_command", default=None, metavar="BOT",
              help="Check one bot before play, in numbered steps: a command line, or an http(s) address.")
@click.option("--bench", is_flag=True, help="Matches per second of the referee beside the engine's playouts.")
@click.option("--ruleset", default=None, help=f"For --compliance and --bench (default {DEFAULT_RULESET}).")
@click.option("--matches", type=click.IntRange(min=1), default=10, show_default=True, help="For --bench.")
def tournament_cmd(file: str | None, out_dir: str | None, jobs: int, dask_address: str | None, as_json: bool,
                   bot_command: str | None, bench: bool, ruleset: str | None, matches: int) -> None:
    """Play the bot tournament that FILE describes (round robin or Swiss, mirrored deals).

    The reference engine runs every match and the spec checks every decision; each fault is named
    (illegal action with its clause, time-over, crash, protocol error) and costs what the file's
    policy says; every match ends with a named termination. Prints the standings, the ratings, the
    terminations and the faults per bot; the records (valid for `truco validate`) and
    results.json are in the run folder.
    """
    if bot_command is not None:
        _compliance(bot_command, ruleset or DEFAULT_RULESET, as_json)
        return
    if bench:
        _bench(ruleset or DEFAULT_RULESET, matches, as_json)
        return
    if file is None:
        fail("give a tournament FILE (or --compliance BOT, or --bench)")
    _play(file, out_dir, jobs, dask_address, as_json)


def _play(file: str, out_dir: str | None, jobs: int, dask_address: str | None, as_json: bool) -> None:
    from truco_rules.referee import run
    from truco_rules.referee.journal import Journal, JournalError
    from truco_rules.referee.standings import summarize
    from truco_rules.referee.tournament_file import TournamentFileError, load_tournament
    from truco_rules.spec.files import write_text_atomic

    try:
        t = load_tournament(file)
    except TournamentFileError as exc:
        fail(str(exc))
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if dask_address is not None and dask_address != "local" and jobs != 1:
        fail("--jobs sets the workers of --dask local; a running cluster has its own")
    folder = Path(out_dir) if out_dir else Path(file).with_suffix(".run")
    try:
        journal = Journal(folder, t.digest, t.name)
    except JournalError as exc:
        fail(str(exc))
    runner = run.dask_runner(dask_address, jobs) if dask_address else run.local_runner(jobs)
    total = run.total_matches(t)
    try:
        with runner as play, _progress(total, not as_json and sys.stderr.isatty(), t.name) as advance:
            schedule, byes = run.play(t, journal, play, advance)
    except run.ClusterError as exc:
        fail(str(exc))
    finally:
        journal.close()
    results = summarize(t.name, t.ruleset, t.system, t.policy, [b.name for b in t.bots], schedule,
                        run.in_order(schedule, journal), byes)
    try:
        write_text_atomic(folder / "results.json", json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    except OSError as exc:
        cannot_write(folder / "results.json", exc)
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False))
    else:
        _show(results, folder)


class _progress:
    """A rich progress bar of matches on stderr (or nothing); advances by one per match."""

    def __init__(self, total: int, show: bool, title: str) -> None:
        self.total, self.show, self.title = total, show, title
        self.bar: Any = None

    def __enter__(self) -> Any:
        if not self.show:
            return lambda record: None
        from rich.console import Console
        from rich.markup import escape
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        self.bar = Progress(escape(self.title[:40]), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            console=Console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("matches", total=self.total)
        return lambda record: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _show(results: dict[str, Any], folder: Path) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(highlight=False)
    table = Table(title=escape(f"{results['tournament']} ({results['ruleset']}, {results['system']})"))
    for column in ("#", "bot", "points", "won", "drawn", "lost", "rating (mu ± sigma)", "faults", "clauses"):
        table.add_column(column)
    for row in results["standings"]:
        faults = ", ".join(f"{k} {n}" for k, n in row["faults"].items()) or "-"
        clauses = ", ".join(f"{k} {n}" for k, n in row["clauses"].items()) or "-"
        name = escape(row["bot"]) + (" (disqualified)" if row["disqualified"] else "")
        table.add_row(str(row["rank"]), name,
                      f"{row['points']:g}", str(row["wins"]), str(row["draws"]), str(row["losses"]),
                      f"{row['rating']['mu']:.1f} ± {row['rating']['sigma']:.1f}", faults, clauses)
    console.print(table)
    bots = [row["bot"] for row in results["standings"]]
    cross = Table(title="crosstable: won-drawn-lost of the row's bot against the column's")
    cross.add_column("")
    for i, _ in enumerate(bots, 1):
        cross.add_column(str(i))
    for i, a in enumerate(bots, 1):
        row = results["crosstable"][a]
        cells = ["x" if a == b else "-".join(map(str, row.get(b, []))) or "." for b in bots]
        cross.add_row(f"{i} {escape(a)}", *cells)
    console.print(cross)
    console.print("terminations: " + ", ".join(f"{k} {n}" for k, n in results["terminations"].items()))
    console.print(f"records and results.json in {escape(str(folder))}  (truco validate {escape(str(folder))}"
                  "/matches.jsonl; truco explain CLAUSE)")


def _compliance(command: str, ruleset: str, as_json: bool) -> None:
    from truco_rules.engine import RULESETS
    from truco_rules.referee.compliance import check
    from truco_rules.referee.connection import BotSpec
    from truco_rules.referee.faults import Policy
    from truco_rules.spec.monitor.untrusted import visible

    if ruleset not in RULESETS:
        fail(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(RULESETS)})")
    if command.startswith(("http://", "https://")):
        bot = BotSpec("bot", url=command)
    else:
        try:
            words = tuple(shlex.split(command))
        except ValueError as exc:
            fail(f"--compliance: {exc}")
        if not words:
            fail("--compliance: an empty command")
        bot = BotSpec("bot", words)

    def show(step: Any) -> None:
        if as_json:
            return
        mark = click.style("ok", fg="green") if step.ok else click.style("FAILED", fg="red")
        detail = f" ({visible(step.detail)})" if step.detail else ""
        click.echo(f"{step.number}. {step.title}: {mark}{detail}")
        if not step.ok and step.stderr:
            click.echo("   its stderr ends with:")
            for line in step.stderr.splitlines()[-20:]:
                click.echo("   | " + visible(line))

    steps = check(bot, ruleset, Policy(), on_step=show)
    passed = all(s.ok for s in steps) and len(steps) == 6
    if as_json:
        rows = [{"number": s.number, "title": s.title, "ok": s.ok, "detail": s.detail, "stderr": s.stderr}
                for s in steps]
        click.echo(json.dumps({"ruleset": ruleset, "passed": passed, "steps": rows}, ensure_ascii=False))
    elif passed:
        click.echo(click.style("the bot is ready to play", fg="green"))
    sys.exit(0 if passed else 1)


def _bench(ruleset: str, matches: int, as_json: bool) -> None:
    from truco_rules.engine import RULESETS
    from truco_rules.referee.bench import run_referee_bench

    if ruleset not in RULESETS:
        fail(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(RULESETS)})")
    out = run_referee_bench(ruleset, matches)
    if as_json:
        click.echo(json.dumps(out))
        return
    click.echo(f"{ruleset}: the referee plays {out['referee_matches_per_s']} matches/s "
               f"({out['referee_decisions_per_s']} decisions/s, two bot processes, every decision checked by "
               f"the spec); the engine alone {out['engine_matches_per_s']} matches/s: "
               f"{out['engine_per_referee']} times as fast")


def register(group: click.Group) -> None:
    group.add_command(tournament_cmd)
