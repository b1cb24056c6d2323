"""Law and code side by side: the spec code that implements a clause, extracted at build time, and
a plain view of every cited source file with an anchor on each line (`code/<path>.html#L<line>`),
for builds that have no repository URL to link to.
"""

from __future__ import annotations

import ast
import functools
import html
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_SNIPPETS = 3  # per clause; every citation is still linked below the code
MAX_LINES = 40  # a longer function is linked, not shown


@dataclass(frozen=True)
class Snippet:
    path: str  # relative to the repository root
    name: str  # "mineiro_strength", "Monitor.step", or "MINEIRO_LADDER"
    start: int  # first line, 1-based
    text: str


@functools.cache
def _module(path: str) -> tuple[list[str], ast.Module] | None:
    try:
        source = (ROOT / path).read_text(encoding="utf-8")
        return source.splitlines(), ast.parse(source)
    except (OSError, SyntaxError):
        return None


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def _innermost(body: list[ast.stmt], line: int, prefix: str = "") -> tuple[str, ast.stmt] | None:
    """The deepest function whose lines include `line`, with its dotted name ("Hand.play"). A line in
    a class but in none of its methods (its docstring, say) belongs to no function."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and \
                _first_line(node) <= line <= (node.end_lineno or node.lineno):
            name = prefix + node.name
            inner = _innermost(node.body, line, name + ".")
            return inner or ((name, node) if not isinstance(node, ast.ClassDef) else ("", node))
    return None


def _top_level(module: ast.Module, line: int) -> tuple[str, ast.stmt] | None:
    """A module-level statement holding `line`, or the one a comment at `line` stands just above."""
    body = module.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]  # the module docstring describes the file, it implements nothing
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if _first_line(node) <= line <= (node.end_lineno or node.lineno) or 0 < _first_line(node) - line <= 2:
            names = [t.id for t in getattr(node, "targets", [getattr(node, "target", None)]) if
                     isinstance(t, ast.Name)]
            return (names[0] if names else f"line {node.lineno}"), node
    return None


def snippet(path: str, line: int) -> Snippet | None:
    """The function (or module-level statement) of `path` that a citation at `line` belongs to."""
    parsed = _module(path)
    if parsed is None:
        return None
    lines, module = parsed
    found = _innermost(module.body, line) or _top_level(module, line)
    if found is None or not found[0]:
        return None
    name, node = found
    start, end = _first_line(node), node.end_lineno or node.lineno
    if end - start + 1 > MAX_LINES:
        return None
    return Snippet(path, name, start, "\n".join(lines[start - 1:end]))


def clause_snippets(citations: list[tuple[str, int]]) -> list[Snippet]:
    """Distinct snippets for a clause's spec citations: the rule functions (spec/rules), or, for a
    clause they do not encode, the checks of the monitor that enforce it; at most a few."""
    out: list[Snippet] = []
    for path, line in sorted(citations):
        found = snippet(path, line)
        if found and all((s.path, s.start) != (found.path, found.start) for s in out):
            out.append(found)
    rules = [s for s in out if s.path.startswith("spec/rules/")]
    return (rules or out)[:MAX_SNIPPETS]


_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{path}</title><style>
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
h1 {{ font-size: 1.1em; font-family: monospace; }}
pre {{ font-size: .85em; line-height: 1.45; }}
pre span {{ display: block; white-space: pre; }}
pre span:target {{ background: #fff2a8; }}
pre a {{ display: inline-block; width: 4em; margin-right: 1em; text-align: right; color: #999;
  text-decoration: none; user-select: none; }}
</style></head><body>
<h1>{path}</h1>
<p><a href="{home}">{back}</a></p>
<pre>{lines}</pre>
</body></html>
"""


def code_page(path: str, lang: str, home: str, back: str) -> str:
    """A source file as a page with one anchor per line (#L1, #L2, ...)."""
    text = (ROOT / path).read_text(encoding="utf-8", errors="replace")
    lines = "".join(f'<span id="L{n}"><a href="#L{n}">{n}</a>{html.escape(line)}</span>'
                    for n, line in enumerate(text.splitlines(), 1))
    return _PAGE.format(lang=lang, path=html.escape(path), lines=lines, home=home, back=html.escape(back))
