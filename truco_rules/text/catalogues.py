"""Words in the reader's language, from gettext catalogues: `locale/<lang>/LC_MESSAGES/truco.po`.

Message IDs are the English texts; `gettext`, `ngettext` and `pgettext` take the language as an
argument (one process writes all four editions of the site), and fill `{placeholders}` with
str.format when given values. `N_` marks a message that is looked up later (a table of words).

The .po files are read directly with Babel, once per process, rather than compiled to .mo: an
editable install and a checkout then need no build step, the package data holds exactly what is
reviewed, and no compiled file can go stale beside its source. A message that no catalogue holds,
or holds untranslated, raises MissingMessage: the site's strict build fails on it, and
tests/catalogue/test_messages.py finds it before that.
"""

from __future__ import annotations

import functools
import gettext as _gettext
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

from truco_rules.text.languages import LANGS, SOURCE_LANG

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "truco"


class MissingMessage(LookupError):
    """A message that the catalogue of a language lacks, or holds with no translation."""


@dataclass(frozen=True)
class Catalogue:
    """One language's messages: (context, message ID) -> its text, or its plural forms."""

    lang: str
    messages: dict[tuple[str | None, str], str | tuple[str, ...]]
    plural: Callable[[int], int]


def po_file(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_file() -> Path:
    return LOCALE_DIR / f"{DOMAIN}.pot"


def forms_of(text: object) -> tuple[str, ...]:
    """A message's text as a tuple of its forms (one, or one per plural form)."""
    if isinstance(text, str):
        return (text,)
    return tuple(str(t) for t in text) if isinstance(text, (tuple, list)) else ("",)


def read_catalogue(path: Path, lang: str) -> Catalogue:
    """The messages of a .po (or, for the source language, .pot) file."""
    with path.open("rb") as f:
        cat = read_po(f, locale=None if lang == SOURCE_LANG else lang)
    messages: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for m in cat:
        if not m.id:
            continue  # the header
        ids = forms_of(m.id)
        # the English text is the message ID itself
        forms = ids if lang == SOURCE_LANG else forms_of(m.string)
        messages[(m.context, ids[0])] = forms if len(forms) > 1 else forms[0]
    plural = (lambda n: int(n != 1)) if lang == SOURCE_LANG else _gettext.c2py(cat.plural_expr)
    return Catalogue(lang, messages, plural)


@functools.cache
def catalogue(lang: str) -> Catalogue:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; valid choices: {', '.join(LANGS)}")
    return read_catalogue(template_file() if lang == SOURCE_LANG else po_file(lang), lang)


def _lookup(lang: str, context: str | None, msgid: str) -> str | tuple[str, ...]:
    found = catalogue(lang).messages.get((context, msgid))
    if not found or (isinstance(found, tuple) and not all(found)):
        where = f" (context {context!r})" if context else ""
        raise MissingMessage(f"no {lang} text for the message {msgid!r}{where}")
    return found


def _fill(text: str, fill: dict[str, object]) -> str:
    return text.format(**fill) if fill else text


def gettext(msgid: str, lang: str, /, **fill: object) -> str:
    """The text of `msgid` in `lang`, its placeholders filled from `fill`."""
    return pgettext(None, msgid, lang, **fill)


def pgettext(context: str | None, msgid: str, lang: str, /, **fill: object) -> str:
    """As gettext, for a message whose English is the same as another's but whose meaning is not."""
    found = _lookup(lang, context, msgid)
    return _fill(found if isinstance(found, str) else found[0], fill)


def ngettext(singular: str, plural: str, n: int, lang: str, /, **fill: object) -> str:
    """The form of the message for the number n in `lang` ({n} is filled with n)."""
    found = _lookup(lang, None, singular)
    forms = found if isinstance(found, tuple) else (found,)
    cat = catalogue(lang)
    if lang == SOURCE_LANG and forms[-1] != plural:
        raise MissingMessage(f"the plural of {singular!r} is {forms[-1]!r} in the catalogue, not {plural!r}")
    index = min(cat.plural(n), len(forms) - 1)
    return forms[index].format(n=n, **fill)


def N_(msgid: str) -> str:
    """Marks a message for extraction that is translated later, where it is shown."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A message with a context, kept in a table of words to be translated where it is shown."""

    context: str
    id: str


def pN_(context: str, msgid: str) -> Message:
    """As N_, for a message with a context (see pgettext)."""
    return Message(context, msgid)


def translate(message: str | Message, lang: str, /, **fill: object) -> str:
    """A message marked with N_ or pN_, in `lang`."""
    if isinstance(message, Message):
        return pgettext(message.context, message.id, lang, **fill)
    return gettext(message, lang, **fill)
