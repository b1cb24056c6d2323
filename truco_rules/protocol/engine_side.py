"""The engine's side of the truco-rules engine protocol, in the standard library only.

Write a class with the engine's methods and hand an instance to `serve`:

    from truco_rules.protocol import Refusal, serve

    class MyEngine:
        def new_game(self, ruleset, seed, readings, deals=None): ...
        def to_act(self): ...            # the seat to act, or None once the match is over
        def legal(self): ...             # the action texts the seat to act may take now
        def apply(self, action): ...     # raise Refusal("BET-10", "why") for a forbidden action
        def deal(self): ...              # {"hands": [[...], [...]], "muestra": None}, or the hands
        def record(self): ...            # the truco-record/1 of the match so far

    serve(MyEngine(), name="my-engine", rulesets=["mineiro-1v1-es"])

`serve` reads the checker's requests from stdin, checks that each follows the protocol, calls the
method it names and writes the reply. The features of the hello come from the class: `deals` when
`new_game` has a `deals` parameter, `position` when it has `scores` and `dealer`, `observation`
and `undo` when those methods exist. A `Refusal` (or another exception type named in
`refusals`) raised by `apply` becomes the `refused` reply; any other exception, anywhere, is an
`error` reply, with its traceback on stderr. While it serves, `print` writes to stderr, so that
debugging output cannot garble the protocol; `log(text)` writes a log line the checker ignores.

The file depends on nothing but Python 3.11: copy it into an engine's repository if that is easier
than installing truco-rules.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import sys
import traceback
from collections.abc import Iterable, Mapping
from typing import IO, Any

PROTOCOL_VERSION = 1
MAX_LINE = 1 << 20  # bytes: the longest request (a new_game with stacked deals) is a few kilobytes
SEATS = 6  # the most seats a ruleset has (three against three)
FEATURES = ("deals", "observation", "position", "seats", "steps", "undo")
REQUIRED = ("new_game", "to_act", "legal", "apply", "deal", "record")
COMMANDS = ("hello", "new_game", "to_act", "legal", "apply", "undo", "deal", "record", "observation", "quit")
# The lengths the protocol's schema allows in a reply.
_MAX_REASON, _MAX_CLAUSE, _MAX_MESSAGE = 500, 16, 2000


class Refusal(Exception):
    """Raised by `apply`: the rules do not allow this action now (and the game is unchanged).
    `clause` is the clause ID the engine cites, or None."""

    def __init__(self, clause: str | None, reason: str) -> None:
        super().__init__(reason)
        self.clause, self.reason = clause, reason


class BadRequest(Exception):
    """A request that does not follow the protocol; answered with an error."""


def derived_features(engine: object) -> list[str]:
    """The optional abilities the engine's methods show."""
    try:
        params = inspect.signature(engine.new_game).parameters  # type: ignore[attr-defined]
    except (AttributeError, TypeError, ValueError):
        params = {}  # type: ignore[assignment]
    found = {"deals": "deals" in params, "position": "scores" in params and "dealer" in params,
             "observation": callable(getattr(engine, "observation", None)),
             "undo": callable(getattr(engine, "undo", None))}
    return [f for f in FEATURES if found.get(f)]  # seats and steps are announced, not derived


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON true is no number


def _seat(value: Any, what: str) -> int:
    if not _is_int(value) or not 0 <= value < SEATS:
        raise BadRequest(f"{what} is {_brief(value)}, not a seat 0 to {SEATS - 1}")
    return int(value)


def _check_deal(deal: Any) -> dict[str, Any]:
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
        raise BadRequest(f"a deal is an object with hands and muestra, not {_brief(deal)}")
    hands, muestra = deal["hands"], deal.get("muestra")
    if not 2 <= len(hands) <= SEATS or not all(
            isinstance(h, list) and len(h) == 3 and all(isinstance(c, str) for c in h) for h in hands):
        raise BadRequest(f"a deal's hands are three card names per seat, not {_brief(hands)}")
    if muestra is not None and not isinstance(muestra, str):
        raise BadRequest(f"a deal's muestra is a card name or null, not {_brief(muestra)}")
    return {"hands": [list(h) for h in hands], "muestra": muestra}


