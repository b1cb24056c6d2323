"""MkDocs hook of the rulebook site (mkdocs*.yml): the site's code is the truco_site package.

The checkout comes first on the path, so that the site is built from the code beside its pages
(also by an editable install made before a package was added)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from truco_site.hooks import on_config, on_files, on_page_content, on_page_markdown

__all__ = ["on_config", "on_files", "on_page_content", "on_page_markdown"]
