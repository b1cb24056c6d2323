"""`truco profile`: which rules an engine plays (truco_rules.spec.monitor.profile, in words by
truco_rules.cli.profile_words)."""

from __future__ import annotations

import json
import sys

import click

from truco_rules.cli.options import lang_option, reading_option, ruleset_options, rulesets_from


@click.command("profile")
@click.option("--engine", "engine_spec", default=None, metavar="MODULE:FACTORY",
              help="A Python engine's adapter factory (spec/adapter.py); default: the reference engine.")
@click.option("--engine-cmd", "engine_cmd", default=None, metavar="COMMAND",
              help="An engine in any language, as a command that speaks the engine protocol.")
@ruleset_options(multiple=True, help="A ruleset to profile (default: every loaded ruleset the engine plays).")
@click.option("--games", type=click.IntRange(min=1), default=60, show_default=True,
              help="Random games per ruleset.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@reading_option(help="Profile against this reading (repeatable), as an engine that announces it.")
@click.option("--without", "without", multiple=True, metavar="FEATURE",
              help="An optional feature the engine does not play (mazo, senas, flor; repeatable).")
@click.option("--situations/--no-situations", "situations", default=True, show_default=True,
              help="Also drive the engine through the situations of each reading (it is told none of "
                   "them: it plays what it plays).")
@click.option("--call-timeout", type=click.FloatRange(min=0), default=2.0, show_default=True,
              help="Seconds one engine call may take (0: no limit).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: one per CPU, at most 8].")
@lang_option()
@click.option("--json", "as_json", is_flag=True, help="One JSON object (format truco-profile/1).")
def profile(engine_spec: str | None, engine_cmd: str | None, ruleset: tuple[str, ...],
            ruleset_files: tuple[str, ...], games: int, seed: int, readings: tuple[tuple[str, str], ...],
            without: tuple[str, ...], situations: bool, call_timeout: float, jobs: int | None, lang: str,
            as_json: bool) -> None:
    """Which rules an engine plays: for each register entry its games reach, the readings under
    which engine and spec agree.

    The engine plays random games (and, unless --no-situations, the situations of every reading,
    without being told the reading); each part of each game is then played again on the spec alone
    under every reading of every register entry. A reading the engine contradicts where the
    readings disagree is ruled out. Where no reading agrees, that is a bug, named by its clause.
    An optional rule it leaves out or adds (the mazo) is said. Prints the readings and the
    optional features to announce in the engine's hello. Exit 0, or 1 when a bug was found (no
    reading agrees), 2 on bad input.
    """
    from rich.console import Console
    from rich.progress import Progress

    from truco_rules.cli.check_cmds import checked_readings, checked_without, default_jobs
    from truco_rules.cli.engines import engine_factory
    from truco_rules.cli.profile_words import lines, summarize
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.monitor.drive import Settings, check_engine

    chosen = rulesets_from(ruleset, ruleset_files) or None
    factory, engine_name, names_or_none = engine_factory(engine_spec, engine_cmd, call_timeout, chosen,
                                                         ruleset_files)
    names = names_or_none or list(load_catalogue().rulesets)
    per_ruleset, _ = checked_readings(factory, names, readings)
    left_out = checked_without(factory, names, without)
    cfg = Settings(games=games, programs=0, seed=seed, call_timeout=call_timeout, situations=situations,
                   profile=True, as_played=True)
    with Progress(console=Console(stderr=True), transient=True, disable=as_json) as bar:
        tasks = {name: bar.add_task(name, total=games) for name in names}
        report = check_engine(factory, names, {}, cfg, jobs=jobs or default_jobs(), per_ruleset=per_ruleset,
                              without=left_out,
                              progress=lambda name, done: bar.update(tasks[name], completed=min(done, games)))
    summary = summarize(report, names, per_ruleset)
    code = 1 if summary["bugs"] else 0
    if as_json:
        click.echo(json.dumps({**summary, "engine": engine_name, "games": report.games,
                               "situations": report.situations, "exit": code}, ensure_ascii=False))
        sys.exit(code)
    from truco_rules.spec.monitor.untrusted import visible

    click.echo(f"# {visible(engine_name)}\n")
    click.echo("\n".join(lines(summary, lang)))
    sys.exit(code)


def register(group: click.Group) -> None:
    group.add_command(profile)
