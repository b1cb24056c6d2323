"""The mutation testing page's figures and survivor list, generated from mutmut's results.

    python scripts/mutation_report.py sample --one-in K                  # a sample of mutants/' mutants
    python scripts/mutation_report.py collect --seconds S --workers N   # mutants/ -> the results file
    python scripts/mutation_report.py render                             # results -> the four pages
    python scripts/mutation_report.py check                              # exit 1 if a page is stale

`collect` reads what `mutmut run` left in mutants/ (scripts/mutation.sh runs it, then both steps)
and writes docs/quality/mutation-results.json: the figures per module and every mutant that was
not killed, described by what it changes (file, function, the line before and after), never by
its number, which changes whenever the code does. `render` fills the generated blocks of
docs/<lang>/quality/mutation.md from that file and from docs/quality/mutation-explanations.yaml,
where each explanation names the mutants it explains by the same description; a mutant without
an explanation, or an explanation that matches no mutant, stops it. The prose around the blocks
is written by hand in each language.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from a checkout

from truco_rules.text.catalogues import N_, gettext
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "quality" / "mutation-results.json"
EXPLANATIONS = ROOT / "docs" / "quality" / "mutation-explanations.yaml"
KILLED = ("killed", "timeout", "caught by type check")  # a timeout is a kill: the mutant hangs a test

# The page's words, translated in the catalogues of truco_rules.text (truco_rules/text/locale).
LABELS: dict[str, str] = {
    "tool": N_("Tool"),
    "command": N_("Command"),
    "workers": N_("workers"),
    "mutants": N_("Mutants"),
    "killed": N_("Killed"),
    "not_killed": N_("Not killed"),
    "explained": N_("each explained below"),
    "time": N_("Time"),
    "time_note": N_("the whole run, on a shared 2-core machine"),
    "sample": N_("a sample: one in {k} of the {made} mutants mutmut made, chosen by a hash of each "
                 "mutant's name"),
    "module": N_("module"),
    "total": N_("total"),
    "survived": N_("survived"),
    "no tests": N_("no test reaches it"),
    "suspicious": N_("suspicious"),
    "segfault": N_("the process crashed"),
}


# --- collect: mutants/ -> results ----------------------------------------------------------------

def _changed_lines(diff: str) -> tuple[list[str], list[str]]:
    """The lines a mutant removes and adds, stripped (the unified diff of the function)."""
    lines = diff.splitlines()[2:]  # after the ---/+++ header
    return ([line[1:].strip() for line in lines if line.startswith("-")],
            [line[1:].strip() for line in lines if line.startswith("+")])


def _meta_files() -> list[Path]:
    return sorted((ROOT / "mutants").rglob("*.py.meta"))


def in_sample(name: str, one_in: int) -> bool:
    """Whether a mutant belongs to the sample of one in `one_in`: a hash of its name decides, so
    that the sample is the same on every machine and does not follow the order of the code."""
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % one_in == 0


def sample(one_in: int) -> list[str]:
    """The names of the sampled mutants among those mutmut made (mutants/ after generation)."""
    names = [name for meta in _meta_files()
             for name in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]]
    if not names:
        raise SystemExit("mutants/ holds no mutant: run mutmut first")
    return sorted(n for n in names if in_sample(n, one_in))


def collect(seconds: int, workers: int, one_in: int = 1) -> dict[str, Any]:
    """The figures and the mutants not killed, from what mutmut left in mutants/ (run from the root).
    With `one_in` above 1, only the sampled mutants count; the others are counted as made."""
    from importlib.metadata import version

    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    modules: dict[str, Counter[str]] = {}
    not_killed = []
    made = 0
    for meta in _meta_files():
        path = meta.relative_to(ROOT / "mutants").as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        shown = path.removeprefix("truco_rules/")  # engine/x.py, the file in the layout's folder
        counts = modules.setdefault(shown, Counter())  # listed with no mutant too: every module shows
        for name, code in codes.items():
            made += 1
            if not in_sample(name, one_in):
                continue
            status = status_by_exit_code[code]
            counts[status] += 1
            if status in KILLED:
                continue
            function, cls = orig_function_and_class_names_from_key(name)
            before, after = _changed_lines(get_diff_for_mutant(name, path=path))
            not_killed.append({"file": shown, "function": f"{cls}.{function}" if cls else function,
                               "before": before, "after": after, "status": status, "mutmut_name": name})
    not_checked = sum(c["not checked"] for c in modules.values())
    if not_checked:
        raise SystemExit(f"{not_checked} mutants were not checked: finish the run first")
    not_killed.sort(key=lambda m: (m["file"], m["function"], m["before"], m["after"]))
    return {
        "tool": f"mutmut {version('mutmut')}", "workers": workers, "seconds": seconds,
        **({"sample": {"one_in": one_in, "made": made}} if one_in > 1 else {}),
        "modules": {p: dict(sorted(c.items())) for p, c in modules.items()},
        "not_killed": not_killed,
    }


# --- render: results -> pages --------------------------------------------------------------------

def _matches(explanation: dict[str, Any], mutant: dict[str, Any]) -> bool:
    file, _, function = explanation["function"].partition(" ")
    if (file, function) != (mutant["file"], mutant["function"]):
        return False
    changes = explanation.get("changes")
    if changes is None:
        return True  # the explanation holds for any change to the function
    return any(c["before"] == mutant["before"] and c["after"] == mutant["after"] for c in changes)


def explain(results: dict[str, Any], explanations: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list]]:
    """Each explanation with the mutants it explains, in the file's order. Raises ValueError if a
    mutant has no explanation or an explanation explains nothing."""
    groups: list[tuple[dict[str, Any], list]] = [(e, []) for e in explanations]
    unexplained = []
    for mutant in results["not_killed"]:
        for explanation, found in groups:
            if _matches(explanation, mutant):
                found.append(mutant)
                break
        else:
            unexplained.append(mutant)
    problems = [f"no explanation for {m['file']} {m['function']}: {m['before']} -> {m['after']}"
                for m in unexplained]
    if "sample" in results:  # a mutant outside the sample may be the one an entry explains
        problems += [f"names no module of engine/: {e['function']}" for e, _ in groups
                     if not (ROOT / e["function"].partition(" ")[0]).is_file()]
        groups = [(e, found) for e, found in groups if found]
    else:
        problems += [f"explains no mutant: {e['function']} {e.get('changes', '(any change)')}"
                     for e, found in groups if not found]
    for e, _ in groups:
        problems += [f"{e['function']}: no {lang} text" for lang in LANGS if not e.get("why", {}).get(lang)]
    if problems:
        raise ValueError("\n".join(problems))
    return groups


def _percent(part: int, whole: int, lang: str) -> str:
    text = f"{100 * part / max(whole, 1):.1f}"
    return (text if lang == "en" else text.replace(".", ",")) + " %"


def _counts(c: dict[str, int]) -> tuple[int, int]:
    total = sum(c.values())
    return total, sum(n for s, n in c.items() if s in KILLED)


def render_blocks(results: dict[str, Any], groups: list[tuple[dict[str, Any], list]],
                  lang: str) -> dict[str, str]:
    t = {k: gettext(v, lang) for k, v in LABELS.items()}
    total, killed = _counts(_sum(results["modules"]))
    minutes = round(results["seconds"] / 60)
    drawn = results.get("sample")
    option = f" --sample {drawn['one_in']}" if drawn else ""
    how_many = (f"{total} ({t['sample'].format(k=drawn['one_in'], made=drawn['made'])})" if drawn
                else str(total))
    figures = "\n".join([
        "| | |", "|---|---|",
        f"| {t['command']} | `MUTATION_WORKERS={results['workers']} scripts/mutation.sh{option}` |",
        f"| {t['tool']} | {results['tool']}, {results['workers']} {t['workers']} |",
        f"| {t['mutants']} | {how_many} |",
        f"| {t['killed']} | {killed} (**{_percent(killed, total, lang)}**) |",
        f"| {t['not_killed']} | {total - killed}, {t['explained']} |",
        f"| {t['time']} | {minutes} min ({results['seconds']} s), {t['time_note']} |",
    ])
    head = [t[k].lower() for k in ("module", "mutants", "killed", "not_killed")]
    rows = ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|"]
    for path, c in results["modules"].items():
        n, k = _counts(c)
        rows.append(f"| `{path}` | {n} | {k} | {n - k} |")
    rows.append(f"| **{t['total']}** | **{total}** | **{killed}** | **{total - killed}** |")
    items = []
    for explanation, found in groups:
        file, _, function = explanation["function"].partition(" ")
        items.append(f"* `{file}` `{function}`: {explanation['why'][lang].strip()}")
        for m in found:
            change = f"`{' '.join(m['before']) or '…'}` → `{' '.join(m['after']) or '…'}`"
            status = "" if m["status"] == "survived" else f" ({t.get(m['status'], m['status'])})"
            items.append(f"    * {change}{status}")
    return {"figures": figures, "modules": "\n".join(rows), "survivors": "\n".join(items)}


def _sum(modules: dict[str, dict[str, int]]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for c in modules.values():
        out.update(c)
    return dict(out)


BLOCK = re.compile(r"(<!-- generated: (\w+) -->\n)(?:.*?\n)?(<!-- end: \2 -->)", re.DOTALL)


def render_page(text: str, blocks: dict[str, str]) -> str:
    seen = set()

    def fill(m: re.Match[str]) -> str:
        seen.add(m.group(2))
        return m.group(1) + blocks[m.group(2)] + "\n" + m.group(3)

    out = BLOCK.sub(fill, text)
    if seen != set(blocks):
        raise ValueError(f"the page must have the generated blocks {sorted(blocks)}, has {sorted(seen)}")
    return out


def page_path(lang: str) -> Path:
    return ROOT / "docs" / lang / "quality" / "mutation.md"


def rendered() -> dict[Path, str]:
    """Every page as the results and explanations make it."""
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    groups = explain(results, yaml.safe_load(EXPLANATIONS.read_text(encoding="utf-8")))
    return {page_path(lang): render_page(page_path(lang).read_text(encoding="utf-8"),
                                         render_blocks(results, groups, lang)) for lang in LANGS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="read mutants/ and write " + RESULTS.relative_to(ROOT).as_posix())
    c.add_argument("--seconds", type=int, required=True, help="how long the run took")
    c.add_argument("--workers", type=int, required=True, help="mutmut's --max-children")
    c.add_argument("--one-in", type=int, default=1, help="count only the sample of one in K (see sample)")
    d = sub.add_parser("sample", help="print the names of one in K of the mutants in mutants/")
    d.add_argument("--one-in", type=int, required=True, metavar="K")
    sub.add_parser("render", help="write the generated blocks of the four pages")
    sub.add_parser("check", help="exit 1 if a page differs from what render would write")
    args = parser.parse_args(argv)
    if args.command == "sample":
        if args.one_in < 1:
            parser.error("--one-in must be 1 or more")
        print("\n".join(sample(args.one_in)))
        return 0
    if args.command == "collect":
        results = collect(args.seconds, args.workers, args.one_in)
        RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {RESULTS.relative_to(ROOT)}")
        return 0
    try:
        pages = rendered()
    except ValueError as exc:
        print(f"mutation_report: {exc}", file=sys.stderr)
        return 1
    stale = [p for p, text in pages.items() if p.read_text(encoding="utf-8") != text]
    if args.command == "check":
        for p in stale:
            print(f"stale: {p.relative_to(ROOT)} (python scripts/mutation_report.py render)", file=sys.stderr)
        return 1 if stale else 0
    for p in stale:
        p.write_text(pages[p], encoding="utf-8")
        print(f"wrote {p.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
