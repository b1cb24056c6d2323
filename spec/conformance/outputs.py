"""What a suite run writes: JUnit XML, a Shields endpoint badge, a Markdown summary, JSON.

Every text an engine controls (its name, its messages) is escaped for where it goes, by the
escape of that format (truco_rules.spec.escape): XML, JSON, Markdown.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from truco_rules.spec.conformance.run import ERROR, FAIL, PASS, SKIP, CaseResult
from truco_rules.spec.escape import json_dumps, md_text, xml_text

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
    # Per ruleset, why the run is no pass whatever the cases say: it ran under half of them.
    shortfalls: dict[str, str] = field(default_factory=dict)

    def short_of(self, ruleset: str, published: int, mine: Sequence[CaseResult]) -> None:
        """Note the ruleset's shortfall when fewer than half of its `published` cases ran (passed or
        failed, in `mine`, the results of its cases: a skipped case did not run, nor did one the
        engine faulted in), saying why."""
        ran = sum(r.status in (PASS, FAIL) for r in mine)
        if published and 2 * ran >= published:
            return
        c = Counter(r.status for r in mine)
        reasons = Counter(r.message.split(": ", 1)[0][:160] for r in mine if r.status in (SKIP, ERROR))
        top = "; ".join(f"{n} {why}" for why, n in reasons.most_common(2))
        self.shortfalls[ruleset] = (
            f"{ruleset}: {ran} of its {published} cases ran ({c[SKIP]} skipped, {c[ERROR]} errors"
            + (f": {top}" if top else "") + "); a run of under half of a ruleset's cases is no pass")

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
        """1 when a case failed (or, with known failures, the verdict is not theirs), when the engine
        faulted anywhere (an error is never a known failure), or when a ruleset ran under half of
        its cases; else 0."""
        if self.shortfalls or any(r.status == ERROR for r in self.results):
            return 1
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
        if self.shortfalls:
            out["shortfalls"] = dict(self.shortfalls)
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
                suite, "testcase", classname=xml_text(f"{ruleset}.{family}"), name=xml_text(r.id),
                time=f"{r.seconds:.3f}"
            )
            text = _failure_text(r, run.expected)
            if r.status == FAIL and r.id not in run.expected:
                ET.SubElement(
                    case, "failure", message=_message(r.message), type=xml_text(r.clause or "fail")
                ).text = xml_text(text)
            elif r.status == ERROR:  # an engine fault: never a known failure
                ET.SubElement(
                    case, "error", message=_message(r.message), type="engine"
                ).text = xml_text(text)
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
                    ET.SubElement(case, "skipped", message=xml_text(f"known failure: {run.expected[r.id]}"))
        if ruleset in run.shortfalls:  # the run itself fails the ruleset: an error no case carries
            case = ET.SubElement(suite, "testcase", classname=xml_text(f"{ruleset}.run"),
                                 name=xml_text(f"{ruleset}/run"), time="0")
            ET.SubElement(case, "error", message=xml_text(run.shortfalls[ruleset][:300]),
                          type="shortfall").text = xml_text(run.shortfalls[ruleset])
            suite.set("tests", str(len(mine) + 1))
            suite.set("errors", str(c[ERROR] + 1))
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
    return xml_text(text)


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
    c = run.counts()
    held, broken = run.clauses()
    lines = [
        f"## Truco conformance suite {run.version}: {md_text(run.engine)}",
        "",
        "| rulesets | passed | failed | errors | skipped | clauses held | clauses broken |",
        "|---|---|---|---|---|---|---|",
        f"| {md_text(', '.join(run.rulesets))} | {c[PASS]} | {c[FAIL]} | {c[ERROR]} | {c[SKIP]} | "
        f"{len(held)} | "
        f"{md_text(', '.join(broken) or 'none')} |",
        "",
    ]
    for why in run.shortfalls.values():
        lines += [f"**No pass:** {md_text(why)}", ""]
    if run.verdict is not None:
        v = run.verdict
        lines += [
            f"Known failures: {len(v.expected)} as expected, {len(v.unexpected)} unexpected, "
            f"{len(v.fixed)} listed but passing, {len(v.unknown)} listed but not run: "
            + ("**pass**." if v.ok else "**fail**."),
            "",
        ]
    shown = [r for r in run.results if r.status == ERROR or (r.status == FAIL and r.id not in run.expected)]
    if shown:
        lines += ["| case | status | rule | what | ", "|---|---|---|---|"]
        for r in shown[:limit]:
            lines.append(f"| {md_text(r.id)} | {r.status} | {md_text(r.clause or '')} | "
                         f"{md_text(r.message[:200])} |")
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
    if run.shortfalls:
        doc["shortfalls"] = dict(run.shortfalls)
    return json_dumps(doc, indent=0) + "\n"
