"""The tests' own reading of a shipped ruleset file: its YAML, with the file it `extends` merged in
(a mapping field by field, anything else replaced), to compare both encodings' loaders with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

RULESETS = Path(__file__).resolve().parents[1] / "spec" / "data" / "rulesets"
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader, where PyYAML has it: faster


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        both = isinstance(value, dict) and isinstance(out.get(key), dict)
        out[key] = _merged(out[key], value) if both else value
    return out


def read_ruleset_yaml(path: Path) -> dict[str, Any]:
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    base = data.pop("extends", None)
    return _merged(read_ruleset_yaml(path.parent / base), data) if base else data


def shipped_ruleset_files() -> dict[str, dict[str, Any]]:
    """Every shipped ruleset file by its file name's stem."""
    return {p.stem: read_ruleset_yaml(p) for p in sorted(RULESETS.glob("*.yaml"))}
