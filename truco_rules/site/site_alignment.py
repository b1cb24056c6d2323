"""The alignment table's page (spec/data/alignment.yaml): every rule topic, every source side by side;
the way to compare the versions of a rule. Rows link to the clauses and register entries they hold,
and each register entry's section links back to its rows."""

from __future__ import annotations

from truco_rules.site.site_md import Ctx, esc
from truco_rules.spec.alignment import Column, Row, alignment, columns

PAGE = "compare/alignment.md"


def anchor(row_id: str) -> str:
    return f"al-{row_id}"


def row_links(ctx: Ctx, here: str, ref: str) -> str:
    """The rows a clause or a register entry belongs to, linked ("—" for none: a build warning)."""
    from truco_rules.spec.alignment import rows_of

    rows = rows_of(alignment(), ref)
    if not rows:
        ctx.warn(f"{ref} is in no row of the alignment table")
        return "—"
    return ", ".join(f"[{esc(ctx.pick(r.topic, r.id + ' topic'))}]({ctx.link(here, PAGE, anchor(r.id))})"
                     for r in rows)


def _source(ctx: Ctx, here: str, col: Column) -> str:
    if col.rulebook is not None:
        return f"[{col.rulebook}]({ctx.link(here, f'rulebooks/{col.rulebook}.md')})"
    assert col.publication is not None
    if col.engine:  # an engine's code, not a publication
        return f"`{col.id}` [{esc(col.publication.title)}]({col.publication.url}), {ctx.t('al_engine')}"
    return f"`{col.id}` {ctx.publication_ref(col.publication)}"


def alignment_page(ctx: Ctx) -> str:
    here, t = PAGE, ctx.t
    rows, cols = alignment(), columns(ctx.cat)
    out = [f"# {t('al_title')}", "", t("al_intro"), "", f"## {t('al_overview')} {{#overview}}", "",
           f"| {t('al_topic')} | {t('al_speak')} | {t('al_account')} |", "|---|---|---|"]
    for r in rows:
        account = (", ".join(ctx.ambiguity_link(here, a) for a in r.register) if r.register
                   else t("al_same_rule"))
        out.append(f"| [{esc(ctx.pick(r.topic, r.id + ' topic'), True)}](#{anchor(r.id)}) | "
                   f"{len(r.said)} / {len(cols)} | {account} |")
    out.append("")
    for r in rows:
        out += _row(ctx, here, r, cols)
    out += [f"## {t('al_sources')} {{#sources}}", "", f"| {t('al_source')} | {t('rulesets')} |", "|---|---|"]
    for c in cols:
        rulesets = ", ".join(ctx.ruleset_ref(here, name) for name in c.rulesets) or "—"
        out.append(f"| {_source(ctx, here, c)} | {rulesets} |")
    return "\n".join(out) + "\n"


def _row(ctx: Ctx, here: str, r: Row, cols: list[Column]) -> list[str]:
    t = ctx.t
    out = [f"## {esc(ctx.pick(r.topic, r.id + ' topic'))} {{#{anchor(r.id)}}}", "",
           f"<small>`truco diff --row {r.id}`</small>", ""]
    if r.clauses:
        out += [f"{t('clauses')}: " + ", ".join(ctx.clause_link(here, cid) for cid in r.clauses), ""]
    if r.register:
        out += [f"{t('al_register')}: " + ", ".join(
            f"{ctx.ambiguity_link(here, a)} {esc(ctx.pick(ctx.cat.ambiguities[a].question, a + ' question'))}"
            for a in r.register), ""]
    else:
        out += [f"**{t('al_account')}:** {ctx.linked(here, ctx.pick(r.same or {}, r.id + ' same'))}", ""]
    out += [f"| {t('al_source')} | {t('al_words')} |", "|---|---|"]
    for c in cols:
        if c.id in r.said:
            words = "<br>".join(f"«{esc(' '.join(w.split()), True)}»" for w in r.said[c.id])
            out.append(f"| {_source(ctx, here, c)} | {words} |")
    silent = [c for c in cols if c.id not in r.said]
    out.append("")
    if silent:
        out += [f"*{t('al_silent')}:* " + ", ".join(f"`{c.id}`" for c in silent), ""]
    return out
