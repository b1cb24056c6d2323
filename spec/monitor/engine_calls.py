"""Calls to an engine under check, through the adapter contract (spec/adapter.py).

Each call is timed, and one that returned after `call_timeout` seconds is a fault; a call that
never returns cannot be interrupted from inside the process, so the call in progress is written to
the `Beacon`, and the supervisor that runs the check in a worker process (truco_rules.spec.monitor.supervise)
kills the worker and reports the hang. What a call returns is checked for its type.

Refusals: an adapter names the exceptions that mean "refused" in `refusal_errors`; any other
exception is a fault, also on an illegal action. An adapter that declares none has every
exception read as a refusal (spec/adapter.py). `EngineFault` is an engine that raised where it
must not, hung, or returned the wrong type.
"""

from __future__ import annotations

import inspect
import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from truco_rules.spec.monitor.beacon import Beacon
from truco_rules.spec.monitor.engine_bounds import (
    MAX_DEAL,
    MAX_OBSERVATION,
    MAX_RECORD,
    legal_problem,
    size_problem,
)
from truco_rules.spec.rules.state import Rules


class EngineFault(Exception):
    """The engine raised unexpectedly, hung, exited, or returned something of the wrong type.

    `category` names the failing call and the kind of failure (e.g. "legal_actions: timeout");
    `answer`, the fault in the engine's own words alone, without the end of its stderr."""

    def __init__(self, message: str, category: str = "", answer: str | None = None) -> None:
        super().__init__(message)
        self.category = category or message.split("(", 1)[0]
        self.answer = answer if answer is not None else message


