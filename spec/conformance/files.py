"""Writing the suite (`truco conformance --write-suite`), and the rules its versions keep.

- The cases' meaning is fixed by VERSION: digests.json holds, per version, the digest of every
  case file's cases. Regenerated cases with another digest under the same VERSION are refused:
  a change of meaning takes a new VERSION and a CHANGELOG entry.
- ids.txt lists every case ID ever published, in the order it first was. An ID the suite no
  longer has is kept there, marked retired ("- ID", with the version that retired it), and is
  never given to another case.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence

from truco_rules.spec.conformance import SUITE_DIR
from truco_rules.spec.conformance.cases import Case, cases_path, cases_text, version
from truco_rules.spec.files import write_text_atomic

IDS, DIGESTS = SUITE_DIR / "ids.txt", SUITE_DIR / "digests.json"


class SuiteError(Exception):
    """The regenerated suite breaks a rule of its versions (see the module's text)."""


def digest(by_ruleset: Mapping[str, Sequence[Case]]) -> str:
    """One digest of the meaning of every case: its data, rulesets in name order."""
    h = hashlib.sha256()
    for name in sorted(by_ruleset):
        for case in by_ruleset[name]:
            h.update(json.dumps([name, case.to_dict()], sort_keys=True, ensure_ascii=False).encode("utf-8"))
    return h.hexdigest()


def read_ids() -> tuple[list[str], dict[str, str]]:
    """(the live IDs in publication order, retired ID -> the version that retired it)."""
    live: list[str] = []
    retired: dict[str, str] = {}
    if not IDS.exists():
        return live, retired
    for line in IDS.read_text(encoding="utf-8").splitlines():
        if line.startswith("- "):
            ident, _, when = line[2:].partition(" ")
            retired[ident] = when
        elif line and not line.startswith("#"):
            live.append(line)
    return live, retired


def read_digests() -> dict[str, str]:
    return json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}


def plan_write(by_ruleset: Mapping[str, Sequence[Case]]) -> dict[str, str]:
    """The files to write (path -> text) for these cases, or SuiteError."""
    suite_version = version()
    new_digest = digest(by_ruleset)
    digests = read_digests()
    if digests.get(suite_version, new_digest) != new_digest:
        raise SuiteError(
            f"the cases changed under version {suite_version}: give spec/data/conformance/VERSION "
            "a new version and say what changed in CHANGELOG.md, then write the suite again"
        )
    live, retired = read_ids()
    ids = [c.id for cases in by_ruleset.values() for c in cases]
    if len(set(ids)) != len(ids):
        raise SuiteError("two cases have one ID")
    back = sorted(set(ids) & set(retired))
    if back:
        raise SuiteError(f"retired IDs given to cases again: {', '.join(back[:5])}")
    gone = [i for i in live if i not in set(ids)]
    lines = [
        "# Every case ID ever published, in the order it first was; '- ID VERSION': retired by that",
        "# version, never given to another case (spec/conformance/files.py).",
    ]
    lines += [i for i in live if i in set(ids)] + [i for i in ids if i not in set(live)]
    lines += [f"- {i} {w}" for i, w in retired.items()] + [f"- {i} {suite_version}" for i in gone]
    out = {
        str(cases_path(name)): cases_text(name, cases, suite_version) for name, cases in by_ruleset.items()
    }
    out[str(IDS)] = "\n".join(lines) + "\n"
    out[str(DIGESTS)] = json.dumps({**digests, suite_version: new_digest}, indent=1, sort_keys=True) + "\n"
    return out


def write_suite(by_ruleset: Mapping[str, Sequence[Case]]) -> list[str]:
    """Write the suite's files; the paths written."""
    files = plan_write(by_ruleset)
    for path, text in files.items():
        write_text_atomic(path, text)
    return list(files)
