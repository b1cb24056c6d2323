"""Perft for Truco: the spec's tables, the reference engine against them, and `truco check --perft`."""

from __future__ import annotations

import json
import pathlib
import shlex
import shutil
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from click.testing import CliRunner

from truco_rules.benchmarks.throughput import walk_hand as walk_engine_hand
from truco_rules.cli.main import cli
from truco_rules.engine import Game
from truco_rules.engine.adapter import ReferenceAdapter
from truco_rules.engine.errors import IllegalActionError
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.perft import (
    TABLE_SEEDS,
    count,
    count_hand,
    count_walk,
    first_round,
    load_table,
    perft_deals,
    spec_game,
    spec_oracle,
)
from truco_rules.spec.rules.cards import parse_card, pieza_index
from truco_rules.spec.rules.state import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Every ruleset of the catalogue has its table: a new ruleset fails here until `truco perft --table`.
RULESETS = tuple(load_catalogue().rulesets)
NODE = shutil.which("node") or "node"
EXAMPLE = ROOT / "examples" / "js-mineiro" / "engine.js"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_perft_counts_sequences_and_the_ones_that_end_early() -> None:
    """perft(d) = paths of d actions + shorter paths that end the match (chess perft)."""
    tree: dict[tuple[str, ...], list[str] | None] = {
        (): ["a", "b"], ("a",): ["c", "d"], ("b",): None,  # b ends the match
        ("a", "c"): ["e"], ("a", "d"): ["f", "g"],
    }
    result = count(lambda path: tree[tuple(path)], 3)
    assert result.perft == [2, 3, 4]  # depth 2: a c, a d, and b (ended); depth 3: a c e, a d f, a d g, b
    assert result.divide == {"a": 3, "b": 1}


