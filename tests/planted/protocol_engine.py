"""The reference engine over the engine protocol, with planted misbehaviour chosen by the
environment variable TRUCO_PLANTED (a JSON object), for the protocol client's tests:

- "stderr": bytes written to stderr before each answer (a chatty engine);
- "hello": the ok payload of the hello answer, in place of the right one;
- "ok": {cmd: payload}, the ok payload of those commands' answers, in place of the right one;
- "hang_hello": never answer hello;
- "crash_on": a command: at it, start a helper that holds the engine's stdout open, and exit;
- "name": the engine's name in its hello;
- "error": {cmd: message}, an error answer with that message to those commands;
- "huge": {cmd: n}, an answer of about n bytes to those commands: a legal list of n/10 actions,
  an observation of n characters, any other answer padded to n characters;
- "helpers": a file: at hello, start three helpers that sleep (one in the engine's process group,
  one in a session of its own, one in a session of its own whose parent has exited) and append
  their process ids to the file.

Run as `python tests/planted/protocol_engine.py`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from truco_rules.spec.protocol.serve import Server  # the project's root is on the path first


def main() -> None:
    planted = json.loads(os.environ.get("TRUCO_PLANTED", "{}"))
    from truco_rules.engine.adapter import make_adapter

    server = Server(make_adapter, "planted")
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "quit":
            return
        if planted.get("stderr"):
            sys.stderr.write("x" * planted["stderr"] + f"\nend of the stderr of {cmd}\n")
            sys.stderr.flush()
        if cmd == "hello" and planted.get("helpers"):
            _start_helpers(planted["helpers"])
        if cmd == planted.get("crash_on"):
            subprocess.Popen(["sleep", "300"])  # it inherits stdout
            os._exit(3)
        if cmd == "hello" and planted.get("hang_hello"):
            time.sleep(3600)
        reply = server.answer(request)
        if cmd == "hello" and "hello" in planted:
            reply = {"ok": planted["hello"]}
        if cmd in planted.get("ok", {}):
            reply = {"ok": planted["ok"][cmd]}
        if cmd == "hello" and "name" in planted:
            reply["ok"]["engine"]["name"] = planted["name"]
        if cmd in planted.get("huge", {}):
            reply = _huge(cmd, reply, planted["huge"][cmd])
        if cmd in planted.get("error", {}):
            reply = {"error": {"message": planted["error"][cmd]}}
        sys.stdout.write(json.dumps({"id": request.get("id"), **reply}) + "\n")
        sys.stdout.flush()


def _huge(cmd: str, reply: dict, n: int) -> dict:
    if cmd == "legal":
        return {"ok": {"actions": [f"play x{i:07d}" for i in range(n // 10)]}}
    if cmd == "observation":
        return {"ok": {**reply.get("ok", {}), "junk": "x" * n}}
    return {**reply, "pad": " " * n}


def _start_helpers(path: str) -> None:
    grouped = subprocess.Popen(["sleep", "300"])
    session = subprocess.Popen(["setsid", "sleep", "300"])
    orphan = subprocess.run(["sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!"], capture_output=True,
                            text=True).stdout.strip()
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{grouped.pid} {session.pid} {orphan}\n")


if __name__ == "__main__":
    main()
