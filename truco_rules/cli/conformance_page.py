"""The conformance page of `truco conformance --out`, in English, Spanish, Italian or Portuguese.

The words come from the gettext catalogues (truco_rules/text/locale); values are said in words (lists
joined as prose, scores as "20 to 29", counts with their plural), cards are named in words. The
spec's messages (what a rule requires, what the engine did) are English sentences built by the
monitor; `said` recognises each form the monitor writes and says it in the page's language, its
values in words. A message of another form is shown as the monitor wrote it. Whatever the engine
wrote (its names, card and action names, what it raised) goes through md_text or md_code: the
site renders the page as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from truco_rules.spec.escape import json_block, md_code, md_fence, md_text
from truco_rules.text.catalogues import N_, gettext, ngettext, translate
from truco_rules.text.witness_words import UnknownWitness, card_name, decks_of

Deck = Any


def prose(items: Sequence[str], lang: str) -> str:
    """ "a", "a and b", "a, b and c" in the page's language."""
    items = list(items)
    if not items:
        return gettext("nothing", lang)
    if len(items) == 1:
        return items[0]
    return gettext("{first} and {last}", lang, first=", ".join(items[:-1]), last=items[-1])


def _score(text: str, lang: str) -> str:
    """ "[20, 29]" -> "20 to 29"."""
    m = re.fullmatch(r"\[(-?\d+), (-?\d+)\]", text.strip())
    return gettext("{a} to {b}", lang, a=m[1], b=m[2]) if m else md_text(text)


def _names(text: str) -> list[str]:
    """ "['envido', 'flor']" -> ["envido", "flor"] (the action names of a Python list)."""
    return re.findall(r"'((?:[^'\\]|\\.)*)'", text)


def _actions(text: str, lang: str) -> str:
    return prose([md_text(a) for a in _names(text)], lang)


def _action(text: str, decks: Sequence[Deck], lang: str) -> str:
    """An action as the protocol writes it, in code, with the card it plays named in words."""
    m = re.fullmatch(r"play (\S+)", text)
    if m:
        try:
            return f"{md_text(text)} ({card_name(m[1], decks, lang)})"
        except UnknownWitness:
            pass
    return md_text(text)


def _points(text: str, lang: str) -> str:
    """ "envido 6 to side 1, flor 3 to side 0" (truco_rules.spec.monitor.replay._pts) in words."""
    if text == "none":
        return gettext("no side points", lang)
    parts = []
    for part in text.split(", "):
        m = re.fullmatch(r"(\S+) (\d+) to side (\d+)", part)
        if not m:
            return md_text(text)
        parts.append(
            gettext(
                "{call} {points} to side {side}",
                lang,
                call=m[1].replace("-", " "),
                points=ngettext("{n} point", "{n} points", int(m[2]), lang),
                side=m[3],
            )
        )
    return prose(parts, lang)


