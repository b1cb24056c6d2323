"""The words shown to people: every message of the code is in the gettext catalogues of every
language, translated; the catalogues give each language its own text and plural forms."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from truco_rules.text.catalogues import MissingMessage, gettext, ngettext, pgettext, po_file, template_file
from truco_rules.text.languages import LANGS, SOURCE_LANG
from truco_rules.text.message_check import ROOT, SOURCE_PATHS, problems

TRANSLATED = [lang for lang in LANGS if lang != SOURCE_LANG]


def test_every_message_is_translated_in_every_language() -> None:
    assert problems() == []


def _planted(tmp_path: Path, source: str) -> list[str]:
    """The problems found with one more source file, beside the project's own code."""
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "new_words.py").write_text(source, encoding="utf-8")
    return problems(dirs=[*SOURCE_PATHS, planted])


def test_a_new_message_without_translations_is_caught(tmp_path: Path) -> None:
    found = _planted(tmp_path, 'from truco_rules.text.catalogues import gettext\n\n'
                               'def f(lang):\n    return gettext("A planted message", lang)\n')
    assert ("'A planted message' is not in the template: run pybabel extract"
            " (truco_rules/text/locale/README.md)" in found)
    assert {f"{lang}: 'A planted message' is missing: run pybabel update, then translate it"
            for lang in TRANSLATED} <= set(found)


def test_an_untranslated_or_broken_message_is_caught(tmp_path: Path) -> None:
    """Emptied in one catalogue, and given a placeholder of its own in another: both are named."""
    es, it = tmp_path / "es.po", tmp_path / "it.po"
    shutil.copy(po_file("es"), es)
    shutil.copy(po_file("it"), it)
    es.write_text(es.read_text(encoding="utf-8").replace('msgstr "Inicio"', 'msgstr ""'), encoding="utf-8")
    it.write_text(it.read_text(encoding="utf-8").replace('msgstr "Inizio"', 'msgstr "Inizio {x}"'),
                  encoding="utf-8")
    found = problems(catalogues={"es": es, "it": it})
    assert found == ["es: 'Home' is not translated",
                     "it: 'Home' has a placeholder its English text does not have"]


def test_a_message_no_catalogue_holds_is_an_error_not_english() -> None:
    for lang in LANGS:
        with pytest.raises(MissingMessage, match="never written"):
            gettext("A message never written", lang)


def test_each_language_reads_its_own_text() -> None:
    assert [gettext("Home", lang) for lang in LANGS] == ["Inicio", "Home", "Inizio", "Início"]
    assert gettext("{doc}, line {line}", "it", doc="002", line=7) == "002, riga 7"


def test_plural_forms_follow_each_language() -> None:
    assert [ngettext("{n} point", "{n} points", 1, lang) for lang in LANGS] == \
        ["1 punto", "1 point", "1 punto", "1 ponto"]
    assert [ngettext("{n} point", "{n} points", 3, lang) for lang in LANGS] == \
        ["3 puntos", "3 points", "3 punti", "3 pontos"]


def test_a_context_tells_apart_the_same_english_words() -> None:
    """"Rulesets" heads the CLI's list, a clause page's list and the site's navigation: three texts."""
    assert gettext("Rulesets", "es") == "Reglamentos"
    assert pgettext("the rulesets that hold a clause", "Rulesets", "es") == "Reglamentos que la contienen"
    assert pgettext("the site's navigation", "Rulesets", "es") == "Reglamentos ejecutables"


def test_the_catalogues_are_package_data() -> None:
    """Installed with the package (pyproject's package-data), read as they are: nothing to compile."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    patterns = data["package-data"]["truco_rules.text"]
    for path in [template_file(), *(po_file(lang) for lang in TRANSLATED)]:
        relative = path.relative_to(ROOT / "truco_rules" / "text").as_posix()
        assert any(Path(relative).match(p) for p in patterns), relative
