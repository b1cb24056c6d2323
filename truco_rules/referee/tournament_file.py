"""A tournament file (spec/schemas/tournament.schema.json), read bounded and checked whole.

YAML or JSON; aliases are refused (a tournament needs none, and they can expand a small file into
a huge one). Every error is one line naming the field. Paths in a bot's command (words that name
a file next to the tournament file) and cwd are taken relative to the file's folder.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from truco_rules.referee.connection import BotSpec
from truco_rules.referee.faults import Policy
from truco_rules.spec.catalogue import SCHEMAS_DIR

FORMAT = "truco-tournament/1"
MAX_BYTES = 1 << 20


class TournamentFileError(Exception):
    """A tournament file that cannot be used (one line: the file, the field, what is wrong)."""


@dataclass(frozen=True)
class Tournament:
    name: str
    ruleset: str
    readings: tuple[tuple[str, str], ...]
    system: str
    rounds: int | None
    pairs: int
    seed: int
    start: tuple[int, int] | None
    max_hands: int | None
    policy: Policy
    bots: tuple[BotSpec, ...]
    digest: str  # of the file's text: a run's folder belongs to one tournament


def _schema() -> dict[str, Any]:
    with (SCHEMAS_DIR / "tournament.schema.json").open(encoding="utf-8") as fh:
        schema: dict[str, Any] = json.load(fh)
    return schema


def _parse(text: str, display: str) -> Any:
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                raise TournamentFileError(f"{display}: aliases (*name) are not allowed in a tournament file")
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise TournamentFileError(f"{display}:{where} not YAML or JSON: "
                                  f"{getattr(exc, 'problem', None) or exc}") from None


def load_tournament(path: str | Path) -> Tournament:
    path = Path(path)
    display = str(path)
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise TournamentFileError(f"{display}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise TournamentFileError(f"{display}: larger than {MAX_BYTES:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TournamentFileError(f"{display}: not UTF-8 text") from None
    data = _parse(text, display)
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(_schema()).iter_errors(data))
    if error is not None:
        field = ".".join(str(p) for p in error.absolute_path) or "(file)"
        raise TournamentFileError(f"{display}: {field}: {error.message[:300]}")
    return _tournament(data, path.resolve().parent, hashlib.sha256(raw).hexdigest())


def _tournament(data: dict[str, Any], folder: Path, digest: str) -> Tournament:
    display = "tournament"
    names = [b["name"] for b in data["bots"]]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TournamentFileError(f"{display}: bots: the name {twice[0]!r} is given twice")
    bots = []
    for i, bot in enumerate(data["bots"]):
        if ("command" in bot) == ("url" in bot):
            raise TournamentFileError(f"{display}: bots.{i}: give a command or a url, one of the two")
        cwd = folder / bot["cwd"] if "cwd" in bot else folder
        command = tuple(_word(w, folder) for w in bot.get("command", ()))
        bots.append(BotSpec(bot["name"], command, bot.get("url", ""), str(cwd)))
    system = data.get("system", "round-robin")
    if system == "swiss" and "rounds" not in data:
        raise TournamentFileError(f"{display}: rounds: a Swiss tournament says how many rounds it has")
    p = data.get("policy", {})
    policy = Policy(**{k: v for k, v in p.items()})
    start = data.get("start")
    _check_game(data["ruleset"], data.get("readings", {}), start)
    readings = tuple(sorted(data.get("readings", {}).items()))
    return Tournament(data["name"], data["ruleset"], readings, system, data.get("rounds"),
                      data.get("pairs", 1), data.get("seed", 0), (start[0], start[1]) if start else None,
                      data.get("max_hands"), policy, tuple(bots), digest)


def _check_game(ruleset: str, readings: dict[str, str], start: list[int] | None) -> None:
    from truco_rules.engine import Game, TrucoError

    try:
        Game.new(ruleset, seed=0, readings=readings, scores=(start[0], start[1]) if start else None)
    except TrucoError as exc:
        raise TournamentFileError(f"tournament: {exc}") from None


def _word(word: str, folder: Path) -> str:
    """A word of a command: a relative path to a file next to the tournament file becomes absolute."""
    if "/" in word and not word.startswith("/") and (folder / word).exists():
        return str(folder / word)
    return word
