"""Check record batches (truco_rules.spec.monitor.stream) on several processes or on a Dask cluster.

Both are executors in the concurrent.futures sense (submit a batch, get a future); `in_order`
keeps a bounded window of batches in flight and hands the results back in input order, so the
output and exit code are those of one process, and memory stays bounded however long the input.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from truco_rules.spec.monitor.ctrl_c import children_ignore_ctrl_c
from truco_rules.spec.monitor.stream import Batch, Checked, InputError, Runner, Work, check_batch, warm_up

LOCAL = "local"  # the --dask address that starts a cluster on this machine


class ClusterError(Exception):
    """The workers cannot be started, reached or used (not a problem of the input)."""


def _ready(value: Checked | InputError) -> Future[Checked | InputError]:
    done: Future[Checked | InputError] = Future()
    done.set_result(value)
    return done


def in_order(executor: Executor, window: int) -> Runner:
    """A runner that checks each batch on `executor`, at most `window` batches in flight, and
    yields the results in input order (an InputError keeps its place)."""

    def run(work: Iterator[Work]) -> Iterator[Checked | InputError]:
        pending: deque[Any] = deque()
        try:
            for item in work:
                while pending and pending[0].done():  # report what is ready before reading on
                    yield _result(pending.popleft())
                if isinstance(item, Batch):
                    pending.append(executor.submit(check_batch, item))
                else:
                    pending.append(_ready(item))
                if len(pending) >= window:
                    yield _result(pending.popleft())
            while pending:
                yield _result(pending.popleft())
        finally:
            for future in pending:
                future.cancel()

    return run


def _result(future: Any) -> Checked | InputError:
    try:
        result: Checked | InputError = future.result()
    except BrokenProcessPool as exc:
        raise ClusterError(f"a worker process died ({exc})") from None
    except (ImportError, AttributeError) as exc:  # a worker without this version of truco-rules
        raise ClusterError(f"a worker cannot run the checker: {type(exc).__name__}: {exc}") from None
    return result


# ----------------------------------------------------------------------------- processes

def _worker_start(ruleset: str | None, ruleset_files: tuple[tuple[str, str], ...] = ()) -> None:
    # Ctrl-C is the parent's to handle: it stops the pool; workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up(ruleset, () if _context().get_start_method() == "fork" else ruleset_files)


def _context() -> Any:
    # fork starts workers with the catalogue already loaded (Linux); elsewhere spawn, warmed up.
    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def process_pool(jobs: int, ruleset: str | None = None,
                 ruleset_files: tuple[tuple[str, str], ...] = ()) -> Iterator[Runner]:
    """A runner over `jobs` worker processes of this machine (`ruleset_files`: as warm_up takes them)."""
    warm_up(ruleset)  # before the fork, so every worker starts warm
    pool = ProcessPoolExecutor(jobs, mp_context=_context(), initializer=_worker_start,
                               initargs=(ruleset, ruleset_files))
    try:
        # Start every worker now, before the caller starts any thread (a progress bar): forking
        # a process that runs threads can copy a lock held by one of them.
        for future in [pool.submit(warm_up, ruleset) for _ in range(jobs)]:
            _result(future)
        yield in_order(pool, window=4 * jobs)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# ----------------------------------------------------------------------------- Dask

def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("truco-rules")
    except PackageNotFoundError:
        return "not installed"


@contextlib.contextmanager
def dask_cluster(address: str, workers: int | None = None, ruleset: str | None = None,
                 ruleset_files: tuple[tuple[str, str], ...] = ()) -> Iterator[Runner]:
    """A runner over the workers of the Dask scheduler at `address` (e.g. tcp://host:8786), or of
    a cluster started on this machine for the run when `address` is "local" (`workers` worker
    processes, one thread each; default one per core). Needs the `dask` extra."""
    with dask_client(address, workers, ruleset, ruleset_files) as (client, threads):
        yield in_order(client.get_executor(pure=False), window=4 * max(threads, 1))


@contextlib.contextmanager
def dask_client(address: str, workers: int | None = None, ruleset: str | None = None,
                ruleset_files: tuple[tuple[str, str], ...] = ()) -> Iterator[tuple[Any, int]]:
    """The Dask client of the scheduler at `address` ("local": a cluster started here, as for
    dask_cluster) and its workers' threads, once every worker runs this version of the checker."""
    try:
        import logging

        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--dask needs Dask: pip install 'truco-rules[dask]'") from None
    # While the run lasts, and while its cluster closes, the cluster's own loggers are quiet: a
    # failure of a worker reaches the run as the exception of its future, reported in one line, and a
    # run stopped mid-way (Ctrl-C, a bad file) cuts connections whose tracebacks would print over it.
    # Dask's configuration sets some of their children's levels itself (tornado.application), so
    # every logger of theirs is quieted, not only the parents; after a stop they stay quiet, since
    # the closing connections may still log as the process ends.
    prefixes = ("distributed", "tornado", "asyncio")
    loggers = [logging.getLogger(name) for name in
               [*prefixes, *(n for n in logging.root.manager.loggerDict if n.startswith(prefixes))]]
    levels = [lg.level for lg in loggers]
    try:
        with contextlib.ExitStack() as stack:
            try:
                if address == LOCAL:
                    with children_ignore_ctrl_c():
                        cluster = stack.enter_context(LocalCluster(
                            n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                            dashboard_address=None, silence_logs=logging.CRITICAL))
                    client = stack.enter_context(Client(cluster))
                else:
                    # waits as long as Dask's distributed.comm.timeouts.connect setting says
                    client = stack.enter_context(Client(address))
            except (OSError, TimeoutError, ValueError, RuntimeError) as exc:
                raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
            # Every worker must run the same checker as this machine, or results could differ.
            try:
                client.wait_for_workers(1, timeout=60)
                versions = client.run(_version)
                client.run(warm_up, ruleset, ruleset_files)
            except Exception as exc:  # whatever the workers raise, it is theirs, not the input's
                raise ClusterError(f"the Dask workers cannot run the checker: {type(exc).__name__}: {exc}"
                                   ) from None
            mine = _version()
            other = sorted({f"{w}: {v}" for w, v in versions.items() if v != mine})
            if other:
                raise ClusterError(f"the Dask workers must run truco-rules {mine}; found {', '.join(other)}")
            threads = sum(client.nthreads().values())
            for lg in loggers:
                lg.setLevel(logging.CRITICAL + 1)
            yield client, threads
    except BaseException:
        raise
    else:
        for lg, level in zip(loggers, levels, strict=True):
            lg.setLevel(level)
