"""truco_rules.spec.monitor.stream, the validator every front end uses: reading keeps pace, parsing refuses
what JSON leaves open, and the results do not depend on how the lines are batched."""

from __future__ import annotations

import io
import json

import pytest
from spec_records import CONFORMING, mutated

from truco_rules.spec.monitor.stream import (
    TOO_LONG,
    Problem,
    Runaway,
    Summary,
    duplicate_keys,
    is_blank,
    parse_line,
    read_lines,
    validate_lines,
    validate_stream,
)


class CountingStream(io.BytesIO):
    """A stream that says how many bytes were asked of it so far."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.read_so_far = 0

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        line = super().readline(size)
        self.read_so_far += len(line)
        return line


def test_a_too_long_line_is_reported_before_the_rest_of_it_is_read() -> None:
    stream = CountingStream(b"x" * 50_000 + b"\n{}\n")
    lines = read_lines(stream, max_bytes=1000)
    assert next(lines) == (1, TOO_LONG)
    assert stream.read_so_far <= 1001, "the report waited for the end of the line"
    assert next(lines) == (2, b"{}")


def test_a_line_with_no_end_raises_runaway_after_the_limit() -> None:
    lines = read_lines(io.BytesIO(b"x" * 100_000), max_bytes=100)
    assert next(lines) == (1, TOO_LONG)
    with pytest.raises(Runaway, match="line 1 has no end of line"):
        next(lines)


def test_lines_keep_their_numbers_a_bom_and_the_last_line_without_newline() -> None:
    data = b"\xef\xbb\xbf{}\n\n  \r\n[1]"
    assert list(read_lines(io.BytesIO(data))) == [(1, b"{}"), (2, b""), (3, b"  \r"), (4, b"[1]")]
    assert [is_blank(raw) for _, raw in read_lines(io.BytesIO(data))] == [False, True, True, False]
    assert is_blank("\u00a0\u2003".encode()) and not is_blank(b"\xff") and not is_blank(TOO_LONG)


def test_repeated_keys_are_refused_with_every_path() -> None:
    text = '{"a": 1, "b": [{"c": 1, "c": 2}], "a": 3}'
    assert duplicate_keys(text) == ["b[0].c", "a"]  # in the order the repeats appear
    value, errors = parse_line(text)
    assert value is None and [path for path, _ in errors] == ["b[0].c", "a"]
    assert parse_line('{"a": {"a": 1}}') == ({"a": {"a": 1}}, [])  # the same key at two levels is fine


def test_parse_line_names_what_is_wrong() -> None:
    assert parse_line("[1,")[1][0][1].startswith("not valid JSON at column 4")
    assert parse_line("[" * 100_000)[1] == [("", "the JSON is nested too deeply")]
    assert parse_line("1" * 5000)[1][0][1].startswith("not valid JSON")


def test_results_do_not_depend_on_the_batch_size() -> None:
    rec = CONFORMING["gauderio_falta"]()
    lines = [json.dumps(rec), "", "{", json.dumps(mutated(rec, "hands[0].result.points", 9)), "\xff"] * 9
    by_one = list(validate_lines(lines, batch_lines=1))
    assert by_one == list(validate_lines(lines, batch_lines=4)) == list(validate_lines(lines, batch_lines=64))
    summary = by_one[-1]
    assert isinstance(summary, Summary) and summary.records == 36 and summary.lines == 45
    problems = [p for p in by_one if isinstance(p, Problem)]
    assert [p.game for p in problems if p.kind == "malformed"][:2] == [1, 3], "games count non-blank lines"


def test_summary_exit_codes() -> None:
    assert Summary(records=2, conforming=2).exit == 0
    assert Summary(records=2, conforming=1, violations=1).exit == 1
    assert Summary(records=2, conforming=2, errors=1).exit == 2


def test_a_stream_is_checked_as_it_is_read() -> None:
    """The first problem comes out before the reader reaches the end of the input."""
    bad = json.dumps(mutated(CONFORMING["mineiro_runs"](), "hands[1].result.points", 2)).encode()
    stream = CountingStream(bad + b"\n" + (json.dumps(CONFORMING["mineiro_runs"]()).encode() + b"\n") * 500)
    first = next(iter(validate_stream(stream, batch_lines=1)))
    assert isinstance(first, Problem) and first.clause == "BET-4"
    assert stream.read_so_far < len(stream.getvalue()) / 10
