"""`truco conformance`: the published conformance report of one engine on one ruleset.

It runs the check of `truco check` with fixed settings, shrinks a reproduction of every distinct
divergence (as `truco check --report` does), and writes one Markdown page: the clauses the engine
broke, each with its rule, what the engine did and its reproduction, then the clauses it held.
The page names the command that wrote it, so that anyone can regenerate it; the same settings
give the same page. The site shows every docs/conformance/<name>.md (truco_rules/site/site_conformance.py).
"""

from __future__ import annotations

import json
import sys
import tempfile
from typing import Any

import click

from truco_rules.cli.errors import fail

FORMAT = "truco-conformance/1"


def suite_command(engine_spec: str | None, engine_cmd: str | None, rulesets: tuple[str, ...], games: int,
                  programs: int, seed: int, exhaustive_deals: int) -> str:
    """The command line of a suite run, as its published results name it (its output files left out)."""
    import shlex

    engine = ["--engine-cmd", engine_cmd] if engine_cmd else [
        "--engine", engine_spec or "truco_rules.engine.adapter:make_adapter"]
    args = ["truco", "conformance", "--suite", *engine, *(a for r in rulesets for a in ("--ruleset", r)),
            "--games", str(games), "--programs", str(programs), "--seed", str(seed)]
    if exhaustive_deals:
        args += ["--exhaustive-deals", str(exhaustive_deals)]
    return shlex.join(args)


@click.command("conformance")
@click.option("--suite", "suite", is_flag=True,
              help="Run the versioned conformance suite (spec/data/conformance): every case of the engine's "
                   "rulesets, then random games and, with --exhaustive-deals, the exhaustive walk.")
@click.option("--engine", "engine_spec", default=None, metavar="MODULE:FACTORY",
              help="The engine's adapter factory (spec/adapter.py).")
@click.option("--engine-cmd", "engine_cmd", default=None, metavar="COMMAND",
              help="With --suite: the command that starts an engine speaking the engine protocol.")
@click.option("--ruleset", "-r", "rulesets", multiple=True, metavar="NAME",
              help="The ruleset it plays (repeatable with --suite [default: every one the engine plays]).")
@click.option("--out", "out_path", default=None, type=click.Path(dir_okay=False), metavar="FILE",
              help="The page to write (docs/conformance/<name>.md is published on the site).")
@click.option("--title", default=None,
              help="The engine's name in the page's title, which adds the game in the page's language "
                   "[default: the engine and the ruleset].")
@click.option("--games", type=click.IntRange(min=0), default=100, show_default=True,
              help="Random games (with --suite: after the cases, 0 for none); at most 100,000.")
@click.option("--programs", type=click.IntRange(min=0), default=10, show_default=True,
              help="Hypothesis programs, at most 10,000.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--exhaustive-deals", type=click.IntRange(min=0), default=0, show_default=True,
              help="With --suite: walk N deal classes whole (check --exhaustive --deals N); 0: none.")
@click.option("--call-timeout", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds one engine call may take (0: no limit).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: one per CPU, at most 8]; the same output for any number.")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: with --suite every case's result, else the divergences.")
@click.option("--junit", "junit", default=None, type=click.Path(dir_okay=False), metavar="FILE",
              help="With --suite: write JUnit XML (one test case per case) for any CI.")
@click.option("--badge", "badge_path", default=None, type=click.Path(dir_okay=False), metavar="FILE",
              help="With --suite: write a Shields.io endpoint badge (clauses held).")
@click.option("--summary-md", "summary", default=None, type=click.Path(dir_okay=False), metavar="FILE",
              help="With --suite: write a Markdown summary (e.g. to $GITHUB_STEP_SUMMARY).")
@click.option("--expect-failures", "expect_path", default=None, metavar="FILE",
              help="With --suite: the case IDs the engine knowingly fails, each with a reason; the run "
                   "passes when exactly those fail (a listed case that passes fails the run). A file "
                   "that does not exist yet is written with the cases that fail now (a first CI run).")
