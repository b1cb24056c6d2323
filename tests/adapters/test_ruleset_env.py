"""Rulesets added with --ruleset-file reach the processes the checker starts: the engine, like the
spec, reads the files named by TRUCO_RULESET_FILES when it first loads its rulesets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "spec" / "data" / "rulesets" / "argentino-1v1.yaml"


def _renamed(tmp_path: Path, name: str, code: str) -> Path:
    """The Argentine file under another name, code and clause IDs (a ruleset the shipped files do
    not hold)."""
    text = SHIPPED.read_text(encoding="utf-8").replace("name: argentino-1v1", f"name: {name}", 1)
    text = text.replace("ARG-", f"{code.upper()}X-")
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace("code: ar\n", f"code: {code}\n", 1), encoding="utf-8")
    return path


def _play(env_files: str) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter plays a match of `argentino-env-test` with the variable set."""
    script = ("from engine import Game, find_ruleset\n"
              "g = Game.new('argentino-env-test', seed=1)\n"
              "while g.to_act is not None: g.push(g.legal_actions()[0])\n"
              "print(find_ruleset('argentino-env-test').file, g.record()['result']['winner'])\n")
    env = {**os.environ, "TRUCO_RULESET_FILES": env_files}
    return subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_engine_reads_the_rulesets_named_by_the_environment(tmp_path: Path) -> None:
    path = _renamed(tmp_path, "argentino-env-test", "ae")
    done = _play(os.pathsep.join(["", str(path)]))  # an empty entry is skipped
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == str(path)
    missing = _play("")
    assert missing.returncode != 0 and "UnknownRulesetError" in missing.stderr, "without it: unknown"


def test_checker_workers_play_a_ruleset_file_on_the_reference_engine(tmp_path: Path) -> None:
    """Two worker processes: their reference engine knows the file only through the variable. The
    check runs in its own process, so that the file is not left loaded in the test's."""
    path = _renamed(tmp_path, "argentino-workers-test", "aw")
    env = {k: v for k, v in os.environ.items() if k != "TRUCO_RULESET_FILES"}
    done = subprocess.run([sys.executable, "-m", "truco_cli", "check", "--ruleset-file", str(path),
                           "--games", "4", "--programs", "0", "--jobs", "2", "--json",
                           "--call-timeout", "0"],  # a loaded machine: no limit
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 4 and data["rulesets"] == ["argentino-workers-test"], data
