"""Processor instructions per match of the engine and of the bare playout, and per record of the
monitor, counted by valgrind's callgrind: the instruction figures of the speed page
(docs/<lang>/quality/speed.md), which the load of a shared machine does not change.

    python scripts/instructions.py                        # every ruleset, 200 matches each
    python scripts/instructions.py -r mineiro-1v1-es --matches 500

Each ruleset is counted in four runs of one Python process under callgrind: the set-up alone
(imports, tables, one warm-up match of each kind), then the set-up and N random matches of the
engine, of the bare playout, and of the engine with the monitor checking each record. A figure is
the difference from the set-up (or, for the monitor, from the engine's run) over N, so the start of
the process cancels out. The matches are those of `truco bench` (uniform random legal actions,
seeds 0 to N-1); a ruleset without a bare playout has none.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import textwrap

# The set-up of every run; {matches} and {what} are filled in per run.
PROGRAM = textwrap.dedent("""
    import random
    from truco_rules.benchmarks.bare import bare_match, bare_tables
    from truco_rules.engine.game import Game
    from truco_rules.spec.monitor import check_record

    RULESET, N, WHAT = {ruleset!r}, {matches}, {what!r}
    tables = bare_tables(RULESET)

    def engine_match(seed, rng):
        game = Game.new(RULESET, seed=seed)
        while game.to_act is not None:
            game.push(rng.choice(game.legal_actions()))
        return game.record()

    check_record(engine_match(-1, random.Random(-1)), ruleset=RULESET)  # warm-up: tables, caches
    if tables is not None:
        bare_match(tables, random.Random(-1))
    rng = random.Random(0)
    for seed in range(N):
        if WHAT == "bare":
            bare_match(tables, rng)
        else:
            record = engine_match(seed, rng)
            if WHAT == "monitor":
                check_record(record, ruleset=RULESET)
""")
_COLLECTED = re.compile(r"==\d+== Collected : (\d+)")


def count(ruleset: str, matches: int, what: str) -> int:
    """The instructions of one run under callgrind."""
    program = PROGRAM.format(ruleset=ruleset, matches=matches, what=what)
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           "-c", program], capture_output=True, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed on {ruleset} ({what}):\n{done.stderr[-2000:]}")
    return int(found.group(1))


def measure(ruleset: str, matches: int) -> dict[str, float | None]:
    from truco_rules.benchmarks.bare import bare_tables

    base = count(ruleset, 0, "engine")
    engine = count(ruleset, matches, "engine")
    monitor = count(ruleset, matches, "monitor")
    bare = count(ruleset, matches, "bare") if bare_tables(ruleset) is not None else None
    return {"engine": (engine - base) / matches, "monitor": (monitor - engine) / matches,
            "bare": None if bare is None else (bare - base) / matches}


def _k(n: float | None) -> str:
    return "-" if n is None else f"{n / 1000:,.0f}k"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-r", "--ruleset", action="append", help="a ruleset (repeatable; default: all)")
    parser.add_argument("--matches", type=int, default=200, help="random matches per figure (default 200)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (Debian: apt-get install valgrind)")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    from truco_rules.spec.catalogue import load_catalogue

    rulesets = args.ruleset or list(load_catalogue().rulesets)
    print(f"instructions per match (engine, bare playout) and per record (monitor), {args.matches} matches")
    print("| ruleset | engine | bare playout | engine / bare | monitor | monitor / engine |")
    print("|---|---|---|---|---|---|")
    for ruleset in rulesets:
        m = measure(ruleset, args.matches)
        engine, bare, monitor = m["engine"], m["bare"], m["monitor"]
        assert engine is not None and monitor is not None
        ratio = "-" if bare is None else f"{bare / engine:.2f}"
        print(f"| {ruleset} | {_k(engine)} | {_k(bare)} | {ratio} | {_k(monitor)} | {engine / monitor:.2f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
