"""`truco prove` and `truco diff` on the command line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from truco_rules.cli.main import cli


def test_prove_one_ruleset_json() -> None:
    r = CliRunner().invoke(cli, ["prove", "--ruleset", "gauderio-pairs-es", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["ok"] and all(p["ok"] for p in data["properties"])
    invariants = [p for p in data["properties"] if p["kind"] == "invariant"]
    assert all(p["control"]["status"] == "counterexample" for p in invariants)


def test_prove_unknown_ruleset_is_a_one_line_error() -> None:
    r = CliRunner().invoke(cli, ["prove", "--ruleset", "nope"])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "mineiro-1v1-es" in r.stderr


def test_diff_one_ruleset_two_readings() -> None:
    r = CliRunner().invoke(cli, ["diff", "mineiro-1v1-es", "mineiro-1v1-es", "--reading-b",
                                 "all-rounds-tied=dealer-side-wins", "--json"])
    assert r.exit_code == 0, r.output
    ws = json.loads(r.output)["witnesses"]
    assert ws and ws[0]["domain"] == "hand-resolution" and ws[0]["ambiguities"] == ["AMB-1"]


def test_diff_bad_reading_exits_2() -> None:
    r = CliRunner().invoke(cli, ["diff", "mineiro-1v1-es", "mineiro-1v1-en", "--reading-b", "nope=x"])
    assert r.exit_code == 2
