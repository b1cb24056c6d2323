"""`truco ambiguities` lists the register's newer entries, where each reading comes from, and each
one is switchable: `truco diff` takes it with --reading and shows a witness where results differ."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli

NEW = {"AMB-34": "contraflor-stake", "AMB-35": "iron-cards", "AMB-36": "ciego", "AMB-37": "ten-call",
       "AMB-38": "envido-three-suit", "AMB-39": "sena-timing", "AMB-40": "flor-answers",
       "AMB-41": "card-pairs", "AMB-42": "flor-before-truco"}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def test_the_new_entries_are_listed_with_their_defaults_and_outside_sources() -> None:
    code, out = run("ambiguities", "--json")
    assert code == 0
    entries = {a["id"]: a for a in json.loads(out)["ambiguities"]}
    for aid, key in NEW.items():
        assert entries[aid]["key"] == key and entries[aid]["defaults"], aid
    ciego = {r["name"]: r for r in entries["AMB-36"]["readings"]}
    assert ciego["below-threes"]["claims"] and ciego["below-twos"]["outside"]["adds"] == ["3", "2"]
    code, text = run("ambiguities", "--ruleset", "gauderio-pairs-es")
    assert code == 0 and "AMB-41  card-pairs" in text and "outside: Not in the sources" in text
    assert "[published: Clarín]" in run("ambiguities", "--ruleset", "argentino-1v1")[1]
    code, text = run("ambiguities", "--ruleset", "uruguayo-1v1")
    assert code == 0 and "AMB-42  flor-before-truco" in text
    assert "[published: Acanomas, Wikipedia en español]" in text


@pytest.mark.parametrize(("ruleset", "reading", "domain"), [
    ("mineiro-1v1-es", "ten-call=truco-only", "ten-call"),
    ("mineiro-1v1-en", "iron-cards=covered", "iron-cards"),
    ("gauderio-pairs-es", "contraflor-stake=double-quiero", "contraflor-stake"),
    ("gauderio-pairs-es", "ciego=below-twos", "ciego"),
    ("gauderio-pairs-es", "envido-three-suit=all-three", "envido-three-suit"),
    ("gauderio-pairs-es", "envido-stakes=falta-added", "falta-added"),
    ("gauderio-pairs-es", "card-pairs=in-order", "card-pairs"),
    ("uruguayo-1v1", "flor-before-truco=truco-allowed", "flor-before-truco"),
])
def test_a_new_reading_is_switchable_and_has_a_witness(ruleset: str, reading: str, domain: str) -> None:
    code, out = run("diff", ruleset, ruleset, "--reading-b", reading, "--json")
    assert code in (0, 1), out
    found = json.loads(out)
    witnesses = found["witnesses"] if isinstance(found, dict) else found
    assert any(w["domain"] == domain for w in witnesses), out


def test_a_procedure_reading_is_switchable_and_said_to_have_no_witness() -> None:
    code, out = run("diff", "gauderio-pairs-es", "gauderio-pairs-es",
                    "--reading-b", "sena-timing=before-first-card")
    assert code in (0, 1) and "not modelled here: sena-timing" in out
