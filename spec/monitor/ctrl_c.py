"""Worker processes and Ctrl-C: a terminal's Ctrl-C reaches the whole process group, and only the
process that started the workers should handle it (it stops them); a worker interrupted in the
middle of its work would print its own traceback."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def children_ignore_ctrl_c() -> Iterator[None]:
    """Processes started meanwhile ignore SIGINT (Python keeps an ignored SIGINT ignored, through
    fork and spawn alike)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a signal handler
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
