"""Pages built as tables: the rulesets compared, the ambiguity register, the traceability matrix,
and the record format rendered from its JSON Schema."""

from __future__ import annotations

import json
from typing import Any

from site_md import Ctx, esc, family_of, line_of

from spec.catalogue import SCHEMAS_DIR

# Feature rows of the ruleset comparison: (label key, clause families, ambiguity keys). Every
# family and every ambiguity key must appear in one row; the build warns otherwise.
FEATURES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("ft_players", ("SET",), ()),
    ("ft_deck", ("DECK", "DEAL"), ("deck", "deal-size")),
    ("ft_cards", ("CARD",), ()),
    ("ft_order", ("ORD",), ("round-leader", "hand-starter", "bet-responder")),
    ("ft_ties", ("RND", "HND"), ("all-rounds-tied", "split-then-tie", "first-two-tied", "hand-length",
                                 "partner-tie")),
    ("ft_ladder", ("VAL", "BET"), ()),
    ("ft_ten", ("TEN",), ("ten-truco", "ten-choice")),
    ("ft_iron", ("IRN",), ("iron-hand", "iron-blind")),
    ("ft_covered", ("COV",), ("covered-card", "covering", "cover-round")),
    ("ft_target", ("MAT",), ("gauderio-target", "match-format")),
    ("ft_envido", ("ENV",), ("envido-stakes", "envido-without-pair", "falta-points", "side-bet-window",
                             "side-bet-ties", "side-bet-scoring")),
    ("ft_flor", ("FLR",), ("flor-optional", "flor-refusal")),
    ("ft_senas", ("SEN",), ("senas",)),
)