# The forms of the monitor's messages (spec.monitor.replay, blame, follow; truco_rules.spec.rules.procedure),
# each with its message and how each of its parts is said.
_Say = Callable[[str, Sequence[Deck], str], str]
_NUM: _Say = lambda s, d, lang: s  # noqa: E731
_SCORE: _Say = lambda s, d, lang: _score(s, lang)  # noqa: E731
_LIST: _Say = lambda s, d, lang: _actions(s, lang)  # noqa: E731
_PTS: _Say = lambda s, d, lang: _points(s, lang)  # noqa: E731
_NAME: _Say = lambda s, d, lang: md_text(s)  # noqa: E731
_ACT: _Say = lambda s, d, lang: _action(s, d, lang)  # noqa: E731
_TEXT: _Say = lambda s, d, lang: said(s, lang, d)  # noqa: E731
_CHAIN: _Say = lambda s, d, lang: prose([md_text(c) for c in s.split(", ")], lang)  # noqa: E731
_ESC: _Say = lambda s, d, lang: md_text(s)  # noqa: E731  (what the engine raised, as text)
_SIDES: _Say = lambda s, d, lang: prose([x for x in s.split(", ") if x], lang)  # noqa: E731
_FORMS: list[tuple[str, str | None, dict[str, _Say]]] = [
    (
        r"the score after the hand is (?P<score>\[.*\])",
        N_("the score after the hand is {score}"),
        {"score": _SCORE},
    ),
    (r"the final score is (?P<score>\[.*\]) \(not capped at the target\)",
     N_("the final score is {score} (not capped at the target)"), {"score": _SCORE}),
    (r"the final score is (?P<score>\[.*\])", N_("the final score is {score}"), {"score": _SCORE}),
    (r"the final score is not capped at the target: it is (?P<score>\[.*\])",
     N_("the final score is not capped at the target: it is {score}"), {"score": _SCORE}),
    (r"the iron hand's points are (?P<n>\d+)", N_("the iron hand's points are {n}"), {"n": _NUM}),
    (r"the hand of ten's points are (?P<n>\d+)", N_("the hand of ten's points are {n}"), {"n": _NUM}),
    (
        r"the claimed score does not add up: (?P<before>\[.*?\]) "
        r"plus the claimed points make (?P<after>\[.*\])",
        N_("the claimed score does not add up: {before} plus the claimed points make {after}"),
        {"before": _SCORE, "after": _SCORE},
    ),
    (
        r"the match is not over: the score is (?P<score>\[.*\])",
        N_("the match is not over: the score is {score}"),
        {"score": _SCORE},
    ),
    (r"the side points are (?P<pts>.*)", N_("the side points are: {pts}"), {"pts": _PTS}),
    (r"the hand is over: no more actions", N_("the hand is over: no more actions"), {}),
    (
        r"the hand is not over after its (?P<n>\d+) actions: seat (?P<seat>\d+) must act",
        N_("the hand is not over after its {n} actions: seat {seat} must act"),
        {"n": _NUM, "seat": _NUM},
    ),
    (
        r"hand (?P<hand>\d+) goes on: seat (?P<seat>\d+) must act",
        N_("hand {hand} goes on: seat {seat} must act"),
        {"hand": _NUM, "seat": _NUM},
    ),
    (r"seat (?P<seat>\d+) must act", N_("seat {seat} must act"), {"seat": _NUM}),
    (r"seat (?P<seat>\d+) to act", N_("seat {seat} to act"), {"seat": _NUM}),
    (
        r"seat (?P<a>\d+) acts now, not seat (?P<b>\d+)",
        N_("seat {a} acts now, not seat {b}"),
        {"a": _NUM, "b": _NUM},
    ),
    (r"seat (?P<seat>\d+): (?P<action>.*)", N_("seat {seat}: {action}"), {"seat": _NUM, "action": _ACT}),
    (
        r"'(?P<action>[^']*)' is not allowed now: (?P<why>.*)",
        N_("{action} is not allowed now: {why}"),
        {"action": _NAME, "why": _TEXT},
    ),
    (r"not allowed now", N_("not allowed now"), {}),
    (r"'(?P<action>[^']*)' is allowed now", N_("{action} is allowed now"), {"action": _NAME}),
    (
        r"allows (?P<extra>\[.*?\]); it leaves out (?P<missing>\[.*\])",
        N_("it allows {extra}; it leaves out {missing}"),
        {"extra": _LIST, "missing": _LIST},
    ),
    (r"allows (?P<extra>\[.*\])", N_("it allows {extra}"), {"extra": _LIST}),
    (r"leaves out (?P<missing>\[.*\])", N_("it leaves out {missing}"), {"missing": _LIST}),
    (
        r"after (?P<chain>.*) the chain cannot go to (?P<call>\S+): envido calls only go forward",
        N_("after {chain} the chain cannot go to {call}: envido calls only go forward"),
        {"chain": _CHAIN, "call": _NAME},
    ),
    (
        r"contraflor-resto answers a contraflor, by the singer",
        N_("a contraflor al resto answers a contraflor, by its singer"),
        {},
    ),
    (
        r"the match goes on at (?P<score>\[.*?\]): nobody has reached the target",
        N_("the match goes on at {score}: nobody has reached the target"),
        {"score": _SCORE},
    ),
    (r"the match winner is side (?P<side>\d+)", N_("the match winner is side {side}"), {"side": _NUM}),
    (
        r"the partidas are won by \[(?P<sides>[\d, ]*)\]",
        N_("the partidas are won by the sides {sides}"),
        {"sides": _SIDES},
    ),
    (
        r"the mazo is taken on a turn to play or as the answer to a truco call: "
        r"answer the pending call first",
        N_("the mazo is taken on one's turn to play or as the answer to a truco call: answer the pending "
           "call first"),
        {},
    ),
    (
        r"seat (?P<seat>\d+) holds flor and must sing it before it goes to the mazo "
        r"\((?P<amb>AMB-\d+) flor-first\)",
        N_("seat {seat} holds flor and must sing it before it goes to the mazo ({amb})"),
        {"seat": _NUM, "amb": _NUM},
    ),
    (
        r"seat (?P<seat>\d+) holds flor and must sing it before it calls truco "
        r"\((?P<amb>AMB-\d+) flor-first\)",
        N_("seat {seat} holds flor and must sing it before it calls truco ({amb})"),
        {"seat": _NUM, "amb": _NUM},
    ),
    (
        r"seat (?P<seat>\d+) holds flor and must sing it before it (?:accepts|raises) the truco "
        r"\((?P<amb>AMB-\d+) flor-first\)",
        N_("seat {seat} holds flor and must sing it before it answers the truco ({amb})"),
        {"seat": _NUM, "amb": _NUM},
    ),
    (
        r"flor is sung before playing any card, in the side-bet window \((?P<amb>AMB-\d+)\)",
        N_("flor is sung before playing any card, while side bets may be made ({amb})"),
        {"amb": _NUM},
    ),
    (
        r"(?P<call>\w+\(.*?\)) raised (?P<what>.*) "
        r"\(not one of the adapter's refusal_errors: a crash, not a refusal\)",
        N_("{call} raised {what}: not one of the adapter's refusal errors, so a crash, not a refusal"),
        {"call": _NAME, "what": _ESC},
    ),
    (r"the match was already over: no more hands", N_("the match was already over: no more hands"), {}),
    (
        r"the match is over \((?P<clause>[A-Z]+-\d+): side (?P<side>\d+) won, score (?P<score>\[.*\])\)",
        N_("the match is over ({clause}: side {side} won, {score})"),
        {"clause": _NUM, "side": _NUM, "score": _SCORE},
    ),
    (r"the match is over \((?P<clause>[A-Z]+-\d+)\)", N_("the match is over ({clause})"), {"clause": _NUM}),
    (r"the match is over", N_("the match is over"), {}),
    (r"the hand's winner is side (?P<side>\d+)", N_("the hand's winner is side {side}"), {"side": _NUM}),
    (r"the hand's winner is nobody", N_("the hand has no winner"), {}),
    (r"side (?P<side>\d+)", N_("side {side}"), {"side": _NUM}),
    (r"winner (?P<side>\d+)", N_("winner: side {side}"), {"side": _NUM}),
    (r"(?P<score>\[-?\d+, -?\d+\])", None, {"score": _SCORE}),
    (r"(?P<pts>(\S+ \d+ to side \d+)(, \S+ \d+ to side \d+)*)", None, {"pts": _PTS}),
    (r"(?P<n>\d+) actions", N_("{n} actions"), {"n": _NUM}),
    (r"(?P<n>\d+) hands", N_("{n} hands"), {"n": _NUM}),
]
_COMPILED = [(re.compile(pattern), message, parts) for pattern, message, parts in _FORMS]


