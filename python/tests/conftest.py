"""Shared fixtures of the Python tests: the shiftfly tool (SHIFTFLY_BIN) and the source tree
(SHIFTFLY_SOURCE_DIR), both set by ctest (python/CMakeLists.txt)."""
import os
import pathlib
import subprocess

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("SHIFTFLY_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
BIN_DIR = pathlib.Path(os.environ.get("SHIFTFLY_BIN", SOURCE_DIR / "build" / "bin"))


@pytest.fixture(scope="session")
def source_dir():
    return SOURCE_DIR


@pytest.fixture(scope="session")
def tool_edges():
    """tool_edges(family, flags, directed=False): the edge (or arc) list `shiftfly graph` writes."""
    tool = BIN_DIR / "shiftfly"
    if not tool.exists():
        pytest.skip(f"the shiftfly tool is not built ({tool})")

    def run(family, flags, directed=False):
        args = [str(tool), "graph", family, *flags, "--format", "edgelist"] + (["--directed"] if directed else [])
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        return [tuple(map(int, line.split())) for line in out.splitlines() if line]

    return run
