"""A run's folder: the matches played so far, so that an interrupted run resumes where it stopped.

`matches.jsonl` holds one record a line (truco-record/1 with its referee block), appended and
flushed to the disk as each match ends: a match is played once, and a line cut short by a kill is
dropped on the next start (that match is played again, never twice). `run.json` names the
tournament file's digest: a folder belongs to one tournament, and another file is refused.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MATCHES = "matches.jsonl"
RUN = "run.json"


class JournalError(Exception):
    """A run folder that cannot be used (one line)."""


class Journal:
    def __init__(self, folder: str | Path, digest: str, name: str) -> None:
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._claim(digest, name)
            self.done = self._read()
            self.fh = (self.folder / MATCHES).open("a", encoding="utf-8")
        except OSError as exc:
            raise JournalError(f"{self.folder}: {exc.strerror or exc}") from None

    def _claim(self, digest: str, name: str) -> None:
        run = self.folder / RUN
        if run.exists():
            try:
                claimed = json.loads(run.read_text(encoding="utf-8"))
            except ValueError:
                raise JournalError(f"{run}: not a run file of truco tournament") from None
            if not isinstance(claimed, dict) or claimed.get("digest") != digest:
                raise JournalError(f"{self.folder} holds a run of another tournament file (or of this file "
                                   "before it changed): give another --out folder")
            return
        if (self.folder / MATCHES).exists():
            raise JournalError(f"{self.folder} holds matches but no {RUN}: give another --out folder")
        run.write_text(json.dumps({"format": "truco-tournament-run/1", "tournament": name, "digest": digest})
                       + "\n", encoding="utf-8")

    def _read(self) -> dict[str, dict[str, Any]]:
        path = self.folder / MATCHES
        if not path.exists():
            return {}
        data = path.read_bytes()
        keep = data.rfind(b"\n") + 1  # a last line without its end was cut short: drop it
        if keep < len(data):
            with path.open("r+b") as fh:
                fh.truncate(keep)
        done: dict[str, dict[str, Any]] = {}
        for number, line in enumerate(data[:keep].splitlines(), 1):
            try:
                record = json.loads(line)
                done[record["referee"]["match"]] = record
            except (ValueError, KeyError, TypeError):
                raise JournalError(f"{path} line {number}: not a record of this referee") from None
        return done

    def add(self, record: dict[str, Any]) -> None:
        """Keep a finished match (flushed to the disk before the next one is counted)."""
        self.fh.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
        self.fh.flush()
        os.fsync(self.fh.fileno())
        self.done[record["referee"]["match"]] = record

    def close(self) -> None:
        self.fh.close()
