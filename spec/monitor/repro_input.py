"""The one reader of a reproduction script (`truco replay FILE`): a bug report page's JSON block,
or the script itself, read as strictly as `truco validate` reads a record, before any engine sees it.

Its fields are checked against spec/schemas/repro.schema.json by the record format's own
interpreter (truco_rules.spec.monitor.structure: a score of 1.5, 1e400, true or "12" is no integer,
nothing is coerced), then its ruleset and readings against the catalogue, its start position as a
record's (truco_rules.spec.monitor.replay.start_problem: each score below the target, the dealer a
seat) and its stacked deals against the ruleset (the seats, the deck, no card twice, the card
turned up). A script that fails any of it is the file's fault, never the engine's: one line, and
the command's exit 2.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

from truco_rules.spec.catalogue import SCHEMAS_DIR, UnknownNameError
from truco_rules.spec.escape import terminal
from truco_rules.spec.monitor.replay import start_problem
from truco_rules.spec.monitor.reports import ReproError, read_repro
from truco_rules.spec.monitor.structure import schema_errors
from truco_rules.spec.monitor.trace import Trace
from truco_rules.spec.rules.state import Rules


@functools.cache
def repro_schema() -> dict[str, Any]:
    with (SCHEMAS_DIR / "repro.schema.json").open(encoding="utf-8") as fh:
        schema: dict[str, Any] = json.load(fh)
    return schema


def load_script(raw: bytes) -> tuple[dict[str, Any], Trace]:
    """The script in `raw` (a page or a script file) and its trace; ReproError (one line) when the
    file holds none, or one that is not a reproduction of this suite's rules."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReproError("not UTF-8 text") from None
    script = read_repro(text)
    errors = schema_errors(script, repro_schema())
    if errors:
        path, problem, value = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        problem = problem.replace("a field of the record format", "a field of a truco-repro/1 script")
        raise ReproError(terminal(f"{path or 'the script'}: {problem} (script: {value}){more}"))
    try:
        rules = Rules.of(script["ruleset"], dict(script.get("readings") or {}))
    except UnknownNameError as exc:
        raise ReproError(terminal(str(exc))) from None
    start = script.get("start")
    if start is not None:
        bad = start_problem(rules, start["scores"], start["dealer"])
        if bad:
            raise ReproError(terminal(f"{bad[0]}: {bad[1]} (script: {json.dumps(start)})"))
    for i, deal in enumerate(script.get("deals") or []):
        wrong = _deal_problem(rules, deal["hands"], deal.get("muestra"))
        if wrong:
            raise ReproError(terminal(f"deals[{i}]{wrong}"))
    for i, step in enumerate(script["steps"]):
        seat = step.get("seat")
        if seat is not None and seat >= rules.players:
            raise ReproError(f"steps[{i}].seat: must be a seat 0..{rules.players - 1} (script: {seat})")
    return script, Trace.from_dict(script)


def _deal_problem(rules: Rules, hands: list[list[str]], muestra: str | None) -> str | None:
    """What is wrong with a stacked deal, as ".field: problem", or None."""
    if len(hands) != rules.players:
        return f".hands: the deal must have {rules.players} seats (script: {len(hands)})"
    cards = rules.deck.in_play
    for s, hand in enumerate(hands):
        for k, card in enumerate(hand):
            if card not in cards:
                return f".hands[{s}][{k}]: every card must be a card of the deck (script: {card!r})"
    dealt = [c for hand in hands for c in hand] + ([muestra] if muestra is not None else [])
    twice = sorted(c for c, n in Counter(dealt).items() if n > 1)
    if twice:
        return f": no card may be dealt twice (script: {', '.join(twice)})"
    if rules.turned_clause is not None and muestra is None:
        return f".muestra: the hand must carry its {rules.turned_name}, a card of the deck"
    if rules.turned_clause is None and muestra is not None:
        return f".muestra: this ruleset turns up no card (script: {muestra!r})"
    if muestra is not None and muestra not in cards:
        return f".muestra: the {rules.turned_name} must be a card of the deck (script: {muestra!r})"
    return None
