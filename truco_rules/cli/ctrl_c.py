"""Ctrl-C ends every command with exit 130, soon and without a traceback.

Python raises KeyboardInterrupt wherever it happens to be when the signal comes. Where it must
ignore an exception (a destructor, a garbage-collection callback: Z3's objects free themselves
in destructors) the interrupt would be lost and the command would go on; and objects that the
interrupt left half-built fail in their destructors. So: an interrupt lost that way is raised
again in the main thread a moment later, destructor failures after Ctrl-C are not shown, and
`pressed()` tells the entry point that Ctrl-C came even if every attempt was swallowed.
"""

from __future__ import annotations

import signal
import sys
import threading
from types import FrameType

from truco_rules.cli.errors import interrupted

RETRY_SECONDS = 0.05  # long enough for the destructor that swallowed the interrupt to return

_pressed = threading.Event()


def pressed() -> bool:
    return _pressed.is_set()


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    _pressed.set()
    raise KeyboardInterrupt


def _raise_again() -> None:
    import _thread

    _thread.interrupt_main()  # as if the signal came again: _on_sigint runs in the main thread


def _unraisable(unraisable: sys.UnraisableHookArgs) -> None:
    if unraisable.exc_value is not None and interrupted(unraisable.exc_value):
        threading.Timer(RETRY_SECONDS, _raise_again).start()  # not from here: it would be lost again
        return
    if _pressed.is_set():
        return  # an object the interrupt left half-built, failing as it is freed: noise
    _default_unraisable(unraisable)


_default_unraisable = sys.unraisablehook


def install() -> None:
    """Take over SIGINT (unless it is ignored, as in a background job) and lost interrupts."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
    sys.unraisablehook = _unraisable
