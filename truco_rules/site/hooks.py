"""MkDocs hook: builds one language of the site from the spec's data.

Each language is its own MkDocs project (mkdocs.yml = es, mkdocs.<lang>.yml overlays), so every
page exists at the same path in every language and Material's language selector keeps the page.
This hook sets the language-dependent configuration (site URL, selector, navigation) and adds the
generated pages with `File.generated`; nothing from the catalogue is copied into docs/ by hand.
Warnings go through MkDocs' plugin logger, so `mkdocs build --strict` fails on them.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from truco_rules.site import (
    mermaid,
    site_alignment,
    site_books,
    site_code,
    site_conformance,
    site_differences,
    site_glossary,
    site_matrix,
    site_pictures,
    site_protocol,
    site_rules,
    site_rulesets,
    site_tables,
    site_tournaments,
    source_blocks,
    worked_hand,
)
from truco_rules.site.mermaid import mermaid_js
from truco_rules.site.site_labels import MissingLabel, label
from truco_rules.site.site_md import Ctx, clause_page, family_of, ruleset_page
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.spec.clause_ids import CLAUSE_ID
from truco_rules.spec.coverage import coverage
from truco_rules.text import traceability
from truco_rules.text.languages import LANG_NAMES, LANGS

log = get_plugin_logger("truco_rules.site")
ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BASE_URL = "http://127.0.0.1:8000/"

_CSS = """
.md-typeset a.clause-ref { font-size: .7em; vertical-align: super; margin-left: .15em;
  padding: 0 .25em; border-radius: .2em; background: var(--md-accent-fg-color--transparent); }
.md-typeset .line-no { display: inline-block; min-width: 2em; color: var(--md-default-fg-color--lighter);
  font-size: .75em; }
.md-typeset p.src-line { margin: .3em 0; }
.md-typeset .gap { color: var(--md-default-fg-color--light); font-style: italic; }
.md-typeset svg.truco-cards { width: 100%; max-width: 40rem; height: auto; display: block; margin: 1em 0; }
.md-typeset .status { font-weight: 600; }
.md-typeset .book-table .md-typeset__table, .md-typeset .book-table table:not([class]) { display: table;
  width: 100%; font-size: .7rem; }
.md-typeset .book-table td:first-child { width: 2.5em; }
.md-typeset .book-table td:last-child { min-width: 16em; }
.md-typeset code.field-name { word-break: normal; overflow-wrap: normal; hyphens: none; }
.md-typeset .compare-table .md-typeset__table, .md-typeset .compare-table table:not([class]) { display: table;
  width: 100%; font-size: .62rem; }
.md-typeset .compare-table th code { white-space: normal; }
"""

_ctx: Ctx | None = None
_generated: set[str] = set()  # pages built from the data (the others are hand-written)


def _lang(config: MkDocsConfig) -> str:
    lang = config.theme["language"]
    if lang not in LANGS:
        raise ValueError(f"theme.language {lang!r} is not one of {LANGS}")
    return lang


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    global _ctx
    lang = _lang(config)
    # One base URL for all four sites; each language lives at <base>/<lang>/. Material's selector
    # looks the current page up in the other language's sitemap, so this must be where it is served.
    base = os.environ.get("TRUCO_DOCS_URL") or config.extra.get("base_url") or DEFAULT_BASE_URL
    base = base.rstrip("/") + "/"
    config.site_url = f"{base}{lang}/"
    config.extra["alternate"] = [{"name": LANG_NAMES[code], "link": f"{base}{code}/", "lang": code}
                                 for code in LANGS]
    config.site_name = label("site_name", lang)
    config.copyright = site_stamp(lang)  # the footer: which rules this site publishes
    cat = load_catalogue()
    _ctx = Ctx(lang=lang, cat=cat, coverage=coverage(cat), trace=traceability.load(cat.clauses),
               warn=log.warning, source_url=_source_url(config))
    config.nav = _nav(_ctx)
    config.extra_css = [*config.extra_css, "assets/truco.css"]
    return config


def _git(*args: str) -> str:
    """What git prints in the project, or "" where it is no git checkout."""
    try:
        run = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False,
                             timeout=30)
    except (OSError, subprocess.SubprocessError):
        return ""
    return run.stdout.strip() if run.returncode == 0 else ""


def site_stamp(lang: str) -> str:
    """The version of the suite, the date the rules (spec/data) last changed and the commit the
    site is built from; without git, the version alone."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("truco-rules")
    except PackageNotFoundError:
        number = "?"
    date = _git("log", "-1", "--format=%cs", "--", "spec/data")
    commit = _git("rev-parse", "--short=10", "HEAD")
    if not (date and commit):
        return f"truco-rules {number}"
    return label("site_stamp", lang).format(version=number, date=date, commit=commit)


