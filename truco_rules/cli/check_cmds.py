"""`truco check`: drive an engine through many games and check every step (truco_rules.spec.monitor.drive).
(`truco validate`, which checks game records, is in truco_rules.cli.validate_cmds.)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import click

from truco_rules.cli.engines import DEFAULT_ENGINE, engine_factory
from truco_rules.cli.options import reading_option, readings_for_all, ruleset_options, rulesets_from
from truco_rules.spec.exhaustive import POSITION_NAMES


def checked_readings(factory: Any, names: list[str], pairs: tuple[tuple[str, str], ...]
                     ) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """Per ruleset the readings to check against, and those of them the engine announced.

    The engine's announced readings (hello `readings`) apply unless `--reading` names the same
    key with another reading, which is an error; a flat announcement applies to every ruleset
    whose readings it concerns. Announced readings that are the ruleset's defaults are dropped."""
    from truco_rules.cli.errors import fail
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue
    from truco_rules.spec.monitor.untrusted import visible
    from truco_rules.spec.protocol.client import ALL_RULESETS

    given = dict(readings_for_all(names, pairs))
    announced_all: Mapping[str, Mapping[str, str]] = getattr(factory, "announced", None) or {}
    cat = load_catalogue()
    out: dict[str, dict[str, str]] = {}
    announced: dict[str, dict[str, str]] = {}
    for name in names:
        flat = name not in announced_all
        theirs = dict(announced_all.get(name, announced_all.get(ALL_RULESETS, {})))
        concerns = cat.readings(name)  # key -> the ruleset's reading
        mine: dict[str, str] = {}
        for key, reading in theirs.items():
            if key not in concerns:
                if flat:  # a flat object names the keys of every ruleset it plays
                    continue
                fail(f"the engine announces the reading {visible(key)}={visible(reading)} for {name}, "
                     f"which has no such key")
            try:
                reading = cat.ambiguity(key).reading(reading).name
            except UnknownNameError as exc:
                fail(f"the engine announces for {name} a reading the register lacks: {visible(str(exc))}")
            if concerns[key] != reading:
                mine[key] = reading
        for key, reading in given[name].items():
            if key in mine and mine[key] != reading:
                fail(f"--reading {key}={reading} contradicts the engine's announced reading "
                     f"{key}={visible(mine[key])} for {name}")
        if mine:
            announced[name] = dict(mine)
        out[name] = {**mine, **given[name]}
    return out, announced


def checked_without(factory: Any, names: list[str], given: tuple[str, ...]) -> dict[str, list[str]]:
    """Per ruleset the optional features the engine is checked without: those it declares it does
    not play (hello `without`, an adapter's `without`) and those `--without` names. A flat
    declaration or `--without` applies to every ruleset that has the feature; a feature named for
    a ruleset that does not have it as an optional feature is an error (exit 2)."""
    from truco_rules.cli.errors import fail
    from truco_rules.spec.monitor.declared import ALL_RULESETS
    from truco_rules.spec.monitor.untrusted import visible
    from truco_rules.spec.rules.ruleset import OPTIONAL_FEATURES, Rules

    declared: Mapping[str, tuple[str, ...]] = getattr(factory, "without", None) or {}
    for feature in given:
        if feature not in OPTIONAL_FEATURES:
            fail(f"--without {feature}: the optional features are {', '.join(OPTIONAL_FEATURES)}")
    out: dict[str, list[str]] = {}
    for name in names:
        has = Rules.of(name).optional_features()
        own = declared.get(name)
        flat = declared.get(ALL_RULESETS, ())
        for feature in own or ():
            if feature not in has:
                fail(f"the engine declares it does not play {visible(feature)} in {name}, which has no "
                     f"such optional feature (it has: {', '.join(has) or 'none'})")
        left = [f for f in has if f in (own or ()) or f in flat or f in given]
        if left:
            out[name] = left
    return out


def _clause_rows(report: Any) -> list[tuple[str, int, int]]:
    from truco_rules.spec.catalogue import load_catalogue

    ids = list(load_catalogue().clauses)
    extra = sorted((set(report.exercised) | set(report.violated)) - set(ids))
    return [(c, report.exercised[c], report.violated[c]) for c in ids + extra
            if report.exercised[c] or report.violated[c]]


def default_jobs() -> int:
    """One worker per CPU this process may use, at most 8 (the results do not depend on it)."""
    import os

    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(8, cpus))


@click.command("check")
@click.option("--engine", "engine_spec", default=None, metavar="MODULE:FACTORY",
              help="A Python engine's adapter factory (spec/adapter.py); default: the reference engine.")
