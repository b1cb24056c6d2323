"""Progress of long work on a terminal (stderr): a spinner while a check gets ready, then a bar per
ruleset with what is done, the count and the time elapsed, so that a check under load never looks
stuck. Quiet with --json, and where stderr is not a terminal (a CI log gets the results only).

rich is imported inside, so that `truco --help` stays fast.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def progress(quiet: bool = False) -> Any:
    """A rich Progress on stderr, transient: it leaves nothing behind when the work is done."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    return Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=Console(stderr=True), transient=True, disable=quiet)


@contextmanager
def getting_ready(what: str, quiet: bool = False) -> Iterator[None]:
    """A spinner with `what` while the work before the first bar runs (loading the situations,
    starting the engine and the workers); nothing with --json or off a terminal."""
    from rich.console import Console

    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield
        return
    with console.status(what):
        yield
