"""The rulebooks read sentence by sentence: for every sentence, its open questions (a term it
leaves undefined, a case it does not cover, a sentence it conflicts with) and the register entries
or clauses that answer them.

Data: spec/data/reading/questions.yaml (the questions, in four languages) and one file per rulebook,
spec/data/reading/NNN.yaml, with an entry for every sentence of truco_rules.spec.coverage's segmentation. The
files are checked when loaded: an entry per sentence in order, every question, register entry and
clause they name exists, a term is verbatim in its sentence, a conflicting sentence exists. A
sentence is answered only by the register entries that apply to its rulebook (`applies_to`).

For the annotated rulebook pages: `sentence_notes(doc)` gives every sentence of a rulebook with its
notes; `notes_by_line(doc)` groups them by line; `notes_json(doc)` gives the same as plain data.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from truco_rules.spec.catalogue import DATA_DIR, LANGUAGES, Text, load_catalogue
from truco_rules.spec.coverage import segments_of

READING_DIR = DATA_DIR / "reading"
KINDS: tuple[str, ...] = ("undefined", "uncovered", "conflict")


class ReadingDataError(Exception):
    """The sentence-by-sentence reading is inconsistent with the rulebooks or the catalogue."""


@dataclass(frozen=True)
class Question:
    """An open question of the rulebooks and what answers it."""

    id: str
    kind: str  # undefined | uncovered | conflict
    text: Text
    answers: tuple[str, ...]  # register entries (AMB-n) and clauses (a term another clause defines)
    unanswered: Text | None = None  # what the answers leave open, and why no register entry does

    @property
    def register_entries(self) -> tuple[str, ...]:
        return tuple(a for a in self.answers if a.startswith("AMB-"))

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(a for a in self.answers if not a.startswith("AMB-"))


@dataclass(frozen=True)
class OpenPoint:
    """One open question as a sentence raises it."""

    question: Question
    # What answers it in this sentence's rulebook: the question's clauses, and those of its register
    # entries that apply to the rulebook (a question asked of several rulebooks may be answered by
    # an entry of one of them only); see `applies_to`.
    answers: tuple[str, ...]
    term: str | None = None  # the words of the sentence the question is about (verbatim)
    conflicts_with: tuple[tuple[str, int], ...] = ()  # (rulebook, line) of the conflicting sentences

    @property
    def register_entries(self) -> tuple[str, ...]:
        return tuple(a for a in self.answers if a.startswith("AMB-"))


@dataclass(frozen=True)
class SentenceNotes:
    """A sentence of a rulebook (truco_rules.spec.coverage's segmentation) and its open questions."""

    doc: str
    line: int
    start: int  # character offsets in the rulebook's text
    end: int
    text: str
    open: tuple[OpenPoint, ...]

    @property
    def register_entries(self) -> tuple[str, ...]:
        """The register entries that answer the sentence's questions, in the register's order."""
        ids = {a for p in self.open for a in p.register_entries}
        return tuple(sorted(ids, key=lambda a: int(a.split("-")[1])))

    @property
    def clauses(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for p in self.open for c in p.question.clauses))


def applies_to(amb_id: str, doc: str) -> bool:
    """Whether register entry `amb_id` concerns rulebook `doc`: one of its clauses is quoted from
    the rulebook, or a ruleset encoding the rulebook reads it."""
    cat = load_catalogue()
    amb = cat.ambiguities[amb_id]
    return (any(doc in cat.clauses[c].docs() for c in amb.clauses)
            or any(cat.rulesets[rs].doc == doc for rs in amb.defaults))


def _text(raw: Any, where: str) -> Text:
    if not isinstance(raw, Mapping) or sorted(raw) != sorted(LANGUAGES):
        raise ReadingDataError(f"{where}: the text must be given in {', '.join(LANGUAGES)}")
    return dict(raw)


def _load(name: str) -> Any:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with (READING_DIR / name).open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=loader)


