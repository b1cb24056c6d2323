"""Bug reports a maintainer can act on: one Markdown page per distinct divergence (one root cause:
clause, kind of check and cause, truco_rules.spec.monitor.findings), and a summary.

A page names the clause with its verbatim quotes, says what the engine did and what the rule
requires, lists what follows from it in the same games and every finding of the check it holds
(each finding of `truco check --json` is on exactly one page), and gives the shrunk reproduction: the
stacked deals and the steps, as a table and as a `truco-repro/1` script in a JSON block that
`truco replay PAGE --engine ...` plays again. The summary (`summary.json`,
`truco-check-report/1`) lists every page with its clause, kind, games and consequences.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from truco_rules.spec.catalogue import UnknownNameError, load_catalogue
from truco_rules.spec.monitor.findings import AFTER_RESULT, RESULT, Finding, Group
from truco_rules.spec.monitor.follow import ENGINE
from truco_rules.spec.monitor.trace import REFUSED, Trace
from truco_rules.spec.monitor.untrusted import json_block, md_code, md_text
from truco_rules.spec.monitor.violation import Violation

REPRO_FORMAT = "truco-repro/1"
SUMMARY_FORMAT = "truco-check-report/1"
_BLOCK = re.compile(r"```json\n(.*?)\n```", re.DOTALL)


class ReproError(ValueError):
    """A file that holds no reproduction script."""


def repro_script(trace: Trace, first: Finding | None) -> dict[str, Any]:
    """The truco-repro/1 script of a trace, with the divergence it shows."""
    script: dict[str, Any] = {"format": REPRO_FORMAT, **trace.to_dict()}
    if first is not None:
        v = first.violation
        script["divergence"] = {"clause": v.clause, "category": first.category, "cause": first.cause,
                                "hand": v.hand,
                                "action": v.action, "requires": v.requires, "says": v.says}
    return script


def read_repro(text: str) -> dict[str, Any]:
    """The reproduction script in a report page (its JSON block) or in a JSON file."""
    candidates = [text, *_BLOCK.findall(text)]
    for raw in candidates:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # nested too deep for the decoder: not a script
            continue
        if isinstance(data, dict) and data.get("format") == REPRO_FORMAT:
            if not isinstance(data.get("ruleset"), str) or not isinstance(data.get("steps"), list):
                raise ReproError("the truco-repro/1 script has no ruleset or no steps")
            return data
    raise ReproError(f"no {REPRO_FORMAT} script in it (a JSON block of a report page, or a JSON file)")


def file_name(number: int, group: Group) -> str:
    return f"{number:03d}-{group.clause}.md"


def _quotes(clause_id: str, ruleset: str) -> list[str]:
    """The clause's rule and its verbatim quotes (its own rulebook's first), as Markdown lines."""
    cat = load_catalogue()
    if clause_id.startswith("AMB-"):
        try:
            amb = cat.ambiguity(clause_id)
        except UnknownNameError:
            return []
        reading = amb.defaults.get(ruleset)
        lines = [f"**{amb.id}** (`{amb.key}`): {amb.question['en']}"]
        if reading is not None:
            lines.append(f"{ruleset} reads it as `{reading}`: {amb.reading(reading).summary['en']}")
        return lines
    try:
        clause = cat.clause(clause_id)
    except UnknownNameError:
        return []
    lines = [f"**{clause.id}: {clause.title['en']}.** {clause.text['en']}", ""]
    for q, line in cat.quotes_for(clause, ruleset):
        lines.append(f"> “{q.quote}” (rulebook {q.doc}, line {line})")
        lines.append(">")
    return lines[:-1] if lines[-1] == ">" else lines


def _title(clause_id: str) -> str:
    if clause_id == ENGINE:
        return "engine fault"
    cat = load_catalogue()
    if clause_id in cat.clauses:
        return cat.clauses[clause_id].title["en"]
    try:
        return cat.ambiguity(clause_id).question["en"]
    except UnknownNameError:
        return clause_id


def _where(f: Finding) -> str:
    hand, action = f.position
    v = f.violation
    if hand >= 10**8:
        return "at the end of the match"
    if action >= AFTER_RESULT:
        return f"when hand {hand} ends (does the match go on?)"
    if action >= RESULT:
        return f"in the result of hand {hand} ({v.field})" if v.field else f"in the result of hand {hand}"
    if action < 0:
        return f"at the start of hand {hand} ({v.field})"
    return f"in hand {hand}, before its action {action + 1}" + (f" ({v.field})" if v.field else "")


def _start_text(trace: Trace) -> str:
    """The set position the reproduction starts from (a situation's, or a restarted game's), if any."""
    if trace.scores is None and trace.dealer is None:
        return ""
    scores = trace.scores or [0, 0]
    dealer = "" if trace.dealer is None else f", seat {trace.dealer} dealing the first hand"
    return f", from the position {scores[0]}-{scores[1]}{dealer}"


def _deal_rows(deals: Sequence[dict[str, Any]]) -> list[str]:
    if not deals:
        return ["(the seed's deals: the engine takes no stacked deals)"]
    seats = len(deals[0]["hands"])
    muestra = any(d.get("muestra") for d in deals)
    head = ["hand", *(f"seat {s}" for s in range(seats))] + (["muestra"] if muestra else [])
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, d in enumerate(deals, 1):
        cells = [str(i), *(md_text(" ".join(h)) for h in d["hands"])]  # the engine's card names
        if muestra:
            cells.append(md_text(d.get("muestra") or ""))
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def page(group: Group, trace: Trace | None, first: Finding | None, from_steps: int, engine: str,
         games: int, replay_hint: str, held: Sequence[tuple[int, Violation, int]] = (),
         seen: str | None = None, situations: Mapping[int, str] | None = None) -> str:
    """The Markdown bug report of one distinct divergence (one root cause). `games`: the games the
    check played, its situations included; `situations`: game -> the situation it played (a game is
    cited by its situation). `held`: the findings of the check's `violations` it holds, (index there,
    violation, segment), listed at the end: every one of them is on exactly one page. `seen`: where
    it was seen, in words (Report.seen_text)."""
    f = first if first is not None else group.first
    v = f.violation
    ruleset = trace.ruleset if trace is not None else ""
    if seen is None:
        seen = f"{len(group.games)} of {games} games" if games else f"{len(group.games)} games"
    situation_of = situations or {}

    def game_words(n: int) -> str:  # a situation's game by its situation, every other by its number
        return f"situation {situation_of[n]}" if n in situation_of else f"game {n}"

    first_seen = game_words(group.games[0])
    # Whatever the engine or its record wrote (its name, messages, card and action names, the
    # type of what it raised) goes through md_text: the site renders the page as HTML.
    lines = [f"# [{v.clause}] {_title(v.clause)}", "",
             f"Engine: {md_text(engine)}. Ruleset: {md_text(ruleset or 'see the check')}. "
             f"Found by: {md_text(group.key[1], inline=True)}"
             + (f", in {md_text(group.key[2], inline=True)}" if group.key[2] else "")
             + f". Seen in {seen} (first: {md_text(first_seen)}).", ""]
    if v.clause != ENGINE:
        lines += ["## The rule", "", *_quotes(v.clause, ruleset), ""]
    fault = v.clause == ENGINE
    did = v.requires if fault else v.says or "(see the rule)"
    if not fault and f.category.startswith("record") and v.field:
        did = f"its record says {v.field} = {v.says}"
    requires = "an answer in time, of the right type, and no crash" if fault else v.requires
    lines += ["## What the engine did", "", md_text(did), "", "## What the rule requires", "",
              md_text(requires), "", f"Where: {md_text(_where(f))}.", ""]
    if group.stepped:
        states = "; ".join(f"{md_text(state)} ({n})" for state, n in group.states.most_common())
        where = f" First seen in: {states}." if states else ""
        lines += ["A difference in the legal actions that left engine and spec in the same state: "
                  "recorded once in each game, and stepped over (the game went on with the actions "
                  "both allow), so nothing follows from it." + where, ""]
    if trace is not None:
        shrunk = f", shrunk from {from_steps}" if from_steps > len(trace.steps) else ""
        lines += ["## Reproduction", "",
                  f"Ruleset `{trace.ruleset}`, readings {json.dumps(trace.readings)}, seed {trace.seed}"
                  + _start_text(trace) + "; the deals of the first hands, stacked:", "",
                  *_deal_rows(trace.deals), "",
                  f"Then {len(trace.steps)} steps{shrunk} (each by the seat to act; a refused step must "
                  "be refused, with nothing changed):", ""]
        for i, step in enumerate(trace.steps, 1):
            must = " (must be refused)" if step.expect == REFUSED else ""
            lines.append(f"{i}. seat {step.seat}: {md_code(step.action)}{must}")
        if not trace.steps:
            lines.append("(no step: the divergence shows at the start)")
        lines += ["", f"Play it again: {md_code(replay_hint)}", ""]
    if group.consequences:
        lines += ["## What follows from it", "",
                  "Later in the same games (consequences of this divergence, not separate causes):", ""]
        for clause, n in group.consequences.most_common():
            ex = group.examples[clause].violation
            says = f" (engine: {ex.says})" if ex.says else ""
            lines.append(f"- {clause} ({n}): {md_text(ex.requires + says)}")
        lines.append("")
    if group.repeats:
        lines += [f"The same clause is broken {group.repeats} more times later in these games.", ""]
    if held:
        lines += ["## Its findings", "",
                  "Each finding of the check's list (`truco check --json`, `violations`) that this "
                  "divergence holds, by its place in that list: the causes, then what follows from them.", ""]
        for k, hv, segment in held:
            where = game_words(hv.game) + (f" (after restart {segment})" if segment else "") + (
                f", hand {hv.hand}" if hv.hand is not None else "") + (f", {hv.field}" if hv.field else "")
            lines.append(f"- #{k} {md_text(where)}: [{md_text(hv.clause)}] {md_text(hv.requires)}")
        lines.append("")
    if trace is not None:
        script = json_block(repro_script(trace, f))
        lines += ["<details><summary>The reproduction script (truco-repro/1)</summary>", "",
                  "```json", script, "```", "", "</details>", ""]
    return "\n".join(lines)


def summary(engine: str, rulesets: Sequence[str], report: Any, entries: list[dict[str, Any]],
            code: int) -> dict[str, Any]:
    return {"format": SUMMARY_FORMAT, "engine": engine, "rulesets": list(rulesets), "games": report.games,
            "programs": report.programs, "steps": report.steps, "violations": sum(report.violated.values()),
            "divergences": entries, "exit": code}
