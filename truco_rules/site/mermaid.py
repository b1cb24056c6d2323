"""mermaid.js for the site's diagrams, served from the site itself rather than a CDN."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Material draws Mermaid diagrams with mermaid.js, which it would fetch from a CDN at page load. The
# site serves its own copy instead, taken from the npm package at build time (never committed).
MERMAID_VERSION = "11.17.2"  # Material 9.x asks for mermaid@11
VENDOR_DIR = ROOT / "build" / "vendor"


def mermaid_js(fetch: bool = True) -> Path | None:
    """mermaid.min.js of the pinned version: from TRUCO_MERMAID_JS, the build cache, or fetched with
    `npm pack` (one tarball, no dependencies); None if none of these works."""
    given = os.environ.get("TRUCO_MERMAID_JS")
    if given:
        return Path(given) if Path(given).is_file() else None
    cached = VENDOR_DIR / f"mermaid-{MERMAID_VERSION}.min.js"
    if cached.is_file() or not fetch or shutil.which("npm") is None:
        return cached if cached.is_file() else None
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(["npm", "pack", f"mermaid@{MERMAID_VERSION}", "--pack-destination", tmp,
                              "--silent"], capture_output=True, text=True, check=False, cwd=tmp)
        tarballs = list(Path(tmp).glob("mermaid-*.tgz"))
        if run.returncode != 0 or not tarballs:
            return None
        with tarfile.open(tarballs[0]) as tar:
            member = tar.extractfile("package/dist/mermaid.min.js")
            if member is None:
                return None
            VENDOR_DIR.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".part")
            partial.write_bytes(member.read())
            partial.replace(cached)  # never a half-written file under the final name
    return cached


# Where pages find the copy, from a language's root: its own assets, or, when the four languages
# are built into one site (`truco docs build` sets TRUCO_SHARED_ASSETS), the one copy at the site's
# root that they share (3.5 MB once, not four times).
SCRIPT = "assets/javascripts/mermaid.min.js"
SHARED_ENV = "TRUCO_SHARED_ASSETS"


def shared() -> bool:
    return os.environ.get(SHARED_ENV) == "1"


def script_src(up: str) -> str:
    """The script's URL from a page `up` ("../"...) below its language's root."""
    return f"{up}../{SCRIPT}" if shared() else f"{up}{SCRIPT}"
