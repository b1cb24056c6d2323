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
from collections.abc import Sequence
from typing import Any

import click

from truco_rules.cli.options import ruleset_options, rulesets_from

VALIDATE_RULESET = "mineiro-1v1-es"  # the records validate is timed on
HAND_PERFT_SEED = 1  # the fixed deals of truco_rules.spec.perft whose first hand both walks count
HAND_PERFT_GOAL = 0.5  # the spec's walk at least half as fast as the engine's

JSON_HELP = """\b
--json prints one object with these stable names:
  date, machine {cpu_count, python, platform, load_average},
  seconds (per ruleset), rulesets: [{ruleset, seconds, matches,
  actions, matches_per_s, actions_per_s, bare_matches_per_s,
  bare_actions_per_s, bare_ratio, monitor_records, monitor_records_per_s,
  monitor_ratio, hand_perft {seed, prefix, leaves, nodes, spec_seconds,
  engine_seconds, spec_nodes_per_s, engine_nodes_per_s, ratio, goal}}],
  validate {validate_records, validate_records_per_s, validate_jobs,
  validate_records_per_s_jobs, validate_speedup, validate_identical,
  cpu_count}.
bare_ratio is the engine's matches/s over the bare playout's (null
where the bare playout does not cover the ruleset); monitor_ratio is
the monitor's records/s over the engine's matches/s; hand_perft
(null for the pairs rulesets, whose whole hands are too many, and
with --no-perft) is the spec's push/pop walk of the first hand's
whole tree against the engine's, ratio being the spec's nodes/s over
the engine's (goal 0.5)."""


@click.command("bench", epilog=JSON_HELP)
@ruleset_options(multiple=True, help="A ruleset to measure (default: all).")
@click.option("--seconds", "-t", type=click.FloatRange(min=0.01), default=2.0, show_default=True,
              help="Time per ruleset, shared in turns between the engine and the bare playout "
                   "(the monitor takes turns of the same length besides).")
@click.option("--records", "validate_records", type=click.IntRange(min=0), default=10_000,
              show_default=True, help="Records to time `truco validate` on (0: skip it).")
@click.option("--jobs", type=click.IntRange(min=2), default=2, show_default=True,
              help="Worker processes for the validate speed-up.")
@click.option("--perft/--no-perft", "hand_perft", default=True, show_default=True,
              help="Time the spec's and the engine's walks of a whole hand (one-against-one rulesets).")
@click.option("--perft-after-first-round", "perft_after_round", is_flag=True,
              help="Walk the rest of the hand from the end of its first round (as `truco perft "
                   "--after-first-round`): a tree a hundredth the size or less, for a quick look.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (stable names, below) instead of tables.")
def bench_cmd(ruleset: tuple[str, ...], ruleset_files: tuple[str, ...], seconds: float,
              validate_records: int, jobs: int, hand_perft: bool, perft_after_round: bool,
              as_json: bool) -> None:
    """Throughput of the engine, the monitor, `truco validate` and the spec's perft, in one run.

    The engine's random playouts per ruleset (matches/s, actions/s)
    and their ratio to a bare playout of the same rules (goal: at least 0.5); the monitor
    replaying the engine's records (records/s, ratio to the engine, goal: at least 0.5); and
    `truco validate` on one process and on --jobs processes (records/s, speed-up); and the spec's
    whole-hand perft against the engine's push/pop walk of the same tree (nodes/s, ratio, goal: at
    least 0.5).

    Benchmarks, not tests: the figures depend on the machine and its load. The engine, the bare
    playout and the monitor run in turns, so that their ratios hold on a busy machine too."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    names = rulesets_from(ruleset, ruleset_files, default_all=True)
    slices = 8
    walked = [name for name in names if hand_perft and _one_against_one(name)]
    steps = len(names) * 2 * slices + len(walked) + (2 if validate_records else 0)
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
            row = _engine_and_bare(name, seconds, slices, tick(f"{name}: engine, bare playout and monitor"))
            row["hand_perft"] = None
            if name in walked:
                tick(f"{name}: whole-hand perft, the spec and the engine")()
                row["hand_perft"] = hand_perft_bench(name, HAND_PERFT_SEED, None if perft_after_round else ())
            report["rulesets"].append(row)
        if validate_records:
            report["validate"] = _validate(validate_records, jobs, tick)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    _print_tables(report)


def _engine_and_bare(name: str, seconds: float, slices: int, tick: Any) -> dict[str, Any]:
    """The engine and the bare playout in turns, and the monitor's turn after each pair of them,
    so that the monitor's ratio to the engine holds on a busy machine too."""
    from truco_rules.benchmarks.throughput import run_side_by_side

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
    from truco_rules.spec.monitor import check_record

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


def _one_against_one(name: str) -> bool:
    from truco_rules.spec.rules.state import Rules

    return Rules.of(name).players == 2


