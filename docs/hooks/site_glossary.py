"""The glossary page: every term in the reader's language first, its other names, what it means and
the clause that defines it (spec/data/glossary.yaml)."""

from __future__ import annotations

import unicodedata

from site_md import Ctx, esc

from truco_cli.glossary import LANGS, load_glossary

HERE = "start/glossary.md"


def _sort_key(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))


def glossary_page(ctx: Ctx) -> str:
    t = ctx.t
    terms = sorted(load_glossary(), key=lambda term: _sort_key(term.name(ctx.lang)))
    out = ["---", "search:", "  boost: 2", "---", "",  # a Truco word finds its entry first
           f"# {t('s_glossary')}", "", t("glossary_intro"), ""]
    for term in terms:
        main = term.name(ctx.lang)
        others = [n for n in term.all_names() if n.lower() != main.lower()]
        # Every name in the heading: a search for any of them, in any language, finds this entry.
        heading = " · ".join([main[:1].upper() + main[1:], *others])
        names = " · ".join(f"*{lang}* {esc(', '.join(term.names[lang]))}" for lang in LANGS)
        out += [f"## {esc(heading)} {{#term-{term.id}}}", "",
                esc(term.means[ctx.lang]), "",
                f"{names}  ", f"{t('defined_by')}: {ctx.clause_link(HERE, term.clause)} "
                f"{esc(ctx.pick(ctx.cat.clause(term.clause).title, term.clause + ' title'))}", ""]
    return "\n".join(out)
