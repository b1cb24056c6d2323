"""Outputs that cannot collide: two outputs of one run naming the same file are refused before any
work (each would replace the other, and all but the last would be lost without a word), and a
report folder is written by one run at a time.

The same file is the same path once resolved (links followed), or the same file on disk (a hard
link). A device or a pipe (/dev/null, /dev/stdout) is written in place, never replaced, so it may
be named twice.

A report folder is locked for the whole run by an advisory lock on the folder itself (flock): it
holds no lock file, and the lock ends with the process however the process ends. A second run on
the same folder is refused in one line, before it plays a game. A folder the run created and left
empty (a run stopped before its first page) is removed at the end.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from truco_rules.cli.errors import fail


def _key(path: str) -> tuple[str, ...]:
    """What identifies the file a path names: its resolved path, and its inode if it exists."""
    resolved = os.path.realpath(path)
    try:
        st = os.stat(resolved)
    except OSError:
        return (resolved,)
    if not stat.S_ISREG(st.st_mode) and not stat.S_ISDIR(st.st_mode):
        return ()  # a device or a pipe: written in place, never replaced
    return (resolved, f"{st.st_dev}:{st.st_ino}")


def distinct_outputs(outputs: Mapping[str, str | None], inputs: Mapping[str, str | None] | None = None,
                     updates: Mapping[str, str] | None = None) -> None:
    """Exit 2 (one line) when two of the outputs (option -> path, None when not given) name the
    same file, or an output names a file the run reads (`inputs`) that it does not update (`updates`:
    output option -> the input option it rewrites, as --write-expectations may --expect-failures)."""
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if path is None:
            continue
        for key in _key(path):
            if key in seen and seen[key] != option:
                fail(f"{seen[key]} and {option} name the same file ({path}): each would replace the other; "
                     "give each output a file of its own")
            seen.setdefault(key, option)
    for option, path in (inputs or {}).items():
        if path is None:
            continue
        for key in _key(path):
            writer = seen.get(key)
            if writer is not None and (updates or {}).get(writer) != option:
                fail(f"{writer} names the file {option} reads ({path}): it would be replaced; give the "
                     "output a file of its own")


_HELD: list[int] = []  # the descriptors that hold the locks, open to the end of the process


def lock_report_folder(folder: str) -> None:
    """Create the report folder if need be and hold it for this run: exit 2 (one line) when
    another run holds it, or it cannot be made."""
    import fcntl

    path = Path(folder)
    created = not path.exists()
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as exc:
        fail(f"cannot write the report to {folder}: {exc.strerror or exc}")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        fail(f"the report folder {folder} is in use by another run (one run at a time writes a report "
             "folder): wait for it, or give another --report folder")
    _HELD.append(fd)
    if created:
        atexit.register(_remove_if_empty, path)


def _remove_if_empty(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.rmdir()  # only an empty folder goes
