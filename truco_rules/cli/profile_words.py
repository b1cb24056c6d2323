"""The profile of an engine (truco_rules.spec.monitor.profile) as a summary and in words: for each
register entry its games reached, the readings under which engine and spec agree; where none
does, the bug, named by its clause; the optional rules it leaves out or adds; and what to
announce in its hello. Shown by `truco profile`, by `truco check --profile` (and in the folder of
`--report`) and on every conformance page, in English, Spanish, Italian or Portuguese.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.spec.monitor.untrusted import md_code
from truco_rules.text.catalogues import gettext, ngettext

FORMAT = "truco-profile/1"


def _clause_of(report: Any, entry: Any, amb: Any, ruleset: str, at: Mapping[str, Any] | None = None) -> str:
    """The clause at stake where no reading agrees (`at`, else where none first matched): the
    check's finding in that game and hand, else the first clause of the entry the ruleset states,
    else the entry itself."""
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.rules.ruleset import OPTIONAL_FEATURES, Rules

    where = at if at is not None else entry.first_none or {}
    unit = (where.get("game"), where.get("restart", 0))
    data = Rules.of(ruleset).data
    optional = {str(data[f]["clause"]) for f in OPTIONAL_FEATURES
                if isinstance(data.get(f), Mapping) and "clause" in data[f]} - set(amb.clauses)
    found = sorted(report.findings.get(unit, []), key=lambda f: (f.stepped, f.order))
    same = [f for f in found if f.violation.hand == where.get("hand") and f.violation.clause not in optional]
    if same:
        return str(same[0].violation.clause)
    held = {c.id for c in load_catalogue().clauses_of(ruleset)}
    return next((c for c in amb.clauses if c in held), amb.id)


def summarize(report: Any, rulesets: Sequence[str],
              in_force: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    """The profile of a check (its Report, run with Settings.profile) as JSON values. `in_force`:
    per ruleset the readings the games were checked under where they are not its defaults."""
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.rules.ruleset import Rules

    cat = load_catalogue()
    out: dict[str, Any] = {"format": FORMAT, "rulesets": {}}
    hello_readings: dict[str, dict[str, str]] = {}
    hello_without: dict[str, list[str]] = {}
    for name in rulesets:
        mine = report.profile.entries.get(name, {})
        force = {**cat.readings(name), **in_force.get(name, {})}
        entries, not_reached, announce = [], [], {}
        for amb in cat.ambiguities_of(name):
            e = mine.get(amb.key)
            if e is None or not e.reached:
                not_reached.append(amb.key)
                continue
            agreeing, playing = e.agreeing, force[amb.key]
            row: dict[str, Any] = {"id": amb.id, "key": amb.key, "readings": list(e.readings),
                                   "ruleset_reading": playing, "reached": e.reached, "agreeing": agreeing,
                                   "ruled_out": dict(e.ruled_out)}
            if e.none:  # points where no reading matched what the engine did: a bug, by its clause
                row.update(bugs=e.none, clause=_clause_of(report, e, amb, name),
                           bug_where=_situation(report, e.first_none))
            if not agreeing:  # every reading ruled out somewhere: the engine plays none of them
                row["verdict"] = "bug"
                if not e.none:
                    first = e.first_out.get(playing) or next(iter(e.first_out.values()), None)
                    row.update(clause=_clause_of(report, e, amb, name, first),
                               bug_where=_situation(report, first))
            elif playing in agreeing:
                row["verdict"] = "agrees"
            else:
                row.update(verdict="other", where=_situation(report, e.first_out.get(playing)))
                announce[amb.key] = agreeing[0]
            entries.append(row)
        left: list[str] = []  # left out and not declared: to declare (a declared one is said below)
        features = []
        data = Rules.of(name).data
        for feature, use in sorted(report.profile.features.get(name, {}).items()):
            section = data.get(feature)
            clause = str(section["clause"]) if isinstance(section, Mapping) and "clause" in section else ""
            if use.allowed and not use.both:
                verdict = "left out"
                left.append(feature)
            elif use.added and section is None:
                verdict = "added"
            elif use.added:
                verdict = "offered where the rules do not"
            else:
                verdict = "plays"
            features.append({"feature": feature, "clause": clause, "verdict": verdict, **use.to_dict()})
        for feature in report.without.get(name, []):
            features.append({"feature": feature, "verdict": "declared left out"})
        if announce:
            hello_readings[name] = announce
        if left:
            hello_without[name] = sorted(set(left))
        out["rulesets"][name] = {"parts": report.profile.parts[name], "entries": entries,
                                 "not_reached": not_reached, "features": features}
    out["hello"] = {**({"readings": hello_readings} if hello_readings else {}),
                    **({"without": hello_without} if hello_without else {})}
    out["bugs"] = sum(1 for r in out["rulesets"].values() for e in r["entries"] if e.get("bugs"))
    return out


def _situation(report: Any, where: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A place in the check, with the situation's id where the game is a situation's."""
    if where is None:
        return None
    sit = report.situation_games.get(where.get("game"))
    return {**where, "situation": sit} if sit else dict(where)


