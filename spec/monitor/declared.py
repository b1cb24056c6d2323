"""What a Python engine says of itself (spec/adapter.py), as an engine process says it in its hello:
the readings it plays (`readings`) and the optional features it does not play (`without`).

One adapter is made in a supervised worker (truco_rules.spec.monitor.supervise), like the games of a
check: a factory that hangs, raises or ends its process costs the start limit and declares nothing
(the check then reports its fault in its first game), never the checker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_calls import START_LIMIT
from truco_rules.spec.monitor.supervise import Supervisor

ALL_RULESETS = "*"  # the key of a flat declaration (`readings` or `without`): every ruleset
MAX_HELLO_NAMES = 64  # entries of a list or object in the hello answer
MAX_HELLO_TEXT = 64  # characters of one name, prefix or reading in it


@dataclass(frozen=True)
class Declared:
    """The declarations of an engine: per ruleset, or for every ruleset (client.ALL_RULESETS)."""

    readings: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    without: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    problem: str = ""  # a declaration that could not be read, said in one line


@dataclass(frozen=True)
class _Job:
    index: int = 0


def _read(job: _Job, factory: Callable[[], Any], beacon: Beacon,
          emit: Callable[[str, Any], None]) -> dict[str, Any]:
    """The work of the worker: one adapter, its two attributes, checked as a hello's are."""
    beacon.at(job.index, 0)
    beacon.enter("start", START_LIMIT)
    try:
        adapter = factory()
        readings, without = getattr(adapter, "readings", None), getattr(adapter, "without", None)
    except BaseException:  # the games say what the factory does wrong
        return {}
    finally:
        beacon.leave()
    out: dict[str, Any] = {}
    try:
        out["readings"] = declared_readings(readings)
        out["without"] = declared_without(without)
    except (ValueError, TypeError) as exc:
        out["problem"] = str(exc)[:200]
    return out


def declarations(factory: Callable[[], Any]) -> Declared:
    """What the adapters of `factory` declare (an empty declaration when it makes none)."""
    data: dict[str, Any] = {}
    for event in Supervisor(_read, factory, 1).run([_Job()]):
        if event.kind == "done":
            data = event.data or {}
    return Declared(data.get("readings") or {}, data.get("without") or {}, str(data.get("problem") or ""))


def declared_without(value: Any) -> dict[str, tuple[str, ...]]:
    """hello's `without` (an adapter's `without` attribute alike): the optional features the engine
    does not play, one list for every ruleset that has them (`["mazo"]`) or per ruleset
    (`{"argentino-1v1": ["mazo"]}`); {ALL_RULESETS: (...)} for the list. ValueError when it is
    neither, of short names."""
    if value is None or value == [] or value == {}:
        return {}

    def names(v: Any) -> tuple[str, ...] | None:
        if not isinstance(v, (list, tuple)) or len(v) > MAX_HELLO_NAMES or not all(
                isinstance(x, str) and 0 < len(x) <= MAX_HELLO_TEXT and x.isprintable() for x in v):
            return None
        return tuple(dict.fromkeys(v))

    flat = names(value)
    if flat is not None:
        return {ALL_RULESETS: flat}
    per = {k: names(v) for k, v in value.items()} if isinstance(value, dict) else {}
    if (not per or len(per) > MAX_HELLO_NAMES or any(v is None for v in per.values())
            or any(not isinstance(k, str) or not 0 < len(k) <= MAX_HELLO_TEXT for k in per)):
        raise ValueError(f"without is {_brief(value)}, not a list of feature names nor {{ruleset: [names]}}")
    return {k: v for k, v in per.items() if v is not None}


def _reading_map(value: Any) -> dict[str, str] | None:
    """A {key: reading} object of short strings, or None when `value` is not one."""
    if not isinstance(value, dict) or len(value) > MAX_HELLO_NAMES:
        return None
    if not all(isinstance(k, str) and isinstance(v, str) and 0 < len(k) <= MAX_HELLO_TEXT
               and 0 < len(v) <= MAX_HELLO_TEXT for k, v in value.items()):
        return None
    return dict(value)


def declared_readings(value: Any) -> dict[str, dict[str, str]]:
    """The readings an engine declares (hello `readings`, an adapter's `readings` attribute):
    {ALL_RULESETS: {...}} for a flat object; ValueError when it is neither form."""
    if value is None or value == {}:
        return {}
    if isinstance(value, Mapping) and not isinstance(value, dict):
        value = dict(value)
    flat = _reading_map(value)
    if flat is not None:
        return {ALL_RULESETS: flat}
    per = {k: _reading_map(dict(v) if isinstance(v, Mapping) else v) for k, v in value.items()} \
        if isinstance(value, dict) else {}
    if (not per or len(per) > MAX_HELLO_NAMES or any(m is None for m in per.values())
            or any(not isinstance(k, str) or not 0 < len(k) <= MAX_HELLO_TEXT for k in per)):
        raise ValueError(f"readings is {_brief(value)}, not {{key: reading}} nor {{ruleset: "
                         "{key: reading}}, of short strings")
    return {k: m for k, m in per.items() if m is not None}


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
