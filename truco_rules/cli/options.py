"""The options every command that plays or checks shares: which ruleset (`--ruleset NAME` or
`--ruleset-file PATH`), which readings (`--reading KEY=READING`) and which language (`--lang`).

One parameter type parses KEY=READING, one function checks readings against the register, and
one error wording is used for an unknown ruleset, key or reading, whatever the command.
A ruleset file is checked by the spec (every problem named with its field and line) and then
registered with the reference engine too, so every front end can play it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn, TypeVar

import click

from truco_rules.cli.errors import fail
from truco_rules.text.languages import LANGS, SOURCE_LANG

F = TypeVar("F", bound=Callable[..., Any])


class ReadingType(click.ParamType):
    """KEY=READING: a register key and one of its readings (`truco ambiguities` lists them)."""

    name = "KEY=READING"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> tuple[str, str]:
        if isinstance(value, tuple):
            return value
        key, sep, reading = str(value).partition("=")
        if not sep or not key or not reading or key != key.strip() or reading != reading.strip():
            self.fail(f"wants KEY=READING (for example all-rounds-tied=nobody-scores), not {value!r}",
                      param, ctx)
        return key, reading


READING = ReadingType()


def reading_option(*names: str, help: str = "Switch a reading of the ambiguity register (repeatable; "
                   "`truco ambiguities` lists them).") -> Callable[[F], F]:
    """`--reading KEY=READING`, repeatable; the command receives a tuple of (key, reading) pairs."""
    flags = names or ("--reading",)
    dest = flags[0].lstrip("-").replace("-", "_") + "s"
    return click.option(*flags, dest, multiple=True, type=READING, metavar="KEY=READING", help=help)


def _language(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A language of LANGS; anything else is the one-line error of every unknown name (exit 2)."""
    for lang in value if isinstance(value, tuple) else (value,):
        if lang not in LANGS:
            from truco_rules.spec.catalogue import UnknownNameError

            fail(str(UnknownNameError("language", lang, list(LANGS))))
    return value


def lang_option(*, multiple: bool = False, help: str = "The language of the output.") -> Callable[[F], F]:
    """`--lang L` (`-l L`): one of LANGS, English by default; with multiple=True, `--lang` may be
    repeated (the command receives a tuple `langs`, empty for all)."""
    names = ", ".join(LANGS[:-1]) + " or " + LANGS[-1]
    if multiple:
        return click.option("--lang", "-l", "langs", multiple=True, metavar="L", callback=_language,
                            help=f"{help} ({names}; repeatable)")
    return click.option("--lang", "-l", "lang", default=SOURCE_LANG, show_default=True, metavar="L",
                        callback=_language, help=f"{help} ({names})")


def ruleset_names() -> list[str]:
    """The rulesets this installation ships (their files' names), without loading any."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "spec" / "data" / "rulesets"
    return sorted(p.stem for p in folder.glob("*.yaml"))


def ruleset_options(*, multiple: bool = False, required: bool = False,
                    help: str = "The ruleset to use.") -> Callable[[F], F]:
    """`--ruleset/-r NAME` and `--ruleset-file PATH` (a ruleset of your own, see the guide "Define
    your own ruleset"). The command receives `ruleset` (a name, or a tuple of names with
    `multiple`) and `ruleset_files` (paths); `rulesets_from(...)` turns both into names."""

    def decorate(func: F) -> F:
        func = click.option("--ruleset-file", "ruleset_files", multiple=True, metavar="PATH",
                            type=click.Path(dir_okay=False, path_type=str),
                            help="A ruleset file of your own (YAML, spec/schemas/ruleset.schema.json); "
                                 "its ruleset is used as if named with --ruleset. Repeatable.")(func)
        shipped = "; the rulesets: " + ", ".join(ruleset_names())
        return click.option("--ruleset", "-r", "ruleset", multiple=multiple, metavar="NAME",
                            help=help[:-1] + shipped + "." + (" Repeatable." if multiple else ""))(func)

    return decorate


Fail = Callable[[str], NoReturn]


def load_ruleset_files(paths: Iterable[str], *, engine: bool = True, fail_with: Fail = fail) -> list[str]:
    """Check and load ruleset files (the spec first, for its errors; then the engine); their names."""
    from truco_rules.spec.catalogue import add_ruleset_file
    from truco_rules.spec.ruleset_file import RulesetFileError

    names = []
    for path in paths:
        try:
            names.append(add_ruleset_file(path))
        except RulesetFileError as exc:
            fail_with(str(exc))
        if engine:
            from truco_rules.engine import TrucoError, load_ruleset_file

            try:
                load_ruleset_file(path)
            except TrucoError as exc:
                fail_with(str(exc))
    return names


def rulesets_from(ruleset: str | tuple[str, ...] | None, ruleset_files: Iterable[str], *,
                  engine: bool = True, required: bool = False, default_all: bool = False,
                  fail_with: Fail = fail) -> list[str]:
    """The rulesets a command runs on: the named ones, then those of the files (loaded now).
    With none given: every loaded ruleset (`default_all`), or an error (`required`), or []."""
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    from_files = load_ruleset_files(ruleset_files, engine=engine, fail_with=fail_with)
    named = [ruleset] if isinstance(ruleset, str) else list(ruleset or ())
    cat = load_catalogue()
    for name in named:
        try:
            cat.ruleset(name)
        except UnknownNameError as exc:
            fail_with(str(exc))
    out = list(dict.fromkeys([*named, *from_files]))
    if not out and default_all:
        return list(cat.rulesets)
    if not out and required:
        fail_with("which ruleset? give --ruleset NAME or --ruleset-file PATH "
             f"(rulesets: {', '.join(cat.rulesets)})")
    return out


def readings_for(ruleset: str, pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The reading overrides `pairs` for `ruleset`, checked against the register: an unknown key,
    a key that does not concern the ruleset or an unknown reading is one error line, exit 2."""
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    overrides = dict(pairs)
    try:
        load_catalogue().readings(ruleset, overrides)
    except UnknownNameError as exc:
        fail(str(exc) if ruleset in str(exc) else f"{exc} (ruleset {ruleset})")
    return overrides


def readings_for_all(rulesets: Iterable[str],
                     pairs: Iterable[tuple[str, str]]) -> Mapping[str, dict[str, str]]:
    """Per ruleset, the overrides of `pairs` that concern it; a key that concerns none of them,
    or an unknown reading, is an error."""
    from truco_rules.spec.catalogue import UnknownNameError, load_catalogue

    cat, pairs = load_catalogue(), list(pairs)
    rulesets = list(rulesets)
    out: dict[str, dict[str, str]] = {}
    for name in rulesets:
        concerns = set(cat.readings(name))
        out[name] = {k: v for k, v in pairs if k in concerns}
        readings_for(name, out[name].items())
    for key, reading in pairs:
        if not any(key in out[name] for name in rulesets):
            try:
                cat.ambiguity(key).reading(reading)
            except UnknownNameError as exc:
                fail(str(exc))
            fail(f"the reading key {key!r} concerns none of the rulesets checked ({', '.join(rulesets)})")
    return out
