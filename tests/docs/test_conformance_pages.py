"""The published conformance pages (docs/conformance/<name>.md) in the four languages, in words.

Each report has its translation beside it for every language but English (<name>.<lang>.md, written
by `truco conformance --out`); their prose holds no Python value (a list, a dict, a score as a pair),
only the code blocks and code spans do (the reproduction script, the commands, action names).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from truco_rules.cli.conformance_page import said
from truco_rules.text.languages import LANGS

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "conformance"
REPORTS = sorted(p for p in FOLDER.glob("*.md") if not re.search(r"\.[a-z]{2}\.md$", p.name))
# What Python prints for a list, a dict or a pair (escaped for Markdown or not).
REPR = re.compile(r"\\?\[\\?'|'\\?\]|\{\}|\{'|\\?\[-?\d+, -?\d+\\?\]")


def prose(text: str) -> str:
    """A page without its fenced blocks, its indented blocks and its code spans."""
    text = re.sub(r"^( {4})?```.*?^\1```$", "", text, flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"^ {4}.*$", "", text, flags=re.MULTILINE)
    return re.sub(r"(`+).+?\1", "", text)


def test_there_are_reports() -> None:
    assert REPORTS, f"no conformance page in {FOLDER}"


@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_every_language_has_the_page(report: Path) -> None:
    missing = [
        lang for lang in LANGS if lang != "en" and not report.with_name(f"{report.stem}.{lang}.md").is_file()
    ]
    assert not missing, (
        f"{report.name} has no translation in {missing}: regenerate it with the command it prints"
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_no_python_value_in_the_prose(report: Path, lang: str) -> None:
    path = report if lang == "en" else report.with_name(f"{report.stem}.{lang}.md")
    if not path.is_file():
        pytest.skip(f"no {lang} page: test_every_language_has_the_page fails on it")
    bad = [line for line in prose(path.read_text(encoding="utf-8")).splitlines() if REPR.search(line)]
    assert not bad, f"{path.name}: Python values in the prose:\n" + "\n".join(bad[:10])


def test_the_check_finds_a_python_value() -> None:
    page = "allows \\['real-envido'\\]\n\nthe score is \\[20, 29\\]\n\n`['accept']` in code\n"
    assert [line for line in prose(page).splitlines() if REPR.search(line)] == [
        "allows \\['real-envido'\\]",
        "the score is \\[20, 29\\]",
    ]


@pytest.mark.parametrize(
    ("message", "lang", "want"),
    [
        ("the score after the hand is [20, 29]", "en", "the score after the hand is 20 to 29"),
        (
            "allows ['contraflor-resto', 'flor']; it leaves out ['accept']",
            "es",
            "permite contraflor-resto y flor; omite accept",
        ),
        ("the side points are envido 6 to side 1", "it", "i punti a parte sono: envido: 6 punti al lato 1"),
        ("seat 1: play 4c", "pt", "assento 1: play 4c"),
        (
            "apply('run') raised <b>AttributeError</b>",
            "es",
            "apply('run') raised &lt;b&gt;AttributeError&lt;/b&gt;",
        ),
    ],
)
def test_messages_in_words(message: str, lang: str, want: str) -> None:
    assert said(message, lang) == want


# The monitor's own spelling of where a divergence was found ("normal hand, flor: +x -y"), which a
# page says in words.
MACHINE_STATE = re.compile(r"\((?:normal|ten|iron) hand, [\w-]+")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_where_a_divergence_was_found_is_said_in_words(report: Path, lang: str) -> None:
    path = report if lang == "en" else report.with_name(f"{report.stem}.{lang}.md")
    lines = prose(path.read_text(encoding="utf-8")).splitlines()
    bad = [line for line in lines if MACHINE_STATE.search(line)]
    assert not bad, f"{path.name}: the monitor's words in the prose:\n" + "\n".join(bad[:5])


@pytest.mark.parametrize(("cause", "want"), [
    ("normal hand, flor: +contraflor-resto +flor -accept",
     "una mano común, mientras se canta o se responde una flor"),
    ("ten hand, ten-choice: seat 1 to act", "mientras ese bando decide si la juega"),
    ("no hand", "no hand"),  # another form: as it is
])
def test_cause_words(cause: str, want: str) -> None:
    from truco_rules.cli.conformance_page import cause_words

    assert want in cause_words(cause, "es")


@pytest.mark.parametrize("report", REPORTS, ids=lambda p: p.stem)
def test_the_title_names_the_game_in_the_pages_language(report: Path) -> None:
    """`--title` names the engine; the page adds the game as its ruleset's file names it, in the
    page's language (not the English family on every page)."""
    from truco_rules.spec.catalogue import load_catalogue

    ruleset = re.search(r"--ruleset (\S+)", report.read_text(encoding="utf-8"))
    assert ruleset, f"{report.name} names no ruleset in its command"
    family = load_catalogue().rulesets[ruleset[1]].family
    for lang in LANGS:
        page = report if lang == "en" else report.with_name(f"{report.stem}.{lang}.md")
        title = page.read_text(encoding="utf-8").splitlines()[0]
        assert title.endswith(f"({family[lang]})"), (page.name, title)
