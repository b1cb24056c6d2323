"""What a suite run writes: JUnit XML, a Shields endpoint badge, a Markdown summary, JSON.

Every text an engine controls (its name, its messages) is escaped for where it goes: XML by the
XML writer, Markdown by truco_rules.spec.monitor.untrusted.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.conformance.run import ERROR, FAIL, PASS, SKIP, CaseResult

FORMAT = "truco-suite-run/1"


@dataclass
class SuiteRun:
    """A run of the suite on one engine: the cases' results, the checks after them, the verdict."""

    engine: str
    version: str
    rulesets: list[str]
    results: list[CaseResult] = field(default_factory=list)
    expected: dict[str, str] = field(default_factory=dict)  # known failures (--expect-failures)
    verdict: Any = None  # truco_rules.spec.conformance.expect.Verdict, when expectations were given
    applicable: set[str] = field(default_factory=set)  # the rulesets' own clauses (the badge counts those)

    def counts(self) -> Counter[str]:
        return Counter(r.status for r in self.results)

    def clauses(self) -> tuple[list[str], list[str]]:
        """(clauses held, clauses broken): a clause is broken when a failure names it, held when a
        passing case exercises it and nothing breaks it."""
        broken = sorted({r.clause for r in self.results if r.status in (FAIL, ERROR) and r.clause})
        exercised = {c for r in self.results if r.status == PASS for c in r.clauses}
        if self.applicable:
            exercised &= self.applicable
        return sorted(exercised - set(broken)), broken

    @property
    def failed(self) -> list[str]:
        return [r.id for r in self.results if r.status in (FAIL, ERROR)]

    @property
    def exit_code(self) -> int:
        if self.verdict is not None:
            return 0 if self.verdict.ok else 1
        return 1 if self.failed else 0

    def to_dict(self) -> dict[str, Any]:
        held, broken = self.clauses()
        out: dict[str, Any] = {
            "format": FORMAT,
            "suite": self.version,
            "engine": self.engine,
            "rulesets": self.rulesets,
            "counts": {k: self.counts()[k] for k in (PASS, FAIL, SKIP, ERROR)},
            "clauses": {"held": held, "broken": broken},
            "cases": [r.to_dict() for r in self.results],
        }
        if self.verdict is not None:
            v = self.verdict
            out["expectations"] = {
                "expected": v.expected,
                "unexpected": v.unexpected,
                "fixed": v.fixed,
                "unknown": v.unknown,
            }
        out["exit"] = self.exit_code
        return out


def junit_xml(run: SuiteRun) -> str:
    """JUnit XML: one testsuite per ruleset, one testcase per case (skipped cases as skipped)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name=f"truco-rules conformance suite {run.version}")
    for ruleset in run.rulesets:
        mine = [r for r in run.results if r.ruleset == ruleset]
        c = Counter(r.status for r in mine)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=ruleset,
            tests=str(len(mine)),
            failures=str(c[FAIL]),
            errors=str(c[ERROR]),
            skipped=str(c[SKIP]),
            time=f"{sum(r.seconds for r in mine):.3f}",
        )
        for r in mine:
            family = r.id.split("/")[1] if r.id.count("/") else ruleset
            case = ET.SubElement(
                suite, "testcase", classname=f"{ruleset}.{family}", name=r.id, time=f"{r.seconds:.3f}"
            )
            text = _failure_text(r, run.expected)
            if r.status == FAIL and r.id not in run.expected:
                ET.SubElement(
                    case, "failure", message=_message(r.message), type=r.clause or "fail"
                ).text = _xml_safe(text)
            elif r.status == ERROR and r.id not in run.expected:
                ET.SubElement(
                    case, "error", message=_message(r.message), type="engine"
                ).text = _xml_safe(text)
            elif r.status == SKIP:
                ET.SubElement(case, "skipped", message=_message(r.message))
            elif r.id in run.expected:  # a known failure: recorded, not failing the build
                if r.status == PASS:
                    ET.SubElement(
                        case,
                        "failure",
                        message="listed as a known failure, and it passes: remove it "
                        "from the expectations file",
                        type="fixed",
                    )
                else:
                    ET.SubElement(case, "skipped", message=_xml_safe(f"known failure: {run.expected[r.id]}"))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _failure_text(r: CaseResult, expected: dict[str, str]) -> str:
    where = f"step {r.step}" if r.step is not None else "the start or the end"
    return f"{r.id} ({r.status} at {where}): {r.message}" + (f"\nrule broken: {r.clause}" if r.clause else "")


# A JUnit message is shown whole; only an engine's own text beyond this is cut (it is untrusted).
MESSAGE_LIMIT = 2000


def _message(text: str) -> str:
    """A result's message for a JUnit attribute: whole, or cut at a word with "…" past the limit."""
    if len(text) > MESSAGE_LIMIT:
        text = text[:MESSAGE_LIMIT].rsplit(" ", 1)[0] + " …"
    return _xml_safe(text)


