"""`truco tournament --compliance BOT` and `--bench`; a bot behind HTTP; the protocol's schema."""

from __future__ import annotations

import http.server
import json
import shlex
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from referee_support import HOSTILE, KITS, POLICY, kit

from truco_rules.cli.main import cli
from truco_rules.engine import Game
from truco_rules.referee import messages as msg
from truco_rules.referee.bench import run_referee_bench
from truco_rules.referee.connection import BotSpec
from truco_rules.referee.match import MatchSpec, play_match
from truco_rules.referee.view import bot_view
from truco_rules.spec.catalogue import SCHEMAS_DIR
from truco_rules.spec.monitor import check_record

SCHEMA = json.loads((SCHEMAS_DIR / "bot-protocol.schema.json").read_text(encoding="utf-8"))


def _compliance(command: str, *more: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["tournament", "--compliance", command, *more])
    return result.exit_code, result.output


@pytest.mark.parametrize("bot", ["random-py", "heuristic-js"])
def test_a_bot_of_the_kits_passes_every_step(bot: str) -> None:
    code, out = _compliance(shlex.join(kit(bot).command))
    assert code == 0, out
    numbers = [line.split(".")[0] for line in out.splitlines() if line[:1].isdigit()]
    assert numbers == ["1", "2", "3", "4", "5", "6"]
    assert "ready to play" in out


@pytest.mark.parametrize(("mode", "after", "step", "says"), [
    ("crash", "1", "3", "crashing now"),  # its stderr, shown
    ("crash", "3", "4", "crashing now"),
    ("quiet", "1", "3", "hostile bot: quiet"),
    ("illegal", "1", "3", "not legal"),
    ("illegal", "3", "4", "illegal ["),
])
def test_a_failing_step_is_numbered_and_shows_the_bots_stderr(mode: str, after: str, step: str,
                                                               says: str) -> None:
    code, out = _compliance(shlex.join([sys.executable, str(HOSTILE), mode, after]))
    assert code == 1
    failed = [line for line in out.splitlines() if "FAILED" in line]
    assert len(failed) == 1 and failed[0].startswith(f"{step}."), out
    assert says in out, out


def test_a_command_that_cannot_start_fails_the_first_step() -> None:
    code, out = _compliance("/nonexistent/bot --x", "--json")
    assert code == 1
    report = json.loads(out)
    assert report["passed"] is False and [s["ok"] for s in report["steps"]] == [False]
    assert "cannot start" in report["steps"][0]["detail"]


def test_the_benchmark_compares_the_referee_with_the_engine() -> None:
    out = run_referee_bench("paulista-1v1", matches=2, seconds=0.2)
    assert out["referee_matches"] == 2
    assert out["referee_matches_per_s"] > 0 and out["engine_matches_per_s"] > 0
    ratio = out["engine_matches_per_s"] / out["referee_matches_per_s"]
    assert out["engine_per_referee"] == pytest.approx(ratio, rel=0.01)


class _HouseEndpoint(http.server.BaseHTTPRequestHandler):
    """A bot behind HTTP: the first legal action, always."""

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if message["type"] == "hello":
            answer = {"type": "hello", "protocol": msg.PROTOCOL, "name": "web", "version": "1"}
        elif message["type"] == "decide":
            answer = {"type": "action", "id": message["id"], "action": message["legal"][0]}
        else:
            answer = {}
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def endpoint() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _HouseEndpoint)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/bot"
    server.shutdown()
    server.server_close()


def test_a_bot_behind_http_plays(endpoint: str) -> None:
    record = play_match(MatchSpec("m", "paulista-1v1", 2, (BotSpec("web", url=endpoint), kit("random-py")),
                                  POLICY, start=(9, 9)))
    assert record["referee"]["termination"] == "normal" and record["referee"]["faults"] == []
    assert record["referee"]["players"][0]["name"] == "web"
    assert check_record(record) == []
    gone = play_match(MatchSpec("m", "paulista-1v1", 2, (BotSpec("web", url="http://127.0.0.1:9/"),
                                                         kit("random-py")), POLICY))
    assert gone["referee"]["faults"][0]["kind"] == "crash"


def test_the_referees_lines_follow_the_protocols_schema() -> None:
    game = Game.new("mineiro-pairs-it", seed=1)
    legal = [a.text for a in game.legal_actions()]
    lines = [msg.hello_request("mineiro-pairs-it", 0, 4, 7, 100, 200),
             msg.decide_request(1, bot_view(game, 0, [(3, "sign ciego")]), legal, 100, 200),
             msg.over_message({"termination": "normal", "winner": 1}),
             {"type": "hello", "protocol": msg.PROTOCOL, "name": "x", "version": "1", "rulesets": ["*"]},
             {"type": "action", "id": 1, "action": legal[0]}]
    for line in lines:
        jsonschema.validate(json.loads(json.dumps(line)), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "action", "id": 1}, SCHEMA)


def test_the_kits_are_where_the_guide_says() -> None:
    for path in ("python/trucobot.py", "python/random_bot.py", "python/heuristic_bot.py", "js/trucobot.js",
                 "js/random.js", "js/heuristic.js", "java/TrucoBot.java", "java/FourDecisionBot.java",
                 "java/FourDecisionAdapter.java", "java/RandomBot.java", "java/HeuristicBot.java"):
        assert (KITS / path).is_file(), path
    assert Path(HOSTILE).is_file()
