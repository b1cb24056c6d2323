"""`truco check --report DIR` (bug reports with shrunk reproductions) and `truco replay FILE`.

The pages and the summary are built by truco_rules.spec.monitor.reports; the shrinking runs as jobs in
supervised worker processes (truco_rules.spec.monitor.supervise), like the games of the check.
"""

from __future__ import annotations

import json
import pathlib
import re
import sys
from collections.abc import Callable
from typing import Any

import click

from truco_rules.cli.errors import fail
from truco_rules.spec.files import write_text_atomic

MAX_REPRO = 1 << 24  # bytes of a page or script read by replay (a shrunk one takes a few KB)
MAX_SUMMARY = 1 << 22  # bytes of an earlier summary.json read (50 entries take a few KB)
PAGE_NAME = re.compile(r"[0-9]{3}-[A-Za-z0-9._-]*\.md")  # a page of the folder, never a path
MAX_REPORTS = 50  # distinct divergences given a shrunk reproduction; later ones get a page without


def write_report(report_dir: str, factory: Callable[[], Any], engine: str, replay_args: str,
                 rulesets: list[str], total: Any, groups: list[Any], call_timeout: float, jobs: int,
                 quiet: bool, keep: list[tuple[Any, ...]] | None = None,
                 profile: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Shrink a reproduction of each distinct divergence, write one page each and summary.json;
    returns the summary's entries. `keep`, when given, receives what each page is made of
    (group, trace, first finding, steps shrunk from, held findings), for a page in another language.
    `profile`: which rules the engine plays (truco_rules.cli.profile_words.summarize), written as
    profile.md and into summary.json."""
    from rich.console import Console
    from rich.progress import Progress

    from truco_rules.spec.monitor.findings import Finding, causes
    from truco_rules.spec.monitor.reports import file_name, page, summary
    from truco_rules.spec.monitor.script import ScriptJob, run_script_job
    from truco_rules.spec.monitor.supervise import Supervisor
    from truco_rules.spec.monitor.trace import Trace

    if not report_dir.strip():  # "" would be the current folder, whatever it holds
        fail("--report needs a folder name")
    folder = pathlib.Path(report_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot write the report to {report_dir}: {exc.strerror or exc}")
    earlier = _earlier_pages(folder)
    work = [ScriptJob(i, "shrink", total.traces[g.units[0]], g.key, g.games[0])
            for i, g in enumerate(groups[:MAX_REPORTS]) if g.units[0] in total.traces]
    members = total.members(groups)
    by_group = {job.index: job for job in work}
    results: dict[int, dict[str, Any]] = {}
    with Progress(console=Console(stderr=True), transient=True, disable=quiet or not work) as bar:
        task = bar.add_task("shrinking reproductions", total=len(work))
        for event in Supervisor(run_script_job, (factory, call_timeout), jobs).run(work):
            if event.kind == "done":
                results[event.index] = event.data
            bar.advance(task)
    entries = []
    for i, group in enumerate(groups):
        name = file_name(i + 1, group)
        trace, first, from_steps = None, None, 0
        if i in results:
            data = results[i]
            trace = Trace.from_dict(data["trace"])
            found = [Finding.from_dict(f) for f in data["findings"]]
            first = next((f for f in causes(found) if f.key == group.key), None)
            from_steps = data["from_steps"]
        elif i in by_group:  # the shrink itself hung or died: the game's whole trace
            trace = Trace.from_dict(by_group[i].trace)
            from_steps = len(trace.steps)
        hint = f"truco replay {folder / name} {replay_args}"
        held = [(k, total.violations[k], total.units[k][1]) for k in members[i]]
        # every game played, the situations' too: a group is seen in no more games than ran
        text = page(group, trace, first, from_steps, engine, total.games + total.situations, hint, held,
                    total.seen_text(group), situations=total.situation_games)
        if keep is not None:
            keep.append((group, trace, first, from_steps, held))
        try:
            write_text_atomic(folder / name, text)
        except OSError as exc:
            fail(f"cannot write {folder / name}: {exc.strerror or exc}")
        entries.append({"file": name, "clause": group.clause, "category": group.key[1], "cause": group.key[2],
                        "violations": members[i],
                        "games": len(group.games), "first_game": group.games[0],
                        "consequences": dict(group.consequences), "repeats": group.repeats,
                        "steps": len(trace.steps) if trace is not None else None, "shrunk_from": from_steps,
                        "reproduced": first is not None})
    code = 0 if total.ok else 1
    data = summary(engine, rulesets, total, entries, code)
    if profile is not None:
        from truco_rules.cli.profile_words import lines

        data["profile"] = profile
        try:
            write_text_atomic(folder / "profile.md", "\n".join(lines(profile, "en", "#")) + "\n")
        except OSError as exc:
            fail(f"cannot write {folder / 'profile.md'}: {exc.strerror or exc}")
    try:
        write_text_atomic(folder / "summary.json", json.dumps(data, indent=1) + "\n")
        # Only now, the summary naming the new pages: the pages of the earlier run that are not
        # pages of this one would mislead (only those it listed: the folder may hold other files).
        for old in earlier - {e["file"] for e in entries}:
            (folder / old).unlink(missing_ok=True)
    except OSError as exc:
        fail(f"cannot write {folder / 'summary.json'}: {exc.strerror or exc}")
    if not quiet:
        click.echo(f"{len(entries)} bug reports and summary.json written to {folder}", err=True)
    return entries


def _earlier_pages(folder: pathlib.Path) -> set[str]:
    """The pages the folder's summary.json (an earlier report) lists; none if it has none."""
    try:
        with (folder / "summary.json").open("rb") as fh:
            data = json.loads(fh.read(MAX_SUMMARY))
        entries = data["divergences"]
        return {e["file"] for e in entries if isinstance(e["file"], str) and PAGE_NAME.fullmatch(e["file"])}
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return set()  # not a report's summary: nothing of the folder is ours to delete


@click.command("replay")
@click.argument("file", type=str)
@click.option("--engine", "engine_spec", default=None, metavar="MODULE:FACTORY",
              help="A Python engine's adapter factory; default: the reference engine.")
@click.option("--engine-cmd", "engine_cmd", default=None, metavar="COMMAND",
              help="An engine process that speaks the engine protocol.")
@click.option("--call-timeout", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds one engine call may take (0: no limit).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: the findings and the exit code.")
def replay(file: str, engine_spec: str | None, engine_cmd: str | None, call_timeout: float,
           as_json: bool) -> None:
    """Play a reproduction again: a bug report of `truco check --report`, or its JSON script.

    Every step gets the checks of `truco check`. Exit 1 when a divergence shows (the report says
    whether it is the one the file describes), 0 when the engine now passes, 2 on bad input.
    """
    from truco_rules.cli.engines import engine_factory
    from truco_rules.spec.monitor.findings import Finding
    from truco_rules.spec.monitor.reports import ReproError
    from truco_rules.spec.monitor.repro_input import load_script
    from truco_rules.spec.monitor.script import ScriptJob, run_script_job
    from truco_rules.spec.monitor.supervise import Supervisor
    from truco_rules.spec.monitor.untrusted import visible

    try:
        with (open(sys.stdin.fileno(), "rb", closefd=False) if file == "-" else open(file, "rb")) as fh:
            raw = fh.read(MAX_REPRO + 1)
        if len(raw) > MAX_REPRO:
            fail(f"{file} is larger than {MAX_REPRO >> 20} MB: not a bug report")
        # read and checked as validate checks a record, before any engine sees it
        script, trace = load_script(raw)
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    except ReproError as exc:
        fail(f"{file}: {exc}")
    factory, engine, _ = engine_factory(engine_spec, engine_cmd, call_timeout, [trace.ruleset])
    job = ScriptJob(0, "run", trace.to_dict())
    found: list[Finding] = []
    for event in Supervisor(run_script_job, (factory, call_timeout), 1).run([job]):
        if event.kind == "done":
            found = [Finding.from_dict(f) for f in event.data["findings"]]
        elif event.kind in ("hang", "died"):
            where = event.data
            fail(f"the engine {'hung' if event.kind == 'hang' else 'died'} in {where['call']}() at step "
                 f"{where['step']}", 1)
    expected = script.get("divergence") or {}
    key = (expected.get("clause"), expected.get("category"))
    cause = expected.get("cause")  # a script written before causes were told apart has none
    from truco_rules.spec.monitor.findings import causes

    # The divergence is one of the causes the run shows (a difference stepped over before it, or a
    # cause of an earlier part of the game, does not hide it).
    same = any(c.key[:2] == key and (cause is None or c.key[2] == cause) for c in causes(found))
    code = 1 if found else 0
    if as_json:
        click.echo(json.dumps({"engine": engine, "steps": len(trace.steps), "reproduced": same,
                               "findings": [f.to_dict() for f in found], "exit": code}))
        sys.exit(code)
    # The engine's name and messages, and the file's clause and kind: escapes shown, not sent.
    engine, named = visible(engine), (visible(key[0]), visible(key[1])) if key[0] else ("", "")
    if not found:
        click.echo(f"{engine}: all {len(trace.steps)} steps pass; the divergence "
                   f"[{named[0]}] is gone" if key[0] else f"{engine}: all {len(trace.steps)} steps pass")
        sys.exit(0)
    first = found[0].violation
    says = f" (engine: {first.says})" if first.says else ""
    click.echo(visible(f"[{first.clause}] {first.requires}{says}; hand {first.hand}, {first.field}"))
    if key[0]:
        click.echo("the divergence this file describes still shows" if same else
                   f"a different divergence shows first (the file describes [{named[0]}] {named[1]})")
    for f in found[1:]:
        click.echo(visible(f"  then [{f.violation.clause}] {f.violation.requires}"))
    sys.exit(code)


def register(group: click.Group) -> None:
    group.add_command(replay)
