"""How the CLI reaches an engine under test: a Python factory named MODULE:FACTORY (imported
first in a child process, with a time limit) or an engine process started by a command (the
protocol of truco_rules.spec.protocol). Used by `truco check`, `truco replay` and `truco conformance`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

DEFAULT_ENGINE = "truco_rules.engine.adapter:make_adapter"


def load_factory(spec_text: str) -> Callable[[], Any]:
    """The factory named by MODULE:FACTORY; exits 2 with a one-line error when it cannot be used."""
    import importlib

    from truco_rules.cli.errors import fail

    module_name, sep, attr = spec_text.partition(":")
    if not sep or not module_name or not attr:
        fail(f"--engine wants MODULE:FACTORY (e.g. {DEFAULT_ENGINE}), not {spec_text!r}")
    import os

    if os.getcwd() not in sys.path:  # as `python -m` does: an adapter in the current project imports
        sys.path.insert(0, os.getcwd())
    if spec_text != DEFAULT_ENGINE:
        _try_import(module_name)
    import contextlib

    try:
        with contextlib.redirect_stdout(sys.stderr):  # what it prints is no part of --json output
            module = importlib.import_module(module_name)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # any import failure of a third-party module is bad input
        fail(f"cannot import engine module {module_name!r}: {type(exc).__name__}: {exc}")
    factory = getattr(module, attr, None)
    if not callable(factory):
        names = sorted(n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n)))
        fail(f"no factory {attr!r} in {module_name}; callables there: {', '.join(names) or 'none'}")
    return factory


IMPORT_LIMIT = 30.0  # seconds an engine module may take to import
_IMPORTED = "truco: the engine module's import is over"


def _try_import(module_name: str) -> None:
    """Import the engine module first in a child process, with a time limit: a module that exits
    (sys.exit, os._exit) or never ends at import must not end or hang the checker. Exits 2 when
    it does; an import that raises is left to the caller, which says what it raised.

    The child runs in a session of its own, and nothing of it outlives the try: it is killed, with
    whatever it started, when the time is up and when the command is stopped meanwhile (Ctrl-C,
    SIGTERM, SIGHUP); on Linux it is also killed when the checker dies without stopping it."""
    import os
    import signal
    import subprocess

    from truco_rules.cli.errors import fail

    code = (f"import ctypes, importlib, os, sys\nsys.path[:] = {sys.path!r}\n"
            # PR_SET_PDEATHSIG (1): SIGKILL when the checker dies; and if it already has, end now
            f"try:\n    ctypes.CDLL(None).prctl(1, 9, 0, 0, 0)\nexcept (OSError, AttributeError):\n    pass\n"
            f"if os.getppid() != {os.getpid()}:\n    os._exit(1)\n"
            f"try:\n    importlib.import_module({module_name!r})\nexcept Exception:\n    pass\n"
            f"print({chr(10) + _IMPORTED!r}, flush=True)\n")
    try:
        child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    except OSError as exc:
        fail(f"cannot import engine module {module_name!r}: {exc.strerror or exc}")
    try:
        out, _ = child.communicate(timeout=IMPORT_LIMIT)
    except subprocess.TimeoutExpired:
        out = None
    finally:
        import contextlib

        with contextlib.suppress(OSError):  # its session: the child and what it started
            os.killpg(child.pid, signal.SIGKILL)
        child.kill()
        child.wait()
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    if out is None:
        fail(f"cannot import engine module {module_name!r}: its import did not end within {IMPORT_LIMIT:g} s")
    said = out.decode("utf-8", "replace").rstrip("\n").rsplit("\n", 1)[-1]
    if child.returncode != 0 or said != _IMPORTED:
        fail(f"cannot import engine module {module_name!r}: it ends the process at import (exit code "
             f"{child.returncode})")


class WithRulesetFiles:
    """A Python engine factory that first loads ruleset files into the reference engine, once per
    process: the checker's workers are other processes, started with the shipped rulesets only.
    It carries each file's text, so that a worker on another machine plays the same ruleset.
    Everything else (`announced`, ...) is the wrapped factory's."""

    def __init__(self, factory: Callable[[], Any], files: tuple[tuple[str, str], ...]) -> None:
        self.factory, self.files = factory, files

    def __call__(self) -> Any:
        _load_engine_files(self.files)
        return self.factory()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("factory", "files"):  # unpickling: not set yet
            raise AttributeError(name)
        return getattr(self.factory, name)

    def __repr__(self) -> str:
        return f"WithRulesetFiles({self.factory!r}, {len(self.files)} files)"


_ENGINE_LOADED: set[tuple[str, str]] = set()


