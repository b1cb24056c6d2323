"""The editions of ruleset files an engine's hello names: each said in one line, with what
changed since (truco check, truco conformance --suite)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from truco_rules.cli.errors import fail


def engine_editions(factory: Callable[[], Any], names: Sequence[str], plays: bool = True) -> dict[str, int]:
    """The earlier editions of ruleset files the engine said it plays (hello `editions`), each said
    in one line with what changed since (`plays`: the check plays that edition; else it checks the
    file's own); an edition the file does not have is bad input."""
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.monitor.untrusted import visible
    from truco_rules.spec.ruleset_file import changes_since

    out: dict[str, int] = {}
    for name, edition in (getattr(factory, "editions", None) or {}).items():
        if name not in names:
            continue
        file = load_catalogue().ruleset(name).file
        if not 1 <= edition <= file.edition:
            fail(f"the engine plays {visible(name)} edition {edition}; the file has editions 1 to "
                 f"{file.edition}")
        if edition != file.edition:
            out[name] = edition
            how = "its cases played again under it" if plays else f"checked against edition {file.edition}"
            click.echo(f"{name}: the engine plays edition {edition} of {file.edition}, {how}; since then: "
                       f"{changes_since(file.data, edition)}", err=True)
    return out
