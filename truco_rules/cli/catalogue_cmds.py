"""Commands over the clause catalogue: `clauses`, `explain`, `ambiguities`, `coverage`."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from truco_rules.cli.errors import fail
from truco_rules.cli.options import lang_option, ruleset_options, rulesets_from
from truco_rules.spec.escape import json_dumps
from truco_rules.text.catalogues import N_, gettext, ngettext, translate
from truco_rules.text.words import CLAUSE_KINDS, ENTRY_KINDS

if TYPE_CHECKING:
    from truco_rules.spec.catalogue import Catalogue

T = TypeVar("T")


def _catalogue() -> Catalogue:
    from truco_rules.spec.catalogue import CatalogueError, load_catalogue

    try:
        return load_catalogue()
    except CatalogueError as exc:  # broken data in a checkout: say where, not a traceback
        fail(f"the catalogue data is inconsistent: {exc}")


def _lookup(func: Callable[..., T], *args: Any) -> T:
    from truco_rules.spec.catalogue import UnknownNameError

    try:
        return func(*args)
    except UnknownNameError as exc:
        fail(str(exc))


def _line_of(text: str, quote: str) -> int:
    return text[: text.index(quote)].count("\n") + 1


def clause_json(cat: Any, clause: Any) -> dict[str, Any]:
    """A clause as the documented JSON contract (spec/schemas/clauses.schema.json)."""
    return {
        "id": clause.id,
        "title": dict(clause.title),
        "text": dict(clause.text),
        "kind": clause.kind,
        "rulesets": list(clause.rulesets),
        "sources": [
            {"doc": cat.sources[q.doc].filename, "quote": q.quote,
             "line": _line_of(cat.sources[q.doc].text, q.quote)}
            for q in clause.sources
        ],
        "ambiguities": [a.id for a in cat.ambiguities_of_clause(clause.id)],
        **({"published": _publication(*clause.published)} if clause.published is not None else {}),
        **({"also_published": [_publication(a.publication, a.section) for a in clause.also_published]}
           if clause.also_published else {}),
        **({"adopted": {rs: _publication(pub) for rs, pub in clause.adopted.items()}}
           if clause.adopted else {}),
    }


def _publication(pub: Any, section: str | None = None) -> dict[str, Any]:
    return {"title": pub.title, "publisher": pub.publisher, "url": pub.url, "section": section}


def ambiguity_json(cat: Any, amb: Any) -> dict[str, Any]:
    """An ambiguity as the documented JSON contract (spec/schemas/ambiguities.schema.json)."""
    out: dict[str, Any] = {
        "id": amb.id,
        "key": amb.key,
        "kind": amb.kind,
        "clauses": list(amb.clauses),
        "question": dict(amb.question),
        "readings": [_reading_json(cat, r) for r in amb.readings],
        "defaults": dict(amb.defaults),
        "rationale": {rs: dict(t) for rs, t in amb.rationale.items()},
    }
    if amb.note:
        out["note"] = dict(amb.note)
    return out


def _reading_json(cat: Any, r: Any) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": r.name, "summary": dict(r.summary),
        "sources": [{"doc": cat.sources[q.doc].filename, "quote": q.quote} for q in r.sources],
        "in_sources": bool(r.sources),
        "mark": r.mark,
        "claims": list(r.claims),
    }
    if r.published:
        out["published"] = [{"title": w.title, "publisher": w.publisher, "url": w.url, "words": w.words}
                            for w in r.published]
    if r.engines:
        out["engines"] = [{"name": e.name, "version": e.version, "url": e.url, "commit": e.commit,
                           "file": e.file, "code": e.code, "test": e.test} for e in r.engines]
    if r.outside is not None:
        out["outside"] = {"source": dict(r.outside.source), "clauses": list(r.outside.clauses),
                          "adds": list(r.outside.adds)}
    return out


# Each reading's mark, as the register states it (truco_rules.spec.catalogue.READING_MARKS).
_MARKS = {"quoted": N_("quoted"), "published": N_("published"), "engine": N_("engine"),
          "choice": N_("choice")}
_MARK_LINES = {
    "quoted": N_("Quoted: a rulebook sentence says it."),
    "published": N_("Published: a named publication says it, not one of the four rulebooks."),
    "engine": N_("Engine: no publication says it; a named Truco engine plays it, as its code and its own "
                 "test show."),
    "choice": N_("Choice: no rulebook or publication says it; the register chose it, and says why."),
}


def _where(r: Any, lang: str) -> str:
    """A reading's mark and what it rests on: the rulebooks that state it, its publications, or a choice."""
    mark = translate(_MARKS[r.mark], lang)
    if r.mark == "quoted":
        return f"{mark}: " + ", ".join(dict.fromkeys(q.doc for q in r.sources))
    if r.mark == "published":
        return f"{mark}: " + ", ".join(dict.fromkeys(w.publisher for w in r.published))
    if r.mark == "engine":
        return f"{mark}: " + ", ".join(dict.fromkeys(f"{e.name} {e.version}" for e in r.engines))
    return mark


