"""Shared fixtures: the repository root, the command line (when built) and
one small Monorail dataset solved once per session."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]

#: A tile count whose whole solve takes well under a second.
SMALL_TILES = 8


def grundy_cli():
    """The `grundy` binary: $GRUNDY, else target/release/grundy of this
    repository, else one on PATH; None when there is none."""
    for candidate in (os.environ.get("GRUNDY"), ROOT / "target" / "release" / "grundy"):
        if candidate and Path(candidate).is_file():
            # Absolute: a test may change the working directory.
            return str(Path(candidate).resolve())
    return shutil.which("grundy")


@pytest.fixture(scope="session")
def cli():
    """Runs the command line and returns (exit code, stdout, stderr); skips
    the test when no binary is built (.ci/run builds it before pytest)."""
    exe = grundy_cli()
    if exe is None:
        pytest.skip("no grundy binary: set GRUNDY or cargo build --release")

    def run(*args):
        p = subprocess.run([exe, "--quiet", *args], capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def small_monorail(tmp_path_factory):
    """A Monorail dataset directory for SMALL_TILES tiles, solved by
    grundy.monorail.solve, and its summary."""
    out = tmp_path_factory.mktemp("monorail") / f"t{SMALL_TILES}"
    summary = grundy.monorail.solve(SMALL_TILES, out)
    return out, summary
