"""`truco docs build`, `serve` and `update`: the rulebook site in its four languages.

Each language is a MkDocs project (mkdocs.yml is Spanish, mkdocs.<lang>.yml the others), built
with `--strict` into site/<lang>/. Also runnable as `python -m truco_rules.cli.docs_cmds build`.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

import click

from truco_rules.cli.errors import cannot_write
from truco_rules.cli.options import lang_option
from truco_rules.site.mermaid import mermaid_js
from truco_rules.text.catalogues import gettext
from truco_rules.text.languages import LANG_NAMES, LANGS

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_URL = "http://127.0.0.1:8000/"
ROOT_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Truco: reglas como código · rules as code · regole come codice · regras como código</title>
<style>
body {{ font-family: sans-serif; max-width: 36em; margin: 3em auto; padding: 0 1em; color: #222; }}
ul {{ list-style: none; padding: 0; }} li {{ margin: .8em 0; font-size: 1.2em; }}
li span {{ display: block; font-size: .75em; color: #666; }}
</style>
<script>
// Follow the browser's language when it is one of the site's; otherwise offer the four.
(function () {{
  var langs = {langs};
  var wanted = (navigator.languages || [navigator.language || ""]);
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).slice(0, 2).toLowerCase();
    if (langs.indexOf(code) >= 0) {{ location.replace(code + "/"); return; }}
  }}
}})();
</script></head><body>
<h1>Truco</h1>
<ul id="languages">
{items}
</ul>
</body></html>
"""


def root_page() -> str:
    """The site root: the four languages, or straight to the browser's own if it is one of them."""
    taglines = {code: gettext("Truco: rules as code", code) for code in LANGS}
    items = "\n".join(f'<li><a href="{code}/" hreflang="{code}" lang="{code}">{name}</a><span lang="{code}">'
                      f'{taglines[code]}</span></li>' for code, name in LANG_NAMES.items())
    return ROOT_PAGE.format(langs=json.dumps(list(LANGS)), items=items)


def config_file(lang: str) -> Path:
    return ROOT / ("mkdocs.yml" if lang == "es" else f"mkdocs.{lang}.yml")


def build(site_dir: Path, base_url: str = DEFAULT_URL, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
    """Build each language strictly into site_dir/<lang>/; returns the build log of each failure.

    The languages are independent MkDocs projects, so they build side by side, one process each (as
    many at a time as there are cores). On any exception (Ctrl-C) the builds still running are
    stopped and no other starts."""
    from truco_rules.site import mermaid

    env = {**os.environ, "TRUCO_DOCS_URL": base_url, "NO_MKDOCS_2_WARNING": "1",
           "DISABLE_MKDOCS_2_WARNING": "true", mermaid.SHARED_ENV: "1"}
    script = mermaid_js()  # fetched once here, and put once at the root for the four languages
    slots = max(1, min(len(langs), os.cpu_count() or 1))
    waiting = list(langs)
    running: dict[str, tuple[subprocess.Popen[bytes], IO[bytes]]] = {}
    failures = {}
    with tempfile.TemporaryDirectory() as logs:
        try:
            while waiting or running:
                while waiting and len(running) < slots:
                    lang = waiting.pop(0)
                    # a file: no pipe to keep drained
                    log: IO[bytes] = (Path(logs) / f"{lang}.log").open("w+b")
                    # Never `-q` here: it drops the warnings that --strict counts.
                    running[lang] = (subprocess.Popen(
                        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_file(lang)),
                         "-d", str(site_dir / lang)],
                        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT), log)
                ended = [lang for lang, (proc, _) in running.items() if proc.poll() is not None]
                if not ended:
                    time.sleep(0.05)
                for lang in ended:
                    proc, log = running.pop(lang)
                    if proc.returncode != 0:
                        log.seek(0)
                        failures[lang] = log.read().decode("utf-8", errors="replace")
                    log.close()
        finally:
            for proc, log in running.values():
                proc.kill()
                proc.wait()
                log.close()
    site_dir.mkdir(parents=True, exist_ok=True)
    from truco_rules.spec.files import write_text_atomic

    write_text_atomic(site_dir / "index.html", root_page())
    if script is not None:
        shared = site_dir / mermaid.SCRIPT
        shared.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(script, shared)
    else:
        failures["mermaid"] = ("mermaid.min.js is missing and npm could not fetch it: the ladder "
                               "diagrams would not render")
    return failures


@click.group("docs")
def docs_group() -> None:
    """The annotated multilingual rulebook site (needs the `docs` extra)."""


@docs_group.command("build")
@click.option("--site-dir", type=click.Path(path_type=Path, file_okay=False), default=ROOT / "site",
              show_default="site",
              help="Output folder; each language goes to <site-dir>/<lang>/.")
@click.option("--url", "base_url", metavar="URL", default=DEFAULT_URL, show_default=True,
              help="Where the site will be served; the language switch needs it to be right.")
