"""Shared test set-up: the Weka fixture parser is importable as ``weka_output``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "fixtures"))
