"""Which register entries a case's outcome depends on, and a case played again under other readings.

A case depends on a register key when the case, generated again under another reading of that key
(the same deals, position and actions, played in the spec), differs: in a step's seat, legal
actions, refusals or views, in an action that is no longer legal, or in its end; a perft case
when its counts differ. Unchanged under every other reading: independent of the key.

Generating every case under every reading of every key is the definition; it is also slow. The
keys tried are those the case could depend on: those the spec consults while it plays the case
(`Rules.reading` and `Rules.readings` record them, see `_Consulted`), and those whose readings set
fields of the ruleset file (a change of data is not a consultation). A key the play never looks
at cannot change it; each key tried is generated again under each of its other readings.

An engine that announces readings (its hello) runs the published cases that hold under them as
they are, and the others generated again under its readings (`under`): the run never has fewer
cases for announcing what the engine plays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.conformance.cases import PERFT, Case
from truco_rules.spec.conformance.generate import play_steps
from truco_rules.spec.rules.match import reached_target
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.ruleset import Rules


class _Consulted(dict[str, str]):
    """A reading map that notes every key asked of it."""

    def __init__(self, items: Mapping[str, str], seen: set[str]) -> None:
        super().__init__(items)
        self.seen = seen

    def get(self, key: Any, default: Any = None) -> Any:
        self.seen.add(key)
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.seen.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: Any) -> bool:
        self.seen.add(key)
        return super().__contains__(key)


def consulting_rules(ruleset: str, readings: Mapping[str, str]) -> tuple[Rules, set[str]]:
    """The ruleset under `readings`, as Rules whose reading map notes the keys the spec asks for
    (a new object: nothing cached for another Rules is reused), and the set it notes them in."""
    cat = load_catalogue()
    full = cat.readings(ruleset, dict(readings))
    seen: set[str] = set()
    return Rules(ruleset, _Consulted(full, seen), cat.ruleset(ruleset).file.resolved(full)), seen


def _normal(ruleset: str, readings: Mapping[str, str], edition: int | None = None) -> dict[str, str]:
    """`readings` without those that are the ruleset's defaults (those of `edition`, where given):
    what a case carries."""
    defaults = (Rules.of(ruleset, edition=edition).readings if edition is not None
                else load_catalogue().readings(ruleset))
    return {k: v for k, v in sorted(readings.items()) if defaults.get(k) != v}


def _sets_data(ruleset: str) -> set[str]:
    """The keys whose readings set fields of the ruleset's file."""
    entries = load_catalogue().ruleset(ruleset).file.data.get("readings") or {}
    return {k for k, e in entries.items() if isinstance(e, Mapping) and e.get("sets")}


def _alternatives(ruleset: str, readings: Mapping[str, str], keys: Iterable[str]) -> list[tuple[str, str]]:
    """(key, reading) for every other reading of each key, in register order."""
    cat = load_catalogue()
    chosen = cat.readings(ruleset, dict(readings))
    out = []
    for amb in cat.ambiguities_of(ruleset):
        if amb.key in keys:
            out += [(amb.key, r.name) for r in amb.readings if r.name != chosen[amb.key]]
    return out


def _start(case: Case) -> tuple[Sequence[int] | None, int | None]:
    start = case.start or {}
    return start.get("scores"), start.get("dealer")


def _replayed(case: Case, rules: Rules) -> tuple[Any, ...] | None:
    """A situation case's steps and end played under `rules` (None: the play fails there, or its
    position is none of a match under them: a side at the target of an earlier edition)."""
    scores, dealer = _start(case)
    if scores is not None and any(reached_target(x, rules) for x in scores):
        return None
    try:
        steps, end = play_steps(rules, case.deals, scores, dealer, [s.action for s in case.steps],
                                tolerant=True)
    except (Illegal, AssertionError, ValueError, KeyError, IndexError):
        return None  # the deals or the position are not even playable under those readings
    return steps, end


def _counted(case: Case, rules: Rules) -> tuple[list[int], dict[str, int]] | None:
    """A perft case's counts under `rules` (None: its prefix or deals are not playable there)."""
    from truco_rules.spec.perft import count_walk, spec_game

    p = case.perft
    try:
        got = count_walk(spec_game(rules, case.deals, None, p["prefix"]), int(p["depth"]))
    except (Illegal, AssertionError, ValueError, KeyError, IndexError):
        return None
    return got.perft, got.divide


def _same(case: Case, rules: Rules) -> bool:
    if case.kind == PERFT:
        return _counted(case, rules) == (list(case.perft["counts"]), dict(case.perft["divide"]))
    return _replayed(case, rules) == (case.steps, dict(case.end))


