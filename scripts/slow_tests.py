"""The tests the fast tier leaves out by their measured time: tests/slow_tests.txt, from a JUnit file.

    python scripts/slow_tests.py build/results/junit.xml     # after tests/run-all.sh (or CI)

A test marked `slow` by hand is left out of `pytest -m "not slow"` (the fast tier) wherever it
runs; the file this writes adds the tests that took at least --seconds in that run (on two cores,
under the CI profile), so that the fast tier stays under three minutes without a decorator on
each of them, and a test that grows slow is moved by measuring again, not by hand. The whole
suite runs every test either way.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "slow_tests.txt"


def node_id(classname: str, name: str) -> str | None:
    """pytest's ID of a JUnit test case: the longest prefix of its class name that is a file."""
    parts = classname.split(".")
    for i in range(len(parts), 0, -1):
        path = "/".join(parts[:i]) + ".py"
        if (ROOT / path).is_file():
            return "::".join([path, *parts[i:], name])
    return None


def slow_tests(junit: Path, seconds: float) -> list[str]:
    ids = set()
    for case in ET.parse(junit).iter("testcase"):
        found = node_id(case.get("classname", ""), case.get("name", ""))
        if found and float(case.get("time", 0)) >= seconds:
            ids.add(found)
    return sorted(ids)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("junit", type=Path, help="the JUnit XML file of a whole run")
    parser.add_argument("--seconds", type=float, default=1.5, help="the time from which a test is slow")
    args = parser.parse_args(argv)
    try:
        ids = slow_tests(args.junit, args.seconds)
    except (OSError, ET.ParseError) as exc:
        print(f"slow_tests: {args.junit}: {exc}", file=sys.stderr)
        return 2
    head = ("# Tests the fast tier (pytest -m \"not slow\") leaves out: each took at least "
            f"{args.seconds:g} s in a whole run\n# on two cores. Written by scripts/slow_tests.py; "
            "tests/conftest.py marks them slow.\n")
    OUT.write_text(head + "".join(i + "\n" for i in ids), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(ids)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
