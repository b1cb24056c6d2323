"""Write spec/data/editions.json: for every shipped ruleset, the digest of what each of its
editions rules (spec.ruleset_file.rules_digest). tests/spec/test_editions.py fails when a file's
rules change under an edition the lock already has: give the file a new edition and say what
changed in its changelog, then run this again:

    python scripts/edition_digests.py
"""

from __future__ import annotations

import json

from truco_rules.spec.catalogue import DATA_DIR, load_catalogue
from truco_rules.spec.ruleset_file import at_edition, rules_digest

LOCK = DATA_DIR / "editions.json"


def digests() -> dict[str, dict[str, str]]:
    out = {}
    for name, rs in sorted(load_catalogue().rulesets.items()):
        data = rs.file.data
        out[name] = {str(k): rules_digest(at_edition(data, k)) for k in range(1, rs.file.edition + 1)}
    return out


def main() -> None:
    old = json.loads(LOCK.read_text(encoding="utf-8")) if LOCK.exists() else {}
    new = digests()
    changed = [f"{name} edition {k}" for name, eds in new.items() for k, d in eds.items()
               if old.get(name, {}).get(k, d) != d]
    if changed:
        raise SystemExit(f"what these editions rule changed: {', '.join(changed)}; an edition never "
                         "changes: give the file a new edition and say what changed in its changelog")
    LOCK.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {LOCK}")


if __name__ == "__main__":
    main()