def _pick(text: Any, lang: str) -> str:
    return text.get(lang) or text["en"]


def _alignment_rows(ref: str, lang: str) -> str:
    """The rows of the alignment table a clause or a register entry belongs to (`truco diff --row`)."""
    from truco_rules.spec.alignment import alignment, rows_of

    rows = " ".join(r.id for r in rows_of(alignment(), ref)) or gettext("none", lang)
    return gettext("Alignment table (truco diff --row): {rows}", lang, rows=rows)


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=100, initial_indent=indent, subsequent_indent=indent)


def _one_ruleset(ruleset: str | None, ruleset_files: tuple[str, ...]) -> str | None:
    """The one ruleset named (by --ruleset or a --ruleset-file, checked), or None for all."""
    named = rulesets_from(ruleset, ruleset_files, engine=False)
    if len(named) > 1:
        fail(f"one ruleset at a time, not {', '.join(named)}")
    return named[0] if named else None


@click.command("clauses")
@ruleset_options(help="Only the clauses of this ruleset.")
@lang_option()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output (all languages).")
def clauses_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], lang: str, as_json: bool) -> None:
    """List the clauses of the catalogue: every rule of the four rulebooks, and of the rulesets
    written from published rules. With --ruleset-file, check a ruleset file and list its clauses."""
    ruleset = _one_ruleset(ruleset, ruleset_files)
    cat = _catalogue()
    items = _lookup(cat.clauses_of, ruleset) if ruleset else list(cat.clauses.values())
    if as_json:
        click.echo(json_dumps({"format": "truco-clauses/1", "clauses": [clause_json(cat, c) for c in items]},
                              indent=2))
        return
    for c in items:
        docs = ",".join(c.docs())
        kind = gettext(CLAUSE_KINDS[c.kind], lang) if c.kind in CLAUSE_KINDS else c.kind
        click.echo(f"{click.style(c.id, bold=True):<18} {kind:<10} [{docs}] {_pick(c.title, lang)}")
    if ruleset:
        click.echo("\n" + ngettext("{n} clause in {ruleset}", "{n} clauses in {ruleset}", len(items), lang,
                                    ruleset=ruleset))
    else:
        click.echo("\n" + ngettext("{n} clause", "{n} clauses", len(items), lang))


_SHOWN_WITNESSES = 4


