"""Every public name resolves: ``dt.__all__``, ``dir(dt)``, the plot and widget packages.

Each check runs in a fresh interpreter, so the lazily imported views (matplotlib,
ipywidgets, anywidget) are reached through ``dtlearn.__getattr__`` exactly as a notebook
reaches them, and a name that fails only on first use fails here.
"""

import json
import subprocess
import sys

import pytest

# The public names the course and instructors' material rely on (the design contract),
# written out here rather than read from ``dt.__all__`` so that dropping one fails.
CONTRACT = (
    "entropy",
    "gini",
    "misclassification",
    "kl_divergence",
    "kl_to_uniform",
    "mse",
    "mae",
    "split_info",
    "mean_info",
    "information_gain",
    "gain_ratio",
    "ZeroR",
    "OneR",
    "ID3Classifier",
    "C45Classifier",
    "CARTClassifier",
    "CARTRegressor",
    "reduced_error_prune",
    "rule_post_prune",
    "cost_complexity_path",
    "Tree",
    "plot",
    "widgets",
)

UNRESOLVED = """
import importlib, json
module = importlib.import_module({module!r})
names = set(getattr(module, "__all__", ())) | set(dir(module))
bad = {{}}
for name in sorted(names):
    try:
        getattr(module, name)
    except Exception as exc:
        bad[name] = f"{{type(exc).__name__}}: {{exc}}"
print(json.dumps({{"all": list(getattr(module, "__all__", ())), "bad": bad}}))
"""


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("module", ["dtlearn", "dtlearn.plot", "dtlearn.widgets"])
def test_every_listed_name_resolves(module):
    run = _python(UNRESOLVED.format(module=module))
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    assert found["bad"] == {}
    assert found["all"], f"{module} lists no public names"
    assert len(set(found["all"])) == len(found["all"]), f"{module}.__all__ repeats a name"


@pytest.mark.parametrize("module", ["dtlearn", "dtlearn.plot", "dtlearn.widgets"])
def test_star_import_works(module):
    run = _python(f"from {module} import *; print('ok')")
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_star_import_binds_what_all_lists():
    code = (
        "import dtlearn, json; ns = {}; exec('from dtlearn import *', ns); "
        "print(json.dumps(sorted(set(dtlearn.__all__) - set(ns))))"
    )
    run = _python(code)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []


def test_the_contract_names_are_public():
    run = _python("import dtlearn, json; print(json.dumps(dtlearn.__all__))")
    assert run.returncode == 0, run.stderr
    assert set(CONTRACT) - set(json.loads(run.stdout)) == set()


def test_an_unknown_name_is_an_attribute_error():
    run = _python(
        "import dtlearn\ntry:\n    dtlearn.no_such_name\nexcept AttributeError as e:\n    print(e)"
    )
    assert run.stdout.strip() == "module 'dtlearn' has no attribute 'no_such_name'"
