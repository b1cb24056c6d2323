"""`truco check --exhaustive`: every legal action sequence of whole hands, engine and spec compared
at every node (truco_rules.spec.monitor.walk), one deal per class (truco_rules.spec.exhaustive.classes).

The reference engine passes; the output is the same for one worker, two, and a local Dask
cluster; the counts are the spec's own; and two planted bugs that random play rarely meets are
caught under the right clause: one only when both seats hold equal cards in the third round after
two tied rounds, one that tells two cards of equal strength apart (found by the sample deals).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from typing import Any

import pytest

from tests.planted.engines import EXHAUSTIVE_PLANTED, favoured_card, third_tie_to_starter
from tests.spec.test_exhaustive_classes import spec_tree
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.spec.exhaustive.classes import exact_classes, positions
from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.exhaustive import check_exhaustive, plan, supervised
from truco_rules.spec.monitor.walk import WalkJob, WalkTally, run_walk_job
from truco_rules.spec.rules.state import Rules

ES = "mineiro-1v1-es"
SMALL = ("--deals", "4", "--position", "ten-side-1", "--position", "iron")  # seconds, not minutes


def truco(*args: str) -> tuple[int, str, str]:
    env = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "3s"}
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", *args], capture_output=True, text=True,
                          timeout=900, check=False, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    code, out, err = truco("check", "--exhaustive", "--json", *args)
    assert code in (0, 1), err
    return code, json.loads(out)


@pytest.fixture(scope="module")
def one_worker() -> tuple[int, str]:
    code, out, _ = truco("check", "--exhaustive", "--json", "--ruleset", ES, *SMALL, "--jobs", "1")
    return code, out


def test_the_reference_engine_passes_at_ten_and_in_the_iron_hand(one_worker: tuple[int, str]) -> None:
    code, out = one_worker
    data = json.loads(out)
    assert code == 0 and data["divergences"] == [], out[:800]
    (es,) = data["exhaustive"]
    # 4 classes at 2 positions; each class's 2 sample deals go with its first position alone
    assert es["classes"] == 115 and es["walks"] == 8 and es["deals"] == 4 * 2 + 4 * 2 and es["undo"] is True
    assert es["nodes"] > es["leaves"] > 0 and es["sample_nodes"] > 0
    assert es["refusals"] > 0 and es["views"] > 0


@pytest.mark.slow
def test_two_workers_give_the_same_output(one_worker: tuple[int, str]) -> None:
    code, out, _ = truco("check", "--exhaustive", "--json", "--ruleset", ES, *SMALL, "--jobs", "2")
    assert (code, out) == one_worker


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_output(one_worker: tuple[int, str]) -> None:
    code, out, err = truco("check", "--exhaustive", "--json", "--ruleset", ES, *SMALL, "--jobs", "2",
                           "--dask", "local")
    assert (code, out) == one_worker, err[-2000:]


@pytest.mark.slow
def test_the_reference_engine_passes_whole_hands_from_a_new_match() -> None:
    code, out, err = truco("check", "--exhaustive", "--ruleset", ES, "--deals", "2", "--position", "start",
                           "--jobs", "2")
    assert code == 0, out + err
    assert "115 classes" in out and "nodes" in out and "leaves" in out and "0 violations" in out


def walk(factory: Any, index: int, position: str, sample: bool = True) -> tuple[WalkTally, list[Any]]:
    rules = Rules.of(ES)
    k = exact_classes(rules)[index]
    (pos,) = [p for p in positions(rules) if p.name == position]
    events: list[Any] = []
    job = WalkJob(0, ES, {}, index, pos.name, pos.scores, k.deal, k.sample if sample else ())
    tally = run_walk_job(job, (factory, 0.0), Beacon(), lambda kind, data: events.append(data))
    return tally, events


@pytest.mark.parametrize("position", ["ten-side-0", "iron"])
def test_the_walk_counts_the_spec_tree_nodes_and_leaves(position: str) -> None:
    """Leaves: the action sequences from the start of the hand to its end; nodes: the positions
    visited. The same as a plain walk of the spec alone."""
    rules = Rules.of(ES)
    k = exact_classes(rules)[50]
    (pos,) = [p for p in positions(rules) if p.name == position]
    tally, events = walk(ReferenceAdapter, 50, position, sample=False)
    assert events == []
    assert (tally.nodes, tally.leaves) == spec_tree(rules, k.deal, pos.scores)


class NoUndo(ReferenceAdapter):
    """The reference engine without the optional undo(): the walk replays every path."""

    can_undo = False


def test_an_engine_without_undo_is_walked_by_replaying_with_the_same_counts() -> None:
    fast, _ = walk(ReferenceAdapter, 3, "ten-side-0")
    slow, events = walk(NoUndo, 3, "ten-side-0")
    assert events == [] and slow.replayed and not fast.replayed
    assert (slow.nodes, slow.leaves, slow.sample_nodes) == (fast.nodes, fast.leaves, fast.sample_nodes)


def headline(events: list[Any]) -> tuple[str, dict[str, Any]]:
    assert events, "not caught"
    finding, trace = events[0]
    return finding["violation"]["clause"], trace


@pytest.mark.clause("HND-9")
def test_three_ties_the_last_by_equal_cards_is_caught_by_the_walk_and_rarely_by_random_play() -> None:
    ruleset, clause = EXHAUSTIVE_PLANTED[third_tie_to_starter]
    # Class 50: seat 0's weakest card ties seat 1's; two covered rounds then those two tie the third.
    _, events = walk(third_tie_to_starter, 50, "start", sample=False)
    found, trace = headline(events)
    assert found == clause == "HND-9"
    actions = [s["action"] for s in trace["steps"]]
    assert [a.split()[0] for a in actions] == ["cover", "cover", "cover", "cover", "play", "play"], actions
    # The reference engine on the same class: nothing.
    _, clean = walk(ReferenceAdapter, 50, "ten-side-0", sample=False)
    assert clean == []
    # Random play: 300 games meet it at most a few times.
    _, out, _ = truco("check", "--json", "--engine", "tests.planted.engines:third_tie_to_starter",
                      "--ruleset", ruleset, "--games", "300", "--programs", "0", "--no-situations",
                      "--jobs", "2")
    games = {g for d in json.loads(out)["divergences"] if d["clause"] == clause for g in d["games"]}
    assert len(games) <= 3, games
    # The situations (truco check's positions for each rule and edge) meet it, under the same clause.
    _, out, _ = truco("check", "--json", "--engine", "tests.planted.engines:third_tie_to_starter",
                      "--ruleset", ruleset, "--games", "0", "--programs", "0", "--jobs", "1")
    assert json.loads(out)["divergences"][0]["clause"] == clause


@pytest.mark.clause("RND-3", "CARD-4")
def test_a_card_above_its_equals_is_caught_by_the_sample_deals_not_by_the_representatives() -> None:
    ruleset, clause = EXHAUSTIVE_PLANTED[favoured_card]
    # Class 10 at the hand of ten: its representative holds no six of hearts, one of its sample deals does.
    _, without_sample = walk(favoured_card, 10, "ten-side-0", sample=False)
    assert without_sample == []
    tally, events = walk(favoured_card, 10, "ten-side-0")
    found, trace = headline(events)
    assert found == clause == "RND-3"
    assert {e[0]["violation"]["clause"] for e in events} >= {"RND-3", "CARD-4"}
    assert any("6H" in h for h in trace["deals"][0]["hands"]) and tally.deals >= 2
    _, out, _ = truco("check", "--json", "--engine", "tests.planted.engines:favoured_card",
                      "--ruleset", ruleset, "--games", "300", "--programs", "0", "--no-situations",
                      "--jobs", "2")
    games = {g for d in json.loads(out)["divergences"] for g in d["games"]}
    assert len(games) <= 3, games


def test_the_report_groups_divergences_with_a_reproduction_trace() -> None:
    plans = plan([ES], {}, None, only_positions=("start",), only_classes=(50, 51))
    report = check_exhaustive(plans, supervised(third_tie_to_starter, 0.0, 1))
    groups = report.groups()
    assert groups and groups[0].clause == "HND-9"
    job = groups[0].games[0]
    trace = report.traces[job]
    assert trace["deals"][0] == exact_classes(Rules.of(ES))[report.jobs[job].klass].deal
    # The trace replays: run_script on the planted engine finds the same divergence first.
    from truco_rules.spec.monitor.script import run_script
    from truco_rules.spec.monitor.trace import Trace

    outcome = run_script(third_tie_to_starter, Trace.from_dict(trace))
    assert outcome.first is not None and outcome.first.violation.clause == "HND-9"


def test_pairs_are_too_big_to_walk_whole_and_the_message_offers_deals() -> None:
    code, out, err = truco("check", "--exhaustive", "--ruleset", "mineiro-pairs-it")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "too many to walk whole" in err and "--deals N" in err


@pytest.mark.parametrize("args", [["--deals", "3"], ["--dask", "local"], ["--position", "iron"],
                                  ["--exhaustive", "--games", "3"]])
def test_options_of_the_exhaustive_check_alone_are_bad_input(args: list[str]) -> None:
    code, _, err = truco("check", "--ruleset", ES, *args)
    assert code == 2 and err.startswith("truco: error:") and err.count("\n") == 1, err


def test_an_engine_over_the_protocol_walks_with_its_undo() -> None:
    cmd = shlex.join([sys.executable, "-m", "truco_rules.spec.protocol.serve",
     "truco_rules.engine.adapter:make_adapter"])
    code, data = check_json("--engine-cmd", cmd, "--ruleset", ES, "--deals", "1", "--position", "iron",
                            "--jobs", "1")
    (es,) = data["exhaustive"]
    assert code == 0 and es["undo"] is True and es["leaves"] > 0, data



def test_the_reference_adapters_undo_is_the_engines_pop() -> None:
    """ReferenceAdapter.undo restores the game kept before the action; Game.pop replays the hand:
    the same game, history included, at every step of a match (across the ends of hands too)."""
    import random

    rng = random.Random(7)
    adapter = ReferenceAdapter()
    adapter.new_game(ES, 3, {})
    steps = 0
    while adapter.to_act() is not None and steps < 400:
        action = rng.choice(sorted(adapter.legal_actions()))
        adapter.apply(action)
        assert adapter.game is not None
        popped = adapter.game.copy()
        popped.pop()
        adapter.undo()
        assert adapter.game == popped, (steps, action)
        adapter.apply(action)
        steps += 1
    assert steps > 20 and len(adapter.record()["hands"]) > 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])  # the deal whose counts are written below, from outside the walk
def test_the_walk_from_a_perft_deal_counts_what_truco_perft_depth_hand_counts(seed: int) -> None:
    """The leaves of the walk (sequences to the end of the hand) and its nodes (positions visited)
    from the first fixed deal of `truco perft --seed N`, as `truco perft --depth hand` counts them."""
    from truco_rules.spec.perft import perft_deals, spec_hand_count

    rules = Rules.of(ES)
    deal = perft_deals(rules, seed, 1)[0]
    counted, deals = spec_hand_count(rules, seed)
    assert deals[0] == deal
    events: list[Any] = []
    tally = run_walk_job(WalkJob(0, ES, {}, 0, "start", (0, 0), deal), (ReferenceAdapter, 0.0), Beacon(),
                         lambda kind, data: events.append(data))
    assert events == []
    assert (tally.nodes, tally.leaves) == (counted.nodes, counted.leaves)
    if seed == 1:
        assert (counted.nodes, counted.leaves) == (264_128, 155_971)
