"""Bots for the referee's tests: the kits' bots (Python, Node, Java) and the hostile ones."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from truco_rules.referee.connection import BotSpec
from truco_rules.referee.faults import Policy

ROOT = Path(__file__).resolve().parents[2]
KITS = ROOT / "examples" / "bots"
HOSTILE = Path(__file__).resolve().parent / "bots" / "hostile.py"
# Times that a bot of the kits meets on a busy machine, and a late bot (two seconds) never does.
POLICY = Policy(on_fault="random", max_faults=3, restarts=3, move_ms=500, bank_ms=500, start_ms=20_000,
                fault_rate=0.5, min_decisions=10)


def kit(name: str) -> BotSpec:
    """A bot of the kits: random-py, heuristic-py, random-js, heuristic-js."""
    kind, lang = name.rsplit("-", 1)
    if lang == "py":
        return BotSpec(name, (sys.executable, str(KITS / "python" / f"{kind}_bot.py")))
    return BotSpec(name, ("node", str(KITS / "js" / f"{kind}.js")))


def hostile(mode: str, after: int = 3) -> BotSpec:
    return BotSpec(mode, (sys.executable, str(HOSTILE), mode, str(after)))


def bot_entry(spec: BotSpec) -> dict[str, Any]:
    return {"name": spec.name, "command": list(spec.command)}


def compile_java(out: Path) -> Path:
    """The Java kit, compiled with javac alone into `out`."""
    javac = shutil.which("javac")
    assert javac, "the Java kit needs a JDK (javac)"
    subprocess.run([javac, "-d", str(out), *map(str, sorted((KITS / "java").glob("*.java")))], check=True)
    return out


def java_bot(name: str, classes: Path) -> BotSpec:
    main = {"random-java": "RandomBot", "heuristic-java": "HeuristicBot"}[name]
    return BotSpec(name, ("java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", str(classes), main))


def write_tournament(path: Path, bots: list[BotSpec], policy: dict[str, Any] | None = None,
                     **fields: Any) -> Path:
    """A tournament file with these bots and fields, and the tests' policy changed by `policy`."""
    rules = {"on_fault": POLICY.on_fault, "max_faults": POLICY.max_faults, "restarts": POLICY.restarts,
              "move_ms": POLICY.move_ms, "bank_ms": POLICY.bank_ms, "start_ms": POLICY.start_ms,
              "fault_rate": POLICY.fault_rate, "min_decisions": POLICY.min_decisions, **(policy or {})}
    data = {"format": "truco-tournament/1", "name": "test cup", "ruleset": "paulista-1v1", "seed": 3,
            "policy": rules, "bots": [bot_entry(b) for b in bots], **fields}
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path
