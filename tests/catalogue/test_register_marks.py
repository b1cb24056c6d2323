"""Every reading of the register says what vouches for it, with exactly one mark: `quoted` (a
rulebook sentence says it: its quotes, verbatim in the rulebook), `published` (a named publication
says it: publisher, title and its words), `engine` (no publication says it; a named engine plays
it: its version, file, code line and own test) or `choice` (nothing says it: the register says so,
and why). Nothing in between, and no mark its data does not support."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from truco_rules.spec.catalogue import (
    DATA_DIR,
    READING_MARKS,
    PublishedWords,
    Quote,
    load_catalogue,
    load_sources,
    mark_problems,
)

CAT = load_catalogue()
SOURCES = load_sources()  # read again from the rulebook files, not from the loaded catalogue
READINGS = [(a, r) for a in CAT.ambiguities.values() for r in a.readings]


def marks_in_file(path: Path) -> dict[tuple[str, str], int]:
    """(entry ID, reading name) -> how many `mark:` lines the reading has in the register file."""
    counts: dict[tuple[str, str], int] = {}
    entry = reading = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^- id: (AMB-\d+)$", line):
            entry, reading = m[1], None
        elif m := re.match(r'^    - name: "?([^"]+)"?$', line):
            reading = m[1]
            counts[(str(entry), reading)] = 0
        elif re.match(r"^      mark:", line) and reading is not None:
            counts[(str(entry), reading)] += 1
    return counts


@pytest.mark.parametrize(("amb", "reading"), READINGS, ids=[f"{a.id}-{r.name}" for a, r in READINGS])
def test_every_reading_has_a_mark_its_data_supports(amb, reading) -> None:  # type: ignore[no-untyped-def]
    problems = mark_problems(reading, SOURCES)
    assert not problems, f"{amb.id} {reading.name}: {'; '.join(problems)}"


def test_every_reading_has_exactly_one_mark_in_the_register_file() -> None:
    counts = marks_in_file(DATA_DIR / "ambiguities.yaml")
    assert len(counts) == len(READINGS)
    wrong = {k: n for k, n in counts.items() if n != 1}
    assert not wrong, f"readings without exactly one mark: {wrong}"


def test_the_marks_have_teeth() -> None:
    quoted = CAT.ambiguity("all-rounds-tied").reading("nobody-scores")
    published = CAT.ambiguity("all-rounds-tied").reading("starter-side-wins")
    choice = CAT.ambiguity("partner-tie").reading("tie")
    engine = CAT.ambiguity("score-cap").reading("capped")
    assert {quoted.mark, published.mark, engine.mark, choice.mark} == set(READING_MARKS)
    assert mark_problems(dataclasses.replace(quoted, mark=""), SOURCES) == ["no mark"]
    assert mark_problems(dataclasses.replace(quoted, mark="practice"), SOURCES)
    # quoted: a quote that is not in the rulebook, or no quote at all
    bad_quote = (Quote(doc="000", quote="ninguno de los jugadores gana la partida"),)
    assert mark_problems(dataclasses.replace(quoted, sources=bad_quote), SOURCES)
    assert mark_problems(dataclasses.replace(quoted, sources=(), claims=()), SOURCES)
    # published: no words, or a rulebook quote that makes it a quoted reading
    no_words = (PublishedWords(title="T", publisher="P", url=None, words=" "),)
    assert mark_problems(dataclasses.replace(published, published=no_words), SOURCES)
    assert mark_problems(dataclasses.replace(published, published=()), SOURCES)
    assert mark_problems(dataclasses.replace(published, sources=quoted.sources), SOURCES)
    # choice: a quote or publication, or no reason, or a reason that does not say so
    assert mark_problems(dataclasses.replace(choice, sources=quoted.sources), SOURCES)
    assert mark_problems(dataclasses.replace(choice, published=published.published), SOURCES)
    assert mark_problems(dataclasses.replace(choice, outside=None), SOURCES)
    vague = dataclasses.replace(choice.outside, source=dict.fromkeys(choice.outside.source, "Practice."))
    assert len(mark_problems(dataclasses.replace(choice, outside=vague), SOURCES)) == 4
    # engine: no engine, an engine without its test, or a publication's words beside it
    assert mark_problems(dataclasses.replace(engine, engines=()), SOURCES)
    untested = (dataclasses.replace(engine.engines[0], test=" "),)
    assert mark_problems(dataclasses.replace(engine, engines=untested), SOURCES) == [
        "an engine without its test"]
    assert mark_problems(dataclasses.replace(engine, published=published.published), SOURCES)
    assert mark_problems(dataclasses.replace(choice, engines=engine.engines), SOURCES)
    # a reading marked as what another reading is
    assert mark_problems(dataclasses.replace(quoted, mark="choice"), SOURCES)
    assert mark_problems(dataclasses.replace(published, mark="engine"), SOURCES)
    assert mark_problems(dataclasses.replace(choice, mark="quoted"), SOURCES)
    assert mark_problems(dataclasses.replace(published, mark="quoted"), SOURCES)


def test_a_second_mark_in_the_file_is_caught(tmp_path: Path) -> None:
    text = (DATA_DIR / "ambiguities.yaml").read_text(encoding="utf-8")
    doubled = text.replace("      mark: quoted\n", "      mark: quoted\n      mark: choice\n", 1)
    (tmp_path / "a.yaml").write_text(doubled, encoding="utf-8")
    assert 2 in marks_in_file(tmp_path / "a.yaml").values()


@pytest.mark.parametrize("lang", ["en", "es", "it", "pt"])
def test_explain_and_the_list_show_every_readings_mark_in_each_language(lang: str) -> None:
    from click.testing import CliRunner

    from truco_rules.cli.catalogue_cmds import _MARK_LINES, _MARKS
    from truco_rules.cli.main import cli
    from truco_rules.text.catalogues import translate

    listing = CliRunner().invoke(cli, ["ambiguities", "--lang", lang]).stdout
    for aid in ("AMB-1", "AMB-5", "AMB-12", "AMB-28"):
        amb = CAT.ambiguities[aid]
        out = CliRunner().invoke(cli, ["explain", aid, "--lang", lang]).stdout
        for r in amb.readings:
            head = f"· {r.name} · {translate(_MARKS[r.mark], lang)}\n"
            assert head in out, (aid, r.name, lang)
            part = out.split(head, 1)[1]
            assert " ".join(translate(_MARK_LINES[r.mark], lang).split()) in " ".join(part.split()[:80])
            assert f"- {r.name} [{translate(_MARKS[r.mark], lang)}" in listing
    assert translate(_MARKS["choice"], lang) != "choice" or lang == "en"


@pytest.mark.parametrize("lang", ["en", "es", "it", "pt"])
def test_the_register_page_shows_every_readings_mark(lang: str) -> None:
    from types import SimpleNamespace

    from truco_rules.site import site_tables
    from truco_rules.site.site_labels import label
    from truco_rules.site.site_md import Ctx
    from truco_rules.text.traceability import read_witnesses

    trace = SimpleNamespace(witnesses=read_witnesses()[0])
    page = site_tables.ambiguities_page(Ctx(lang=lang, cat=CAT, coverage={}, trace=trace, warn=print))
    for a in CAT.ambiguities.values():
        for r in a.readings:
            part = page.split(f"{{#{a.id.lower()}-{r.name}}}", 1)[1]
            part = part.split("\n### ", 1)[0].split("\n## ", 1)[0]
            assert f"**{label('mark_' + r.mark, lang)}**" in part, (a.id, r.name, lang)
