"""The alignment table: every rule topic, every source, side by side (spec/data/alignment.yaml).

Rows are rule topics, fine-grained (the deck, each pattern of won, lost and tied rounds, every step
of the ladder, ...). Columns are sources: the four rulebooks of spec/sources, every publication a
ruleset file names under `origin.published` (one column per publication, however many files name
it), the publications the register's readings cite, and the engines they cite. Each cell holds
the source's verbatim words on the topic, or says that the source is silent: a row lists under
`said` the words of every source that speaks and under `silent` every other column, so that a new
source (a new column) leaves a blank in every row until someone has read it for each topic.

Words are checked verbatim: a rulebook's words against its text, a publication's words against the
words of it the project stores (a clause's `source.words` and `source.also`, the words an adoption
quotes, a register reading's published words), an engine's against the lines of its code the
register quotes. A rulebook is stored whole; a publication or an engine only by those passages, so
that "silent" there means that no stored passage of it speaks to the topic.

Every row either names the register entries its differences are (`register`), or says why its
sources state the same rule (`same`, in four languages). `problems` names what is wrong: a clause
of the catalogue or of a ruleset file in no row, a register entry in no row, a blank cell, words
that are not verbatim, a source silent in a row where a clause of the row quotes it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from truco_rules.spec.catalogue import DATA_DIR, LANGUAGES, Catalogue, Publication, Text, UnknownNameError

ALIGNMENT_FILE = DATA_DIR / "alignment.yaml"
ELLIPSIS = " ... "  # stored words mark the words left out between two passages so


@dataclass(frozen=True)
class Column:
    """A source: a rulebook ("000") or a publication a ruleset file names ("ar:clarin": the code of
    the first ruleset that names it, and its ID there)."""

    id: str
    rulebook: str | None = None
    publication: Publication | None = None
    rulesets: tuple[str, ...] = ()  # the rulesets whose source it is
    engine: bool = False  # an engine a register reading cites: its words are lines of its code

    @property
    def title(self) -> str:
        return self.publication.title if self.publication is not None else self.id


@dataclass(frozen=True)
class Row:
    """A rule topic: what each source says of it, and how their differences are accounted for."""

    id: str
    topic: Text
    clauses: tuple[str, ...]
    register: tuple[str, ...]  # the register entries (AMB-n) the row's differences are
    same: Text | None  # or why the sources state the same rule
    said: Mapping[str, tuple[str, ...]]  # column -> the source's verbatim words on the topic
    silent: tuple[str, ...]  # the columns whose source says nothing on it

    def cell(self, column: str) -> tuple[str, ...] | None:
        """The words of `column` in this row; None where the source is silent (or the cell blank)."""
        return self.said.get(column)


def columns(cat: Catalogue) -> list[Column]:
    """Every source: the rulebooks in order, then every publication of the ruleset files, by the
    order of the files and of their lists; a publication named by several files (the same address)
    is one column."""
    out = [Column(id=code, rulebook=code,
                  rulesets=tuple(r.name for r in cat.rulesets.values() if r.doc == code))
           for code in cat.sources]
    by_url: dict[str, int] = {}
    for rs in cat.rulesets.values():
        for pub in rs.publications:
            key = pub.url or f"{rs.code}:{pub.id}"
            if key in by_url:
                col = out[by_url[key]]
                out[by_url[key]] = Column(col.id, None, col.publication, (*col.rulesets, rs.name))
                continue
            by_url[key] = len(out)
            out.append(Column(id=f"{rs.code}:{pub.id}", publication=pub, rulesets=(rs.name,)))
    # The publications the register's readings cite that no ruleset file lists: a ruleset that
    # reads the entry cites them too. "reg:" and the name of their site, in the register's order.
    # Then the engines the readings cite (mark `engine`): "eng:" and the engine's name; their words
    # are the lines of their code the register quotes.
    taken = {c.id for c in out}
    engines: dict[str, int] = {}
    for amb in cat.ambiguities.values():
        for reading in amb.readings:
            for w in reading.published:
                if (w.url or w.title) in by_url:
                    continue
                cid = base = f"reg:{_site(w.url) or 'publication'}"
                n = 1
                while cid in taken:
                    n += 1
                    cid = f"{base}-{n}"
                taken.add(cid)
                by_url[w.url or w.title] = len(out)
                out.append(Column(id=cid, publication=Publication(id=cid[4:], title=w.title,
                                                                  publisher=w.publisher, url=w.url),
                                  rulesets=tuple(amb.defaults)))
    for amb in cat.ambiguities.values():
        for reading in amb.readings:
            for e in reading.engines:
                cid = f"eng:{_slug(e.name)}"
                if cid in engines:
                    col = out[engines[cid]]
                    more = tuple(r for r in amb.defaults if r not in col.rulesets)
                    out[engines[cid]] = Column(col.id, None, col.publication, (*col.rulesets, *more), True)
                    continue
                engines[cid] = len(out)
                out.append(Column(id=cid, publication=Publication(
                    id=cid[4:], title=f"{e.name} {e.version}", publisher=ENGINE_PUBLISHER, url=e.url),
                    rulesets=tuple(amb.defaults), engine=True))
    return out


ENGINE_PUBLISHER = "an engine's code"


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def _site(url: str | None) -> str:
    """A site's name in its address: "acanomas" for http://acanomas.com/..., "wikipedia" for
    https://es.m.wikipedia.org/..."""
    host = (url or "").split("//", 1)[-1].split("/", 1)[0].lower()
    labels = [p for p in host.split(".")[:-1] if p not in ("www", "es", "pt", "m", "en")]
    return labels[0] if labels else ""


