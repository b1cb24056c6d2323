"""Rewrite the long four-language texts of ruleset files (a reading's rationale, a clause's text, a
title) from one flow line, `rationale: {en: "...", es: "...", it: "...", pt: "..."}`, to one
field per language, each a folded block scalar wrapped to the width below:

    rationale:
      en: >-
        000 states it (line 33): ...

Only the layout changes: the script reads each file before and after and refuses to write one
whose data would differ. A text that a folded scalar cannot hold as it is (a line break, leading
or trailing or doubled spaces) is left on its line. Run it again on files changed since:

    python scripts/wrap_ruleset_texts.py spec/data/rulesets/*.yaml
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

WIDTH = 100  # the files' columns, as the code's
LANGS = ("en", "es", "it", "pt")
# `key: {en: ..., pt: ...}` alone on its line (an optional comment after it).
_FLOW = re.compile(r"^(?P<indent> *)(?P<key>[A-Za-z_][\w-]*): (?P<value>\{.*\})(?P<comment> +#.*)?$")


def _foldable(text: str) -> bool:
    return bool(text) and text == text.strip() and "\n" not in text and "  " not in text \
        and "\t" not in text


def _wrap(text: str, indent: str) -> list[str]:
    """`text` as the lines of a folded scalar at `indent`: broken only at single spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(indent) + len(line) + 1 + len(word) > WIDTH:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(indent + line)
    return lines


def rewrite_line(line: str) -> list[str] | None:
    """The block form of one flow line of four texts, or None to keep the line."""
    m = _FLOW.match(line)
    if not m or len(line) <= WIDTH:
        return None
    try:
        value = yaml.safe_load(m["value"])
    except yaml.YAMLError:
        return None
    if not isinstance(value, dict) or tuple(value) != LANGS:
        return None
    if not all(isinstance(t, str) and _foldable(t) for t in value.values()):
        return None
    indent = m["indent"]
    out = [f"{indent}{m['key']}:{m['comment'] or ''}"]
    for lang, text in value.items():
        out.append(f"{indent}  {lang}: >-")
        out.extend(_wrap(text, indent + "    "))
    return out


def rewrite(text: str) -> str:
    out: list[str] = []
    for line in text.split("\n"):
        block = rewrite_line(line)
        out.extend(block if block is not None else [line])
    return "\n".join(out)


def main(paths: list[str]) -> int:
    status = 0
    for name in paths:
        path = Path(name)
        before = path.read_text(encoding="utf-8")
        after = rewrite(before)
        if after == before:
            continue
        if yaml.safe_load(after) != yaml.safe_load(before):
            print(f"{path}: the rewrite would change the data; left as it is", file=sys.stderr)
            status = 1
            continue
        path.write_text(after, encoding="utf-8")
        print(f"{path}: rewrapped")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
