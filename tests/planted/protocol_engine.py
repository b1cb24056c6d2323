"""The reference engine over the engine protocol, with planted misbehaviour chosen by the
environment variable TRUCO_PLANTED (a JSON object), for the protocol client's tests:

- "stderr": bytes written to stderr before each answer (a chatty engine);
- "hello": the ok payload of the hello answer, in place of the right one;
- "ok": {cmd: payload}, the ok payload of those commands' answers, in place of the right one;
- "hang_hello": never answer hello.

Run as `python tests/planted/protocol_engine.py`.
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from spec.protocol.serve import Server  # the project's root is on the path first


def main() -> None:
    planted = json.loads(os.environ.get("TRUCO_PLANTED", "{}"))
    from engine.adapter import make_adapter

    server = Server(make_adapter, "planted")
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "quit":
            return
        if planted.get("stderr"):
            sys.stderr.write("x" * planted["stderr"] + f"\nend of the stderr of {cmd}\n")
            sys.stderr.flush()
        if cmd == "hello" and planted.get("hang_hello"):
            time.sleep(3600)
        reply = server.answer(request)
        if cmd == "hello" and "hello" in planted:
            reply = {"ok": planted["hello"]}
        if cmd in planted.get("ok", {}):
            reply = {"ok": planted["ok"][cmd]}
        sys.stdout.write(json.dumps({"id": request.get("id"), **reply}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
