"""Text that an engine, a record or a ruleset file controls, made safe to show.

Such text (an exception message, a refusal's reason, an engine's name, a card name) goes into
Markdown pages that the site renders as HTML, and onto terminals. There it must show as the text
it is, never act: no tag, link or attribute list in a page, no escape sequence on a terminal.

- `visible`: control characters, line and paragraph separators and invisible format characters
  as repr-style escapes (`\\x1b`, `\\n`, `\\u2028`): one line, nothing a terminal acts on;
- `md_text`: that, with the characters Markdown or HTML would read as syntax escaped;
- `md_code`: that, as an inline code span (a backtick in the text cannot close it);
- `json_block`: JSON for a fenced block, with no character that could end a line inside it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

# Cc: C0 and C1 controls (ESC, CSI...); Cf: format characters (bidirectional overrides, zero
# width); Zl, Zp: the line and paragraph separators, which split lines for str.splitlines.
_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})
# Markdown syntax: `[` opens links and images (and reference definitions), `{` attribute lists
# (attr_list: `{: onclick=...}`), `` ` `` code spans, `|` table cells, `\` escapes any of them.
_MD_BACKSLASH = re.compile(r"([\\`\[\]{}|])")
_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def visible(text: object) -> str:
    """`text` on one line, with every character a terminal or a line splitter acts on written as
    its repr-style escape."""
    s = str(text)
    if s.isprintable():  # the common case: nothing to do
        return s
    return "".join(repr(c)[1:-1] if unicodedata.category(c) in _HIDDEN else c for c in s)


def md_text(text: object) -> str:
    """`text` for a Markdown page: shown as written, with no HTML, link, attribute list or line
    break of its own."""
    s = _MD_BACKSLASH.sub(r"\\\1", visible(text))
    return re.sub(r"[&<>]", lambda m: _HTML[m[0]], s)


def md_code(text: object) -> str:
    """`text` as an inline code span (Markdown escapes HTML inside it); the fence is longer than
    any run of backticks in the text."""
    s = visible(text)
    if "`" not in s:
        return f"`{s}`"
    fence = "`" * (max(len(run) for run in re.findall(r"`+", s)) + 1)
    return f"{fence} {s} {fence}"


def json_block(data: Any) -> str:
    """`data` as indented JSON for a fenced code block. json.dumps escapes C0 controls only: C1
    controls, separators and format characters are escaped here too (str.splitlines, which the
    conformance page uses, splits on U+0085 and U+2028)."""
    text = json.dumps(data, ensure_ascii=False, indent=1)  # its only raw newlines are its own
    return "".join(json.dumps(c)[1:-1] if c != "\n" and unicodedata.category(c) in _HIDDEN else c
                   for c in text)
