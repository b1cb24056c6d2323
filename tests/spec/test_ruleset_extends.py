"""`extends`: a ruleset file that starts from another of its folder. Both encodings read it on
their own; they must merge the same way, and refuse the same broken files with the field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ruleset_yaml import RULESETS, read_ruleset_yaml
from rulesets_for_tests import GAUDERIO_1V1

from truco_rules import engine
from truco_rules.engine.errors import RulesetFileError as EngineFileError
from truco_rules.engine.ruleset_file import read_document
from truco_rules.spec.ruleset_file import RulesetFileError, _read_extended

ROOT = Path(__file__).resolve().parents[2]
CHILD = """format: truco-ruleset/1
extends: gauderio-1v1.yaml
name: gauderio-1v1-fast
code: gf
title: {en: "Gauderio to 12", es: "Gauderio a 12", it: "Gauderio a 12", pt: "Gaudério a 12"}
match: {target: 12}
"""


def _files(tmp_path: Path, child: str = CHILD) -> Path:
    (tmp_path / "gauderio-1v1.yaml").write_text(GAUDERIO_1V1, encoding="utf-8")
    path = tmp_path / "gauderio-1v1-fast.yaml"
    path.write_text(child, encoding="utf-8")
    return path


def test_both_encodings_merge_a_mapping_field_by_field(tmp_path: Path) -> None:
    path = _files(tmp_path)
    spec_data, lines, _ = _read_extended(path, str(path))
    engine_data, _ = read_document(path, str(path))
    assert spec_data == engine_data == read_ruleset_yaml(path)
    base = read_ruleset_yaml(tmp_path / "gauderio-1v1.yaml")
    assert spec_data["match"] == {**base["match"], "target": 12}, "the other fields of match stay"
    assert spec_data["deck"] == base["deck"] and "extends" not in spec_data
    assert lines[("match", "target")] == 6, "a field of this file has its own line"


def test_a_file_that_extends_another_plays_and_its_records_validate(tmp_path: Path) -> None:
    """Through the command line, in a process of its own (the file is not left loaded here): the
    engine plays it, the spec checks its records."""
    path, records = _files(tmp_path), tmp_path / "records.jsonl"

    def truco(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "truco_rules.cli", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=300, check=False)

    done = truco("simulate", "--ruleset-file", str(path), "--games", "3", "--out", str(records))
    assert done.returncode == 0, done.stderr
    played = {json.loads(line)["ruleset"] for line in records.read_text().splitlines()}
    assert played == {"gauderio-1v1-fast"}, played
    done = truco("validate", "--ruleset-file", str(path), str(records), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["conforming"] == 3


@pytest.mark.parametrize(("extends", "message"), [
    ("../gauderio-1v1.yaml", "same folder"),
    ("/etc/passwd", "same folder"),
    ("missing.yaml", "cannot read the file"),
    ("gauderio-1v1-fast.yaml", "a circle"),
    ("[1, 2]", "same folder"),
])
def test_a_broken_extends_is_refused_by_both_with_its_field(tmp_path: Path, extends: str,
                                                           message: str) -> None:
    path = _files(tmp_path, CHILD.replace("extends: gauderio-1v1.yaml", f"extends: {extends}"))
    with pytest.raises(RulesetFileError, match=message) as spec_error:
        _read_extended(path, "mine.yaml")
    with pytest.raises(EngineFileError, match=message) as engine_error:
        read_document(path, "mine.yaml")
    if message != "cannot read the file":  # that one names the file it could not read
        assert spec_error.value.path == ("extends",) and spec_error.value.line == 2
        assert engine_error.value.field == "extends" and engine_error.value.line == 2


def test_a_chain_longer_than_four_is_refused(tmp_path: Path) -> None:
    (tmp_path / "gauderio-1v1.yaml").write_text(GAUDERIO_1V1, encoding="utf-8")
    parent = "gauderio-1v1.yaml"
    for i in range(5):
        (tmp_path / f"c{i}.yaml").write_text(f"extends: {parent}\nname: c{i}\n", encoding="utf-8")
        parent = f"c{i}.yaml"
    _read_extended(tmp_path / "c3.yaml", "c3.yaml")  # four deep: fine
    read_document(tmp_path / "c3.yaml", "c3.yaml")
    with pytest.raises(RulesetFileError, match="more than 4 files"):
        _read_extended(tmp_path / "c4.yaml", "c4.yaml")
    with pytest.raises(EngineFileError, match="more than 4 files"):
        read_document(tmp_path / "c4.yaml", "c4.yaml")


def test_the_english_mineiro_file_keeps_the_spanish_rules() -> None:
    """001 and 000 describe one game: the English file differs only in identity and rationales."""
    es = read_ruleset_yaml(RULESETS / "mineiro-1v1-es.yaml")
    en = read_ruleset_yaml(RULESETS / "mineiro-1v1-en.yaml")
    assert "extends" in (RULESETS / "mineiro-1v1-en.yaml").read_text(encoding="utf-8")
    own = {"name", "code", "title", "language", "origin", "readings"}
    assert {k: v for k, v in en.items() if k not in own} == {k: v for k, v in es.items() if k not in own}
    defaults = [{k: r["default"] for k, r in d["readings"].items()} for d in (en, es)]
    assert defaults[0] == defaults[1]
    assert engine.find_ruleset("mineiro-1v1-en").defaults == engine.find_ruleset("mineiro-1v1-es").defaults


def test_paulista_pairs_extends_paulista_1v1() -> None:
    """paulista-pairs is paulista-1v1 played by pairs (issue 21): the file states only what pairs
    change (the seats, PAU-12, PAU-13, the readings of pairs, its clauses); every other section is
    1v1's, and both encodings read the same merged file."""
    path = RULESETS / "paulista-pairs.yaml"
    spec_data, _, _ = _read_extended(path, str(path))
    engine_data, _ = read_document(path, str(path))
    assert spec_data == engine_data == read_ruleset_yaml(path)
    text = path.read_text(encoding="utf-8")
    assert "\nextends: paulista-1v1.yaml\n" in text, "the pairs file starts from the 1v1 file"
    base = read_ruleset_yaml(RULESETS / "paulista-1v1.yaml")
    for section in ("origin", "deck", "deal", "play", "vira", "strength", "truco", "iron_hand", "match"):
        assert spec_data[section] == base[section], section
        assert f"\n{section}:" not in text, f"{section} is 1v1's: not restated"
    assert (spec_data["players"]["count"], base["players"]["count"]) == (4, 2)
    ten = base["hand_of_ten"]
    assert spec_data["hand_of_ten"] == {**ten, "partners_see": True,
                                        "clauses": {**ten["clauses"], "partners_see": "PAU-13"}}
    assert set(base["readings"]) < set(spec_data["readings"])
    assert set(base["adopts"]) < set(spec_data["adopts"])


def test_a_problem_in_what_a_file_takes_from_another_is_told_of_that_file(tmp_path: Path) -> None:
    """A copy of a published ruleset, extended: its clauses keep IDs that are taken. The error
    names the copy and the clause's line there, not the extending file (issue 39)."""
    from truco_rules.spec.catalogue import add_ruleset_file

    base = (ROOT / "spec" / "data" / "rulesets" / "paulista-1v1.yaml").read_text(encoding="utf-8")
    (tmp_path / "my-base.yaml").write_text(
        base.replace("name: paulista-1v1", "name: my-base").replace("code: p1", "code: mb"), encoding="utf-8")
    child = tmp_path / "my-pairs.yaml"
    child.write_text("format: truco-ruleset/1\nextends: my-base.yaml\nname: my-pairs\ncode: mq\n",
                     encoding="utf-8")
    with pytest.raises(RulesetFileError) as caught:
        add_ruleset_file(str(child))
    error = caught.value
    assert error.file.endswith("my-base.yaml") and error.path[:1] == ("clauses",), str(error)
    assert error.line is not None and error.line > 4 and "PAU-1" in error.message, str(error)