def said(message: str, lang: str, decks: Sequence[Deck] = ()) -> str:
    """A monitor's message in the page's language, Markdown-safe; one of no known form is shown as
    written (escaped)."""
    for pattern, text, parts in _COMPILED:
        m = pattern.fullmatch(message)
        if m:
            values = {k: parts[k](v, decks, lang) for k, v in m.groupdict().items() if k in parts}
            return translate(text, lang, **values) if text is not None else "".join(values.values())
    return md_text(message)


_CATEGORIES = {
    "legal": N_("the legal actions"),
    "actor": N_("the seat to act"),
    "refused": N_("a refusal"),
    "end": N_("the end of the match"),
    "view": N_("a player's view"),
    "fault": N_("an engine fault"),
}


# The rule state a divergence was found in, as the monitor names it ("normal hand, flor: ..."):
# the kind of hand and its phase, in words (what the engine did is told in its own section).
_HAND_KINDS = {
    "normal": N_("an ordinary hand"),
    "ten": N_("a hand with one side at the hand-of-ten score"),
    "iron": N_("an iron hand, both sides at that score"),
}
_PHASES = {
    "ten-choice": N_("while that side decides whether to play it"),
    "play": N_("while cards are played"),
    "truco": N_("while a truco call waits for its answer"),
    "envido": N_("while an envido waits for its answer"),
    "flor": N_("while a flor is sung or answered"),
    "over": N_("after the hand ended"),
}
_STATE = re.compile(r"^(\w+) hand, ([\w-]+)(?:: .*)?$", re.DOTALL)


