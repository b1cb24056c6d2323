"""One-line errors for the command line: bad input never ends in a traceback."""

from __future__ import annotations

import sys
from typing import NoReturn

import click

USAGE_ERROR = 2  # exit code for input the command cannot use (unknown names, unreadable files)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print `truco: error: message` on stderr and exit with `code`."""
    click.echo(f"truco: error: {message}", err=True)
    sys.exit(code)
