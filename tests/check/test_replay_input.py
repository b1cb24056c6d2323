"""`truco replay` reads a reproduction script as `truco validate` reads a record, before any engine
sees it (truco_rules.spec.monitor.repro_input): a start position, a deal or a step the ruleset
cannot have is the file's fault, one line and exit 2, never the engine's blame; nothing is coerced
(the string "12" is no list of scores, 1.5 and true are no integers)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import SCHEMAS_DIR

DEAL = {"hands": [["4C", "5C", "6C"], ["7C", "QC", "JC"]], "muestra": None}


def script(**changes: Any) -> dict[str, Any]:
    base = {"format": "truco-repro/1", "ruleset": "mineiro-1v1-es", "readings": {}, "seed": 1,
            "deals": [DEAL], "steps": [{"seat": 0, "action": "play 4C", "expect": "legal"}],
            "start": {"scores": [3, 4], "dealer": 1}}
    return {**base, **changes}


def replay(tmp_path: pathlib.Path, text: str) -> tuple[int, str]:
    path = tmp_path / "repro.json"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize(("start", "says"), [
    ('{"scores": [1e400, 0], "dealer": 0}', "start.scores[0]: must be of type integer"),
    ('{"scores": [0, 0, 0], "dealer": 0}', "start.scores: must have at most 2 items"),
    ('{"scores": [-5, 0], "dealer": 0}', "start.scores[0]: must be at least 0"),
    ('{"scores": [999, 0], "dealer": 0}', "start.scores: a match cannot start with a side at the target"),
    ('{"scores": [12, 12], "dealer": 0}', "start.scores: a match cannot start with a side at the target"),
    ('{"scores": [0, 0], "dealer": 99}', "start.dealer: must be at most 5"),
    ('{"scores": [0, 0], "dealer": 3}', "start.dealer: the dealer is a seat 0..1"),
    ('{"scores": "12", "dealer": 0}', "start.scores: must be of type array"),
    ('{"scores": [1.5, 0], "dealer": 0}', "start.scores[0]: must be of type integer"),
    ('{"scores": [true, 0], "dealer": 0}', "start.scores[0]: must be of type integer"),
    ('{"scores": [0, 0], "dealer": 1.0}', "start.dealer: must be of type integer"),
    ('{"scores": [0, 0]}', "start.dealer: is required"),
], ids=["1e400", "three-scores", "negative", "999", "12-12", "dealer-99", "dealer-3", "string", "fraction",
        "true", "dealer-1.0", "no-dealer"])
def test_a_start_the_ruleset_cannot_have_is_the_files_fault(tmp_path: pathlib.Path, start: str,
                                                            says: str) -> None:
    text = json.dumps(script(start=None)).replace('"start": null', f'"start": {start}')
    code, out = replay(tmp_path, text)
    assert code == 2 and len(out.strip().splitlines()) == 1, out
    assert out.startswith("truco: error: ") and says in out and "raised" not in out, out


@pytest.mark.parametrize(("changes", "says"), [
    ({"deals": [{"hands": [["4C", "5C", "6C"]], "muestra": None}]}, "deals[0].hands: must have at least 2"),
    ({"deals": [{"hands": [["4C", "5C", "6C"], ["7C", "QC", "JC"], ["KC", "AC", "2C"]]}]},
     "deals[0].hands: the deal must have 2 seats"),
    ({"deals": [{"hands": [["4C", "5C", "9C"], ["7C", "QC", "JC"]]}]},
     "deals[0].hands[0][2]: every card must be a card of the deck"),
    ({"deals": [{"hands": [["4C", "5C", "6C"], ["4C", "QC", "JC"]]}]},
     "deals[0]: no card may be dealt twice"),
    ({"deals": [{"hands": DEAL["hands"], "muestra": "KC"}]},
     "deals[0].muestra: this ruleset turns up no card"),
    ({"steps": [{"seat": 2, "action": "play 4C"}]}, "steps[0].seat: must be a seat 0..1"),
    ({"steps": [{"seat": 0, "action": "play 4C", "expect": "maybe"}]}, "steps[0].expect: must be one of"),
    ({"steps": [{"seat": True, "action": "play 4C"}]}, "steps[0].seat: must be of type integer or null"),
    ({"seed": "1"}, "seed: must be of type integer or null"),
    ({"readings": {"all-rounds-tied": 3}}, "readings.all-rounds-tied: must be of type string"),
    ({"readings": {"no-such-key": "x"}}, "no-such-key"),
    ({"extra": 1}, "extra: is not a field of a truco-repro/1 script"),
    ({"divergence": {"clause": ["BET-4"]}}, "divergence.clause: must be of type string or null"),
], ids=["one-seat", "three-seats", "no-such-card", "twice", "muestra", "seat", "expect", "seat-true", "seed",
        "reading-type", "reading-key", "extra-field", "divergence"])
def test_a_deal_a_step_or_a_field_the_ruleset_cannot_have_is_the_files_fault(
        tmp_path: pathlib.Path, changes: dict[str, Any], says: str) -> None:
    code, out = replay(tmp_path, json.dumps(script(**changes)))
    assert code == 2 and len(out.strip().splitlines()) == 1 and says in out, out


def test_the_schema_is_a_schema_and_a_written_script_follows_it() -> None:
    schema = json.loads((SCHEMAS_DIR / "repro.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    from truco_rules.spec.monitor.reports import repro_script
    from truco_rules.spec.monitor.repro_input import load_script
    from truco_rules.spec.monitor.trace import Step, Trace

    steps = [Step(0, "play 4C"), Step(1, "<b>x</b>", "refused")]
    trace = Trace("mineiro-1v1-es", {}, 1, [DEAL], steps, [3, 4], 1)
    written = repro_script(trace, None)
    _, read = load_script(json.dumps(written).encode())
    assert read.to_dict() == trace.to_dict()