@click.option("--write-expectations", "write_expect", default=None, type=click.Path(dir_okay=False),
              metavar="FILE", help="With --suite: write the expectations file of this run's failures.")
@click.option("--results", "results", default=None, type=click.Path(dir_okay=False), metavar="FILE",
              help="With --suite: write the run's results for the site's matrix (docs/conformance/results/).")
@click.option("--write-suite", "write_suite", is_flag=True,
              help="Regenerate the suite's cases from the spec (spec/data/conformance).")
def conformance(suite: bool, engine_spec: str | None, engine_cmd: str | None, rulesets: tuple[str, ...],
                out_path: str | None, title: str | None, games: int, programs: int, seed: int,
                exhaustive_deals: int, call_timeout: float, jobs: int | None, as_json: bool,
                junit: str | None, badge_path: str | None, summary: str | None, expect_path: str | None,
                write_expect: str | None, results: str | None, write_suite: bool) -> None:
    """Check an engine for publication: the conformance suite (--suite), or the conformance page.

    With --suite: every case of the versioned suite (the legal actions, refusals, views and results
    at each step of a position), then random games; exit 0 when every case passes (or exactly the
    --expect-failures ones fail), 1 otherwise, 2 on bad input.

    Without: write the conformance page of an engine, clauses broken (each with its reproduction)
    and clauses held. Runs `truco check` on one ruleset with these settings and the shrinking of
    `--report`. Exit 0 when the engine broke no clause, 1 when the page lists divergences, 2 on bad
    input.
    """
    from truco_rules.cli.check_cmds import default_jobs
    from truco_rules.cli.engines import engine_factory

    if write_suite:
        from truco_rules.cli.suite_cmds import write_suite_command

        write_suite_command(jobs or default_jobs())
        return
    if suite:
        from truco_rules.cli.suite_cmds import run_suite_command
        from truco_rules.spec.catalogue import load_catalogue

        if out_path is not None or title is not None:
            fail("--out and --title write the conformance page: not with --suite")
        known = load_catalogue().rulesets
        bad = [r for r in rulesets if r not in known]
        if bad:
            fail(f"unknown ruleset {bad[0]!r}; valid choices: {', '.join(known)}")
        from truco_rules.cli.output_paths import distinct_outputs
        from truco_rules.cli.run_bounds import check_deals, check_run_size

        check_run_size(games, programs)

        distinct_outputs({"--junit": junit, "--badge": badge_path, "--summary-md": summary,
                          "--results": results, "--write-expectations": write_expect},
                         {"--expect-failures": expect_path},
                         updates={"--write-expectations": "--expect-failures"})  # before any work
        factory, engine_name, plays = engine_factory(engine_spec, engine_cmd, call_timeout,
                                                     list(rulesets) or None)
        names = plays if plays is not None else list(known)
        check_deals("--exhaustive-deals", exhaustive_deals, names, {})
        run_suite_command(factory, engine_name, names, games=games, programs=programs, seed=seed,
                          exhaustive_deals=exhaustive_deals, call_timeout=call_timeout,
                          jobs=jobs or default_jobs(),
                          as_json=as_json, junit=junit, badge_path=badge_path, summary=summary,
                          expect_path=expect_path, write_expect=write_expect, results=results,
                          command=suite_command(engine_spec, engine_cmd, rulesets, games, programs, seed,
                                                exhaustive_deals))
        return
    suite_only = {"--engine-cmd": engine_cmd, "--junit": junit, "--badge": badge_path, "--results": results,
                  "--summary-md": summary, "--expect-failures": expect_path,
                  "--write-expectations": write_expect}
    given = [k for k, v in suite_only.items() if v is not None]
    given += ["--exhaustive-deals"] if exhaustive_deals else []
    if given:
        fail(f"{given[0]} goes with --suite")
    if engine_spec is None or out_path is None or len(rulesets) != 1:
        fail("the conformance page needs --engine, one --ruleset and --out (or run the suite: --suite)")
    ruleset = rulesets[0]
    if games < 1:
        fail("the conformance page needs --games 1 or more")
    from truco_rules.cli.run_bounds import check_run_size

    check_run_size(games, programs)
    import shlex

    from truco_rules.cli.check_cmds import _clause_rows
    from truco_rules.cli.conformance_page import section as page_section
    from truco_rules.cli.report_cmds import write_report
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.monitor.drive import Settings, check_engine

    cat = load_catalogue()
    if ruleset not in cat.rulesets:
        fail(f"unknown ruleset {ruleset!r}; valid choices: {', '.join(cat.rulesets)}")
    factory, engine_name, _ = engine_factory(engine_spec, None, call_timeout, [ruleset])
    cfg = Settings(games=games, programs=programs, seed=seed, call_timeout=call_timeout, profile=True)
    jobs = jobs or default_jobs()
    from truco_rules.cli.progress import progress

    with progress() as bar:
        task = bar.add_task(ruleset, total=games)
        from truco_rules.cli.check_cmds import checked_readings, checked_without

        in_force, _ = checked_readings(factory, [ruleset], ())  # what the engine declares it plays
        total = check_engine(factory, [ruleset], {}, cfg, jobs=jobs, per_ruleset=in_force,
                             progress=lambda name, done: bar.update(task, completed=done),
                             without=checked_without(factory, [ruleset], ()))
    groups = total.groups()
    from truco_rules.cli.profile_words import summarize

    profile = summarize(total, [ruleset], in_force)  # the page's section: which rules it plays
    replay_line = f"truco replay repro.json --engine {engine_spec}"
    kept: list[tuple[Any, ...]] = []
    with tempfile.TemporaryDirectory(prefix="truco-conformance-") as tmp:
        entries = write_report(tmp, factory, engine_name, f"--engine {engine_spec}", [ruleset], total,
                               groups, call_timeout, jobs, quiet=True, keep=kept)
    broken = {e["clause"] for e in entries}
    held = [(c, n) for c, n, v in _clause_rows(total) if not v and c not in broken]
    unexercised = [c.id for c in cat.clauses_of(ruleset) if not total.exercised[c.id]]
    command = shlex.join(["truco", "conformance", "--engine", engine_spec, "--ruleset", ruleset,
                          "--games", str(games), "--programs", str(programs), "--seed", str(seed),
                          *(["--title", title] if title else []), "--out", out_path])
    from truco_rules.cli.conformance_page import page_path, render
    from truco_rules.spec.files import write_text_atomic
    from truco_rules.text.catalogues import gettext
    from truco_rules.text.languages import LANGS

    # One page per language: <name>.md in English, <name>.<lang>.md beside it (the site shows each
    # in its language, truco_rules/site/site_conformance.py).
    for lang in LANGS:
        sections = [page_section(g, trace, first, shrunk, engine_name, total.games, replay_line, found, lang,
                                 total.seen_in(g)[0]) for g, trace, first, shrunk, found in kept]
        # The title names the engine; the page adds the game in its own language
        family = cat.rulesets[ruleset].family[lang]
        heading = (gettext("{engine} ({game})", lang, engine=title, game=family) if title
                   else gettext("{engine} on {ruleset}", lang, engine=engine_name, ruleset=ruleset))
        text = render(lang, heading,
                      command, engine_spec, ruleset, total, entries, sections, held, unexercised, profile)
        path = page_path(out_path, lang)
        try:
            write_text_atomic(path, text)
        except OSError as exc:
            fail(f"cannot write {path}: {exc.strerror or exc}")
    code = 1 if entries else 0
    if as_json:
        keys = ("clause", "category", "cause", "games", "reproduced")
        click.echo(json.dumps({"format": FORMAT, "engine": engine_spec, "ruleset": ruleset, "out": out_path,
                               "games": total.games, "programs": total.programs, "steps": total.steps,
                               "divergences": [{k: e[k] for k in keys} for e in entries], "exit": code}))
    else:
        click.echo(f"wrote {out_path}: {len(entries)} distinct divergences, {len(held)} clauses held")
    sys.exit(code)


def register(group: click.Group) -> None:
    group.add_command(conformance)
