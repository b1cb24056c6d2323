"""`python -m truco_rules.cli`: the `truco` command, for when its script is not on the PATH."""

from truco_rules.cli.main import main

main()