def depends_of(case: Case) -> tuple[str, ...]:
    """The register keys the case's outcome depends on (see the module's text)."""
    rules, seen = consulting_rules(case.ruleset, case.readings)
    if not _same(case, rules):  # the case is not what the spec plays under its own readings
        raise AssertionError(f"{case.id}: the case is not what the spec plays")
    tried = (seen | _sets_data(case.ruleset)) & {a.key for a in load_catalogue().ambiguities_of(case.ruleset)}
    out: list[str] = []
    for key, reading in _alternatives(case.ruleset, case.readings, tried):
        if key not in out and not _same(case, Rules.of(case.ruleset, {**case.readings, key: reading})):
            out.append(key)
    return tuple(out)


def with_depends(by_ruleset: Mapping[str, Sequence[Case]], jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> dict[str, list[Case]]:
    """Every case with the keys it depends on, worked out on `jobs` processes (the result is the
    same for any number); `progress` is told how many cases are done."""
    flat = [c for cases in by_ruleset.values() for c in cases]
    found: list[tuple[str, ...]] = []
    if jobs > 1 and len(flat) > 1:
        import concurrent.futures
        import multiprocessing

        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                              else None)
        with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
            for keys in pool.map(depends_of, flat, chunksize=8):
                found.append(keys)
                if progress is not None:
                    progress(len(found))
    else:
        for case in flat:
            found.append(depends_of(case))
            if progress is not None:
                progress(len(found))
    keys_of = iter(found)
    return {name: [dataclasses.replace(c, depends=next(keys_of)) for c in cases]
            for name, cases in by_ruleset.items()}


def under(case: Case, readings: Mapping[str, str],
          edition: int | None = None) -> tuple[Case | None, str | None]:
    """What an engine that plays `readings` (and, where given, an earlier `edition` of the ruleset's
    file) runs in place of the published `case`: the published case itself, with the engine's
    readings, where it is the same under them (and no reason); else the case generated again under
    them, its ID marked with them (`ID@@key=reading`, `ID@@edition=N,...`), and the reason the
    published one is skipped. None to run where the case's position cannot even be played under
    them (the reason says so)."""
    merged = _normal(case.ruleset, {**case.readings, **readings}, edition)
    rules = Rules.of(case.ruleset, merged, edition)
    keys = [k for k in sorted(readings) if k in case.depends and readings[k] != case.readings.get(k)]
    # A situation case is played again (cheap, and exact: two readings may matter only together);
    # a perft case, a count of thousands of paths, is trusted to its `depends` (not across editions).
    if edition is None and (merged == _normal(case.ruleset, case.readings)
                            or (case.kind == PERFT and not keys)):
        return dataclasses.replace(case, readings=merged), None
    if case.kind != PERFT and _same(case, rules):
        return dataclasses.replace(case, readings=merged, edition=edition), None
    parts = [f"edition={edition}"] if edition is not None else []
    tag = ",".join(parts + [f"{k}={v}" for k, v in sorted({**case.readings, **readings}.items())])
    played = ", ".join(parts + [f"{k}={readings[k]}" for k in keys]) or tag
    why = ", ".join((["the ruleset's edition"] if edition is not None else []) + keys)
    reason = (f"the case depends on {why or 'these readings together'}; the engine plays {played} (its "
              f"hello): run generated again as {case.id}@@{tag}")
    regenerated = dataclasses.replace(
        case, id=f"{case.id}@@{tag}", readings=merged, edition=edition,
        about=f"{case.about} (generated again for an engine that plays {tag})", depends=tuple(keys))
    if case.kind == PERFT:
        counted = _counted(case, rules)
        if counted is None:
            return None, f"the case's position cannot be played under {tag}"
        return dataclasses.replace(regenerated, perft={**case.perft, "counts": counted[0],
                                                      "divide": counted[1]}), reason
    replayed = _replayed(case, rules)
    if replayed is None:
        return None, f"the case's position cannot be played under {tag}"
    return dataclasses.replace(regenerated, steps=replayed[0], end=replayed[1]), reason


def plan_runs(cases: Sequence[Case], plays: Mapping[str, str],
              edition: int | None = None) -> tuple[list[Case], dict[str, str]]:
    """The cases an engine that plays `plays` (its announced readings) and, where given, an earlier
    `edition` runs, in the published order with each regenerated case in place of the one it
    replaces, and the published cases skipped, each with why (see `under`)."""
    if not plays and edition is None:
        return list(cases), {}
    runs: list[Case] = []
    skipped: dict[str, str] = {}
    for case in cases:
        to_run, why = under(case, plays, edition)
        if why is not None:
            skipped[case.id] = why
        if to_run is not None:
            runs.append(to_run)
    return runs, skipped
