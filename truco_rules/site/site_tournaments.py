"""The tournament results page: every tournament whose results are published, its standings,
crosstable, terminations and faults per bot (docs/tournaments/results/<name>.json, the results.json
that `truco tournament` writes in its run folder).

Publishing a tournament is adding its results file, never code. A results file is untrusted: read
bounded, checked for its shape (a file that is not one is a build warning, and left out), and
everything in it shown as text; a clause it names links to the rule only when the catalogue has it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from truco_rules.site.site_md import Ctx, esc

RESULTS_DIR = Path(__file__).resolve().parents[2] / "docs" / "tournaments" / "results"
PAGE = "tournaments/results.md"
FORMAT = "truco-tournament-results/1"
MAX_BYTES = 4 << 20
MAX_BOTS = 200


def load_results(ctx: Ctx, folder: Path = RESULTS_DIR) -> list[tuple[str, dict[str, Any]]]:
    """(name, results) of every well-formed results file, in name order."""
    out = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ValueError(f"larger than {MAX_BYTES:,} bytes")
            data = json.loads(path.read_text(encoding="utf-8"))
            _check(data)
        except (OSError, ValueError, TypeError, KeyError) as exc:
            ctx.warn(f"tournament results {path.name}: {exc}")
            continue
        out.append((path.stem, data))
    return out


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    for key in ("tournament", "ruleset", "system"):
        if not isinstance(data.get(key), str):
            raise ValueError(f"field {key}: text expected")
    rows = data.get("standings")
    if not isinstance(rows, list) or not 0 < len(rows) <= MAX_BOTS:
        raise ValueError("field standings: a list of bots expected")
    for row in rows:
        if not (isinstance(row, dict) and isinstance(row.get("bot"), str)
                and all(_number(row.get(k)) for k in ("rank", "points", "wins", "draws", "losses"))
                and isinstance(row.get("rating"), dict) and _number(row["rating"].get("mu"))
                and _number(row["rating"].get("sigma")) and isinstance(row.get("disqualified"), bool)
                and all(isinstance(row.get(k), dict) and all(isinstance(n, int) for n in row[k].values())
                        for k in ("faults", "clauses"))):
            raise ValueError("field standings: a row without its bot, points, rating or faults")
    cross, ends = data.get("crosstable"), data.get("terminations")
    if not isinstance(cross, dict) or not all(isinstance(v, dict) for v in cross.values()):
        raise ValueError("field crosstable: an object of objects expected")
    if not isinstance(ends, dict) or not all(isinstance(n, int) for n in ends.values()):
        raise ValueError("field terminations: counts expected")


def _clauses(ctx: Ctx, counts: dict[str, int]) -> str:
    shown = []
    for clause, n in counts.items():
        name = ctx.clause_link(PAGE, clause) if clause in ctx.cat.clauses else esc(str(clause), table=True)
        shown.append(f"{name} ×{n}")
    return ", ".join(shown) or "–"


def _cell(a: str, b: str, value: object) -> str:
    if a == b:
        return "×"
    return esc("–".join(str(x) for x in value), table=True) if isinstance(value, list) else ""


def results_page(ctx: Ctx, folder: Path = RESULTS_DIR) -> str:
    t = ctx.t
    results = load_results(ctx, folder)
    lines = [f"# {t('tr_title')}", "", t("tr_intro"), ""]
    if not results:
        return "\n".join([*lines, f"*{t('tr_none')}*", ""])
    for _, data in results:
        heads = [t(k) for k in ("tr_bot", "tr_points", "tr_won", "tr_drawn", "tr_lost", "tr_rating",
                                "tr_faults", "tr_clauses")]
        lines += [f"## {esc(data['tournament'])}", "",
                  f"{esc(data['ruleset'])} · {esc(data['system'])}", "", f"### {t('tr_standings')}", "",
                  "| # | " + " | ".join(heads) + " |", "|---|" + "---|" * len(heads)]
        bots = []
        for row in data["standings"]:
            bots.append(row["bot"])
            name = esc(row["bot"], table=True)
            if row["disqualified"]:
                name += f" ({t('tr_disqualified')})"
            faults = ", ".join(f"{esc(str(k), table=True)} ×{n}" for k, n in row["faults"].items()) or "–"
            rating = f"{row['rating']['mu']:.1f} ± {row['rating']['sigma']:.1f}"
            lines.append(f"| {row['rank']} | {name} | {row['points']:g} | {row['wins']} | {row['draws']} | "
                         f"{row['losses']} | {rating} | {faults} | {_clauses(ctx, row['clauses'])} |")
        lines += ["", f"### {t('tr_crosstable')}", "", t("tr_cross_note"), "",
                  "| | " + " | ".join(str(i) for i in range(1, len(bots) + 1)) + " |",
                  "|---|" + "---|" * len(bots)]
        for i, a in enumerate(bots, 1):
            row = data["crosstable"].get(a, {})
            cells = [_cell(a, b, row.get(b)) for b in bots]
            lines.append(f"| {i} {esc(a, table=True)} | " + " | ".join(cells) + " |")
        ends = ", ".join(f"{esc(str(k))} {n}" for k, n in data["terminations"].items())
        lines += ["", f"### {t('tr_terminations')}", "", ends or "–", ""]
    return "\n".join(lines) + "\n"