def _where(where: Mapping[str, Any] | None, lang: str) -> str:
    if not where:
        return ""
    if where.get("situation"):
        return gettext("situation {id}", lang, id=md_code(str(where["situation"])))
    game = where.get("game")
    hand = where.get("hand")
    if hand is None:
        return gettext("game {game}", lang, game=game)
    return gettext("game {game}, hand {hand}", lang, game=game, hand=hand)


def _readings(names: Sequence[str], lang: str) -> str:
    """ "a", "a and b", "a, b and c" (as the conformance page joins a list)."""
    items = [md_code(n) for n in names]
    if len(items) <= 1:
        return "".join(items)
    return gettext("{first} and {last}", lang, first=", ".join(items[:-1]), last=items[-1])


def lines(summary: Mapping[str, Any], lang: str, heading: str = "##") -> list[str]:
    """The profile in Markdown, in `lang`: one section per ruleset."""
    out = [f"{heading} " + gettext("Which rules the engine plays", lang), "",
           gettext("Its games played again under every reading of each register entry they reached: "
                   "the readings under which engine and spec agree. A variant is not a bug; where no "
                   "reading agrees, it is one.", lang), ""]
    for name, r in summary["rulesets"].items():
        out += [f"{heading}# {name}", "",
                ngettext("From {n} part of a game.", "From {n} parts of games.", r["parts"], lang), ""]
        for e in r["entries"]:
            head = f"- **{e['id']}** {md_code(e['key'])}: "
            seen = ngettext("reached in {n} part", "reached in {n} parts", e["reached"], lang)
            if e["verdict"] == "agrees":
                others = [x for x in e["agreeing"] if x != e["ruleset_reading"]]
                text = gettext("plays the ruleset's reading {reading}", lang,
                               reading=md_code(e["ruleset_reading"]))
                if others:
                    text += "; " + gettext("its games do not tell it from {others}", lang,
                                           others=_readings(others, lang))
            elif e["verdict"] == "other":
                text = gettext("plays {readings}, not the ruleset's {reading} (first seen: {where}): a "
                               "variant, to announce", lang, readings=_readings(e["agreeing"], lang),
                               reading=md_code(e["ruleset_reading"]), where=_where(e.get("where"), lang))
            else:
                text = gettext("no reading agrees: a bug, [{clause}] (first: {where})", lang,
                               clause=e["clause"], where=_where(e.get("bug_where"), lang))
            if e.get("bugs") and e["verdict"] != "bug":
                text += "; " + ngettext(
                    "in {n} part no reading agrees: a bug, [{clause}] (first: {where})",
                    "in {n} parts no reading agrees: a bug, [{clause}] (first: {where})",
                    e["bugs"], lang, clause=e["clause"], where=_where(e.get("bug_where"), lang))
            out.append(head + text + f" ({seen}).")
        if r["entries"]:
            out.append("")
        for f in r["features"]:
            name_f = md_code(f["feature"]) + (f" ({f['clause']})" if f.get("clause") else "")
            if f["verdict"] == "left out":
                text = ngettext("left out: never offered in {n} step where the rules allow it",
                                "left out: never offered in {n} steps where the rules allow it",
                                f["allowed"], lang)
            elif f["verdict"] == "declared left out":
                text = gettext("left out, as the engine declares: checked without it", lang)
            elif f["verdict"] == "added":
                text = ngettext("added: offered in {n} step, and the ruleset has no such rule",
                                "added: offered in {n} steps, and the ruleset has no such rule",
                                f["added"], lang)
            elif f["verdict"] == "offered where the rules do not":
                text = ngettext("offered in {n} step where the rules do not allow it",
                                "offered in {n} steps where the rules do not allow it", f["added"], lang)
            else:
                text = gettext("played", lang)
            out.append("- " + gettext("Optional rule {feature}: {what}.", lang, feature=name_f, what=text))
        if r["features"]:
            out.append("")
        if r["not_reached"]:
            out += [gettext("Not reached by these games: {keys}.", lang,
                            keys=", ".join(md_code(k) for k in r["not_reached"])), ""]
    if summary["hello"]:
        out += [gettext("To be checked as what it plays, the engine announces in its hello:", lang), "",
                "```json", json.dumps(summary["hello"], ensure_ascii=False), "```", ""]
    return out
