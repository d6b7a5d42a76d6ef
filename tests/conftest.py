"""Shared test set-up: the Weka fixture parser is importable as ``weka_output``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fixtures"))

# cell sources of cheating submissions, pasted into notebooks by the round-trip test: never
# imported as modules (--doctest-modules would run them)
collect_ignore_glob = ["homework_attacks/*"]


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    """Figure functions open pyplot figures when given no Axes; close them after each test."""
    yield
    import sys as _sys

    if "matplotlib.pyplot" in _sys.modules:
        _sys.modules["matplotlib.pyplot"].close("all")
