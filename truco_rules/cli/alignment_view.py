"""`truco diff --row ROW`: one row of the alignment table (spec/data/alignment.yaml), every source
side by side; `truco diff --rows` lists the rows. With two rulesets, only their sources are shown."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Sequence
from typing import Any

import click

from truco_rules.cli.errors import fail
from truco_rules.text.catalogues import gettext


def _rows() -> tuple[Any, ...]:
    from truco_rules.spec.alignment import alignment

    return alignment()


def list_rows(lang: str, as_json: bool) -> None:
    rows = _rows()
    if as_json:
        click.echo(json.dumps([{"row": r.id, "topic": dict(r.topic)} for r in rows], indent=1,
                              ensure_ascii=False))
        return
    for r in rows:
        click.echo(f"{r.id:<22} {r.topic[lang]}")


def show_row(name: str, rulesets: Sequence[str], lang: str, as_json: bool) -> None:
    """The row `name`: its topic, clauses and register entries (or why its sources agree), then each
    source's words or its silence; with `rulesets`, only the sources of those rulesets."""
    from truco_rules.spec.alignment import columns, row
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    cat = load_catalogue()
    try:
        r = row(_rows(), name)
    except UnknownNameError as exc:
        fail(str(exc))
    cols = [c for c in columns(cat) if not rulesets or set(c.rulesets) & set(rulesets)]
    if as_json:
        click.echo(json.dumps({
            "row": r.id, "topic": dict(r.topic), "clauses": list(r.clauses), "register": list(r.register),
            "same": dict(r.same) if r.same is not None else None,
            "cells": [{"column": c.id, "source": _source(c, lang), "rulesets": list(c.rulesets),
                       **({"words": list(r.said[c.id])} if c.id in r.said else {"silent": True})}
                      for c in cols],
        }, indent=1, ensure_ascii=False))
        return
    click.echo(f"{r.id} · {r.topic[lang]}")
    if r.clauses:
        click.echo(gettext("Clauses: {ids}", lang, ids=" ".join(r.clauses)))
    if r.register:
        entries = ", ".join(f"{a} ({cat.ambiguities[a].key})" for a in r.register)
        click.echo(gettext("Register entries: {entries}", lang, entries=entries))
    else:
        click.echo(_wrap(gettext("Differences: {why}", lang, why=r.same[lang] if r.same else ""), ""))
    silent = []
    for c in cols:
        if c.id not in r.said:
            silent.append(c.id)
            continue
        click.echo("")
        click.echo(f"{c.id} · {_source(c, lang)}" + (f" ({', '.join(c.rulesets)})" if c.rulesets else ""))
        for words in r.said[c.id]:
            click.echo(_wrap(f"“{' '.join(words.split())}”", "    "))
    if silent:
        click.echo("")
        click.echo(_wrap(gettext("Silent: {sources}", lang, sources=", ".join(silent)), ""))


def _source(col: Any, lang: str) -> str:
    if col.rulebook is not None:
        from truco_rules.spec.catalogue import load_catalogue

        return load_catalogue().sources[col.rulebook].title
    if col.engine:
        kind = gettext("an engine: the lines of its code the register quotes", lang)
        return f"{col.publication.title}, {kind}"
    return f"{col.publication.title}, {col.publication.publisher}"


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=100, initial_indent=indent, subsequent_indent=indent + "  ")
