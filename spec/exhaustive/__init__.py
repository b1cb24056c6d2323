"""Whole hands, exhaustively: the deal classes (spec.exhaustive.classes) that `truco check
--exhaustive` walks (spec.monitor.walk)."""
