"""Known failures as a ratchet (`--expect-failures FILE`, `--write-expectations FILE`).

An expectations file lists the case IDs an engine knowingly fails, each with a reason or an issue
link. A run passes when exactly those fail: a case that fails and is not listed fails the run, and
so does a listed case that now passes (until it is removed from the file: the list only shrinks as
the engine gets better). An ID the suite does not have is an error of the file.

    format: truco-expectations/1
    suite: 1.0.0
    failures:
      mineiro-1v1-es/ladder/4-6-10/accept: "https://github.com/me/engine/issues/12"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = "truco-expectations/1"
MAX_BYTES = 1 << 20
MAX_REASON = 500


class ExpectationsError(ValueError):
    """A malformed expectations file: what is wrong, and where."""


def load_expectations(path: str | Path) -> dict[str, str]:
    """case ID -> reason, from an expectations file (YAML or JSON), or ExpectationsError."""
    import yaml

    p = Path(path)
    try:
        if not p.is_file():
            raise ExpectationsError(f"{path}: not a file")
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ExpectationsError(f"{path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ExpectationsError(f"{path}: larger than {MAX_BYTES:,} bytes")
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError, RecursionError) as exc:
        where = getattr(exc, "problem_mark", None)
        line = f" line {where.line + 1}" if where is not None else ""
        raise ExpectationsError(f"{path}:{line} not a YAML or JSON file ({type(exc).__name__})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExpectationsError(f"{path}: field format: must be {FORMAT!r}")
    failures = data.get("failures")
    if failures is None:
        return {}
    if not isinstance(failures, dict):
        raise ExpectationsError(f"{path}: field failures: must map case IDs to reasons")
    out: dict[str, str] = {}
    for key, reason in failures.items():
        if not isinstance(key, str) or not isinstance(reason, str) or not reason.strip():
            raise ExpectationsError(
                f"{path}: field failures.{str(key)[:80]}: each case ID needs a reason or an "
                "issue link, as text"
            )
        out[key] = reason[:MAX_REASON]
    return out


@dataclass
class Verdict:
    """A run's failures against the expected ones."""

    unexpected: list[str] = field(default_factory=list)  # failed, not listed
    fixed: list[str] = field(default_factory=list)  # listed, now passes: remove it from the file
    unknown: list[str] = field(default_factory=list)  # listed, not a case of this run
    expected: list[str] = field(default_factory=list)  # failed as listed

    @property
    def ok(self) -> bool:
        return not (self.unexpected or self.fixed or self.unknown)


def judge(failed: Iterable[str], ran: Iterable[str], expected: Mapping[str, str]) -> Verdict:
    """The verdict of a run whose `ran` IDs include the `failed` ones."""
    failed_set, ran_set = set(failed), set(ran)
    return Verdict(
        sorted(failed_set - set(expected)),
        sorted(i for i in expected if i in ran_set and i not in failed_set),
        sorted(i for i in expected if i not in ran_set),
        sorted(failed_set & set(expected)),
    )


def expectations_text(failed: Mapping[str, str], suite_version: str, engine: str) -> str:
    """An expectations file listing `failed` (ID -> what failed), to be given reasons by hand. The
    engine's name is in a comment and its messages are values: each escaped for where it lands."""
    from truco_rules.spec.escape import yaml_comment, yaml_dump

    head = (
        f"# The cases {yaml_comment(engine)} is known to fail "
        "(truco conformance --suite --write-expectations).\n"
        "# Replace each reason with why, or the link to the issue; a listed case that passes fails the run.\n"
    )
    doc = {"format": FORMAT, "suite": suite_version, "failures": dict(sorted(failed.items()))}
    return head + yaml_dump(doc)