def rulesets_page(ctx: Ctx) -> str:
    here = "compare/rulesets.md"
    cat, t = ctx.cat, ctx.t
    _check_features(ctx)
    names = list(cat.rulesets)
    out = [f"# {t('rulesets_compared')}", "", t("rulesets_intro"), "",
           f"| {t('feature')} | " + " | ".join(f"`{n}`" for n in names) + " |", "|---|" + "---|" * len(names)]
    row = [cat.rulesets[n] for n in names]
    out.append(f"| {t('rulebooks')} | " + " | ".join(
        f"[{r.doc}]({ctx.link(here, f'rulebooks/{r.doc}.md')}): {esc(ctx.ruleset_title(r.name), True)}"
        for r in row) + " |")
    out.append(f"| {t('variant')} | " + " | ".join(r.variant for r in row) + " |")
    out.append(f"| {t('players')} | " + " | ".join(str(r.players) for r in row) + " |")
    out.append(f"| {t('clauses_held')} | " + " | ".join(str(len(cat.clauses_of(n))) for n in names) + " |")
    for key, fams, amb_keys in FEATURES:
        cells = []
        for name in names:
            held = [c for c in cat.clauses_of(name) if family_of(c.id) in fams]
            parts = [f"{ctx.clause_link(here, c.id)} {esc(ctx.pick(c.title, c.id + ' title'), True)}"
                     for c in held]
            readings = cat.readings(name)
            for k in amb_keys:
                if k in readings:
                    amb = cat.ambiguity(k)
                    parts.append(f"{ctx.ambiguity_link(here, amb.id, f'`{k}`')} = `{readings[k]}`")
            cells.append("<br>".join(parts) or "—")
        out.append(f"| **{t(key)}** | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _check_features(ctx: Ctx) -> None:
    fams = {f for _, fs, _ in FEATURES for f in fs}
    keys = {k for _, _, ks in FEATURES for k in ks}
    for cid in ctx.cat.clauses:
        if family_of(cid) not in fams:
            ctx.warn(f"clause family {family_of(cid)} is in no row of the ruleset comparison")
    for amb in ctx.cat.ambiguities.values():
        if amb.key not in keys:
            ctx.warn(f"ambiguity {amb.key} is in no row of the ruleset comparison")


def ambiguities_page(ctx: Ctx) -> str:
    here = "ambiguities.md"
    cat, t = ctx.cat, ctx.t
    out = [f"# {t('ambiguities')}", "", t("amb_intro"), ""]
    if ctx.trace.witnesses is not None:
        out += [f"*{t('witnesses')}: {t('results_from')} `{ctx.trace.witness_file}`.*", ""]
    for a in cat.ambiguities.values():
        clauses = ", ".join(ctx.clause_link(here, cid) for cid in a.clauses)
        out += [f"## {a.id} · `{a.key}` {{#{a.id.lower()}}}", "",
                f"*{t('a_' + a.kind)}* · {t('clauses')}: {clauses}", "",
                f"**{t('question')}** {esc(ctx.pick(a.question, a.id + ' question'))}", ""]
        if a.note:
            out += [f"!!! note \"{t('note')}\"", f"    {esc(ctx.pick(a.note, a.id + ' note'))}", ""]
        for r in a.readings:
            out += [f"### `{r.name}` {{#{a.id.lower()}-{r.name}}}", "",
                    esc(ctx.pick(r.summary, f"{a.id} {r.name} summary")), ""]
            if not r.sources:
                out += [f"*{t('not_in_sources')}*", ""]
            for q in r.sources:
                first, last = line_of(cat.sources[q.doc].text, q.quote)
                out += ["> " + line for line in esc(q.quote).split("\n")]
                out += [">", f"> — {ctx.source_link(here, q.doc, first, last)}", ""]
        out += [f"**{t('defaults')}**", "", f"| {t('ruleset')} | {t('reading')} | {t('rationale')} |",
                "|---|---|---|"]
        for rs, reading in a.defaults.items():
            why = esc(ctx.pick(a.rationale[rs], f"{a.id} rationale {rs}"), True)
            out.append(f"| `{rs}` | [`{reading}`](#{a.id.lower()}-{reading}) | {why} |")
        out += ["", f"**{t('witnesses')}:** " + _witnesses(ctx, a), ""]
    return "\n".join(out)


def _witnesses(ctx: Ctx, amb: Any) -> str:
    found = ctx.trace.witnesses_of(amb.id, amb.key)
    if found is None:
        return ctx.t("none_computed")
    if not found:
        return ctx.t("none_for_this")
    here = "ambiguities.md"
    t = ctx.t
    lines = ["", "", f"| {t('situation')} | A | B | {t('clauses')} |", "|---|---|---|---|"]
    # Smallest first, as `truco diff` orders them; a handful per entry tells the story.
    for w in found[:8]:
        situation = json.dumps(w.get("situation"), ensure_ascii=False, sort_keys=True)
        more = "+" if w.get("search_stopped_at") else ""  # a search cut short: at least that many
        similar = f" (+{w['similar']}{more} {t('similar')})" if w.get("similar") else ""
        cells = [f"*{w.get('domain', '')}* `{situation}`{similar}"]
        for side_key, result_key in (("a_side", "a"), ("b_side", "b")):
            side = w.get(side_key) or {}
            readings = ", ".join(f"`{k}={v}`" for k, v in sorted((side.get("readings") or {}).items()))
            who = f"`{side.get('ruleset', '?')}`" + (f" {readings}" if readings else "")
            cells.append(f"{who}: **{esc(str(w.get(result_key)), True)}**")
        known = [c for c in w.get("clauses", ()) if c in ctx.cat.clauses]
        cells.append(", ".join(ctx.clause_link(here, c) for c in known))
        lines.append("| " + " | ".join(cells) + " |")
    if len(found) > 8:
        lines += ["", f"… (+{len(found) - 8}: `truco diff`)"]
    return "\n".join(lines) + "\n"


def matrix_page(ctx: Ctx) -> str:
    here = "traceability.md"
    cat, t, trace = ctx.cat, ctx.t, ctx.trace
    trees = ("spec", "engine", "tests", "proofs")
    gaps = {tree: [cid for cid in cat.clauses if not trace.cited(cid, tree)] for tree in trees}
    out = [f"# {t('traceability')}", "", t("matrix_intro"), "",
           f"| {t('gaps')} | " + " | ".join(t(tr) for tr in trees) + " |", "|---|" + "---|" * len(trees),
           f"| {t('gaps_summary')} | " + " | ".join(f"{len(gaps[tr])} / {len(cat.clauses)}" for tr in trees)
           + " |", "",
           f"| {t('clause')} | {t('sources')} | " + " | ".join(t(tr) for tr in trees)
           + f" | {t('test_results')} | {t('proof_status')} |",
           "|---|---|" + "---|" * len(trees) + "---|---|"]
    for cid, c in cat.clauses.items():
        cells = [ctx.clause_link(here, cid), ", ".join(
            f"[{d}]({ctx.link(here, f'rulebooks/{d}.md')})" for d in c.docs())]
        for tree in trees:
            files = list(dict.fromkeys(ci.path for ci in trace.cited(cid, tree)))
            # A count keeps the table readable; the files are in the tooltip and on the clause page.
            cells.append(f"<span title=\"{', '.join(files)}\">{len(files)}</span>" if files
                         else f"<span class=\"gap\">— {t('gap')}</span>")
        cells += [_short_tests(ctx, cid), _short_proofs(ctx, cid)]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _short_tests(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.test_results(cid)
    if results is None:
        return ctx.t("not_run")
    counts = [(o, sum(r.outcome == o for r in results)) for o in ("passed", "failed", "skipped")]
    return ", ".join(f"{n} {ctx.t(o)}" for o, n in counts if n) or "—"


def _short_proofs(ctx: Ctx, cid: str) -> str:
    results = ctx.trace.proof_results(cid)
    if results is None:
        return ctx.t("not_run")
    return ", ".join(esc(str(p.get("status", "?")), True) for p in results) or "—"


def record_page(ctx: Ctx) -> str:
    schema = json.loads((SCHEMAS_DIR / "record.schema.json").read_text(encoding="utf-8"))
    t = ctx.t
    out = [f"# {t('g_record')}", "", t("record_intro"), "",
           f"**{esc(schema.get('title', ''))}**", "", esc(schema.get("description", "")), "",
           f"| {t('field')} | {t('type')} | {t('required')} | {t('description')} |", "|---|---|---|---|"]
    for path, node, required in _fields(schema, schema):
        out.append(f"| `{path}` | {_type(node)} | {t('yes') if required else t('no')} | "
                   f"{esc(node.get('description', ''), True)} |")
    out += ["", f"## {t('full_schema')} {{#schema}}", "", "```json",
            json.dumps(schema, ensure_ascii=False, indent=2), "```", ""]
    return "\n".join(out)


def _resolve(root: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        merged = dict(root["$defs"][ref.split("/")[-1]])
        merged.update({k: v for k, v in node.items() if k != "$ref"})
        return merged
    return node


def _fields(root: dict[str, Any], node: dict[str, Any], prefix: str = ""):  # type: ignore[no-untyped-def]
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
