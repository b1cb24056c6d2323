"""Divergence witnesses gathered into rows of words: per register entry (one column per reading)
and per situation across the rulesets' defaults (one result per ruleset), near-duplicates folded.

Used by the site and by `truco explain AMB-n`. Witnesses are flat dicts as
`truco_rules.text.traceability` reads them: each with `a_side` / `b_side` (ruleset and readings).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from truco_rules.text.witness_words import UnknownWitness, decks_of, outcome_text, situation_text

Warn = Callable[[str], None]


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


@dataclass(frozen=True)
class Witnesses:
    """The witnesses, the catalogue that names their rulesets, the reader's language, and where to
    report a witness that has no wording (the site's strict build fails on it)."""

    cat: Any  # truco_rules.spec.catalogue.Catalogue
    found: list[dict[str, Any]] | None  # None: no witnesses were computed
    lang: str
    warn: Warn

    def of(self, amb: Any) -> list[dict[str, Any]] | None:
        if self.found is None:
            return None
        return [w for w in self.found if w.get("ambiguity") in (amb.id, amb.key)
                or amb.id in w.get("ambiguities", ())]


def _players(cat: Any, rulesets: Iterable[str]) -> set[int]:
    return {cat.rulesets[r].players for r in rulesets}


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


def _words(ws: Witnesses, what: str, make: Callable[[], str]) -> str | None:
    """Words for a witness, or None after a warning if it has none."""
    try:
        return make()
    except UnknownWitness as exc:
        ws.warn(f"{what}: {exc} (add its wording to truco_rules/text/witness_words.py)")
        return None


def reading_rows(ws: Witnesses, amb: Any) -> list[Row] | None:
    """Rows for a register entry: situations where its readings differ, all else equal; None: no
    witnesses were computed at all."""
    cat, lang = ws.cat, ws.lang
    found = ws.of(amb)
    if found is None:
        return None
    rows: dict[tuple[str, str], Row] = {}
    for w in found:
        a, b = w.get("a_side") or {}, w.get("b_side") or {}
        rs = str(a.get("ruleset"))
        if rs not in cat.rulesets or b.get("ruleset") != rs:
            continue  # two rulesets differ in more than this entry: shown on the differences page
        ra, rb = cat.readings(rs, a.get("readings") or {}), cat.readings(rs, b.get("readings") or {})
        if {k for k in ra if ra[k] != rb.get(k)} != {amb.key}:
            continue
        players = _players(cat, [rs])
        what = f"{amb.id} witness"
        situation = _words(ws, what, partial(situation_text, w, lang, players, decks_of([rs])))
        res_a = _words(ws, what, partial(outcome_text, w, w["a"], lang, players))
        res_b = _words(ws, what, partial(outcome_text, w, w["b"], lang, players))
        if None in (situation, res_a, res_b):
            continue
        row = rows.setdefault((rs, _raw_key(w)), Row(situation or "", {}, [rs]))
        row.results[ra[amb.key]] = res_a or ""
        row.results[rb[amb.key]] = res_b or ""
        row.raw[_raw_key(w)] = int(w.get("similar") or 0)
        row.clauses += [c for c in w.get("clauses", ()) if c not in row.clauses]
    order = {r: i for i, r in enumerate(cat.rulesets)}
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


def ruleset_rows(ws: Witnesses) -> list[tuple[Row, list[str]]]:
    """Situations where the rulesets' defaults differ: rows with one result per ruleset (the rulesets
    that reach the situation), each with the register entries behind it (none: the variants differ)."""
    cat, lang = ws.cat, ws.lang
    seen: dict[str, _Seen] = {}
    for w in ws.found or ():
        a, b = w.get("a_side") or {}, w.get("b_side") or {}
        if a.get("readings") or b.get("readings") or a.get("ruleset") == b.get("ruleset"):
            continue
        if a.get("ruleset") not in cat.rulesets or b.get("ruleset") not in cat.rulesets:
            continue
        s = seen.setdefault(_raw_key(w), _Seen(w))
        s.results[a["ruleset"]], s.results[b["ruleset"]] = w["a"], w["b"]
        s.ambiguities += [x for x in w.get("ambiguities", ()) if x not in s.ambiguities]
        s.similar = max(s.similar, int(w.get("similar") or 0))
    folded: dict[tuple[Any, ...], tuple[Row, list[str]]] = {}
    for raw, s in seen.items():
        witness = s.witness
        situation = _words(ws, "witness", partial(situation_text, witness, lang, _players(cat, s.results),
                                                  decks_of(s.results)))
        words = {rs: _words(ws, "witness", partial(outcome_text, witness, res, lang, _players(cat, [rs])))
                 for rs, res in s.results.items()}
        if situation is None or None in words.values():
            continue
        ambs = sorted(s.ambiguities, key=_amb_order)
        row = Row(situation, {k: v or "" for k, v in words.items()}, list(s.results), {raw: s.similar},
                  list(witness.get("clauses", ())))
        key = (row.situation, tuple(sorted(row.results.items())), tuple(ambs))
        if key in folded:
            folded[key][0].raw.update(row.raw)
        else:
            folded[key] = (row, ambs)
    return list(folded.values())


def _amb_order(amb_id: str) -> int:
    return int(amb_id.split("-")[1])


