"""The engine imported afresh, for tests of what it builds at import.

The engine builds its decks and its table of interned actions once, when first imported. A test
that checks them through play sees the tables built before it ran; these tests import the engine
again (building every table anew), check the fresh copy through its public API, and put the
modules in use back afterwards. Mutation testing needs this: a mutant is switched on after the
engine was first imported.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

PACKAGE = "truco_rules.engine"


def _engine_modules() -> dict[str, ModuleType]:
    return {k: m for k, m in sys.modules.items() if k == PACKAGE or k.startswith(f"{PACKAGE}.")}


@contextmanager
def fresh_engine() -> Iterator[ModuleType]:
    """The `engine` package, imported again from scratch for the duration of the block."""
    saved = _engine_modules()
    for name in saved:
        del sys.modules[name]
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        for name in _engine_modules():
            del sys.modules[name]
        sys.modules.update(saved)
