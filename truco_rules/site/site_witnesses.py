"""Divergence witnesses on the site: the rows of truco_rules.text.witness_rows rendered as Markdown.

Two views of the same witnesses (read by `truco_rules.text.traceability` from `proofs/witnesses.json`):
per register entry, the situations where one ruleset's default reading and an alternative reading
give different results, one column per reading; and per situation across the rulesets' defaults,
which rulebook says what, for the page "where the rulebooks differ".
"""

from __future__ import annotations

from typing import Any

from truco_rules.site.site_md import Ctx, esc
from truco_rules.text import witness_rows
from truco_rules.text.witness_rows import Row, Witnesses
from truco_rules.text.witness_words import similar_text


def witnesses(ctx: Ctx) -> Witnesses:
    return Witnesses(ctx.cat, ctx.trace.witnesses, ctx.lang, ctx.warn)


def reading_rows(ctx: Ctx, amb: Any) -> list[Row] | None:
    return witness_rows.reading_rows(witnesses(ctx), amb)


def ruleset_rows(ctx: Ctx) -> list[tuple[Row, list[str]]]:
    return witness_rows.ruleset_rows(witnesses(ctx))


def grouped_results(ctx: Ctx, here: str, row: Row) -> str:
    """"000, 001: Nobody scores. 002: The dealing pair wins the hand." (rulebooks in catalogue order)."""
    by_text: dict[str, list[str]] = {}
    for rs in ctx.cat.rulesets:
        if rs in row.results:
            by_text.setdefault(row.results[rs], []).append(rs)
    parts = []
    for text, rulesets in by_text.items():
        docs = ", ".join(ctx.ruleset_ref(here, rs) for rs in rulesets)
        parts.append(f"{docs}: {esc(text)}")
    return " ".join(parts)


def more_text(ctx: Ctx, row: Row) -> str:
    more = similar_text(row.more, ctx.lang)
    return f" *({more})*" if more else ""


def register_table(ctx: Ctx, here: str, amb: Any) -> str:
    """The witnesses of one register entry as a table: situation, then one column per reading."""
    rows = reading_rows(ctx, amb)
    t = ctx.t
    if rows is None:
        return t("none_computed")
    if not rows:
        return t("none_for_this")
    names = [r.name for r in amb.readings if any(r.name in row.results for row in rows)]
    head = [f"[{ctx.reading_label(amb, n)}](#{amb.id.lower()}-{n})" for n in names]
    out = ["", "", f"| {t('situation')} | " + " | ".join(head) + f" | {t('rulebooks')} |",
           "|---|" + "---|" * len(names) + "---|"]
    for row in rows:
        cells = [esc(row.situation, True) + more_text(ctx, row)]
        cells += [esc(row.results.get(n, "—"), True) for n in names]
        cells.append(", ".join(ctx.ruleset_ref(here, rs) for rs in row.rulesets))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"
