"""The protocol guide's generated parts: the transcripts are what the script writes, the vocabulary
table follows the ruleset files, and every language has the same sections and markers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ruleset_yaml import read_ruleset_yaml

from tests.scripts_module import load_script
from truco_rules.site import site_protocol
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]


SECTIONS = ("{#readings}", "{#projection}", "{#record}", "{#vocabulary}", "{#practice}", "{#transcripts}")


def _script():  # type: ignore[no-untyped-def]
    return load_script("protocol_transcripts")


def test_the_transcripts_are_what_the_script_writes() -> None:
    script = _script()
    assert set(script.GAMES) == {p.stem for p in (ROOT / "docs/transcripts").glob("*.txt")}
    for name in script.GAMES:
        kept = (ROOT / "docs/transcripts" / f"{name}.txt").read_text(encoding="utf-8")
        assert script.transcript(name) == kept, f"{name}: run scripts/protocol_transcripts.py"


def test_the_transcripts_show_what_they_are_there_for() -> None:
    text = {p.stem: p.read_text(encoding="utf-8") for p in (ROOT / "docs/transcripts").glob("*.txt")}
    for name, lines in text.items():
        assert lines.startswith('> {"id":0,"cmd":"hello"'), name
        *_, record, quit_line = lines.rstrip("\n").splitlines()
        assert record.startswith("< ") and json.loads(record[2:])["ok"]["result"]["winner"] in (0, 1), (
            f"{name}: the match ends")
        assert '"cmd":"quit"' in quit_line, name
    assert '"action":"flor"' in text["gauderio-pairs"] and '"action":"envido"' in text["gauderio-pairs"]
    assert re.search(r'"muestra": ?"5o"', text["uruguayo-1v1"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_vocabulary_table_follows_the_ruleset_files(lang: str) -> None:
    rows = {row[0].strip("`"): row for row in site_protocol.vocabulary_rows(lang)}
    for path in sorted((ROOT / "spec/data/rulesets").glob("*.yaml")):
        data = read_ruleset_yaml(path)
        row = rows[data["name"]]
        calls = [f"`raise {c['value']}` {c['name'][lang]}" for c in data["truco"]["calls"]]
        assert row[2] == ", ".join(calls), row
        # ARG-9, URU-10: the mazo's column names the file's clause, or none where it has no mazo
        mazo = data.get("mazo")
        none = site_protocol.vocabulary_word("none", lang)
        assert row[-1] == (f"`mazo` ({mazo['clause']})" if mazo else none), row
        assert " ".join(data["deck"]["ranks"]) in row[1], row
        assert ("`contraflor`" in row[4]) == bool((data.get("flor") or {}).get("contraflor")), row
        assert ("`flor-raise`" in row[4]) == bool((data.get("flor") or {}).get("partner_raise")), row
        assert (row[5] == site_protocol.vocabulary_word("none", lang)) == (not data.get("muestra")), row
        for call in (data.get("envido") or {}).get("calls") or {}:
            assert f"`{call}` →" in row[3], row


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_the_sections_and_markers(lang: str) -> None:
    page = (ROOT / "docs" / lang / "guide/protocol.md").read_text(encoding="utf-8")
    for section in SECTIONS:
        assert section in page, f"{lang}: {section}"
    assert "<!-- truco:vocabulary -->" in page
    for name in _script().GAMES:
        assert f"<!-- truco:transcript {name} -->" in page, f"{lang}: {name}"
    assert "spec/schemas/record.schema.json" in page, f"{lang}: the record format in the source tree"
    for word in ("engine_steps", "extra_actions", "seats", "refused the prefix action"):
        assert word in page, f"{lang}: {word}"


def test_a_marker_for_a_missing_transcript_warns() -> None:
    warned: list[str] = []
    out = site_protocol.replace_markers("a\n<!-- truco:transcript nope -->\nb", "en", warned.append)
    assert warned and "nope" in warned[0] and "truco:" not in out
    table = site_protocol.replace_markers("<!-- truco:vocabulary -->", "it", warned.append)
    assert table.startswith("| regolamento |") and "`raise 3` retruco" in table


def _uncapped_record() -> dict:  # type: ignore[type-arg]
    """A record of the reference engine whose winner ends above the target."""
    import random

    from truco_rules.engine.adapter import make_adapter

    for seed in range(200):
        a, rng = make_adapter(), random.Random(seed)
        a.new_game("mineiro-1v1-es", seed, {})
        while a.to_act() is not None:
            a.apply(rng.choice(sorted(a.legal_actions())))
        record = a.record()
        if record["result"]["score"][record["result"]["winner"]] > 12:
            return record  # type: ignore[no-any-return]
    raise AssertionError("no game ended above the target")


def test_what_the_guide_says_of_a_final_score_holds() -> None:
    """The record section: the final score is the sum, not capped at the target; capped, it is reported
    with the clause that ended the match."""
    from truco_rules.spec.monitor.replay import check_record

    record = _uncapped_record()
    assert check_record(record, "mineiro-1v1-es") == []
    capped = json_copy(record)
    winner = capped["result"]["winner"]
    capped["result"]["score"][winner] = 12
    found = check_record(capped, "mineiro-1v1-es")
    assert found and all(v.field == "result.score" for v in found), found
    assert [v.clause for v in found] == ["MAT-1"], found  # the clause that ended the match


def json_copy(value: dict) -> dict:  # type: ignore[type-arg]
    import json

    return json.loads(json.dumps(value))  # type: ignore[no-any-return]


def test_what_the_guide_says_of_card_like_ids_holds() -> None:
    """The practice section: card-like words are read anywhere, as whole words; an id with a letter
    or digit against them is not."""
    from truco_rules.spec.monitor.views import cards_named

    dealt = ("4C", "1e", "7H")
    assert cards_named({"player": "4C", "event": "1e", "x": "4C-1", "note": "plays 7H"}, dealt) == set(dealt)
    assert cards_named({"4C": 1}, dealt) == {"4C"}  # keys too
    assert cards_named({"player": "p4C", "event": "1e7", "n": 47}, dealt) == set()
