"""No process of an engine outlives the check: the processes it started are adopted, then ended.

Killing an engine's process group ends the helpers it started in that group, not one it started in
a session of its own (setsid) or whose parent exited (a double fork): those are reparented. A
process that is a "child subreaper" (Linux prctl PR_SET_CHILD_SUBREAPER) adopts them instead of
init, so it can find them among its own children and end them. Elsewhere this does nothing.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable

_PR_SET_CHILD_SUBREAPER = 36
_adopting = [False]
# What ends the engine processes this process started (spec/protocol/client.py registers its
# own): a worker calls them before it sweeps, without importing what started them.
_STOPPERS: list[Callable[[], None]] = []


def on_stop(stop: Callable[[], None]) -> None:
    """Have `stop_started` call `stop` (once registered, always)."""
    _STOPPERS.append(stop)


def stop_started() -> None:
    """End, by the means of whoever started them, the engine processes this process started."""
    for stop in _STOPPERS:
        stop()


def adopt(on: bool = True) -> bool:
    """Make this process adopt the orphans of its descendants (`on` False: no longer); whether
    it could."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        done = bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
    _adopting[0] = on and done
    return done


def adopting() -> bool:
    """Whether this process adopts orphans (adopt() succeeded here)."""
    return _adopting[0]


def _parents() -> dict[int, int]:
    """Process id -> parent process id, of every process (read from /proc; empty where there is none)."""
    found = {}
    with contextlib.suppress(OSError):
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat", encoding="utf-8", errors="replace") as stat:
                    found[int(name)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    return found


def children() -> set[int]:
    """The process ids of this process's children."""
    me = os.getpid()
    return {pid for pid, parent in _parents().items() if parent == me}


def kill_tree(root: int) -> None:
    """Kill every descendant of the process `root` (not `root` itself): a worker about to be
    killed, whose adopted orphans would otherwise go to init and live on."""
    parents = _parents()
    below: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        below.setdefault(parent, []).append(pid)
    todo, found = list(below.get(root, [])), []
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += below.get(pid, [])
    for pid in found:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def sweep(keep: set[int] | frozenset[int] = frozenset()) -> None:
    """Kill and reap every child of this process but `keep`: with adopt(), the orphans of the
    engines it ran. The children of a killed one are adopted in turn, hence the rounds."""
    for _ in range(20):
        left = children() - keep
        if not left:
            return
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in left:
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)
