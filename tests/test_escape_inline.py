"""md_text(inline=True): text that lands after other text on its line keeps its first character
(nothing there can open a block), and is escaped otherwise as a line of its own is."""

from __future__ import annotations

from truco_rules.spec.escape import md_text


def test_inline_text_keeps_its_first_character() -> None:
    assert md_text("+real-envido", inline=True) == "+real-envido"
    assert md_text("-envido -falta-envido", inline=True) == "-envido -falta-envido"
    assert md_text("+real-envido") == "&#43;real-envido"  # a line of its own: a list would open


def test_inline_text_is_escaped_as_any_other() -> None:
    shown = md_text("<script>[x](y) *z*", inline=True)
    assert "<" not in shown and "[x](y)" not in shown and "*z*" not in shown


def test_only_the_first_line_of_inline_text_continues_a_line() -> None:
    assert md_text(" applies to\n- a list", lines=True, inline=True) == " applies to\n&#45; a list"
