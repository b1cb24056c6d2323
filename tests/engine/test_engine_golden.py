"""Golden playthroughs: seeded matches compared exactly with the stored records (see golden/README.md),
replayed through the engine, and checked by the spec's record monitor, which shares no code with
the engine that wrote them."""

from __future__ import annotations

import json
import pathlib

import jsonschema
import pytest
from click.testing import CliRunner
from engine_support import RULESET_NAMES, schema

from truco_rules.cli.engine_cmds import simulate_cmd
from truco_rules.engine import Game
from truco_rules.spec.monitor.replay import check_record

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
# The four rulebooks' rulesets, and Truco Paulista's two, whose records carry the vira as the
# hand's muestra card (PAU-2).
GOLDEN_RULESETS = (*RULESET_NAMES, "paulista-1v1", "paulista-pairs")
ARGS = ["--games", "2", "--seed", "1", "--bot", "simple"]


def simulate(ruleset: str) -> str:
    result = CliRunner().invoke(simulate_cmd, ["--ruleset", ruleset, *ARGS])
    assert result.exit_code == 0, result.output
    return result.stdout


def _golden(ruleset: str) -> list[dict]:
    return [json.loads(line) for line in (GOLDEN / f"{ruleset}.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("ruleset", GOLDEN_RULESETS)
def test_golden_playthrough(ruleset: str) -> None:
    expected = (GOLDEN / f"{ruleset}.jsonl").read_text()
    assert simulate(ruleset) == expected, "regenerate as golden/README.md says if the change is intended"


@pytest.mark.parametrize("ruleset", GOLDEN_RULESETS)
def test_golden_records_replay(ruleset: str) -> None:
    """Each stored record is valid and replays through the engine move by move."""
    for record in _golden(ruleset):
        jsonschema.validate(record, schema())
        turned = [h["muestra"] for h in record["hands"]] if "muestra" in record["hands"][0] else None
        game = Game.new(ruleset, seed=record["seed"], readings=record["readings"],
                        deals=[h["deal"] for h in record["hands"]], muestras=turned)
        for hand in record["hands"]:
            for step in hand["actions"]:
                assert game.to_act == step["seat"]
                game.push(step["action"])
        out = game.outcome()
        assert out is not None and out.winner == record["result"]["winner"]
        assert game.record()["hands"] == record["hands"]


@pytest.mark.parametrize("ruleset", GOLDEN_RULESETS)
def test_golden_records_pass_the_spec_monitor(ruleset: str) -> None:
    """The spec's monitor finds nothing wrong with any stored record, clause by clause."""
    for game, record in enumerate(_golden(ruleset)):
        violations = check_record(record, ruleset, game)
        assert not violations, "\n".join(str(v) for v in violations[:5])


def test_the_monitor_would_see_a_golden_record_changed() -> None:
    """One stored hand's points and score raised by 2 are reported: that hand was worth 2 (VAL-1)."""
    record = _golden("mineiro-1v1-es")[0]
    hand = record["hands"][0]["result"]
    winner = hand["winner"]
    hand["points"] += 2
    hand["score"][winner] += 2
    found = {v.clause for v in check_record(record, "mineiro-1v1-es")}
    assert found == {"VAL-1"}, f"[VAL-1] {found}"


if __name__ == "__main__":
    for name in GOLDEN_RULESETS:
        (GOLDEN / f"{name}.jsonl").write_text(simulate(name))
