"""A bot on the other end of the protocol: a process (lines on stdin and stdout) or an HTTP endpoint
(one POST a message, the answer in the response's body).

Every request has a deadline, kept with `select` on the bot's stdout (no thread, no signal). What
goes wrong is a `BotFault` of one of three kinds: `crash` (the process exited, or cannot start; the
endpoint cannot be reached), `time-over` (no answer in time), `protocol` (garbage, a wrong id, a
line too long). After a crash or a time-over the process is killed: the referee starts it again.
A bot runs in a session of its own, so that killing it ends whatever it started; only the end of
what it writes to stderr is kept.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import select
import signal
import subprocess
import time
import urllib.parse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from truco_rules.referee.messages import MAX_LINE, ProtocolError, brief, decode, encode, is_log

CRASH, TIME_OVER, PROTOCOL_ERROR = "crash", "time-over", "protocol"
STDERR_KEEP = 4096  # bytes of the end of a bot's stderr kept
MAX_LOGS = 100  # log lines a bot may write before one answer
EXIT_POLL = 0.05  # seconds between two looks at whether a silent bot has exited


class BotFault(Exception):
    """A bot that crashed, ran out of time or broke the protocol; `kind` says which."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


@dataclass(frozen=True)
class BotSpec:
    """How to reach a bot: a command (argv, run in `cwd`) or an HTTP endpoint (`url`)."""

    name: str
    command: tuple[str, ...] = ()
    url: str = ""
    cwd: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)


class Connection(Protocol):
    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]: ...
    def tell(self, message: dict[str, Any]) -> None: ...
    def close(self) -> None: ...
    def stderr_tail(self) -> str: ...


def connect(spec: BotSpec) -> Connection:
    """A new connection to the bot (a process started now, or the endpoint's address)."""
    if spec.url:
        return HttpBot(spec.url)
    return BotProcess(spec.command, spec.cwd, spec.env)


class BotProcess:
    """One running bot process."""

    def __init__(self, argv: Sequence[str], cwd: str | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        environ = {**os.environ, **(env or {})}
        try:
            self.proc: subprocess.Popen[bytes] = subprocess.Popen(
                list(argv), cwd=cwd, env=environ, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            raise BotFault(CRASH, f"the command cannot start: {exc.strerror or exc}") from None
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.out = self.proc.stdout.fileno()
        self.err: IO[bytes] | None = self.proc.stderr
        os.set_blocking(self.err.fileno(), False)
        self.err_tail = b""
        self.buffer = b""

    def _code(self) -> int | None:
        return self.proc.poll()

    def tell(self, message: dict[str, Any]) -> None:
        """Write a message that has no answer (`over`); a bot that is gone is not a fault then."""
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.write(encode(message))

    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Write `message`, return the first line of the answer that is not a log."""
        self.send(message)
        return self.receive(timeout)

    def send(self, message: dict[str, Any]) -> None:
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(encode(message))
        except OSError:
            raise self._fault(CRASH, f"the bot exited (exit code {self._wait_code()}) before the "
                                     "request") from None

    def receive(self, timeout: float) -> dict[str, Any]:
        """The first line of the answer that is not a log, within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        for _ in range(MAX_LOGS + 1):
            try:
                answer = decode(self._line(deadline, timeout))
            except ProtocolError as exc:
                raise self._fault(PROTOCOL_ERROR, str(exc)) from None
            if not is_log(answer):
                return answer
        raise self._fault(PROTOCOL_ERROR, f"more than {MAX_LOGS} log lines before an answer")

    def _wait_code(self) -> int | None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(0.5)
        return self._code()

    def _line(self, deadline: float, timeout: float) -> bytes:
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                raise self._fault(PROTOCOL_ERROR, f"a line longer than {MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise self._fault(TIME_OVER, f"no answer within {timeout * 1000:.0f} ms")
            fds = [self.out] + ([self.err.fileno()] if self.err is not None else [])
            ready, _, _ = select.select(fds, [], [], min(left, EXIT_POLL))
            if self.err is not None and self.err.fileno() in ready:
                self._read_stderr()
            if self.out not in ready:
                if self._code() is not None:  # exited while a child of it holds stdout open
                    raise self._fault(CRASH, f"the bot exited (exit code {self._code()}) without answering")
                continue
            chunk = os.read(self.out, 65536)
            if not chunk:
                raise self._fault(CRASH, f"the bot exited (exit code {self._wait_code()}) without answering")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _fault(self, kind: str, detail: str) -> BotFault:
        if kind != PROTOCOL_ERROR:
            self.close()
        return BotFault(kind, detail)

    def _read_stderr(self) -> None:
        if self.err is None:
            return
        for _ in range(16):  # at most 1 MiB a look: a flood cannot hold the referee
            try:
                chunk = os.read(self.err.fileno(), 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                with contextlib.suppress(OSError):
                    self.err.close()
                self.err = None
                return
            self.err_tail = (self.err_tail + chunk)[-STDERR_KEEP:]

    def stderr_tail(self) -> str:
        """The end of what the bot wrote to stderr."""
        self._read_stderr()
        return self.err_tail.decode("utf-8", "replace").strip()

    def close(self) -> None:
        """End the bot and whatever it started, at once."""
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(2)
        self._read_stderr()
        for stream in (self.proc.stdin, self.proc.stdout, self.err):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.err = None


class HttpBot:
    """A bot behind an HTTP endpoint: each message is POSTed as JSON, the answer is the body."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise BotFault(CRASH, f"not an http(s) address: {brief(url)}")
        self.parts = parts

    def _post(self, message: dict[str, Any], timeout: float) -> bytes:
        p = self.parts
        kind = http.client.HTTPSConnection if p.scheme == "https" else http.client.HTTPConnection
        conn = kind(p.hostname or "", p.port, timeout=max(timeout, 0.001))
        deadline = time.monotonic() + timeout
        try:
            conn.request("POST", p.path or "/", body=encode(message),
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            body = response.read(MAX_LINE + 1)
        except TimeoutError:
            raise BotFault(TIME_OVER, f"no answer within {timeout * 1000:.0f} ms") from None
        except (OSError, http.client.HTTPException) as exc:
            raise BotFault(CRASH, f"the endpoint cannot be reached: {brief(str(exc))}") from None
        finally:
            conn.close()
        if time.monotonic() > deadline:
            raise BotFault(TIME_OVER, f"no answer within {timeout * 1000:.0f} ms")
        if response.status != 200:
            raise BotFault(PROTOCOL_ERROR, f"HTTP status {response.status}")
        if len(body) > MAX_LINE:
            raise BotFault(PROTOCOL_ERROR, f"an answer longer than {MAX_LINE} bytes")
        return body

    def ask(self, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        try:
            return decode(self._post(message, timeout).strip())
        except ProtocolError as exc:
            raise BotFault(PROTOCOL_ERROR, str(exc)) from None

    def tell(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(BotFault):
            self._post(message, 1.0)

    def close(self) -> None:
        """An endpoint has no process of ours to end."""

    def stderr_tail(self) -> str:
        return ""

