"""The record monitor: replays a game record against a ruleset and reports every violation.

Entry point: `check_record(record, ruleset=None, game=0) -> list[Violation]`.
"""

from truco_rules.spec.monitor.replay import check_record
from truco_rules.spec.monitor.violation import FORMAT, Violation

__all__ = ["FORMAT", "Violation", "check_record"]
