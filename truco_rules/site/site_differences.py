"""The page "where the rulebooks differ": the register and the witnesses told as prose, by topic.

For each topic of the ruleset comparison: the situations where the variants simply play differently
(witnesses with no register entry), then each register entry with its readings, who says what, each
ruleset's default and an example situation in words.
"""

from __future__ import annotations

from typing import Any

from truco_rules.site import site_witnesses
from truco_rules.site.site_md import Ctx, esc, family_of
from truco_rules.site.site_tables import FEATURES
from truco_rules.text.witness_rows import Row

HERE = "start/differences.md"
EXAMPLES = 2  # example situations per register entry; the register page has them all


def differences_page(ctx: Ctx) -> str:
    t = ctx.t
    out = [f"# {t('s_differences')}", "", t("diff_intro"), ""]
    if ctx.trace.witnesses is None:
        out += [f"!!! note \"{t('witnesses')}\"", f"    {t('diff_no_witnesses')}", ""]
    rows = site_witnesses.ruleset_rows(ctx)
    by_amb: dict[str, list[Row]] = {}
    plain: list[Row] = []
    for row, ambs in rows:
        if not ambs:
            plain.append(row)
        for a in ambs:
            by_amb.setdefault(a, []).append(row)
    for key, fams, amb_keys, _ in FEATURES:
        keys = {a.key for a in ctx.cat.ambiguities.values()}
        entries = [ctx.cat.ambiguity(k) for k in amb_keys if k in keys]
        variant_rows = [r for r in plain if r.clauses and family_of(r.clauses[0]) in fams]
        if not entries and not variant_rows:
            continue
        out += [f"## {t(key)} {{#{key.removeprefix('ft_')}}}", ""]
        if variant_rows:
            out += [t("diff_variants"), ""]
            out += [f"- {_example(ctx, r)}" for r in variant_rows]
            out.append("")
        for amb in entries:
            out += _entry(ctx, amb, by_amb.get(amb.id, []))
    return "\n".join(out)


def _example(ctx: Ctx, row: Row) -> str:
    return (f"**{esc(row.situation)}**{site_witnesses.more_text(ctx, row)} "
            f"{site_witnesses.grouped_results(ctx, HERE, row)}")


def _entry(ctx: Ctx, amb: Any, rows: list[Row]) -> list[str]:
    t = ctx.t
    out = [f"### {esc(ctx.pick(amb.question, amb.id + ' question'))} {{#{amb.id.lower()}}}", "",
           f"{t('why_' + amb.kind)} {ctx.ambiguity_link(HERE, amb.id, t('in_register').format(id=amb.id))}",
           ""]
    for r in amb.readings:
        said = sorted({q.doc for q in r.sources})
        users = [rs for rs, name in amb.defaults.items() if name == r.name]
        summary = ctx.linked(HERE, ctx.pick(r.summary, f"{amb.id} {r.name} summary"))
        parts = [f"**{ctx.reading_label(amb, r.name)}.** {summary}"]
        if said:
            parts.append(t("said_by").format(docs=", ".join(
                f"[{d}]({ctx.link(HERE, f'rulebooks/{d}.md')})" for d in said)))
        elif r.published:
            pubs = "; ".join(ctx.publication_ref(w) for w in r.published)
            parts.append(t("said_by_published").format(pubs=pubs))
        elif r.engines:
            parts.append(t("said_by_engine").format(engines="; ".join(ctx.engine_ref(e) for e in r.engines)))
        else:
            parts.append(t("said_by_none"))
        if users:
            refs = ", ".join(ctx.ruleset_ref(HERE, rs) for rs in users)
            parts.append(t("default_of").format(rulesets=refs))
        out.append("- " + " ".join(parts))
    out.append("")
    if rows:
        out += [f"*{t('for_example')}*", ""] + [f"- {_example(ctx, r)}" for r in rows[:EXAMPLES]] + [""]
        return out
    register = site_witnesses.reading_rows(ctx, amb) or []
    if register:
        out += [f"*{t('if_read_otherwise')}*", ""]
        for row in register[:EXAMPLES]:
            order = [r.name for r in amb.readings]
            results = " ".join(f"{ctx.reading_label(amb, n)}: {esc(text)}"
                               for n, text in sorted(row.results.items(), key=lambda kv: order.index(kv[0])))
            out.append(f"- **{esc(row.situation)}**{site_witnesses.more_text(ctx, row)} {results}")
        out.append("")
    return out
