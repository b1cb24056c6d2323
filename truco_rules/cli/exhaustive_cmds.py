"""`truco check --exhaustive`: every legal action sequence of whole hands, one deal per class of
what the rules can see (spec.monitor.exhaustive, spec.monitor.walk, truco_rules.spec.exhaustive.classes)."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

import click


def _where(report: Any, job_index: int) -> str:
    job = report.jobs[job_index]
    return f"{job.ruleset} class {job.klass} at {job.position}"


def _clause_rows(report: Any) -> list[tuple[str, int, int]]:
    from truco_rules.spec.catalogue import load_catalogue

    exercised = report.total().exercised
    ids = list(load_catalogue().clauses)
    extra = sorted((set(exercised) | set(report.violated)) - set(ids))
    return [(c, exercised[c], report.violated[c]) for c in ids + extra if exercised[c] or report.violated[c]]


def run_exhaustive(factory: Callable[[], Any], engine_name: str, names: list[str],
                   per_ruleset: Mapping[str, Mapping[str, str]], call_timeout: float, jobs: int,
                   deals: int | None, dask_address: str | None, as_json: bool,
                   only_positions: tuple[str, ...] = ()) -> int:
    """The exhaustive check; returns the exit code (0 passed, 1 a divergence, 2 nothing walkable)."""
    from truco_rules.cli.errors import fail
    from truco_rules.cli.progress import getting_ready, progress
    from truco_rules.spec.monitor.exhaustive import check_exhaustive, on_dask, plan, supervised

    started = time.monotonic()
    with getting_ready("sorting the deals into classes", quiet=as_json):
        plans = plan(names, per_ruleset, deals, only_positions)
    refused = [p for p in plans if p.refused]
    if len(refused) == len(plans):
        fail("; ".join(p.message() for p in refused))
    if dask_address is not None:
        runner = on_dask(factory, call_timeout, dask_address, jobs if jobs > 1 else None)
    else:
        runner = supervised(factory, call_timeout, jobs)
    from truco_rules.spec.monitor.parallel import ClusterError

    try:
        with progress(quiet=as_json) as bar:
            tasks = {p.ruleset: bar.add_task(p.ruleset, total=len(p.jobs)) for p in plans if p.jobs}
            report = check_exhaustive(plans, runner,
                                      progress=lambda name, done: bar.update(tasks[name], completed=done))
    except ClusterError as exc:
        fail(str(exc))
    seconds = time.monotonic() - started
    groups = report.groups()
    code = 0 if report.ok else 1
    rows = _clause_rows(report)
    per = []
    for p in plans:
        t = report.per_ruleset[p.ruleset]
        per.append({"ruleset": p.ruleset, "classes": p.classes, "classes_exact": p.exact,
                    "reduction": p.reduction,
                    "positions": [pos.to_dict() for pos in p.positions], "estimate": p.estimate,
                    "walked": "every class" if p.walked else (f"{p.sample} classes" if p.jobs else "refused"),
                    "refused": p.message() if p.refused else None, "walks": len(p.jobs),
                    "deals": t.deals, "nodes": t.nodes, "leaves": t.leaves, "sample_nodes": t.sample_nodes,
                    "refusals": t.refusals, "views": t.views, "records": t.records,
                    "undo": not t.replayed if p.jobs else None})
    divergences = []
    for g in groups:
        d = g.to_dict()
        d["walks"] = [_where(report, j) for j in g.games]
        d["trace"] = report.traces.get(g.games[0])
        divergences.append(d)
    if as_json:
        click.echo(json.dumps({"engine": engine_name, "exhaustive": per,
                               "clauses": {c: {"exercised": e, "violated": v} for c, e, v in rows},
                               "divergences": divergences, "exit": code}))
        return code
    from rich.console import Console

    _print(Console(highlight=False, soft_wrap=True), engine_name, per, rows, groups, report, seconds)
    return code


def _print(console: Any, engine_name: str, per: list[dict[str, Any]], rows: list[tuple[str, int, int]],
           groups: list[Any], report: Any, seconds: float) -> None:
    from rich.table import Table

    from truco_rules.spec.escape import markup as escape  # what the engine said: shown, never acted on

    table = Table(title="clauses checked")
    for col in ("clause", "exercised", "violated"):
        table.add_column(col, justify="left" if col == "clause" else "right")
    for clause, exercised, violated in rows:
        table.add_row(clause, f"{exercised:,}", str(violated), style="red" if violated else None)
    console.print(table)
    for p in per:
        if p["refused"]:
            console.print(f"[yellow]{escape(p['refused'])}[/]")
            continue
        undo = "" if p["undo"] else " (the engine has no undo(): every step back replayed the hand: slow)"
        least = "" if p["classes_exact"] else " (at least)"
        console.print(f"{p['ruleset']}: {p['classes']:,} classes{least}, "
                      f"{len(p['positions'])} positions, {p['walked']}: {p['walks']:,} walks of "
                      f"{p['deals']:,} deals, {p['nodes']:,} nodes, {p['leaves']:,} leaves "
                      f"(+ {p['sample_nodes']:,} nodes of card plays on the sample deals), "
                      f"{p['refusals']:,} refusals, {p['views']:,} views, {p['records']:,} records checked"
                      f"{escape(undo)}")
        console.print(f"  reduction: {escape(p['reduction'])}")
    if groups:
        console.print(f"[bold]{len(groups)} distinct divergences[/] (the first cause in each walk):")
    for g in groups[:20]:
        v = g.first.violation
        walks = f"{len(g.games)} walk{'s' if len(g.games) != 1 else ''}"
        says = f" (engine: {v.says})" if v.says else ""
        hand = f", hand {v.hand}" if v.hand is not None else ""
        where = f"{_where(report, g.games[0])}{hand}, {v.field}"
        console.print(f"[red]{escape('[' + g.clause + ']')}[/] {walks}, first {escape(where)}: "
                      f"{escape(v.requires)}{escape(says)}")
        trace = report.traces.get(g.games[0])
        if trace:
            steps = " ".join(s["action"].replace(" ", ":") for s in trace["steps"])
            console.print(f"    deal {trace['deals'][0]['hands']}, path: {escape(steps) or '(start)'}")
    colour = "green" if report.ok else "red"
    console.print(f"[{colour}]{escape(engine_name)}: {sum(report.violated.values())} violations; "
                  f"{seconds:.0f} s[/]")


def check_exhaustive_command(factory: Callable[[], Any], engine_name: str, names: list[str],
                             per_ruleset: Mapping[str, Mapping[str, str]], call_timeout: float, jobs: int,
                             deals: int | None, dask_address: str | None, as_json: bool,
                             only_positions: tuple[str, ...] = ()) -> None:
    sys.exit(run_exhaustive(factory, engine_name, names, per_ruleset, call_timeout, jobs, deals, dask_address,
                            as_json, only_positions))
