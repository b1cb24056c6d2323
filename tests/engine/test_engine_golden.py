"""Golden playthroughs: seeded matches compared exactly with the stored records (see golden/README.md)."""

from __future__ import annotations

import json
import pathlib

import jsonschema
import pytest
from click.testing import CliRunner
from engine_support import RULESET_NAMES, schema

from engine import Game
from truco_cli.engine_cmds import simulate_cmd

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
ARGS = ["--games", "2", "--seed", "1", "--bot", "simple"]


def simulate(ruleset: str) -> str:
    result = CliRunner().invoke(simulate_cmd, ["--ruleset", ruleset, *ARGS])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_golden_playthrough(ruleset: str) -> None:
    expected = (GOLDEN / f"{ruleset}.jsonl").read_text()
    assert simulate(ruleset) == expected, "regenerate as golden/README.md says if the change is intended"


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_golden_records_replay(ruleset: str) -> None:
    """Each stored record is valid and replays through the engine move by move."""
    for line in (GOLDEN / f"{ruleset}.jsonl").read_text().splitlines():
        record = json.loads(line)
        jsonschema.validate(record, schema())
        game = Game.new(ruleset, seed=record["seed"], readings=record["readings"],
                        deals=[h["deal"] for h in record["hands"]])
        for hand in record["hands"]:
            for step in hand["actions"]:
                assert game.to_act == step["seat"]
                game.push(step["action"])
        out = game.outcome()
        assert out is not None and out.winner == record["result"]["winner"]
        assert game.record()["hands"] == record["hands"]


if __name__ == "__main__":
    for name in RULESET_NAMES:
        (GOLDEN / f"{name}.jsonl").write_text(simulate(name))
