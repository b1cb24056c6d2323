"""The clause pages: one page per family (ID prefix), one section per clause, anchored by its ID."""

from __future__ import annotations

from site_md import Ctx, clause_page, editorial_excerpt, esc, family_of, line_of

from spec.catalogue import editorial_text


def families(ctx: Ctx) -> dict[str, list[str]]:
    """Family prefix -> its clause IDs, in catalogue order."""
    out: dict[str, list[str]] = {}
    for cid in ctx.cat.clauses:
        out.setdefault(family_of(cid), []).append(cid)
    return out


def rules_index(ctx: Ctx) -> str:
    here = "rules/index.md"
    out = [f"# {ctx.t('all_clauses')}", ""]
    for fam, ids in families(ctx).items():
        out += [f"## {ctx.t('f_' + fam)} ({fam}) {{#{fam.lower()}}}", "",
                f"| {ctx.t('clause')} | {ctx.t('title')} | {ctx.t('kind')} | {ctx.t('rulesets')} |",
                "|---|---|---|---|"]
        for cid in ids:
            c = ctx.cat.clauses[cid]
            codes = ", ".join(ctx.cat.rulesets[r].code for r in c.rulesets)
            out.append(f"| {ctx.clause_link(here, cid)} | {esc(ctx.pick(c.title, cid + ' title'), True)} "
                       f"| {ctx.t('k_' + c.kind)} | {codes} |")
        out.append("")
    return "\n".join(out)


def family_page(ctx: Ctx, fam: str, ids: list[str]) -> str:
    here = clause_page(ids[0])
    out = [f"# {ctx.t('f_' + fam)} ({fam})", ""]
    for cid in ids:
        out += clause_section(ctx, here, cid)
    return "\n".join(out)


def clause_section(ctx: Ctx, here: str, cid: str) -> list[str]:
    c = ctx.cat.clauses[cid]
    t = ctx.t
    out = [f"## {cid} · {esc(ctx.pick(c.title, cid + ' title'))} {{#{cid.lower()}}}", "",
           f"*{t('kind')}: {t('k_' + c.kind)}*", "",
           f"**{t('rule')}.** {esc(ctx.pick(c.text, cid + ' text'))}", "",
           f"**{t('quotes')}**", ""]
    for q in c.sources:
        src = ctx.cat.sources[q.doc]
        first, last = line_of(src.text, q.quote)
        out += ["> " + line for line in esc(q.quote).split("\n")]
        out += [">", f"> — {ctx.source_link(here, q.doc, first, last)}"]
        editorial = editorial_text(q.doc)
        if editorial is not None:
            reading = editorial_excerpt(src.text, editorial, q.quote).replace("\n", " ")
            out += [">", f"> *{t('editorial')}:* " + esc(reading)]
        out.append("")
    rulesets = ", ".join(f"`{r}`" for r in c.rulesets)
    out += [f"**{t('rulesets')}:** {rulesets}", ""]
    ambs = ctx.cat.ambiguities_of_clause(cid)
    amb_text = "; ".join(
        f"{ctx.ambiguity_link(here, a.id, f'{a.id} `{a.key}`')}: "
        f"{esc(ctx.pick(a.question, a.id + ' question'))}" for a in ambs) or t("none")
    out += [f"**{t('in_ambiguities')}:** {amb_text}", ""]
    out += trace_lines(ctx, cid)
    return out


def trace_lines(ctx: Ctx, cid: str) -> list[str]:
    t = ctx.t
    out = [f"**{t('cited_by')}:**", ""]
    for tree in ("spec", "engine", "tests", "proofs"):
        cites = ctx.trace.cited(cid, tree)
        refs = ", ".join(ctx.code_ref(c.path, c.line) for c in cites) or f"— ({t('not_cited')})"
        out.append(f"- {t(tree)}: {refs}")
    out += ["", f"**{t('test_results')}:** {test_summary(ctx, cid)}  ",
            f"**{t('proof_status')}:** {proof_summary(ctx, cid)}", ""]
    return out


def test_summary(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.test_results(cid)
    if results is None:
        return ctx.t("not_run")
    if not results:
        return ctx.t("no_test_for")
    counts = {o: sum(r.outcome == o for r in results) for o in ("passed", "failed", "skipped")}
    text = ", ".join(f"{n} {ctx.t(o)}" for o, n in counts.items() if n)
    failed = [r.nodeid for r in results if r.outcome == "failed"]
    return text + ("" if not failed else " — " + ", ".join(f"`{n}`" for n in failed[:5]))


def proof_summary(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.proof_results(cid)
    if results is None:
        return ctx.t("not_run")
    if not results:
        return ctx.t("no_proof_for")
    return ", ".join(f"`{p.get('id') or p.get('name', '?')}`{_ruleset(p)}: {esc(str(p.get('status', '?')))}"
                     + ("" if p.get("ok", True) else " ✗") for p in results)


def _ruleset(proof: dict) -> str:
    return f" ({proof['ruleset']})" if proof.get("ruleset") else ""
