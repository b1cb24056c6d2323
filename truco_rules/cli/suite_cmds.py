"""`truco conformance --suite`: the versioned conformance suite run on an engine, for its CI.

Every case of the engine's rulesets (spec/data/conformance), then random games and, on request,
the exhaustive walk; a terminal table, and on request JSON, JUnit XML, a Shields badge and a
Markdown summary; known failures as a ratchet. Exit 0: passed (exactly the expected failures),
1: failed (a case failed, the engine faulted, or a ruleset ran under half of its cases), 2: bad
usage.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from truco_rules.cli.errors import fail


def _write(path: str, text: str) -> None:
    from truco_rules.spec.files import write_text_atomic

    try:
        write_text_atomic(path, text)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror or exc}")


def write_suite_command(jobs: int = 1) -> None:
    """`truco conformance --write-suite`: regenerate the cases from the spec, each with the register
    keys it depends on (every case generated again under each other reading: a few minutes)."""
    from rich.console import Console
    from rich.progress import Progress

    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.conformance.depends import with_depends
    from truco_rules.spec.conformance.files import SuiteError, write_suite
    from truco_rules.spec.conformance.generate import generate_cases

    plain = {name: generate_cases(name) for name in load_catalogue().rulesets}
    total = sum(len(c) for c in plain.values())
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("cases: what each depends on", total=total)
        by = with_depends(plain, jobs, lambda done: bar.update(task, completed=done))
    try:
        written = write_suite(by)
    except SuiteError as exc:
        fail(str(exc))
    click.echo(f"wrote {len(written)} files: {total:,} cases")


def run_suite_command(
    factory: Callable[[], Any],
    engine_name: str,
    names: Sequence[str],
    *,
    games: int,
    programs: int,
    seed: int,
    exhaustive_deals: int,
    call_timeout: float,
    jobs: int,
    as_json: bool,
    junit: str | None,
    badge_path: str | None,
    summary: str | None,
    expect_path: str | None,
    write_expect: str | None,
    results: str | None = None,
    command: str = "",
) -> None:
    from rich.console import Console
    from rich.table import Table

    from truco_rules.spec.conformance.cases import load_cases, version
    from truco_rules.spec.conformance.checks import exhaustive_results, random_results
    from truco_rules.spec.conformance.depends import plan_runs
    from truco_rules.spec.conformance.expect import (
        ExpectationsError,
        expectations_text,
        judge,
        load_expectations,
    )
    from truco_rules.spec.conformance.outputs import (
        SuiteRun,
        badge,
        junit_xml,
        results_file,
        summary_md,
        table_rows,
    )
    from truco_rules.spec.conformance.run import CaseResult, run_cases
    from truco_rules.spec.escape import markup
    from truco_rules.spec.escape import terminal as visible

    expected: dict[str, str] = {}
    first_run = expect_path is not None and not Path(expect_path).exists()
    if first_run:  # a CI's first run: the file is written below, with the cases that fail now
        write_expect, expect_path = expect_path, None
    if expect_path is not None:
        try:
            expected = load_expectations(expect_path)
        except ExpectationsError as exc:
            fail(str(exc))
    cases = {name: load_cases(name) for name in names}
    empty = [n for n, c in cases.items() if not c]
    if empty:
        fail(f"the suite has no cases for {', '.join(empty)} (a ruleset of its own: truco check)")
    from truco_rules.cli.check_cmds import checked_readings
    from truco_rules.spec.catalogue import load_catalogue

    cat = load_catalogue()
    _, announced = checked_readings(factory, list(names), ())
    own = {c.id for name in names for c in cat.clauses_of(name)}
    run = SuiteRun(engine_name, version(), list(names), expected=expected, applicable=own)
    from truco_rules.cli.editions import engine_editions
    from truco_rules.cli.progress import progress

    editions = engine_editions(factory, names)
    with progress(quiet=as_json) as bar:
        for name in names:

            def advance(done: int, task: Any = None) -> None:
                bar.update(task, completed=done)

            task = bar.add_task(f"{name}: cases", total=len(cases[name]))
            # An engine that announces readings other than the defaults runs each published case that
            # holds under them as it is (with its readings), and in place of each that does not (it
            # depends on one of them), the case generated again under them: its ID ends in
            # @@key=reading, the published one is skipped and says why. Never fewer cases run.
            plays = announced.get(name, {})
            runs, skipped = plan_runs(cases[name], plays, editions.get(name))
            bar.update(task, total=len(runs))
            published = {case.id for case in cases[name]}
            done = {
                r.id: r
                for r in run_cases(
                    factory, runs, call_timeout, jobs, progress=functools.partial(advance, task=task),
                    announced=plays,
                )
            }
            mine = [
                done.get(case.id) or CaseResult(case.id, name, "skip", skipped[case.id], clauses=case.clauses)
                for case in cases[name]
            ] + [done[case.id] for case in runs if case.id not in published]
            run.results += mine
            run.short_of(name, len(cases[name]), mine)
            bar.update(task, description=f"{name}: random games", completed=len(runs))
            if games or programs:
                run.results += random_results(factory, name, games, programs, seed, call_timeout, jobs, plays)
            else:  # said, never hidden
                run.results.append(
                    CaseResult(f"{name}/random", name, "skip", "not run (--games 0 --programs 0)")
                )
            bar.update(task, description=f"{name}: exhaustive walk")
            run.results += exhaustive_results(factory, name, exhaustive_deals, call_timeout, jobs, plays)
            bar.remove_task(task)
    if expect_path is not None:
        run.verdict = judge(run.failed, [r.id for r in run.results], expected)
    if write_expect is not None:
        failed = {
            r.id: f"{r.status}: {r.message}"[:300] for r in run.results if r.status in ("fail", "error")
        }
        _write(write_expect, expectations_text(failed, run.version, engine_name))
        if first_run:
            click.echo(f"{write_expect} did not exist: written with the {len(failed)} cases that fail now; "
                       "commit it, and the next runs fail on any other", err=True)
    if junit is not None:
        _write(junit, junit_xml(run))
    if badge_path is not None:
        _write(badge_path, badge(run))
    if summary is not None:
        _write(summary, summary_md(run))
    if results is not None:
        _write(results, results_file(run, command))
    code = run.exit_code
    if as_json:
        click.echo(json.dumps(run.to_dict()))
        sys.exit(code)
    out = Console(highlight=False)
    table = Table(title=f"conformance suite {run.version}: {markup(engine_name)}", title_justify="left")
    for col in ("ruleset", "passed", "failed", "errors", "skipped"):
        table.add_column(col, justify="left" if col == "ruleset" else "right")
    for name, p, f_, e, s in table_rows(run):
        table.add_row(name, str(p), str(f_), str(e), str(s))
    out.print(table)
    from rich.markup import escape

    shown = [res for res in run.results if res.status in ("fail", "error")]
    for res in shown[:30]:
        mark = " (expected)" if res.id in expected else ""
        where = f" step {res.step}" if res.step is not None else ""
        out.print(
            f"{res.status.upper()}{mark} {escape(visible(res.id))}{where} [{res.clause or '?'}]: "
            f"{escape(visible(res.message[:200]))}"
        )
    if len(shown) > 30:
        out.print(f"... {len(shown) - 30} more (--json, --junit FILE)")
    for why, ids in skips_by_reason(run.results).items():  # every skip, with its reason
        which = ids[0] if len(ids) == 1 else f"{len(ids)} skipped ({ids[0]}, ...)"
        out.print(f"SKIP {escape(visible(which))}: {escape(visible(why))}")
    for why in run.shortfalls.values():
        out.print(f"NO PASS {escape(visible(why))}")
    n_skipped = run.counts()["skip"]
    held, broken = run.clauses()
    out.print(
        f"{len(held)} clauses held, {len(broken)} broken{': ' + ', '.join(broken) if broken else ''}; "
        f"{n_skipped} skipped"
    )
    if run.verdict is not None:
        v = run.verdict
        out.print(f"expectations {expect_path}: {len(v.expected)} known failures as listed")
        for label, ids in (
            ("failed, not listed", v.unexpected),
            ("listed, now passes (remove it)", v.fixed),
            ("listed, not a case of this run", v.unknown),
        ):
            for i in ids[:20]:
                out.print(f"  {label}: {escape(visible(i))}")
    out.print("passed" if code == 0 else "failed")
    sys.exit(code)


def skips_by_reason(results: Any) -> dict[str, list[str]]:
    """reason -> the IDs of the cases skipped for it, in the run's order."""
    out: dict[str, list[str]] = {}
    for res in results:
        if res.status == "skip":
            out.setdefault(res.message, []).append(res.id)
    return out