def _xml_safe(text: str) -> str:
    """Only the characters XML 1.0 can hold (an engine's message may have others)."""
    return "".join(
        ch
        if ch in "\t\n\r"
        or 0x20 <= ord(ch) <= 0xD7FF
        or 0xE000 <= ord(ch) <= 0xFFFD
        or 0x10000 <= ord(ch) <= 0x10FFFF
        else f"\\x{ord(ch):02x}"
        for ch in text
    )


def badge(run: SuiteRun) -> str:
    """A Shields.io endpoint (https://shields.io/badges/endpoint-badge): the clauses held, of the
    rulesets' own (a clause that only skipped or failed cases exercise is not held)."""
    held, broken = run.clauses()
    total = len(run.applicable) if run.applicable else len(held) + len(broken)
    share = len(held) / total if total else 0.0
    color = "brightgreen" if total and len(held) == total else "yellow" if share >= 0.9 else "red"
    return (
        json.dumps(
            {
                "schemaVersion": 1,
                "label": "truco rules",
                "message": f"{len(held)}/{total} clauses held",
                "color": color,
            }
        )
        + "\n"
    )


def summary_md(run: SuiteRun, limit: int = 50) -> str:
    """A Markdown summary for a CI step summary: counts, the verdict, the failures."""
    from truco_rules.spec.monitor.untrusted import md_text

    c = run.counts()
    held, broken = run.clauses()
    lines = [
        f"## Truco conformance suite {run.version}: {md_text(run.engine)}",
        "",
        "| rulesets | passed | failed | errors | skipped | clauses held | clauses broken |",
        "|---|---|---|---|---|---|---|",
        f"| {', '.join(run.rulesets)} | {c[PASS]} | {c[FAIL]} | {c[ERROR]} | {c[SKIP]} | {len(held)} | "
        f"{', '.join(broken) or 'none'} |",
        "",
    ]
    if run.verdict is not None:
        v = run.verdict
        lines += [
            f"Known failures: {len(v.expected)} as expected, {len(v.unexpected)} unexpected, "
            f"{len(v.fixed)} listed but passing, {len(v.unknown)} listed but not run: "
            + ("**pass**." if v.ok else "**fail**."),
            "",
        ]
    shown = [r for r in run.results if r.status in (FAIL, ERROR) and r.id not in run.expected]
    if shown:
        lines += ["| case | status | rule | what | ", "|---|---|---|---|"]
        for r in shown[:limit]:
            lines.append(f"| {md_text(r.id)} | {r.status} | {r.clause or ''} | {md_text(r.message[:200])} |")
        if len(shown) > limit:
            lines.append(f"| … | {len(shown) - limit} more | | |")
        lines.append("")
    # Skips by their reason, without what the engine added to it (its error text, often a trace).
    skipped: Counter[str] = Counter(
        r.message.split(": ", 1)[0][:200] for r in run.results if r.status == SKIP
    )
    for why, n in skipped.most_common(limit // 5):
        lines.append(f"- {n} skipped: {md_text(why)}")
    if len(skipped) > limit // 5:
        lines.append(
            f"- {sum(skipped.values()) - sum(n for _, n in skipped.most_common(limit // 5))} skipped "
            "for other reasons (--json lists them)"
        )
    return "\n".join(lines).rstrip() + "\n"


def table_rows(run: SuiteRun) -> Sequence[tuple[str, int, int, int, int]]:
    """Per ruleset: passed, failed, errors, skipped."""
    out = []
    for ruleset in run.rulesets:
        c = Counter(r.status for r in run.results if r.ruleset == ruleset)
        out.append((ruleset, c[PASS], c[FAIL], c[ERROR], c[SKIP]))
    return out


RESULTS_FORMAT = "truco-suite-results/1"


def results_file(run: SuiteRun, command: str) -> str:
    """The published results of a run (the site's matrix reads them): deterministic, no timings,
    so that the same engine and command give the same file."""
    held, broken = run.clauses()
    doc = {
        "format": RESULTS_FORMAT,
        "suite": run.version,
        "engine": run.engine,
        "command": command,
        "rulesets": run.rulesets,
        "badge": json.loads(badge(run))["message"],
        "clauses": {"held": held, "broken": broken},
        "cases": [
            {"id": r.id, "status": r.status, **({"clause": r.clause} if r.clause else {})}
            for r in run.results
        ],
    }
    return json.dumps(doc, indent=0, ensure_ascii=False) + "\n"
