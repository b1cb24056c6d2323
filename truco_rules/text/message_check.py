"""Whether the words are complete: every message the code marks for translation, read as
`pybabel extract` reads it (babel.cfg), must be in the template (locale/truco.pot) and translated in
each catalogue, with the placeholders of its English text. tests/catalogue/test_messages.py runs it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po

from truco_rules.text.catalogues import forms_of, po_file, template_file
from truco_rules.text.languages import LANGS, SOURCE_LANG

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIRS = ("truco_rules/cli", "truco_rules/text", "truco_rules/site")  # as babel.cfg lists them, with:
SOURCE_FILES = ("scripts/mutation_report.py", "spec/schemas/record.schema.json")  # the schema's descriptions
SOURCE_PATHS = tuple(ROOT / path for path in SOURCE_DIRS + SOURCE_FILES)
KEYWORDS = {**DEFAULT_KEYWORDS, "pN_": ((1, "c"), 2)}
_PLACEHOLDER = re.compile(r"\{(\w*)\}")

Key = tuple[str | None, str]  # (context, message ID); a plural message by its singular


def marked_messages(paths: Iterable[Path]) -> dict[Key, tuple[str, ...]]:
    """(context, message ID) -> its English forms (one, or singular and plural), for every message
    marked in the Python files `paths` name (a folder: every file in it)."""
    found: dict[Key, tuple[str, ...]] = {}
    for path in paths:
        if path.suffix == ".json":  # a schema: its field descriptions (truco_rules/text/schema_words.py)
            import json

            from truco_rules.text.schema_words import descriptions

            schema = json.loads(path.read_text(encoding="utf-8"))
            messages: list[tuple[Any, str | None]] = [(m, None) for m in descriptions(schema)]
        elif path.is_dir():
            messages = [(m, c) for _f, _l, m, _com, c in extract_from_dir(path, keywords=KEYWORDS)]
        else:
            messages = [(m, c) for _l, m, _com, c in extract_from_file("python", path, keywords=KEYWORDS)]
        for message, context in messages:
            forms = forms_of(message)
            found[(context, forms[0])] = forms
    return found


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def _name(key: Key) -> str:
    return repr(key[1]) + (f" (context {key[0]!r})" if key[0] else "")


def problems(dirs: Iterable[Path] = SOURCE_PATHS,
             template: Path | None = None, catalogues: dict[str, Path] | None = None) -> list[str]:
    """What is missing or wrong, one line each; [] when every language has every word."""
    marked = marked_messages(dirs)
    with (template or template_file()).open("rb") as f:
        pot = {(m.context, forms_of(m.id)[0]): m for m in read_po(f) if m.id}
    out = [f"{_name(k)} is not in the template: run pybabel extract (truco_rules/text/locale/README.md)"
           for k in marked if k not in pot]
    out += [f"{_name(k)} is in the template but no longer in the code" for k in pot if k not in marked]
    for lang in LANGS:
        if lang == SOURCE_LANG:
            continue
        path = (catalogues or {}).get(lang) or po_file(lang)
        with path.open("rb") as f:
            po = {(m.context, forms_of(m.id)[0]): m for m in read_po(f, locale=lang) if m.id}
        for key, english in marked.items():
            m = po.get(key)
            strings = () if m is None else forms_of(m.string)
            if m is None:
                out.append(f"{lang}: {_name(key)} is missing: run pybabel update, then translate it")
            elif not all(strings) or m.fuzzy:
                out.append(f"{lang}: {_name(key)} is not translated" + (" (marked fuzzy)" if m.fuzzy else ""))
            elif any(_placeholders(s) - set().union(*map(_placeholders, english)) for s in strings):
                out.append(f"{lang}: {_name(key)} has a placeholder its English text does not have")
    return out
