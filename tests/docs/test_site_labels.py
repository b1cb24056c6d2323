"""The site's words: the label tables of the frame (site, reader pages, ruleset pages, words shared
with the command line) are one table, each label one text per language, no key given twice."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from truco_cli.words import LANGS, in_language, label_table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs/hooks"))

from site_labels import MissingLabel, label


def test_the_tables_merge_into_one_and_each_language_reads_its_own_text() -> None:
    table = label_table({"a": ("uno", "one", "uno", "um")}, {"b": ("dos", "two", "due", "dois")})
    assert table == {"a": ("uno", "one", "uno", "um"), "b": ("dos", "two", "due", "dois")}
    assert [in_language(table["b"], lang) for lang in LANGS] == ["dos", "two", "due", "dois"]


def test_a_key_in_two_tables_is_refused_not_replaced() -> None:
    with pytest.raises(ValueError, match="'a' is defined twice"):
        label_table({"a": ("uno", "one", "uno", "um")}, {"a": ("otro", "other", "altro", "outro")})


def test_an_entry_that_is_not_four_texts_is_refused() -> None:
    with pytest.raises(ValueError, match="'a' is not one text per language"):
        label_table({"a": ("uno", "one", "uno")})  # type: ignore[dict-item]


def test_the_sites_labels_come_from_each_of_its_tables() -> None:
    # one key from each table site_labels merges: its own, the reader pages', the ruleset pages', the shared
    for key, en in [("home", "Home"), ("s_glossary", "Glossary"), ("rs_origin", "Origin"), ("a_gap", "gap")]:
        assert label(key, "en") == en
    assert label("home", "pt") == "Início"
    with pytest.raises(MissingLabel):
        label("no-such-label", "en")
