"""Build the JupyterLite site of the student course: ``make lite`` (docs/JUPYTERLITE.md).

``python tools/lite.py OUTPUT`` lays out ``OUTPUT/pypi/`` (the dtlearn wheel, built from this
checkout) and ``OUTPUT/content/`` (copies of the student notebooks of ``notebooks/``), then
runs ``jupyter lite build`` there into ``OUTPUT/_output/``, the site. Nothing is fetched:
the site loads Pyodide from its CDN in the student's browser. The site carries only the
JupyterLab extensions students need (:data:`EXTENSIONS`), not every one of the build
environment (nbgrader's instructor UI is there).

The copies differ from ``notebooks/`` (which stay as they are) in two ways:

- every output's text is one string. nbformat allows a list of lines, which is how the
  course stores them, but JupyterLite shows such a list with a comma between the lines;
- a first markdown cell says that the notebook runs Python in the browser, that Pyodide is
  downloaded on first use, and what the student sees and does when it cannot be (a kernel
  that stays "Unknown" or "Connecting", a cell stuck at ``[*]``), followed by a first code
  cell that installs dtlearn and what else the notebook imports (``%pip install``: for
  notebooks 09, 11 and 13, scikit-learn), found from the notebook's own import lines.

Usage: ``python tools/lite.py OUTPUT [--source notebooks] [--no-build]``
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LITE_TAG = "dtlearn-lite"  # cell metadata tag of the cells this tool adds
# The JupyterLab extensions the site carries: the widgets' front ends and the Pyodide
# kernel. `jupyter lite build` would copy every extension of the environment it runs in
# (.venv-dev: nbgrader's instructor UI among them), so it is told to take none from there
# and these are copied into the site folder's labextensions/ and named to it instead.
EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
    "@jupyterlite/pyodide-kernel-extension",
    "jupyterlab_pygments",
)

NOTE = """\
**This notebook runs in your browser** (JupyterLite): Python is Pyodide, which the browser
downloads from a public CDN the first time (about 20 MB, then cached), so the first use
needs a network connection. Run the next cell first: it installs dtlearn{also}.

