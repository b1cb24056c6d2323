"""Run the jobs of a check in supervised worker processes, with no signal anywhere.

An engine call that never returns cannot be interrupted from inside the process that made it
(short of a signal, which can fire anywhere: in a garbage-collector callback, in the middle of
Hypothesis' own bookkeeping). So every check runs its games in worker processes, one or more:

- a worker takes one job at a time (a game, a batch of Hypothesis programs, a reproduction),
  reports what it finds as it finds it, and says when the job is done;
- it publishes in shared memory (truco_rules.spec.monitor.beacon) which job, game and step it is at, and
  which engine call is in progress since when, with that call's time limit;
- the parent waits on the workers' pipes with a short timeout, reads the beacons, and kills a
  worker whose call has run past its limit plus a grace period (and the engine process it runs,
  if any), reports the hang with the game, the step and the call, and starts a new worker that
  goes on with the next job. A worker that dies (an engine that crashed the interpreter) is
  reported and replaced the same way.

Jobs are handed out in order and each event names its job, so the caller can put the results
back in job order: the outcome does not depend on the number of workers.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from truco_rules.spec.monitor.beacon import Beacon, activate
from truco_rules.spec.monitor.ctrl_c import children_ignore_ctrl_c
from truco_rules.spec.monitor.lifeline import end_with_parent
from truco_rules.spec.monitor.orphans import adopt, kill_tree, stop_started, sweep

POLL = 0.05  # seconds between two looks at the beacons
MIN_GRACE = 0.5  # a call is killed after its limit plus max(MIN_GRACE, the limit)

# work(job, context, beacon, emit) -> summary; emit(kind, data) sends an event for the job.
Emit = Callable[[str, Any], None]
Work = Callable[[Any, Any, Beacon, Emit], Any]


class CheckerError(RuntimeError):
    """The checker itself failed in a worker (a bug in the checker, not in the engine)."""


@dataclass(frozen=True)
class Event:
    """Something a job produced: kind "done" (data: its summary), any kind it emitted, "hang"
    (data: where it hung) or "died" (data: where the worker died and its exit code)."""

    kind: str
    index: int
    data: Any


def _worker(conn: Connection, memory: Any, work: Work, context: Any, ruleset_files: tuple[Path, ...]) -> None:
    # SIGTERM, SIGHUP and its parent's death end it with its engines (spec/monitor/lifeline.py).
    parent = multiprocessing.parent_process()
    end_with_parent(parent.pid if parent is not None else None)
    # The worker's stdout is the checker's: what an engine prints would corrupt `--json` output.
    # The events go back by the pipe, so stdout is sent to stderr.
    with contextlib.suppress(OSError):
        os.dup2(2, 1)
    if ruleset_files:  # a spawned worker starts with the shipped rulesets only
        from truco_rules.spec.catalogue import add_ruleset_file

        for path in ruleset_files:
            add_ruleset_file(path)
    adopt()  # the helpers an engine starts in sessions of their own become this worker's to end
    try:
        _serve(conn, memory, work, context)
    except (BrokenPipeError, ConnectionResetError, EOFError):
        pass  # the parent is gone (or stopping): nobody reads what this worker has to say
    finally:
        stop_started()  # the engine processes started by truco_rules.spec.protocol.client, if it was used
        sweep()


def _serve(conn: Connection, memory: Any, work: Work, context: Any) -> None:
    beacon = Beacon(memory)
    activate(beacon)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        index = job.index

        def emit(kind: str, data: Any, index: int = index) -> None:
            conn.send((kind, index, data))

        try:
            summary = work(job, context, beacon, emit)
        except BaseException:  # a bug of the checker: report it to the parent, which stops
            import traceback

            conn.send(("crash", index, traceback.format_exc()))
            return
        conn.send(("done", index, summary))


class _Slot:
    """One worker process, its pipe, its beacon and the job it is running."""

    def __init__(self, ctx: Any, work: Work, context: Any, ruleset_files: tuple[Path, ...]) -> None:
        self.beacon = Beacon.shared(ctx)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, daemon=True,
                                args=(child, self.beacon.memory, work, context, ruleset_files))
        with children_ignore_ctrl_c():  # the parent stops its workers on Ctrl-C
            self.proc.start()
        child.close()
        self.job: Any = None

    def where(self) -> dict[str, Any]:
        b = self.beacon
        return {"game": b.game, "step": b.current_step, "call": b.call, "limit": b.limit}

    def end_child(self) -> None:
        """End the engine process the worker ran, if any (it runs in a session of its own)."""
        child = self.beacon.child_pid
        if child:
            with contextlib.suppress(OSError):
                os.killpg(child, signal.SIGKILL)

    def kill(self) -> None:
        if self.proc.is_alive():
            if self.proc.pid is not None:
                kill_tree(self.proc.pid)  # what its engine started, which the worker adopted
            self.proc.kill()
        self.proc.join(5)
        self.end_child()
        self.conn.close()

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.proc.join(2)
        if self.proc.is_alive():
            self.kill()
        else:
            self.end_child()
            self.conn.close()


class Supervisor:
    """Runs jobs on `workers` processes; `work` and `context` must be picklable (module level).

    Each worker first loads `ruleset_files` into its catalogue (by default the files added to this
    process): the rulesets the jobs name are then the parent's. An engine in the worker learns
    them from its factory (truco_rules.cli.engines gives the reference engine's)."""

    def __init__(self, work: Work, context: Any, workers: int = 1,
                 ruleset_files: Sequence[Path] | None = None) -> None:
        from truco_rules.spec.catalogue import added_ruleset_paths

        self.work, self.context = work, context
        self.workers = max(1, workers)
        self.ruleset_files = tuple(added_ruleset_paths() if ruleset_files is None else ruleset_files)
        self.ctx = multiprocessing.get_context("spawn")

    def run(self, jobs: Sequence[Any]) -> Iterator[Event]:
        """Every event of every job, as they come; each job ends with "done", "hang" or "died"."""
        pending = deque(jobs)
        slots = [_Slot(self.ctx, self.work, self.context, self.ruleset_files)
                 for _ in range(min(self.workers, len(pending)))]
        finished = False
        try:
            for slot in slots:
                self._feed(slot, pending)
            while any(s.job is not None for s in slots):
                busy = [s for s in slots if s.job is not None]
                wait([s.conn for s in busy] + [s.proc.sentinel for s in busy], timeout=POLL)
                for i, slot in enumerate(slots):
                    if slot.job is None:
                        continue
                    yield from self._drain(slot, pending)
                    if slot.job is None:
                        continue
                    ended = self._ended(slot)
                    if ended is not None:
                        yield ended
                        slots[i] = self._replace(slot, pending)
            finished = True
        finally:
            for slot in slots:  # stopped when done; killed at once when the run is cut short
                if finished:
                    slot.stop()
                else:
                    slot.kill()

    def _feed(self, slot: _Slot, pending: deque[Any]) -> None:
        slot.job = pending.popleft() if pending else None
        if slot.job is not None:
            slot.conn.send(slot.job)

    def _drain(self, slot: _Slot, pending: deque[Any]) -> Iterator[Event]:
        """The events the worker has sent; on "done" the worker gets its next job."""
        try:
            while slot.job is not None and slot.conn.poll():
                kind, index, data = slot.conn.recv()
                if kind == "crash":
                    raise CheckerError(f"the checker failed in a worker:\n{data}")
                yield Event(kind, index, data)
                if kind == "done":
                    self._feed(slot, pending)
        except (EOFError, OSError):
            return  # the worker died: _ended reports it

    def _ended(self, slot: _Slot) -> Event | None:
        """A "hang" or "died" event when the slot's worker must be (or was) replaced."""
        if not slot.proc.is_alive():
            return Event("died", slot.job.index, {**slot.where(), "exitcode": slot.proc.exitcode})
        b = slot.beacon
        limit = b.limit
        busy = b.busy_for()
        if limit and busy > limit + max(MIN_GRACE, limit):
            where = slot.where()
            slot.kill()
            return Event("hang", slot.job.index, {**where, "seconds": round(busy, 1)})
        return None

    def _replace(self, slot: _Slot, pending: deque[Any]) -> _Slot:
        slot.kill()
        new = _Slot(self.ctx, self.work, self.context, self.ruleset_files)
        self._feed(new, pending)
        return new
