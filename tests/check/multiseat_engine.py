"""A protocol engine with the habits engine authors have: several seats to act, engine-only steps,
an extra action, a reading of its own. Run as a process: `python multiseat_engine.py [BUG]`.

It is the reference engine behind a protocol shim of its own (not truco_rules.spec.protocol.serve), which:

- announces in its hello the reading it plays, `hand-length=always-three-rounds` for
  mineiro-1v1-es, and plays it whatever new_game says (so a checker that ignored the
  announcement would find every hand going on after it is decided);
- lists two seats in to_act (feature "seats"), the other seat first: that seat may only go to
  the mazo, an extra action the rulesets lack (hello `extra_actions`; applying it is an error);
- has engine-only steps (feature "steps", hello `engine_steps`): "confirm" after every hand, by
  seat 0 alone, before which it deals nothing (`deal` is an error); "say gracias" by the caller
  after a call is accepted, listed alone for the caller; "say buenas" beside the rule actions
  of the first seat of every hand, which it never needs.

BUG "wrong-seat": while a raise waits for an answer, it lists the caller (and no one else) as
the seat to act, and lets the caller answer its own call. BUG "silent": it does not announce
its reading. BUG "endless": confirming a hand never ends.
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))  # the repository, for `engine`

from truco_rules.engine.adapter import make_adapter

RULESET = "mineiro-1v1-es"
READINGS = {"hand-length": "always-three-rounds"}


class Shim:
    def __init__(self, bug: str) -> None:
        self.bug = bug
        self.a: Any = None
        self.confirm = False  # a hand ended: seat 0 confirms it before the next deal
        self.gracias: int | None = None  # the caller whose call was accepted, to say gracias
        self.hands = 0  # hands confirmed
        self.caller: int | None = None  # who made the raise waiting for an answer
        self.fresh = True  # no action yet in this hand
        self.history: list[tuple[Any, ...]] = []  # the shim's state before each apply, for undo

    def _state(self, rule: bool) -> tuple[Any, ...]:
        return (rule, self.confirm, self.gracias, self.hands, self.caller, self.fresh)

    def undo(self) -> dict[str, Any]:
        if not self.history:
            return {"error": {"message": "nothing to undo"}}
        rule, self.confirm, self.gracias, self.hands, self.caller, self.fresh = self.history.pop()
        if rule:
            self.a.undo()
        return {"ok": {}}

    def hello(self) -> dict[str, Any]:
        out: dict[str, Any] = {"protocol": 1, "engine": {"name": "multiseat", "version": "1"},
                               "rulesets": [RULESET], "features": ["deals", "position", "observation",
                                                                   "seats", "steps", "undo"],
                               "engine_steps": ["say ", "confirm"], "extra_actions": ["mazo"]}
        if self.bug != "silent":
            out["readings"] = {RULESET: READINGS}
        return out

    def seats(self) -> list[int]:
        if self.confirm:
            return [0]
        if self.gracias is not None:
            return [self.gracias]
        seat = self.a.to_act()
        if seat is None:
            return []
        if self.bug == "wrong-seat" and self.caller is not None:
            return [self.caller]
        return [1 - seat, seat]  # the other seat first: it may go to the mazo

    def legal(self, seat: int) -> list[str]:
        if self.confirm:
            return ["confirm"] if seat == 0 else []
        if self.gracias is not None:
            return ["say gracias", "mazo"] if seat == self.gracias else []
        actor = self.a.to_act()
        if actor is None:
            return []
        if seat != actor and not (self.bug == "wrong-seat" and seat == self.caller):
            return ["mazo"]
        return [*self.a.legal_actions(), "mazo", *(["say buenas"] if self.fresh else [])]

    def apply(self, action: str, seat: int) -> dict[str, Any]:
        if action == "mazo":
            return {"error": {"message": "the checker must never apply an extra action"}}
        if action == "confirm":
            if not self.confirm or seat != 0:
                return {"refused": {"clause": None, "reason": "nothing to confirm"}}
            self.history.append(self._state(False))
            self.confirm = self.bug == "endless"  # the bug: the hand is never confirmed
            return {"ok": {}}
        if action == "say gracias":
            if self.gracias != seat:
                return {"refused": {"clause": None, "reason": "no call accepted"}}
            self.history.append(self._state(False))
            self.gracias = None
            return {"ok": {}}
        if action.startswith("say "):
            return {"error": {"message": f"{action!r} is listed beside rule actions: never needed"}}
        if self.confirm or self.gracias is not None:
            return {"refused": {"clause": None, "reason": "an engine-only step comes first"}}
        actor = self.a.to_act()
        if seat != actor and not (self.bug == "wrong-seat" and seat == self.caller):
            return {"refused": {"clause": None, "reason": f"seat {seat} does not act now"}}
        before = self._state(True)
        try:
            self.a.apply(action)
        except self.a.refusal_errors as exc:
            return {"refused": {"clause": getattr(exc, "clause", None), "reason": str(exc)}}
        self.history.append(before)
        self.fresh = False
        if action.startswith("raise "):
            self.caller = actor
        elif action == "accept" and self.caller is not None:
            self.gracias, self.caller = self.caller, None
        elif self.caller is not None and action in ("run",):
            self.caller = None
        hands = len(self.a.record().get("hands") or [])
        if hands > self.hands:
            self.hands, self.confirm, self.fresh = hands, self.a.to_act() is not None, True
            self.gracias = self.caller = None
        return {"ok": {}}

    def new_game(self, req: dict[str, Any]) -> dict[str, Any]:
        if req["ruleset"] != RULESET:
            return {"error": {"message": f"no ruleset {req['ruleset']}"}}
        adapter = make_adapter()
        kwargs = {k: req[k] for k in ("deals", "scores", "dealer") if req.get(k) is not None}
        # Its own reading, whatever it is told: the checker must have read the hello.
        adapter.new_game(RULESET, req["seed"], {**req.get("readings", {}), **READINGS}, **kwargs)
        self.__init__(self.bug)  # type: ignore[misc]  # a new match: nothing pending
        self.a = adapter
        return {"ok": {}}


def main() -> None:
    shim = Shim(sys.argv[1] if len(sys.argv) > 1 else "")
    for line in sys.stdin:
        req = json.loads(line)
        cmd = req.get("cmd")
        if cmd == "quit":
            return
        if cmd == "hello":
            reply = {"ok": shim.hello()}
        elif cmd == "new_game":
            reply = shim.new_game(req)
        elif shim.a is None:
            reply = {"error": {"message": "no game"}}
        elif cmd == "to_act":
            reply = {"ok": {"seats": shim.seats()}}
        elif cmd == "legal":
            reply = {"ok": {"actions": shim.legal(req.get("seat", -1))}}
        elif cmd == "apply":
            reply = shim.apply(req["action"], req.get("seat", -1))
        elif cmd == "undo":
            reply = shim.undo()
        elif cmd == "deal":
            reply = ({"error": {"message": "confirm the hand before the next deal"}} if shim.confirm
                     else {"ok": {"hands": shim.a.deal(), "muestra": None}})
        elif cmd == "record":
            reply = {"ok": shim.a.record()}
        elif cmd == "observation":
            reply = {"ok": shim.a.observation(req["seat"])}
        else:
            reply = {"error": {"message": f"unknown command {cmd!r}"}}
        sys.stdout.write(json.dumps({"id": req.get("id"), **reply}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
