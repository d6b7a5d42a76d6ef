"""The module paths dtlearn 0.3.0 moved, kept working for one release with a warning.

0.3.0 put the flat modules into subpackages by layer (``learners/``, ``pruning/``,
``drawing/``) and gave modules that shared a file name names of their own (``exports/rules``
became ``exports/rule_text``, ...; CHANGELOG.md lists every move). An old path still imports, from code,
notebooks and pickles: a finder at the end of ``sys.meta_path`` answers for the names in
:data:`MOVED`, warns once with a :class:`DeprecationWarning` naming the new path, and binds
the old name to the very module object of the new one, so ``dtlearn.prune is
dtlearn.pruning.reduced_error`` and a class pickled under its old module loads as itself.
``dtlearn.<old name>`` as an attribute does the same (``dtlearn.__getattr__``).

Examples
--------
>>> MOVED["dtlearn.prune"]
'dtlearn.pruning.reduced_error'
>>> import dtlearn.pruning.reduced_error as new
>>> old_module("dtlearn.prune", warn=False) is new
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Callable
from types import ModuleType
from typing import Any

MOVED = {
    "dtlearn.estimator": "dtlearn.learners.estimator",
    "dtlearn.baselines": "dtlearn.learners.baselines",
    "dtlearn.c45": "dtlearn.learners.c45",
    "dtlearn.c45_grower": "dtlearn.learners.c45_grower",
    "dtlearn.sklearn_import": "dtlearn.learners.sklearn_import",
    "dtlearn.weka_utils": "dtlearn.weka_arithmetic",
    "dtlearn.prune": "dtlearn.pruning.reduced_error",
    "dtlearn.cost_complexity": "dtlearn.pruning.cost_complexity",
    "dtlearn.pessimistic": "dtlearn.pruning.pessimistic",
    "dtlearn.rules": "dtlearn.pruning.rule_post_pruning",
    "dtlearn.curves": "dtlearn.pruning.curves",
    "dtlearn.tree_access": "dtlearn.pruning.tree_access",
    "dtlearn.layout": "dtlearn.drawing.layout",
    "dtlearn.tidy_layout": "dtlearn.drawing.tidy_layout",
    "dtlearn.node_text": "dtlearn.drawing.node_text",
    # issue 40: pruning/rules.py split into rule_conditions, rule_coverage and this
    "dtlearn.pruning.rules": "dtlearn.pruning.rule_post_pruning",
    # issue 40: widgets/pruning.py held two apps (its CostComplexityExplorer: see the module)
    "dtlearn.widgets.pruning": "dtlearn.widgets.pruning_stepper",
    # issue 40: the fast engine sits together in grow/fast/
    "dtlearn.grow.levels": "dtlearn.grow.fast.levels",
    "dtlearn.grow.level_arrays": "dtlearn.grow.fast.level_arrays",
    "dtlearn.grow.level_scores": "dtlearn.grow.fast.level_scores",
    "dtlearn.grow.sums": "dtlearn.grow.fast.sums",
    "dtlearn.grow.arrays": "dtlearn.grow.fast.arrays",
    "dtlearn.grow.node_arrays": "dtlearn.grow.fast.node_arrays",
    # one name per idea (issue 40): no two modules share a file name by accident
    "dtlearn.exports.rules": "dtlearn.exports.rule_text",
    "dtlearn.exports.formatting": "dtlearn.exports.labels",
    "dtlearn.learners.id3_cart_oblique": "dtlearn.learners.tree_learner",
    "dtlearn.datasets.registry": "dtlearn.datasets.entries",
    "dtlearn.exercises.sandbox": "dtlearn.exercises.student_call",
    "dtlearn.exercises.guard": "dtlearn.exercises.library_guard",
    "dtlearn.exercises.homework.rules": "dtlearn.exercises.homework.forbidden_calls",
    "dtlearn.exercises.homework.formulas": "dtlearn.exercises.homework.check_formulas",
    "dtlearn.exercises.homework.grading": "dtlearn.exercises.homework.trial_grading",
    "dtlearn.exercises.homework.remote": "dtlearn.exercises.homework.jail_client",
    "dtlearn.exercises.homework.jail": "dtlearn.exercises.homework.jail_child",
    "dtlearn.exercises.homework.nbgrader_grading": "dtlearn.exercises.homework.nbgrader_preprocessor",
}
"""Old module path -> new one (``dtlearn.learners`` became a package re-exporting its names)."""

MOVED_NAMES = {
    "dtlearn.grow.records": {"GrowthStep": "dtlearn.grow.growth_step"},
}
"""Module -> {name that left it in 0.3.0 -> the module that holds it now}.

