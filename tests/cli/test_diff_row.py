"""`truco diff --row ROW`: one row of the alignment table, every source side by side (issue #37);
`--rows` lists the rows; with two rulesets, only their sources."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.alignment import columns, load_alignment, row
from truco_rules.spec.catalogue import load_catalogue

LANGS = ("en", "es", "it", "pt")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["diff", *args])
    return result.exit_code, result.output


@pytest.mark.clause("HND-9", "HND-10", "ARG-4")
def test_a_row_shows_every_source_or_its_silence() -> None:
    code, out = _run("--row", "all-tied", "--json")
    assert code == 0, out
    data = json.loads(out)
    cols = [c.id for c in columns(load_catalogue())]
    assert [c["column"] for c in data["cells"]] == cols  # a cell for every source, none blank
    cells = {c["column"]: c for c in data["cells"]}
    assert "la coppia che distribuisce le carte vincerà la mano" in " ".join(cells["002"]["words"])
    assert "ganará la pareja que tenga la mano" in " ".join(cells["ar:teleflor"]["words"])
    assert cells["p1:fpt"] == {"column": "p1:fpt", "source": cells["p1:fpt"]["source"],
                               "rulesets": ["paulista-1v1", "paulista-pairs"], "silent": True}
    assert data["register"] == ["AMB-1"] and data["same"] is None


@pytest.mark.parametrize("lang", LANGS)
def test_a_row_in_words_in_each_language(lang: str) -> None:
    code, out = _run("--row", "all-tied", "--lang", lang)
    assert code == 0, out
    first = out.splitlines()[0]
    assert first == f"all-tied · {row(load_alignment(), 'all-tied').topic[lang]}"
    assert "AMB-1 (all-rounds-tied)" in out
    assert "“1.4) Tutti i round: Se tutti i round finiscono sorteggiati" in out


def test_two_rulesets_keep_their_own_sources() -> None:
    code, out = _run("argentino-1v1", "paulista-1v1", "--row", "all-tied", "--json")
    assert code == 0, out
    shown = {c["column"] for c in json.loads(out)["cells"]}
    assert "ar:teleflor" in shown and "p1:como-funciona" in shown
    assert not shown & {"000", "001", "002", "003", "uy:amostra"}
    code, out = _run("argentino-1v1", "paulista-1v1", "--row", "refusal-pays")
    assert code == 0 and "Differences: The same rule in every game" in out


def test_rows_are_listed_and_a_wrong_name_is_a_clear_error() -> None:
    code, out = _run("--rows")
    assert code == 0 and out.splitlines()[0].split()[0] == "players"
    assert len(out.splitlines()) == len(load_alignment())
    code, out = _run("--row", "al-tied")
    assert code == 2 and "unknown alignment row 'al-tied'" in out and "all-tied" in out
    code, out = _run("nowhere-1v1", "paulista-1v1", "--row", "all-tied")
    assert code == 2 and "unknown ruleset 'nowhere-1v1'" in out
