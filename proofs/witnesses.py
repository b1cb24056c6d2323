"""The witness file the docs show: divergences between every pair of rulesets, and between each
ambiguity's alternative reading and the default of every ruleset it concerns.

Format (proofs/witnesses.json): {"format": 1, "comparisons": [{"a": {"ruleset", "readings"},
"b": {...}, "ambiguity": "AMB-n" or null, "witnesses": [witness, ...], "not_modelled": [key, ...]}]},
each witness as `divergence.witnesses` returns it (one per pair of results and domain, the smallest
situation, `similar` counting the other situations with the same pair of results, and
`search_stopped_at` where the search was cut short, making that count a lower bound); `not_modelled`
lists the register keys on which the two sides differ but for which no witness is sought (play
procedure, not finite rules).
Regenerate with `truco diff --write-all`.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from truco_rules.proofs.divergence import unmodelled, witnesses
from truco_rules.proofs.setup import Setup, all_rulesets, alternative_setups, make_setup

WITNESS_FILE = Path(__file__).resolve().parent / "witnesses.json"


def _side(s: Setup) -> dict[str, Any]:
    return {"ruleset": s.ruleset, "readings": s.overrides}


def comparisons() -> list[tuple[Setup, Setup, str | None]]:
    names = all_rulesets()
    pairs: list[tuple[Setup, Setup, str | None]] = [
        (make_setup(a), make_setup(b), None) for a, b in itertools.combinations(names, 2)]
    for name in names:
        pairs += [(make_setup(name), alt, amb) for amb, alt in alternative_setups(name)]
    return pairs


def build(limit: int = 3) -> dict[str, Any]:
    return {"format": 1, "comparisons": [
        {"a": _side(a), "b": _side(b), "ambiguity": amb, "witnesses": witnesses(a, b, limit=limit),
         "not_modelled": unmodelled(a, b)}
        for a, b, amb in comparisons()]}


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def write(path: Path = WITNESS_FILE) -> Path:
    path.write_text(render(build()), encoding="utf-8")
    return path
