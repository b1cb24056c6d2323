"""`truco prove` (Z3 proofs of every ruleset's finite invariants) and `truco diff` (divergence
witnesses between two rulesets or readings). z3 is imported inside the commands only."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import click

from truco_cli.errors import fail


def _parse_readings(items: tuple[str, ...], option: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            fail(f"{option} expects KEY=READING, got {item!r}")
        out[key.strip()] = value.strip()
    return out


def _setup(ruleset: str, readings: dict[str, str]) -> Any:
    from proofs.setup import make_setup
    from spec.catalogue import UnknownNameError

    try:
        return make_setup(ruleset, readings)
    except UnknownNameError as exc:
        fail(str(exc))


def _fmt_values(values: dict[str, Any] | None) -> str:
    if not values:
        return ""
    return " ".join(f"{k}={v}" for k, v in values.items() if not k.endswith("_init"))


@click.command("prove")
@click.option("--ruleset", "rulesets", multiple=True, metavar="NAME",
              help="Ruleset to prove (repeatable); default: all four.")
@click.option("--reading", "readings", multiple=True, metavar="KEY=READING",
              help="Override a register reading (needs exactly one --ruleset).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def prove(rulesets: tuple[str, ...], readings: tuple[str, ...], as_json: bool) -> None:
    """Prove each ruleset's finite invariants with Z3, each with its negative control.

    Exit status 1 if any property is not proved (counterexample or unknown) or any negative
    control is not refuted as expected; 2 for bad input.
    """
    from proofs.registry import prove_all
    from proofs.setup import all_rulesets

    overrides = _parse_readings(readings, "--reading")
    if overrides and len(rulesets) != 1:
        fail("--reading needs exactly one --ruleset")
    setups = [_setup(r, overrides) for r in (rulesets or all_rulesets())]
    start = time.perf_counter()
    outcomes = [o for s in setups for o in prove_all(s)]
    total = time.perf_counter() - start
    ok = all(o.ok for o in outcomes)
    if as_json:
        click.echo(json.dumps({"ok": ok, "seconds": round(total, 3),
                               "properties": [o.as_json() for o in outcomes]}, indent=1))
    else:
        current = None
        for o in outcomes:
            if o.setup.label != current:
                current = o.setup.label
                click.echo(f"== {current}")
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
@click.option("--reading", "readings", multiple=True, metavar="KEY=READING", help="Reading for both sides.")
@click.option("--reading-a", "readings_a", multiple=True, metavar="KEY=READING", help="Reading for A only.")
@click.option("--reading-b", "readings_b", multiple=True, metavar="KEY=READING", help="Reading for B only.")
@click.option("--limit", default=3, show_default=True, type=click.IntRange(1, 50),
              help="Witnesses per domain, smallest first.")
@click.option("--json", "as_json", is_flag=True, help="Print the witnesses as JSON.")
@click.option("--write-all", is_flag=True,
              help="Write the witnesses of every pair of rulesets and every alternative reading to "
                   "proofs/witnesses.json (no RULESET arguments).")
def diff(ruleset_a: str | None, ruleset_b: str | None, readings: tuple[str, ...],
         readings_a: tuple[str, ...], readings_b: tuple[str, ...], limit: int, as_json: bool,
         write_all: bool) -> None:
    """Concrete situations where two rulesets (or one ruleset under two readings) differ.

    Example: truco diff mineiro-1v1-es mineiro-1v1-es --reading-b all-rounds-tied=dealer-side-wins
    """
    if write_all:
        if ruleset_a or ruleset_b:
            fail("--write-all takes no RULESET arguments")
        from proofs.witnesses import write

        click.echo(f"wrote {write()}")
        return
    if not (ruleset_a and ruleset_b):
        fail("diff needs two rulesets: truco diff RULESET_A RULESET_B")
    from proofs.divergence import unmodelled, witnesses

    both = _parse_readings(readings, "--reading")
    a = _setup(ruleset_a, {**both, **_parse_readings(readings_a, "--reading-a")})
    b = _setup(ruleset_b, {**both, **_parse_readings(readings_b, "--reading-b")})
    found = witnesses(a, b, limit=limit)
    skipped = unmodelled(a, b)
    if as_json:
        click.echo(json.dumps({"a": {"ruleset": a.ruleset, "readings": a.overrides},
                               "b": {"ruleset": b.ruleset, "readings": b.overrides},
                               "witnesses": found, "not_modelled": skipped}, indent=1, ensure_ascii=False))
        return
    click.echo(f"A = {a.label}\nB = {b.label}")
    if not found:
        click.echo("no divergence found in the modelled domains")
    for w in found:
        refs = " ".join(w["clauses"] + w["ambiguities"])
        at_least = "at least " if w.get("search_stopped_at") else ""
        similar = (f"  (and {at_least}{w['similar']} more situations with the same results)"
                   if w.get("similar") else "")
        click.echo(f"- {w['domain']}: {json.dumps(w['situation'], ensure_ascii=False)}{similar}")
        if w.get("search_stopped_at"):
            click.echo(f"    the search stopped at {w['search_stopped_at']} situations: there may be smaller"
                       " ones and other results")
        shown_a, shown_b = (json.dumps(w[k], ensure_ascii=False) for k in ("a", "b"))
        click.echo(f"    A: {shown_a}  B: {shown_b}  [{refs}]")
    if skipped:
        click.echo(f"readings that differ but are not modelled here: {', '.join(skipped)}")


def register(group: click.Group) -> None:
    group.add_command(prove)
    group.add_command(diff)
