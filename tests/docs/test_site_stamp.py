"""Every page says which rules it publishes: the suite's version, the date the rules last changed
and the commit the site is built from."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from truco_rules.site import hooks
from truco_rules.text.languages import LANGS

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.parametrize("lang", LANGS)
def test_the_stamp_names_version_rules_date_and_commit(lang: str) -> None:
    stamp = hooks.site_stamp(lang)
    assert "0." in stamp or "1." in stamp  # the version number
    assert _git("log", "-1", "--format=%cs", "--", "spec/data") in stamp
    assert _git("rev-parse", "--short=10", "HEAD") in stamp


def test_without_git_the_stamp_is_the_version(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hooks, "_git", lambda *args: "")
    assert re.fullmatch(r"truco-rules \S+", hooks.site_stamp("es"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_footer_carries_the_stamp(site, lang: str) -> None:  # type: ignore[no-untyped-def]
    commit = _git("rev-parse", "--short=10", "HEAD")
    for page in ("", "rules/", "guide/install/"):
        footer = site.html(lang, page).split('class="md-copyright', 1)
        assert len(footer) == 2 and f"commit {commit}" in footer[1][:600], (lang, page)
