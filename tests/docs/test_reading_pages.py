"""The close reading on the site: every sentence's open questions on the annotated rulebook pages,
with the register entries and clauses that answer them; the register's way back to those sentences;
and the ruleset pages' account, in the register's words, of how each part is played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from page_text import section, squeezed, text_of

from truco_rules.site import ruleset_words
from truco_rules.site.site_labels import label
from truco_rules.site.site_rulesets import (
    ENVIDO_READINGS,
    FLOR_READINGS,
    IRON_READINGS,
    LADDER_READINGS,
    TEN_READINGS,
)
from truco_rules.spec.catalogue import LANGUAGES, load_catalogue
from truco_rules.spec.close_reading import notes_json
from truco_rules.spec.rules.ruleset import Rules

ROOT = Path(__file__).resolve().parents[2]

CAT = load_catalogue()


def _line_block(page: str, doc: str, line: int) -> str:
    """The HTML of one line of a rulebook page and what follows it up to the next line."""
    start = page.index(f'id="l{line}"')
    nxt = re.search(r'id="l\d+"', page[start + 5:])
    return page[start: start + 5 + nxt.start()] if nxt else page[start:]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_open_question_stands_under_its_sentence_with_what_answers_it(site, lang: str) -> None:
    for doc in CAT.sources:
        page = site.html(lang, f"rulebooks/{doc}")
        asked = 0
        for sentence in notes_json(doc, lang):
            if not sentence["open"]:
                continue
            block = _line_block(page, doc, sentence["line"])
            text = text_of("<article>" + block + "</article>")
            for point in sentence["open"]:
                asked += 1
                assert squeezed(point["text"]) in squeezed(text), (doc, sentence["line"], point["question"])
                assert label("q_" + point["kind"], lang) in text
                if point["term"] and doc != "003":  # 003's terms are shown as its editorial reading has them
                    assert f"«{point['term']}»" in text, (doc, sentence["line"], point["term"])
                for ref in point["answers"]:
                    family = ref.rsplit("-", 1)[0].lower()
                    page_of = "ambiguities" if family == "amb" else f"rules/{family}"
                    assert f'href="../../{page_of}/#{ref.lower()}"' in block, (doc, sentence["line"], ref)
                for other in point["conflicts_with"]:
                    target = "./" if other["doc"] == doc else f"../{other['doc']}/"
                    assert f'href="{target}#l{other["line"]}"' in block, (doc, sentence["line"], other)
                if point["unanswered"]:
                    assert squeezed(point["unanswered"]) in squeezed(text)
        assert asked and page.count(label("open_questions", lang)) >= 1, doc


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_answer_shows_the_reading_this_rulebooks_ruleset_takes(site, lang: str) -> None:
    """000 line 8's question about the pack is answered by AMB-13, whose default for 000 is forty-cards."""
    block = _line_block(site.html(lang, "rulebooks/000"), "000", 8)
    assert 'href="../../ambiguities/#amb-13-forty-cards"' in block


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_shows_only_the_register_entries_of_its_rulebook(site, lang: str) -> None:
    """000 line 10 ('Hacer 12 puntos') asks when the target is reached: MAT-1 answers it; AMB-25
    (when envido and flor points count) answers the same question for 003 only."""
    block = _line_block(site.html(lang, "rulebooks/000"), "000", 10)
    assert 'href="../../rules/mat/#mat-1"' in block
    assert "#amb-25" not in block and "AMB-25" not in text_of("<article>" + block + "</article>")
    assert "#amb-25" in _line_block(site.html(lang, "rulebooks/003"), "003", 29)
    register = section(site.html(lang, "ambiguities"), "amb-25")
    assert 'href="../rulebooks/003/#l29"' in register and "../rulebooks/000/" not in register


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_register_links_each_entry_to_the_sentences_that_raise_it(site, lang: str) -> None:
    page = site.html(lang, "ambiguities")
    for amb in CAT.ambiguities.values():
        entry = section(page, amb.id.lower())
        raised = {(doc, s["line"]) for doc in CAT.sources for s in notes_json(doc)
                  if amb.id in s["register_entries"]}
        for doc, line in raised:
            assert f'href="../rulebooks/{doc}/#l{line}"' in entry, (amb.id, doc, line)
        if raised:
            assert label("raised_by", lang) in text_of("<article>" + entry + "</article>")


_SECTIONS = {"ladder": LADDER_READINGS, "hand-of-ten": TEN_READINGS, "iron-hand": IRON_READINGS,
             "envido": ENVIDO_READINGS, "flor": FLOR_READINGS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_ruleset_page_says_how_it_is_played_in_the_registers_words(site, lang: str) -> None:
    shown = 0
    for name in CAT.rulesets:
        page = site.html(lang, f"rulesets/{name}")
        rules = Rules.of(name)
        for anchor, entries in _SECTIONS.items():
            if f'id="{anchor}"' not in page:
                continue
            part = section(page, anchor)
            text = text_of("<article>" + part + "</article>")
            for key_label, key in entries:
                reading = rules.reading(key)
                if reading is None:
                    continue
                amb = CAT.ambiguity(key)
                shown += 1
                # the register's words, or the ruleset's own numbers where the register's are the
                # rulebooks' (the hand of ten: truco_rules.site.ruleset_words)
                said = ruleset_words.how_label(key, rules, lang) or label(key_label, lang)
                assert said in text, (name, key)
                summary = (ruleset_words.summary(key, reading, rules, lang)
                           or amb.reading(reading).summary[lang])
                assert squeezed(summary) in squeezed(text), (name, key)
                assert f'href="../../ambiguities/#{amb.id.lower()}-{reading}"' in part, (name, key)
    assert shown >= 20


def _flor_part(site, lang: str, name: str) -> str:
    return text_of("<article>" + section(site.html(lang, f"rulesets/{name}"), "flor") + "</article>")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_flor_asked_about_truco_follows_the_rulesets_readings(site, lang: str) -> None:
    """Gauderio (AMB-29 truco-closes-envido): a player holding flor who is asked about truco can no
    longer sing it; in pairs, under envido-first only the seat answering the truco could (AMB-16).
    Uruguayan (envido-first): the seat asked about truco may sing flor first."""
    closed = label("rs_flor_closed_by_truco", lang).split("(")[0].strip()
    goes_first = label("rs_flor_goes_first", lang).split("(")[0].strip()
    gauderio = _flor_part(site, lang, "gauderio-pairs-es")
    assert closed in gauderio and goes_first not in gauderio
    assert "bet-responder=next-opponent" in gauderio  # who could go first, in pairs
    uruguayo = _flor_part(site, lang, "uruguayo-1v1")
    assert goes_first in uruguayo and closed not in uruguayo


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_of_ten_says_its_value_and_which_call_is_truco(site, lang: str) -> None:
    for name in ("mineiro-1v1-es", "mineiro-1v1-en", "mineiro-pairs-it"):
        part = section(site.html(lang, f"rulesets/{name}"), "hand-of-ten")
        ten = text_of("<article>" + part + "</article>")
        value = int(Rules.of(name).data["hand_of_ten"]["value"])
        assert f" {value} " in ten, name
        assert "ten-call=next-step" in ten and "ten-truco=" in ten, name
