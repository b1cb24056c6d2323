"""What a check left unexercised, per ruleset, and why: the honest part of its summary.

A clause of a ruleset (truco_rules.spec.catalogue `clauses_of`) that no step, refusal, view or record check of
the run exercised is listed with the reason: the situations that would have exercised it were not
reached (the engine takes no stacked deals or set positions, or does not play a reading), or they
ran and a divergence stopped them first, or nothing in the situation catalogue reaches it. The same
for each reading a ruleset can switch: its situations ran, or why not. Only what applies to a
checked ruleset is listed under it: its own clauses, and the readings of its own register entries
other than the one the run played (its default, or the one `--reading` chose: every game played
that one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.situations.model import Situation


@dataclass(frozen=True)
class Gap:
    """A clause (or a reading, "key=reading") of a ruleset that the run did not exercise, and why."""

    ruleset: str
    what: str
    why: str

    def to_dict(self) -> dict[str, str]:
        return {"ruleset": self.ruleset, "clause" if "=" not in self.what else "reading": self.what,
                "why": self.why}


def gaps(per_ruleset: Mapping[str, Counter[str]], situations: Mapping[str, Sequence[Situation]],
         unreached: Sequence[tuple[str, str]], failed: set[str], ran_situations: bool,
         in_force: Mapping[str, Mapping[str, str]] | None = None,
         without: Mapping[str, Sequence[str]] | None = None) -> list[Gap]:
    """The clauses and readings of each checked ruleset the run did not exercise, with the reason.

    `situations`: per ruleset those the run had; `unreached`: (situation id, why) of those it could
    not start; `failed`: the ids of those a divergence or fault stopped; `in_force`: per ruleset the
    readings its games played where they are not its defaults; `without`: per ruleset the optional
    features the engine declared it does not play (their clause and readings are left out, said so)."""
    cat = load_catalogue()
    why_not = dict(unreached)
    out: list[Gap] = []
    for ruleset, counts in per_ruleset.items():
        sits = situations.get(ruleset, ())
        left = _left_out(ruleset, (without or {}).get(ruleset, ()))
        for clause in cat.clauses_of(ruleset):
            if counts[clause.id]:
                continue
            mine = [s for s in sits if clause.id in s.clauses]
            why = left.get(clause.id) or _why(mine, why_not, failed, ran_situations)
            out.append(Gap(ruleset, clause.id, why))
        ran = Counter(s.reading for s in sits if s.reading and s.id not in why_not and s.id not in failed)
        chosen = (in_force or {}).get(ruleset, {})
        for amb in cat.ambiguities_of(ruleset):
            played = chosen.get(amb.key, amb.defaults[ruleset])
            for reading in amb.readings:
                tag = f"{amb.key}={reading.name}"
                if reading.name == played or ran[tag]:
                    continue
                mine = [s for s in sits if s.reading == tag]
                why = left.get(amb.key) or _why(mine, why_not, failed, ran_situations)
                out.append(Gap(ruleset, tag, why))
    return out


def _left_out(ruleset: str, features: Sequence[str]) -> dict[str, str]:
    """The clause and the register keys of each optional feature left out -> why they are not exercised."""
    if not features:
        return {}
    from truco_rules.spec.rules.ruleset import Rules
    from truco_rules.spec.ruleset_file import NEEDED_READINGS

    data = Rules.of(ruleset).data
    out: dict[str, str] = {}
    for feature in features:
        why = f"the engine declares it does not play the {feature}: checked without it"
        section = data.get(feature)
        if isinstance(section, Mapping) and "clause" in section:
            out[str(section["clause"])] = why
        out.update(dict.fromkeys(NEEDED_READINGS.get(feature, ()), why))
    return out


def _why(sits: Sequence[Situation], why_not: Mapping[str, str], failed: set[str], ran: bool) -> str:
    if not ran:
        return "situations were not run (--no-situations), and the random games did not reach it"
    if not sits:
        return "no situation of the catalogue reaches it, and the random games did not"
    lost = [s for s in sits if s.id in why_not]
    if len(lost) == len(sits):
        plural = "s" if len(sits) != 1 else ""
        return f"its {len(sits)} situation{plural} could not be reached: {why_not[lost[0].id]}"
    if all(s.id in why_not or s.id in failed for s in sits):
        return "a divergence or an engine fault stopped each of its situations before it"
    return ("its situations ran, and none exercised it on this engine (a view clause needs the engine's "
            "observations)")
