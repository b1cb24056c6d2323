"""The site's words: the keys the pages use name English messages of the gettext catalogues, and
each language reads its own text; an unknown key fails the build."""

from __future__ import annotations

import pytest

from truco_rules.site.site_labels import MissingLabel, label
from truco_rules.text.languages import LANGS


def test_the_sites_labels_come_from_the_catalogues() -> None:
    # a key of the frame, of the reader pages, of the ruleset pages, and one shared with the CLI
    for key, en in [("home", "Home"), ("s_glossary", "Glossary"), ("rs_origin", "Origin"), ("a_gap", "gap")]:
        assert label(key, "en") == en
    assert [label("home", lang) for lang in LANGS] == ["Inicio", "Home", "Inizio", "Início"]
    assert label("rs_nav", "it") == "Regolamenti eseguibili"  # "Rulesets", told apart by its context


def test_an_unknown_label_is_refused() -> None:
    with pytest.raises(MissingLabel):
        label("no-such-label", "en")