@click.command("explain")
@click.argument("clause_id", metavar="ID")
@lang_option()
def explain_cmd(clause_id: str, lang: str) -> None:
    """Explain one clause (BET-4) or one register entry (AMB-2), in the language asked for."""
    cat = _catalogue()
    wanted = clause_id.strip().upper()
    if wanted.startswith("AMB-") or clause_id in {a.key for a in cat.ambiguities.values()}:
        amb = _lookup(cat.ambiguity, wanted if wanted.startswith("AMB-") else clause_id)
        _explain_ambiguity(cat, amb, lang)
    elif clause_id.upper() not in cat.clauses and (term := _glossary_word(clause_id)) is not None:
        # a word of the game, not an ID: the clause that defines it, not the IDs that look alike
        from truco_rules.cli.errors import fail

        fail(f"{clause_id!r} is not a clause ID but a word of the glossary, defined by {term}: "
             f"truco explain {term}")
    else:
        _explain_clause(cat, _lookup(cat.clause, clause_id), lang)


def _glossary_word(word: str) -> str | None:
    """The clause (or register entry) defining `word` in the glossary, in any language; else None."""
    from truco_rules.text.glossary import load_glossary

    wanted = " ".join(word.lower().split())
    for term in load_glossary():
        if wanted in (n.lower() for n in term.all_names()):
            return term.defined_by or None
    return None


def _quote_lines(cat: Any, quotes: Any, lang: str, indent: str) -> None:
    from truco_rules.spec.catalogue import editorial_text

    for q in quotes:
        src = cat.sources[q.doc]
        line = _line_of(src.text, q.quote)
        # the rulebook by its number (which names its file in spec/sources/) and its own title
        doc = f"{src.code} · {src.title}"
        click.echo(indent + gettext("{doc}, line {line}", lang, doc=doc, line=str(line)) + ":")
        click.echo(_wrap(f"“{q.quote}”", indent + "  "))
        editorial = editorial_text(q.doc)
        if editorial is not None:
            start = src.text.index(q.quote) - (src.text.rfind("\n", 0, src.text.index(q.quote)) + 1)
            text = _editorial_sentences(src.text.split("\n")[line - 1], editorial.split("\n")[line - 1],
                                        start, start + len(q.quote))
            reading = gettext("editorial reading: {text}", lang, text=text)
            click.echo(_wrap(reading, indent + "  "))


def _publication_lines(publisher: str, title: str, url: str | None, words: str | None, lang: str,
                       indent: str) -> None:
    """A publication beyond the four rulebooks, named as such, and its words (when stored)."""
    where = f"{publisher}, {title}" + (f" ({url})" if url else "")
    published = gettext("published (not one of the four rulebooks): {where}", lang, where=where)
    click.echo(textwrap.fill(published, width=100,  # an address whole
                             initial_indent=indent, subsequent_indent=indent,
                             break_long_words=False, break_on_hyphens=False))
    if words is not None:
        click.echo(_wrap(f"“{words}”", indent + "  "))


def _engine_lines(e: Any, lang: str, indent: str) -> None:
    """An engine that plays a reading: its name, version and address, the file and its line that
    do it, and the engine's own test of it."""
    where = f"{e.name} {e.version}, {e.url}" + (f" @ {e.commit[:12]}" if e.commit else "")
    click.echo(textwrap.fill(gettext("engine (its code, not a rulebook): {where}", lang, where=where),
                             width=100, initial_indent=indent, subsequent_indent=indent,
                             break_long_words=False, break_on_hyphens=False))
    click.echo(textwrap.fill(f"{e.file}: {e.code}", width=100, initial_indent=indent + "  ",
                             subsequent_indent=indent + "  ", break_long_words=False, break_on_hyphens=False))
    click.echo(textwrap.fill(gettext("its test: {test}", lang, test=e.test), width=100,
                             initial_indent=indent + "  ", subsequent_indent=indent + "  ",
                             break_long_words=False, break_on_hyphens=False))


def _editorial_sentences(line: str, editorial: str, start: int, end: int) -> str:
    """The sentences of the editorial line that read the sentences of the rulebook's `line` the
    quote [start, end) falls in: the two lines have the same sentences, restored; where their
    sentences do not pair up, the whole editorial line."""
    from truco_rules.spec.coverage import sentences_of_line

    ours, theirs = sentences_of_line(line), sentences_of_line(editorial)
    if len(ours) != len(theirs):
        return editorial.strip()
    hit = [i for i, (s, e) in enumerate(ours) if s < end and start < e]
    if not hit:
        return editorial.strip()
    return editorial[theirs[hit[0]][0]:theirs[hit[-1]][1]].strip()


