"""Serve an in-process engine adapter over the engine protocol (stdin/stdout, one JSON per line).

    python -m spec.protocol.serve MODULE:FACTORY

turns any adapter that `truco check --engine MODULE:FACTORY` drives into an engine process that
`truco check --engine-cmd` drives: the protocol's Python side, and a working example of it. The
factory is called once per new_game. The adapter's `refusal_errors` become "refused" answers
(with the exception's `clause` attribute when it has one); any other exception is an "error".
An adapter's `readings` attribute, when it has one, is announced in the hello.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

from spec.monitor.follow import refusal_types, sets_position
from spec.protocol import PROTOCOL_VERSION


def load(spec_text: str) -> Callable[[], Any]:
    module_name, _, attr = spec_text.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return getattr(importlib.import_module(module_name), attr)


class Server:
    """Answers the protocol's requests with an adapter made by `factory` for each new game."""

    def __init__(self, factory: Callable[[], Any], name: str) -> None:
        self.factory, self.name = factory, name
        self.adapter: Any = None
        probe = factory()
        self.features = ["observation"] if callable(getattr(probe, "observation", None)) else []
        if "deals" in inspect.signature(probe.new_game).parameters:
            self.features.insert(0, "deals")
        if sets_position(probe):
            self.features.append("position")
        if callable(getattr(probe, "undo", None)):
            self.features.append("undo")
        self.refusals = refusal_types(probe)
        # The readings the adapter plays, when it says (spec/adapter.py), go into the hello.
        readings = getattr(probe, "readings", None)
        self.readings = {str(k): (dict(v) if isinstance(v, Mapping) else v) for k, v in readings.items()} \
            if isinstance(readings, Mapping) and readings else None

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        cmd = request.get("cmd")
        if cmd == "hello":
            hello: dict[str, Any] = {"protocol": PROTOCOL_VERSION, "engine": {"name": self.name},
                                     "features": self.features}
            if self.readings:
                hello["readings"] = self.readings
            return {"ok": hello}
        if cmd == "new_game":
            self.adapter = self.factory()
            args = (request["ruleset"], request["seed"], request.get("readings") or {})
            kwargs = {k: request[k] for k in ("scores", "dealer") if request.get(k) is not None}
            if request.get("deals"):
                kwargs["deals"] = request["deals"]
            self.adapter.new_game(*args, **kwargs)
            return {"ok": {}}
        if self.adapter is None:
            return {"error": {"message": f"{cmd}: no game (send new_game first)"}}
        a = self.adapter
        if cmd == "apply":
            try:
                a.apply(request["action"])
            except self.refusals as exc:
                return {"refused": {"clause": getattr(exc, "clause", None), "reason": str(exc)}}
            return {"ok": {}}
        if cmd == "undo":
            a.undo()
            return {"ok": {}}
        if cmd == "to_act":
            return {"ok": {"seat": a.to_act()}}
        if cmd == "legal":
            return {"ok": {"actions": list(a.legal_actions())}}
        if cmd == "deal":
            deal = a.deal()
            return {"ok": deal if isinstance(deal, dict) else {"hands": deal, "muestra": None}}
        if cmd == "record":
            return {"ok": a.record()}
        if cmd == "observation":
            return {"ok": a.observation(request["seat"])}
        return {"error": {"message": f"unknown command {cmd!r}"}}


def serve(server: Server, stdin: IO[str], stdout: IO[str]) -> None:
    for line in stdin:
        try:
            request = json.loads(line)
        except ValueError:
            reply: dict[str, Any] = {"id": None, "error": {"message": "a request is one JSON object"}}
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
            continue
        if request.get("cmd") == "quit":
            return
        try:
            reply = server.answer(request)
        except Exception as exc:
            reply = {"error": {"message": f"{type(exc).__name__}: {exc}"}}
        stdout.write(json.dumps({"id": request.get("id"), **reply}) + "\n")
        stdout.flush()


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or ":" not in args[0]:
        sys.exit("usage: python -m spec.protocol.serve MODULE:FACTORY")
    serve(Server(load(args[0]), args[0]), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()
