"""The protocol guide's transcripts: one whole match per family, the reference engine served over the
engine protocol (`python -m spec.protocol.serve truco_rules.engine.adapter:make_adapter`), every line as sent.

    python scripts/protocol_transcripts.py          # rewrite docs/transcripts/*.txt
    python scripts/protocol_transcripts.py --check  # exit 1 when a file is not what it regenerates to

A client plays each match as the checker would talk to an engine (hello, new_game with a stacked
first deal and the deal asked once, then to_act, legal and apply at every step, and the record
at the end, which holds every hand's deal), choosing the first action of a fixed preference so
that raises, envido, flor and the muestra all show. The engine's reply lines are kept byte for byte.
"""

from __future__ import annotations

import os
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from truco_rules.spec.protocol.client import EngineProcess  # noqa: E402

OUT = ROOT / "docs" / "transcripts"
SERVE = [sys.executable, "-m", "truco_rules.spec.protocol.serve", "truco_rules.engine.adapter:make_adapter"]
# file name -> (ruleset, seed, the first deal stacked, the order of preference of the actions)
RAISES = ("raise 12", "raise 10", "raise 6", "raise 4", "raise 3", "raise 2", "accept")
GAMES: dict[str, tuple[str, int, dict[str, Any], tuple[str, ...]]] = {
    "mineiro-1v1": (
        "mineiro-1v1-es",
        1,
        {"hands": [["4C", "7H", "3S"], ["AS", "5D", "KH"]], "muestra": None},
        RAISES,
    ),
    "mineiro-pairs": (
        "mineiro-pairs-it",
        2,
        {
            "hands": [["4C", "7H", "3S"], ["AS", "5D", "KH"], ["2C", "QS", "JD"], ["7D", "3H", "AC"]],
            "muestra": None,
        },
        RAISES,
    ),
    "gauderio-pairs": (
        "gauderio-pairs-es",
        3,
        {
            "hands": [["1e", "7e", "12e"], ["4b", "5o", "6c"], ["3o", "2o", "11b"], ["1b", "7o", "10c"]],
            "muestra": None,
        },
        ("flor", "contraflor", "envido", "real-envido", *RAISES),
    ),
    "uruguayo-1v1": (
        "uruguayo-1v1",
        4,
        {"hands": [["2o", "4b", "7e"], ["11o", "3c", "1e"]], "muestra": "5o"},
        ("envido", "flor", *RAISES),
    ),
}
MAX_STEPS = 2000  # a match that does not end by then is a bug of this script or the engine


class Recorder(EngineProcess):
    """An engine process that keeps every line it writes and reads, as they went over the pipes."""

    def __init__(self, argv: Sequence[str]) -> None:
        super().__init__(argv)
        self.lines: list[str] = []

    def _write(self, message: Any) -> None:
        import json

        self.lines.append("> " + json.dumps(message, separators=(",", ":")))
        super()._write(message)

    def _read_line(self, cmd: str, deadline: float | None, timeout: float) -> bytes:
        line = super()._read_line(cmd, deadline, timeout)
        self.lines.append("< " + line.decode("utf-8"))
        return line


def transcript(name: str) -> str:
    """The transcript of the match `name` of GAMES, as the text of its file."""
    ruleset, seed, deal, prefer = GAMES[name]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = Recorder(SERVE)
    old = os.getcwd()
    os.chdir(ROOT)
    saved = os.environ.copy()
    os.environ.update(env)
    try:
        process.start()
        ask = lambda cmd, **a: process.request({"cmd": cmd, **a}, 20.0)["ok"]  # noqa: E731
        ask("new_game", ruleset=ruleset, seed=seed, readings={}, deals=[deal])
        ask("deal")
        for _ in range(MAX_STEPS):
            if ask("to_act")["seat"] is None:
                break
            legal = ask("legal")["actions"]
            plays = sorted(a for a in legal if a.startswith("play ")) or sorted(legal)
            action = next((a for p in prefer for a in legal if a == p), plays[0])
            ask("apply", action=action)
        else:
            raise RuntimeError(f"{name}: the match did not end in {MAX_STEPS} actions")
        ask("record")
    finally:
        process.quit()
        os.chdir(old)
        os.environ.clear()
        os.environ.update(saved)
    return "\n".join(process.lines) + "\n"


def main(argv: list[str]) -> int:
    check = argv == ["--check"]
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        path = OUT / f"{name}.txt"
        text = transcript(name)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"not what they regenerate to: {', '.join(stale)} (run scripts/protocol_transcripts.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