def cause_words(cause: str, lang: str) -> str:
    """Where a divergence was found, in words; a cause of another form as it is, escaped."""
    m = _STATE.match(cause)
    if m is None or m[1] not in _HAND_KINDS or m[2] not in _PHASES:
        return md_text(cause, inline=True)
    return f"{translate(_HAND_KINDS[m[1]], lang)}, {translate(_PHASES[m[2]], lang)}"


def category(key: str, lang: str) -> str:
    """The kind of check that found a divergence ("legal", "record: FIELD") in words."""
    if key.startswith("record"):
        field = key.split(":", 1)[1].strip() if ":" in key else ""
        return gettext("the record", lang) + (f" ({md_text(field, inline=True)})" if field else "")
    return translate(_CATEGORIES[key], lang) if key in _CATEGORIES else md_text(key)


def clause_title(clause_id: str, lang: str) -> str:
    """A clause's title (an ambiguity's question; an engine fault has none)."""
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    cat = load_catalogue()
    if clause_id in cat.clauses:
        return cat.clauses[clause_id].title[lang]
    try:
        return cat.ambiguity(clause_id).question[lang]
    except UnknownNameError:
        return gettext("engine fault", lang)


def _rule(clause_id: str, ruleset: str, lang: str) -> list[str]:
    """The clause's rule and its verbatim quotes (its own rulebook's first)."""
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    cat = load_catalogue()
    if clause_id.startswith("AMB-"):
        try:
            amb = cat.ambiguity(clause_id)
        except UnknownNameError:
            return []
        lines = [f"**{amb.id}** (`{amb.key}`): {amb.question[lang]}"]
        reading = amb.defaults.get(ruleset)
        if reading is not None:
            lines.append(
                gettext(
                    "{ruleset} reads it as {reading}: {summary}",
                    lang,
                    ruleset=md_code(ruleset),
                    reading=md_text(reading),
                    summary=amb.reading(reading).summary[lang],
                )
            )
        return lines
    try:
        clause = cat.clause(clause_id)
    except UnknownNameError:
        return []
    lines = [f"**{clause.id}: {clause.title[lang]}.** {clause.text[lang]}", ""]
    for q, line in cat.quotes_for(clause, ruleset):
        lines.append(
            "> “" + q.quote + "” (" + gettext("rulebook {doc}, line {line}", lang, doc=q.doc, line=line) + ")"
        )
        lines.append(">")
    return lines[:-1] if lines[-1] == ">" else lines


