"""The record-format page: its field descriptions in the reader's language, its field names whole."""

from __future__ import annotations

import json
import re

import pytest

from truco_rules.site.hooks import _CSS
from truco_rules.site.site_tables import field_name
from truco_rules.spec.catalogue import SCHEMAS_DIR
from truco_rules.text.catalogues import gettext
from truco_rules.text.languages import LANGS
from truco_rules.text.schema_words import descriptions

SCHEMA = json.loads((SCHEMAS_DIR / "record.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_description_is_in_the_language(lang: str) -> None:
    same = [d for d in descriptions(SCHEMA) if gettext(d, lang) == d]
    assert not same, f"{lang}: descriptions left in English: {same}"


def test_a_field_name_breaks_only_after_a_dot() -> None:
    code = field_name("hands[].result.side_points")
    assert code == '<code class="field-name">hands[].<wbr>result.<wbr>side_points</code>'
    assert re.search(r"code\.field-name \{[^}]*word-break: normal;[^}]*overflow-wrap: normal", _CSS)
