"""`truco perft` (the spec's counts of legal action sequences) and `truco check --perft`.

See truco_rules.spec.perft for what is counted. `truco perft --table` writes every ruleset's reference table
to spec/data/perft/ (with `--ruleset R`, that ruleset's only); `truco check --perft` walks an
engine's tree on each table's deals and compares the counts, then, where they differ, finds the
first point where the engine and the spec disagree and names its clause.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any, cast

import click

from truco_rules.cli.errors import fail
from truco_rules.cli.options import reading_option, readings_for, ruleset_options, rulesets_from


def _seed_done(name: str, seed: int) -> None:
    click.echo(f"{name}: seed {seed} done", err=True)


def _rules(ruleset: str, pairs: tuple[tuple[str, str], ...]) -> Any:
    """The ruleset with its readings; exits 2 on an unknown ruleset, key or reading."""
    from truco_rules.spec.rules.state import Rules

    return Rules.of(ruleset, readings_for(ruleset, pairs))


class _Depth(click.ParamType):
    """A number of actions (at least 1), or `hand`."""

    name = "N|hand"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if value == "hand" or (isinstance(value, int) and value >= 1):
            return cast(int | str, value)
        try:
            number = int(value)
        except (TypeError, ValueError):
            number = 0
        if number < 1:
            self.fail(f"{value!r} is neither a number of actions (1 or more) nor 'hand'", param, ctx)
        return number


_DEPTH = _Depth()


@click.command("perft")
@ruleset_options(help="The ruleset.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the fixed deals.")
@click.option("--depth", type=_DEPTH, default=None, metavar="N|hand",
              help="Actions deep, or `hand`: every sequence to the end of the hand in play (a whole "
                   "hand's perft, which no fixed depth covers: a hand can take 14 actions) "
                   "[default: the table depth, 5].")
@click.option("--hands", type=click.IntRange(min=1), default=None,
              help="Count only within the first N hands (a path that ends hand N is complete).")
@click.option("--after-first-round", "after_round", is_flag=True,
              help="Count from the end of the first round (each seat playing the first card of its "
                   "legal actions in sorted order), as the tables' second position does.")
@click.option("--divide", is_flag=True, help="Also split the count at the last depth by first action.")
@reading_option()
@click.option("--table", is_flag=True,
              help="Write the reference table (seeds 1 and 2, default readings) of the ruleset, or of "
                   "every ruleset without --ruleset, to spec/data/perft/.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
def perft(ruleset: str | None, ruleset_files: tuple[str, ...], seed: int, depth: int | str | None,
          hands: int | None, after_round: bool, divide: bool, readings: tuple[tuple[str, str], ...],
          table: bool, as_json: bool) -> None:
    """Count the distinct legal action sequences from fixed deals, as the spec sees them.

    perft(d) is the number of sequences of d actions from the start of the match, plus the
    shorter ones that end it (like chess perft). With --depth hand: the sequences to the end of
    the hand in play (leaves), and the positions walked (nodes). The deals come from the seed and
    are printed, so that any engine can stack them and compare its own counts.
    """
    from truco_rules.spec.perft import default_depth, make_table, spec_count, spec_hand_count, write_table

    names = rulesets_from(ruleset, ruleset_files, engine=False, required=not table, default_all=table)
    if table:  # every ruleset's table when none is named: one command regenerates them all
        if readings or hands or depth:
            fail("--table writes the default table: no --reading, --hands or --depth")
        for name in names:
            rules = _rules(name, ())
            path = write_table(make_table(rules, progress=functools.partial(_seed_done, name)))
            click.echo(f"wrote {path}")
        return
    if len(names) > 1:
        fail(f"one ruleset at a time, not {', '.join(names)}")
    ruleset = names[0]
    rules = _rules(ruleset, readings)
    if depth == "hand":
        if hands:
            fail("--depth hand counts to the end of the hand in play: no --hands")
        counted, deals = spec_hand_count(rules, seed, None if after_round else ())
        if as_json:
            click.echo(json.dumps({"ruleset": ruleset, "readings": dict(rules.readings), "seed": seed,
                                   "depth": "hand", "deals": deals[:2], "leaves": counted.leaves,
                                   "nodes": counted.nodes, "divide": counted.divide if divide else None}))
            return
        for i, d in enumerate(deals[:2], 1):
            click.echo(f"hand {i}: " + " | ".join(" ".join(h) for h in d["hands"]))
        click.echo(f"leaves = {counted.leaves}")
        click.echo(f"nodes = {counted.nodes}")
        if divide:
            for action, n in counted.divide.items():
                click.echo(f"  {action}: {n}")
        return
    depth = int(depth or default_depth(rules))
    result, deals = spec_count(rules, seed, depth, hands, None if after_round else ())
    if as_json:
        click.echo(json.dumps({"ruleset": ruleset, "readings": dict(rules.readings), "seed": seed,
                               "hands": hands, "depth": depth, "deals": deals, "perft": result.perft,
                               "divide": result.divide if divide else None}))
        return
    shown = deals[:hands] if hands else deals[:2]
    for i, d in enumerate(shown, 1):
        click.echo(f"hand {i}: " + " | ".join(" ".join(h) for h in d["hands"]))
    for ply, n in enumerate(result.perft, 1):
        click.echo(f"perft({ply}) = {n}")
    if divide:
        for action, n in result.divide.items():
            click.echo(f"  {action}: {n}")


def check_perft(factory: Callable[[], Any], engine: str, rulesets: list[str],
                readings: Mapping[str, Mapping[str, str]], call_timeout: float, as_json: bool) -> int:
    """`truco check --perft`: the engine's counts on every table position; returns the exit code.

    The tables hold the counts of the default readings; a ruleset checked with other readings
    (`--reading`, or those the engine announces) gets the table's positions counted by the spec
    on the fly with those readings instead."""
    from truco_rules.spec.monitor.engine_calls import stacks_deals
    from truco_rules.spec.monitor.supervise import Supervisor
    from truco_rules.spec.perft import PerftJob, load_table, make_table, run_perft_job
    from truco_rules.spec.protocol.client import EngineCommand
    from truco_rules.spec.rules.state import Rules

    try:  # an engine process says so in its hello; it is not kept running in this process
        stacks = ("deals" in factory.hello().features if isinstance(factory, EngineCommand)
                  else stacks_deals(factory()))
    except Exception as exc:
        fail(f"the engine does not start: {exc}")
    if not stacks:
        fail("perft needs an engine that takes stacked deals (new_game's `deals`, or the protocol "
             "feature 'deals')")
    jobs: list[PerftJob] = []
    for name in rulesets:
        overrides = dict(readings.get(name) or {})
        table = make_table(Rules.of(name, overrides)) if overrides else load_table(name)
        if table is None:
            continue
        for pos in table["positions"]:
            jobs.append(PerftJob(len(jobs), name, pos, overrides))
    if not jobs:
        fail(f"no perft table for {', '.join(rulesets)} in spec/data/perft")
    results: dict[int, dict[str, Any]] = {}
    for event in Supervisor(run_perft_job, (factory, call_timeout), 1).run(jobs):
        if event.kind == "done":
            results[event.index] = event.data
        elif event.kind in ("hang", "died"):
            where = event.data
            results[event.index] = {"seed": jobs[event.index].position["seed"], "perft": None,
                                    "table": jobs[event.index].position["perft"],
                                    "difference": {"path": [], "clause": "ENGINE", "says": "",
                                                   "message": f"{where['call']}() "
                                                              + ("did not return" if event.kind == "hang"
                                                                 else "ended the process")}}
    rows = []
    for job in jobs:
        r = results[job.index]
        ok = (r["perft"] == r["table"] and r.get("difference") is None
              and r.get("divide") == job.position["divide"])
        rows.append({"ruleset": job.ruleset, "readings": dict(job.readings), **r, "ok": ok})
    code = 0 if all(r["ok"] for r in rows) else 1
    if as_json:
        click.echo(json.dumps({"engine": engine, "positions": rows, "exit": code}))
        return code
    from truco_rules.spec.monitor.untrusted import visible  # the engine's name and messages

    for r in rows:
        mark = "ok" if r["ok"] else "DIFFERS"
        read = " (" + ", ".join(f"{k}={v}" for k, v in r["readings"].items()) + ", counted by the spec)" \
            if r["readings"] else ""
        click.echo(f"{r['ruleset']}{read} seed {r['seed']}: perft 1..{len(r['table'])} = "
                   f"{' '.join(map(str, r['perft'] or []))} ({'spec' if r['readings'] else 'table'} "
                   f"{' '.join(map(str, r['table']))}) {mark}")
        diff = r.get("difference")
        if diff:
            path = " ".join(diff["path"]) or "(the start)"
            says = f" (engine: {diff['says']})" if diff.get("says") else ""
            click.echo(visible(f"  first difference after {path}: [{diff['clause']}] {diff['message']}"
                               f"{says}"))
    tables = "the spec's counts" if any(r["readings"] for r in rows) else "the tables"
    verdict = f"every count matches {tables}" if code == 0 else "the counts differ"
    click.echo(f"{visible(engine)}: {verdict}")
    return code


def register(group: click.Group) -> None:
    group.add_command(perft)
