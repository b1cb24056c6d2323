"""Divergence witnesses as readers see them: situations and results in words, near-duplicates folded.

Two views of the same witnesses (read by `truco_cli.traceability` from `proofs/witnesses.json`):

* per register entry: the situations where one ruleset's default reading and an alternative reading
  give different results, one column per reading;
* per situation across the rulesets' defaults: which rulebook says what, for the page "where the
  rulebooks differ".

Rows that read the same once put in words (the same situation with the sides swapped, the same
situation in two rulesets) are folded into one, with the number of situations they stand for.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from site_md import Ctx, esc

from truco_cli.witness_words import UnknownWitness, outcome_text, similar_text, situation_text


@dataclass
class Row:
    """One folded row: a situation in words, the result (in words) of each column, where it holds."""

    situation: str
    results: dict[str, str]  # column (a reading name or a ruleset name) -> result in words
    rulesets: list[str] = field(default_factory=list)
    raw: dict[str, int] = field(default_factory=dict)  # each situation as data -> its `similar` count
    clauses: list[str] = field(default_factory=list)

    @property
    def more(self) -> int:
        """How many more situations than the one shown this row stands for."""
        return sum(1 + n for n in self.raw.values()) - 1


def _players(ctx: Ctx, rulesets: Iterable[str]) -> set[int]:
    return {ctx.cat.rulesets[r].players for r in rulesets}


def _fold(rows: Iterable[Row]) -> list[Row]:
    folded: dict[tuple[str, tuple[tuple[str, str], ...]], Row] = {}
    for row in rows:
        key = (row.situation, tuple(sorted(row.results.items())))
        into = folded.setdefault(key, Row(row.situation, dict(row.results)))
        into.rulesets += [r for r in row.rulesets if r not in into.rulesets]
        into.clauses += [c for c in row.clauses if c not in into.clauses]
        into.raw.update(row.raw)
    return list(folded.values())


def _raw_key(w: Mapping[str, Any]) -> str:
    return f"{w.get('domain')} {json.dumps(w.get('situation'), sort_keys=True)}"


def _words(ctx: Ctx, what: str, make: Any) -> str | None:
    """Words for a witness, or None after a build warning (fatal when strict) if it has none."""
    try:
        return make()
    except UnknownWitness as exc:
        ctx.warn(f"{what}: {exc} (add its wording to truco_cli/witness_words.py)")
        return None


def reading_rows(ctx: Ctx, amb: Any) -> list[Row] | None:
    """Rows for a register entry: situations where its readings differ, all else equal; None: no
    witnesses were computed at all."""
    found = ctx.trace.witnesses_of(amb.id, amb.key)
    if found is None:
        return None
    rows: dict[tuple[str, str], Row] = {}
    for w in found:
        a, b = w.get("a_side") or {}, w.get("b_side") or {}
        rs = a.get("ruleset")
        if rs not in ctx.cat.rulesets or b.get("ruleset") != rs:
            continue  # two rulesets differ in more than this entry: shown on the differences page
        ra, rb = ctx.cat.readings(rs, a.get("readings") or {}), ctx.cat.readings(rs, b.get("readings") or {})
        if {k for k in ra if ra[k] != rb.get(k)} != {amb.key}:
            continue
        players = _players(ctx, [rs])
        situation = _words(ctx, f"{amb.id} witness", lambda w=w, p=players: situation_text(w, ctx.lang, p))
        res_a = _words(ctx, f"{amb.id} witness", lambda w=w, p=players: outcome_text(w, w["a"], ctx.lang, p))
        res_b = _words(ctx, f"{amb.id} witness", lambda w=w, p=players: outcome_text(w, w["b"], ctx.lang, p))
        if None in (situation, res_a, res_b):
            continue
        row = rows.setdefault((rs, _raw_key(w)), Row(situation or "", {}, [rs]))
        row.results[ra[amb.key]] = res_a or ""
        row.results[rb[amb.key]] = res_b or ""
        row.raw[_raw_key(w)] = int(w.get("similar") or 0)
        row.clauses += [c for c in w.get("clauses", ()) if c not in row.clauses]
    order = {r: i for i, r in enumerate(ctx.cat.rulesets)}
    folded = _fold(rows.values())
    for row in folded:
        row.rulesets.sort(key=order.__getitem__)
    return folded


@dataclass
class _Seen:
    """One situation as data, met in one or more comparisons of two rulesets' defaults."""

    witness: Mapping[str, Any]
    results: dict[str, Any] = field(default_factory=dict)  # ruleset -> its result, as data
    ambiguities: list[str] = field(default_factory=list)
    similar: int = 0


def ruleset_rows(ctx: Ctx) -> list[tuple[Row, list[str]]]:
    """Situations where the rulesets' defaults differ: rows with one result per ruleset (the rulesets
    that reach the situation), each with the register entries behind it (none: the variants differ)."""
    seen: dict[str, _Seen] = {}
    for w in ctx.trace.witnesses or ():
        a, b = w.get("a_side") or {}, w.get("b_side") or {}
        if a.get("readings") or b.get("readings") or a.get("ruleset") == b.get("ruleset"):
            continue
        if a.get("ruleset") not in ctx.cat.rulesets or b.get("ruleset") not in ctx.cat.rulesets:
            continue
        s = seen.setdefault(_raw_key(w), _Seen(w))
        s.results[a["ruleset"]], s.results[b["ruleset"]] = w["a"], w["b"]
        s.ambiguities += [x for x in w.get("ambiguities", ()) if x not in s.ambiguities]
        s.similar = max(s.similar, int(w.get("similar") or 0))
    folded: dict[tuple[Any, ...], tuple[Row, list[str]]] = {}
    for raw, s in seen.items():
        w = s.witness
        players = _players(ctx, s.results)
        situation = _words(ctx, "witness", lambda w=w, p=players: situation_text(w, ctx.lang, p))
        words = {rs: _words(ctx, "witness", lambda w=w, rs=rs, res=res: outcome_text(
            w, res, ctx.lang, _players(ctx, [rs]))) for rs, res in s.results.items()}
        if situation is None or None in words.values():
            continue
        ambs = sorted(s.ambiguities, key=_amb_order)
        row = Row(situation, {k: v or "" for k, v in words.items()}, list(s.results), {raw: s.similar},
                  list(w.get("clauses", ())))
        key = (row.situation, tuple(sorted(row.results.items())), tuple(ambs))
        if key in folded:
            folded[key][0].raw.update(row.raw)
        else:
            folded[key] = (row, ambs)
    return list(folded.values())


def _amb_order(amb_id: str) -> int:
    return int(amb_id.split("-")[1])


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