@functools.cache
def questions() -> Mapping[str, Question]:
    """Every open question, by ID, checked against the catalogue."""
    cat = load_catalogue()
    out: dict[str, Question] = {}
    for raw in _load("questions.yaml"):
        qid = str(raw["id"])
        if qid in out:
            raise ReadingDataError(f"question {qid} is given twice")
        if raw["kind"] not in KINDS:
            raise ReadingDataError(f"question {qid}: unknown kind {raw['kind']!r}")
        answers = tuple(str(a) for a in raw.get("answers", ()))
        unknown = [a for a in answers if a not in cat.ambiguities and a not in cat.clauses]
        if unknown:
            raise ReadingDataError(f"question {qid}: no register entry or clause {', '.join(unknown)}")
        unanswered = _text(raw["unanswered"], f"question {qid} unanswered") if "unanswered" in raw else None
        if not answers and unanswered is None:
            raise ReadingDataError(f"question {qid}: nothing answers it, and it does not say why")
        out[qid] = Question(id=qid, kind=raw["kind"], text=_text(raw["text"], f"question {qid}"),
                            answers=answers, unanswered=unanswered)
    return out


@functools.cache
def sentence_notes(doc: str) -> tuple[SentenceNotes, ...]:
    """Every sentence of rulebook `doc` ("000".."003"), in order, with its open questions."""
    cat = load_catalogue()
    if doc not in cat.sources:
        raise ReadingDataError(f"no rulebook {doc!r}")
    source = cat.sources[doc]
    segments = segments_of(source)
    entries = _load(f"{doc}.yaml")
    if len(entries) != len(segments):
        raise ReadingDataError(f"{doc}: {len(entries)} entries for {len(segments)} sentences")
    qs = questions()
    out = []
    for (line, start, end), entry in zip(segments, entries, strict=True):
        text = source.text[start:end].strip()
        if entry["line"] != line or entry["text"] != text:
            raise ReadingDataError(f"{doc}: entry of line {entry['line']} ({entry['text'][:40]!r}) is not "
                                   f"the sentence of line {line} ({text[:40]!r})")
        points = []
        for item in entry["open"] or ():
            q = qs.get(str(item["q"]))
            if q is None:
                raise ReadingDataError(f"{doc} line {line}: no question {item['q']!r}")
            term = item.get("term")
            if term is not None and term not in text:
                raise ReadingDataError(f"{doc} line {line}: {term!r} is not in the sentence")
            conflicts = tuple((str(w["doc"]), int(w["line"])) for w in item.get("with", ()))
            for other, other_line in conflicts:
                lines = {s[0] for s in segments_of(cat.sources[other])} if other in cat.sources else set()
                if other_line not in lines:
                    raise ReadingDataError(f"{doc} line {line}: no sentence at {other} line {other_line}")
            if q.kind == "conflict" and not conflicts:
                raise ReadingDataError(f"{doc} line {line}: {q.id} is a conflict: name the other sentence")
            answers = tuple(a for a in q.answers if not a.startswith("AMB-") or applies_to(a, doc))
            if not answers and q.unanswered is None:
                raise ReadingDataError(f"{doc} line {line}: nothing that applies to {doc} answers {q.id}, "
                                       "and it does not say why")
            points.append(OpenPoint(question=q, answers=answers, term=term, conflicts_with=conflicts))
        out.append(SentenceNotes(doc=doc, line=line, start=start, end=end, text=text, open=tuple(points)))
    return tuple(out)


def notes_by_line(doc: str) -> dict[int, tuple[SentenceNotes, ...]]:
    """The sentences of rulebook `doc` grouped by line (a line may hold several sentences)."""
    grouped: dict[int, list[SentenceNotes]] = {}
    for s in sentence_notes(doc):
        grouped.setdefault(s.line, []).append(s)
    return {line: tuple(items) for line, items in grouped.items()}


def notes_json(doc: str, lang: str | None = None) -> list[dict[str, Any]]:
    """The notes of rulebook `doc` as plain data, for a page: per sentence its line, text, offsets,
    open questions (kind, question, term, conflicting sentences, answers) and register entries.
    With `lang`, texts in that language only; without, in all four."""
    if lang is not None and lang not in LANGUAGES:
        raise ReadingDataError(f"unknown language {lang!r}; valid choices: {', '.join(LANGUAGES)}")

    def pick(text: Text | None) -> Any:
        if text is None:
            return None
        return text[lang] if lang is not None else dict(text)

    return [
        {
            "line": s.line, "start": s.start, "end": s.end, "text": s.text,
            "open": [
                {"question": p.question.id, "kind": p.question.kind, "text": pick(p.question.text),
                 "term": p.term, "conflicts_with": [{"doc": d, "line": n} for d, n in p.conflicts_with],
                 "answers": list(p.answers), "unanswered": pick(p.question.unanswered)}
                for p in s.open
            ],
            "register_entries": list(s.register_entries),
        }
        for s in sentence_notes(doc)
    ]
