"""Ctrl-C, SIGTERM and SIGHUP end every command soon, without a traceback, every file it writes
whole (or as it was) and no process of its own left behind: exit 128 + the signal's number, as a
shell reports a command the signal stopped (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).

Each of the three is raised as a KeyboardInterrupt in the main thread, so that the one way out a
command has for Ctrl-C (its `finally` blocks and context managers: an atomic writer removes its
temporary file, a supervisor stops its workers, a child process is killed) serves them all. Python
raises it wherever it happens to be when the signal comes. Where it must ignore an exception (a
destructor, a garbage-collection callback: Z3's objects free themselves in destructors) the
interrupt would be lost and the command would go on; and objects that the interrupt left
half-built fail in their destructors. So: an interrupt lost that way is raised again in the main
thread a moment later, destructor failures after the signal are not shown, and `pressed()` tells
the entry point that a signal came even if every attempt was swallowed.

A signal that is ignored when the command starts (SIGINT in a background job, SIGHUP under nohup)
stays ignored.
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

from truco_rules.cli.errors import interrupted

RETRY_SECONDS = 0.05  # long enough for the destructor that swallowed the interrupt to return
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_pressed = threading.Event()
_received: list[int] = []  # the signals that came, in order


def pressed() -> bool:
    return _pressed.is_set()


def exit_code() -> int:
    """128 + the number of the first signal that came (130, Ctrl-C, when none did)."""
    return 128 + (_received[0] if _received else signal.SIGINT)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    _pressed.set()
    raise KeyboardInterrupt


def _raise_again() -> None:
    import _thread

    _thread.interrupt_main()  # as if SIGINT came again: _on_signal runs in the main thread


def _unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    if unraisable.exc_value is not None and interrupted(unraisable.exc_value):
        threading.Timer(RETRY_SECONDS, _raise_again).start()  # not from here: it would be lost again
        return
    if _pressed.is_set():
        return  # an object the interrupt left half-built, failing as it is freed: noise
    _default_unraisable(unraisable)


_default_unraisable = sys.unraisablehook


def install() -> None:
    """Take over SIGINT, SIGTERM and SIGHUP (each unless it is ignored) and lost interrupts."""
    for signum in SIGNALS:
        if signal.getsignal(signum) in (signal.default_int_handler, signal.SIG_DFL):
            signal.signal(signum, _on_signal)
    sys.unraisablehook = _unraisable
