"""One-line errors for the command line: bad input never ends in a traceback."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

USAGE_ERROR = 2  # exit code for input the command cannot use (unknown names, unreadable files)
INTERRUPTED = 130  # Ctrl-C, as a shell reports a command SIGINT stopped (128 + 2; cli/ctrl_c.py)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print `truco: error: message` on stderr and exit with `code`; a message that quotes an
    engine, a record or a file has its control characters shown, not sent to the terminal."""
    from truco_rules.spec.monitor.untrusted import visible

    click.echo(f"truco: error: {visible(message)}", err=True)
    sys.exit(code)


def interrupted(exc: BaseException) -> bool:
    """Whether `exc` is, or was raised while handling, a Ctrl-C (click turns one into Abort)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        # ctypes reports a Ctrl-C that struck while it converted a foreign call's argument as
        # ArgumentError("argument 1: KeyboardInterrupt: "), without chaining the interrupt.
        if type(seen).__name__ == "ArgumentError" and "KeyboardInterrupt" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def cannot_write(path: object, exc: OSError) -> NoReturn:
    """The one-line error for an output file or folder that cannot be written."""
    fail(f"cannot write {path}: {exc.strerror or exc}")
