"""`truco play`, `truco simulate` and `truco bench`, driven through click's CliRunner."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner
from engine_support import schema

from truco_rules.cli.bench_cmds import bench_cmd
from truco_rules.cli.engine_cmds import play_cmd, simulate_cmd


def test_play_a_whole_match_by_numbers() -> None:
    result = CliRunner().invoke(play_cmd, ["--ruleset", "mineiro-1v1-es", "--seed", "3"], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "your cards:" in result.output and "[1]" in result.output
    assert "match over: you win" in result.output or "match over: they win" in result.output
    assert "Traceback" not in result.output


def test_play_shows_the_clause_of_a_refused_action_and_quits_on_eof() -> None:
    result = CliRunner().invoke(play_cmd, ["--ruleset", "mineiro-pairs-it", "--seed", "1"],
                                input="raise 6\n99\nplay 9Z\n")
    assert result.exit_code == 0, result.output
    assert "[BET-6]" in result.output, "a refusal names its clause"
    assert "not understood: choose 1 to 7" in result.output  # 99
    assert "not understood: type ? for the actions possible now" in result.output  # play 9Z: no such card
    assert result.output.rstrip().endswith("bye")


def test_play_rejects_bad_names_in_one_line() -> None:
    result = CliRunner().invoke(play_cmd, ["--ruleset", "truco-xyz"])
    assert result.exit_code == 2 and "valid choices: mineiro-1v1-es" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(play_cmd, ["--ruleset", "gauderio-pairs-es", "--reading", "senas=loud"])
    assert result.exit_code == 2 and "truthful, free" in result.output
    result = CliRunner().invoke(play_cmd, ["--ruleset", "gauderio-pairs-es", "--reading", "senas"])
    assert result.exit_code == 2 and "KEY=READING" in result.output


def test_simulate_is_deterministic_and_valid(tmp_path) -> None:
    args = ["--ruleset", "gauderio-pairs-es", "--games", "3", "--seed", "5", "--reading",
            "match-format=best-of-three"]
    first = CliRunner().invoke(simulate_cmd, args)
    second = CliRunner().invoke(simulate_cmd, args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        record = json.loads(line)
        jsonschema.validate(record, schema())
        assert record["readings"] == {"match-format": "best-of-three"}
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(simulate_cmd, [*args, "--out", str(out)])
    assert result.exit_code == 0 and out.read_text().splitlines() == lines
    result = CliRunner().invoke(simulate_cmd, ["--ruleset", "x", "--games", "1"])
    assert result.exit_code == 2 and "valid choices" in result.output


ROW_NAMES = {"ruleset", "seconds", "matches", "actions", "matches_per_s", "actions_per_s",
             "bare_matches_per_s", "bare_actions_per_s", "bare_ratio", "monitor_records",
             "monitor_records_per_s", "monitor_ratio", "hand_perft"}
HAND_PERFT_NAMES = {"seed", "prefix", "leaves", "nodes", "spec_seconds", "engine_seconds", "spec_nodes_per_s",
                    "engine_nodes_per_s", "ratio", "goal"}
VALIDATE_NAMES = {"validate_records", "validate_records_per_s", "validate_jobs",
                  "validate_records_per_s_jobs", "validate_speedup", "validate_identical", "cpu_count"}


def test_bench_json_keeps_its_names() -> None:
    """The names of `truco bench --json` are the ones its help and the docs list (their values
    depend on the machine: only their kind is checked)."""
    result = CliRunner().invoke(bench_cmd, ["--ruleset", "mineiro-1v1-es", "--ruleset", "uruguayo-1v1",
                                            "--seconds", "0.1", "--records", "40",
                                            "--perft-after-first-round", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"date", "machine", "seconds", "rulesets", "validate"}
    assert set(report["machine"]) == {"cpu_count", "python", "platform", "load_average"}
    mineiro, uruguayo = report["rulesets"]
    for row in (mineiro, uruguayo):
        assert set(row) == ROW_NAMES, row
        assert row["matches"] > 0 and row["actions"] > row["matches"] and row["monitor_records"] > 0
        assert row["monitor_ratio"] == round(row["monitor_records_per_s"] / row["matches_per_s"], 3)
    assert mineiro["ruleset"] == "mineiro-1v1-es" and mineiro["bare_ratio"] > 0
    assert mineiro["bare_ratio"] == round(mineiro["matches_per_s"] / mineiro["bare_matches_per_s"], 3)
    assert uruguayo["bare_ratio"] is None, "the bare playout does not cover the muestra"
    for row in (mineiro, uruguayo):
        walk = row["hand_perft"]
        assert set(walk) == HAND_PERFT_NAMES and walk["prefix"] and walk["goal"] == 0.5, walk
        assert walk["nodes"] > walk["leaves"] > 0
        # the spec's speed over the engine's on the same tree (the figures are rounded)
        speed = walk["spec_nodes_per_s"] / walk["engine_nodes_per_s"]
        assert walk["ratio"] == pytest.approx(speed, abs=0.002)
    assert set(report["validate"]) == VALIDATE_NAMES
    assert report["validate"]["validate_records"] == 40 and report["validate"]["validate_identical"] is True
    for name in ROW_NAMES | VALIDATE_NAMES | HAND_PERFT_NAMES:
        assert name in bench_cmd.epilog, f"{name} is documented in the help"


def test_bench_tables_and_errors() -> None:
    result = CliRunner().invoke(bench_cmd, ["--ruleset", "nope"])
    assert result.exit_code == 2
    result = CliRunner().invoke(bench_cmd, ["--seconds", "0.02", "--records", "0",
                                            "--perft-after-first-round"])
    assert result.exit_code == 0 and "gauderio-pairs-es" in result.output and "bare ratio" in result.output
    assert "whole-hand perft" in result.output and "goal >= 0.5" in result.output
    assert "validate:" not in result.output
