"""Guards of the project's layout that the import contracts cannot state.

Which package may import which (spec and engine independent, the layers above them, no circles)
is kept by import-linter's contracts in pyproject.toml, run as `lint-imports` by tests/run-all.sh.
"""

from __future__ import annotations

import pathlib

from truco_rules import cli as truco_cli
from truco_rules import engine, proofs, spec

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_generic_top_level_names_resolve_to_this_repo() -> None:
    """PyPI has distributions named `spec` and `proofs`: ours must never be shadowed by them."""
    for mod in (spec, engine, proofs, truco_cli):
        assert pathlib.Path(mod.__file__).resolve().is_relative_to(ROOT), mod.__file__
