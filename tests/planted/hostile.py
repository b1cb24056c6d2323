"""Engines that attack the checker rather than break a rule: their text is HTML, Markdown or
terminal escapes, meant to come alive in a report page, on the site or on a terminal.

Each factory is `truco check --engine tests.planted.hostile:<factory>`.
"""

from __future__ import annotations

import time
from typing import Any

from tests.planted.engines import _Faulty
from truco_rules.engine.adapter import ReferenceAdapter

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


# --- engines that raise what is not an Exception, or return what is not JSON -------------------
# What is not an Exception, raised from the 3rd apply of a game on: one kind per game, by its seed.
NOT_EXCEPTIONS: tuple[type[BaseException], ...] = (SystemExit, KeyboardInterrupt, GeneratorExit,
                                                   BaseException)


class _RaisesBase(ReferenceAdapter):
    def new_game(self, ruleset: str, seed: int, *args: Any, **kwargs: Any) -> None:
        super().new_game(ruleset, seed, *args, **kwargs)
        self.applied, self.error = 0, NOT_EXCEPTIONS[seed % len(NOT_EXCEPTIONS)]

    def apply(self, action: str) -> None:
        self.applied += 1
        if self.applied >= 3:
            raise self.error("planted")
        super().apply(action)


class _BadRecord(ReferenceAdapter):
    """A record that holds a set (even seeds) or itself (odd seeds): no JSON data."""

    def new_game(self, ruleset: str, seed: int, *args: Any, **kwargs: Any) -> None:
        super().new_game(ruleset, seed, *args, **kwargs)
        self.seed = seed

    def record(self) -> Any:
        record = super().record()
        if self.seed % 2:
            record["self"] = record
        else:
            record["engine"] = {"a set"}
        return record


class _Prints(ReferenceAdapter):
    def legal_actions(self) -> list[str]:
        print("debug: legal_actions")  # an engine's own debugging on the checker's stdout
        return super().legal_actions()


def raises_base_exceptions() -> ReferenceAdapter:
    return _RaisesBase()


def bad_records() -> ReferenceAdapter:
    return _BadRecord()


def prints() -> ReferenceAdapter:
    return _Prints()


class _Forks(ReferenceAdapter):
    """Starts a helper at every new game, which inherits the worker's standard streams."""

    def new_game(self, *args: Any, **kwargs: Any) -> None:
        import subprocess

        subprocess.Popen(["sleep", "300"])
        super().new_game(*args, **kwargs)


def forks() -> ReferenceAdapter:
    return _Forks()


class _ForksAndHangs(_Faulty):
    """Starts a helper in a session of its own at every new game, then hangs (its worker is killed)."""

    def new_game(self, ruleset: str, seed: int, readings: Any) -> None:
        import subprocess

        subprocess.Popen(["setsid", "sleep", "300"])
        super().new_game(ruleset, seed, readings)

    def fault(self) -> Any:
        while True:
            time.sleep(0.01)


def forks_and_hangs() -> ReferenceAdapter:
    return _ForksAndHangs()
