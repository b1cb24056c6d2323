"""`truco diff argentino-1v1 uruguayo-1v1`: the differences no witness is sought for (the
muestra's piezas deciding rounds, the flor) are listed under "not modelled here", in words, in
each language; the same pair the other way round names the sides the other way (issue 23)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli

HEADING = {"en": "Not modelled here", "es": "No modelado aquí", "it": "Non modellato qui",
           "pt": "Não modelado aqui"}


@pytest.mark.parametrize("lang", list(HEADING))
def test_muestra_and_flor_are_listed_as_not_modelled(lang: str) -> None:
    args = ["diff", "argentino-1v1", "uruguayo-1v1", "--lang", lang, "--limit", "1"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    tail = result.output.split(HEADING[lang], 1)[1]
    lines = [line for line in tail.splitlines() if line.startswith("- ")]
    assert len(lines) == 2 and all(line.startswith("- B ") for line in lines), tail
    assert "muestra" in lines[0] and "flor" in lines[1]


def test_the_json_names_them_and_same_features_name_none() -> None:
    out = CliRunner().invoke(cli, ["diff", "uruguayo-1v1", "argentino-1v1", "--json", "--limit", "1"]).output
    assert json.loads(out)["features_not_modelled"] == ["muestra", "flor"]
    same = CliRunner().invoke(cli, ["diff", "mineiro-1v1-es", "mineiro-pairs-it", "--limit", "1"]).output
    assert HEADING["en"] not in same