@lang_option(multiple=True, help="Only these languages.")
def build_cmd(site_dir: Path, base_url: str, langs: tuple[str, ...]) -> None:
    """Build the site in every language with `mkdocs build --strict` (any warning fails)."""
    langs = langs or LANGS
    try:  # before minutes of building: a folder that cannot be made is a one-line error
        site_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        cannot_write(site_dir, exc)
    failures = build(site_dir.resolve(), base_url, langs)
    for lang in langs:
        click.echo(f"{lang}: {'FAILED' if lang in failures else 'ok'} -> {site_dir / lang}")
    for lang, output in failures.items():
        click.echo(f"\n--- {lang} ---\n{output}", err=True)
    if failures:
        raise SystemExit(1)
    click.echo(f"Serve it with: truco docs serve (or python -m http.server -d {site_dir} 8000)")


@docs_group.command("update")
@click.option("--check", is_flag=True, help="Write nothing: list the pages not current, exit 1 if any.")
def update_cmd(check: bool) -> None:
    """Write the generated parts of the hand-written pages into their Markdown sources (the vocabulary
    table, the protocol transcripts, the card and ladder pictures, the worked hands) and the
    generated guide pages (the record format), so that the repository reads as the site does."""
    from truco_rules.site import source_blocks
    from truco_rules.spec.catalogue import load_catalogue
    from truco_rules.spec.files import write_text_atomic

    docs = ROOT / "docs"
    if not docs.is_dir():
        raise click.ClickException("needs a checkout of truco-rules: the pages are in its docs/ folder")
    rulesets = load_catalogue().rulesets
    problems: list[str] = []
    stale = []
    for update in source_blocks.updates(docs, LANGS, rulesets.__contains__, problems.append):
        if update.current:
            continue
        stale.append(update.path.relative_to(ROOT).as_posix())
        if not check:
            write_text_atomic(update.path, update.text)
    for problem in problems:
        click.echo(f"error: {problem}", err=True)
    verb = "not current" if check else "updated"
    for path in stale:
        click.echo(f"{verb}: {path}")
    if not stale:
        click.echo("every generated part is current")
    if problems or (check and stale):
        raise SystemExit(1)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as a web host would: a missing page gets the site's own 404 page, in
    the language of the path; the search index and the scripts may be kept by the browser for a
    while instead of being fetched again on every page (the index is near a megabyte)."""

    CACHED = (".json", ".js", ".css", ".svg", ".woff2")
    CACHE_SECONDS = 600

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0].endswith(self.CACHED):
            self.send_header("Cache-Control", f"max-age={self.CACHE_SECONDS}")
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = self._not_found_page() if code == 404 else None
        if page is None:
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _not_found_page(self) -> Path | None:
        first = self.path.lstrip("/").split("/", 1)[0].split("?", 1)[0]
        lang = first if first in LANGS else LANGS[0]
        page = Path(self.directory) / lang / "404.html"
        return page if page.is_file() else None


def site_server(site_dir: Path, port: int) -> http.server.ThreadingHTTPServer:
    """An HTTP server of the built site on 127.0.0.1 (port 0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(site_dir))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


@docs_group.command("serve")
@click.option("--site-dir", type=click.Path(path_type=Path, exists=True, file_okay=False),
              default=ROOT / "site", show_default="site")
@click.option("--port", default=8000, show_default=True)
def serve_cmd(site_dir: Path, port: int) -> None:
    """Serve a built site on 127.0.0.1 (build it with the same --url, port included)."""
    with site_server(site_dir, port) as httpd:
        click.echo(f"http://127.0.0.1:{httpd.server_address[1]}/  (Ctrl+C stops)")
        httpd.serve_forever()  # Ctrl-C ends it like any command: exit 130


@docs_group.command("readme")
@click.option("--check", is_flag=True, help="Change nothing: exit 1 when the README's tables differ.")
@click.option("--file", "path", type=click.Path(path_type=Path, dir_okay=False), default=ROOT / "README.md",
              show_default="README.md", help="The README of a checkout.")
def readme_cmd(check: bool, path: Path) -> None:
    """Write the README's tables of rulesets and commands from the ruleset files and the command tree."""
    from truco_rules.cli.errors import fail
    from truco_rules.cli.readme import rewrite
    from truco_rules.spec.files import write_text_atomic

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    root = click.get_current_context().find_root().command  # the whole `truco` tree
    assert isinstance(root, click.Group)
    new = rewrite(text, root)
    if new == text:
        click.echo(f"{path}: its tables are current")
        return
    if check:
        click.echo(f"{path}: its tables differ from the project's; run `truco docs readme`", err=True)
        raise SystemExit(1)
    try:
        write_text_atomic(path, new)
    except OSError as exc:
        cannot_write(path, exc)
    click.echo(f"{path}: tables rewritten")


def register(group: click.Group) -> None:
    group.add_command(docs_group)


if __name__ == "__main__":
    docs_group()