def _source_url(config: MkDocsConfig) -> str | None:
    """Where code links point: `TRUCO_SOURCE_URL` or `extra.source_url`, e.g. a repository's
    `https://<host>/<owner>/truco-rules/blob/{commit}` ({commit} = the checked-out commit). Without
    one, code links open the site's own view of each file (code/<path>.html)."""
    url = os.environ.get("TRUCO_SOURCE_URL") or config.extra.get("source_url") or None
    if url and "{commit}" in url:
        url = url.replace("{commit}", _git("rev-parse", "HEAD") or "main")
    return url


def _nav(ctx: Ctx) -> list[Any]:
    t = ctx.t
    fams = site_rules.families(ctx)
    _, reports = site_conformance.pages(ctx)
    return [
        {t("home"): "index.md"},
        {t("start"): [{t("s_truco"): "start/truco.md"}, {t("s_variants"): "start/variants.md"},
                      {t("s_glossary"): "start/glossary.md"}, {t("s_differences"): "start/differences.md"}]},
        {t("rs_nav"): [{t("rs_all"): site_rulesets.INDEX},
                       *({ctx.ruleset_short(name): ruleset_page(name)} for name in ctx.cat.rulesets)]},
        {t("rules"): [{t("all_clauses"): "rules/index.md"},
                      *({f"{t('f_' + fam)} ({fam})": clause_page(ids[0])} for fam, ids in fams.items())]},
        {t("rulebooks"): [{f"{ctx.rulebook_title(doc)} · {doc}": f"rulebooks/{doc}.md"}
                          for doc in ctx.cat.sources]},
        {t("compare"): [{t("same_rule"): "compare/rulebooks.md"},
                        {t("rulesets_compared"): "compare/rulesets.md"},
                        {t("al_title"): site_alignment.PAGE}]},
        {t("ambiguities"): "ambiguities.md"},
        {t("traceability"): "traceability.md"},
        {t("conformance"): [{t("conformance_all"): site_conformance.INDEX}, {t("cm_title"): site_matrix.PAGE},
                            {t("tr_title"): site_tournaments.PAGE},
                            *({title: page} for title, page in reports)]},
        {t("guide"): [{t("g_install"): "guide/install.md"}, {t("g_engine"): "guide/engine.md"},
                      {t("g_protocol"): "guide/protocol.md"}, {t("g_suite"): "guide/suite.md"},
                      {t("g_ci"): "guide/ci.md"},
                      {t("g_record"): "guide/record-format.md"}, {t("g_validate"): "guide/validate.md"},
                      {t("g_proofs"): "guide/proofs.md"}, {t("g_results"): "guide/results.md"},
                      {t("g_rulesets"): "guide/rulesets.md"}, {t("g_tournaments"): "guide/tournaments.md"},
                      {t("g_mutation"): "quality/mutation.md"}, {t("g_speed"): "quality/speed.md"},
                      {t("g_procedure"): "guide/procedure.md"}]},
    ]


def _pages(ctx: Ctx) -> dict[str, str]:
    pages = {"rules/index.md": site_rules.rules_index(ctx)}
    for fam, ids in site_rules.families(ctx).items():
        pages[clause_page(ids[0])] = site_rules.family_page(ctx, fam, ids)
    for doc in ctx.cat.sources:
        pages[f"rulebooks/{doc}.md"] = site_books.rulebook_page(ctx, doc)
    pages[site_rulesets.INDEX] = site_rulesets.index_page(ctx)
    for name in ctx.cat.rulesets:
        pages[ruleset_page(name)] = site_rulesets.page(ctx, name)
    pages["compare/rulebooks.md"] = site_books.same_rule_page(ctx)
    pages["compare/rulesets.md"] = site_tables.rulesets_page(ctx)
    pages[site_alignment.PAGE] = site_alignment.alignment_page(ctx)
    pages["ambiguities.md"] = site_tables.ambiguities_page(ctx)
    pages["traceability.md"] = site_tables.matrix_page(ctx)
    pages["start/glossary.md"] = site_glossary.glossary_page(ctx)
    pages["start/differences.md"] = site_differences.differences_page(ctx)
    pages.update(site_conformance.pages(ctx)[0])
    pages[site_matrix.PAGE] = site_matrix.matrix_page(ctx)
    pages[site_tournaments.PAGE] = site_tournaments.results_page(ctx)
    return pages