A 0.2.0 pickle names ``dtlearn.grow.records.GrowthStep`` (every fitted tree keeps its growth
steps); the class now lives in ``dtlearn.grow.growth_step`` (records.py and the candidate
table would import each other). The old module answers the old name, with a warning.
"""


def old_module(old: str, stacklevel: int = 2, warn: bool = True) -> ModuleType:
    """The new module behind an old path, bound to the old name too, after a warning.

    Parameters
    ----------
    old : str
        A key of :data:`MOVED`.
    stacklevel : int
        Where the warning points, as for :func:`warnings.warn`.
    warn : bool
        Whether to warn (the import system's own caching makes it once per process).

    Examples
    --------
    >>> old_module("dtlearn.layout", warn=False).__name__
    'dtlearn.drawing.layout'
    """
    new = MOVED[old]
    if warn:
        warnings.warn(
            f"{old} moved to {new} in dtlearn 0.3.0; import it from there "
            f"(the old path goes in 0.4.0)",
            DeprecationWarning,
            stacklevel=stacklevel + 1,
        )
    module = importlib.import_module(new)
    sys.modules[old] = module
    parent, _, child = old.rpartition(".")
    setattr(sys.modules[parent], child, module)
    return module


class _OldPathLoader(importlib.abc.Loader):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a placeholder; exec_module puts the new module in its place

    def exec_module(self, module: ModuleType) -> None:
        # The import system returns whatever sys.modules holds after exec_module, and
        # leaves that module's own attributes (__name__, __spec__) alone.
        old_module(module.__name__, stacklevel=2)


class _OldPathFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _LOADER)


_LOADER = _OldPathLoader()


def moved_name(module: str, name: str, warn: bool = True) -> Any:
    """The object a 0.2.0 module held as ``name``, from the module that holds it now.

    Parameters
    ----------
    module : str
        A key of :data:`MOVED_NAMES` (the old home).
    name : str
        The name that left it.
    warn : bool
        Whether to warn with a :class:`DeprecationWarning` naming the new home.

    Raises
    ------
    AttributeError
        When ``module`` never held ``name`` (what ``getattr`` on a module raises).

    Examples
    --------
    >>> moved_name("dtlearn.grow.records", "GrowthStep", warn=False).__module__
    'dtlearn.grow.growth_step'
    """
    new = MOVED_NAMES.get(module, {}).get(name)
    if new is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    if warn:
        warnings.warn(
            f"{module}.{name} moved to {new}.{name} in dtlearn 0.3.0; import it "
            f"from there (the old name goes in 0.4.0)",
            DeprecationWarning,
            stacklevel=3,
        )
    return getattr(importlib.import_module(new), name)


def _name_getter(module: str) -> Callable[[str], Any]:
    def __getattr__(name: str) -> Any:  # PEP 562: asked only for names the module lacks
        return moved_name(module, name)

    return __getattr__


def install() -> None:
    """Put the finder of old paths at the end of ``sys.meta_path`` (once), old names back.

    Every module of :data:`MOVED_NAMES` answers its old names through a module
    ``__getattr__`` (PEP 562: asked only for names it does not hold), so ``pickle`` finds
    ``dtlearn.grow.records.GrowthStep``.

    Examples
    --------
    >>> install()
    >>> sum(isinstance(f, _OldPathFinder) for f in sys.meta_path)
    1
    >>> import dtlearn.grow.records as records
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     records.GrowthStep is moved_name("dtlearn.grow.records", "GrowthStep", warn=False)
    True
    """
    if not any(isinstance(finder, _OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.append(_OldPathFinder())
    for module in MOVED_NAMES:
        target = importlib.import_module(module)
        if "__getattr__" not in vars(target):
            target.__getattr__ = _name_getter(module)
