"""The distribution owns one import name, truco_rules: the package configuration maps the layout's
root folders into it, every package is listed, and nothing imports the old top-level names."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
MAPPED = {"truco_rules.spec": "spec", "truco_rules.engine": "engine", "truco_rules.proofs": "proofs"}
# The names the suite installed before it had one: a module that still imports one of them works
# in a checkout (the root is on the path) and fails for everyone who installs the wheel.
OLD_NAMES = {"spec", "engine", "proofs", "truco_cli", "truco_site", "truco_text", "truco_protocol",
             "adapters", "benchmarks"}


LINKS = {("truco_rules", folder) for folder in MAPPED.values()}


def _packages_on_disk() -> set[str]:
    found = set()
    for dirpath, dirnames, filenames in os.walk(ROOT / "truco_rules", followlinks=True):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        if "__init__.py" in filenames:
            found.add(".".join(Path(dirpath).relative_to(ROOT).parts))
    return found


def test_the_listed_packages_are_the_folders_with_an_init() -> None:
    assert sorted(SETUPTOOLS["packages"]) == sorted(_packages_on_disk())


def test_the_layout_folders_are_mapped_and_linked_alike() -> None:
    """The wheel takes spec/, engine/ and proofs/ from the mapping; a checkout reaches the same
    folders through truco_rules/<name>, links the type checker and the import contracts follow."""
    assert {k: v for k, v in SETUPTOOLS["package-dir"].items() if k in MAPPED} == MAPPED
    for package, folder in MAPPED.items():
        link = ROOT / Path(*package.split("."))
        assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve(), link


def test_no_module_imports_an_old_top_level_name() -> None:
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in {".venv", "build", "site", "mutants"} or rel.parts[:2] in LINKS:
            continue  # the links' targets are scanned at the root
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
            bad += [f"{rel}:{node.lineno}: {n}" for n in names if n.split(".")[0] in OLD_NAMES]
    assert not bad, bad


def test_the_protocol_helper_imports_without_the_suites_dependencies() -> None:
    """An engine's repository may install the helper and nothing else: importing it must not need
    z3, Hypothesis, rich, click or YAML."""
    blocked = ("z3", "hypothesis", "rich", "click", "yaml", "jsonschema", "babel")
    code = (
        "import sys\n"
        "class Block:\n"
        f"    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {blocked!r}:\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from truco_rules.protocol import Refusal, serve\n"
        "print(sorted(m for m in sys.modules if m.startswith('truco_rules')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    loaded = "['truco_rules', 'truco_rules.protocol', 'truco_rules.protocol.engine_side']"
    assert done.stdout.strip() == loaded
