"""Every decision of the code that no clause states cites a register entry: every AMB ID that the
spec or the engine cites exists, and the spec cites every entry of the register (as it cites the
clauses it implements)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from truco_rules.spec.catalogue import load_catalogue

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalogue()
_AMB = re.compile(r"\bAMB-(\d+)\b")


def cited(folder: str) -> dict[str, list[str]]:
    """AMB ID -> the files (and lines) of `folder`'s Python code that cite it."""
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for m in _AMB.finditer(line):
                out.setdefault(f"AMB-{m[1]}", []).append(f"{path.relative_to(ROOT)}:{number}")
    return out


@pytest.mark.parametrize("folder", ["spec", "engine"])
def test_every_register_entry_the_code_cites_exists(folder: str) -> None:
    unknown = {aid: where for aid, where in cited(folder).items() if aid not in CAT.ambiguities}
    assert not unknown, f"{folder}/ cites entries the register does not have: {unknown}"


def test_the_spec_cites_every_register_entry() -> None:
    spec = cited("spec")
    missing = [f"{a.id} {a.key}" for a in CAT.ambiguities.values() if a.id not in spec]
    assert not missing, f"register entries no spec code cites (implement or cite them): {missing}"


def test_the_spec_rules_cite_the_entries_of_the_play_procedure() -> None:
    """The rule functions and the procedure cite the entries whose readings they switch on: every
    key read as `readings["KEY"]` or `reading("KEY")` in spec/rules names its entry in that file."""
    keys = {a.key: a.id for a in CAT.ambiguities.values()}
    for path in sorted((ROOT / "spec" / "rules").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for key in set(re.findall(r"""reading[s]?(?:\[|\(|\.get\()["']([a-z0-9-]+)["']""", text)):
            assert key in keys, f"{path.relative_to(ROOT)} reads {key!r}, which is not a register key"
            assert keys[key] in text, f"{path.relative_to(ROOT)} reads {key} without citing {keys[key]}"


def test_the_check_has_teeth(tmp_path: Path) -> None:
    code = tmp_path / "x.py"
    code.write_text("# AMB-999 is not a register entry\n", encoding="utf-8")
    found = {m[0] for m in _AMB.finditer(code.read_text(encoding="utf-8"))}
    assert found == {"AMB-999"} and "AMB-999" not in CAT.ambiguities
