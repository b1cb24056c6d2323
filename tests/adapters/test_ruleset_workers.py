"""Rulesets added with --ruleset-file reach the processes the checker starts because they are
given to them: the spec's catalogue as paths to each worker, the reference engine through its
factory (which carries each file's text). No environment variable plays a part."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from truco_rules.engine.adapter import make_adapter

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


def _fresh(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", script], env={**os.environ, **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def test_an_environment_variable_loads_no_ruleset(tmp_path: Path) -> None:
    """The variable that used to carry the files is ignored: a process knows a file it is given."""
    path = _renamed(tmp_path, "argentino-env-test", "ae")
    script = ("from engine import find_ruleset\n"
              "from truco_rules.spec.catalogue import load_catalogue\n"
              "print('argentino-env-test' in load_catalogue().rulesets)\n"
              "find_ruleset('argentino-env-test')\n")
    done = _fresh(script, TRUCO_RULESET_FILES=str(path))
    assert done.stdout.split() == ["False"] and "UnknownRulesetError" in done.stderr, done.stderr


def test_the_engine_factory_plays_a_file_a_worker_does_not_have(tmp_path: Path) -> None:
    """A worker on another machine gets the factory by pickling: the file's text comes with it."""
    from truco_rules.cli.engines import WithRulesetFiles

    path = _renamed(tmp_path, "argentino-remote-test", "ar")
    factory = WithRulesetFiles(make_adapter, ((str(tmp_path / "gone" / path.name), path.read_text()),))
    blob = pickle.dumps(factory).hex()
    script = ("import pickle\n"
              f"factory = pickle.loads(bytes.fromhex({blob!r}))\n"
              "adapter = factory()\n"
              "from engine import Game\n"
              "g = Game.new('argentino-remote-test', seed=1)\n"
              "while g.to_act is not None: g.push(g.legal_actions()[0])\n"
              "print(g.record()['result']['winner'] in (0, 1), getattr(factory, 'announced', None))\n")
    done = _fresh(script)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == ["True", "None"], done.stdout


@pytest.mark.slow
def test_checker_workers_play_a_ruleset_file_on_the_reference_engine(tmp_path: Path) -> None:
    """Two worker processes: their catalogue and their reference engine know the file only because
    they are given it. The check runs in its own process, so that the file is not left loaded in
    the test's."""
    path = _renamed(tmp_path, "argentino-workers-test", "aw")
    env = dict(os.environ)
    done = subprocess.run([sys.executable, "-m", "truco_rules.cli", "check", "--ruleset-file", str(path),
                           "--games", "4", "--programs", "0", "--jobs", "2", "--json",
                           "--call-timeout", "0"],  # a loaded machine: no limit
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 4 and data["rulesets"] == ["argentino-workers-test"], data