def _where(f: Any, lang: str) -> str:
    from truco_rules.spec.monitor.findings import AFTER_RESULT, RESULT

    hand, action = f.position
    field = f" ({md_text(f.violation.field)})" if f.violation.field else ""
    if hand >= 10**8:
        return gettext("at the end of the match", lang)
    if action >= AFTER_RESULT:
        return gettext("when hand {hand} ends (does the match go on?)", lang, hand=hand)
    if action >= RESULT:
        return gettext("in the result of hand {hand}", lang, hand=hand) + field
    if action < 0:
        return gettext("at the start of hand {hand}", lang, hand=hand) + field
    return gettext("in hand {hand}, before its action {action}", lang, hand=hand, action=action + 1) + field


def _cards(cards: Sequence[str], decks: Sequence[Deck], lang: str) -> str:
    out = []
    for c in cards:
        try:
            out.append(card_name(str(c), decks, lang))
        except UnknownWitness:  # a card of no deck of the ruleset: the engine's own name
            out.append(md_text(c))
    return ", ".join(out)


def _readings(readings: dict[str, str], lang: str) -> str:
    if not readings:
        return gettext("the ruleset's own readings", lang)
    return gettext(
        "with the readings {readings}",
        lang,
        readings=prose([md_text(f"{k}={v}") for k, v in sorted(readings.items())], lang),
    )