def engine_perft(ruleset: str, deals: Sequence[Mapping[str, Any]], prefix: list[str],
                 depth: int) -> list[int]:
    """The reference engine's own counts, with its push and pop (no spec involved)."""
    muestras = [d["muestra"] for d in deals if d.get("muestra") is not None]  # URU-2: the turned card
    game = Game.new(ruleset, seed=0, deals=[d["hands"] for d in deals], muestras=muestras or None)
    for action in prefix:
        game.push(action)
    nodes, ended = [0] * (depth + 1), [0] * (depth + 1)

    def walk(d: int) -> None:
        if game.to_act is None:
            ended[d] += 1
            return
        if d == depth:
            return
        for action in game.legal_actions():
            nodes[d + 1] += 1
            game.push(action)
            walk(d + 1)
            game.pop()

    walk(0)
    return [nodes[d] + sum(ended[:d]) for d in range(1, depth + 1)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_reference_engine_matches_the_tables(ruleset: str) -> None:
    table = load_table(ruleset)
    assert table is not None and len(table["positions"]) >= 2, f"no perft table for {ruleset}"
    for pos in table["positions"]:
        got = engine_perft(ruleset, pos["deals"], pos["prefix"], pos["depth"])
        assert got == pos["perft"], f"{ruleset} seed {pos['seed']}: engine {got}, table {pos['perft']}"
        assert sum(pos["divide"].values()) == pos["perft"][-1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_tables_are_the_specs_counts(ruleset: str) -> None:
    """The spec gives the tables' counts (one level short of the table, to keep this quick; the
    engine test above covers the last level) from the seed's deals."""
    table = load_table(ruleset)
    assert table is not None
    rules = Rules.of(ruleset)
    for pos in table["positions"]:
        assert pos["deals"] == perft_deals(rules, pos["seed"], len(pos["deals"])), "deals come from the seed"
        depth = pos["depth"] - 1
        got = count(spec_oracle(rules, pos["deals"], None, pos["prefix"]), depth).perft
        assert got == pos["perft"][:depth], "regenerate the tables with: truco perft --table"


@pytest.mark.clause("URU-2", "URU-3")
def test_a_uruguayo_table_plays_a_hand_with_a_pieza() -> None:
    """The deals are drawn per ruleset (its name is in the seed): Uruguayo's are not Argentino's,
    and a hand its tables play (each position's first) holds a pieza of the muestra."""
    rules = Rules.of("uruguayo-1v1")
    table = load_table("uruguayo-1v1")
    assert table is not None
    first_deals = [pos["deals"][0] for pos in table["positions"]]
    piezas = [card for d in first_deals for hand in d["hands"] for card in hand
              if int(pieza_index(rules, *parse_card(rules, card), parse_card(rules, d["muestra"]))) >= 0]
    assert piezas, f"no pieza in the hands the tables play: {first_deals}"
    argentino = Rules.of("argentino-1v1")
    for seed in TABLE_SEEDS:
        ours = [d["hands"] for d in perft_deals(rules, seed, 3)]
        assert ours != [d["hands"] for d in perft_deals(argentino, seed, 3)], "each ruleset its own hands"


def test_truco_perft_table_writes_every_rulesets_table(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: pathlib.Path) -> None:
    """One command regenerates every table (`truco perft --table`); here two actions deep, into a
    folder of the test's own."""
    from truco_rules.spec import perft as spec_perft

    monkeypatch.setattr(spec_perft, "TABLES_DIR", tmp_path)
    monkeypatch.setattr(spec_perft, "default_depth", lambda rules: 2)
    code, out = invoke("perft", "--table")
    assert code == 0, out
    assert sorted(p.stem for p in tmp_path.glob("*.json")) == sorted(RULESETS)
    for ruleset in RULESETS:
        table = json.loads((tmp_path / f"{ruleset}.json").read_text(encoding="utf-8"))
        assert table["ruleset"] == ruleset and [p["depth"] for p in table["positions"]] == [2, 2]
    code, out = invoke("perft", "--table", "--ruleset", "mineiro-1v1-es", "--depth", "3")
    assert code == 2 and "no --reading, --hands or --depth" in out, out


def test_truco_perft_prints_the_counts_and_divide() -> None:
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--seed", "1", "--depth", "3", "--divide",
                       "--json")
    assert code == 0, out
    data = json.loads(out)
    table = load_table("mineiro-1v1-es")
    assert table is not None and data["perft"] == table["positions"][0]["perft"][:3]
    assert sum(data["divide"].values()) == data["perft"][-1]
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--seed", "1", "--depth", "4", "--hands", "1")
    assert code == 0 and "perft(4) =" in out, out


def test_check_perft_passes_the_reference_and_the_example_engine() -> None:
    code, out = invoke("check", "--perft", "--ruleset", "gauderio-pairs-es")
    assert code == 0 and "every count matches" in out, out
    code, out = invoke("check", "--perft", "--ruleset", "uruguayo-1v1")  # stacked with the muestras
    assert code == 0 and "every count matches" in out, out
    cmd = shlex.join([NODE, str(EXAMPLE)])
    code, out = invoke("check", "--perft", "--engine-cmd", cmd, "--json")
    data = json.loads(out)
    assert code == 0 and [r["ruleset"] for r in data["positions"]] == ["mineiro-1v1-es"] * 2, out


@pytest.mark.clause("BET-6")
def test_check_perft_finds_where_a_planted_engine_differs() -> None:
    code, out = invoke("check", "--perft", "--engine", "tests.planted.engines:skip_step", "--ruleset",
                       "mineiro-1v1-es")
    assert code == 1 and "[BET-6]" in out and "first difference after" in out, out


@pytest.mark.clause("RND-2")
def test_check_perft_through_the_protocol_finds_a_planted_rule_bug(tmp_path: pathlib.Path) -> None:
    """A copy of the example whose round goes to the second card on equal strength."""
    source = EXAMPLE.read_text(encoding="utf-8")
    wrong = "const result = a === b ? TIE : a > b ? first : this.table[1].seat;"
    assert wrong in source, "the example changed: update the plant"
    path = tmp_path / "engine.js"
    planted = source.replace(wrong, "const result = a > b ? first : this.table[1].seat;")
    path.write_text(planted, encoding="utf-8")
    shutil.copy(EXAMPLE.parent / "truco-protocol.js", tmp_path)  # the copy requires its helper
    code, out = invoke("check", "--perft", "--engine-cmd", shlex.join([NODE, str(path)]))
    assert code == 1 and "DIFFERS" in out, out


class IgnoresReadings(ReferenceAdapter):
    """Plays the default readings whatever new_game says."""

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],  # type: ignore[override]
                 deals: Sequence[Mapping[str, Any]] = ()) -> None:
        super().new_game(ruleset, seed, {}, deals)


def ignores_readings() -> IgnoresReadings:
    return IgnoresReadings()


MINEIRO_PREFIX = json.loads((ROOT / "spec" / "data" / "perft" / "mineiro-1v1-es.json").read_text())[
    "positions"][1]["prefix"]


class RefusesThePrefix(ReferenceAdapter):
    """Refuses the first action of the table's second position when it comes first in a game."""

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],  # type: ignore[override]
                 deals: Sequence[Mapping[str, Any]] = ()) -> None:
        super().new_game(ruleset, seed, readings, deals)
        self.fresh = True

    def apply(self, action: str) -> None:
        # Only on the table's deal (seed 2), where its prefix is played.
        if self.fresh and action == MINEIRO_PREFIX[0] and MINEIRO_PREFIX[1][5:] in self.deal()[1]:
            raise IllegalActionError("RND-1", "not now")
        self.fresh = False
        super().apply(action)


