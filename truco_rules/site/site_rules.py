"""The clause pages: one page per family (ID prefix), one section per clause, anchored by its ID."""

from __future__ import annotations

from typing import Any

from truco_rules.site import site_alignment, site_code
from truco_rules.site.site_md import Ctx, clause_page, editorial_excerpt, esc, family_of, line_of
from truco_rules.spec.catalogue import editorial_text
from truco_rules.text.catalogues import ngettext


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
            rulesets = ", ".join(ctx.ruleset_ref(here, r) for r in c.rulesets)
            out.append(f"| {ctx.clause_link(here, cid)} | {esc(ctx.pick(c.title, cid + ' title'), True)} "
                       f"| {ctx.t('k_' + c.kind)} | {rulesets} |")
        out.append("")
    return "\n".join(out)


def family_page(ctx: Ctx, fam: str, ids: list[str]) -> str:
    here = clause_page(ids[0])
    # A clause ID finds its clause's page first. Searching "CARD-2" looks for "card" and "2*", and
    # "2*" is in many titles ("envido of 27 to 29"); so the page is boosted and has its ID prefix as
    # its search tag, the field search weighs most.
    out = ["---", "search:", "  boost: 3", "tags:", f"  - {fam}", "---", "",
           f"# {ctx.t('f_' + fam)} ({fam})", "", *results_notice(ctx, here)]
    for cid in ids:
        out += clause_section(ctx, here, cid)
    return "\n".join(out)


def clause_section(ctx: Ctx, here: str, cid: str) -> list[str]:
    c = ctx.cat.clauses[cid]
    t = ctx.t
    out = [f"## {cid} · {esc(ctx.pick(c.title, cid + ' title'))} {{#{cid.lower()}}}", "",
           f"*{t('kind')}: {t('k_' + c.kind)}*", "",
           f"**{t('rule')}.** {ctx.linked(here, ctx.pick(c.text, cid + ' text'))}", ""]
    out += quotes(ctx, here, c) + published(ctx, here, c)
    rulesets = ", ".join(ctx.ruleset_ref(here, r, full=True) for r in c.rulesets)
    out += [f"**{t('rulesets')}:** {rulesets}", ""]
    ambs = ctx.cat.ambiguities_of_clause(cid)
    amb_text = "; ".join(
        f"{ctx.ambiguity_link(here, a.id, f'{a.id} `{a.key}`')}: "
        f"{esc(ctx.pick(a.question, a.id + ' question'))}" for a in ambs) or t("none")
    out += [f"**{t('in_ambiguities')}:** {amb_text}", ""]
    out += [f"**{t('al_rows_of')}:** {site_alignment.row_links(ctx, here, cid)}", ""]
    out += spec_code(ctx, here, cid)
    out += trace_lines(ctx, here, cid)
    return out


def quotes(ctx: Ctx, here: str, c: Any) -> list[str]:
    """A rulebook clause's verbatim quotes, each with its rulebook and lines (and the editorial
    reading of a damaged rulebook)."""
    if not c.sources:
        return []
    out = [f"**{ctx.t('quotes')}**", ""]
    for q in c.sources:
        src = ctx.cat.sources[q.doc]
        first, last = line_of(src.text, q.quote)
        out += ["> " + line for line in esc(q.quote).split("\n")]
        out += [">", f"> — {ctx.source_link(here, q.doc, first, last)}"]
        editorial = editorial_text(q.doc)
        if editorial is not None:
            reading = editorial_excerpt(src.text, editorial, q.quote).replace("\n", " ")
            out += [">", f"> *{ctx.t('editorial')}:* " + esc(reading)]
        out.append("")
    return out


def published(ctx: Ctx, here: str, c: Any) -> list[str]:
    """Where a clause has no rulebook behind it, or is held by rulesets written from published rules
    too: the publication that states it (a clause of a ruleset file), or, per adopting ruleset, the
    publication that states it for that game. Never shown as a rulebook quote."""
    t = ctx.t
    out: list[str] = []
    if c.published:
        pub, section = c.published
        owner = ctx.ruleset_ref(here, c.rulesets[0], full=True)
        out += [f"**{t('published_source')}**", "", t("published_intro").format(ruleset=owner), "",
                f"- {ctx.publication_ref(pub, section)}",
                *(f"- {ctx.publication_ref(a.publication, a.section)}" for a in c.also_published), ""]
    if c.adopted:
        out += [f"**{t('adopted_title')}**", "", t("adopted_intro"), ""]
        for rs, pub in c.adopted.items():
            out.append(f"- {ctx.ruleset_ref(here, rs, full=True)}: {ctx.publication_ref(pub)}")
            if rs in c.adopted_words:  # the publication's own words, where the ruleset file quotes them
                out.append(f"    «{esc(' '.join(c.adopted_words[rs].split()))}»")
        out.append("")
    return out