def section(
    group: Any,
    trace: Any,
    first: Any,
    from_steps: int,
    engine: str,
    games: int,
    replay_line: str,
    held: Sequence[tuple[int, Any, int]],
    lang: str,
    seen: int | None = None,
) -> str:
    """One distinct divergence, as a section of the conformance page (truco_rules.spec.monitor.reports.page
    in the page's language). `seen`: the random games it was seen in (a Hypothesis program's run or
    a situation is not one of `games`)."""
    from truco_rules.spec.monitor.follow import ENGINE
    from truco_rules.spec.monitor.reports import repro_script
    from truco_rules.spec.monitor.trace import REFUSED

    f = first if first is not None else group.first
    v = f.violation
    ruleset = trace.ruleset if trace is not None else ""
    decks = decks_of([ruleset]) if ruleset else []
    found = category(group.key[1], lang) + (f" ({cause_words(group.key[2], lang)})" if group.key[2] else "")
    lines = [
        f"### [{v.clause}] {clause_title(v.clause, lang)}",
        "",
        gettext(
            "Found by {found}; seen in {seen} of {games} games (first: game {first}).",
            lang,
            found=found,
            seen=len(group.games) if seen is None else seen,
            games=games,
            first=group.games[0],
        ),
        "",
    ]
    fault = v.clause == ENGINE
    if not fault:
        lines += ["#### " + gettext("The rule", lang), "", *_rule(v.clause, ruleset, lang), ""]
    if fault:
        did = gettext("the engine failed: {what}", lang, what=md_text(v.requires))
        requires = gettext("an answer in time, of the right type, and no crash", lang)
    else:
        did = said(v.says, lang, decks) if v.says else gettext("(see the rule)", lang)
        if f.category.startswith("record") and v.field:
            did = gettext("its record says {field}: {value}", lang, field=md_text(v.field), value=did)
        requires = said(v.requires, lang, decks)
    lines += [
        "#### " + gettext("What the engine did", lang),
        "",
        did,
        "",
        "#### " + gettext("What the rule requires", lang),
        "",
        requires,
        "",
        gettext("Where: {where}.", lang, where=_where(f, lang)),
        "",
    ]
    if trace is not None:
        lines += [
            "#### " + gettext("Reproduction", lang),
            "",
            gettext(
                "Ruleset {ruleset}, {readings}, seed {seed}; the deals of the first hands, stacked:",
                lang,
                ruleset=md_code(trace.ruleset),
                readings=_readings(trace.readings, lang),
                seed=trace.seed,
            ),
            "",
        ]
        if trace.scores is not None or trace.dealer is not None:
            scores = trace.scores or [0, 0]
            lines[-2] += " " + gettext("(from the score {a} to {b})", lang, a=scores[0], b=scores[1])
        if trace.deals:
            seats = len(trace.deals[0]["hands"])
            muestra = any(d.get("muestra") for d in trace.deals)
            head = [gettext("hand", lang), *(gettext("seat {seat}", lang, seat=s) for s in range(seats))]
            head += [gettext("muestra", lang)] if muestra else []
            lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            for i, d in enumerate(trace.deals, 1):
                cells = [str(i), *(_cards(h, decks, lang) for h in d["hands"])]
                if muestra:
                    cells.append(_cards([d["muestra"]], decks, lang) if d.get("muestra") else "")
                lines.append("| " + " | ".join(cells) + " |")
        else:
            lines.append(gettext("(the seed's deals: the engine takes no stacked deals)", lang))
        n = len(trace.steps)
        steps = ngettext("Then {n} step", "Then {n} steps", n, lang)
        if from_steps > n:
            steps = ngettext(
                "Then {n} step, shrunk from {m}", "Then {n} steps, shrunk from {m}", n, lang, m=from_steps
            )
        lines += [
            "",
            steps
            + " "
            + gettext(
                "(each by the seat to act; a refused step must be refused, with nothing changed):", lang
            ),
            "",
        ]
        for i, step in enumerate(trace.steps, 1):
            must = " " + gettext("(must be refused)", lang) if step.expect == REFUSED else ""
            lines.append(
                f"{i}. "
                + gettext(
                    "seat {seat}: {action}", lang, seat=step.seat, action=_action(step.action, decks, lang)
                )
                + must
            )
        if not trace.steps:
            lines.append(gettext("(no step: the divergence shows at the start)", lang))
        lines += [
            "",
            gettext(
                "Play it again: save the script below as {file}, then {command}",
                lang,
                file="`repro.json`",
                command=md_code(replay_line),
            ),
            "",
        ]
    if group.consequences:
        lines += [
            "#### " + gettext("What follows from it", lang),
            "",
            gettext("Later in the same games (consequences of this divergence, not separate causes):", lang),
            "",
        ]
        for clause, n in group.consequences.most_common():
            ex = group.examples[clause].violation
            engine_says = (
                " " + gettext("(engine: {says})", lang, says=said(ex.says, lang, decks)) if ex.says else ""
            )
            times = ngettext("{n} time", "{n} times", n, lang)
            lines.append(f"- {clause} ({times}): {said(ex.requires, lang, decks)}{engine_says}")
        lines.append("")
    if group.repeats:
        lines += [
            ngettext(
                "The same clause is broken {n} more time later in these games.",
                "The same clause is broken {n} more times later in these games.",
                group.repeats,
                lang,
            ),
            "",
        ]
    if held:
        lines += [
            "#### " + gettext("Its findings", lang),
            "",
            gettext(
                "Each finding of the check's list ({command}, {key}) that this divergence holds, by "
                "its place in that list: the causes, then what follows from them.",
                lang,
                command="`truco check --json`",
                key="`violations`",
            ),
            "",
        ]
        for k, hv, segment in held:
            where = [gettext("game {game}", lang, game=hv.game)]
            if segment:
                where[0] += " " + gettext("(after restart {n})", lang, n=segment)
            if hv.hand is not None:
                where.append(gettext("hand {hand}", lang, hand=hv.hand))
            if hv.field:
                where.append(md_text(hv.field))
            lines.append(
                f"- #{k} {', '.join(where)}: [{md_text(hv.clause)}] {said(hv.requires, lang, decks)}"
            )
        lines.append("")
    if trace is not None:
        script = json_block(repro_script(trace, f))
        summary = gettext("The reproduction script ({format})", lang, format="truco-repro/1")
        lines += [
            f'??? note "{summary}"',
            "",
            "    ```json",
            *(f"    {x}" if x else "" for x in script.split("\n")),
            "    ```",
            "",
        ]
    return "\n".join(lines).rstrip() + "\n"