def refuses_the_prefix() -> RefusesThePrefix:
    return RefusesThePrefix()


def test_check_perft_with_a_reading_counts_by_the_spec_not_the_table() -> None:
    code, out = invoke("check", "--perft", "--ruleset", "mineiro-1v1-es", "--reading", "covering=not-allowed",
                       "--json")
    data = json.loads(out)
    assert code == 0, out
    table = json.loads((ROOT / "spec" / "data" / "perft" / "mineiro-1v1-es.json").read_text())["positions"]
    # No covering: fewer sequences than the table's, so the table cannot have been read.
    for row, pos in zip(data["positions"], table, strict=True):
        assert row["readings"] == {"covering": "not-allowed"} and row["table"][0] < pos["perft"][0], row
    code, out = invoke("check", "--perft", "--ruleset", "mineiro-1v1-es", "--reading", "covering=not-allowed")
    assert code == 0 and "counted by the spec" in out and "matches the spec's counts" in out, out


@pytest.mark.clause("COV-1")
def test_check_perft_with_a_reading_catches_an_engine_that_ignores_it() -> None:
    code, out = invoke("check", "--perft", "--engine", "tests.check.test_perft:ignores_readings",
                       "--ruleset", "mineiro-1v1-es", "--reading", "covering=not-allowed")
    assert code == 1 and "DIFFERS" in out and "first difference after" in out, out
    code, out = invoke("check", "--perft", "--engine", "tests.check.test_perft:ignores_readings",
                       "--ruleset", "mineiro-1v1-es")
    assert code == 0, out  # the default readings: the tables, which it matches


def test_a_refused_prefix_action_is_named_as_the_tables_not_as_listed() -> None:
    code, out = invoke("check", "--perft", "--engine", "tests.check.test_perft:refuses_the_prefix",
                       "--ruleset", "mineiro-1v1-es")
    assert code == 1, out
    assert f"refused the prefix action {MINEIRO_PREFIX[0]!r} of the perft table" in out, out
    assert "listed as legal" not in out.split("seed 2")[1], out


def test_truco_perft_takes_a_reading() -> None:
    code, default = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "2")
    code2, other = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "2", "--reading",
                          "covering=not-allowed")
    assert code == code2 == 0 and default != other and "perft(1) = 4" in other, other


class NoStacking(ReferenceAdapter):
    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str]) -> None:  # type: ignore[override]
        super().new_game(ruleset, seed, readings)


def no_stacking() -> NoStacking:
    return NoStacking()


def test_check_perft_needs_stacked_deals() -> None:
    code, out = invoke("check", "--perft", "--engine", "tests.check.test_perft:no_stacking")
    assert code == 2 and "stacked deals" in out, out


@pytest.mark.parametrize(("args", "says"), [
    (["--ruleset", "nope"], "unknown ruleset"),
    (["--ruleset", "mineiro-1v1-es", "--reading", "deck=x"], "deck"),
    (["--ruleset", "mineiro-1v1-es", "--table", "--depth", "2"], "--table"),
])
def test_truco_perft_bad_input_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    code, out = invoke("perft", *args)
    assert code == 2 and says in out and len(out.strip().splitlines()) == 1, out


# --- the spec's push/pop walk ------------------------------------------------------------------------
ONE_AGAINST_ONE = tuple(r for r in RULESETS if Rules.of(r).players == 2)
PAIRS = tuple(r for r in RULESETS if Rules.of(r).players > 2)


def engine_game(ruleset: str, deals: Sequence[Mapping[str, Any]], prefix: Sequence[str]) -> Game:
    muestras = [d["muestra"] for d in deals if d.get("muestra") is not None]  # URU-2
    game = Game.new(ruleset, seed=0, deals=[d["hands"] for d in deals], muestras=muestras or None)
    for action in prefix:
        game.push(action)
    return game


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_push_pop_walk_counts_what_the_replay_counts(ruleset: str) -> None:
    """The walk (copies, push and pop) against the oracle that replays the match from its start at
    every node: the same perft and divide, from the start and after the first round, with and
    without a hand limit."""
    rules = Rules.of(ruleset)
    for seed in (1, 3):
        deals = perft_deals(rules, seed, 6)
        for prefix in ([], first_round(rules, deals)):
            for hands in (None, 1):
                walked = count_walk(spec_game(rules, deals, hands, prefix), 4)
                replayed = count(spec_oracle(rules, deals, hands, prefix), 4)
                assert (walked.perft, walked.divide) == (replayed.perft, replayed.divide), \
                    (seed, prefix, hands)


