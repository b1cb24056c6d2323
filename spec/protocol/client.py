"""The checker's side of the engine protocol: an engine process behind the adapter contract.

`EngineCommand("node engine.js")` is a factory like the ones `--engine MODULE:FACTORY` names:
each call gives an adapter (spec/adapter.py) for one game, talking to one engine process that
stays up from game to game. Every request has a deadline, kept with `select` on the engine's
stdout (no signal, no thread): an answer that does not come in time, garbage, an error answer or
an engine that exits is an `EngineFault`, and the process is killed; the next game starts a new
one. The process runs in a session of its own, so that killing it ends whatever it started.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from truco_rules.spec.monitor import orphans
from truco_rules.spec.monitor.beacon import active
from truco_rules.spec.monitor.declared import (
    ALL_RULESETS,
    MAX_HELLO_NAMES,
    MAX_HELLO_TEXT,
    declared_readings,
    declared_without,
)
from truco_rules.spec.monitor.engine_bounds import MAX_LINE, MAX_NAME
from truco_rules.spec.monitor.engine_calls import EngineFault
from truco_rules.spec.protocol import PROTOCOL_VERSION

STDERR_TAIL = 400  # characters of the engine's stderr quoted in a fault
STDERR_KEEP = 4096  # bytes of the end of its stderr kept (a chatty engine writes gigabytes)
EXIT_POLL = 0.1  # seconds between two looks at whether an engine that does not answer has exited
_DRAIN = 1 << 20  # bytes of stderr read at most per look, so that a flood cannot hold the checker


class Refused(Exception):
    """The engine's "refused" answer to apply: the clause and reason it gave."""

    def __init__(self, clause: str | None, reason: str) -> None:
        super().__init__(f"[{clause}] {reason}" if clause else reason)
        self.clause, self.reason = clause, reason


MAX_AUTO_STEPS = 32  # engine-only steps the client applies in a row before it calls it a fault


@dataclass
class Hello:
    """What the engine said about itself in its hello answer."""

    name: str
    version: str = ""
    author: str = ""
    rulesets: tuple[str, ...] = ()
    features: frozenset[str] = field(default_factory=frozenset)
    # The readings it plays: ruleset -> {key: reading}, or {ALL_RULESETS: {...}} for a flat object.
    readings: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    engine_steps: tuple[str, ...] = ()  # prefixes of its engine-only steps (feature "steps")
    extra_actions: tuple[str, ...] = ()  # prefixes of its actions the rulesets lack (feature "steps")
    editions: Mapping[str, int] = field(default_factory=dict)  # ruleset -> the earlier edition it plays
    # The optional features it does not play (the mazo...): ruleset -> names, or {ALL_RULESETS: ...}.
    without: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def readings_of(self, ruleset: str) -> dict[str, str]:
        """The readings it announced for `ruleset` (the flat object's when it gave one)."""
        return dict(self.readings.get(ruleset, self.readings.get(ALL_RULESETS, {})))