If the kernel indicator (top right) stays at "Unknown" or "Connecting", or the first cell
stays at `[*]` with no output for more than a minute, **Pyodide could not be downloaded**:
this browser has no connection to the CDN, or a firewall blocks it. Nothing in the notebook
can run then; connect to the internet and reload the page, or open the course where it is
installed (JupyterLab, Binder or the course hub)."""


def joined_outputs(nb: dict) -> dict:
    r"""``nb`` with every output's list-of-lines text joined into one string.

    Examples
    --------
    >>> nb = {"cells": [{"cell_type": "code", "source": [], "outputs": [
    ...     {"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
    ...     {"output_type": "display_data", "metadata": {},
    ...      "data": {"text/plain": ["x\n", "y"], "image/png": "iVBO",
    ...               "application/json": {"k": ["v"]}}}]}]}
    >>> out = joined_outputs(nb)["cells"][0]["outputs"]
    >>> out[0]["text"], out[1]["data"]["text/plain"], out[1]["data"]["application/json"]
    ('a\nb\n', 'x\ny', {'k': ['v']})
    """
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            if isinstance(output.get("text"), list):
                output["text"] = "".join(output["text"])
            data = output.get("data", {})
            for mime, value in data.items():
                # JSON mime types hold JSON values, not lines of text: left as they are
                if isinstance(value, list) and not mime.endswith("json"):
                    data[mime] = "".join(value)
    return nb


def notebook_imports(nb: dict) -> set[str]:
    r"""Top-level modules the code cells of ``nb`` import (IPython magics skipped).

    Examples
    --------
    >>> notebook_imports({"cells": [{"cell_type": "code",
    ...     "source": ["%matplotlib inline\n", "import numpy as np\n",
    ...                "from sklearn.tree import DecisionTreeClassifier"]}]}) == {"numpy", "sklearn"}
    True
    """
    found = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        source = "\n".join(
            line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))
        )
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                found.add(node.module.split(".")[0])
    return found


def _dtlearn_closure() -> set[str]:
    """Distributions that installing dtlearn brings (its required dependencies, transitively)."""
    seen, todo = set(), ["dtlearn"]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        todo += [Requirement(text).name for text in requires if Requirement(text).marker is None]
    return seen


def extra_needs(nb: dict) -> list[str]:
    """Distributions the notebook imports beyond the standard library and dtlearn's own.

    Examples
    --------
    >>> extra_needs({"cells": [{"cell_type": "code", "source": "import dtlearn, numpy, json"}]})
    []
    >>> extra_needs({"cells": [{"cell_type": "code", "source": "from sklearn import tree"}]})
    ['scikit-learn']
    """
    providers = metadata.packages_distributions()
    covered = _dtlearn_closure()
    needs = set()
    for module in notebook_imports(nb):
        if module in sys.stdlib_module_names or module == "dtlearn":
            continue
        dists = {canonicalize_name(d) for d in providers.get(module, [])}
        if not dists:
            raise LookupError(
                f"no installed distribution provides {module!r}: install the "
                "course's lab extra into this environment"
            )
        if not dists & covered:
            needs |= dists
    return sorted(needs)


def lite_copy(nb: dict) -> dict:
    """The JupyterLite copy of a course notebook: outputs joined, the note and install cells first.

    Examples
    --------
    >>> copy = lite_copy({"cells": [{"cell_type": "code", "source": "from sklearn import tree",
    ...                             "outputs": [], "metadata": {}, "execution_count": None}],
    ...                   "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    >>> [cell["cell_type"] for cell in copy["cells"]]
    ['markdown', 'code', 'code']
    >>> copy["cells"][1]["source"]
    '%pip install -q dtlearn scikit-learn'
    >>> "Pyodide could not be downloaded" in copy["cells"][0]["source"]
    True
    """
    nb = joined_outputs(json.loads(json.dumps(nb)))
    needs = extra_needs(nb)
    also = f" and {', '.join(needs)}, which this notebook also uses" if needs else ""
    meta = {"tags": [LITE_TAG], "editable": False, "deletable": False}
    note = {
        "cell_type": "markdown",
        "id": "dtlearn-lite-note",
        "metadata": meta,
        "source": NOTE.format(also=also),
    }
    install = {
        "cell_type": "code",
        "id": "dtlearn-lite-install",
        "metadata": {"tags": [LITE_TAG]},
        "execution_count": None,
        "outputs": [],
        "source": "%pip install -q " + " ".join(["dtlearn", *needs]),
    }
    if nb.get("nbformat_minor", 0) < 5:  # cell ids exist from nbformat 4.5
        note.pop("id"), install.pop("id")
    nb["cells"] = [note, install, *nb["cells"]]
    return nb


def layout(output: Path, source: Path = ROOT / "notebooks") -> list[Path]:
    """Write ``output/pypi`` (the wheel), ``output/content`` (the copies) and the extensions.

    Returns the copies.
    """
    if output.exists():
        shutil.rmtree(output)
    (output / "pypi").mkdir(parents=True)
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (installed / name / "package.json").exists():
            raise FileNotFoundError(
                f"JupyterLab extension {name} is not installed in "
                f"{sys.prefix} (make lite installs it into .venv-dev)"
            )
        shutil.copytree(installed / name, output / "labextensions" / name)
    config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [f"labextensions/{name}" for name in EXTENSIONS],
        }
    }
    (output / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1) + "\n")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(output / "pypi")],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    notebooks = sorted(source.glob("[0-9][0-9]*.ipynb")) + sorted(
        source.glob("homework/hw*/*.ipynb")
    )
    if not notebooks:
        raise FileNotFoundError(f"no notebooks in {source}: run `make student-course`")
    copies = []
    for path in notebooks:
        target = output / "content" / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        nb = lite_copy(json.loads(path.read_text(encoding="utf-8")))
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        copies.append(target)
    return copies


def build(output: Path) -> Path:
    """Run ``jupyter lite build`` in ``output`` (after :func:`layout`); return the site folder."""
    jupyter = Path(sys.executable).parent / "jupyter"
    run = subprocess.run(
        [str(jupyter), "lite", "build", "--contents", "content", "--output-dir", "_output"],
        cwd=output,
        capture_output=True,
        text=True,
    )
    if run.returncode:
        raise RuntimeError("jupyter lite build failed:\n" + run.stdout[-3000:] + run.stderr[-3000:])
    return output / "_output"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path)
    parser.add_argument("--source", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--no-build", action="store_true", help="lay out only")
    args = parser.parse_args()
    for copy in layout(args.output, args.source):
        print(copy.relative_to(args.output))
    if not args.no_build:
        print(f"site: {build(args.output)}")
