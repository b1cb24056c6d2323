"""`truco prove` (Z3 proofs of every ruleset's finite invariants) and `truco diff` (divergence
witnesses between two rulesets or readings). z3 is imported inside the commands only."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import click

from truco_rules.cli.errors import cannot_write, fail
from truco_rules.cli.options import (
    lang_option,
    load_ruleset_files,
    reading_option,
    readings_for,
    ruleset_options,
    rulesets_from,
)
from truco_rules.text.catalogues import N_


def _leave_ctrl_c_to_python() -> None:
    """By default Z3 catches Ctrl-C itself, cancels the query it runs and lets the command go on:
    the interrupt would be lost. Z3's queries here take milliseconds, so Python's own handler
    stops the command (exit 130) as soon as the current one ends."""
    import z3

    z3.set_param("ctrl_c", False)


def _setup(ruleset: str, readings: dict[str, str]) -> Any:
    from truco_rules.proofs.setup import make_setup

    return make_setup(ruleset, readings_for(ruleset, readings.items()))


def _fmt_values(values: dict[str, Any] | None) -> str:
    if not values:
        return ""
    return " ".join(f"{k}={v}" for k, v in values.items() if not k.endswith("_init"))


@click.command("prove")
@ruleset_options(multiple=True, help="A ruleset to prove (default: every loaded ruleset).")
@reading_option(help="Switch a reading of the ambiguity register (needs exactly one ruleset).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def prove(ruleset: tuple[str, ...], ruleset_files: tuple[str, ...], readings: tuple[tuple[str, str], ...],
          as_json: bool) -> None:
    """Prove each ruleset's finite invariants with Z3, each with its negative control.

    Exit status 1 if any property is not proved (counterexample or unknown) or any negative
    control is not refuted as expected; 2 for bad input.
    """
    from truco_rules.proofs.registry import not_run, prove_all

    _leave_ctrl_c_to_python()

    rulesets = rulesets_from(ruleset, ruleset_files, engine=False, default_all=True)
    overrides = dict(readings)
    if overrides and len(rulesets) != 1:
        fail("--reading needs exactly one ruleset")
    setups = [_setup(r, overrides) for r in rulesets]
    start = time.perf_counter()
    outcomes = [o for s in setups for o in prove_all(s)]
    total = time.perf_counter() - start
    ok = all(o.ok for o in outcomes)
    if as_json:
        skipped = [{"id": p.id, "ruleset": s.ruleset, "needs": p.when} for s in setups for p in not_run(s)]
        click.echo(json.dumps({"ok": ok, "seconds": round(total, 3),
                               "properties": [o.as_json() for o in outcomes], "not_run": skipped}, indent=1))
    else:
        current = None
        for o in outcomes:
            if o.setup.label != current:
                current = o.setup.label
                click.echo(f"== {current}")
                for p in not_run(o.setup):
                    click.echo(f"n/a  {p.id}: not run (does not concern this ruleset); it needs {p.when}")
            a, c = o.answer, o.control
            mark = "ok  " if o.ok else "FAIL"
            status = a.status if o.prop.kind == "invariant" else f"{a.status} (literal wording, registered)"
            refs = " ".join(o.prop.clauses + o.prop.ambiguities)
            click.echo(f"{mark} {o.prop.id}: {status} in {a.seconds * 1000:.0f} ms [{refs}]")
            if o.prop.kind != "invariant":
                click.echo(f"       witness: {_fmt_values(a.values)}")
            click.echo(f"       control ({o.prop.control}): {c.status} in {c.seconds * 1000:.0f} ms"
                       + (f": {_fmt_values(c.values)}" if c.values else ""))
            if not o.ok and a.status == "unknown":
                click.echo(f"       z3 unknown: {a.reason}")
        failed = sum(not o.ok for o in outcomes)
        click.echo(f"{len(outcomes)} properties, {failed} failing, {total:.2f} s")
    sys.exit(0 if ok else 1)


@click.command("diff")
@click.argument("ruleset_a", required=False)
@click.argument("ruleset_b", required=False)
@click.option("--ruleset-file", "ruleset_files", multiple=True, metavar="PATH",
              type=click.Path(dir_okay=False, path_type=str),
              help="Load a ruleset file of your own, to name its ruleset as A or B. Repeatable.")
@reading_option(help="Switch a reading for both sides (KEY=READING, repeatable).")
@reading_option("--reading-a", help="Switch a reading for A only.")
@reading_option("--reading-b", help="Switch a reading for B only.")
@click.option("--limit", default=3, show_default=True, type=click.IntRange(1, 50),
              help="Witnesses per domain, smallest first.")
@click.option("--json", "as_json", is_flag=True, help="Print the witnesses as JSON.")
@lang_option(help="Language of the situations in words.")
@click.option("--write-all", is_flag=True,
              help="Write the witnesses of every pair of rulesets and every alternative reading to "
                   "proofs/witnesses.json (no RULESET arguments).")
@click.option("--row", metavar="ROW",
              help="Show one row of the alignment table instead: what every source says of a rule topic "
                   "(with RULESET_A and RULESET_B, only their sources).")
@click.option("--rows", "list_rows", is_flag=True, help="List the rows of the alignment table.")
def diff(ruleset_a: str | None, ruleset_b: str | None, ruleset_files: tuple[str, ...],
         readings: tuple[tuple[str, str], ...], reading_as: tuple[tuple[str, str], ...],
         reading_bs: tuple[tuple[str, str], ...], limit: int, as_json: bool, lang: str,
         write_all: bool, row: str | None, list_rows: bool) -> None:
    """Concrete situations where two rulesets (or one ruleset under two readings) differ; or, with
    --row, what every source says of one rule topic.

    Examples: truco diff mineiro-1v1-es mineiro-1v1-es --reading-b all-rounds-tied=dealer-side-wins;
    truco diff --row all-tied; truco diff argentino-1v1 paulista-1v1 --row all-tied
    """
    if row is not None or list_rows:
        _alignment(ruleset_a, ruleset_b, ruleset_files, row, lang, as_json)
        return
    _leave_ctrl_c_to_python()
    if write_all:
        if ruleset_a or ruleset_b:
            fail("--write-all takes no RULESET arguments")
        from truco_rules.proofs import witnesses as witness_file

        try:
            click.echo(f"wrote {witness_file.write(witness_file.WITNESS_FILE)}")
        except OSError as exc:  # a read-only checkout: a one-line error, not a traceback
            cannot_write(witness_file.WITNESS_FILE, exc)
        return
    if not (ruleset_a and ruleset_b):
        fail("diff needs two rulesets: truco diff RULESET_A RULESET_B")
    from truco_rules.proofs.divergence import unmodelled, unmodelled_features, witnesses

    load_ruleset_files(ruleset_files, engine=False)
    both = dict(readings)
    a = _setup(ruleset_a, {**both, **dict(reading_as)})
    b = _setup(ruleset_b, {**both, **dict(reading_bs)})
    found = witnesses(a, b, limit=limit)
    skipped = unmodelled(a, b)
    features = unmodelled_features(a, b)
    if as_json:
        click.echo(json.dumps({"a": {"ruleset": a.ruleset, "readings": a.overrides},
                               "b": {"ruleset": b.ruleset, "readings": b.overrides},
                               "witnesses": found, "not_modelled": skipped,
                               "features_not_modelled": features}, indent=1, ensure_ascii=False))
        return
    from truco_rules.text.catalogues import gettext, ngettext
    from truco_rules.text.witness_words import (
        UnknownWitness,
        decks_of,
        outcome_text,
        similar_text,
        situation_text,
    )

    click.echo(f"A = {a.label}\nB = {b.label}")
    if not found:
        click.echo(gettext("no divergence found in the modelled domains", lang))
    shown: dict[tuple[str, str, str, str], int] = {}  # the same words twice (sides swapped): one entry
    stopped: dict[tuple[str, str, str, str], int] = {}  # situation -> the limit its search stopped at
    for w in found:
        refs = " ".join(w["clauses"] + w["ambiguities"])
        try:  # in words, sides named as the rules name them; the data itself with --json
            situation = situation_text(w, lang, {a.players, b.players}, decks_of([a.ruleset, b.ruleset]))
            shown_a = outcome_text(w, w["a"], lang, {a.players})
            shown_b = outcome_text(w, w["b"], lang, {b.players})
        except UnknownWitness:
            situation = f"{w['domain']}: {json.dumps(w['situation'], ensure_ascii=False)}"
            shown_a, shown_b = (json.dumps(w[k], ensure_ascii=False) for k in ("a", "b"))
        key = (situation, shown_a, shown_b, refs)
        shown[key] = shown.get(key, -1) + 1 + int(w.get("similar") or 0)
        if w.get("search_stopped_at"):
            stopped[key] = int(w["search_stopped_at"])
    for key, more in shown.items():
        situation, shown_a, shown_b, refs = key
        similar = similar_text(more, lang, at_least=key in stopped)  # cut short at its limit: a lower bound
        click.echo(f"- {situation}" + (f" ({similar})" if similar else ""))
        if key in stopped:
            click.echo("    " + ngettext("the search stopped at {n} situation: smaller situations and other "
                                         "results may exist", "the search stopped at {n} situations: smaller "
                                         "situations and other results may exist", stopped[key], lang))
        click.echo(f"    A: {shown_a}\n    B: {shown_b}\n    [{refs}]")
    if skipped:
        click.echo(gettext("readings that differ but are not modelled here: {readings}", lang,
                           readings=", ".join(skipped)))
    if features:
        from truco_rules.text.catalogues import translate

        click.echo("\n" + gettext("Not modelled here (no witness is sought for these differences):", lang))
        for feature in features:
            side, other = ("A", "B") if a.has(feature) else ("B", "A")
            click.echo("- " + translate(_FEATURE_WORDS[feature], lang, has=side, lacks=other))


def _alignment(ruleset_a: str | None, ruleset_b: str | None, ruleset_files: tuple[str, ...], row: str | None,
               lang: str, as_json: bool) -> None:
    """`--row` and `--rows`: the alignment table (spec/data/alignment.yaml)."""
    from truco_rules.cli import alignment_view

    if row is None:
        alignment_view.list_rows(lang, as_json)
        return
    load_ruleset_files(ruleset_files, engine=False)
    named = [r for r in (ruleset_a, ruleset_b) if r]
    if named:
        from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

        try:
            named = [load_catalogue().ruleset(r).name for r in named]
        except UnknownNameError as exc:
            fail(str(exc))
    alignment_view.show_row(row, named, lang, as_json)


_FEATURE_WORDS = {
    "muestra": N_("{has} turns up a muestra and {lacks} does not: the muestra's piezas rank above every "
                  "other card, so the same cards can win a round in {has} and lose it in {lacks}."),
    "flor": N_("{has} has the flor and {lacks} does not: three cards of one suit are sung and score "
               "points in {has}, not in {lacks}."),
}


def register(group: click.Group) -> None:
    group.add_command(prove)
    group.add_command(diff)
