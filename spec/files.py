"""Writing files whole or not at all.

Every file the suite writes (records, report pages, summaries, tables) is written to a temporary
file in the same folder and renamed over the target when complete: an interrupt, a crash or a full
disk leaves the previous content (or no file), never half of one or an empty one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_writer(path: str | Path, encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text file to write to; it replaces `path` only if the block ends without an exception."""
    target = Path(path)
    if _special(target):  # /dev/null, /dev/stdout, a pipe: written in place, never replaced
        with open(target, "w", encoding=encoding) as fh:
            yield fh
        return
    # Same folder: the rename is atomic only within one file system. An OSError here (no such
    # folder, not writable) reaches the caller, as opening the target itself would.
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())  # on disk before the rename, so a full disk fails here
        if target.is_dir():  # as open(path, "w") would refuse a folder
            raise IsADirectoryError(21, "Is a directory", str(target))
        os.chmod(tmp, _mode(target))  # mkstemp's 0600 would hide the file from its usual readers
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _special(target: Path) -> bool:
    """Whether the path is a device or a pipe (what a rename would replace by a plain file)."""
    try:
        mode = target.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _mode(target: Path) -> int:
    """The mode the file would have if written in place: its own, or the default one."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_text_atomic(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """`Path(path).write_text(text)`, whole or not at all."""
    with atomic_writer(path, encoding) as fh:
        fh.write(text)