def _explain_clause(cat: Any, c: Any, lang: str) -> None:
    kind = gettext(CLAUSE_KINDS[c.kind], lang)
    click.echo(click.style(f"{c.id}  {_pick(c.title, lang)}", bold=True) + f"  ({kind})")
    click.echo(_wrap(_pick(c.text, lang), "  "))
    click.echo("\n" + gettext("Sources (verbatim, in their own language):", lang))
    _quote_lines(cat, c.sources, lang, "  ")
    if c.published is not None:  # a ruleset file's clause: its publications' words, never as a quote
        first = (c.published[0], c.published_words)
        for pub, words in (first, *((a.publication, a.words) for a in c.also_published)):
            _publication_lines(pub.publisher, pub.title, pub.url, words, lang, "  ")
    click.echo("\n" + gettext("Rulesets", lang) + ": " + ", ".join(c.rulesets))
    click.echo(_alignment_rows(c.id, lang))
    ambs = cat.ambiguities_of_clause(c.id)
    if not ambs:
        click.echo(gettext("Ambiguities", lang) + ": " + gettext("none", lang))
        return
    click.echo(gettext("Ambiguities", lang) + ":")
    for a in ambs:
        click.echo(f"  {a.id} ({a.key}): {_pick(a.question, lang)}")
        for rs, reading in a.defaults.items():
            click.echo(f"    {rs}: {reading}")


def _explain_ambiguity(cat: Any, a: Any, lang: str) -> None:
    from truco_rules.text.traceability import read_witnesses
    from truco_rules.text.witness_rows import Witnesses, reading_rows
    from truco_rules.text.witness_words import similar_text

    kind = gettext(ENTRY_KINDS[a.kind], lang)
    click.echo(click.style(f"{a.id}  {_pick(a.question, lang)}", bold=True) + f"  ({kind})")
    clauses, key = gettext("Clauses", lang), gettext("key", lang)
    click.echo(f"  {clauses}: {', '.join(a.clauses)} · {key}: {a.key}")
    click.echo("  " + _alignment_rows(a.id, lang))
    if a.note:
        click.echo(_wrap(_pick(a.note, lang), "  "))
    click.echo("\n" + gettext("Readings", lang) + ":")
    letters = {r.name: chr(ord("A") + i) for i, r in enumerate(a.readings)}
    reading = gettext("Reading", lang)
    for r in a.readings:
        click.echo(f"  {reading} {letters[r.name]} · {r.name} · {translate(_MARKS[r.mark], lang)}")
        click.echo(_wrap(_pick(r.summary, lang), "      "))
        click.echo(_wrap(translate(_MARK_LINES[r.mark], lang), "      "))
        if r.sources:
            _quote_lines(cat, r.sources, lang, "      ")
        for w in r.published:  # a publication's words: named as such, never as a rulebook quote
            _publication_lines(w.publisher, w.title, w.url, w.words, lang, "      ")
        for e in r.engines:  # an engine's code: named as such, never as a rulebook quote
            _engine_lines(e, lang, "      ")
        if r.outside is not None:  # what it takes from beyond the quotes: a choice says so, and why
            click.echo(_wrap(_pick(r.outside.source, lang), "      "))
    click.echo("\n" + gettext("Each ruleset's default reading", lang) + ":")
    for rs, name in a.defaults.items():
        click.echo(f"  {rs}: {reading} {letters[name]} · {name}")
        click.echo(_wrap(_pick(a.rationale[rs], lang), "      "))
    found, _ = read_witnesses()
    rows = reading_rows(Witnesses(cat, found, lang, lambda _msg: None), a) or []
    if rows:
        click.echo("\n" + gettext("Situations where the readings differ", lang) + ":")
        for row in rows[:_SHOWN_WITNESSES]:
            more = similar_text(row.more, lang)
            click.echo(textwrap.fill(row.situation + (f" ({more})" if more else ""), width=100,
                                     initial_indent="  - ", subsequent_indent="    "))
            for name in (r.name for r in a.readings if r.name in row.results):
                click.echo(_wrap(f"{reading} {letters[name]}: {row.results[name]}", "      "))
            click.echo(_wrap(gettext("in {rulesets}", lang, rulesets=", ".join(row.rulesets)), "      "))
    click.echo("\n" + gettext("Switch with --reading {key}=READING.", lang, key=a.key))


