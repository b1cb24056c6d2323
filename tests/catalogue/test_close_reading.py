"""The rulebooks read sentence by sentence (spec/data/reading, spec/close_reading.py): every sentence
of every rulebook has an entry, every question, register entry and clause it names exists, every
question is raised by some sentence, and every register entry that quotes a rulebook answers a
question of that rulebook's sentences."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from truco_rules.spec import close_reading
from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.spec.close_reading import (
    ReadingDataError,
    notes_by_line,
    notes_json,
    questions,
    sentence_notes,
)
from truco_rules.spec.coverage import segments_of

CAT = load_catalogue()
DOCS = list(CAT.sources)


@pytest.mark.parametrize("doc", DOCS)
def test_every_sentence_of_the_rulebook_has_an_entry(doc: str) -> None:
    notes = sentence_notes(doc)
    segments = segments_of(CAT.sources[doc])
    assert [(s.line, s.start, s.end) for s in notes] == segments
    assert sum(1 for s in notes if s.open) >= 20, "the reading finds open questions in this rulebook"


def test_every_question_is_in_four_languages_and_raised_by_a_sentence() -> None:
    raised = {p.question.id for doc in DOCS for s in sentence_notes(doc) for p in s.open}
    for q in questions().values():
        assert sorted(q.text) == sorted(LANGUAGES), q.id
        assert q.id in raised, f"question {q.id} is raised by no sentence"
        assert q.answers or q.unanswered, q.id


def test_every_id_the_reading_names_exists() -> None:
    for q in questions().values():
        for answer in q.answers:
            assert answer in CAT.ambiguities or answer in CAT.clauses, f"{q.id}: {answer}"


def test_a_conflict_names_both_sentences_and_the_other_one_exists() -> None:
    for doc in DOCS:
        for s in sentence_notes(doc):
            for p in s.open:
                if p.question.kind == "conflict":
                    assert p.conflicts_with, f"{doc} line {s.line}: {p.question.id}"
                for other, line in p.conflicts_with:
                    assert line in notes_by_line(other), f"{doc} line {s.line}: {other} line {line}"


def test_every_register_entry_that_quotes_a_rulebook_answers_a_question_of_it() -> None:
    """An entry that concerns the ruleset of rulebook X and quotes X answers an open question of
    some sentence of X (a quote of another rulebook, given for comparison, does not count)."""
    answered = {(doc, a) for doc in DOCS for s in sentence_notes(doc) for a in s.register_entries}
    ruleset_of = {rs.doc: rs.name for rs in CAT.rulesets.values() if rs.doc is not None}
    for amb in CAT.ambiguities.values():
        for doc in {q.doc for r in amb.readings for q in r.sources}:
            if ruleset_of[doc] in amb.defaults:
                assert (doc, amb.id) in answered, f"{amb.id} {amb.key} quotes {doc}, answers none of its"


def test_a_sentence_is_answered_only_by_the_register_entries_of_its_rulebook() -> None:
    """target-reached is asked of 000, 001 and 003; AMB-25 (when envido and flor points count)
    answers it for 003 only: the Mineiro rulebooks have neither envido nor flor, and no Mineiro
    ruleset reads the entry."""
    for doc in DOCS:
        for s in sentence_notes(doc):
            for p in s.open:
                assert set(p.answers) <= set(p.question.answers), (doc, s.line)
                for amb_id in p.register_entries:
                    amb = CAT.ambiguities[amb_id]
                    quoted = any(doc in CAT.clauses[c].docs() for c in amb.clauses)
                    read = any(CAT.rulesets[rs].doc == doc for rs in amb.defaults)
                    assert quoted or read, f"{doc} line {s.line}: {amb_id} does not apply to {doc}"
    for doc in ("000", "001"):
        asked = [(s, o) for s in notes_json(doc) for o in s["open"] if o["question"] == "target-reached"]
        assert asked, doc
        for sentence, point in asked:
            assert point["answers"] == ["MAT-1", "AMB-59"], (doc, sentence["line"])
            assert "AMB-25" not in sentence["register_entries"], (doc, sentence["line"])
    gauderio = [o for s in notes_json("003") for o in s["open"] if o["question"] == "target-reached"]
    assert gauderio and all(o["answers"] == ["MAT-1", "AMB-25", "AMB-59"] for o in gauderio)


def test_a_question_that_nothing_of_its_rulebook_answers_is_refused(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Without MAT-1 and AMB-59, target-reached would be answered in 000 by nothing that applies to
    000 (and it does not say why): the reading does not load."""
    source = close_reading.READING_DIR
    for name in ("000.yaml", "001.yaml", "002.yaml", "003.yaml"):
        (tmp_path / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (source / "questions.yaml").read_text(encoding="utf-8")
    assert "  answers: [MAT-1, AMB-25, AMB-59]\n" in text
    text = text.replace("  answers: [MAT-1, AMB-25, AMB-59]\n", "  answers: [AMB-25]\n")
    (tmp_path / "questions.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(close_reading, "READING_DIR", tmp_path)
    close_reading.questions.cache_clear()
    close_reading.sentence_notes.cache_clear()
    try:
        with pytest.raises(ReadingDataError, match="nothing that applies to 000 answers target-reached"):
            close_reading.sentence_notes("000")
        assert close_reading.sentence_notes("003"), "in 003, AMB-25 applies"
    finally:
        close_reading.questions.cache_clear()
        close_reading.sentence_notes.cache_clear()


def test_the_page_data_gives_each_sentence_its_questions_in_one_language() -> None:
    data = notes_json("000", "es")
    assert len(data) == len(sentence_notes("000"))
    last = data[-1]
    assert last["line"] == 37 and "pierde el juego" in last["text"]
    assert {"AMB-9", "AMB-37", "AMB-10"} <= set(last["register_entries"])
    asked = {o["question"]: o for o in last["open"]}
    assert asked["game-or-match"]["term"] == "pierde el juego"
    assert asked["ten-penalty"]["conflicts_with"] == [{"doc": "002", "line": 89}]
    assert asked["ten-call"]["text"].startswith("El truco es el pedido")
    assert json.loads(json.dumps(notes_json("003")))[0]["open"] == []
    with pytest.raises(ReadingDataError, match="unknown language"):
        notes_json("000", "fr")


def test_a_missing_sentence_or_a_wrong_term_is_refused(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks have teeth: a reading that skips a sentence, or quotes a term the sentence does
    not hold, does not load."""
    source = close_reading.READING_DIR
    for name in ("questions.yaml", "000.yaml", "001.yaml", "002.yaml", "003.yaml"):
        (tmp_path / name).write_text((source / name).read_text(encoding="utf-8"), encoding="utf-8")
    entries = yaml.safe_load((source / "000.yaml").read_text(encoding="utf-8"))
    monkeypatch.setattr(close_reading, "READING_DIR", tmp_path)
    close_reading.sentence_notes.cache_clear()
    try:
        (tmp_path / "000.yaml").write_text(yaml.safe_dump(entries[:-1], allow_unicode=True), encoding="utf-8")
        with pytest.raises(ReadingDataError, match="entries for"):
            close_reading.sentence_notes("000")
        close_reading.sentence_notes.cache_clear()
        entries[-1]["open"][0]["term"] = "pedir seis"
        (tmp_path / "000.yaml").write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
        with pytest.raises(ReadingDataError, match="not in the sentence"):
            close_reading.sentence_notes("000")
    finally:
        close_reading.sentence_notes.cache_clear()