class Session:
    """Answers the requests of one checker for one engine object."""

    def __init__(self, engine: object, *, name: str | None = None, version: str | None = None,
                 author: str | None = None, rulesets: Iterable[str] | None = None,
                 features: Iterable[str] | None = None,
                 refusals: tuple[type[BaseException], ...] = (Refusal,),
                 readings: Mapping[str, Any] | None = None, engine_steps: Iterable[str] = (),
                 extra_actions: Iterable[str] = (), without: Any = None) -> None:
        missing = [m for m in REQUIRED if not callable(getattr(engine, m, None))]
        if missing:  # an author's mistake: say so at once, before the checker's first request
            raise TypeError(f"{type(engine).__name__} has no method {', '.join(missing)}")
        self.engine = engine
        self.features = derived_features(engine) if features is None else list(features)
        steps, extra = list(engine_steps), list(extra_actions)
        if (steps or extra) and "steps" not in self.features:  # the prefixes the checker hides or drops
            at = self.features.index("undo") if "undo" in self.features else len(self.features)
            self.features.insert(at, "steps")
        unknown = sorted(set(self.features) - set(FEATURES))
        if unknown:
            raise ValueError(f"unknown features {unknown}; the protocol has {list(FEATURES)}")
        for method in ("observation", "undo"):
            if method in self.features and not callable(getattr(engine, method, None)):
                raise TypeError(f"feature {method!r} announced, but {type(engine).__name__} has no "
                                f"{method}()")
        info = {"name": name or type(engine).__name__}
        info.update({k: v for k, v in (("version", version), ("author", author)) if v is not None})
        self.hello_ok: dict[str, Any] = {"protocol": PROTOCOL_VERSION, "engine": info,
                                         "features": self.features}
        if rulesets is not None:
            self.hello_ok["rulesets"] = list(rulesets)
        if steps or extra:
            self.hello_ok["engine_steps"], self.hello_ok["extra_actions"] = steps, extra
        if readings:  # the readings the engine plays: per ruleset, or one object for all
            self.hello_ok["readings"] = {str(k): dict(v) if isinstance(v, Mapping) else str(v)
                                         for k, v in readings.items()}
        if without:  # the optional features it does not play: one list for all, or per ruleset
            self.hello_ok["without"] = ({str(k): [str(f) for f in v] for k, v in without.items()}
                                        if isinstance(without, Mapping) else [str(f) for f in without])
        self.refusals = refusals
        self.playing = False  # a new_game succeeded

    # --- one line in, one line out ------------------------------------------------------------------
    def reply_to_line(self, line: bytes) -> dict[str, Any] | None:
        """The reply to one line of stdin (None: no reply, for quit)."""
        try:
            request = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):
            return {"id": None, "error": {"message": "a request is one JSON object on one line (UTF-8)"}}
        if not isinstance(request, dict):
            return {"id": None, "error": {"message": f"a request is a JSON object, not {_brief(request)}"}}
        ident = request.get("id")
        if not isinstance(ident, int) or isinstance(ident, bool) or ident < 0:
            return {"id": None, "error": {"message": f"a request's id is a whole number from 0, not "
                                                     f"{_brief(ident)}"}}
        if request.get("cmd") == "quit":
            return None
        return {"id": ident, **self.answer(request)}

    def answer(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The reply to one request, without its id: {"ok": ...}, {"refused": ...} or {"error": ...}."""
        cmd = request.get("cmd")
        try:
            return {"ok": self._run(cmd, request)}
        except BadRequest as exc:
            return {"error": {"message": f"{cmd}: {exc}"[:_MAX_MESSAGE]}}
        except self.refusals as exc:
            if cmd != "apply":  # only apply may be refused: elsewhere it is a fault of the engine
                return self._error(cmd, exc)
            clause = getattr(exc, "clause", None)
            clause = clause if isinstance(clause, str) and len(clause) <= _MAX_CLAUSE else None
            reason = getattr(exc, "reason", None)
            reason = reason if isinstance(reason, str) else str(exc)
            return {"refused": {"clause": clause, "reason": reason[:_MAX_REASON]}}
        except Exception as exc:
            return self._error(cmd, exc)

    def _error(self, cmd: Any, exc: BaseException) -> dict[str, Any]:
        traceback.print_exception(exc, file=sys.stderr)  # stderr is free: the checker quotes its end
        return {"error": {"message": f"{cmd}: {type(exc).__name__}: {exc}"[:_MAX_MESSAGE]}}

    # --- the commands ---------------------------------------------------------------------------------
    def _run(self, cmd: Any, request: Mapping[str, Any]) -> Any:
        if cmd == "hello":
            if request.get("protocol") != PROTOCOL_VERSION:
                raise BadRequest(f"this engine speaks protocol {PROTOCOL_VERSION}, "
                                 f"not {_brief(request.get('protocol'))}")
            return self.hello_ok
        if cmd == "new_game":
            self.playing = False
            args, kwargs = self._new_game_arguments(request)
            self.engine.new_game(*args, **kwargs)  # type: ignore[attr-defined]
            self.playing = True
            return {}
        if cmd not in COMMANDS:
            raise BadRequest(f"unknown command {_brief(cmd)}")
        if cmd in ("undo", "observation") and cmd not in self.features:
            raise BadRequest(f"this engine has no {cmd} (it did not announce the feature)")
        if not self.playing:
            raise BadRequest("no game: send new_game first")
        return getattr(self, "_do_" + str(cmd))(request)  # _do_legal, ...: one method per command

    def _new_game_arguments(self, request: Mapping[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        ruleset, seed, readings = request.get("ruleset"), request.get("seed"), request.get("readings")
        if not isinstance(ruleset, str) or not ruleset:
            raise BadRequest(f"ruleset is {_brief(ruleset)}, not a ruleset name")
        if not _is_int(seed):
            raise BadRequest(f"seed is {_brief(seed)}, not a whole number")
        if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
            raise BadRequest(f"readings is {_brief(readings)}, not an object of reading names")
        kwargs: dict[str, Any] = {}
        deals = request.get("deals")
        if deals:  # an empty list stacks nothing
            if "deals" not in self.features:
                raise BadRequest("this engine takes no stacked deals (it did not announce the feature)")
            if not isinstance(deals, list):
                raise BadRequest(f"deals is {_brief(deals)}, not a list of deals")
            kwargs["deals"] = [_check_deal(d) for d in deals]
        scores, dealer = request.get("scores"), request.get("dealer")
        if scores is not None or dealer is not None:
            if "position" not in self.features:
                raise BadRequest("this engine takes no set scores and dealer (it did not announce the "
                                 "feature position)")
            if scores is not None:
                if not isinstance(scores, list) or len(scores) != 2 or not all(
                        _is_int(s) and s >= 0 for s in scores):
                    raise BadRequest(f"scores is {_brief(scores)}, not the points of side 0 and side 1")
                kwargs["scores"] = list(scores)
            if dealer is not None:
                kwargs["dealer"] = _seat(dealer, "dealer")
        return (ruleset, seed, dict(readings)), kwargs

    def _do_to_act(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        seat = self.engine.to_act()  # type: ignore[attr-defined]
        if seat is not None and (not _is_int(seat) or not 0 <= seat < SEATS):
            raise TypeError(f"to_act() returned {_brief(seat)}, not a seat or None")
        return {"seat": seat}

    def _do_legal(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        actions = self.engine.legal()  # type: ignore[attr-defined]
        if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
            raise TypeError(f"legal() returned {_brief(actions)}, not a list of action texts")
        actions = list(actions)
        if not all(isinstance(a, str) for a in actions):
            raise TypeError(f"legal() returned {_brief(actions)}, not a list of action texts")
        return {"actions": actions}

    def _do_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        action = request.get("action")
        if not isinstance(action, str):
            raise BadRequest(f"action is {_brief(action)}, not an action text")
        # Any text goes to the engine, malformed or not: the checker sends malformed actions on
        # purpose, and they must be refused by the engine's rules, not by the transport.
        self.engine.apply(action)  # type: ignore[attr-defined]
        return {}

    def _do_undo(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        self.engine.undo()  # type: ignore[attr-defined]
        return {}

    def _do_deal(self, _request: Mapping[str, Any]) -> dict[str, Any]:
        deal = self.engine.deal()  # type: ignore[attr-defined]
        try:
            return _check_deal(deal if isinstance(deal, dict) else {"hands": deal, "muestra": None})
        except BadRequest as exc:
            raise TypeError(f"deal() returned {_brief(deal)}: {exc}") from None

    def _do_record(self, _request: Mapping[str, Any]) -> Any:
        record = self.engine.record()  # type: ignore[attr-defined]
        if not isinstance(record, dict):
            raise TypeError(f"record() returned {_brief(record)}, not a truco-record/1 object")
        return record

    def _do_observation(self, request: Mapping[str, Any]) -> Any:
        seen = self.engine.observation(_seat(request.get("seat"), "seat"))  # type: ignore[attr-defined]
        if not isinstance(seen, dict):
            raise TypeError(f"observation() returned {_brief(seen)}, not an object")
        return seen


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_OUTPUT: list[IO[bytes]] = []  # where log() writes: the protocol's stdout while serve() runs


def _write(out: IO[bytes], message: Mapping[str, Any]) -> None:
    out.write(json.dumps(message, separators=(",", ":"), allow_nan=False).encode("utf-8") + b"\n")
    out.flush()


def log(text: Any) -> None:
    """Write a log line, which the checker ignores (to stderr when no serve() is running)."""
    if _OUTPUT:
        _write(_OUTPUT[-1], {"log": str(text)})
    else:
        print(text, file=sys.stderr)


def _lines(stdin: IO[bytes]) -> Iterable[bytes | None]:
    """The lines of stdin, each at most MAX_LINE bytes; None for a longer one (read to its end)."""
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # skip the rest, a bounded piece at a time
                line = stdin.readline(MAX_LINE)
            yield None
            continue
        yield line


def serve_session(session: Session, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Answer requests from `stdin` on `stdout` (the process's own by default) until quit or the
    end of stdin."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    sys.stdout.flush()
    _OUTPUT.append(out)
    try:
        with contextlib.redirect_stdout(sys.stderr):  # print() while serving must not garble the protocol
            _answer_lines(session, inp, out)
    finally:
        _OUTPUT.pop()


def _answer_lines(session: Session, stdin: IO[bytes], stdout: IO[bytes]) -> None:
    for line in _lines(stdin):
        if line is None:
            reply: dict[str, Any] = {"id": None, "error": {
                "message": f"a request line is at most {MAX_LINE} bytes"}}
        elif not line.strip():
            continue  # a blank line is no request
        else:
            answer = session.reply_to_line(line)
            if answer is None:
                return
            reply = answer
        try:
            _write(stdout, reply)
        except (TypeError, ValueError) as exc:  # an ok payload that is not JSON
            _write(stdout, {"id": reply.get("id"), "error": {
                "message": f"the reply is not JSON: {exc}"[:_MAX_MESSAGE]}})


def serve(engine: object, *, name: str | None = None, version: str | None = None, author: str | None = None,
          rulesets: Iterable[str] | None = None, features: Iterable[str] | None = None,
          refusals: tuple[type[BaseException], ...] = (Refusal,), readings: Mapping[str, Any] | None = None,
          engine_steps: Iterable[str] = (), extra_actions: Iterable[str] = (), without: Any = None,
          stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Serve `engine` over the protocol on stdin and stdout until quit or the end of stdin.

    `name`, `version`, `author`, `rulesets`: what the hello says (the name defaults to the class's).
    `features`: the features to announce, in place of those derived from the methods.
    `refusals`: the exception types of `apply` that mean "refused". `readings`: the readings it
    plays where they are not a ruleset's defaults ({ruleset: {key: reading}}, or {key: reading}).
    `engine_steps`, `extra_actions`: the prefixes of its engine-only steps and of the actions the
    rulesets lack (feature "steps": the checker applies the first by itself and drops the second).
    `without`: the optional features of a ruleset it does not play (["mazo"], or {ruleset: [...]}):
    it is checked as on the ruleset without them."""
    session = Session(engine, name=name, version=version, author=author, rulesets=rulesets,
                      features=features, refusals=refusals, readings=readings, engine_steps=engine_steps,
                      extra_actions=extra_actions, without=without)
    serve_session(session, stdin, stdout)
