"""Serve an in-process engine adapter over the engine protocol (stdin/stdout, one JSON per line).

    python -m truco_rules.spec.protocol.serve MODULE:FACTORY

turns any adapter that `truco check --engine MODULE:FACTORY` drives into an engine process that
`truco check --engine-cmd` drives. The factory is called once per new_game. The adapter's
`refusal_errors` become "refused" answers (with the exception's `clause` attribute when it has
one); any other exception is an "error". The protocol itself (reading, checking and answering
requests) is the engine authors' helper, truco_rules.protocol.engine_side: this module only maps the
adapter contract (spec/adapter.py) onto the helper's engine methods. An adapter's `readings` and
`without` attributes, when it has them, are announced in the hello.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from truco_rules.protocol.engine_side import Session, serve_session
from truco_rules.spec.monitor.engine_calls import refusal_types, sets_position


def load(spec_text: str) -> Callable[[], Any]:
    module_name, _, attr = spec_text.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return getattr(importlib.import_module(module_name), attr)


class AdapterEngine:
    """A fresh adapter from `factory` for each new game, behind the helper's engine methods."""

    def __init__(self, factory: Callable[[], Any]) -> None:
        self.factory = factory
        self.adapter: Any = None

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: Sequence[Mapping[str, Any]] | None = None, scores: Sequence[int] | None = None,
                 dealer: int | None = None) -> None:
        self.adapter = self.factory()
        kwargs: dict[str, Any] = {k: v for k, v in (("scores", scores), ("dealer", dealer)) if v is not None}
        if deals:
            kwargs["deals"] = deals
        self.adapter.new_game(ruleset, seed, readings, **kwargs)

    def to_act(self) -> int | None:
        return self.adapter.to_act()

    def legal(self) -> list[str]:
        return list(self.adapter.legal_actions())

    def apply(self, action: str) -> None:
        self.adapter.apply(action)

    def undo(self) -> None:
        self.adapter.undo()

    def deal(self) -> Any:
        deal = self.adapter.deal()
        if isinstance(deal, dict):
            return deal
        # The contract's hands-only deal: the card turned up, where there is one, is muestra()'s.
        muestra = getattr(self.adapter, "muestra", None)
        return {"hands": deal, "muestra": muestra() if callable(muestra) else None}

    def record(self) -> Any:
        return self.adapter.record()

    def observation(self, seat: int) -> Any:
        return self.adapter.observation(seat)


class Server(Session):
    """Answers the protocol's requests with an adapter made by `factory` for each new game."""

    def __init__(self, factory: Callable[[], Any], name: str) -> None:
        probe = factory()  # what one adapter can do is what the engine announces
        features = ["observation"] if callable(getattr(probe, "observation", None)) else []
        if "deals" in inspect.signature(probe.new_game).parameters:
            features.insert(0, "deals")
        if sets_position(probe):
            features.append("position")
        if callable(getattr(probe, "undo", None)):
            features.append("undo")
        # The readings the adapter plays and the optional features it does not, when it says
        # (spec/adapter.py), go into the hello.
        readings = getattr(probe, "readings", None)
        without = getattr(probe, "without", None)
        super().__init__(AdapterEngine(factory), name=name, features=features, refusals=refusal_types(probe),
                         readings=readings if isinstance(readings, Mapping) else None,
                         without=without if isinstance(without, (Mapping, list, tuple)) else None)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or ":" not in args[0]:
        sys.exit("usage: python -m truco_rules.spec.protocol.serve MODULE:FACTORY")
    serve_session(Server(load(args[0]), args[0]))


if __name__ == "__main__":
    main()
