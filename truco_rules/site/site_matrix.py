"""The conformance matrix: every engine whose suite results are published, compared clause by
clause and case by case (docs/conformance/results/<name>.json, written by
`truco conformance --suite --results FILE`; the folder of TRUCO_CONFORMANCE_DIR's results/ when it is
set, truco_rules/site/site_conformance.py).

Adding an engine is adding its results file, never code. A results file is the engine's: it is
read bounded, checked for its shape (a file that is not one is a build warning, and left out), and
everything in it is shown as text, by the Markdown escapes of truco_rules.spec.escape.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from truco_rules.site.site_conformance import reports_dir
from truco_rules.site.site_md import Ctx, esc
from truco_rules.spec.escape import md_code, md_fence

PAGE = "conformance/matrix.md"
FORMAT = "truco-suite-results/1"
MAX_BYTES = 4 << 20
STATUSES = ("pass", "fail", "error", "skip")
MARK = {"pass": "✓", "fail": "✗", "error": "!", "skip": "–", None: " "}


def load_results(ctx: Ctx, folder: Path | None = None) -> list[tuple[str, dict[str, Any]]]:
    """(name, results) of every well-formed results file, in name order."""
    folder = folder or reports_dir() / "results"
    out = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ValueError(f"larger than {MAX_BYTES:,} bytes")
            data = json.loads(path.read_text(encoding="utf-8"))
            _check(data)
        except (OSError, ValueError, TypeError, KeyError) as exc:
            ctx.warn(f"conformance results {path.name}: {exc}")
            continue
        out.append((path.stem, data))
    return out


def _check(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    for key in ("engine", "command", "badge", "suite"):
        if not isinstance(data.get(key), str):
            raise ValueError(f"field {key}: text expected")
    if not isinstance(data.get("rulesets"), list) or not all(isinstance(r, str) for r in data["rulesets"]):
        raise ValueError("field rulesets: a list of names expected")
    clauses = data.get("clauses")
    if not isinstance(clauses, dict) or not all(
        isinstance(clauses.get(k), list) and all(isinstance(c, str) for c in clauses[k])
        for k in ("held", "broken")
    ):
        raise ValueError("field clauses: held and broken lists expected")
    cases = data.get("cases")
    if not isinstance(cases, list) or not all(
        isinstance(c, dict) and isinstance(c.get("id"), str) and c.get("status") in STATUSES for c in cases
    ):
        raise ValueError("field cases: a list of {id, status} expected")


def matrix_page(ctx: Ctx, folder: Path | None = None) -> str:
    t = ctx.t
    results = load_results(ctx, folder)
    lines = [f"# {t('cm_title')}", "", t("cm_intro"), ""]
    if not results:
        return "\n".join([*lines, f"*{t('cm_none')}*", ""])
    lines += [
        f"| {t('cm_engine')} | {t('cm_rulesets')} | ✓ | ✗ | ! | – | {t('cm_badge')} |",
        "|---|---|---|---|---|---|---|",
    ]
    for _, data in results:
        n = {s: sum(1 for c in data["cases"] if c["status"] == s) for s in STATUSES}
        lines.append(
            f"| {esc(data['engine'], table=True)} | {esc(', '.join(data['rulesets']), table=True)} | "
            f"{n['pass']} | {n['fail']} | {n['error']} | {n['skip']} | "
            f"{md_code('truco rules: ' + data['badge'], table=True)} |"
        )
    lines += ["", t("cm_legend"), "", f"## {t('cm_commands')}", ""]
    for _, data in results:
        lines += [
            f"- {esc(data['engine'])} (suite {esc(data['suite'])}):",
            "",
            md_fence(data["command"], "sh", indent="    "),
            "",
        ]
    for ruleset in ctx.cat.rulesets:
        mine = [(name, d) for name, d in results if ruleset in d["rulesets"]]
        if not mine:
            continue
        lines += [f"## {esc(ctx.ruleset_short(ruleset))}", "", f"### {t('cm_by_clause')}", ""]
        lines += [
            "| " + " | ".join([t("cm_clause"), *(esc(d["engine"], table=True) for _, d in mine)]) + " |",
            "|" + "---|" * (len(mine) + 1),
        ]
        for clause in ctx.cat.clauses_of(ruleset):
            cells = []
            for _, d in mine:
                held, broken = set(d["clauses"]["held"]), set(d["clauses"]["broken"])
                cells.append("✗" if clause.id in broken else "✓" if clause.id in held else "–")
            lines.append(f"| {ctx.clause_link(PAGE, clause.id)} | " + " | ".join(cells) + " |")
        prefix = f"{ruleset}/"
        statuses = [{c["id"]: c["status"] for c in d["cases"] if c["id"].startswith(prefix)} for _, d in mine]
        ids = sorted({i for s in statuses for i, v in s.items() if v != "pass"})
        lines += ["", f"### {t('cm_by_case')}", "", t("cm_cases_shown"), ""]
        if ids:
            lines += [
                "| " + " | ".join([t("cm_case"), *(esc(d["engine"], table=True) for _, d in mine)]) + " |",
                "|" + "---|" * (len(mine) + 1),
            ]
            for i in ids:
                lines.append(
                    f"| {esc(i, table=True)} | " + " | ".join(MARK[s.get(i)] for s in statuses) + " |"
                )
        else:
            lines.append(f"*{t('cm_all_pass')}*")
        lines.append("")
    return "\n".join(lines) + "\n"
