"""A reader learns on the home page and the start page that the game can be played, with a
command that works."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from truco_rules.cli.main import cli
from truco_rules.spec.catalogue import load_catalogue
from truco_rules.text.languages import LANGS

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", ["index.md", "start/truco.md"])
def test_the_way_in_tells_how_to_play(lang: str, page: str) -> None:
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    commands = re.findall(r"`(truco play [^`]*)`", text)
    assert commands, f"{lang}/{page} does not say `truco play`"
    for command in commands:
        args = shlex.split(command)[1:]
        ruleset = args[args.index("--ruleset") + 1]
        assert ruleset in load_catalogue().rulesets
        # The command as written starts a game (Ctrl-D at once ends it).
        done = CliRunner().invoke(cli, args, input="")
        assert done.exit_code == 0, done.output