@click.option("--engine-cmd", "engine_cmd", default=None, metavar="COMMAND",
              help="An engine in any language, as a command that speaks the engine protocol on "
                   "stdin/stdout (spec/schemas/engine-protocol.schema.json).")
@ruleset_options(multiple=True, help="A ruleset to check (default: every loaded ruleset).")
@click.option("--games", type=click.IntRange(min=0), default=None,
              help="Random games per ruleset, at most 100,000 (more: several runs, other seeds) "
                   "[default: 250].")
@click.option("--programs", type=click.IntRange(min=0), default=None,
              help="Hypothesis programs per ruleset, at most 10,000 [default: 40].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@reading_option(help="Switch a reading (in every ruleset it concerns; repeatable).")
@click.option("--call-timeout", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds one engine call may take (0: no limit); a hung engine is stopped and reported.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: one per CPU, at most 8]; the results are the same for any "
                   "number.")
@click.option("--restarts", type=click.IntRange(min=0), default=None, metavar="K",
              help="Restart a random game at most K times after a divergence, from the spec's position "
                   "after the hand it diverged in, so that one bug does not hide the next (0: a divergence "
                   "ends the step by step check of its game) [default: 4].")
@click.option("--report", "report_dir", default=None, metavar="DIR",
              help="Write one Markdown bug report per distinct divergence, each with a shrunk "
                   "reproduction, and summary.json.")
@click.option("--perft", "perft", is_flag=True,
              help="Only compare the engine's counts of legal action sequences with the perft "
                   "tables (spec/data/perft): the fastest first check.")
@click.option("--exhaustive", is_flag=True,
              help="Walk every legal action sequence of whole hands, one deal per class of what the rules "
                   "can see, and compare the engine with the spec at every node.")
@click.option("--deals", type=click.IntRange(min=1), default=None, metavar="N",
              help="With --exhaustive: walk N classes spread over all (for rulesets too big to walk "
                   "whole); at most the classes of the largest ruleset checked.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="With --exhaustive: spread the walks over the Dask scheduler at ADDRESS, or 'local' to "
                   "start one here with --jobs workers; the output is that of one machine.")
@click.option("--position", "positions", multiple=True,
              type=click.Choice(POSITION_NAMES),
              help="With --exhaustive: walk only this position (repeatable): a new match, the hand of ten "
                   "for side 0 or 1, the iron hand [default: every one the ruleset has].")
@click.option("--situations/--no-situations", "situations", default=True, show_default=True,
              help="Drive the engine through every situation of its rulesets first (`truco situations`): "
                   "each rule, each reading and each edge, from stacked deals and set positions.")
@click.option("--coverage/--no-coverage", default=True, show_default=True,
              help="Show each clause's rule beside its ID.")
@click.option("--profile/--no-profile", "profile", default=None,
              help="Also say which rules the engine plays (`truco profile`): the readings of each register "
                   "entry its games reached under which engine and spec agree [default: with --report].")
@click.option("--without", "without", multiple=True, metavar="FEATURE",
              help="Check the engine on its rulesets without this optional feature (mazo, senas, flor; "
                   "repeatable), as an engine that declares it does not play it (hello `without`).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: counts per clause and violations.")
