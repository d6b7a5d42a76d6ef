"""Print pip constraints pinning every ``>=`` lower bound in pyproject.toml to that version.

``make test-floors`` installs the package with these constraints into ``.venv-floors`` and
runs the unit tests there, so the declared lower bounds stay true. Requirements of the
runtime dependencies and of every extra (``lab``, ``arff``, ``grading``) are pinned (the test tools, a
dependency group, are not: they are not what users install), except JupyterLab: it is the server, which neither the package
nor the unit tests import, and the test tools (nbgrader) need a newer one.

Usage: ``python tools/floors.py > constraints.txt``
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def floors(pyproject: dict) -> list[str]:
    """``name==version`` for every ``name>=version`` among dependencies and the extras.

    Examples
    --------
    >>> floors({"project": {"dependencies": ["numpy>=1.24", "b; python_version<'3'"],
    ...                     "optional-dependencies": {"lab": ["c>=2,<3", "jupyterlab>=4"],
    ...                                               "arff": ["liac-arff>=2.5"]}}})
    ['numpy==1.24', 'c==2', 'liac-arff==2.5']
    """
    project = pyproject["project"]
    pins = []
    skip = {"jupyterlab"}
    extras = project.get("optional-dependencies", {}).values()
    for text in project["dependencies"] + [text for group in extras for text in group]:
        match = re.match(
            r"\s*([A-Za-z0-9_.-]+)\s*(?:\[[^]]*\])?\s*[^;]*?>=\s*([0-9][^,;\s]*)", text
        )
        if match and match.group(1).lower() not in skip:
            pins.append(f"{match.group(1)}=={match.group(2)}")
    return pins


if __name__ == "__main__":
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    sys.stdout.write("".join(f"{pin}\n" for pin in floors(data)))
