"""What one run can do: a number of games, programs or deal classes past it is refused before any
work, in one line (exit 2), rather than planned job by job until memory runs out or walked for days.

- `--games`: at most MAX_GAMES random games per ruleset (each is a job the run plans and tallies:
  more would take hours and gigabytes); a longer search is several runs with other seeds (`--seed`).
- `--programs`: at most MAX_PROGRAMS Hypothesis programs per ruleset.
- `--deals` (`--exhaustive-deals`): at most the number of deal classes of the largest ruleset
  checked (a class is walked once; `truco check --exhaustive` without --deals walks every class of
  a ruleset small enough).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from truco_rules.cli.errors import fail

MAX_GAMES = 100_000
MAX_PROGRAMS = 10_000


def check_run_size(games: int | None, programs: int | None) -> None:
    if games is not None and games > MAX_GAMES:
        fail(f"--games {games:,}: a run plays at most {MAX_GAMES:,} random games per ruleset; play more in "
             "several runs, each with its own --seed")
    if programs is not None and programs > MAX_PROGRAMS:
        fail(f"--programs {programs:,}: a run draws at most {MAX_PROGRAMS:,} Hypothesis programs per ruleset")


def check_deals(option: str, deals: int | None, names: Sequence[str],
                readings: Mapping[str, Mapping[str, str]]) -> None:
    """`deals` no more than the deal classes of the largest of the rulesets `names`."""
    if not deals or not names:
        return
    from truco_rules.spec.exhaustive.classes import classes
    from truco_rules.spec.rules.state import Rules

    counts = {name: len(classes(Rules.of(name, dict(readings.get(name, {}))))) for name in names}
    most = max(counts, key=lambda name: counts[name])
    if deals > counts[most]:
        fail(f"{option} {deals:,}: no ruleset checked has that many deal classes ({most} has the most, "
             f"{counts[most]:,}); give {option} {counts[most]:,} or fewer")
