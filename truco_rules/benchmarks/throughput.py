"""The reference engine's random-playout throughput through its public API, beside the bare playout
of the same rules (truco_rules/benchmarks/bare.py): what `truco bench` reports.

`run_engine_bench` is the reusable hook: another command can time other work (for instance the
monitor's validation of the same records) and print it beside these figures. `run_side_by_side`
measures the engine and the bare playout in turns, for their ratio. `walk_hand` is the engine's
push/pop walk of a whole hand's tree (what a whole-hand perft of another program is timed against).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from truco_rules.benchmarks.bare import bare_tables, run_bare_bench
from truco_rules.engine.game import Game


def _warm_up(ruleset: str) -> None:
    """One untimed match first, so that the figures do not include building tables and caches."""
    rng = random.Random(-1)
    game = Game.new(ruleset, seed=-1)
    while game.to_act is not None:
        game.push(rng.choice(game.legal_actions()))
    game.record()


def run_engine_bench(ruleset: str, seconds: float = 1.0, *, seed: int = 0,
                     keep_records: int = 0) -> dict[str, Any]:
    """Play random matches of `ruleset` for about `seconds`: legal_actions, push, record at the
    end. Returns matches/s, actions/s and, with keep_records, the first that many records.

    The number kept is capped because holding every record would measure the garbage
    collector walking a growing heap rather than the engine (a third slower, measured)."""
    _warm_up(ruleset)
    rng = random.Random(seed)
    choice = rng.choice
    matches = actions = 0
    records = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = Game.new(ruleset, seed=seed + matches)
        while game.to_act is not None:
            game.push(choice(game.legal_actions()))
            actions += 1
        record = game.record()
        if matches < keep_records:
            records.append(record)
        matches += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    out: dict[str, Any] = {
        "ruleset": ruleset,
        "seconds": round(elapsed, 3),
        "matches": matches,
        "actions": actions,
        "matches_per_s": round(matches / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
    }
    if keep_records:
        out["records"] = records
    return out


def walk_hand(game: Game, hand: int | None = None) -> tuple[int, int]:
    """The engine's push/pop walk from the game's position to the end of hand number `hand` (by
    default the one in play): (leaves, nodes), leaves being the action sequences to the end of
    that hand or of the match, nodes the positions visited (the first and the leaves included).
    A position past that hand is one leaf. The game is left where it was."""
    number = game._hand_no if hand is None else hand  # a push that ends the hand deals the next
    nodes = 0
    push, pop = game.push, game.pop

    def visit() -> int:
        nonlocal nodes
        nodes += 1
        if game.hand.to_act is None or game._hand_no != number:
            return 1
        leaves = 0
        for action in game.legal_actions():
            push(action)
            leaves += visit()
            pop()
        return leaves

    return visit(), nodes


Beside = Callable[[list[dict[str, Any]], float], tuple[int, float]]


def run_side_by_side(ruleset: str, seconds: float = 2.0, *, slices: int = 8, keep_records: int = 0,
                     tick: Any = None, beside: Beside | None = None) -> dict[str, Any]:
    """The engine and the bare playout of `ruleset`, in turns of `seconds / slices / 2` each, so
    that both see the same load on a shared machine and their ratio means something.

    Returns the engine's figures (the names of run_engine_bench) and bare_matches_per_s,
    bare_actions_per_s and bare_ratio (the engine's matches/s over the bare playout's), these
    three None where the bare playout does not cover the ruleset. `tick()` is called after each
    turn (a progress display).

    `beside(records, seconds)`, where given, is other work that takes its turn after each pair of
    turns, on the records kept so far (another command's check of them: this module knows nothing
    of it); it works for about `seconds` and returns how many items it did and the time it took,
    summed in beside_items and beside_seconds."""
    each = seconds / slices / 2
    covered = bare_tables(ruleset) is not None
    matches = actions = 0
    elapsed = bare_elapsed = 0.0
    bare_matches = bare_actions = beside_items = 0
    beside_elapsed = 0.0
    records: list[dict[str, Any]] = []
    for i in range(slices):
        seed = i * 1_000_000  # every turn plays matches of its own
        # Who goes first alternates, so that neither always follows the other work's turn (which
        # leaves the processor's caches to whoever comes next).
        for side in ("engine", "bare") if i % 2 == 0 else ("bare", "engine"):
            if side == "engine":
                out = run_engine_bench(ruleset, each, seed=seed, keep_records=keep_records - len(records))
                records.extend(out.pop("records", []))
                matches += out["matches"]
                actions += out["actions"]
                elapsed += out["seconds"]
            elif covered:
                bare = run_bare_bench(ruleset, each, seed=seed)
                assert bare is not None
                bare_matches += bare["matches"]
                bare_actions += bare["actions"]
                bare_elapsed += bare["matches"] / bare["matches_per_s"]
            if tick is not None:
                tick()
        if beside is not None:
            done, took = beside(records, each)
            beside_items += done
            beside_elapsed += took
    result: dict[str, Any] = {
        "ruleset": ruleset, "seconds": round(elapsed, 3), "matches": matches, "actions": actions,
        "matches_per_s": round(matches / elapsed, 1), "actions_per_s": round(actions / elapsed, 1),
        "bare_matches_per_s": None, "bare_actions_per_s": None, "bare_ratio": None,
    }
    if covered:
        result["bare_matches_per_s"] = round(bare_matches / bare_elapsed, 1)
        result["bare_actions_per_s"] = round(bare_actions / bare_elapsed, 1)
        result["bare_ratio"] = round((matches / elapsed) / (bare_matches / bare_elapsed), 3)
    if beside is not None:
        result["beside_items"], result["beside_seconds"] = beside_items, beside_elapsed
    if keep_records:
        result["records"] = records
    return result
