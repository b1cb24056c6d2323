"""`python -m truco_cli`: the `truco` command, for when its script is not on the PATH."""

from truco_cli.main import main

main()