def check(engine_spec: str | None, engine_cmd: str | None, ruleset: tuple[str, ...],
          ruleset_files: tuple[str, ...], games: int | None, programs: int | None, seed: int,
          readings: tuple[tuple[str, str], ...], call_timeout: float, jobs: int | None,
          restarts: int | None, report_dir: str | None, perft: bool, exhaustive: bool, deals: int | None,
          dask_address: str | None,
          positions: tuple[str, ...], situations: bool, coverage: bool, profile: bool | None,
          without: tuple[str, ...], as_json: bool) -> None:
    """Drive an engine through many games and check every step against the rules.

    At every step the engine's legal actions must be the spec's; actions the rules forbid must
    be refused with the state unchanged; each seat may see only what the rules let it see; the
    match must end where the rules end it; every record must pass the monitor. After a divergence
    a random game is restarted at the spec's position (--restarts). Divergences are grouped by
    root cause: the first cause in a game or after a restart, then what follows from it. Exit 0
    when nothing is violated, 1 on any violation (or engine fault), 2 on bad input.
    """
    from rich.console import Console

    from truco_rules.cli.errors import fail
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.monitor.drive import RESTARTS, Report, Settings, check_engine

    if not exhaustive and (deals is not None or dask_address is not None or positions):
        fail("--deals, --dask and --position go with --exhaustive")
    if exhaustive and (perft or games is not None or programs is not None or report_dir is not None
                       or restarts is not None):
        fail("--exhaustive walks whole hands: it takes no --perft, --games, --programs, --restarts or "
             "--report")
    if report_dir is not None and not report_dir.strip():  # before the games: "" is the current folder
        fail("--report needs a folder name")
    from truco_rules.cli.run_bounds import check_deals, check_run_size

    check_run_size(games, programs)
    if report_dir is not None:  # one run at a time writes a report folder: this one, from now on
        from truco_rules.cli.output_paths import lock_report_folder

        lock_report_folder(report_dir)
    chosen = rulesets_from(ruleset, ruleset_files) or None
    cat = load_catalogue()
    factory, engine_name, names_or_none = engine_factory(engine_spec, engine_cmd, call_timeout, chosen,
                                                         ruleset_files)
    names = names_or_none or list(cat.rulesets)
    if engine_cmd is None and engine_name == DEFAULT_ENGINE:  # the reference engine, by its own name
        from truco_rules.engine.version import ENGINE_NAME

        engine_name = f"{ENGINE_NAME} ({engine_name})"
    per_ruleset, announced = checked_readings(factory, names, readings)
    left_out = checked_without(factory, names, without)
    if exhaustive:
        check_deals("--deals", deals, names, per_ruleset)
    if announced and not as_json:
        told = "; ".join(f"{n}: " + ", ".join(f"{k}={v}" for k, v in r.items()) for n, r in announced.items())
        click.echo(f"checked against the readings the engine announces: {told}")
    if left_out and not as_json:
        told = "; ".join(f"{n}: {', '.join(f)}" for n, f in left_out.items())
        click.echo(f"checked without the optional features the engine does not play: {told}")
    from truco_rules.cli.editions import engine_editions

    engine_editions(factory, names, plays=False)  # said in one line each (#35): what changed since
    if perft:
        from truco_rules.cli.perft_cmds import check_perft

        sys.exit(check_perft(factory, engine_name, names, per_ruleset, call_timeout, as_json))
    if exhaustive:
        from truco_rules.cli.exhaustive_cmds import check_exhaustive_command

        check_exhaustive_command(factory, engine_name, names, per_ruleset, call_timeout,
                                 jobs or default_jobs(), deals, dask_address, as_json, positions)
    profiled = report_dir is not None if profile is None else profile
    cfg = Settings(games=250 if games is None else games, programs=40 if programs is None else programs,
                   seed=seed, call_timeout=call_timeout, situations=situations,
                   restarts=RESTARTS if restarts is None else restarts, profile=profiled)
    jobs = jobs or default_jobs()
    from truco_rules.cli.progress import getting_ready, progress

    with getting_ready("loading the situations", quiet=as_json):
        totals = {name: cfg.games + _situation_count(name, per_ruleset, situations, left_out.get(name, ()))
                  for name in names}
    with progress(quiet=as_json) as bar:  # a spinner and the time elapsed: never silent under load
        tasks = {name: bar.add_task(name, total=totals[name]) for name in names}
        total: Report = check_engine(factory, names, {}, cfg, jobs=jobs, per_ruleset=per_ruleset,
                                     progress=lambda name, done: bar.update(tasks[name], completed=done),
                                     without=left_out)
    groups = total.groups()
    profiled_summary: dict[str, Any] | None = None
    if profiled:
        from truco_rules.cli.profile_words import summarize

        profiled_summary = summarize(total, names, per_ruleset)
    written: list[dict[str, Any]] = []
    if report_dir is not None:
        import shlex

        from truco_rules.cli.report_cmds import write_report

        replay_args = (f"--engine-cmd {shlex.quote(engine_cmd)}" if engine_cmd is not None
                       else f"--engine {engine_spec or DEFAULT_ENGINE}")
        written = write_report(report_dir, factory, engine_name, replay_args, names, total, groups,
                               call_timeout, jobs, quiet=as_json, profile=profiled_summary)
    code = 0 if total.ok else 1
    members = total.members(groups)  # each violation listed is in exactly one divergence (one report)
    of_violation = {k: i for i, held in enumerate(members) for k in held}
    rows = _clause_rows(total)
    gaps = total.gaps()
    if as_json:
        click.echo(json.dumps({
            "engine": engine_name, "rulesets": names, "readings": per_ruleset,
            "announced_readings": announced, "without": left_out, "games": total.games,
            "programs": total.programs, "situations": total.situations, "steps": total.steps,
            "refusals": total.refusals, "views": total.views,
            "clauses": {c: {"exercised": e, "situations": total.by_situations[c],
                            "games": e - total.by_situations[c], "violated": v} for c, e, v in rows},
            "unexercised": [g.to_dict() for g in gaps],
            "unreached": [{"situation": sid, "why": why} for sid, why in total.unreached],
            "violations": [{**v.to_dict(), "restart": total.units[k][1], "divergence": of_violation[k]}
                           for k, v in enumerate(total.violations)],
            "divergences": [{**g.to_dict(), "situations": [total.situation_games[n] for n in g.games
                                                           if n in total.situation_games],
                             "violations": members[i], **({"report": written[i]["file"]} if written else {})}
                            for i, g in enumerate(groups)],
            "reports": written, **({"profile": profiled_summary} if profiled_summary else {}),
            "exit": code}))
        sys.exit(code)
    console = Console(highlight=False, soft_wrap=True)
    _print_report(console, engine_name, total, rows, gaps, coverage, groups)
    if profiled_summary is not None:
        from rich.markup import escape

        from truco_rules.cli.profile_words import lines

        console.print(escape("\n".join(lines(profiled_summary, "en"))))
    sys.exit(code)


