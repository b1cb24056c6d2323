"""The readings behind a refusal: which register readings in force decide that a ruleset file has
(or lacks) a section, named in the reason a player reads (e.g. "there is no flor ... (AMB-32 ...)")."""

from __future__ import annotations

from truco_rules.engine.config import Config
from truco_rules.engine.rulesets import READINGS


def reading_note(cfg: Config, section: str) -> str:
    """The readings in force that decide whether the file has `section` (e.g. AMB-32)."""
    listed = dict(cfg.readings)
    out = []
    for key, entry in cfg.ruleset.data["readings"].items():
        touched = any(str(path).split(".")[0] == section for sets in (entry.get("sets") or {}).values()
                      for path in sets)
        if touched and key in listed:
            out.append(f"{READINGS[key][0]} {key}={listed[key]}")
    return f" ({', '.join(out)})" if out else ""
