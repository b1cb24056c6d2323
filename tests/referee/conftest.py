"""The Java kit compiled once per test session (javac only)."""

from __future__ import annotations

from pathlib import Path

import pytest
from referee_support import compile_java


@pytest.fixture(scope="session")
def java_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_java(tmp_path_factory.mktemp("java"))
