"""Entry point of the `truco` command.

Each command group lives in its own module and registers itself here; heavy imports (the engine,
z3, rich) happen inside the commands so that `truco --help` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TextIO, cast

import click

# Modules that each expose `register(group: click.Group) -> None`.
COMMAND_MODULES = (
    "truco_rules.cli.catalogue_cmds",
    "truco_rules.cli.engine_cmds",
    "truco_rules.cli.check_cmds",
    "truco_rules.cli.validate_cmds",
    "truco_rules.cli.report_cmds",
    "truco_rules.cli.conformance_cmds",
    "truco_rules.cli.perft_cmds",
    "truco_rules.cli.situation_cmds",
    "truco_rules.cli.prove_cmds",
    "truco_rules.cli.docs_cmds",
    "truco_rules.cli.tournament_cmds",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="truco-rules", prog_name="truco")
def cli() -> None:
    """Truco rules as code: the clause catalogue, a reference engine, conformance checks and proofs.

    Start with `truco check` (verify the reference engine against the rules), `truco clauses`
    (the catalogue) or `truco explain ID`.
    """


for _name in COMMAND_MODULES:
    importlib.import_module(_name).register(cli)


def _quiet_stdout() -> None:
    """Drop what standard output still holds, so that the exit does not fail writing it again."""
    import os
    import sys

    try:
        sys.stdout.flush()
    except OSError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (lives to the exit)


def _closed_streams() -> None:
    """A standard stream the shell closed (`<&-`, `>&-`, `2>&-`): Python then has none, so every
    use of it would be a traceback, and the next file opened would take its number."""
    import os
    import sys

    from truco_rules.cli.errors import fail

    def null(fd: int, mode: str) -> TextIO:
        opened = os.open(os.devnull, os.O_RDWR)
        if opened != fd:
            os.dup2(opened, fd)
            os.close(opened)
        return cast(TextIO, open(fd, mode, encoding="utf-8", closefd=False))  # lives to the exit

    if sys.stderr is None:  # the messages are lost; the exit code still tells how it went
        sys.stderr = null(2, "w")
    if sys.stdout is None:
        sys.stdout = null(1, "w")
        fail("standard output is closed: give it a file (> FILE, or > /dev/null)")
    if sys.stdin is None:
        sys.stdin = null(0, "r")
        if "-" in sys.argv[1:]:  # "-" always names standard input
            fail("standard input is closed: there is nothing to read from -")


def main() -> None:
    """Run `truco`: exit 0, 1 (a rule violation, a failed proof), 2 (unusable input) or 130 (Ctrl-C)."""
    import sys

    from truco_rules.cli import ctrl_c
    from truco_rules.cli.errors import INTERRUPTED, fail, interrupted

    _closed_streams()
    ctrl_c.install()
    try:
        code = cli.main(standalone_mode=False)  # click's own mode would turn Ctrl-C into exit 1
    except SystemExit:
        if ctrl_c.pressed():  # an interrupt swallowed on the way, then the command ended on its own
            sys.exit(INTERRUPTED)
        raise
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.Abort as exc:
        if interrupted(exc):
            sys.exit(INTERRUPTED)
        click.echo("Aborted!", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo(err=True)
        sys.exit(INTERRUPTED)
    except OSError as exc:  # the last line of defence, e.g. standard output on a full disk
        _quiet_stdout()
        fail(f"{exc.strerror or exc}" + (f": {exc.filename}" if exc.filename else ""))
    except Exception as exc:  # e.g. ctypes wraps a Ctrl-C that struck inside a foreign call
        if interrupted(exc) or ctrl_c.pressed():
            sys.exit(INTERRUPTED)
        raise
    if ctrl_c.pressed():  # every attempt to stop the command was swallowed on the way
        sys.exit(INTERRUPTED)
    sys.exit(code if isinstance(code, int) else 0)
