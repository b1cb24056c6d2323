"""Entry point of the `truco` command.

Each command group lives in its own module and registers itself here; heavy imports (the engine,
z3, rich) happen inside the commands so that `truco --help` stays fast.
"""

from __future__ import annotations

import importlib

import click

# Modules that each expose `register(group: click.Group) -> None`.
COMMAND_MODULES = (
    "truco_cli.catalogue_cmds",
    "truco_cli.engine_cmds",
    "truco_cli.check_cmds",
    "truco_cli.report_cmds",
    "truco_cli.perft_cmds",
    "truco_cli.prove_cmds",
    "truco_cli.docs_cmds",
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


def main() -> None:
    cli()
