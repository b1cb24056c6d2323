"""The glossary (spec/data/glossary.yaml): Truco's words in four languages, each with the clause that
defines it, or the ambiguity register entry for a term that only the register's readings use."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from truco_rules.spec.clause_ids import CLAUSE_ID_RE
from truco_rules.text.languages import LANGS

GLOSSARY_FILE = Path(__file__).resolve().parents[1] / "spec" / "data" / "glossary.yaml"
_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_AMB = re.compile(r"^AMB-\d+$")
_FIELDS = {"id", "names", "means"}
_SHAPES = (_FIELDS | {"clause"}, _FIELDS | {"entry"})


class GlossaryError(ValueError):
    """The glossary file is malformed: the message names the entry and the field."""


@dataclass(frozen=True)
class Term:
    id: str
    clause: str | None  # the clause that defines it; None for a term of a register entry
    names: dict[str, tuple[str, ...]]  # language -> names, the usual one first
    means: dict[str, str]  # language -> one sentence
    entry: str | None = None  # the register entry (AMB-n) whose readings define it, where no clause does
    # The cards the word names, in the rulesets that hold its clause (the zap is 4C in Mineiro):
    # the card pictures write it under them.
    cards: tuple[str, ...] = ()

    @property
    def defined_by(self) -> str:
        """The ID of what defines the term: its clause, or its register entry."""
        return self.clause or self.entry or ""

    def name(self, lang: str) -> str:
        return self.names[lang][0]

    def all_names(self) -> list[str]:
        """Every name in every language, once each, in language order."""
        return list(dict.fromkeys(n for lang in LANGS for n in self.names[lang]))


def _cards(entry: dict[str, object], where: str) -> list[str]:
    cards = entry.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) and c.strip() for c in cards) \
            or (cards and "clause" not in entry):
        raise GlossaryError(f"{where}: cards must be a list of card names, on a term defined by a clause")
    return cards


def load_glossary(path: Path = GLOSSARY_FILE) -> list[Term]:
    """The terms in file order; a missing language, an empty name or a duplicate ID is an error."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, list):
        raise GlossaryError(f"{path.name}: expected a list of terms")
    terms, seen = [], set()
    for i, entry in enumerate(raw, 1):
        where = f"{path.name} entry {i}"
        if not isinstance(entry, dict) or set(entry) - {"cards"} not in _SHAPES:
            raise GlossaryError(f"{where}: expected exactly the fields id, names, means and one of clause "
                                "(a clause ID) or entry (a register entry, AMB-n); cards is optional")
        cards = _cards(entry, where)
        tid = entry["id"]
        if not isinstance(tid, str) or not _ID.match(tid) or tid in seen:
            raise GlossaryError(f"{where}: id {tid!r} is not a new lower-case-with-hyphens ID")
        seen.add(tid)
        names, means = entry["names"], entry["means"]
        for field, value in (("names", names), ("means", means)):
            if not isinstance(value, dict) or set(value) != set(LANGS):
                raise GlossaryError(f"{where} ({tid}): {field} needs exactly the languages "
                                    f"{', '.join(LANGS)}")
        for lang in LANGS:
            if not isinstance(names[lang], list) or not names[lang] or \
                    not all(isinstance(n, str) and n.strip() for n in names[lang]):
                raise GlossaryError(f"{where} ({tid}): names.{lang} must be a non-empty list of words")
            if not isinstance(means[lang], str) or not means[lang].strip():
                raise GlossaryError(f"{where} ({tid}): means.{lang} is empty")
        source = entry.get("clause", entry.get("entry"))
        if not isinstance(source, str) or not (_AMB if "entry" in entry else CLAUSE_ID_RE).match(source):
            kind = ("entry", "a register entry ID (AMB-n)") if "entry" in entry else ("clause", "a clause ID")
            raise GlossaryError(f"{where} ({tid}): {kind[0]} {source!r} is not {kind[1]}")
        terms.append(Term(tid, entry.get("clause"), {k: tuple(v) for k, v in names.items()}, dict(means),
                          entry.get("entry"), tuple(cards)))
    return terms
