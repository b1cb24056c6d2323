"""Run a tournament round by round: its matches on this process, on N processes or on a Dask cluster.

A round's matches are independent and go out together; the round ends when all are in. Between
rounds the referee decides what depends on the results so far, and only on them: the next Swiss
pairings, and which bots are disqualified (faults above the policy's rate). So the schedule, and
the results, are the same whatever runs the matches and in whatever order they end, and a run
resumed from its folder (truco_rules.referee.journal) plays only the matches it lacks.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from truco_rules.referee.journal import Journal
from truco_rules.referee.match import MatchSpec, play_match
from truco_rules.referee.schedule import Scheduled, matches_of, round_robin_rounds, swiss_round
from truco_rules.referee.standings import disqualified, match_points
from truco_rules.referee.tournament_file import Tournament

Runner = Callable[[list[MatchSpec]], Iterator[dict[str, Any]]]


def total_matches(t: Tournament) -> int:
    n = len(t.bots)
    per_round = (n // 2) * 2 * t.pairs
    if t.system == "swiss":
        return per_round * (t.rounds or 0)
    return n * (n - 1) * t.pairs


def _spec(t: Tournament, m: Scheduled, out: set[str]) -> MatchSpec:
    by_name = {b.name: b for b in t.bots}
    return MatchSpec(m.id, t.ruleset, m.seed, (by_name[m.sides[0]], by_name[m.sides[1]]), t.policy,
                     t.readings, t.name, tuple(s for s in (0, 1) if m.sides[s] in out), t.start, t.max_hands)


def play(t: Tournament, journal: Journal, runner: Runner,
         on_match: Callable[[dict[str, Any]], None] = lambda record: None
         ) -> tuple[list[Scheduled], list[str]]:
    """Play what the journal lacks; the whole schedule, and the byes (Swiss) in order."""
    bots = [b.name for b in t.bots]
    schedule: list[Scheduled] = []
    byes: list[str] = []
    rounds = round_robin_rounds(bots) if t.system == "round-robin" else [None] * (t.rounds or 0)
    for number, pairings in enumerate(rounds, 1):
        records = [journal.done[m.id] for m in schedule]
        if pairings is None:  # Swiss: from the points so far
            points = match_points(schedule, records)
            met = {frozenset(m.sides) for m in schedule}
            pairings, bye = swiss_round(bots, points, met, set(byes))
            if bye is not None:
                byes.append(bye)
        out = disqualified(records, t.policy)
        todo = matches_of(number, pairings, t.pairs, t.seed)
        schedule += todo
        for m in todo:
            if m.id in journal.done:
                on_match(journal.done[m.id])
        for record in runner([_spec(t, m, out) for m in todo if m.id not in journal.done]):
            journal.add(record)
            on_match(record)
    return schedule, byes


def local_runner(jobs: int) -> contextlib.AbstractContextManager[Runner]:
    """Matches on this process (jobs 1) or on a pool of `jobs` processes."""

    @contextlib.contextmanager
    def pool() -> Iterator[Runner]:
        if jobs <= 1:
            yield lambda specs: (play_match(s) for s in specs)
            return
        with concurrent.futures.ProcessPoolExecutor(jobs) as ex:
            def run(specs: list[MatchSpec]) -> Iterator[dict[str, Any]]:
                futures = [ex.submit(play_match, s) for s in specs]
                try:
                    for future in concurrent.futures.as_completed(futures):
                        yield future.result()
                finally:
                    for f in futures:
                        f.cancel()
            yield run

    return pool()


class ClusterError(Exception):
    """No Dask cluster to run on (one line)."""


def dask_runner(address: str, workers: int | None) -> contextlib.AbstractContextManager[Runner]:
    """Matches on a Dask cluster: `local` starts one here (`workers` processes), else its address."""

    @contextlib.contextmanager
    def cluster() -> Iterator[Runner]:
        try:
            from distributed import Client, LocalCluster, as_completed
        except ImportError:
            raise ClusterError("--dask needs the dask extra: pip install 'truco-rules[dask]'") from None
        with contextlib.ExitStack() as stack:
            try:
                if address == "local":
                    local = stack.enter_context(LocalCluster(n_workers=workers or 2, threads_per_worker=1,
                                                             processes=True, dashboard_address=None))
                    client = stack.enter_context(Client(local))
                else:
                    client = stack.enter_context(Client(address, timeout="10s"))
            except (OSError, TimeoutError) as exc:
                raise ClusterError(f"no Dask cluster at {address}: {exc}") from None

            def run(specs: list[MatchSpec]) -> Iterator[dict[str, Any]]:
                futures = [client.submit(play_match, s, pure=False) for s in specs]
                for future in as_completed(futures):
                    yield future.result()

            yield run

    return cluster()


def in_order(schedule: Iterable[Scheduled], journal: Journal) -> list[dict[str, Any]]:
    """The records of the schedule, in its order."""
    return [journal.done[m.id] for m in schedule]
