"""The engine tests written against mutants (tests/engine/test_mutation_*.py) check behaviour through
the engine's public API: no private name of the engine (a leading underscore) is read, called,
imported or patched there, so that a rewrite of the engine's insides leaves them standing."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE_TESTS = Path(__file__).resolve().parent / "engine"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Private names used in a test module: attributes, imported names, monkeypatched attributes."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("truco_rules.engine"):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "setattr":
            names = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
            found += [f"line {node.lineno}: patches {n}" for n in names if isinstance(n, str) and _private(n)]
    return found


def test_mutation_tests_use_only_the_public_api() -> None:
    files = sorted(ENGINE_TESTS.glob("test_mutation_*.py"))
    assert files
    bad = {f.name: private_uses(f.read_text(encoding="utf-8")) for f in files}
    assert not any(bad.values()), {k: v for k, v in bad.items() if v}


def test_the_guard_sees_private_names() -> None:
    source = ("from truco_rules.engine.cards import _deck\nfrom truco_rules.engine import actions as A\n"
              "def test_x(monkeypatch):\n    A._build()\n    monkeypatch.setattr(A, '_BY_TEXT', {})\n")
    assert len(private_uses(source)) == 3
