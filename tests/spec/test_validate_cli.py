"""`truco validate`: exit codes, line numbers, hostile input and streaming."""

from __future__ import annotations

import gc
import io
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

from click.testing import CliRunner
from spec_records import CONFORMING, mutated

from truco_rules.cli.validate_cmds import validate
from truco_rules.spec.monitor.stream import Summary, validate_stream


def run(path: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(validate, [str(path), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def write(tmp_path: Path, lines: list[str] | bytes) -> Path:
    path = tmp_path / "records.jsonl"
    if isinstance(lines, bytes):
        path.write_bytes(lines)
    else:
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def good() -> list[str]:
    return [json.dumps(f()) for f in CONFORMING.values()]


def json_items(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines()]


def test_all_conform_exits_0(tmp_path: Path) -> None:
    code, out = run(write(tmp_path, good()), "--json")
    assert code == 0, out
    assert json_items(out) == [{"kind": "summary", "lines": 5, "records": 5, "conforming": 5, "violations": 0,
                                "malformed": 0, "exit": 0}]


def test_violation_exits_1_with_line_number(tmp_path: Path) -> None:
    bad = mutated(CONFORMING["mineiro_runs"](), "hands[1].result.points", 2)
    code, out = run(write(tmp_path, [*good(), json.dumps(bad)]), "--json")
    items = json_items(out)
    assert code == 1
    assert items[0]["line"] == 6 and items[0]["clause"] == "BET-4" and items[0]["kind"] == "violation", items
    assert items[0]["field"] == "hands[1].result.points" and items[0]["record"] == "2"
    assert items[-1]["violations"] == 1 and items[-1]["conforming"] == 5


def test_human_output_names_line_and_clause(tmp_path: Path) -> None:
    bad = mutated(CONFORMING["mineiro_runs"](), "hands[1].result.points", 2)
    code, out = run(write(tmp_path, [json.dumps(bad)]))
    assert code == 1 and "[BET-4] line 1, hand 2" in out and "1 break a rule" in out, out


def test_malformed_lines_are_reported_and_checking_goes_on(tmp_path: Path) -> None:
    rec = CONFORMING["mineiro_runs"]()
    lines = [
        '{"format": "truco-record/1",',  # 1: bad JSON
        "[" * 100_000 + "]" * 100_000,  # 2: deep nesting
        json.dumps(mutated(rec, "seed", "seven")),  # 3: wrong type
        json.dumps(mutated(rec, "colour", "red")),  # 4: unknown field
        json.dumps(mutated(rec, "hands[0].actions[0].action", "yell truco")),  # 5: unknown action
        json.dumps(mutated(rec, "hands[0].number", True)),  # 6: a boolean is not an integer
        "1" * 5000,  # 7: an integer too long to convert
        json.dumps([rec]),  # 8: not an object
        "",  # blank lines are skipped
        json.dumps(rec),  # 10: fine
    ]
    code, out = run(write(tmp_path, lines), "--json")
    items = json_items(out)
    assert code == 1
    malformed = {(i["line"], i["field"]) for i in items if i["kind"] == "malformed"}
    assert {line for line, _ in malformed} == {1, 2, 3, 4, 5, 6, 7, 8}, items
    assert (3, "seed") in malformed and (4, "colour") in malformed
    assert (5, "hands[0].actions[0].action") in malformed and (6, "hands[0].number") in malformed
    assert items[-1] == {"kind": "summary", "lines": 10, "records": 9, "conforming": 1, "violations": 0,
                         "malformed": 8, "exit": 1}


def test_overlong_line_is_skipped_without_reading_it_whole(tmp_path: Path) -> None:
    lines = ['{"x": "' + "a" * 10_000 + '"}', *good()[:1]]
    code, out = run(write(tmp_path, lines), "--json", "--max-line-bytes", "4096")
    items = json_items(out)
    assert code == 1 and items[0]["line"] == 1 and "4096 bytes" in items[0]["requires"], items
    assert items[-1]["conforming"] == 1


def test_unusable_input_exits_2(tmp_path: Path) -> None:
    code, out = run(tmp_path / "missing.jsonl")
    assert code == 2 and "cannot open" in out
    code, out = run(tmp_path)
    assert code == 2, out
    code, out = run(write(tmp_path, good()), "--ruleset", "mineiro-1v1-pt")
    assert code == 2 and "unknown ruleset" in out


def test_a_missing_file_does_not_stop_the_others(tmp_path: Path) -> None:
    path = write(tmp_path, good())
    code, out = run(tmp_path / "missing.jsonl", "--json")
    items = json_items(out)
    assert code == 2 and items[0] == {"kind": "error", "file": str(tmp_path / "missing.jsonl"), "line": None,
                                      "message": "cannot open " + str(tmp_path / "missing.jsonl")
                                      + ": No such file or directory"}, items
    result = CliRunner().invoke(validate, [str(tmp_path / "missing.jsonl"), str(path), "--json"])
    items = json_items(result.output)
    assert result.exit_code == 2 and [i["kind"] for i in items] == ["error", "summary"], items
    assert items[-1]["records"] == 5 and items[-1]["conforming"] == 5 and items[-1]["exit"] == 2


def test_a_line_that_is_not_utf8_is_malformed_and_checking_goes_on(tmp_path: Path) -> None:
    bad = json.dumps(mutated(CONFORMING["mineiro_runs"](), "hands[1].result.points", 2))
    data = (good()[0] + "\n" + bad + "\n" + '{"seed": "caf\xe9"}\n' + good()[1] + "\n").encode("latin-1")
    code, out = run(write(tmp_path, data), "--json")
    items = json_items(out)
    assert code == 1, items
    assert [(i["line"], i["kind"]) for i in items[:-1]] == [(2, "violation"), (3, "malformed")], items
    assert items[1]["clause"] == "FORMAT" and "UTF-8" in items[1]["requires"]
    assert items[-1] == {"kind": "summary", "lines": 4, "records": 4, "conforming": 2, "violations": 1,
                         "malformed": 1, "exit": 1}


def test_a_line_with_no_end_is_reported_then_ends_with_an_error() -> None:
    """/dev/zero has no newline: its first line is reported as soon as the limit is passed, and
    the check ends with a one-line error instead of reading for ever (the time limit is only
    there so that a regression fails instead of hanging)."""
    command = [sys.executable, "-m", "truco_rules.cli", "validate", "/dev/zero", "--max-line-bytes", "4096"]
    done = subprocess.run([*command, "--json"], capture_output=True, text=True, timeout=120, check=False)
    items = json_items(done.stdout)
    assert done.returncode == 2, (items, done.stderr)
    assert [i["kind"] for i in items] == ["malformed", "error", "summary"], items
    assert items[0]["line"] == 1 and "4096 bytes" in items[0]["requires"]
    assert items[1]["line"] == 1 and "not JSON Lines" in items[1]["message"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stderr.startswith("truco: error: line 1 has no end of line"), done
    assert "Traceback" not in done.stderr


def test_an_unknown_ruleset_inside_a_record_is_malformed(tmp_path: Path) -> None:
    """A ruleset no catalogue knows makes the record unusable, with or without --ruleset; a
    record naming another known ruleset than --ruleset is a well-formed record that breaks it."""
    rec = mutated(CONFORMING["mineiro_runs"](), "ruleset", "mineiro-1v1-xx")
    path = write(tmp_path, [json.dumps(rec)])
    for args in ([], ["--ruleset", "mineiro-1v1-en"]):
        code, out = run(path, "--json", *args)
        items = json_items(out)
        assert code == 1 and items[0]["kind"] == "malformed", items
        assert "mineiro-1v1-xx" in items[0]["record"] + items[0]["requires"], items
        assert items[-1]["malformed"] == 1 and items[-1]["violations"] == 0, items
    code, out = run(write(tmp_path, [json.dumps(CONFORMING["mineiro_runs"]())]), "--json",
                    "--ruleset", "mineiro-1v1-es")
    assert json_items(out)[-1]["violations"] == 1


def test_a_repeated_key_is_malformed_with_its_field(tmp_path: Path) -> None:
    line = json.dumps(CONFORMING["mineiro_runs"](), separators=(",", ":"))
    top = line.replace('"seed":', '"seed":7,"seed":', 1)
    nested = line.replace('{"seat":1,', '{"seat":1,"seat":0,', 1)
    assert top != line and nested != line
    code, out = run(write(tmp_path, [top, nested]), "--json")
    items = json_items(out)
    assert code == 1
    assert [(i["line"], i["kind"], i["field"]) for i in items[:-1]] == [
        (1, "malformed", "seed"), (2, "malformed", "hands[0].actions[1].seat")], items
    assert "only once" in items[0]["requires"]


def test_ruleset_option_asserts_the_ruleset(tmp_path: Path) -> None:
    path = write(tmp_path, [json.dumps(CONFORMING["mineiro_runs"]())])
    code, out = run(path, "--ruleset", "mineiro-1v1-es", "--json")
    items = json_items(out)
    assert code == 1 and items[0]["field"] == "ruleset" and items[0]["record"] == "mineiro-1v1-en", items
    # one line for the one mistake, not one more for every hand of another game (issue 39)
    paulista = run(path, "--ruleset", "paulista-1v1", "--json")[1]
    assert [i["field"] for i in json_items(paulista) if "field" in i] == ["ruleset"], paulista


def test_streaming_memory_does_not_grow_with_the_file() -> None:
    """Peak memory while checking a 2 MB file stays within a fixed budget far below its size
    (the peak varies with garbage collection timing, not with the number of lines)."""
    line = (json.dumps(CONFORMING["mineiro_runs"]()) + "\n").encode()
    list(validate_stream(io.BytesIO(line)))  # load the catalogue and caches first
    copies = 2000
    data = io.BytesIO(line * copies)
    gc.collect()
    tracemalloc.start()
    problems = 0
    for item in validate_stream(data):
        if isinstance(item, Summary):
            summary = item
        else:
            problems += 1
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert summary.conforming == copies and not problems
    size = len(line) * copies
    assert peak < min(512 * 1024, size / 4), f"peak memory {peak} bytes while checking {size} bytes"


def test_the_help_states_the_monitor_s_line_limits() -> None:
    """The help is written without importing the monitor: it must say what the monitor does."""
    from truco_rules.cli.validate_cmds import MAX_LINE_HELP
    from truco_rules.spec.monitor.stream import DEFAULT_MAX_LINE_BYTES, RUNAWAY_FACTOR

    assert f"[default: {DEFAULT_MAX_LINE_BYTES // 2**20} MiB]" in MAX_LINE_HELP
    assert f"{RUNAWAY_FACTOR} times" in MAX_LINE_HELP



def test_a_closed_standard_stream_is_one_line_never_a_traceback(tmp_path: Path) -> None:
    import shlex

    path = shlex.quote(str(write(tmp_path, good())))
    truco = f"{shlex.quote(sys.executable)} -m truco_rules.cli validate"
    for command, code, says in [(f"{truco} - <&-", 2, "standard input is closed"),
                                (f"{truco} {path} <&-", 0, ""),
                                (f"{truco} {path} >&-", 2, "standard output is closed"),
                                (f"{truco} {path} 2>&-", 0, "")]:
        done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == code and "Traceback" not in done.stderr, (command, done.stderr[-800:])
        assert says in done.stderr and len(done.stderr.strip().splitlines()) <= 1, (command, done.stderr)