@click.command("ambiguities")
@ruleset_options(help="Only the ambiguities that concern this ruleset.")
@lang_option()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output (all languages).")
def ambiguities_cmd(ruleset: str | None, ruleset_files: tuple[str, ...], lang: str, as_json: bool) -> None:
    """List the ambiguity register: where the rulebooks disagree or are silent, and each reading."""
    ruleset = _one_ruleset(ruleset, ruleset_files)
    cat = _catalogue()
    items = _lookup(cat.ambiguities_of, ruleset) if ruleset else list(cat.ambiguities.values())
    if as_json:
        payload = {"format": "truco-ambiguities/1", "ambiguities": [ambiguity_json(cat, a) for a in items]}
        click.echo(json_dumps(payload, indent=2))
        return
    for a in items:
        heading = click.style(f"{a.id}  {a.key}", bold=True)
        kind = gettext(ENTRY_KINDS[a.kind], lang) if a.kind in ENTRY_KINDS else a.kind
        click.echo(f"{heading}  " + gettext("({kind}; clauses {clauses})", lang, kind=kind,
                                             clauses=", ".join(a.clauses)))
        click.echo(_wrap(_pick(a.question, lang), "  "))
        for r in a.readings:
            users = [rs for rs, name in a.defaults.items() if name == r.name]
            default = gettext("  <- default of {rulesets}", lang, rulesets=", ".join(users)) if users else ""
            click.echo(f"    - {r.name} [{_where(r, lang)}]{default}")
            click.echo(_wrap(_pick(r.summary, lang), "        "))
            if r.outside is not None:  # what the reading takes from outside the rulebooks, named as such
                click.echo(_wrap(gettext("outside: {source}", lang, source=_pick(r.outside.source, lang)),
                                 "        "))
        click.echo()
    if ruleset:
        click.echo(ngettext("{n} ambiguity concerning {ruleset}", "{n} ambiguities concerning {ruleset}",
                            len(items), lang, ruleset=ruleset))
    else:
        click.echo(ngettext("{n} ambiguity", "{n} ambiguities", len(items), lang))
    click.echo(gettext("Pick another reading with --reading KEY=READING where a command accepts it.", lang))


@click.command("coverage")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def coverage_cmd(as_json: bool) -> None:
    """How much of each rulebook the catalogue accounts for, sentence by sentence."""
    from truco_rules.spec.coverage import coverage

    cat = _catalogue()
    report = coverage(cat)
    if as_json:
        click.echo(json_dumps({
            code: {"segments": len(d.segments), "covered": sum(s.covered for s in d.segments),
                   "uncovered": [{"line": s.line, "text": s.text} for s in d.uncovered]}
            for code, d in report.items()
        }, indent=2))
    else:
        for code, d in report.items():
            click.echo(f"{cat.sources[code].filename}: {sum(s.covered for s in d.segments)}/{len(d.segments)}"
                       f" sentences accounted for ({d.ratio:.0%})")
            for s in d.uncovered:
                click.echo(f"  line {s.line}: {s.text}")
    if any(d.uncovered for d in report.values()):
        raise SystemExit(1)


def register(group: click.Group) -> None:
    for command in (clauses_cmd, explain_cmd, ambiguities_cmd, coverage_cmd):
        group.add_command(command)