def column_of(cat: Catalogue, ruleset: str, publication: str) -> str:
    """The column of the publication a ruleset file names by `publication`."""
    pub = next(p for p in cat.ruleset(ruleset).publications if p.id == publication)
    return next(c.id for c in columns(cat) if c.publication is not None and _same(c.publication, pub))


def _same(a: Publication, b: Publication) -> bool:
    return (a.url or a.id) == (b.url or b.id)


def stored_words(cat: Catalogue) -> dict[str, list[str]]:
    """Column -> the passages of the source the project stores: a rulebook's whole text, a
    publication's words wherever a clause, an adoption or a register reading quotes them (split at
    the marks of words left out)."""
    cols = columns(cat)
    out: dict[str, list[str]] = {c.id: [] for c in cols}
    for c in cols:
        if c.rulebook is not None:
            out[c.id].append(cat.sources[c.rulebook].text)

    def add(pub: Publication | None, url: str | None, words: str | None) -> None:
        if not words:
            return
        for col in cols:
            if col.publication is not None and (
                    (pub is not None and _same(col.publication, pub))
                    or (url is not None and col.publication.url == url)):
                out[col.id] += [w for w in words.split(ELLIPSIS) if w.strip()]
                return

    for clause in cat.clauses.values():
        if clause.published is not None:
            add(clause.published[0], None, clause.published_words)
        for also in clause.also_published:
            add(also.publication, None, also.words)
        for ruleset, words in clause.adopted_words.items():
            add(clause.adopted[ruleset], None, words)
    for amb in cat.ambiguities.values():
        for reading in amb.readings:
            for w in reading.published:
                add(None, w.url, w.words)
            for e in reading.engines:
                out[f"eng:{_slug(e.name)}"].append(e.code)
    return out


def _text(raw: Any, where: str) -> Text:
    if not isinstance(raw, dict) or set(raw) != set(LANGUAGES) or not all(
            isinstance(v, str) and v.strip() for v in raw.values()):
        raise ValueError(f"{where}: the text in every language ({', '.join(LANGUAGES)}) expected")
    return dict(raw)


def _words(raw: Any, where: str) -> tuple[str, ...]:
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw or not all(isinstance(w, str) and w.strip() for w in raw):
        raise ValueError(f"{where}: a list of the source's words expected")
    return tuple(raw)


def parse(raw: Any) -> tuple[Row, ...]:
    """The rows of the alignment file's data; ValueError names a row that is not of the form."""
    if not isinstance(raw, list):
        raise ValueError("the alignment file holds a list of rows")
    rows = []
    for i, item in enumerate(raw):
        where = f"row {i + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ValueError(f"{where}: a mapping with an id expected")
        where = f"row {item['id']}"
        said = item.get("said") or {}
        if not isinstance(said, dict):
            raise ValueError(f"{where}: said maps a column to its words")
        rows.append(Row(
            id=item["id"], topic=_text(item.get("topic"), f"{where} topic"),
            clauses=tuple(str(c) for c in item.get("clauses") or ()),
            register=tuple(str(a) for a in item.get("register") or ()),
            same=_text(item["same"], f"{where} same") if item.get("same") is not None else None,
            said={str(col): _words(words, f"{where} said {col}") for col, words in said.items()},
            silent=tuple(str(c) for c in item.get("silent") or ()),
        ))
    return tuple(rows)


