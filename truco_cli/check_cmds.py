"""`truco check`: drive an engine through many games and check every step (spec.monitor.drive).
(`truco validate`, which checks game records, is in truco_cli.validate_cmds.)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

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
    group.add_command(check)