def render(
    lang: str,
    title: str,
    command: str,
    engine: str,
    ruleset: str,
    total: Any,
    entries: list[dict[str, Any]],
    sections: list[str],
    held: list[tuple[str, int]],
    unexercised: list[str],
    profile: Any = None,
) -> str:
    """The conformance page in `lang`; `profile`: which rules the engine plays
    (truco_rules.cli.profile_words.summarize), a section of its own at the end."""
    broken = len(entries)
    lines = [
        f"# {md_text(title)}",  # the site's navigation shows it as text (site_conformance)
        "",
        gettext(
            "The engine {engine} checked against the ruleset {ruleset} by {check}:",
            lang,
            engine=md_code(engine),
            ruleset=md_code(ruleset),
            check="`truco check`",
        )
        + " "
        + prose(
            [
                ngettext("{n} random game", "{n} random games", total.games, lang),
                ngettext("{n} Hypothesis program", "{n} Hypothesis programs", total.programs, lang),
            ],
            lang,
        )
        + "; "
        + ngettext(
            "{n} action compared step by step with the rules",
            "{n} actions compared step by step with the rules",
            total.steps,
            lang,
        )
        + "; "
        + ngettext("{n} forbidden action tried.", "{n} forbidden actions tried.", total.refusals, lang)
        + " "
        + ngettext("{n} distinct divergence found", "{n} distinct divergences found", broken, lang)
        + (
            gettext(
                "; each comes with the shortest reproduction found (a stacked deal and the actions "
                "that show it).",
                lang,
            )
            if broken
            else "."
        ),
        "",
        gettext("Regenerate this page (the same settings give the same page):", lang),
        "",
        md_fence(command, "sh"),
        "",
    ]
    lines += ["## " + gettext("Clauses broken", lang), ""]
    if entries:
        head = [
            gettext("clause", lang),
            gettext("rule", lang),
            gettext("found by", lang),
            gettext("games", lang),
            gettext("reproduced", lang),
        ]
        lines += ["| " + " | ".join(head) + " |", "|---|---|---|---|---|"]
        for e in entries:
            lines.append(
                f"| {e['clause']} | {clause_title(e['clause'], lang)} | {category(e['category'], lang)} "
                f"| {e['games']} | {gettext('yes', lang) if e['reproduced'] else gettext('no', lang)} |"
            )
        lines.append("")
        lines += [s for text in sections for s in (text, "")]
    else:
        lines += [gettext("None: every step of every game agreed with the rules.", lang), ""]
    lines += [
        "## " + gettext("Clauses held", lang),
        "",
        gettext(
            "Exercised in these games without a violation (a clause broken only as a consequence of "
            "an earlier divergence is listed under it, not here):",
            lang,
        ),
        "",
        "| "
        + " | ".join([gettext("clause", lang), gettext("rule", lang), gettext("times exercised", lang)])
        + " |",
        "|---|---|---|",
    ]
    lines += [f"| {c} | {clause_title(c, lang)} | {n:,} |" for c, n in held]
    lines += [
        "",
        "## " + gettext("Not exercised", lang),
        "",
        gettext(
            "Clauses of this ruleset these games never reached (situations the games did not meet): "
            "{clauses}.",
            lang,
            clauses=prose(unexercised, lang) if unexercised else gettext("none", lang),
        ),
        "",
    ]
    if profile is not None:
        from truco_rules.cli.profile_words import lines as profile_lines

        lines += profile_lines(profile, lang)
    return "\n".join(lines)


def page_path(out_path: str, lang: str) -> str:
    """`<name>.md` for English, `<name>.<lang>.md` beside it for another language."""
    if lang == "en":
        return out_path
    stem = out_path[:-3] if out_path.endswith(".md") else out_path
    return f"{stem}.{lang}.md"
