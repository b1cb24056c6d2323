"""Guards of the project's layout."""

from __future__ import annotations

import pathlib
import re

import engine
import proofs
import spec
import truco_cli

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_generic_top_level_names_resolve_to_this_repo() -> None:
    """PyPI has distributions named `spec` and `proofs`: ours must never be shadowed by them."""
    for mod in (spec, engine, proofs, truco_cli):
        assert pathlib.Path(mod.__file__).resolve().is_relative_to(ROOT), mod.__file__


def _imports(package: str) -> set[str]:
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for match in re.finditer(r"^\s*(?:from|import)\s+([a-z_]+)", path.read_text(), re.MULTILINE):
            found.add(match.group(1))
    return found


def test_spec_and_engine_are_independent_encodings() -> None:
    assert "engine" not in _imports("spec")
    assert "spec" not in _imports("engine")