@dataclass(frozen=True)
class Refusal:
    """An action the engine refused: the clause and reason it gave, when it gave them."""

    clause: str | None
    reason: str


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: per seat in deal order, and the card turned up (None in most rulesets)."""

    hands: tuple[tuple[str, ...], ...]
    muestra: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "muestra": self.muestra}


def refusal_types(adapter: Any) -> tuple[type[BaseException], ...]:
    """The exception types the adapter declares as refusals (every Exception when it declares none)."""
    declared = getattr(adapter, "refusal_errors", None)
    if declared is None:
        return (Exception,)
    types = (declared,) if isinstance(declared, type) else tuple(declared)
    if not types or not all(isinstance(t, type) and issubclass(t, BaseException) for t in types):
        raise EngineFault(f"refusal_errors must be exception classes, not {_brief(declared)}",
                          "adapter: refusal_errors")
    return types


def sets_position(adapter: Any) -> bool:
    """Whether the adapter's new_game takes a set position (a `sets_position` attribute says so, else
    `scores` and `dealer` parameters of new_game)."""
    declared = getattr(adapter, "sets_position", None)
    if declared is not None:
        return bool(declared)
    try:
        parameters = inspect.signature(adapter.new_game).parameters
    except (TypeError, ValueError):
        return False
    return "scores" in parameters and "dealer" in parameters


def stacks_deals(adapter: Any) -> bool:
    """Whether the adapter's new_game takes stacked deals (a `stacks_deals` attribute says so,
    else a `deals` parameter of new_game)."""
    declared = getattr(adapter, "stacks_deals", None)
    if declared is not None:
        return bool(declared)
    try:
        return "deals" in inspect.signature(adapter.new_game).parameters
    except (TypeError, ValueError):
        return False


START_LIMIT = 30.0  # seconds for an engine's start-up: its factory and its new_game


class EngineCalls:
    """An engine under check: every call timed and published on the beacon, what it returns checked."""

    def __init__(self, adapter: Any, rules: Rules, call_timeout: float = 0.0,
                 beacon: Beacon | None = None) -> None:
        self.adapter, self.rules = adapter, rules
        self.timeout = call_timeout
        self.beacon = beacon if beacon is not None else Beacon()
        self.refusals = refusal_types(adapter)

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """One call to the engine, timed; a call that took longer than the limit is an EngineFault."""
        method: Callable[..., Any] = getattr(self.adapter, name)
        beacon = self.beacon
        start = beacon.enter(name, self.timeout)
        try:
            out = method(*args, **kwargs)
        except EngineFault:
            beacon.leave()
            raise
        except BaseException:
            self._in_time(name, start)
            raise
        self._in_time(name, start)
        return out

    def _in_time(self, name: str, start: float) -> None:
        """The call is over: clear the beacon, and fault a call that took longer than the limit."""
        self.beacon.leave()
        if self.timeout and time.monotonic() - start > self.timeout:
            raise EngineFault(f"{name}() did not return within {self.timeout:g} s", f"{name}: timeout")

    def safe(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.call(name, *args, **kwargs)
        except EngineFault:
            raise
        # Whatever the engine raises is its fault, SystemExit and KeyboardInterrupt too: the
        # check runs in workers that ignore Ctrl-C (the parent stops them), so none is the user's.
        except BaseException as exc:
            raise EngineFault(f"{name}() raised {type(exc).__name__}: {exc}",
                              f"{name}: {type(exc).__name__}") from None

    def attempt(self, action: str) -> Refusal | None:
        """apply(action): None when the engine took it, the Refusal when it refused it; any other
        exception is an EngineFault."""
        try:
            self.call("apply", action)
        except EngineFault:
            raise
        except BaseException as exc:  # SystemExit and the like too (see safe)
            return self.refusal_of(action, exc)
        return None

    def refusal_of(self, action: str, exc: BaseException) -> Refusal:
        """What apply(action) raised, as a Refusal when it is one of the adapter's refusal errors;
        anything else is a crash (an EngineFault)."""
        if isinstance(exc, self.refusals):
            return Refusal(getattr(exc, "clause", None), str(exc))
        raise EngineFault(f"apply({action!r}) raised {type(exc).__name__}: {exc} (not one of the "
                          f"adapter's refusal_errors: a crash, not a refusal)",
                          f"apply: {type(exc).__name__}") from None

    def engine_to_act(self) -> int | None:
        seat = self.safe("to_act")
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.rules.players):
            raise EngineFault(f"to_act() returned {_brief(seat)}, not a seat 0..{self.rules.players - 1} "
                              "or None", "to_act: type")
        return seat

    def engine_legal(self) -> list[str]:
        legal = self.safe("legal_actions")
        if not isinstance(legal, (list, tuple)) or not all(isinstance(a, str) for a in legal):
            raise EngineFault(f"legal_actions() returned {_brief(legal)}, not a list of action texts",
                              "legal_actions: type")
        too_large = legal_problem(legal)
        if too_large:
            raise EngineFault(too_large, "legal_actions: too large")
        if len(set(legal)) != len(legal):
            raise EngineFault("legal_actions() listed an action twice", "legal_actions: duplicate")
        return list(legal)

    def engine_deal(self) -> Deal:
        value = self.safe("deal")
        muestra: Any = None
        cards = value
        if isinstance(value, Mapping):
            cards, muestra = value.get("hands"), value.get("muestra")
        else:  # an in-process adapter gives the hands; the card turned up, if any, by muestra()
            muestra = self.engine_muestra()
        if not isinstance(cards, (list, tuple)) or not all(
                isinstance(s, (list, tuple)) and all(isinstance(c, str) for c in s) for s in cards) or not (
                muestra is None or isinstance(muestra, str)):
            raise EngineFault(f"deal() returned {_brief(value)}, not the card names per seat "
                              "(and the muestra or null)", "deal: type")
        _json_data([cards, muestra], "deal", MAX_DEAL)
        return Deal(tuple(tuple(s) for s in cards), muestra)

    def engine_record(self) -> dict[str, Any]:
        return checked_record(self.safe("record"))

    def observations(self) -> tuple[Any, ...]:
        if not callable(getattr(self.adapter, "observation", None)):
            return ()
        return tuple(_json_data(self.safe("observation", seat), "observation", MAX_OBSERVATION)
                     for seat in range(self.rules.players))

    def snapshot(self) -> tuple[Any, ...]:
        """What must not change when the engine refuses an action."""
        return (self.engine_to_act(), sorted(self.engine_legal()), self.engine_deal(),
                self.engine_record(), self.observations())

    def engine_muestra(self) -> str | None:
        """The card the engine turned up (rulesets with a muestra; adapters without `muestra()` have none)."""
        if not callable(getattr(self.adapter, "muestra", None)):
            return None
        card = self.safe("muestra")
        if card is not None and not isinstance(card, str):
            raise EngineFault(f"muestra() returned {_brief(card)}, not a card name or None", "muestra: type")
        return card


def checked_record(value: Any) -> dict[str, Any]:
    """What record() returned, once it is JSON data and an object (else the engine's fault)."""
    rec = _json_data(value, "record", MAX_RECORD)
    if not isinstance(rec, dict):
        raise EngineFault(f"record() returned {_brief(rec)}, not a truco-record/1 object", "record: type")
    return rec


def _json_data(value: Any, call: str, limit: int) -> Any:
    """`value` when it is JSON data: a set, an object or a value that holds itself would crash the
    comparisons of a refusal and the record monitor, so it is the engine's fault; and so is one
    larger than `limit` characters as JSON (truco_rules.spec.monitor.engine_bounds)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise EngineFault(f"{call}() returned what is not JSON data ({type(exc).__name__}: {exc})",
                          f"{call}: type") from None
    too_large = size_problem(call, text, limit)
    if too_large:
        raise EngineFault(too_large, f"{call}: too large")
    return value


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
