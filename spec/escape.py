"""One escape per output format: text that an engine, a bot, a record or a results file controls,
made safe for where it lands. Every writer of the suite goes through these, and only these.

Such text must show as the text it is, whole and on its own line, and never act: no tag, event
handler, link or attribute list in a page, no line of its own in a table, a comment or a code
block, no escape sequence or bidirectional override on a terminal, nothing a parser of the format
refuses (a lone surrogate, a character XML 1.0 cannot hold).

- the terminal: `terminal` (one line, every character that acts written as its escape), `markup`
  (that, for rich's console markup);
- Markdown: `md_text` (text, in a paragraph, a heading or a table cell), `md_code` (an inline code
  span), `md_fence` (a fenced code block), `json_block` (JSON for a fenced block);
- HTML: `html_text` (an element's text or an attribute's value), `html_label` (a label a template
  writes unescaped: the site's navigation);
- XML (JUnit): `xml_text` (text and attribute values; ElementTree escapes the markup);
- YAML: `yaml_comment` (a comment line), `yaml_dump` (values);
- JSON: `json_dumps` (never a lone surrogate raw, which no UTF-8 file can hold).

The escape of a hidden character is Python's (`\\x1b`, `\\u202e`, `\\ud800`): one line of plain
ASCII punctuation, letters and digits, which every format above holds as it is.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from typing import Any

# Cc: C0 and C1 controls (ESC, CSI, CR, NEL); Cf: format characters (bidirectional overrides,
# zero width, the byte order mark); Zl, Zp: the line and paragraph separators, which split lines
# for str.splitlines and YAML; Cs: lone surrogates, which UTF-8 cannot encode; Cn: unassigned
# code points and the noncharacters (U+FFFE, U+FFFF), which YAML and XML refuse.
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Cn"})
# Markdown syntax anywhere in a line: `[` and `]` links and images (and reference definitions),
# `{` and `}` attribute lists (attr_list: `{: onclick=...}`), `` ` `` code spans, `*` emphasis, and
# `_` emphasis but inside a word (side_points: both read it as a letter there), `|` table cells,
# `\` escapes any of them. Python-Markdown (the site) and CommonMark (a CI summary, a repository's
# page) both read a backslash before each. `&`, `<` and `>` (HTML, entities, block quotes) are
# written as entities.
_MD_SYNTAX = re.compile(r"([\\`*{}\[\]|]|(?<![^\W_])_|_(?![^\W_]))")
# At the start of a line, what opens a block: a heading (#), a list (- + 1. 1)), a setext underline
# or a rule (= -), an admonition or a details block (!!! ???), a tilde fence (~~~), a definition (:).
# Its character is written as a character reference, which both read as text, never as structure
# (a backslash before `?`, `=`, `~` or `:` would show in Python-Markdown).
_MD_LINE_START = re.compile(r"^([#\-+=!?~:])|^(\d+)([.)])")
_MD_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_SURROGATE = re.compile("[\ud800-\udfff]")


def terminal(text: object) -> str:
    """`text` on one line, with every character a terminal, a line splitter or an encoder acts on
    written as its escape."""
    s = str(text)
    if s.isprintable():  # the common case: nothing to do
        return s
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in HIDDEN else c for c in s)


def markup(text: object) -> str:
    """`terminal(text)` for a rich console: its `[style]` markup shown, not applied."""
    from rich.markup import escape

    return escape(terminal(text))


def _lines(text: object) -> list[str]:
    """The lines of a text whose line breaks are its own (only "\\n" breaks a line), each shown."""
    return [terminal(line) for line in str(text).split("\n")]


def md_text(text: object, *, table: bool = False, lines: bool = False, inline: bool = False) -> str:
    """`text` for a Markdown page, shown as written: no HTML, link, emphasis, attribute list, list
    or heading of its own. One line, unless `lines` keeps its own line breaks (text of the
    catalogue); in a table cell (`table`) those are `<br>`. `inline`: the text lands after other
    text on its line, where nothing can open a block, so its start is left as it is."""
    parts = _lines(text) if lines else [terminal(text)]
    out = [re.sub(r"[&<>]", lambda m: _MD_HTML[m[0]], _MD_SYNTAX.sub(r"\\\1", p)) for p in parts]
    # What starts a line could open a block there: written as a character reference. Text that
    # lands after other text on its line (`inline`) starts no line with its first one.
    out = [p if inline and k == 0 else _MD_LINE_START.sub(_line_start, p) for k, p in enumerate(out)]
    # Spaces that start a line would make it a code block (four) or a list's continuation: the
    # first is written as its character reference, which Markdown keeps as a space.
    out = ["&#32;" + p[1:] if p.startswith(" ") and not (inline and k == 0) else p for k, p in enumerate(out)]
    return ("<br>" if table else "\n").join(out)


def _line_start(m: re.Match[str]) -> str:
    return f"&#{ord(m[1])};" if m[1] else f"{m[2]}&#{ord(m[3])};"


def md_code(text: object, *, table: bool = False) -> str:
    """`text` as an inline code span (Markdown escapes HTML inside it); the fence is longer than
    any run of backticks in the text. In a table cell, a `|` would end the cell inside the span in
    some renderers and not in others: there the text is `md_text`."""
    s = terminal(text)
    if table and "|" in s:
        return md_text(s, table=True)
    if not s.strip():
        return f"`{s or ' '}`"
    if "`" not in s:
        return f"`{s}`"
    fence = "`" * (max(len(run) for run in re.findall(r"`+", s)) + 1)
    return f"{fence} {s} {fence}"


def md_fence(text: object, info: str = "", indent: str = "") -> str:
    """`text` as a fenced code block (its own lines kept, each shown), opened and closed by a fence
    longer than any run of backticks in it, every line indented by `indent` (inside a list item)."""
    body = _lines(text)
    runs = [len(r) for line in body for r in re.findall(r"`+", line)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return "\n".join(indent + line for line in [fence + info, *body, fence])


def json_block(data: Any) -> str:
    """`data` as indented JSON for a fenced code block: every hidden character escaped, so that no
    character of it ends a line early (str.splitlines splits on U+0085 and U+2028) or cannot be
    written. It reads back as `data`."""
    text = json.dumps(data, ensure_ascii=False, indent=1)  # its only raw newlines are its own
    return "".join(json.dumps(c)[1:-1] if c != "\n" and unicodedata.category(c) in HIDDEN else c
                   for c in text)


def html_text(text: object) -> str:
    """`text` as the text of an HTML element or the value of a quoted attribute: one line, markup
    as entities."""
    return html.escape(terminal(text), quote=True)


_LOOKALIKE = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”", "'": "’"})


def html_label(text: object) -> str:
    """`text` as a label that an HTML template writes as it is, or strips of its tags and then
    unescapes (MkDocs' navigation and the theme's page titles: `striptags` would turn `&lt;` back
    into `<`): one line, with HTML's special characters as their look-alikes (‹ › ＆ ” ’), so that no
    way of writing it makes markup of it."""
    return terminal(text).translate(_LOOKALIKE)


def xml_text(text: object) -> str:
    """`text` for XML 1.0 (text or attribute value; ElementTree escapes `<`, `&` and quotes): its
    own line breaks kept, every other character XML cannot hold, or a reader would act on, escaped."""
    return "\n".join(_lines(text))


def yaml_comment(text: object) -> str:
    """`text` inside a YAML comment: one line (YAML also breaks lines at U+0085, U+2028 and U+2029),
    no character YAML refuses."""
    return terminal(text)


def yaml_dump(data: Any) -> str:
    """`data` as YAML, block style, Unicode kept: PyYAML quotes and escapes what it must (a lone
    surrogate, a control character, a line break), so the file reads back as `data`."""
    import yaml

    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=200)


def json_dumps(data: Any, **kwargs: Any) -> str:
    """`json.dumps(data, ensure_ascii=False, **kwargs)`, with every lone surrogate as its `\\u`
    escape: a lone surrogate can be in a string (JSON and Python allow it) but in no UTF-8 file, so
    written raw it would end the writer. It reads back as `data`."""
    text = json.dumps(data, ensure_ascii=False, **kwargs)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}", text)
