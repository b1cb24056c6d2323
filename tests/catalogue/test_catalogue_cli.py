"""The catalogue commands, as a new user would try them."""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import SCHEMAS_DIR


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def schema(name: str) -> dict:
    return json.loads((SCHEMAS_DIR / name).read_text())


def test_clauses_json_follows_its_schema() -> None:
    code, out, _ = run("clauses", "--json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, schema("clauses.schema.json"))
    ids = [c["id"] for c in data["clauses"]]
    assert "HND-10" in ids and len(ids) == len(set(ids))


def test_clauses_of_one_ruleset() -> None:
    code, out, _ = run("clauses", "--ruleset", "gauderio-pairs-es", "--json")
    clauses = json.loads(out)["clauses"]
    assert code == 0 and all("gauderio-pairs-es" in c["rulesets"] for c in clauses)
    assert {"FLR-1", "ENV-2", "CARD-5"} <= {c["id"] for c in clauses}
    assert "CARD-2" not in {c["id"] for c in clauses}


def test_ambiguities_json_follows_its_schema() -> None:
    code, out, _ = run("ambiguities", "--json")
    assert code == 0
    data = json.loads(out)
    jsonschema.validate(data, schema("ambiguities.schema.json"))
    tied = next(a for a in data["ambiguities"] if a["key"] == "all-rounds-tied")
    assert tied["defaults"]["mineiro-pairs-it"] == "dealer-side-wins"
    assert tied["defaults"]["mineiro-1v1-es"] == "nobody-scores"


def test_ambiguities_of_a_ruleset_in_italian() -> None:
    code, out, _ = run("ambiguities", "--ruleset", "mineiro-pairs-it", "--lang", "it")
    assert code == 0 and "all-rounds-tied" in out and "envido" not in out


def test_explain_shows_rule_quotes_rulesets_and_ambiguities() -> None:
    code, out, _ = run("explain", "HND-10", "--lang", "pt")
    assert code == 0
    assert "1.4) Tutti i round" in out  # the verbatim quote, in its own language
    assert "mineiro-pairs-it" in out and "AMB-1" in out


def test_explain_shows_the_editorial_reading_beside_a_003_quote() -> None:
    code, out, _ = run("explain", "FLR-3")
    assert code == 0 and "compaero" in out and "compañero" in out


def test_explain_names_each_source_by_its_number_and_title_with_the_line() -> None:
    """HND-9 is quoted from 000, 001 and 003: each by its number and the rulebook's own title (003's
    as its editorial reading restores it), not by the file name."""
    code, out, _ = run("explain", "HND-9")
    assert code == 0
    assert "000 · Reglas del Juego Truco Mineiro Mano a Mano, line 33:" in out
    assert "001 · Game rules Truco Mineiro One to One, line 32:" in out
    assert "003 · Reglas del Juego Truco Gaudério, line 33:" in out
    assert ".txt" not in out, out
    code, out, _ = run("explain", "HND-10", "--lang", "it")
    assert code == 0 and "002 · Truco - versione mineiro, riga " in out, out


def test_explain_accepts_lowercase_ids() -> None:
    assert run("explain", "bet-4")[0] == 0


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("explain", "BET-99"), "did you mean 'BET-9'"),
        (("explain", "XYZ"), "the nearest: "),
        (("clauses", "--ruleset", "mineiro"), "mineiro-1v1-es"),
        (("clauses", "--lang", "fr"), "es, en, it, pt"),
        (("ambiguities", "--ruleset", "gauderio"), "gauderio-pairs-es"),
        (("explain", "BET-4", "--lang", "de"), "es, en, it, pt"),
        (("diff", "mineiro-1v1-es", "gauderio-pairs-es", "--lang", "fr"), "es, en, it, pt"),
        (("docs", "build", "--lang", "en", "--lang", "de"), "es, en, it, pt"),
    ],
)
def test_bad_names_get_one_line_and_exit_2(args: tuple[str, ...], expected: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert expected in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err + out


def test_coverage_command_reports_all_sentences() -> None:
    code, out, _ = run("coverage")
    assert code == 0 and out.count("(100%)") == 4


def test_explain_shows_a_readings_publication_with_its_words_and_a_choice_with_its_reason() -> None:
    # A reading no rulebook states is either published (its publisher, title and words) or a choice
    # (the register says there is no source, and why): never "common practice".
    code, out, _ = run("explain", "AMB-1")
    reading_c = out.split("Reading C", 1)[1].split("Each ruleset", 1)[0]
    assert code == 0 and "practice" not in reading_c
    assert "published (not one of the four rulebooks): Teleflor" in reading_c
    assert "“Solo en caso de que las tres bazas sean empate" in reading_c
    assert "https://www.teleflor.com.ar/el-truco-se-juega-con-o-sin-flor/" in reading_c  # one line, whole
    code, out, _ = run("explain", "AMB-5", "--lang", "es")
    readings = out.split("Lecturas:", 1)[1].split("Lectura por defecto", 1)[0]
    assert code == 0 and readings.count("No está en las fuentes:") == 2 and "práctica" not in out


def test_an_unknown_id_gets_the_nearest_few_not_every_id() -> None:
    code, out, err = run("explain", "ENVIDO-99")
    said = (out + err).strip()
    assert code == 2 and said.count("\n") == 0, said
    nearest = said.split("the nearest: ", 1)[1].split(" (")[0].split(", ")
    assert nearest == ["ENV-7", "ENV-6", "ENV-5", "ENV-4", "ENV-3"], nearest  # its area, nearest number first
