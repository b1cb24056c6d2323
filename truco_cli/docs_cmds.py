"""`truco docs build` and `truco docs serve`: the rulebook site in its four languages.

Each language is a MkDocs project (mkdocs.yml is Spanish, mkdocs.<lang>.yml the others), built
with `--strict` into site/<lang>/. Also runnable as `python -m truco_cli.docs_cmds build`.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
from pathlib import Path

import click

from truco_cli.errors import cannot_write

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("es", "en", "it", "pt")
DEFAULT_URL = "http://127.0.0.1:8000/"


def config_file(lang: str) -> Path:
    return ROOT / ("mkdocs.yml" if lang == "es" else f"mkdocs.{lang}.yml")


def build(site_dir: Path, base_url: str = DEFAULT_URL, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
    """Build each language strictly into site_dir/<lang>/; returns the build log of each failure."""
    env = {**os.environ, "TRUCO_DOCS_URL": base_url, "NO_MKDOCS_2_WARNING": "1",
           "DISABLE_MKDOCS_2_WARNING": "true"}
    failures = {}
    for lang in langs:
        # Never `-q` here: it drops the warnings that --strict counts.
        run = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_file(lang)),
             "-d", str(site_dir / lang)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            failures[lang] = run.stdout + run.stderr
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / "index.html").write_text(  # the bare site root opens the default language
        '<!doctype html><meta charset="utf-8"><title>Truco</title>'
        '<meta http-equiv="refresh" content="0; url=es/"><a href="es/">es</a> · <a href="en/">en</a> · '
        '<a href="it/">it</a> · <a href="pt/">pt</a>\n', encoding="utf-8")
    return failures


@click.group("docs")
def docs_group() -> None:
    """The annotated multilingual rulebook site (needs the `docs` extra)."""


@docs_group.command("build")
@click.option("--site-dir", type=click.Path(path_type=Path, file_okay=False), default=ROOT / "site",
              show_default="site",
              help="Output folder; each language goes to <site-dir>/<lang>/.")
@click.option("--url", "base_url", default=DEFAULT_URL, show_default=True,
              help="Where the site will be served; the language switch needs it to be right.")
@click.option("--lang", "langs", multiple=True, type=click.Choice(LANGS), help="Only these languages.")
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


@docs_group.command("serve")
@click.option("--site-dir", type=click.Path(path_type=Path, exists=True, file_okay=False),
              default=ROOT / "site", show_default="site")
@click.option("--port", default=8000, show_default=True)
def serve_cmd(site_dir: Path, port: int) -> None:
    """Serve a built site on 127.0.0.1 (build it with the same --url, port included)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site_dir))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        click.echo(f"http://127.0.0.1:{port}/  (Ctrl+C stops)")
        httpd.serve_forever()  # Ctrl-C ends it like any command: exit 130


def register(group: click.Group) -> None:
    group.add_command(docs_group)


if __name__ == "__main__":
    docs_group()
