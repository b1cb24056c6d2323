"""Engines that attack the checker rather than break a rule: their text is HTML, Markdown or
terminal escapes, meant to come alive in a report page, on the site or on a terminal.

Each factory is `truco check --engine tests.planted.hostile:<factory>`.
"""

from __future__ import annotations

from typing import Any

from engine.adapter import ReferenceAdapter
from tests.planted.engines import _Faulty

# A script and an event handler as HTML, a javascript: link, an attribute list (attr_list), a
# code span closed early, a line break that splits lines, terminal escapes and rich markup.
HTML = "<script>alert(1)</script><img src=x onerror=alert(2)>"
PAYLOAD = (f"{HTML} [link](javascript:alert(3)) `x` {{: onclick=alert(4) }}\u2028<b>bold</b>"
           "\x1b[2J\x1b]0;owned\x07 [bold red]markup[/bold red]")


# What it raises: its type's name is reported too.
_Payload = type("<img src=x onerror=alert(5)>", (Exception,), {})


class _RaisesHtml(_Faulty):
    """Raises an exception whose type and message are the payload (an engine fault)."""

    def fault(self) -> Any:
        raise _Payload(PAYLOAD)


class _ListsHtml(ReferenceAdapter):
    """Lists the payload as a legal action (a divergence that quotes the engine's actions), and
    refuses it with the payload as its reason."""

    def legal_actions(self) -> list[str]:
        return [*super().legal_actions(), PAYLOAD]

    def apply(self, action: str) -> None:
        if action == PAYLOAD:
            raise self.refusal_errors[0](PAYLOAD)
        super().apply(action)


def raises_html() -> ReferenceAdapter:
    return _RaisesHtml()


def lists_html() -> ReferenceAdapter:
    return _ListsHtml()
