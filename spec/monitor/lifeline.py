"""A worker process ends with everything it started: on SIGTERM or SIGHUP (sent to its process
group with the command's, or by multiprocessing when its parent stops it), and when its parent dies
without stopping it (Linux: the parent-death signal, prctl PR_SET_PDEATHSIG, is a SIGTERM).

It ends at once and quietly: every process below it (the engine processes it runs, which live in
sessions of their own, and whatever those started) is killed, and it exits without a traceback
and without writing to a pipe whose reader may be gone. Its parent, the checker, reports nothing
of it: the parent is ending too, or already gone.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

from truco_rules.spec.monitor.orphans import kill_tree

_PR_SET_PDEATHSIG = 1
STOPS = (signal.SIGTERM, signal.SIGHUP)


def _end(signum: int, frame: FrameType | None) -> None:
    kill_tree(os.getpid())
    os._exit(128 + signum)


def end_with_parent(parent: int | None) -> None:
    """In a worker whose parent is the process `parent`: SIGTERM and SIGHUP end it with what it
    started, and so does the parent's death (where the system tells it: Linux)."""
    for signum in STOPS:
        signal.signal(signum, _end)
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if parent is not None and os.getppid() != parent:  # it died before the signal was asked for
        _end(signal.SIGTERM, None)
