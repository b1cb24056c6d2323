"""`truco explain`: under each quote, the editorial reading of the quoted sentence only, not of
its whole line; an unknown ID gets the few nearest IDs, not every ID (issue 23)."""

from __future__ import annotations

from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import load_catalogue


def _explain(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["explain", *args], terminal_width=400)
    return result.exit_code, result.output


def test_the_editorial_reading_is_of_the_quoted_sentence() -> None:
    code, out = _explain("ORD-1")
    assert code == 0, out
    flat = " ".join(out.split())
    assert ("editorial reading: La orden de los jugadores de cada ronda es horaria y la orden de quien "
            "comenzará la próxima mano es anti horaria.") in flat
    # line 29 of 003 has two sentences before this one: they are not the reading of this quote
    assert "Después de la distribución" not in flat
    assert "valiendo inicialmente 1 punto" not in flat


def test_an_unknown_id_gets_the_nearest_ids_only() -> None:
    code, out = _explain("XYZ-1")
    assert code == 2
    ids = list(load_catalogue().clauses)
    named = [i for i in ids if f"{i}," in out or f"{i} " in out]
    assert 1 <= len(named) <= 5, out
    assert "the nearest: " in out and f"({len(ids)} in all)" in out
    code, out = _explain("bet4")
    assert code == 2 and "the nearest: BET-4" in out, out


def test_a_clause_of_a_ruleset_file_shows_each_publication_and_its_words() -> None:
    code, out = _explain("ARG-2")
    assert code == 0, out
    flat = " ".join(out.split())
    clause = load_catalogue().clause("ARG-2")
    assert clause.published is not None and clause.also_published
    for pub, words in ((clause.published[0], clause.published_words),
                       *((a.publication, a.words) for a in clause.also_published)):
        assert f"published (not one of the four rulebooks): {pub.publisher}, {pub.title}" in flat
        assert f"“{words}”" in flat
