"""The glossary page: every term in the reader's language first, its other names, what it means and
the clause that defines it (spec/data/glossary.yaml)."""

from __future__ import annotations

import unicodedata

from truco_rules.site.site_md import Ctx, esc
from truco_rules.text.glossary import Term, load_glossary
from truco_rules.text.languages import LANGS

HERE = "start/glossary.md"


def _sort_key(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def glossary_page(ctx: Ctx) -> str:
    t = ctx.t
    terms = sorted(load_glossary(), key=lambda term: _sort_key(term.name(ctx.lang)))
    out = ["---", "search:", "  boost: 3", "---", "",  # a Truco word: its entry first
           f"# {t('s_glossary')}", "", t("glossary_intro"), ""]
    for term in terms:
        main = term.name(ctx.lang)
        # Every name in the heading: a search for any of them, in any language, finds this entry.
        # A name in another language is marked as such (lang), for screen readers and translators.
        seen = {main.lower()}
        heading = [esc(main[:1].upper() + main[1:])]
        for lang in (ctx.lang, *(code for code in LANGS if code != ctx.lang)):
            for name in term.names[lang]:
                if name.lower() not in seen:
                    seen.add(name.lower())
                    heading.append(_in(lang, ctx.lang, name))
        names = " · ".join(f"*{lang}* {_in(lang, ctx.lang, ', '.join(term.names[lang]))}" for lang in LANGS)
        out += [f"## {' · '.join(heading)} {{#term-{term.id}}}", "",
                esc(term.means[ctx.lang]), "",
                f"{names}  ", f"{t('defined_by')}: {_defined_by(ctx, term)}", ""]
    return "\n".join(out)


def _in(lang: str, page_lang: str, text: str) -> str:
    """`text`, escaped; marked with its language where it is not the page's."""
    return esc(text) if lang == page_lang else f'<span lang="{lang}">{esc(text)}</span>'


def _defined_by(ctx: Ctx, term: Term) -> str:
    """The clause that defines a term, linked, with its title; or its register entry and question."""
    if term.clause:
        title = ctx.pick(ctx.cat.clause(term.clause).title, term.clause + " title")
        return f"{ctx.clause_link(HERE, term.clause)} {esc(title)}"
    amb = ctx.cat.ambiguity(term.defined_by)
    return f"{ctx.ambiguity_link(HERE, amb.id)} {esc(ctx.pick(amb.question, amb.id + ' question'))}"
