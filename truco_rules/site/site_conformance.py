"""Conformance reports of third-party engines: pages found in a folder, listed under one section.

Adding a report is adding a file, never code: every `docs/conformance/<name>.md` becomes the page
`conformance/<name>/` in each language (a `<name>.<lang>.md` beside it replaces it in that
language), listed on `conformance/` with the title of its first `# ` heading. The folder may be
empty or absent; the section then says that no report has been published yet. `TRUCO_CONFORMANCE_DIR`
names another folder (with its results/ for the matrix, truco_rules/site/site_matrix.py).

A report is written by `truco conformance --out` from what an engine said: its title is shown as
text in the navigation and the page's title, which MkDocs and the theme write as HTML without
escaping it (truco_rules.spec.escape.html_label).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from truco_rules.site.site_md import Ctx, esc
from truco_rules.spec.escape import html_label
from truco_rules.text.languages import LANGS

REPORTS_DIR = Path(__file__).resolve().parents[2] / "docs" / "conformance"
FOLDER_ENV = "TRUCO_CONFORMANCE_DIR"
INDEX = "conformance/index.md"
_MD_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|])")


def reports_dir() -> Path:
    """The folder of the conformance reports (and of the results, in its results/)."""
    return Path(os.environ.get(FOLDER_ENV) or REPORTS_DIR)


def report_files(lang: str, folder: Path | None = None) -> dict[str, Path]:
    """Page path (conformance/<name>.md) -> the report file for `lang`, in name order."""
    folder = folder or reports_dir()
    if not folder.is_dir():
        return {}
    out = {}
    for path in sorted(folder.glob("*.md")):
        stem = path.stem
        if "." in stem and stem.rsplit(".", 1)[1] in LANGS:
            continue  # a translation: used below for its own language
        translated = path.with_name(f"{stem}.{lang}.md")
        out[f"conformance/{stem}.md"] = translated if translated.is_file() else path
    return out


def _title(text: str, fallback: str) -> str:
    """The text of the report's first heading (its Markdown escapes and entities read)."""
    m = re.search(r"^# (.+)$", text, re.MULTILINE)
    return html.unescape(_MD_ESCAPED.sub(r"\1", m[1].strip())) if m else fallback


def pages(ctx: Ctx, folder: Path | None = None) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """(generated pages, nav entries (title as an HTML label, page)) of the conformance section."""
    files = report_files(ctx.lang, folder)
    reports = {page: path.read_text(encoding="utf-8") for page, path in files.items()}
    titles = [(_title(text, page.split("/")[-1][:-3]), page) for page, text in reports.items()]
    out = [f"# {ctx.t('conformance')}", "", ctx.t("conformance_intro"), ""]
    if titles:
        out += [f"- [{esc(title)}]({ctx.link(INDEX, page)})" for title, page in titles]
    else:
        out += [f"*{ctx.t('conformance_none')}*"]
    return {INDEX: "\n".join(out) + "\n", **reports}, [(html_label(title), page) for title, page in titles]
