"""Markdown helpers shared by the generated pages, and the context each page is rendered in."""

from __future__ import annotations

import difflib
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from truco_rules.site.site_labels import label
from truco_rules.spec.clause_ids import CLAUSE_ID
from truco_rules.spec.escape import md_text

_ID = re.compile(rf"\b({CLAUSE_ID})\b")


def esc(text: str, table: bool = False, inline: bool = False) -> str:
    """Text shown literally (truco_rules.spec.escape.md_text): Markdown syntax characters escaped,
    HTML special characters as entities, hidden characters as their escapes; its own line breaks
    kept, as `<br>` in a table. `inline`: its first line continues a line (after a link)."""
    return md_text(text, table=table, lines=True, inline=inline)


def clause_page(clause_id: str) -> str:
    """The page of a clause: one page per ID prefix (its family)."""
    return f"rules/{family_of(clause_id).lower()}.md"


def ruleset_page(name: str) -> str:
    """The page of a ruleset, generated from its file."""
    return f"rulesets/{name}.md"


def family_of(clause_id: str) -> str:
    return clause_id.rsplit("-", 1)[0]


def line_of(text: str, quote: str) -> tuple[int, int]:
    """First and last 1-based line of the first occurrence of `quote` in `text`."""
    start = text[: text.index(quote)].count("\n") + 1
    return start, start + quote.count("\n")


def editorial_excerpt(source: str, editorial: str, quote: str, after: int = 0) -> str:
    """The part of the editorial reading that corresponds to `quote` in the verbatim source (its
    first occurrence at or after offset `after`).

    The editorial text has the same lines as the source, with letters restored and artefacts
    marked; the quote's span is carried over by aligning the two versions of its lines.
    """
    start = source.index(quote, after)
    first = source[:start].count("\n")
    last = first + quote.count("\n")
    line_start = source.rfind("\n", 0, start) + 1
    verbatim = "\n".join(source.split("\n")[first:last + 1])
    edited = "\n".join(editorial.split("\n")[first:last + 1])
    lo, hi = start - line_start, start - line_start + len(quote)
    ops = difflib.SequenceMatcher(None, verbatim, edited, autojunk=False).get_opcodes()
    begin = next((j1 + (lo - i1 if tag == "equal" else 0)) for tag, i1, i2, j1, _ in ops if i1 <= lo < i2)
    end = next((j1 + (hi - i1) if tag == "equal" else j2) for tag, i1, i2, j1, j2 in ops if i1 < hi <= i2)
    return edited[begin:end]