class EngineProcess:
    """One running engine: requests and answers, each with a deadline."""

    def __init__(self, argv: Sequence[str], start_timeout: float = 20.0) -> None:
        self.argv = list(argv)
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None  # the read end of its stderr, while it is open
        self.err = b""  # the end of what it wrote there
        self.buffer = b""
        self.next_id = 0
        self.hello: Hello | None = None
        self.logs: list[str] = []

    # --- life -------------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self) -> Hello:
        # stderr is a pipe read whenever the checker waits for an answer (and before the engine
        # ends), of which only the end is kept: a file grew with everything a chatty engine wrote.
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise EngineFault(f"the engine command {shlex.join(self.argv)!r} cannot start: "
                              f"{exc.strerror or exc}", "start: cannot start") from None
        self.stderr, self.err = self.proc.stderr, b""
        assert self.stderr is not None
        os.set_blocking(self.stderr.fileno(), False)
        beacon = active()
        if beacon is not None:
            beacon.child(self.proc.pid)
        self.buffer, self.next_id = b"", 0
        answer = self.request({"cmd": "hello", "protocol": PROTOCOL_VERSION}, self.start_timeout)
        try:
            self.hello = parse_hello(answer)
        except EngineFault:
            self.kill()
            raise
        return self.hello

    def kill(self) -> None:
        """End the engine (and anything it started) at once."""
        proc = self.proc
        if proc is not None:
            # Its group even when it has exited (after quit): the helpers it started live on in it.
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.kill()
        if proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(2)
            for stream in (proc.stdin, proc.stdout):
                with contextlib.suppress(OSError):
                    stream.close()  # type: ignore[union-attr]
        self._read_stderr()
        if self.stderr is not None:
            with contextlib.suppress(OSError):
                self.stderr.close()
            self.stderr = None
        beacon = active()
        if beacon is not None and orphans.adopting():  # a worker: its children are its engine's
            orphans.sweep()
        if beacon is not None:
            beacon.child(0)

    def quit(self) -> None:
        """Ask the engine to end, then make sure it did."""
        if self.alive:
            with contextlib.suppress(OSError):
                self._write({"id": self.next_id, "cmd": "quit"})
            self._read_stderr()  # an engine blocked on a full stderr pipe could not end
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(1)  # type: ignore[union-attr]
        self.kill()

    def stderr_tail(self) -> str:
        """The last STDERR_TAIL characters the engine wrote to stderr."""
        self._read_stderr()
        return self.err.decode("utf-8", "replace")[-STDERR_TAIL:].strip()

    def _read_stderr(self) -> None:
        """Read what the engine wrote to stderr and is there now (up to _DRAIN bytes), keeping
        the last STDERR_KEEP bytes; at its end, close it."""
        if self.stderr is None:
            return
        fd, read = self.stderr.fileno(), 0
        while read < _DRAIN:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                with contextlib.suppress(OSError):
                    self.stderr.close()
                self.stderr = None
                return
            read += len(chunk)
            self.err = (self.err + chunk)[-STDERR_KEEP:]

    # --- talking ----------------------------------------------------------------------------------
    def _write(self, message: Mapping[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def fault(self, what: str, category: str) -> EngineFault:
        """Kill the engine and describe why (with the end of what it wrote to stderr)."""
        self.kill()
        tail = self.stderr_tail()
        return EngineFault(what + (f"; its stderr ends with: {tail}" if tail else ""), category, answer=what)

    def request(self, message: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        """Send a request, return the answer (a dict with "ok" or "refused"); faults raise."""
        cmd = str(message["cmd"])
        ident = self.next_id
        self.next_id += 1
        if not self.alive:
            raise self.fault(f"{cmd}: the engine is not running (exit code {self._code()})", f"{cmd}: exited")
        try:
            self._write({"id": ident, **message})
        except OSError:
            raise self.fault(f"{cmd}: the engine exited (exit code {self._code()}) before the request",
                             f"{cmd}: exited") from None
        deadline = time.monotonic() + timeout if timeout else None
        while True:
            line = self._read_line(cmd, deadline, timeout)
            try:
                answer = json.loads(line)
            except (ValueError, RecursionError):
                raise self.fault(f"{cmd}: the engine wrote garbage, not a JSON object: {_brief(line)}",
                                 f"{cmd}: garbage") from None
            if isinstance(answer, dict) and set(answer) == {"log"}:
                self.logs = [*self.logs[-9:], str(answer["log"])]
                continue
            return self._check(cmd, ident, answer, line)

    def _check(self, cmd: str, ident: int, answer: Any, line: bytes) -> dict[str, Any]:
        if not isinstance(answer, dict):
            raise self.fault(f"{cmd}: the engine wrote {_brief(line)}, not a JSON object", f"{cmd}: garbage")
        if answer.get("id") != ident:
            raise self.fault(f"{cmd}: the answer has id {answer.get('id')!r}, the request had {ident}",
                             f"{cmd}: wrong id")
        kinds = [k for k in ("ok", "refused", "error") if k in answer]
        if len(kinds) != 1:
            raise self.fault(f"{cmd}: an answer has exactly one of ok, refused, error: {_brief(line)}",
                             f"{cmd}: garbage")
        if kinds[0] == "error":
            err = answer["error"]
            text = err.get("message") if isinstance(err, dict) else err
            raise self.fault(f"{cmd}: the engine answered with an error: {text}", f"{cmd}: error")
        if kinds[0] == "refused" and cmd != "apply":
            raise self.fault(f"{cmd}: only apply may be refused", f"{cmd}: garbage")
        return answer

    def _code(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def _read_line(self, cmd: str, deadline: float | None, timeout: float) -> bytes:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:  # truco_rules.spec.monitor.engine_bounds: read no further
                raise self.fault(f"{cmd}: the engine wrote a line longer than {MAX_LINE:,} bytes",
                                 f"{cmd}: too large")
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise self.fault(f"{cmd}() did not return within {timeout:g} s", f"{cmd}: timeout")
            err = [self.stderr.fileno()] if self.stderr is not None else []
            # In short waits: an engine that exited while a child of it holds its stdout open
            # sends no end of file, and must not be reported as one that hangs.
            wait = EXIT_POLL if left is None else min(left, EXIT_POLL)
            ready, _, _ = select.select([fd, *err], [], [], wait)
            if err and err[0] in ready:
                self._read_stderr()
            if fd not in ready:
                if self.proc.poll() is not None:
                    raise self.fault(f"{cmd}: the engine exited (exit code {self._code()}) without "
                                     "answering", f"{cmd}: exited")
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(1)
                raise self.fault(f"{cmd}: the engine exited (exit code {self._code()}) without answering",
                                 f"{cmd}: exited")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        if len(line) > MAX_LINE:  # its end came in the chunk that took it past the bound
            raise self.fault(f"{cmd}: the engine wrote a line longer than {MAX_LINE:,} bytes",
                             f"{cmd}: too large")
        return line


def parse_hello(answer: Mapping[str, Any]) -> Hello:
    ok = answer.get("ok")
    if not isinstance(ok, dict) or ok.get("protocol") != PROTOCOL_VERSION:
        got = ok.get("protocol") if isinstance(ok, dict) else ok
        raise EngineFault(f"hello: the engine speaks protocol {got!r}, the checker {PROTOCOL_VERSION}",
                          "hello: version")
    # The types of hello_ok (engine-protocol.schema.json): a string is no list of rulesets, read
    # letter by letter, and a number no list of features.
    engine = ok.get("engine")
    if not isinstance(engine, dict) or not isinstance(engine.get("name"), str) or not all(
            isinstance(engine.get(k, ""), str) and len(engine.get(k, "")) <= MAX_NAME
            for k in ("name", "version", "author")):
        raise EngineFault(f"hello: engine is {_brief(engine)}, not an object with a name, version and "
                          f"author as strings of at most {MAX_NAME} characters", "hello: garbage")
    lists = {}
    for key in ("rulesets", "features"):
        value = ok.get(key, [])
        if not isinstance(value, list) or len(value) > MAX_HELLO_NAMES or not all(
                isinstance(v, str) and len(v) <= MAX_HELLO_TEXT for v in value):
            raise EngineFault(f"hello: {key} is {_brief(value)}, not a list of at most {MAX_HELLO_NAMES} "
                              f"names of at most {MAX_HELLO_TEXT} characters", "hello: garbage")
        lists[key] = value
    prefixes = {}
    for key in ("engine_steps", "extra_actions"):
        value = ok.get(key, [])
        if not isinstance(value, list) or len(value) > MAX_HELLO_NAMES or not all(
                isinstance(v, str) and 0 < len(v) <= MAX_HELLO_TEXT and v.isprintable() for v in value):
            raise EngineFault(f"hello: {key} is {_brief(value)}, not a list of at most {MAX_HELLO_NAMES} "
                              f"prefixes of 1..{MAX_HELLO_TEXT} printable characters", "hello: garbage")
        prefixes[key] = tuple(value)
    editions = ok.get("editions", {})
    if not isinstance(editions, dict) or len(editions) > MAX_HELLO_NAMES or not all(
            isinstance(k, str) and 0 < len(k) <= MAX_HELLO_TEXT and type(v) is int and 1 <= v <= 1000
            for k, v in editions.items()):
        raise EngineFault(f"hello: editions is {_brief(editions)}, not {{ruleset: edition}} of short "
                          "names and numbers 1..1000", "hello: garbage")
    try:
        without = declared_without(ok.get("without"))
    except ValueError as exc:
        raise EngineFault(f"hello: {exc}", "hello: garbage") from None
    return Hello(engine["name"], engine.get("version", ""), engine.get("author", ""),
                 tuple(lists["rulesets"]), frozenset(lists["features"]), _hello_readings(ok.get("readings")),
                 prefixes["engine_steps"], prefixes["extra_actions"], dict(editions), without)


def _hello_readings(value: Any) -> dict[str, dict[str, str]]:
    """hello's `readings`: per ruleset ({ruleset: {key: reading}}) or flat ({key: reading}, for
    every ruleset); which one is told by the values, objects or strings, never both."""
    try:
        return declared_readings(value)
    except ValueError as exc:
        raise EngineFault(f"hello: {exc}", "hello: garbage") from None


class ProtocolAdapter:
    """One game of an engine process, behind the adapter contract (spec/adapter.py).

    The projection (features "seats" and "steps", guide "Engine protocol"): the rest of the
    checker sees one seat to act and the rule actions only. Before it answers to_act, legal,
    deal, record or observation after a change, the client settles the engine's state:

    1. it asks `to_act`; for each seat listed, in the engine's order, it asks `legal` (with that
       seat under "seats"); a seat whose list, once the extra actions are removed, holds engine-only
       steps and nothing else gets its first step applied, and the settling starts again (at most
       MAX_AUTO_STEPS in a row, else an engine fault);
    2. it then projects the seats listed onto one: the seat the spec says acts when the engine
       lists it, else the first seat listed (which the checker then reports as the wrong seat);
    3. the legal actions it gives are that seat's without the engine-only steps and extra actions.

    An action the record format can parse is always a rule action, whatever the prefixes. The
    spec's seat comes from a shadow of the match kept here by the spec's rules, fed with the deals
    and the rule actions the engine took.
    """

    refusal_errors = (Refused,)

    def __init__(self, process: EngineProcess, timeout: float) -> None:
        self.process, self.timeout = process, timeout
        hello = process.hello or Hello("")
        self.stacks_deals = "deals" in hello.features
        self.sets_position = "position" in hello.features
        self.can_undo = "undo" in hello.features  # spec/adapter.py: the optional undo()
        self.seats = "seats" in hello.features
        self.steps = "steps" in hello.features
        self.engine_steps = hello.engine_steps if self.steps else ()
        self.extra_actions = hello.extra_actions if self.steps else ()
        self.readings = hello.readings  # what it announced (read by the command line)
        if "observation" not in hello.features:
            # The adapter contract: no observation method, no visibility checks (spec/adapter.py).
            self.observation = None  # type: ignore[method-assign,assignment]
        self._settled: tuple[int | None, list[str]] | None = None  # (seat, its rule actions)
        self._undo_counts: list[int] = []  # engine applies behind each rule action, for undo
        self._ruleset: tuple[str, dict[str, str]] | None = None  # the game's ruleset and readings
        self._shadow: _Shadow | None = None

    def _ask(self, cmd: str, **args: Any) -> Any:
        answer = self.process.request({"cmd": cmd, **args}, self.timeout)
        if "refused" in answer:
            refused = answer["refused"] if isinstance(answer["refused"], dict) else {}
            raise Refused(refused.get("clause"), str(refused.get("reason", "")))
        if cmd in ("new_game", "apply") and answer["ok"] != {}:  # empty_ok in the schema
            raise self.process.fault(f"{cmd}: the answer's ok is {_brief(answer['ok'])}, not {{}}",
                                     f"{cmd}: garbage")
        return answer["ok"]

    def _field(self, cmd: str, key: str, **args: Any) -> Any:
        ok = self._ask(cmd, **args)
        if not isinstance(ok, dict) or key not in ok:
            raise self.process.fault(f"{cmd}: the answer {_brief(ok)} has no {key!r}", f"{cmd}: garbage")
        return ok[key]

    def new_game(self, ruleset: str, seed: int, readings: Mapping[str, str],
                 deals: Sequence[Mapping[str, Any]] | None = None, scores: Sequence[int] | None = None,
                 dealer: int | None = None) -> None:
        args: dict[str, Any] = {"ruleset": ruleset, "seed": seed, "readings": dict(readings)}
        if deals:
            args["deals"] = [dict(d) for d in deals]
        if scores is not None:  # feature "position": the match starts from set scores and dealer
            args["scores"] = list(scores)
        if dealer is not None:
            args["dealer"] = dealer
        self._settled, self._undo_counts = None, []
        self._ruleset = (ruleset, dict(readings))
        self._ask("new_game", **args)
        self._shadow = _Shadow.of(ruleset, readings, deals, scores, dealer) if self.seats else None

    # --- the projection ---------------------------------------------------------------------------
    def _is_rule(self, action: str) -> bool:
        """An action of this game: in the record format, and of the ruleset being played (a mazo is
        an engine's extra action in a ruleset without one)."""
        from truco_rules.spec.catalogue import UnknownNameError
        from truco_rules.spec.rules.actions import parse_action
        from truco_rules.spec.rules.procedure.legal import of_ruleset
        from truco_rules.spec.rules.state import Rules

        parsed = parse_action(action)
        if parsed is None or self._ruleset is None:
            return parsed is not None
        try:
            rules = Rules.of(*self._ruleset)
        except UnknownNameError:  # refused at new_game already; the grammar alone decides here
            return True
        return of_ruleset(rules, parsed)

    def _is_step(self, action: str) -> bool:
        return not self._is_rule(action) and action.startswith(self.engine_steps)

    def _is_extra(self, action: str) -> bool:
        return not self._is_rule(action) and action.startswith(self.extra_actions)

    def _engine_seats(self) -> list[int | None]:
        """The seats the engine says may act: one, or several with the feature "seats"."""
        ok = self._ask("to_act")
        if not isinstance(ok, dict) or ("seat" not in ok and not (self.seats and "seats" in ok)):
            raise self.process.fault(f"to_act: the answer {_brief(ok)} has no 'seat'", "to_act: garbage")
        if "seat" in ok:
            return [ok["seat"]]
        seats = ok["seats"]
        if not isinstance(seats, list) or len(seats) > 6 or len(set(map(repr, seats))) != len(seats):
            raise self.process.fault(f"to_act: seats is {_brief(seats)}, not a list of distinct seats",
                                     "to_act: garbage")
        return seats if seats else [None]  # no seat listed: the match is over

    def _legal_of(self, seat: int | None) -> Any:
        if self.seats and isinstance(seat, int) and not isinstance(seat, bool):
            return self._field("legal", "actions", seat=seat)
        return self._field("legal", "actions")

    def _settle(self) -> tuple[int | None, list[str]]:
        """Apply the engine-only steps due, then project onto one seat (see the class)."""
        if self._settled is not None:
            return self._settled
        applied = 0
        while True:
            seats = self._engine_seats()
            lists: dict[Any, Any] = {}
            step: tuple[Any, str] | None = None
            for seat in seats:
                if seat is None:
                    continue
                legal = self._legal_of(seat)
                lists[seat] = legal
                if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
                    continue  # the checker reports the type
                kept = [a for a in legal if not self._is_extra(a)]
                if kept and all(self._is_step(a) for a in kept):
                    step = (seat, kept[0])
                    break
            if step is None:
                break
            if applied == MAX_AUTO_STEPS:
                raise self.process.fault(f"the engine still lists only engine-only steps after "
                                         f"{MAX_AUTO_STEPS} of them were applied in a row",
                                         "apply: engine-only steps")
            self._apply_engine(step[1], step[0])
            applied += 1
            if self._undo_counts:
                self._undo_counts[-1] += 1
        want = self._shadow.seat(self) if self._shadow is not None else None
        seat = want if want is not None and want in seats else seats[0]
        legal = lists.get(seat) if seat is not None else None
        if legal is None:
            legal = self._legal_of(seat)
        if isinstance(legal, list):
            legal = [a for a in legal if not (isinstance(a, str) and (self._is_step(a) or self._is_extra(a)))]
        self._settled = (seat, legal)
        return self._settled

    def _ask_seat(self) -> Any:
        return self._field("to_act", "seat")

    def _apply_engine(self, action: str, seat: Any) -> None:
        if self.seats and isinstance(seat, int):
            self._ask("apply", action=action, seat=seat)
        else:
            self._ask("apply", action=action)

    # --- the adapter contract ---------------------------------------------------------------------
    def to_act(self) -> Any:
        if not self.steps and not self.seats:
            return self._ask_seat()
        return self._settle()[0]

    def legal_actions(self) -> Any:
        if not self.steps and not self.seats:
            return self._field("legal", "actions")
        return self._settle()[1]

    def apply(self, action: str) -> None:
        if not self.steps and not self.seats:
            self._ask("apply", action=action)
            return
        seat = self._settle()[0]
        self._settled = None  # a refusal must change nothing: the next question asks again
        self._apply_engine(action, seat)
        self._undo_counts.append(1)
        if self._shadow is not None:
            self._shadow.took(seat, action)

    def undo(self) -> None:
        """Feature "undo": take back the last action (only asked when the engine announced it), and
        the engine-only steps applied after it."""
        self._settled = None
        for _ in range(self._undo_counts.pop() if self._undo_counts else 1):
            self._ask("undo")
        if self._shadow is not None:
            self._shadow.back()

    def _now(self) -> None:
        if self.steps or self.seats:
            self._settle()  # the engine-only steps due are taken before the checker looks

    def deal(self) -> Any:
        self._now()
        return self._ask("deal")

    def record(self) -> Any:
        self._now()
        return self._ask("record")

    def observation(self, seat: int) -> Any:  # replaced by None when the engine has no observations
        self._now()
        return self._ask("observation", seat=seat)


class _Shadow:
    """The spec's match alongside the engine's (feature "seats"): who the spec says acts. It takes
    the deals from the stack or from the engine, and the rule actions the engine took; once it
    cannot follow (an action the spec forbids was taken), it says nothing more."""

    def __init__(self, rules: Any, match: Any, stacked: list[tuple[Any, Any]]) -> None:
        self.rules, self.match, self.stacked = rules, match, stacked
        self.hand: Any = None
        self.lost = False
        self.history: list[tuple[Any, Any]] = []  # (match, hand) before each action, for undo

    @classmethod
    def of(cls, ruleset: str, readings: Mapping[str, str], deals: Sequence[Mapping[str, Any]] | None,
           scores: Sequence[int] | None, dealer: int | None) -> _Shadow | None:
        from truco_rules.spec.rules.state import Match, Rules

        try:
            rules = Rules.of(ruleset, dict(readings))
        except Exception:  # a ruleset this process does not know: no projection by the spec
            return None
        positioned = scores is not None or dealer is not None  # feature "position", as the follower does
        match = Match.at(rules, scores or (0, 0), dealer) if positioned else Match(rules)
        stacked = [(tuple(tuple(h) for h in d["hands"]), d.get("muestra")) for d in deals or ()]
        return cls(rules, match, stacked)

    def seat(self, adapter: ProtocolAdapter) -> int | None:
        if self.lost:
            return None
        if self.hand is None or (self.hand.over and not self.match.over):
            if self.hand is not None:
                self.match = self.match.copy()
                self.match.end_hand(self.hand.kind, self.hand.outcome, self.hand.score)
                if self.match.over:
                    return None
            number = self.match.number + 1
            if number <= len(self.stacked):
                cards, muestra = self.stacked[number - 1]
            else:
                deal = adapter._ask("deal")
                if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
                    self.lost = True
                    return None
                cards, muestra = tuple(tuple(h) for h in deal["hands"]), deal.get("muestra")
            try:
                self.hand = self.match.new_hand(cards, muestra)
            except Exception:  # a deal the spec cannot play: the checker reports it
                self.lost = True
                return None
        seat: int | None = self.hand.to_act()
        return seat

    def took(self, seat: Any, action: str) -> None:
        if self.lost or self.hand is None or self.hand.over:
            self.lost = True
            return
        self.history.append((self.match, self.hand))
        hand = self.hand.copy()
        try:
            hand.apply(hand.to_act(), action)
        except Exception:
            self.lost = True
            return
        self.hand = hand

    def back(self) -> None:
        if self.history:
            self.match, self.hand = self.history.pop()
        else:
            self.lost = True


_RUNNING: dict[tuple[str, ...], EngineProcess] = {}
GIVE_UP = 2  # starts in a row whose hello timed out, after which a worker starts the engine no more
_HUNG_STARTS: dict[tuple[str, ...], tuple[int, str]] = {}  # argv -> (such starts, the last fault)


@dataclass(frozen=True)
class EngineCommand:
    """The factory of `--engine-cmd COMMAND`: each call gives an adapter for one game, on the
    process of this command that is running in this worker (started, or started again after a
    fault, as needed)."""

    command: str
    call_timeout: float = 2.0
    start_timeout: float = 20.0
    # The readings its hello announced (Hello.readings), once the command line has read them.
    announced: Mapping[str, Mapping[str, str]] = field(default_factory=dict, compare=False, hash=False)
    # The earlier editions of ruleset files its hello named (Hello.editions).
    editions: Mapping[str, int] = field(default_factory=dict, compare=False, hash=False)
    # And the optional features it declared it does not play (Hello.without).
    without: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False)

    @property
    def argv(self) -> tuple[str, ...]:
        return tuple(shlex.split(self.command))

    def __call__(self) -> ProtocolAdapter:
        process = _RUNNING.get(self.argv)
        if process is None or not process.alive:
            # An engine whose hello never comes would cost the start limit in every game.
            hung, last = _HUNG_STARTS.get(self.argv, (0, ""))
            if hung >= GIVE_UP:
                raise EngineFault(f"the engine is not started again: its last {hung} starts timed out "
                                  f"({last})", "start: gave up")
            process = EngineProcess(self.argv, self.start_timeout)
            _RUNNING[self.argv] = process
            try:
                process.start()
            except EngineFault as exc:
                timed_out = exc.category.endswith("timeout")
                _HUNG_STARTS[self.argv] = (hung + 1, str(exc)[:200]) if timed_out else (0, "")
                raise
            _HUNG_STARTS.pop(self.argv, None)
        return ProtocolAdapter(process, self.call_timeout)

    def hello(self) -> Hello:
        """Start the engine, read its hello, end it: a first check that the command works."""
        before = orphans.children()
        adopted = not orphans.adopting() and orphans.adopt()  # for this while: no helper outlives it
        process = EngineProcess(self.argv, self.start_timeout)
        try:
            return process.start()
        finally:
            process.quit()
            if adopted:
                orphans.sweep(keep=before)
                orphans.adopt(False)


def stop_all() -> None:
    """End every engine process this process started (a worker does this when it stops)."""
    for process in _RUNNING.values():
        process.quit()
    _RUNNING.clear()


atexit.register(stop_all)  # a worker process that ends leaves no engine process behind
orphans.on_stop(stop_all)  # and one the supervisor's worker ends, before it sweeps


def _brief(value: Any) -> str:
    text = value.decode("utf-8", "replace") if isinstance(value, bytes) else repr(value)
    if len(text) > 80:
        text = text[:77] + "..."
    return repr(text) if isinstance(value, bytes) else text
