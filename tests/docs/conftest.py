"""The built site, once per session: all four languages, served on 127.0.0.1 at a free port.

tests/docs/served_site.py says who builds it and who serves it (once for all xdist workers).
"""

from __future__ import annotations

import pytest

from tests.docs.served_site import BuiltSite, served_site


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> BuiltSite:
    pytest.importorskip("mkdocs", reason="needs the docs extra: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="needs the docs extra: pip install -e '.[docs]'")
    return served_site(request.config).built()
