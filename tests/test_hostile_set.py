"""The whole hostile set in one run: records, ruleset files, engines in and out of process, and an
interrupted write, each as a real `truco` process. For every case: no traceback, the documented
exit code, no hang past its limit, memory under a bound, no process left behind, and no file lost
or half-written. (An engine module that loops at import waits out the 30 s import limit: its own
test, tests/check/test_hostile_engines.py, runs it with the limit lowered.)"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import resource
import shlex
import signal
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml

from tests.hostile_corpus import CORPUS, SHORT
from tests.rendered_markdown import live_payload
from tests.spec.rulesets_for_tests import HOSTILE_YAML

ROOT = Path(__file__).resolve().parents[1]
TIME_LIMIT = 60.0  # seconds any one case may take
MEMORY_LIMIT_MB = 1500  # the peak resident memory of any process a case started
EXIT_BAD_INPUT, EXIT_VIOLATIONS, EXIT_OK = 2, 1, 0


def _left_behind(mark: str) -> list[int]:
    """The processes still alive that carry this case's mark in their environment."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if f"TRUCO_HOSTILE_MARK={mark}".encode() in environ.split(b"\0"):
            alive.append(int(entry.name))
    return alive


def as_at_a_terminal() -> None:
    """In the child before it starts: SIGINT as a terminal gives it (a process started with SIGINT
    ignored, as a background job is, keeps ignoring it, and rightly)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _truco(
    args: list[str],
    *,
    stdin: int | None = subprocess.DEVNULL,
    env: dict[str, str] | None = None,
    interrupt_after: float | None = None,
) -> tuple[int, str, str, float]:
    """Run `truco ARGS` as a process of its own; (exit code, stdout, stderr, seconds)."""
    mark = uuid.uuid4().hex
    full_env = {**os.environ, **(env or {}), "TRUCO_HOSTILE_MARK": mark, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "truco_rules.cli", *args],
        cwd=ROOT,
        env=full_env,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # SIGINT as a terminal gives it, also where the suite runs with it ignored (a background job)
        preexec_fn=as_at_a_terminal,
    )
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"truco {shlex.join(args)} did not end within {TIME_LIMIT:g} s")
    seconds = time.monotonic() - start
    time.sleep(0.2)  # a process the case left behind would still be alive after this
    leftovers = _left_behind(mark)
    for pid in leftovers:
        os.kill(pid, signal.SIGKILL)
    assert not leftovers, f"truco {shlex.join(args)} left processes behind: {leftovers}"
    return proc.returncode, out, err, seconds


# Around a case: what must hold while it runs (a report folder another run holds), and after it
# (its files whole, each read by a parser of its format); None for nothing.
Around = Callable[[], contextlib.AbstractContextManager[None]] | None
Case = tuple[str, list[str], set[int], dict[str, str] | None, Around]


def _cases(tmp: Path) -> list[Case]:
    """(name, arguments, the exit codes the documentation gives, environment, around) for every case."""
    return [(*case, None) for case in _earlier_cases(tmp)] + _round_three(tmp)


def _earlier_cases(tmp: Path) -> list[tuple[str, list[str], set[int], dict[str, str] | None]]:
    """The cases of the first two rounds."""
    records = tmp / "hostile.jsonl"
    records.write_text(
        "\n".join(
            [
                "not json at all",
                "[" * 5000 + "]" * 5000,
                json.dumps(
                    {
                        "format": "truco-record/1",
                        "ruleset": "mineiro-1v1-es",
                        "readings": {},
                        "seed": 1,
                        "hands": [{"deal": [["\x1b[31m4C", "7H", "AS"]]}],
                        "result": None,
                    }
                ),
                json.dumps(
                    {
                        "format": "truco-record/1",
                        "ruleset": "no-such-ruleset",
                        "readings": {},
                        "seed": 1,
                        "hands": [],
                        "result": None,
                    }
                ),
                "x" * 300_000,
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    cases: list[tuple[str, list[str], set[int], dict[str, str] | None]] = [
        ("records", ["validate", str(records)], {EXIT_VIOLATIONS}, None),
        ("records-json", ["validate", str(records), "--json"], {EXIT_VIOLATIONS}, None),
        ("ruleset-file-not-regular", ["clauses", "--ruleset-file", "/dev/zero"], {EXIT_BAD_INPUT}, None),
    ]
    for name, (text, _) in HOSTILE_YAML.items():
        path = tmp / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        cases.append(
            (f"ruleset-file-{name}", ["clauses", "--ruleset-file", str(path)], {EXIT_BAD_INPUT}, None)
        )
        cases.append(
            (
                f"ruleset-file-{name}-validate",
                ["validate", str(records), "--ruleset-file", str(path)],
                {EXIT_BAD_INPUT},
                None,
            )
        )
    quick = ["--ruleset", "mineiro-1v1-es", "--games", "3", "--programs", "0", "--no-situations", "--json"]
    # engines that break (faults, a record that is not JSON, HTML in what they say) and engines that
    # only misbehave around the rules (printing, forking helpers): those pass
    for factory, code in (
        ("raises_base_exceptions", EXIT_VIOLATIONS),
        ("bad_records", EXIT_VIOLATIONS),
        ("raises_html", EXIT_VIOLATIONS),
        ("lists_html", EXIT_VIOLATIONS),
        ("prints", EXIT_OK),
        ("forks", EXIT_OK),
    ):
        cases.append(
            (
                f"engine-{factory}",
                ["check", "--engine", f"tests.planted.hostile:{factory}", *quick],
                {code},
                None,
            )
        )
    # a module that raises or exits at import is bad input; one that prints there plays well
    for module, code in (
        ("raises_at_import", EXIT_BAD_INPUT),
        ("exits_at_import", EXIT_BAD_INPUT),
        ("os_exits_at_import", EXIT_BAD_INPUT),
        ("prints_at_import", EXIT_OK),
    ):
        cases.append(
            (
                f"engine-{module}",
                ["check", "--engine", f"tests.planted.{module}:make_adapter", *quick],
                {code},
                None,
            )
        )
    engine_cmd = shlex.join([sys.executable, str(ROOT / "tests" / "planted" / "protocol_engine.py")])
    for name, planted in (
        ("chatty", {"stderr": 20_000}),
        ("bad-hello", {"hello": {"features": 5}}),
        ("crash", {"crash_on": "apply"}),
        ("html-name", {"name": "<script>x</script>"}),
    ):
        cases.append(
            (
                f"engine-cmd-{name}",
                ["check", "--engine-cmd", engine_cmd, *quick],
                {EXIT_OK, EXIT_VIOLATIONS, EXIT_BAD_INPUT},
                {"TRUCO_PLANTED": json.dumps(planted)},
            )
        )
    return cases


ENGINE_CMD = shlex.join([sys.executable, str(ROOT / "tests" / "planted" / "protocol_engine.py")])
HOSTILE = CORPUS["everything"]  # every hostile string of the corpus, in one
QUICK = ["-r", "mineiro-1v1-es", "--games", "1", "--programs", "0", "--jobs", "1"]


def _round_three(tmp: Path) -> list[Case]:
    """Issue 38: escapes per format, strict start positions, outputs that cannot collide, bounds."""
    cases: list[Case] = []
    good = {"format": "truco-repro/1", "ruleset": "mineiro-1v1-es", "readings": {}, "seed": 1,
            "deals": [{"hands": [["4C", "5C", "6C"], ["7C", "QC", "JC"]], "muestra": None}],
            "steps": [{"seat": 0, "action": "play 4C"}]}
    # (every start position of the issue: tests/check/test_replay_input.py; here one of each kind)
    starts = {"1e400": "[1e400, 0], 0", "string": '"12", 0', "target": "[12, 12], 0", "true": "[true, 0], 0"}
    for name, start in starts.items():
        scores, dealer = start.rsplit(", ", 1)
        script = tmp / f"start-{name}.json"
        script.write_text(json.dumps(good)[:-1] + f', "start": {{"scores": {scores}, "dealer": {dealer}}}}}',
                          encoding="utf-8")
        cases.append((f"replay-start-{name}", ["replay", str(script)], {EXIT_BAD_INPUT}, None, None))
    unknown = {"hello": {"protocol": 1, "engine": {"name": "x"}, "rulesets": ["no-such"]}}
    cases.append(("hello-unknown-ruleset", ["check", "--engine-cmd", ENGINE_CMD, "--games", "1", "--json"],
                  {EXIT_BAD_INPUT}, {"TRUCO_PLANTED": json.dumps(unknown)}, None))
    one = str(tmp / "one-file")
    same = ["--junit", one, "--summary-md", one, "--badge", one, "--results", one]
    cases.append(("outputs-in-one-file", ["conformance", "--suite", *QUICK, *same], {EXIT_BAD_INPUT}, None,
                  _absent(tmp / "one-file")))
    # An engine named with a newline, that lists the corpus among its legal actions, always.
    planted = {"name": "x\ny <b onmouseover=alert(1)>", "ok": {"legal": {"actions": ["play 4C", SHORT]}}}
    hostile = {"TRUCO_PLANTED": json.dumps(planted)}
    out = tmp / "suite"
    out.mkdir()
    outputs = {"--junit": out / "junit.xml", "--summary-md": out / "summary.md",
               "--badge": out / "badge.json", "--results": out / "results.json",
               "--write-expectations": out / "expect.yaml"}
    suite = ["conformance", "--suite", "--engine-cmd", ENGINE_CMD, *QUICK]
    cases.append(("suite-hostile-engine", [*suite, *(a for k, v in outputs.items() for a in (k, str(v)))],
                  {EXIT_VIOLATIONS}, hostile, _parsed(outputs)))
    expect = ["--expect-failures", str(outputs["--write-expectations"])]
    # Its failures read back as known; its faults (it lists an action it then refuses) are errors,
    # which no expectations file can excuse: still exit 1 (guide: Interpreting the suite).
    cases.append(("suite-expectations-read-back", [*suite, *expect], {EXIT_VIOLATIONS}, hostile, None))
    check = ["check", "--engine-cmd", ENGINE_CMD, *QUICK, "--no-situations"]
    report = tmp / "report"
    cases.append(("report-hostile-engine", [*check, "--report", str(report)], {EXIT_VIOLATIONS}, hostile,
                  _pages(report)))
    held = tmp / "held"
    cases.append(("report-folder-in-use", ["check", *QUICK, "--no-situations", "--report", str(held)],
                  {EXIT_BAD_INPUT}, None, _held(held)))
    hand = {"partida": 1, "number": 1, "dealer": 1, "starter": 0, "deal": [["\ud800", "7H", "AS"],
                                                                          ["4C", "5C", "6C"]],
            "actions": [], "result": None}
    record = {"format": "truco-record/1", "ruleset": "mineiro-1v1-es", "readings": {}, "seed": 1,
              "engine": HOSTILE[:200], "hands": [hand],
              "result": {"winner": 0, "score": [12, 0], "partidas": [0]}}
    records = tmp / "surrogates.jsonl"
    records.write_text(json.dumps(record) + "\n", encoding="utf-8")
    for name, extra in (("validate-surrogates", []), ("validate-surrogates-json", ["--json"])):
        cases.append((name, ["validate", str(records), *extra], {EXIT_VIOLATIONS}, None, None))
    cases.append(("games-beyond-a-run", ["check", "--games", str(10**15)], {EXIT_BAD_INPUT}, None, None))
    cases.append(("deals-beyond-every-ruleset", ["check", "--exhaustive", "-r", "mineiro-1v1-es", "--deals",
                                                str(10**9)], {EXIT_BAD_INPUT}, None, None))
    flood = {"TRUCO_PLANTED": json.dumps({"huge": {"legal": 3_000_000}})}
    cases.append(("engine-floods-legal", [*check, "--json"], {EXIT_VIOLATIONS}, flood, None))
    return cases


def _absent(path: Path) -> Around:
    @contextlib.contextmanager
    def around() -> Iterator[None]:
        yield
        assert not path.exists(), f"{path} was written"

    return around


def _parsed(outputs: dict[str, Path]) -> Around:
    @contextlib.contextmanager
    def around() -> Iterator[None]:
        yield
        ET.parse(outputs["--junit"])
        assert live_payload(outputs["--summary-md"].read_text(encoding="utf-8")) == []
        json.loads(outputs["--badge"].read_text(encoding="utf-8"))
        json.loads(outputs["--results"].read_text(encoding="utf-8"))
        assert yaml.safe_load(outputs["--write-expectations"].read_text(encoding="utf-8"))["failures"]

    return around


def _pages(folder: Path) -> Around:
    @contextlib.contextmanager
    def around() -> Iterator[None]:
        yield
        json.loads((folder / "summary.json").read_text(encoding="utf-8"))
        pages = list(folder.glob("*.md"))
        assert pages and all(live_payload(p.read_text(encoding="utf-8")) == [] for p in pages)

    return around


def _held(folder: Path) -> Around:
    """The report folder, held by another run (this process) while the case runs."""
    @contextlib.contextmanager
    def around() -> Iterator[None]:
        folder.mkdir()
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            yield
        finally:
            os.close(fd)
        assert list(folder.iterdir()) == []

    return around


@pytest.mark.slow
def test_the_whole_hostile_set(tmp_path: Path) -> None:
    seen: dict[str, int] = {}
    for name, args, codes, env, around in _cases(tmp_path):
        with (around or contextlib.nullcontext)():
            code, out, err, seconds = _truco(args, env=env)
        # the checker's own traceback starts a line; an engine's, quoted in a one-line error, does not
        ours = [line for line in (out + err).splitlines() if line.startswith("Traceback")]
        assert not ours, f"{name}: a traceback after {seconds:.1f} s\n{err[-2000:]}"
        assert code in codes, f"{name}: exit {code}, documented {sorted(codes)}\n{err[-1000:]}"
        if code == EXIT_BAD_INPUT:  # unusable input: one line says why
            assert len(err.strip().splitlines()) == 1 and err.startswith("truco: error: "), f"{name}: {err}"
        if "--json" in args and code != EXIT_BAD_INPUT:
            json.loads(out.strip().splitlines()[-1])  # an engine that prints cannot corrupt --json
        seen[name] = code
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    assert peak_mb < MEMORY_LIMIT_MB, f"a case took {peak_mb:.0f} MB"
    assert len(seen) >= 42


@pytest.mark.slow
def test_an_interrupted_write_leaves_the_file_whole(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    out.write_text("the earlier content\n", encoding="utf-8")
    code, _, err, _ = _truco(
        ["simulate", "--ruleset", "mineiro-1v1-es", "--games", "200000", "--out", str(out)],
        interrupt_after=2.0,
    )
    assert not any(line.startswith("Traceback") for line in err.splitlines()) and code != 0, (
        code,
        err[-500:],
    )
    assert out.read_text(encoding="utf-8") == "the earlier content\n", "an interrupted write lost the file"
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"], "a temporary file was left behind"
