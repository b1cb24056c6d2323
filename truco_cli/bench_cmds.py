"""`truco bench`: engine, bare playout, monitor and validate throughput, in one run.

The names of the JSON figures are stable (documented in the command's help and in the docs page
"Speed"); the values depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import datetime
import gc
import json
import os
import platform
import random
import sys
import time
from typing import Any

import click

from truco_cli.options import ruleset_options, rulesets_from

VALIDATE_RULESET = "mineiro-1v1-es"  # the records validate is timed on

JSON_HELP = """\b
--json prints one object with these stable names:
  date, machine {cpu_count, python, platform, load_average},
  seconds (per ruleset), rulesets: [{ruleset, seconds, matches,
  actions, matches_per_s, actions_per_s, bare_matches_per_s,
  bare_actions_per_s, bare_ratio, monitor_records, monitor_records_per_s,
  monitor_ratio}], validate {validate_records, validate_records_per_s,
  validate_jobs, validate_records_per_s_jobs, validate_speedup,
  validate_identical, cpu_count}.
bare_ratio is the engine's matches/s over the bare playout's (null
where the bare playout does not cover the ruleset); monitor_ratio is
the monitor's records/s over the engine's matches/s."""


@click.command("bench", epilog=JSON_HELP)
@ruleset_options(multiple=True, help="A ruleset to measure (default: all).")
@click.option("--seconds", "-t", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              help="Time per ruleset, shared in turns between the engine and the bare playout "
                   "(the monitor takes turns of the same length besides).")
@click.option("--records", "validate_records", type=click.IntRange(min=0), default=10_000,
              show_default=True, help="Records to time `truco validate` on (0: skip it).")
@click.option("--jobs", type=click.IntRange(min=2), default=2, show_default=True,
              help="Worker processes for the validate speed-up.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (stable names, below) instead of tables.")
def bench_cmd(ruleset: tuple[str, ...], ruleset_files: tuple[str, ...], seconds: float,
              validate_records: int, jobs: int, as_json: bool) -> None:
    """Throughput, in one run: the engine's random playouts per ruleset (matches/s, actions/s)
    and their ratio to a bare playout of the same rules (goal: at least 0.5); the monitor
    replaying the engine's records (records/s, ratio to the engine, goal: at least 0.5); and
    `truco validate` on one process and on --jobs processes (records/s, speed-up).

    Benchmarks, not tests: the figures depend on the machine and its load. The engine, the bare
    playout and the monitor run in turns, so that their ratios hold on a busy machine too."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    names = rulesets_from(ruleset, ruleset_files, default_all=True)
    slices = 8
    steps = len(names) * 2 * slices + (2 if validate_records else 0)
    report: dict[str, Any] = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": {"cpu_count": os.cpu_count(), "python": platform.python_version(),
                    "platform": platform.platform(terse=True),
                    "load_average": [round(x, 2) for x in os.getloadavg()]},
        "seconds": seconds, "rulesets": [], "validate": None,
    }
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  console=Console(file=sys.stderr), transient=True) as progress:
        task = progress.add_task("bench", total=steps)

        def tick(what: str) -> Any:
            def advance() -> None:
                progress.update(task, advance=1, description=what)
            return advance

        for name in names:
            report["rulesets"].append(_engine_and_bare(name, seconds, slices,
                                                       tick(f"{name}: engine, bare playout and monitor")))
        if validate_records:
            report["validate"] = _validate(validate_records, jobs, tick)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    _print_tables(report)


def _engine_and_bare(name: str, seconds: float, slices: int, tick: Any) -> dict[str, Any]:
    """The engine and the bare playout in turns, and the monitor's turn after each pair of them,
    so that the monitor's ratio to the engine holds on a busy machine too."""
    from engine.bench import run_side_by_side

    row = run_side_by_side(name, seconds, slices=slices, keep_records=500, tick=tick,
                           beside=_monitor_turn())
    row.pop("records")
    checked, took = row.pop("beside_items"), max(row.pop("beside_seconds"), 1e-9)
    row["monitor_records"] = checked
    row["monitor_records_per_s"] = round(checked / took, 1)
    row["monitor_ratio"] = round(row["monitor_records_per_s"] / max(row["matches_per_s"], 1e-9), 3)
    return row


