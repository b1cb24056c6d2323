"""Pages built as tables: the rulesets compared, the ambiguity register, the traceability matrix,
and the record format rendered from its JSON Schema."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from typing import Any, NamedTuple

from truco_rules.site import (
    ruleset_facts,
    site_alignment,
    site_reading,
    site_rules,
    site_rulesets,
    site_witnesses,
)
from truco_rules.site.site_labels import label
from truco_rules.site.site_md import Ctx, esc, family_of, line_of, ruleset_page
from truco_rules.spec.catalogue import SCHEMAS_DIR
from truco_rules.spec.rules.ruleset import Rules
from truco_rules.text.catalogues import translate


class Feature(NamedTuple):
    """A row of the ruleset comparison: its label, the clause families it covers, the register
    entries it shows, and the sections of a ruleset file whose own clauses it covers (a clause of a
    ruleset file is shown in the rows of the sections, or register entries, that cite it)."""

    key: str
    families: tuple[str, ...]
    ambiguities: tuple[str, ...]
    sections: tuple[str, ...] = ()


# Every family and every ambiguity key must appear in one row, and every clause of a ruleset file
# must be cited by a section or an entry of one row; the build warns otherwise.
FEATURES: tuple[Feature, ...] = (
    Feature("ft_players", ("SET",), (), ("players",)),
    Feature("ft_deck", ("DECK", "DEAL"), ("deck", "deal-size"), ("deck", "deal")),
    Feature("ft_cards", ("CARD",), ("card-pairs",), ("strength",)),
    Feature("ft_muestra", (), ("pieza-points",), ("muestra",)),
    Feature("ft_vira", (), ("manilha-velha",), ("vira",)),
    Feature("ft_order", ("ORD",), ("round-leader", "hand-starter", "bet-responder"), ("play",)),
    Feature("ft_ties", ("RND", "HND"), ("all-rounds-tied", "split-then-tie", "first-two-tied", "hand-length",
                                        "partner-tie")),
    Feature("ft_ladder", ("VAL", "BET"), ("raise-cap", "raise-cap-trailing", "partner-truco",
                                         "mazo-first-round", "mazo-scoring"),
            ("truco", "mazo")),
    Feature("ft_ten", ("TEN",), ("ten-truco", "ten-choice", "ten-call", "eleven-decline",
                                 "eleven-one-against-one", "ten-recurs"), ("hand_of_ten",)),
    Feature("ft_iron", ("IRN",), ("iron-hand", "iron-blind", "iron-cards", "iron-or-ordinary"),
            ("iron_hand",)),
    Feature("ft_covered", ("COV",), ("covered-card", "covering", "cover-round")),
    Feature("ft_target", ("MAT",), ("gauderio-target", "match-format", "partida-points", "falta-halves",
                                    "score-cap"),
            ("match",)),
    Feature("ft_envido", ("ENV",), ("envido-stakes", "envido-without-pair", "falta-points", "side-bet-window",
                                    "side-bet-ties", "side-bet-scoring", "envido-first", "envido-three-suit",
                                    "envido-refusal", "envido-order"),
            ("envido",)),
    Feature("ft_flor", ("FLR",), ("flor-optional", "flor-refusal", "flor-over-envido", "flor-in-play",
                                "contraflor-stake", "flor-answers", "flor-before-truco", "flor-accepted",
                                "flor-window", "flor-achico", "contraflor-resto"),
            ("flor",)),
    Feature("ft_senas", ("SEN",), ("senas", "ciego", "sena-timing"), ("senas",)),
)


def _row_clauses(ctx: Ctx, row: Feature, name: str) -> list[Any]:
    """The clauses of a ruleset in a row: those of the row's families, then the ruleset file's own
    clauses (of no family of any row) that a section or a register entry of the row cites."""
    held = {c.id: c for c in ctx.cat.clauses_of(name)}
    out = [c for c in held.values() if family_of(c.id) in row.families]
    places = set(row.sections) | {f"reading:{k}" for k in row.ambiguities}
    for cid, where in ruleset_facts.cited_in(name):
        if where in places and cid in held and family_of(cid) not in _FAMILIES and held[cid] not in out:
            out.append(held[cid])
    return out


_FAMILIES = {f for row in FEATURES for f in row.families}


def rulesets_page(ctx: Ctx) -> str:
    here = "compare/rulesets.md"
    cat, t = ctx.cat, ctx.t
    _check_features(ctx)
    names = list(cat.rulesets)
    # Eight rulesets side by side: the page gives the table the whole width (no navigation or
    # table of contents beside it) and lets a name break at its hyphens, so that at 1280 pixels
    # every column is in view.
    named = [f"[<code>{n.replace('-', '-<wbr>')}</code>]({ctx.link(here, ruleset_page(n))})" for n in names]
    head = [f"| {t('feature')} | " + " | ".join(named) + " |", "|---|" + "---|" * len(names)]
    out = ["---", "hide:", "  - navigation", "  - toc", "---", "",
           f"# {t('rulesets_compared')}", "", f"## {t('cmp_glance')} {{#glance}}", "",
           t("cmp_glance_intro"), "", '<div class="compare-table" markdown>', "", *head]
    out.append(f"| {t('rs_origin')} | " + " | ".join(_origin(ctx, here, n) for n in names) + " |")
    out.append(f"| {t('rs_family')} | " + " | ".join(
        esc(ctx.pick(cat.rulesets[n].family, n + " family"), True) for n in names) + " |")
    out.append(f"| {t('players')} | " + " | ".join(str(cat.rulesets[n].players) for n in names) + " |")
    rules = {n: Rules.of(n) for n in names}
    out.append(f"| {t('ft_deck')} | " + " | ".join(
        t("cards_n").format(n=len(rules[n].deck.cards)) for n in names) + " |")
    out.append(f"| {t('ft_ladder')} | " + " | ".join(
        " → ".join(map(str, rules[n].ladder)) for n in names) + " |")
    facts = {n: ruleset_facts.facts(n) for n in names}
    for fact, key in site_rulesets.FACT_ROWS:
        out.append(f"| **{t(key)}** | " + " | ".join(
            site_rulesets.fact_cell(ctx, here, fact, facts[n][fact]) for n in names)
            + " |")
    out.append(f"| {t('clauses_held')} | " + " | ".join(str(len(cat.clauses_of(n))) for n in names) + " |")
    out += ["", "</div>", "", f"## {t('cmp_clauses')} {{#clauses}}", "", t("rulesets_intro"), "",
            '<div class="compare-table" markdown>', "", *head]
    for row in FEATURES:
        cells = []
        for name in names:
            parts = [f"{ctx.clause_link(here, c.id)} {esc(ctx.pick(c.title, c.id + ' title'), True)}"
                     for c in _row_clauses(ctx, row, name)]
            readings = cat.readings(name)
            for k in row.ambiguities:
                if k in readings:
                    amb = cat.ambiguity(k)
                    parts.append(f"{ctx.ambiguity_link(here, amb.id, f'`{k}`')} = `{readings[k]}`")
            cells.append("<br>".join(parts) or "—")
        out.append(f"| **{t(row.key)}** | " + " | ".join(cells) + " |")
    out += ["", "</div>"]
    return "\n".join(out) + "\n"


def _origin(ctx: Ctx, here: str, name: str) -> str:
    doc = ctx.cat.rulesets[name].doc
    if doc:
        return f"[{doc}]({ctx.link(here, f'rulebooks/{doc}.md')})"
    return f"[{ctx.t('published_rules')}]({ctx.link(here, ruleset_page(name))})"


def _check_features(ctx: Ctx) -> None:
    keys = {k for row in FEATURES for k in row.ambiguities}
    for cid in ctx.cat.clauses:
        if family_of(cid) in _FAMILIES:
            continue
        if not any(_in_row(ctx, row, cid) for row in FEATURES):
            ctx.warn(f"clause {cid} is in no row of the ruleset comparison (family {family_of(cid)}: "
                     "add the family, or the section of its ruleset file that cites it, to a row)")
    for amb in ctx.cat.ambiguities.values():
        if amb.key not in keys:
            ctx.warn(f"ambiguity {amb.key} is in no row of the ruleset comparison")


def _in_row(ctx: Ctx, row: Feature, cid: str) -> bool:
    return any(c.id == cid for name in ctx.cat.clauses[cid].rulesets for c in _row_clauses(ctx, row, name))


def ambiguities_page(ctx: Ctx) -> str:
    here = "ambiguities.md"
    cat, t = ctx.cat, ctx.t
    # Its search tag: searching "AMB-2" finds the register first (as for a clause ID and its page).
    out = ["---", "search:", "  boost: 2", "tags:", "  - AMB", "---", "", f"# {t('ambiguities')}", "",
           t("amb_intro"), ""]
    for a in cat.ambiguities.values():
        clauses = ", ".join(ctx.clause_link(here, cid) for cid in a.clauses)
        out += [f"## {a.id} · {esc(ctx.pick(a.question, a.id + ' question'))} {{#{a.id.lower()}}}", "",
                f"*{t('a_' + a.kind)}* · {t('clauses')}: {clauses} · {t('cli_key')}: `{a.key}`", ""]
        raised = site_reading.raised_by(ctx, here, a.id)
        if raised:
            out += [f"{t('raised_by')}: {raised}", ""]
        out += [f"{t('al_rows_of')}: " + site_alignment.row_links(ctx, here, a.id), ""]
        if a.note:
            note = ctx.linked(here, ctx.pick(a.note, a.id + " note"))
            out += [f"!!! note \"{t('note')}\"", f"    {note}", ""]
        for r in a.readings:
            out += [f"### {ctx.reading_label(a, r.name)} {{#{a.id.lower()}-{r.name}}}", "",
                    ctx.linked(here, ctx.pick(r.summary, f"{a.id} {r.name} summary")), "",
                    f"<small>`--reading {a.key}={r.name}`</small>", ""]
            out += [f"**{t('mark_' + r.mark)}**", ""]  # quoted, published, an engine's or a choice
            if r.outside is not None:  # what it takes from beyond the quotes: a choice says why
                out += [f"*{ctx.linked(here, ctx.pick(r.outside.source, f'{a.id} {r.name} outside'))}*", ""]
            out += [f"- «{esc(w.words)}» — {ctx.publication_ref(w)}" for w in r.published]
            out += [""] if r.published else []
            for e in r.engines:  # an engine's code, named as such: its file, the line, its own test
                out += [f"- {_code(e.code)} — {ctx.engine_ref(e)}, {_code(e.file)}; "
                        f"{t('engine_test').format(test=_code(e.test))}"]
            out += [""] if r.engines else []
            for q in r.sources:
                first, last = line_of(cat.sources[q.doc].text, q.quote)
                out += ["> " + line for line in esc(q.quote).split("\n")]
                out += [">", f"> — {ctx.source_link(here, q.doc, first, last)}", ""]
        out += [f"**{t('defaults')}**", "", f"| {t('ruleset')} | {t('reading')} | {t('rationale')} |",
                "|---|---|---|"]
        for rs, reading in a.defaults.items():
            why = ctx.linked(here, ctx.pick(a.rationale[rs], f"{a.id} rationale {rs}"), True)
            out.append(f"| {ctx.ruleset_ref(here, rs, full=True)} | "
                       f"[{ctx.reading_label(a, reading)}](#{a.id.lower()}-{reading}) | {why} |")
        out += ["", f"**{t('witnesses')}:** " + site_witnesses.register_table(ctx, here, a), ""]
    return "\n".join(out)


def matrix_page(ctx: Ctx) -> str:
    here = "traceability.md"
    cat, t, trace = ctx.cat, ctx.t, ctx.trace
    trees = ("spec", "engine", "tests", "proofs")
    gaps = {tree: [cid for cid in cat.clauses if not trace.cited(cid, tree)] for tree in trees}
    status = [(t("test_results"), _short_tests)] if trace.tests is not None else []
    status += [(t("proof_status"), _short_proofs)] if trace.proofs is not None else []
    out = ["---", "search:", "  boost: 0.5", "---", "",
           f"# {t('traceability')}", "", t("matrix_intro"), "", *site_rules.results_notice(ctx, here),
           f"| {t('gaps')} | " + " | ".join(t(tr) for tr in trees) + " |", "|---|" + "---|" * len(trees),
           f"| {t('gaps_summary')} | " + " | ".join(f"{len(gaps[tr])} / {len(cat.clauses)}" for tr in trees)
           + " |", "",
           f"| {t('clause')} | {t('sources')} | " + " | ".join(t(tr) for tr in trees)
           + "".join(f" | {name}" for name, _ in status) + " |",
           "|---|---|" + "---|" * (len(trees) + len(status))]
    for cid, c in cat.clauses.items():
        cells = [ctx.clause_link(here, cid), ", ".join(
            f"[{d}]({ctx.link(here, f'rulebooks/{d}.md')})" for d in c.docs())
            or ctx.ruleset_ref(here, c.rulesets[0])]  # a ruleset file's own clause: its ruleset
        for tree in trees:
            files = list(dict.fromkeys(ci.path for ci in trace.cited(cid, tree)))
            # A count keeps the table readable; the files are in the tooltip and on the clause page.
            cells.append(f"<span title=\"{', '.join(files)}\">{len(files)}</span>" if files
                         else f"<span class=\"gap\">— {t('gap')}</span>")
        cells += [show(ctx, cid) for _, show in status]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _short_tests(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.test_results(cid) or []
    counts = [(o, sum(r.outcome == o for r in results)) for o in ("passed", "failed", "skipped")]
    return ", ".join(f"{n} {ctx.t(o)}" for o, n in counts if n) or ctx.t("no_test_for")


def _short_proofs(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.proof_results(cid) or []
    return site_rules.proof_counts(ctx, results) if results else ctx.t("no_proof_for")


def record_page(lang: str) -> str:
    """The record format's guide page, from its JSON Schema (written into docs/<lang>/guide/ by
    `truco docs update`, so that it reads the same in the repository and on the site)."""
    schema = json.loads((SCHEMAS_DIR / "record.schema.json").read_text(encoding="utf-8"))

    def t(key: str) -> str:
        return label(key, lang)

    out = [f"# {t('g_record')}", "", t("record_intro"), "",
           f"**{esc(schema.get('title', ''))}**", "",
           esc(translate(schema.get("description", ""), lang)), "",
           f"| {t('field')} | {t('type')} | {t('required')} | {t('description')} |", "|---|---|---|---|"]
    for path, node, required in _fields(schema, schema):
        description = node.get("description", "")
        out.append(f"| {field_name(path)} | {_type(node)} | {t('yes') if required else t('no')} | "
                   f"{esc(translate(description, lang) if description else '', True)} |")
    out += ["", f"## {t('full_schema')} {{#schema}}", "", "```json",
            json.dumps(schema, ensure_ascii=False, indent=2), "```", ""]
    return "\n".join(out)


def field_name(path: str) -> str:
    """A field's dotted path as code that never breaks inside a name: only after a dot (the site's
    CSS keeps `code.field-name` whole, truco_rules/site/hooks.py)."""
    return '<code class="field-name">' + "<wbr>".join(html.escape(p) + "." for p in path.split(".")[:-1]) \
        + ("<wbr>" if "." in path else "") + html.escape(path.split(".")[-1]) + "</code>"


def _resolve(root: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        merged = dict(root["$defs"][ref.split("/")[-1]])
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        return merged
    return node


def _fields(root: dict[str, Any], node: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any, bool]]:
    """(dotted path, schema node, required) for every property, depth first; arrays as `name[]`."""
    node = _resolve(root, node)
    required = set(node.get("required", ()))
    for name, child in node.get("properties", {}).items():
        child = _resolve(root, child)
        path = f"{prefix}{name}"
        yield path, child, name in required
        if child.get("type") == "array" and isinstance(child.get("items"), dict):
            items = _resolve(root, child["items"])
            if "properties" in items:
                yield from _fields(root, items, f"{path}[].")
        elif "properties" in child:
            yield from _fields(root, child, f"{path}.")


def _type(node: dict[str, Any]) -> str:
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    if "enum" in node:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in node["enum"])
    kind = node.get("type", "")
    return " \\| ".join(kind) if isinstance(kind, list) else str(kind)


def _code(text: str) -> str:
    """The register's text of an engine (a code line, a path) as a code span: shown as it is."""
    return "`" + text.replace("`", "'") + "`"
