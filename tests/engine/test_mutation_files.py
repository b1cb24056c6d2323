"""A ruleset file is untrusted: the engine reads it bounded, and refuses it whole with the field,
the line and the reason, at the exact limits it states (engine/ruleset_file.py). Each refusal is
checked word for word and at its edge: one value, one level or one byte either side."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from engine_support import ROOT

from truco_rules.engine import RulesetFileError, load_ruleset_file

URUGUAYO = (ROOT / "spec" / "data" / "rulesets" / "uruguayo-1v1.yaml").read_text(encoding="utf-8")


def _refusal(path: Path) -> tuple[str, int | None, str]:
    with pytest.raises(RulesetFileError) as caught:
        load_ruleset_file(path)
    error = caught.value
    assert str(error) == (f"{path}: {error.field or '(top level)'}"
                          f"{f', line {error.line}' if error.line else ''}: {error.message}")
    return error.field, error.line, error.message


def _file(tmp_path: Path, text: str | bytes, name: str = "ruleset.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


NOT_A_RULESET = ("format", 1, "must be 'truco-ruleset/1'")  # what a file past the bounds is told


def _expanded(extra: int) -> str:
    """A document of exactly 99,937 + extra values once its aliases are expanded: a scalar anchor,
    a list anchor, a list anchor made of aliases, and a list of `extra` aliases of the scalar."""
    return ("s: &s 1\n"                                     # 1 for the document, 2: the key, the scalar
            "a: &a [" + ",".join(["*s"] * 9) + "]\n"         # 2 + 9: each alias of s counts 1
            "b: &b [" + ",".join(["*a"] * 9) + "]\n"         # 2 + 9 * 10
            "c: [" + ",".join(["*b"] * 1097) + "]\n"         # 2 + 1,097 * 91 (b stands for 1 + 9 * 10)
            "d: [" + ",".join(["*s"] * extra) + "]\n")       # 2 + extra


def test_the_expanded_size_is_bounded_at_100000_values_aliases_counted_by_what_they_stand_for(
        tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, _expanded(63), "at.yaml")) == NOT_A_RULESET
    assert _refusal(_file(tmp_path, _expanded(64), "over.yaml")) == (
        "", 5, "the file (its aliases expanded) has more than 100,000 values")


def test_nesting_is_bounded_at_64_levels(tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, "a: " + "[" * 63 + "]" * 63 + "\n", "at.yaml")) == NOT_A_RULESET
    assert _refusal(_file(tmp_path, "a:\n  b: " + "[" * 63 + "]" * 63 + "\n", "over.yaml")) == (
        "", 2, "nested more than 64 levels deep")


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, "format: 1\na: &x\n  b: [1, *x]\n")) == (
        "", 3, "the alias *x refers to its own anchor")
    assert _refusal(_file(tmp_path, "a: &x [1]\nb: [*x, *x]\n", "twice.yaml")) == NOT_A_RULESET


def test_the_file_is_read_up_to_one_megabyte(tmp_path: Path) -> None:
    line = b"# " + b"-" * 1021 + b"\n"  # 1,024 bytes
    at = b"a: 1\n" + line * 1023 + b"#" * (1019 - 1) + b"\n"
    assert len(at) == 1 << 20
    assert _refusal(_file(tmp_path, at, "at.yaml")) == NOT_A_RULESET
    assert _refusal(_file(tmp_path, at + b"\n", "over.yaml")) == ("", None, "the file is larger than 1024 KB")


def test_what_is_not_a_readable_regular_utf8_file_is_refused(tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, b"a: \xff\n")) == (
        "", None, "not UTF-8 text (invalid start byte at byte 3)")
    assert _refusal(tmp_path / "absent.yaml") == (
        "", None, "cannot read the file (No such file or directory)")
    (tmp_path / "folder.yaml").mkdir()
    assert _refusal(tmp_path / "folder.yaml") == ("", None, "cannot read the file (not a regular file)")
    if hasattr(os, "mkfifo"):  # a pipe is refused at once, never waited on
        os.mkfifo(tmp_path / "pipe.yaml")
        assert _refusal(tmp_path / "pipe.yaml") == ("", None, "cannot read the file (not a regular file)")


def test_empty_invalid_and_non_mapping_documents(tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, "", "empty.yaml")) == ("", None, "the file is empty")
    assert _refusal(_file(tmp_path, "- 1\n- 2\n", "list.yaml")) == (
        "", 1, "a ruleset file is a mapping of fields (format, name, deck, ...)")
    assert _refusal(_file(tmp_path, "a: [1\nb: 2\n", "bad.yaml")) == (
        "", 2, "not valid YAML: did not find expected ',' or ']'")


def test_a_key_given_twice_is_refused_with_its_path_and_line(tmp_path: Path) -> None:
    assert _refusal(_file(tmp_path, "format: 1\nname: x\ndeck:\n  a: 1\n  a: 2\n")) == (
        "deck.a", 5, "this key is given twice in the same mapping")
    assert _refusal(_file(tmp_path, "format: 1\nrows:\n  - {k: 1}\n  - {k: 1, k: 2}\n", "seq.yaml")) == (
        "rows.1.k", 4, "this key is given twice in the same mapping")
    assert _refusal(_file(tmp_path, "format: 1\nk: {a: 1}\nj: {a: 1}\n", "apart.yaml")) == NOT_A_RULESET


def test_a_bad_field_is_named_at_its_own_line_or_at_its_nearest_parent(tmp_path: Path) -> None:
    own = URUGUAYO.replace("name: uruguayo-1v1", "name: uru-a").replace("target: 40,", "target: -5,")
    line = next(i for i, s in enumerate(URUGUAYO.splitlines(), 1) if s.startswith("match:"))
    assert _refusal(_file(tmp_path, own, "own.yaml")) == ("match.target", line, "must be at least 1, not -5")
    mazo = URUGUAYO.replace("name: uruguayo-1v1", "name: uru-b").replace("mazo: {clause: URU-10}",
                                                                         "mazo: {clause: 7}")
    line = next(i for i, s in enumerate(URUGUAYO.splitlines(), 1) if s.startswith("mazo:"))
    assert _refusal(_file(tmp_path, mazo, "mazo.yaml")) == (
        "mazo.clause", line, "'7' is not a clause ID such as BET-6")


def _refused_at(path: Path) -> tuple[str, str, int | None, str]:
    with pytest.raises(RulesetFileError) as caught:
        load_ruleset_file(path)
    e = caught.value
    return Path(e.file).name, e.field, e.line, e.message


def test_extends_names_a_file_beside_it_never_itself_again_and_at_most_four_deep(tmp_path: Path) -> None:
    (tmp_path / "up.yaml").write_text("format: x\nextends: ../up.yaml\n", encoding="utf-8")
    assert _refused_at(tmp_path / "up.yaml") == (
        "up.yaml", "extends", 2, "names a ruleset file in the same folder, as NAME.yaml")
    (tmp_path / "a.yaml").write_text("format: x\nextends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("# b\nextends: a.yaml\n", encoding="utf-8")
    assert _refused_at(tmp_path / "a.yaml") == (
        "b.yaml", "extends", 2, "a.yaml extends this file again: a circle")
    for depth, ok in ((4, True), (5, False)):
        for i in range(depth):
            (tmp_path / f"d{depth}-{i}.yaml").write_text(f"format: x\n\nextends: d{depth}-{i + 1}.yaml\n",
                                                         encoding="utf-8")
        (tmp_path / f"d{depth}-{depth}.yaml").write_text("name: q\n", encoding="utf-8")
        found = _refused_at(tmp_path / f"d{depth}-0.yaml")
        if ok:  # read whole: refused only for what the merged fields say
            assert found == ("d4-0.yaml", "format", 1, "must be 'truco-ruleset/1'")
        else:
            assert found == ("d5-4.yaml", "extends", 3, "more than 4 files extend one another")


MINEIRO = (ROOT / "spec" / "data" / "rulesets" / "mineiro-1v1-es.yaml").read_text(encoding="utf-8")
GAUDERIO = (ROOT / "spec" / "data" / "rulesets" / "gauderio-pairs-es.yaml").read_text(encoding="utf-8")
_SENAS = GAUDERIO[GAUDERIO.index("\nsenas:") + 1:GAUDERIO.index("\n\n", GAUDERIO.index("\nsenas:")) + 1]


def _line(text: str, start: str) -> int:
    return next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith(start))


@pytest.mark.parametrize(("case", "edit", "field", "at", "message"), [
    ("ten", ("  value: 4\n  decline_payout", "  value: 5\n  decline_payout"), "hand_of_ten.value",
     "  value: 5", "5 is not a value of the truco ladder"),
    ("deal", ("deal: {cards: 3,", "deal: {cards: 4,"), "deal.cards", "deal:", "every seat is dealt 3 cards"),
    ("opening", ("opening: {value: 2,", "opening: {value: 0,"), "truco.opening.value", "  opening:",
     "must be at least 1, not 0"),
    ("senas", ("\nmatch:", "\n" + _SENAS + "match:"), "senas", "  ciego:",  # a block starts at its first key
     "señas are signals between partners: one against one has none"),
])
def test_a_file_whose_fields_contradict_the_game_is_refused_at_the_field(
        tmp_path: Path, case: str, edit: tuple[str, str], field: str, at: str, message: str) -> None:
    text = MINEIRO.replace("name: mineiro-1v1-es", f"name: bad-{case}").replace(*edit, 1)
    assert _refusal(_file(tmp_path, text, f"{case}.yaml")) == (field, _line(text, at), message)


def test_a_deck_without_a_card_pattern_names_cards_rank_then_suit(tmp_path: Path) -> None:
    from fresh_engine import fresh_engine

    text = GAUDERIO.replace("name: gauderio-pairs-es", "name: no-pattern").replace(
        '  card: "{rank}{suit}"  # a card\'s name in records and actions: 1e, 7o, 12c\n', "")
    with fresh_engine() as fresh:  # loaded into the fresh registry, thrown away after
        assert fresh.load_ruleset_file(_file(tmp_path, text)) == "no-pattern"
        game = fresh.Game.new("no-pattern", seed=1, deals=[[["1e", "5e", "7e"], ["4o", "5c", "6b"],
                                                              ["10b", "11b", "12o"], ["4b", "5o", "2c"]]])
        assert [c["card"] for c in game.observation(0)["hand"]] == ["1e", "5e", "7e"]
