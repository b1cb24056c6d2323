"""The annotated rulebooks (verbatim, every sentence linked to its clauses) and the same rule side by side."""

from __future__ import annotations

from truco_rules.site import site_reading
from truco_rules.site.site_md import Ctx, esc, line_of
from truco_rules.spec.catalogue import editorial_text


def _refs(ctx: Ctx, here: str, ids: tuple[str, ...]) -> str:
    return " ".join(f"{ctx.clause_link(here, cid)}{{ .clause-ref }}" for cid in ids if cid != "non-normative")


def _lines(ctx: Ctx, doc: str) -> dict[int, list[str]]:
    """Line number -> the rendered sentences of that line, each followed by its clause links."""
    here = f"rulebooks/{doc}.md"
    out: dict[int, list[str]] = {}
    for seg in ctx.coverage[doc].segments:
        if seg.covered_by == ("non-normative",):
            text = f"**{esc(seg.text)}**"
        else:
            text = f"{esc(seg.text)} {_refs(ctx, here, seg.covered_by)}".rstrip()
        out.setdefault(seg.line, []).append(text)
    return out


def _header(ctx: Ctx, doc: str) -> list[str]:
    src = ctx.cat.sources[doc]
    rulesets = [r for r in ctx.cat.rulesets.values() if r.doc == doc]
    title = ctx.rulebook_title(doc)
    lang = ctx.t("lang_" + rulesets[0].language) if rulesets else "?"
    return [f"# {doc} · {esc(title)}", "",
            f"{ctx.t('rulebook_intro')} {ctx.t('reading_intro')}", "",
            f"*{ctx.t('file')}: `{src.filename}` · {ctx.t('source_language')}: {lang} · "
            f"{ctx.t('ruleset')}: {', '.join(f'`{r.name}`' for r in rulesets)}*", ""]


def rulebook_page(ctx: Ctx, doc: str) -> str:
    """000-002: one paragraph per line of the source, anchored `#l<line>`."""
    editorial = editorial_text(doc)
    if editorial is not None:
        return _side_by_side_page(ctx, doc, editorial)
    out = _header(ctx, doc)
    points, entries = site_reading.line_points(ctx, doc), site_reading.line_entries(ctx, doc)
    for number, texts in sorted(_lines(ctx, doc).items()):
        number_tag = f"<span class=\"line-no\">{number}</span> "
        out += [number_tag + " ".join(texts), f"{{: #l{number} .src-line }}", ""]
        if number in points:
            out += site_reading.admonition(ctx, points[number], entries.get(number, []))
    return "\n".join(out)


def _side_by_side_page(ctx: Ctx, doc: str, editorial: str) -> str:
    """A damaged rulebook: the verbatim line beside its editorial reading, labelled as such."""
    out = _header(ctx, doc)
    out += [f"!!! note \"{ctx.t('editorial')}\"", f"    {ctx.t('editorial_note')}", ""]
    out += ["<div class=\"book-table\" markdown>", "",
            f"| # | {ctx.t('verbatim')} | {ctx.t('editorial')} | {ctx.t('open_questions')} |",
            "|---|---|---|---|"]
    rendered = _lines(ctx, doc)
    points = site_reading.line_points(ctx, doc, table=True)
    edit_lines = editorial.splitlines()
    for number, texts in sorted(rendered.items()):
        reading = edit_lines[number - 1] if number <= len(edit_lines) else ""
        cell = " ".join(t.replace("|", "\\|") for t in texts)
        out.append(f"| <span id=\"l{number}\">{number}</span> | {cell} | *{esc(reading, table=True)}* | "
                   f"{site_reading.cell(points.get(number, []))} |")
    out += ["", "</div>", ""]
    return "\n".join(out)


def same_rule_page(ctx: Ctx) -> str:
    here = "compare/rulebooks.md"
    docs = list(ctx.cat.sources)
    out = [f"# {ctx.t('same_rule')}", "", ctx.t("same_rule_intro"), ""]
    for c in ctx.cat.clauses.values():
        if len(c.docs()) < 2:
            continue
        title = esc(ctx.pick(c.title, c.id + " title"))
        out += [f"## {c.id} · {title} {{#same-{c.id.lower()}}}", "",
                f"{ctx.clause_link(here, c.id)}: {ctx.linked(here, ctx.pick(c.text, c.id + ' text'))}", "",
                "| " + " | ".join(docs) + " |", "|" + "---|" * len(docs)]
        cells = []
        for doc in docs:
            src = ctx.cat.sources[doc]
            quotes = []
            for q in (q for q in c.sources if q.doc == doc):
                first, _ = line_of(src.text, q.quote)
                link = ctx.link(here, f"rulebooks/{doc}.md", f"l{first}")
                quotes.append(f"“{esc(q.quote, table=True)}” [({ctx.t('line')} {first})]({link})")
            cells.append("<br><br>".join(quotes) or "—")
        out += ["| " + " | ".join(cells) + " |", ""]
    return "\n".join(out)