def hand_perft_bench(ruleset: str, seed: int = HAND_PERFT_SEED,
                     prefix: Sequence[str] | None = ()) -> dict[str, Any]:
    """The spec's whole-hand perft (truco_rules.spec.perft.walk_hand) and the engine's push/pop walk
    (benchmarks.throughput.walk_hand) of the same tree: the hand in play after `prefix` (after the first
    round when None) on the fixed deals of truco_rules.spec.perft for `seed`. Both count the same leaves and
    nodes below each first action, or this raises AssertionError.

    They take turns, one first action's subtree at a time, the order swapping each time, so that
    both see the same load on a shared machine."""
    from truco_rules.benchmarks.throughput import walk_hand as engine_walk
    from truco_rules.engine import Game
    from truco_rules.spec.perft import first_round, perft_deals, spec_game
    from truco_rules.spec.perft import walk_hand as spec_walk
    from truco_rules.spec.rules.state import Rules

    rules = Rules.of(ruleset)
    deals = perft_deals(rules, seed, len(prefix or ()) + 3)
    if prefix is None:
        prefix = first_round(rules, deals)
    muestras = [d["muestra"] for d in deals if d.get("muestra") is not None]  # URU-2
    engine = Game.new(ruleset, seed=0, deals=[d["hands"] for d in deals], muestras=muestras or None)
    spec = spec_game(rules, deals, None, prefix)
    for action in prefix:
        engine.push(action)
    number = engine._hand_no
    first = spec.legal()
    if sorted(map(str, engine.legal_actions())) != first:
        raise AssertionError(f"{ruleset}: the engine's first actions {engine.legal_actions()} are not "
                             f"the spec's {first}")
    took = {"spec": 0.0, "engine": 0.0}
    leaves = 0
    nodes = 1
    for i, action in enumerate(first):
        counted: dict[str, tuple[int, int]] = {}
        for side in ("spec", "engine") if i % 2 == 0 else ("engine", "spec"):
            start = time.perf_counter()
            if side == "spec":
                spec.push(action)
                counted[side] = spec_walk(spec)
                spec.pop()
            else:
                engine.push(action)
                counted[side] = engine_walk(engine, number)
                engine.pop()
            took[side] += time.perf_counter() - start
        if counted["spec"] != counted["engine"]:
            raise AssertionError(f"{ruleset} seed {seed}, after {action!r}: the spec walks {counted['spec']} "
                                 f"(leaves, nodes), the engine {counted['engine']}")
        leaves += counted["spec"][0]
        nodes += counted["spec"][1]
    spec_s, engine_s = max(took["spec"], 1e-9), max(took["engine"], 1e-9)
    return {"seed": seed, "prefix": list(prefix), "leaves": leaves, "nodes": nodes,
            "spec_seconds": round(spec_s, 3), "engine_seconds": round(engine_s, 3),
            "spec_nodes_per_s": round(nodes / spec_s, 1),
            "engine_nodes_per_s": round(nodes / engine_s, 1), "ratio": round(engine_s / spec_s, 3),
            "goal": HAND_PERFT_GOAL}


def _validate(n: int, jobs: int, tick: Any) -> dict[str, Any]:
    """Records of the engine's random bots, checked as `truco validate` and `--jobs N` do."""
    from truco_rules.engine import Game
    from truco_rules.spec.monitor.throughput import measure_validate

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
    walks = [(r["ruleset"], r["hand_perft"]) for r in report["rulesets"] if r.get("hand_perft")]
    if walks:
        where = "after its first round" if walks[0][1]["prefix"] else "from the deal"
        table = Table(title=f"whole-hand perft: the spec's walk against the engine's push/pop walk "
                            f"(seed {walks[0][1]['seed']}, the first hand {where}, the same tree)")
        table.add_column("ruleset", no_wrap=True, min_width=17)
        for col in ("leaves", "nodes", "spec nodes/s", "engine nodes/s", "ratio"):
            table.add_column(col, justify="right")
        for name, w in walks:
            table.add_row(name, f"{w['leaves']:,}", f"{w['nodes']:,}", f"{w['spec_nodes_per_s']:,.0f}",
                          f"{w['engine_nodes_per_s']:,.0f}", f"{w['ratio']:.2f}")
        console.print(table)
        click.echo(f"ratio: the spec's nodes/s over the engine's on the same tree, the same leaves counted "
                   f"(goal >= {HAND_PERFT_GOAL})")
    v = report["validate"]
    if v is not None:
        click.echo(f"validate: {v['validate_records']:,} records, "
                   f"{v['validate_records_per_s']:,.0f} records/s on one process, "
                   f"{v['validate_records_per_s_jobs']:,.0f} on {v['validate_jobs']} "
                   f"(speed-up {v['validate_speedup']:.2f}, same results: "
                   f"{'yes' if v['validate_identical'] else 'NO'}; {v['cpu_count']} cores)")