def _situation_count(name: str, per_ruleset: dict[str, dict[str, str]], on: bool,
                     without: Sequence[str] = ()) -> int:
    from truco_rules.spec.monitor.drive import needs_feature
    from truco_rules.spec.situations.catalogue import situations_for

    if not on:
        return 0
    return sum(1 for s in situations_for(name, per_ruleset.get(name, {})) if not needs_feature(s, without))


def _print_report(console: Any, engine_name: str, report: Any, rows: list[tuple[str, int, int]],
                  gaps: list[Any], coverage: bool, groups: list[Any]) -> None:
    from rich.markup import escape as markup
    from rich.table import Table

    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.monitor.untrusted import visible

    def escape(text: str) -> str:  # engine and record text: no markup, no terminal escape
        return markup(visible(text))

    clauses = load_catalogue().clauses
    table = Table(title=f"clauses checked: {escape(engine_name)}")
    cols = ("clause", *(("rule",) if coverage else ()), "situations", "games", "violated")
    for col in cols:
        table.add_column(col, justify="left" if col in ("clause", "rule") else "right")
    for clause, exercised, violated in rows:
        style = "red" if violated else None
        title = [escape(clauses[clause].title.get("en", "")) if clause in clauses else ""] if coverage else []
        by_situations = report.by_situations[clause]
        table.add_row(clause, *title, f"{by_situations:,}", f"{exercised - by_situations:,}", str(violated),
                      style=style)
    console.print(table)
    if groups:
        console.print(f"[bold]{len(groups)} distinct divergences[/] (each difference in the legal actions "
                      "that was stepped over; the first other cause in each game and after each restart, "
                      "what follows from it below it):")
    for g in groups[:20]:
        v = g.first.violation
        sit = report.situation_games.get(v.game)
        where = (f"situation {sit}" if sit else f"game {v.game}") + (
            f", hand {v.hand}" if v.hand is not None else "") + f", {v.field}"
        says = f" (engine: {v.says})" if v.says else ""
        stepped = " (stepped over)" if g.stepped else ""
        console.print(f"[red]{escape('[' + g.clause + ']')}[/]{stepped} {escape(report.seen_text(g))}, first "
                      f"{escape(where)}: {escape(v.requires)}{escape(says)}")
        if g.consequences:
            follows = ", ".join(f"{c} ({n})" for c, n in g.consequences.most_common())
            console.print(f"    then: {escape(follows)}")
    if len(groups) > 20:
        console.print(f"... and {len(groups) - 20} more distinct divergences (--json or --report for all)")
    if gaps:
        console.print(f"[yellow]not exercised by this run ({len(gaps)}):[/]")
        for gap in gaps:
            console.print(f"  {escape(gap.ruleset)} {escape(gap.what)}: {escape(gap.why)}")
    else:
        console.print("every clause and every reading of the checked rulesets was exercised")
    if report.unreached:
        console.print(f"[yellow]{len(report.unreached)} situations not reached[/] (the first: "
                      f"{escape(report.unreached[0][0])}: {escape(report.unreached[0][1])})")
    colour = "green" if report.ok else "red"
    console.print(f"[{colour}]engine checked, {escape(engine_name)}: {report.situations:,} situations, "
                  f"{report.games} games, "
                  f"{report.programs} programs, {report.steps:,} actions, {report.refusals:,} refusals and "
                  f"{report.views:,} views checked: {sum(report.violated.values())} violations[/]")


def register(group: click.Group) -> None:
    group.add_command(check)
