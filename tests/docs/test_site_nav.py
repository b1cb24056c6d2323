"""The site's navigation names what a reader looks for: the rulebooks by the game they state."""

from __future__ import annotations

import pytest

from truco_rules.site.hooks import _nav
from truco_rules.site.site_md import Ctx
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text.languages import LANGS

CAT = load_catalogue()


def _section(nav: list[dict[str, object]], title: str) -> dict[str, str]:
    entries = next(v for item in nav for k, v in item.items() if k == title)
    assert isinstance(entries, list)
    return {k: v for entry in entries for k, v in entry.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebooks_are_listed_by_title(lang: str) -> None:
    ctx = Ctx(lang=lang, cat=CAT, coverage={}, trace=None, warn=print)
    books = _section(_nav(ctx), ctx.t("rulebooks"))
    assert len(books) == len(CAT.sources)
    for doc in CAT.sources:
        name = next(k for k, v in books.items() if v == f"rulebooks/{doc}.md")
        assert name != doc and name.endswith(f" · {doc}"), name
        titles = [rs.title[lang] for rs in CAT.rulesets.values() if rs.doc == doc]
        assert titles and all(t in name for t in titles), (name, titles)