def _monitor_turn() -> Any:
    """One turn of the record monitor: the records kept so far, checked again and again for about
    `seconds` (like `truco validate`, with the objects alive before the turn out of the garbage
    collector's sight). Checking the same records again is fair: what the monitor remembers
    between records is a fixed set of small tables (card strengths, round results), warm after
    the first few records whichever they are. The first record is checked untimed first (it loads
    the catalogue and compiles the record schema)."""
    from spec.monitor import check_record

    warm = False

    def turn(records: list[dict[str, Any]], seconds: float) -> tuple[int, float]:
        if not records:
            return 0, 0.0
        nonlocal warm
        if not warm:
            check_record(records[0])
            warm = True
        checked = 0
        gc.freeze()
        try:
            start = time.perf_counter()
            deadline = start + seconds
            while True:
                for record in records:
                    check_record(record)
                checked += len(records)
                if time.perf_counter() >= deadline:
                    break
            return checked, time.perf_counter() - start
        finally:
            gc.unfreeze()

    return turn


def _validate(n: int, jobs: int, tick: Any) -> dict[str, Any]:
    """Records of the engine's random bots, checked as `truco validate` and `--jobs N` do."""
    from engine import Game
    from spec.monitor.throughput import measure_validate

    advance = tick(f"validate: playing {n:,} records")
    lines = []
    for seed in range(n):
        game = Game.new(VALIDATE_RULESET, seed=seed)
        choose = random.Random(seed).choice
        while game.to_act is not None:
            game.push(choose(game.legal_actions()))
        lines.append(json.dumps(game.record(), separators=(",", ":")))
    advance()
    tick(f"validate: checking {n:,} records, then on {jobs} processes")()
    return measure_validate(lines, jobs=jobs, ruleset=VALIDATE_RULESET)


def _print_tables(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:  # piped output: rich's default 80 columns would cut the headers
        console = Console(width=120)
    m = report["machine"]
    table = Table(title=f"engine, bare playout and monitor ({report['seconds']:g} s per ruleset, one core; "
                        f"{m['cpu_count']} cores, load {m['load_average'][0]:.2f})")
    table.add_column("ruleset", no_wrap=True, min_width=17)
    for col in ("matches/s", "actions/s", "bare matches/s", "bare ratio", "monitor records/s",
                "monitor ratio"):
        table.add_column(col, justify="right")
    for r in report["rulesets"]:
        bare = r["bare_ratio"]
        table.add_row(r["ruleset"], f"{r['matches_per_s']:,.0f}", f"{r['actions_per_s']:,.0f}",
                      "-" if bare is None else f"{r['bare_matches_per_s']:,.0f}",
                      "-" if bare is None else f"{bare:.2f}",
                      f"{r['monitor_records_per_s']:,.0f}", f"{r['monitor_ratio']:.2f}")
    console.print(table)
    click.echo("bare ratio: engine matches/s over a bare playout of the same rules (goal >= 0.5; '-': "
               "not covered); monitor ratio: records/s checked over engine matches/s (goal >= 0.5)")
    v = report["validate"]
    if v is not None:
        click.echo(f"validate: {v['validate_records']:,} records, "
                   f"{v['validate_records_per_s']:,.0f} records/s on one process, "
                   f"{v['validate_records_per_s_jobs']:,.0f} on {v['validate_jobs']} "
                   f"(speed-up {v['validate_speedup']:.2f}, same results: "
                   f"{'yes' if v['validate_identical'] else 'NO'}; {v['cpu_count']} cores)")
