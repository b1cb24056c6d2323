"""The guide page "Check your engine in CI": its workflow, and its code for the protocol helpers,
are the same in the four languages and are code that works (the site's build checks only links)."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib

import pytest
import yaml

from truco_rules import protocol as truco_protocol
from truco_rules.protocol.engine_side import Session
from truco_rules.text.languages import LANGS

ROOT = pathlib.Path(__file__).resolve().parents[2]

NODE = shutil.which("node") or "node"
SUITE_OPTIONS = ("--suite", "--engine-cmd", "--ruleset", "--expect-failures", "--junit", "--summary-md")


def blocks(lang: str, kind: str) -> list[str]:
    text = (ROOT / "docs" / lang / "guide" / "ci.md").read_text(encoding="utf-8")
    return re.findall(rf"^```{kind}\n(.*?)^```$", text, flags=re.S | re.M)


def steps(lang: str) -> list[dict]:
    (workflow,) = blocks(lang, "yaml")
    return yaml.safe_load(workflow)["jobs"]["conformance"]["steps"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_workflow_is_the_english_one_in_every_language(lang: str) -> None:
    """Step names and comments are translated; what runs is not."""
    def what_runs(lang: str) -> list[tuple]:
        return [(s.get("uses"), s.get("with"), s.get("if"), re.sub(r"<[^>]+>", "URL", s.get("run", "")))
                for s in steps(lang)]

    assert what_runs(lang) == what_runs("en")


def test_the_workflow_runs_the_suite_and_keeps_its_junit_file() -> None:
    run = {s.get("name"): s for s in steps("en")}
    command = run["Conformance suite"]["run"].split()
    assert all(option in command for option in SUITE_OPTIONS), command
    assert command[command.index("--junit") + 1] in run["Keep the JUnit report"]["with"]["path"].split()
    assert run["Keep the JUnit report"]["if"] == "always()", "the report matters most when the suite fails"
    # the real package, at the version of this checkout: no address to fill in (issue 39)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert run["Install truco-rules"]["run"] == f'pip install "{project["name"]}=={project["version"]}"'
    assert "conformance-expectations.yaml" in run["Keep the JUnit report"]["with"]["path"].split()


@pytest.mark.slow  # about 30 s: the whole suite on the example engine, as the workflow runs it
def test_the_workflow_runs_as_copied_in_a_fresh_repository_with_the_javascript_example(
        tmp_path: pathlib.Path) -> None:
    """The workflow's steps, in a new repository holding only the JavaScript example: with no
    expectations file yet, the suite runs, passes and writes one; its JUnit report and its summary
    are there to keep. (The install step is the one above: here the package is installed already.)"""
    repo = tmp_path / "my-engine"
    repo.mkdir()
    for name in ("engine.js", "truco-protocol.js"):
        shutil.copy(ROOT / "examples" / "js-mineiro" / name, repo)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    summary = tmp_path / "step-summary.md"
    bin_dir = str(pathlib.Path(sys.executable).parent)
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary),
           "PATH": bin_dir + os.pathsep + os.environ["PATH"]}
    for step in steps("en"):
        if "run" not in step or step["name"] == "Install truco-rules":
            continue
        done = subprocess.run(["bash", "-c", step["run"]], cwd=repo, env=env, capture_output=True, text=True,
                              timeout=600, check=False)
        assert done.returncode == 0, (step["name"], done.stdout[-2000:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr
    expectations = yaml.safe_load((repo / "conformance-expectations.yaml").read_text(encoding="utf-8"))
    assert expectations["format"] == "truco-expectations/1" and expectations["failures"] == {}
    assert (repo / "conformance.xml").is_file() and summary.read_text(encoding="utf-8").strip()


@pytest.mark.parametrize("lang", LANGS)
def test_the_python_skeleton_is_an_engine_the_helper_accepts(lang: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    (code,) = blocks(lang, "python")
    sessions: list[Session] = []
    # The page's serve() call, without reading stdin: the session it would serve.
    monkeypatch.setattr(truco_protocol, "serve",
                        lambda engine, **hello: sessions.append(Session(engine, **hello)))
    exec(compile(code, f"ci.md ({lang})", "exec"), {})
    (session,) = sessions
    assert session.features == ["deals", "observation", "undo"], session.features
    assert session.hello_ok["rulesets"] == ["mineiro-1v1-es"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_javascript_skeleton_is_an_engine_the_helper_accepts(lang: str, tmp_path: pathlib.Path) -> None:
    (code,) = blocks(lang, "js")
    shutil.copy(ROOT / "examples" / "js-mineiro" / "truco-protocol.js", tmp_path)
    (tmp_path / "skeleton.js").write_text(code, encoding="utf-8")
    run = subprocess.run([NODE, str(tmp_path / "skeleton.js")], input=textwrap.dedent("""\
        {"id": 0, "cmd": "hello", "protocol": 1}
        """).encode(), capture_output=True, timeout=30, check=False)
    assert run.returncode == 0, run.stderr
    assert b'"features":["deals","observation","undo"]' in run.stdout, run.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_the_page_lists_is_one_of_truco_conformance(lang: str) -> None:
    from click.testing import CliRunner

    from truco_rules.cli.main import cli

    text = (ROOT / "docs" / lang / "guide" / "ci.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `(--[a-z-]+)", text, flags=re.M))
    assert set(SUITE_OPTIONS) <= listed
    usage = CliRunner().invoke(cli, ["conformance", "--help"]).output
    assert all(option in usage for option in listed), sorted(o for o in listed if o not in usage)
