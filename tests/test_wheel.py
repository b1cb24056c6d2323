"""The distribution as its users get it: the sdist and the wheel built from it, the wheel installed in
a fresh virtual environment outside the source tree, beside an engine's own `engine` and `spec`
packages, and the suite's main commands run from it.

Every file a Python process of that environment opens is logged (an audit hook that the
environment's sitecustomize installs in every process, workers included): a file read from the
source tree, or a file of the package that the wheel lacks, fails the test. Everything else in the
suite runs from the checkout, where a data file missing from the package data would never show.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "js-mineiro" / "engine.js"
NODE = shutil.which("node")
SIZES = ROOT / "build" / "results" / "wheel.txt"  # tests/run-all.sh prints it at the end of the run

# Installed as sitecustomize.py in the fresh environment: every `open` of every process is logged.
AUDIT = '''
import os, sys
_log = os.environ.get("TRUCO_OPEN_LOG")
if _log:
    _fd, _busy = None, False
    def _hook(event, args):
        global _fd, _busy
        if event != "open" or _busy or not isinstance(args[0], (str, os.PathLike)):
            return
        _busy = True
        try:
            if _fd is None:
                _fd = os.open(_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            os.write(_fd, (os.path.abspath(os.fspath(args[0])) + "\\n").encode("utf-8", "surrogateescape"))
        finally:
            _busy = False
    sys.addaudithook(_hook)
'''


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, (f"{' '.join(cmd)} exited {done.returncode}:\n"
                                  f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    # `python -m build` makes the sdist, then the wheel from the unpacked sdist: the path a wheel
    # built from the package index's sdist takes, where the checkout's links do not exist.
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], cwd=work)
    wheel = next(dist.glob("*.whl"))
    sdist = next(dist.glob("*.tar.gz"))
    env_dir = work / "fresh"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
         cwd=work)
    purelib = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(_run([str(python), "-c", purelib], cwd=work).strip())
    (site / "sitecustomize.py").write_text(AUDIT, encoding="utf-8")
    own = work / "own"  # an engine's own packages, first on the path
    for name in ("engine", "spec"):
        (own / name).mkdir(parents=True)
        (own / name / "__init__.py").write_text(f"WHO = 'the environment own {name}'\n", encoding="utf-8")
    if SIZES.parent.is_dir():
        SIZES.write_text(f"wheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB; "
                         f"sdist {sdist.name}: {sdist.stat().st_size / 1e6:.2f} MB\n", encoding="utf-8")
    return {"work": work, "wheel": wheel, "python": python, "bin": env_dir / "bin", "site": site, "own": own}


def _env(installed: dict[str, Path], log: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return {**env, "PYTHONPATH": str(installed["own"]), "TRUCO_OPEN_LOG": str(log),
            "PATH": f"{installed['bin']}{os.pathsep}{env.get('PATH', '')}"}


def _opened_wrongly(log: Path, site: Path) -> list[str]:
    """Files read from the checkout, and files of the package the wheel lacks."""
    bad = set()
    package = site / "truco_rules"
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        path = Path(line)
        if path.is_relative_to(ROOT):
            bad.add(f"read from the source tree: {path}")
        elif path.is_relative_to(package) and not path.exists() and "__pycache__" not in path.parts:
            bad.add(f"not in the wheel: {path.relative_to(site)}")
    return sorted(bad)


@pytest.mark.slow
def test_the_wheel_installs_one_import_name(installed: dict[str, Path]) -> None:
    with zipfile.ZipFile(installed["wheel"]) as whl:
        tops = {name.split("/", 1)[0] for name in whl.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"truco_rules"}


@pytest.mark.slow
def test_check_runs_from_the_wheel_beside_an_engines_own_packages(installed: dict[str, Path]) -> None:
    log = installed["work"] / "check-opened.log"
    out = _run(["truco", "check", "--games", "10", "--programs", "2"], cwd=installed["work"],
               env=_env(installed, log))
    assert ": 0 violations" in out, out[-2000:]
    opened = log.read_text(encoding="utf-8")
    assert str(installed["site"] / "truco_rules" / "spec" / "data" / "clauses.yaml") in opened  # logged
    assert not _opened_wrongly(log, installed["site"])
    own = _run([str(installed["python"]), "-c", "import engine, spec; print(engine.WHO); print(spec.WHO)"],
               cwd=installed["work"], env=_env(installed, log))
    assert own.split("\n")[:2] == ["the environment own engine", "the environment own spec"]


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_the_suite_runs_from_the_wheel_on_the_javascript_example(installed: dict[str, Path]) -> None:
    log = installed["work"] / "suite-opened.log"
    out = _run(["truco", "conformance", "--suite", "--engine-cmd", f"{NODE} {EXAMPLE}"],
               cwd=installed["work"], env=_env(installed, log))
    assert "0 broken" in out, out[-2000:]
    assert not _opened_wrongly(log, installed["site"])


def test_the_audit_sees_a_read_from_the_source_tree(tmp_path: Path) -> None:
    """The check above could never fail if the log missed reads: a planted read is seen."""
    log = tmp_path / "opened.log"
    planted = [ROOT / "spec" / "data" / "clauses.yaml", tmp_path / "site" / "truco_rules" / "x.yaml"]
    log.write_text("".join(f"{p}\n" for p in planted), encoding="utf-8")
    assert _opened_wrongly(log, tmp_path / "site") == [
        f"not in the wheel: {Path('truco_rules') / 'x.yaml'}",
        f"read from the source tree: {ROOT / 'spec' / 'data' / 'clauses.yaml'}"]