def _code_views(ctx: Ctx, config: MkDocsConfig) -> list[File]:
    """The site's view of every cited source file, unless code links go to a repository."""
    if ctx.source_url:
        return []
    paths = sorted({c.path for cites in ctx.trace.citations.values() for c in cites})
    # code/spec/rules/cards.py.html is three folders below the language's home page
    return [File.generated(config, f"code/{p}.html", content=site_code.code_page(
        p, ctx.lang, "../" * (1 + p.count("/")), ctx.t("home"))) for p in paths]


def on_files(files: Files, config: MkDocsConfig) -> Files:
    assert _ctx is not None
    try:
        pages = _pages(_ctx)
    except MissingLabel as exc:
        log.warning(str(exc))
        raise
    _generated.clear()
    _generated.update(pages)
    for src, content in pages.items():
        written = files.get_file_from_path(src)
        if written is not None:
            log.warning(f"{src} is generated; remove the hand-written file from the docs folder")
            files.remove(written)
        files.append(File.generated(config, src, content=content))
    files.append(File.generated(config, "assets/truco.css", content=_CSS))
    for view in _code_views(_ctx, config):
        files.append(view)
    if not mermaid.shared():  # else the build command puts the one copy at the site's root
        script = mermaid_js()
        if script is None:
            log.warning("mermaid.min.js is missing and npm could not fetch it: the ladder diagrams would "
                        "not render offline (run `truco docs build`, which fetches it)")
        else:
            files.append(File.generated(config, mermaid.SCRIPT, abs_src_path=str(script)))
    return files


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Pages with a diagram load Mermaid from the site itself (Material would fetch it from a CDN)."""
    if 'class="mermaid"' not in html:
        return html
    up = "../" * page.url.count("/") if config.use_directory_urls else "../" * page.file.src_uri.count("/")
    return html + f'\n<script src="{mermaid.script_src(up)}"></script>\n'



# Clause and ambiguity IDs in hand-written pages become links; an unknown one is a dangling reference.
_REF = re.compile(r"(`[^`\n]*`|\[[^\]\n]*\]\([^)\n]*\))|\b(" + CLAUSE_ID + r")(?:\.\.([0-9]+))?\b")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if page.file.src_uri in _generated or _ctx is None:
        return markdown
    ctx, here = _ctx, page.file.src_uri
    markdown = source_blocks.strip(markdown)  # the source's copy of the generated parts: written anew below
    markdown = site_pictures.replace_markers(markdown, ctx.lang, lambda r: r in ctx.cat.rulesets, log.warning)
    markdown = site_protocol.replace_markers(markdown, ctx.lang, log.warning)
    markdown = worked_hand.replace_markers(markdown, ctx.lang, functools.partial(ctx.clause_link, here),
                                           lambda r: r in ctx.cat.rulesets, log.warning)
    fams = {family_of(cid) for cid in ctx.cat.clauses} | {"AMB"}

    def link(m: re.Match[str]) -> str:
        if m.group(1) or family_of(m.group(2)) not in fams:
            return m.group(0)
        first = m.group(2)
        known = ctx.cat.ambiguities if first.startswith("AMB-") else ctx.cat.clauses
        if first not in known:
            log.warning(f"{here}: reference to unknown {first}")
            return m.group(0)
        linked = (ctx.ambiguity_link if first.startswith("AMB-") else ctx.clause_link)(here, first)
        return linked + (f"..{m.group(3)}" if m.group(3) else "")

    parts, last = [], 0
    for fence in _FENCE.finditer(markdown):
        parts += [_REF.sub(link, markdown[last:fence.start()]), fence.group(0)]
        last = fence.end()
    parts.append(_REF.sub(link, markdown[last:]))
    return "".join(parts)
