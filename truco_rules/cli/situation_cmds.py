"""`truco situations`: the situations `truco check` drives an engine through (truco_rules.spec.situations).

They list per ruleset what each situation is about and the clauses it exercises; `--write`
regenerates the catalogue files of spec/data/situations from the spec (for the readings of the
files: every reading a ruleset can switch has its own situations in them).
"""

from __future__ import annotations

import json
from typing import Any

import click

from truco_rules.cli.options import reading_option, readings_for, ruleset_options, rulesets_from


@click.command("situations")
@ruleset_options(multiple=True, help="A ruleset (default: every loaded ruleset).")
@reading_option(help="Generate the situations under this reading (repeatable).")
@click.option("--family", default=None, metavar="NAME",
              help="Only this family (cards, rounds, ladder, cover, sena, target, ten, contest).")
@click.option("--clause", "clause", default=None, metavar="ID", help="Only the situations that exercise ID.")
@click.option("--write", is_flag=True, help="Regenerate spec/data/situations/<ruleset>.json from the spec.")
@click.option("--json", "as_json", is_flag=True, help="The situations as JSON.")
def situations(ruleset: tuple[str, ...], ruleset_files: tuple[str, ...],
               readings: tuple[tuple[str, str], ...], family: str | None, clause: str | None, write: bool,
               as_json: bool) -> None:
    """List the situations of each ruleset: a start (scores, dealer), stacked deals and a prefix of
    actions that plays through a rule, a reading or an edge; `truco check` drives the engine
    through every one of them before its random games."""
    from rich.console import Console
    from rich.markup import escape

    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.situations.catalogue import situations_for

    names = rulesets_from(ruleset, ruleset_files) or list(load_catalogue().rulesets)
    err = Console(stderr=True)
    if write:
        from truco_rules.spec.files import write_text_atomic
        from truco_rules.spec.situations.generate import generate
        from truco_rules.spec.situations.model import catalogue_path, catalogue_text

        if readings:
            from truco_rules.cli.errors import fail

            fail("--write writes the files of the default readings: give no --reading")
        for name in names:
            path = catalogue_path(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            found = generate(name)
            write_text_atomic(path, catalogue_text(name, found))  # whole, or the old one
            err.print(f"{name}: {len(found)} situations -> {path.name}")
        return
    out: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        chosen = [s for s in situations_for(name, readings_for(name, readings))
                  if (family is None or s.family == family)
                  and (clause is None or clause.upper() in s.clauses)]
        out[name] = [s.to_dict() for s in chosen]
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    console = Console(highlight=False, soft_wrap=True)
    for name, items in out.items():
        console.print(f"[bold]{escape(name)}[/]: {len(items)} situations")
        for s in items:
            start = s.get("start")
            where = f" (from {start['scores'][0]}-{start['scores'][1]})" if start else ""
            console.print(f"  {escape(s['id'])}{escape(where)}: {escape(s['about'])}")
            console.print(f"      {escape(' '.join(s['prefix']))}  [dim]{escape(', '.join(s['clauses']))}[/]")


def register(group: click.Group) -> None:
    group.add_command(situations)
