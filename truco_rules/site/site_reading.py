"""The close reading on the annotated rulebook pages: under each sentence, its open questions (the
term it leaves undefined, the case it does not cover, the sentence it conflicts with) and the
register entries and clauses that answer them; on the register, the sentences that raise each entry.

The data is truco_rules.spec.close_reading's (`notes_json`), in the page's language."""

from __future__ import annotations

import functools
from typing import Any

from truco_rules.site.site_md import Ctx, editorial_excerpt, esc
from truco_rules.spec.catalogue import editorial_text
from truco_rules.spec.close_reading import notes_json


@functools.cache
def _notes(doc: str, lang: str) -> list[dict[str, Any]]:
    return notes_json(doc, lang)


def _answer(ctx: Ctx, here: str, doc: str, ref: str) -> str:
    """A register entry, with the reading this rulebook's rulesets take by default; or a clause."""
    if not ref.startswith("AMB-"):
        return ctx.clause_link(here, ref)
    amb = ctx.cat.ambiguities[ref]
    tip = ctx.pick(amb.question, f"{ref} question").replace('"', "'")
    out = f"[{ref}]({ctx.link(here, 'ambiguities.md', ref.lower())} \"{esc(tip)}\")"
    defaults = {reading for rs, reading in amb.defaults.items() if ctx.cat.rulesets[rs].doc == doc}
    if defaults:
        out += " → " + ", ".join(f"[{ctx.reading_label(amb, r)}]"
                                 f"({ctx.link(here, 'ambiguities.md', f'{ref.lower()}-{r}')})"
                                 for r in sorted(defaults))
    return out


def _term(ctx: Ctx, doc: str, sentence: dict[str, Any], term: str) -> str:
    """The words a question is about; in a damaged rulebook, as its editorial reading gives them
    (they stand beside that reading)."""
    editorial = editorial_text(doc)
    if editorial is None:
        return term
    return editorial_excerpt(ctx.cat.sources[doc].text, editorial, term, sentence["start"])


def _point(ctx: Ctx, here: str, doc: str, sentence: dict[str, Any], point: dict[str, Any],
           table: bool) -> str:
    """One open question: its kind, the words it is about, the question, what answers it."""
    out = f"**{ctx.t('q_' + point['kind'])}**"
    if point["term"]:
        out += f" «{esc(_term(ctx, doc, sentence, point['term']), table)}»"
    out += f": {ctx.linked(here, point['text'], table)}"
    if point["conflicts_with"]:
        out += f" {ctx.t('conflicts_with')} " + ", ".join(
            ctx.source_link(here, w["doc"], w["line"]) for w in point["conflicts_with"]) + "."
    if point["answers"]:
        answers = ", ".join(_answer(ctx, here, doc, a) for a in point["answers"])
        out += f" {ctx.t('answered_by')}: {answers}."
    if point["unanswered"]:
        out += f" *{ctx.t('left_open')}: {ctx.linked(here, point['unanswered'], table)}*"
    return out


def line_points(ctx: Ctx, doc: str, table: bool = False) -> dict[int, list[str]]:
    """Line number -> the rendered open questions of that line's sentences, in order."""
    here = f"rulebooks/{doc}.md"
    out: dict[int, list[str]] = {}
    for sentence in _notes(doc, ctx.lang):
        for point in sentence["open"]:
            out.setdefault(sentence["line"], []).append(_point(ctx, here, doc, sentence, point, table))
    return out


def admonition(ctx: Ctx, points: list[str], entries: list[str]) -> list[str]:
    """The open questions under a line of the rulebook, as a note the reader can fold; its title
    names the register entries that answer them."""
    title = f"{ctx.t('open_questions')} ({len(points)})" + (f" · {', '.join(entries)}" if entries else "")
    return [f"???+ question \"{title}\"", *(f"    - {p}" for p in points), ""]


def line_entries(ctx: Ctx, doc: str) -> dict[int, list[str]]:
    """Line number -> the register entries that answer the open questions of that line, in order."""
    out: dict[int, list[str]] = {}
    for sentence in _notes(doc, ctx.lang):
        for amb in sentence["register_entries"]:
            if amb not in out.setdefault(sentence["line"], []):
                out[sentence["line"]].append(amb)
    return out


def cell(points: list[str]) -> str:
    """The open questions of a line in a table cell."""
    return "<br>".join(f"• {p}" for p in points) or "—"


def raised_by(ctx: Ctx, here: str, amb_id: str) -> str:
    """The rulebook sentences whose open questions this register entry answers, linked."""
    places = [(doc, s["line"]) for doc in ctx.cat.sources for s in _notes(doc, ctx.lang)
              if amb_id in s["register_entries"]]
    links = [f"[{doc} · {ctx.t('line')} {line}]({ctx.link(here, f'rulebooks/{doc}.md', f'l{line}')})"
             for doc, line in dict.fromkeys(places)]
    return ", ".join(links)