def load_alignment(path: Path = ALIGNMENT_FILE) -> tuple[Row, ...]:
    with open(path, encoding="utf-8") as fh:
        return parse(yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


@functools.cache
def alignment() -> tuple[Row, ...]:
    """The project's alignment table (read once per process)."""
    return load_alignment()


def row(rows: Iterable[Row], name: str) -> Row:
    """The row of that ID; UnknownNameError names the nearest ones."""
    rows = list(rows)
    for r in rows:
        if r.id == name:
            return r
    raise UnknownNameError("alignment row", name, [r.id for r in rows])


def rows_of(rows: Iterable[Row], ref: str) -> list[Row]:
    """The rows a clause or a register entry belongs to."""
    return [r for r in rows if ref in r.clauses or ref in r.register]


def problems(cat: Catalogue, rows: tuple[Row, ...]) -> list[str]:
    """Everything wrong with the table against the catalogue, the register and the sources."""
    out: list[str] = []
    cols = {c.id: c for c in columns(cat)}
    words = stored_words(cat)
    seen: set[str] = set()
    for r in rows:
        if r.id in seen:
            out.append(f"{r.id}: a second row of that ID")
        seen.add(r.id)
        out += _row_problems(cat, r, cols, words)
    held = {cid for r in rows for cid in r.clauses}
    out += [f"{cid}: a clause in no row" for cid in cat.clauses if cid not in held]
    listed = {aid for r in rows for aid in r.register}
    out += [f"{aid}: a register entry in no row" for aid in cat.ambiguities if aid not in listed]
    return out


def _row_problems(cat: Catalogue, r: Row, cols: Mapping[str, Column], words: Mapping[str, list[str]]
                  ) -> list[str]:
    out = [f"{r.id}: {cid} is not a clause" for cid in r.clauses if cid not in cat.clauses]
    out += [f"{r.id}: {aid} is not a register entry" for aid in r.register if aid not in cat.ambiguities]
    if not r.clauses and not r.register:
        out.append(f"{r.id}: neither a clause nor a register entry")
    if r.register and r.same is not None:
        out.append(f"{r.id}: both register entries and a 'same rule' reason: one or the other")
    if not r.register and r.same is None:
        out.append(f"{r.id}: its sources' differences are neither register entries nor the same rule")
    unknown = [c for c in (*r.said, *r.silent) if c not in cols]
    out += [f"{r.id}: {c} is not a source (a column)" for c in unknown]
    out += [f"{r.id}: {c} both speaks and is silent" for c in r.said if c in r.silent]
    out += [f"{r.id}: the cell of {c} is blank (neither words nor silent)" for c in cols
            if c not in r.said and c not in r.silent]
    for col, said in r.said.items():
        passages = words.get(col, [])
        out += [f"{r.id}: {col} does not say {w!r} (not in its stored words)" for w in said
                if not any(w in p for p in passages)]
    out += _silence_problems(cat, r, cols)
    return out


def _silence_problems(cat: Catalogue, r: Row, cols: Mapping[str, Column]) -> list[str]:
    """A source silent in a row where a clause of the row quotes it, or a reading of one of the
    row's entries quotes it, or states what the row's clause says (its publication or adoption)."""
    speaking: dict[str, str] = {}  # column -> why it must speak
    rulebook_quotes: dict[str, list[str]] = {}
    for cid in r.clauses:
        clause = cat.clauses.get(cid)
        if clause is None:
            continue
        for q in clause.sources:
            speaking.setdefault(q.doc, cid)
            rulebook_quotes.setdefault(q.doc, []).append(q.quote)
        pubs = [clause.published[0]] if clause.published is not None else []
        pubs += [clause.adopted[name] for name in clause.adopted_words]
        for pub in pubs:
            col = next((c.id for c in cols.values()
                        if c.publication is not None and _same(c.publication, pub)), None)
            if col is not None:
                speaking.setdefault(col, cid)
    for aid in r.register:
        amb = cat.ambiguities.get(aid)
        for reading in amb.readings if amb is not None else ():
            for q in reading.sources:
                speaking.setdefault(q.doc, f"{aid} {reading.name}")
            for e in reading.engines:
                speaking.setdefault(f"eng:{_slug(e.name)}", f"{aid} {reading.name}")
    out = [f"{r.id}: {col} is silent, yet {why} quotes it" for col, why in speaking.items()
           if col in r.silent]
    for doc, quotes in rulebook_quotes.items():  # the rulebook's cell holds what its clauses quote
        said = r.said.get(doc, ())
        text = cat.sources[doc].text
        if said and not all(_overlaps(text, q, said) for q in quotes):
            missing = next(q for q in quotes if not _overlaps(text, q, said))
            out.append(f"{r.id}: the cell of {doc} leaves out the words its clauses quote: {missing[:60]!r}")
    return out


def _overlaps(text: str, quote: str, said: Iterable[str]) -> bool:
    """Whether some occurrence of `quote` in `text` shares characters with an occurrence of one of
    the cell's words."""
    spans = [(m, m + len(w)) for w in said for m in _find_all(text, w)]
    return any(s < e2 and s2 < e for s, e in ((m, m + len(quote)) for m in _find_all(text, quote))
               for s2, e2 in spans)


def _find_all(text: str, words: str) -> list[int]:
    out, at = [], text.find(words)
    while at != -1:
        out.append(at)
        at = text.find(words, at + 1)
    return out
