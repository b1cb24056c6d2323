"""Whole hands, exhaustively: the deal classes (truco_rules.spec.exhaustive.classes) that `truco check
--exhaustive` walks (truco_rules.spec.monitor.walk)."""

# The positions a class is walked from, by name (spec.exhaustive.classes `positions`); here, where the
# command line can read them without importing the classes and the catalogue behind them.
POSITION_NAMES = ("start", "ten-side-0", "ten-side-1", "iron")