@pytest.mark.parametrize("ruleset", ONE_AGAINST_ONE)
def test_the_spec_walks_whole_hands_as_the_engine_does(ruleset: str) -> None:
    """Whole-hand perft: the spec's walk and the engine's push/pop walk count the same leaves and
    nodes below every first action, on several deals (the rest of the first hand after its first
    round, and one whole hand from the deal where its tree is small)."""
    rules = Rules.of(ruleset)
    for seed in range(1, 6):
        deals = perft_deals(rules, seed, 3)
        prefix = first_round(rules, deals)
        game = spec_game(rules, deals, None, prefix)
        counted = count_hand(game)
        engine = engine_game(ruleset, deals, prefix)
        below = {}
        for action in engine.legal_actions():
            engine.push(action)
            below[str(action)] = walk_engine_hand(engine, 1)
            engine.pop()
        assert counted.divide == {a: leaves for a, (leaves, _) in below.items()}, seed
        assert counted.nodes == 1 + sum(nodes for _, nodes in below.values()), seed
        assert count_hand(game) == counted, "the walk leaves the game where it was"


def test_a_whole_hand_from_the_deal() -> None:
    """From the deal, on a tree of about 56,000 positions: the spec, the engine, and perft with a
    one-hand limit deep enough to reach every end of the hand, all count the same leaves."""
    rules = Rules.of("uruguayo-1v1")
    deals = perft_deals(rules, 2, 3)
    counted = count_hand(spec_game(rules, deals))
    assert (counted.leaves, counted.nodes) == walk_engine_hand(engine_game("uruguayo-1v1", deals, []))
    assert counted.leaves == sum(counted.divide.values())
    deep = count_walk(spec_game(rules, deals, 1), 16)  # no hand of Uruguayo takes 16 actions
    assert deep.perft[-1] == deep.perft[-2] == counted.leaves and deep.divide == counted.divide


@pytest.mark.parametrize("ruleset", PAIRS)
def test_the_pairs_walk_counts_as_the_engine_does(ruleset: str) -> None:
    """Pairs hands have too many sequences for a whole hand: a depth-limited count on more deals
    than the tables hold."""
    rules = Rules.of(ruleset)
    for seed in (3, 4, 5):
        deals = perft_deals(rules, seed, 7)
        for prefix in ([], first_round(rules, deals)):
            walked = count_walk(spec_game(rules, deals, None, prefix), 5).perft
            assert walked == engine_perft(ruleset, deals, prefix, 5), (seed, prefix)


def test_truco_perft_depth_hand() -> None:
    """`truco perft --depth hand`: the leaves and nodes of the rest of the hand (here after the
    first round), as the engine's walk counts them, split by first action with --divide."""
    rules = Rules.of("mineiro-1v1-es")
    deals = perft_deals(rules, 1, 3)
    prefix = first_round(rules, deals)
    leaves, nodes = walk_engine_hand(engine_game("mineiro-1v1-es", deals, prefix), 1)
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "hand", "--after-first-round",
                       "--divide", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert (data["depth"], data["leaves"], data["nodes"]) == ("hand", leaves, nodes)
    assert sum(data["divide"].values()) == leaves and len(data["divide"]) > 1
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "hand", "--after-first-round")
    assert code == 0 and f"leaves = {leaves}\nnodes = {nodes}\n" in out, out
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "hand", "--hands", "1")
    assert code == 2 and "no --hands" in out, out
    code, out = invoke("perft", "--ruleset", "mineiro-1v1-es", "--depth", "whole")
    assert code == 2 and "'hand'" in out, out


def test_the_bench_figure_counts_the_same_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """`truco bench`'s whole-hand perft: the spec's and the engine's walks count the same leaves
    (the figure's times are not tested), and a walk that counts otherwise stops the bench."""
    from truco_rules.benchmarks import throughput
    from truco_rules.cli.bench_cmds import hand_perft_bench

    rules = Rules.of("argentino-1v1")
    deals = perft_deals(rules, 2, 3)
    prefix = first_round(rules, deals)
    figure = hand_perft_bench("argentino-1v1", 2, None)
    expected = walk_engine_hand(engine_game("argentino-1v1", deals, prefix), 1)
    assert figure["prefix"] == prefix and (figure["leaves"], figure["nodes"]) == expected
    assert figure["leaves"] == count_hand(spec_game(rules, deals, None, prefix)).leaves
    assert figure["ratio"] > 0 and figure["goal"] == 0.5

    def one_leaf_too_many(game: Game, hand: int | None = None) -> tuple[int, int]:
        leaves, nodes = walk_engine_hand(game, hand)
        return leaves + 1, nodes

    monkeypatch.setattr(throughput, "walk_hand", one_leaf_too_many)
    with pytest.raises(AssertionError, match="the spec walks"):
        hand_perft_bench("argentino-1v1", 2, None)
