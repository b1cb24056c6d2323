"""Every table of figures on the speed page names the command that produced it (#34): a figure
nobody can produce again is not published."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("truco bench", "scripts/instructions.py")


def _figure_tables(text: str) -> list[tuple[str, str]]:
    """(the text since the previous table or heading, the table's header) for each table of the
    page's figures section: the second-level section with the first table of figures."""
    sections = re.split(r"\n(?=## )", text)
    figures = next(s for s in sections if re.search(r"\n\| [^|]+ \| .*\n\|---", s) and "bench" in s
                   and "scripts/instructions.py" in s)
    found, before = [], []
    lines = figures.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("|") and not lines[i - 1].startswith("|"):
            found.append(("\n".join(before), line))
            before = []
        elif line.startswith("#"):
            before = []
        elif not line.startswith("|"):
            before.append(line)
    return found


@pytest.mark.parametrize("lang", ["en", "es", "it", "pt"])
def test_every_table_of_figures_names_its_command(lang: str) -> None:
    page = ROOT / "docs" / lang / "quality" / "speed.md"
    tables = _figure_tables(page.read_text(encoding="utf-8"))
    assert len(tables) >= 3, f"{page}: the bench, instruction and perft tables"
    for before, header in tables:
        assert any(c in before for c in COMMANDS), f"{page}: the table {header!r} names no command"


def test_a_table_without_its_command_is_caught() -> None:
    text = ("## Figures\n\nOne run of `truco bench` and `scripts/instructions.py`:\n\n| a | b |\n|---|---|\n"
            "| 1 | 2 |\n\nCounted by hand:\n\n| c | d |\n|---|---|\n| 3 | 4 |\n")
    tables = _figure_tables(text)
    assert [any(c in before for c in COMMANDS) for before, _ in tables] == [True, False]