def results_notice(ctx: Ctx, here: str) -> list[str]:
    """One notice for a build without test or proof results, instead of "not run" on every clause."""
    missing = [k for k, v in (("tests", ctx.trace.tests), ("proofs", ctx.trace.proofs)) if v is None]
    if not missing:
        return []
    text = ctx.t("no_results_" + "_".join(missing))
    guide = ctx.link(here, "guide/results.md")
    return ['<div class="admonition info results-notice" markdown="1">',
            f'<p class="admonition-title">{ctx.t("no_results_title")}</p>', "",
            f"{text} [{ctx.t('g_results')}]({guide})", "", "</div>", ""]


def spec_code(ctx: Ctx, here: str, cid: str) -> list[str]:
    """The spec functions that implement the clause, collapsed under one title, with their lines."""
    snippets = site_code.clause_snippets([(c.path, c.line) for c in ctx.trace.cited(cid, "spec")])
    if not snippets:
        return []
    names = ", ".join(dict.fromkeys(s.name for s in snippets))
    out = [f"??? example \"{ctx.t('spec_code')}: {names}\"", ""]
    for s in snippets:
        out += [f"    [`{s.path}`, {ctx.t('line')} {s.start}]({ctx.code_url(here, s.path, s.start)})", "",
                "    ```python"]
        out += [f"    {line}" if line else "" for line in s.text.split("\n")]
        out += ["    ```", ""]
    return out


def trace_lines(ctx: Ctx, here: str, cid: str) -> list[str]:
    t = ctx.t
    out = [f"**{t('cited_by')}:**", ""]
    for tree in ("spec", "engine", "tests", "proofs"):
        cites = ctx.trace.cited(cid, tree)
        # One link per line of HTML: long lines of links make HTML post-processors crawl.
        refs = ",\n  ".join(ctx.code_ref(here, c.path, c.line) for c in cites) or f"— ({t('not_cited')})"
        out.append(f"- {t(tree)}: {refs}")
    out.append("")
    if ctx.trace.tests is not None:
        out.append(f"**{t('test_results')}:** <span class=\"status status-tests\">"
                   f"{test_summary(ctx, cid)}</span>  ")
    if ctx.trace.proofs is not None:
        out.append(f"**{t('proof_status')}:** <span class=\"status status-proofs\">"
                   f"{proof_summary(ctx, cid)}</span>")
    out.append("")
    return out


def test_summary(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.test_results(cid) or []
    if not results:
        return ctx.t("no_test_for")
    counts = {o: sum(r.outcome == o for r in results) for o in ("passed", "failed", "skipped")}
    text = ", ".join(f"{n} {ctx.t(o)}" for o, n in counts.items() if n)
    checks = sum(cid in r.exercised for r in results)
    if checks:  # a test that runs `truco check` and the check exercised the clause
        text += " (" + ngettext("{n} of them a check run that exercised it", "{n} of them check runs that "
                                "exercised it", checks, ctx.lang) + ")"
    failed = [r.nodeid for r in results if r.outcome == "failed"]
    return text + ("" if not failed else " — " + ", ".join(f"`{n}`" for n in failed[:5]))


def proof_summary(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.proof_results(cid) or []
    if not results:
        return ctx.t("no_proof_for")
    return proof_counts(ctx, results)


def proof_counts(ctx: Ctx, results: list[dict]) -> str:
    """"3 proved in 4 rulesets, 1 failed": proofs of a clause counted by outcome."""
    ok = [p for p in results if p.get("ok", True)]
    bad = [p for p in results if not p.get("ok", True)]
    rulesets = {p.get("ruleset") for p in ok if p.get("ruleset")}
    text = ctx.t("proofs_ok").format(n=len(ok), r=len(rulesets)) if ok else ""
    if bad:
        names = ", ".join(f"`{p.get('id', '?')}` ({p.get('ruleset', '?')})" for p in bad[:5])
        text = (text + "; " if text else "") + f"{len(bad)} {ctx.t('failed')} — {names}"
    return text