@dataclass
class Ctx:
    """What a page needs: the language, the data, a logger that fails the strict build, links."""

    lang: str
    cat: Any  # truco_rules.spec.catalogue.Catalogue
    coverage: Mapping[str, Any]  # doc code -> truco_rules.spec.coverage.DocCoverage
    trace: Any  # truco_rules.text.traceability.Trace
    warn: Callable[[str], None]
    source_url: str | None = None  # e.g. a repository's blob URL; else code links go to the code view

    def t(self, key: str) -> str:
        return label(key, self.lang)

    def pick(self, text: Mapping[str, str], where: str) -> str:
        """The reader's language; a missing translation is a build warning (fatal when strict)."""
        if self.lang in text:
            return text[self.lang]
        self.warn(f"missing {self.lang} translation of {where}")
        return text.get("en") or next(iter(text.values()))

    @staticmethod
    def link(here: str, target: str, anchor: str = "") -> str:
        """Relative link from the page `here` to the page `target` (both docs-relative .md paths)."""
        rel = posixpath.relpath(target, posixpath.dirname(here) or ".")
        return f"{rel}#{anchor}" if anchor else rel

    def clause_link(self, here: str, clause_id: str, text: str | None = None) -> str:
        if clause_id not in self.cat.clauses:  # a dangling reference fails the build
            self.warn(f"{here}: reference to unknown clause {clause_id}")
        return f"[{text or clause_id}]({self.link(here, clause_page(clause_id), clause_id.lower())})"

    def ambiguity_link(self, here: str, amb_id: str, text: str | None = None) -> str:
        if amb_id not in self.cat.ambiguities:
            self.warn(f"{here}: reference to unknown ambiguity {amb_id}")
        return f"[{text or amb_id}]({self.link(here, 'ambiguities.md', amb_id.lower())})"

    def linked(self, here: str, text: str, table: bool = False) -> str:
        """Text of the data (a clause's rule, a reading, a rationale) shown literally, with every
        clause or register ID it names linked to its page: a text that leaves something to the
        register leads the reader there. An ID of a known family that does not exist is a
        dangling reference (a build warning)."""
        families = {family_of(cid) for cid in self.cat.clauses} | {"AMB"}
        out, last = [], 0
        for m in _ID.finditer(text):
            ref = m.group(1)
            if family_of(ref) not in families:
                continue  # not an ID of ours ("UTF-8")
            out.append(esc(text[last:m.start()], table, inline=last > 0))
            link = self.ambiguity_link if ref.startswith("AMB-") else self.clause_link
            out.append(link(here, ref))
            last = m.end()
        out.append(esc(text[last:], table, inline=last > 0))
        return "".join(out)

    def source_link(self, here: str, doc: str, line: int, last: int | None = None) -> str:
        """"000 · Spanish rulebook, line 37", linked to that line of the rulebook's page."""
        where = (f"{self.t('line')} {line}" if not last or last == line
                 else f"{self.t('lines')} {line}–{last}")
        return f"[{self.rulebook_label(doc)}, {where}]({self.link(here, f'rulebooks/{doc}.md', f'l{line}')})"

    def rulebook_label(self, doc: str) -> str:
        """"000 · Spanish rulebook": the rulebook's number and its language, in the reader's language."""
        lang = next((r.language for r in self.cat.rulesets.values() if r.doc == doc), "")
        return f"{doc} · {self.t('rulebook_in').format(lang=self.t('lang_' + lang))}"

    def ruleset_tag(self, name: str) -> str:
        """A ruleset in a list of rulesets: its rulebook's number ("000"), or its name where it comes
        from published rules ("argentino-1v1")."""
        return self.cat.rulesets[name].doc or name

    def ruleset_short(self, name: str) -> str:
        """"Truco Mineiro, one against one · 000": a ruleset by its variant, table and rulebook (or
        "published rules")."""
        rs = self.cat.rulesets[name]
        table = {2: "one_v_one", 4: "in_pairs", 6: "in_threes"}[rs.players]
        family = self.pick(rs.family, f"ruleset {name} family")
        return f"{family}, {self.t(table)} · {rs.doc or self.t('published_rules')}"

    def ruleset_ref(self, here: str, name: str, full: bool = False) -> str:
        """A ruleset linked to its page: by its tag ("000"), or in full ("Truco Mineiro, one against one
        · 000"); the other form is the link's tooltip."""
        short, tag = self.ruleset_short(name), self.ruleset_tag(name)
        text, tip = (short, name) if full else (tag, short)
        return f"[{text}]({self.link(here, ruleset_page(name))} \"{tip}\")"

    def publication_ref(self, pub: Any, section: str | None = None) -> str:
        """A publication beyond the four rulebooks: its title linked to where it is published, its
        publisher, and the section cited."""
        title = f"*{esc(pub.title)}*"
        out = f"[{title}]({pub.url})" if pub.url else title
        out += f", {esc(pub.publisher)}"
        if section:
            out += f", {self.t('section_of').format(s=esc(section))}"
        return out

    def engine_ref(self, engine: Any) -> str:
        """An engine that plays a reading: its name and version linked to its repository, and the
        commit of the file read."""
        out = f"[{esc(engine.name)} {esc(engine.version)}]({engine.url})"
        return out + (f" (`{engine.commit[:12]}`)" if engine.commit else "")

    def reading_label(self, amb: Any, reading: str) -> str:
        """"Reading A": readings are lettered in register order (their keys are for the command line)."""
        names = [r.name for r in amb.readings]
        return f"{self.t('reading')} {chr(ord('A') + names.index(reading))}"

    def code_ref(self, here: str, path: str, line: int) -> str:
        """`path:line` linked to that line: in the repository (source_url) or in the site's code view."""
        return f"[`{path}:{line}`]({self.code_url(here, path, line)})"

    def code_url(self, here: str, path: str, line: int) -> str:
        if self.source_url:
            return f"{self.source_url.rstrip('/')}/{path}#L{line}"
        return self.link(here, f"code/{path}.html", f"L{line}")

    def ruleset_title(self, name: str) -> str:
        return self.pick(self.cat.rulesets[name].title, f"ruleset {name} title")

    def rulebook_title(self, doc: str) -> str:
        """A rulebook by the title of the ruleset it states, in the reader's language (its file
        name where no ruleset states it)."""
        titles = [self.ruleset_title(r.name) for r in self.cat.rulesets.values() if r.doc == doc]
        return " / ".join(titles) or self.cat.sources[doc].filename