def _load_engine_files(files: tuple[tuple[str, str], ...]) -> None:
    """Load each (path, text) into the reference engine once: from the path when it holds that
    text, else from a private copy removed when the process ends."""
    from pathlib import Path

    from truco_rules.engine import load_ruleset_file

    for path, text in files:
        if (path, text) in _ENGINE_LOADED:
            continue
        source = Path(path)
        try:
            same = source.is_file() and source.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if not same:
            import atexit
            import shutil
            import tempfile

            folder = Path(tempfile.mkdtemp(prefix="truco-engine-rulesets-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            source = folder / source.name
            source.write_text(text, encoding="utf-8")
        load_ruleset_file(source)
        _ENGINE_LOADED.add((path, text))


class Declaring:
    """A Python engine factory with what its adapters declare of themselves (spec/adapter.py:
    `readings`, `without`), read once by truco_rules.spec.monitor.declared, as an engine process's
    hello is: `announced` and `without` as on truco_rules.spec.protocol.client.EngineCommand."""

    def __init__(self, factory: Callable[[], Any], announced: Any, without: Any) -> None:
        self.factory, self.announced, self.without = factory, announced, without

    def __call__(self) -> Any:
        return self.factory()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name in ("factory", "announced", "without"):  # unpickling: not set yet
            raise AttributeError(name)
        return getattr(self.factory, name)

    def __repr__(self) -> str:
        return f"Declaring({self.factory!r})"


def engine_factory(engine_spec: str | None, engine_cmd: str | None, call_timeout: float,
                   rulesets: list[str] | None, ruleset_files: Sequence[str] = ()
                   ) -> tuple[Callable[[], Any], str, list[str] | None]:
    """The factory of --engine or --engine-cmd, its name for reports, and for an engine process
    that names the rulesets it plays, those of `rulesets` it plays (`rulesets` None: all of them).
    A Python factory is given the `ruleset_files` (--ruleset-file, already loaded here) for the
    reference engine of every process it runs in; an engine process must know its rulesets itself.
    Exits 2 when the engine cannot be loaded or started."""
    from truco_rules.cli.errors import fail

    if engine_spec and engine_cmd:
        fail("give --engine or --engine-cmd, not both")
    if engine_cmd is None:
        import pickle
        from pathlib import Path

        factory = load_factory(engine_spec or DEFAULT_ENGINE)
        if ruleset_files:
            factory = WithRulesetFiles(factory, tuple(
                (str(Path(f).resolve()), Path(f).read_text(encoding="utf-8")) for f in ruleset_files))
        try:  # the games run in worker processes, which get the factory by pickling
            pickle.dumps(factory)
        except Exception as exc:
            fail(f"the factory {engine_spec} cannot be sent to a worker process ({exc}): "
                 "name a module-level function or class")
        if engine_spec is not None and engine_spec != DEFAULT_ENGINE:  # the reference engine declares nothing
            from truco_rules.spec.monitor.declared import declarations

            said = declarations(factory)
            if said.problem:
                fail(f"the engine's declaration cannot be used: {said.problem}")
            if said.readings or said.without:
                factory = Declaring(factory, said.readings, said.without)
        return factory, engine_spec or DEFAULT_ENGINE, rulesets
    import shlex

    from truco_rules.spec.monitor.engine_calls import EngineFault
    from truco_rules.spec.protocol.client import EngineCommand

    try:
        if not shlex.split(engine_cmd):
            fail("--engine-cmd wants the command that starts the engine")
    except ValueError as exc:
        fail(f"--engine-cmd {engine_cmd!r}: {exc}")
    command = EngineCommand(engine_cmd, call_timeout=call_timeout)
    try:
        hello = command.hello()
    except EngineFault as exc:
        fail(f"the engine command does not start: {exc}")
    if hello.rulesets:
        if rulesets is None:  # the engine's own list, which may name a ruleset that is not loaded
            from truco_rules.spec.catalogue import load_catalogue
            from truco_rules.spec.escape import terminal

            known = load_catalogue().rulesets
            unknown = [r for r in hello.rulesets if r not in known]
            if unknown:
                fail(f"the engine plays {terminal(', '.join(unknown))}, which is not a loaded ruleset: give "
                     "its file with --ruleset-file, or name the rulesets to check with --ruleset")
        plays = [r for r in (rulesets or hello.rulesets) if r in hello.rulesets]
        if not plays:
            fail(f"the engine plays only {', '.join(hello.rulesets)}, not {', '.join(rulesets or [])}")
        rulesets = plays
    if hello.readings or hello.editions or hello.without:
        import dataclasses

        command = dataclasses.replace(command, announced=hello.readings, editions=hello.editions,
                                      without=hello.without)
    return command, f"{hello.name or 'engine'} ({engine_cmd})", rulesets

