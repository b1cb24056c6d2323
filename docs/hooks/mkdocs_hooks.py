"""MkDocs hook of the rulebook site (mkdocs*.yml): the site's code is the truco_rules.site package.

The checkout comes first on the path, so that the site is built from the code beside its pages
(also by an editable install made before a package was added)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from truco_rules.site import print_page, search
from truco_rules.site.hooks import on_config, on_files, on_page_content, on_page_markdown


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    return search.use_wrapper(output)


def on_post_build(config: MkDocsConfig) -> None:
    """After the plugins' (this hook comes after them): the search worker's script is written, and
    the printable page, written by the print-site plugin then, is repaired."""
    search.on_post_build(config)
    print_page.on_post_build(config)


__all__ = ["on_config", "on_files", "on_page_content", "on_page_markdown", "on_post_build", "on_post_page"]
