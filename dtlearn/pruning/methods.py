"""The pruning methods: one registry that the curve, the stepper and the tests read.

A :class:`PruningMethod` says what a method is called, whether it judges the tree on
validation data, how to run it, and (when its states are trees) which trees a pruning
curve scores. :func:`dtlearn.pruning.curves.pruning_curve`, :class:`dtlearn.widgets.PruningStepper`
and the step-protocol tests list :func:`pruning_methods`; none keeps a list of its own.

Adding a method is one :func:`register` call at the end of its module in this package:
the registry imports every module of :mod:`dtlearn.pruning` on its first look-up, so the
new module needs no import line elsewhere.

A method's result follows the replay protocol of :mod:`dtlearn.steps`: ``steps`` (each a
:class:`~dtlearn.steps.Step`), ``state_after(k)`` (a Tree, or a value such as a RuleSet),
``summary()`` and ``table()``.

Examples
--------
>>> from dtlearn import ID3Classifier, load_play_tennis
>>> X, y = load_play_tennis()
>>> method = pruning_method("reduced_error")
>>> method.label, method.needs_validation
('reduced-error pruning', True)
>>> result = method.run(ID3Classifier().fit(X, y), X[::2], y[::2])
>>> result.state_after(len(result.steps)).n_leaves == result.tree.n_leaves
True
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..tree import Tree
from .cost_complexity import CostComplexityPath, cost_complexity_path
from .pessimistic import PessimisticPruneResult, pessimistic_prune
from .reduced_error import ReducedErrorPruning, reduced_error_prune
from .rule_post_pruning import rule_post_prune
from .tree_access import tree_and_model

__all__ = ["PruningMethod", "PruningSequence", "pruning_method", "pruning_methods", "register"]


@dataclass(frozen=True)
class PruningSequence:
    """The trees a pruning method passes through, as a pruning curve scores them.

    Attributes
    ----------
    param : str
        What the curve's x axis shows (``"ccp_alpha"``, ``"pruning step"``).
    values : tuple
        One value of ``param`` per tree; the first tree is the full one.
    tree : Tree
        The full tree (entry 0).
    cuts : tuple of int, optional
        Node ids made leaves, in order: tree ``i`` is ``tree.with_leaves_at(cuts[:i])``
        (a curve then updates its scores locally).
    positions : tuple of int, optional
        Without ``cuts``: tree ``i`` is the result's ``state_after(positions[i])``
        (for methods that re-distribute rows, such as subtree raising).
    """

    param: str
    values: tuple
    tree: Tree
    cuts: tuple | None = None
    positions: tuple | None = None

    def __post_init__(self) -> None:
        if (self.cuts is None) == (self.positions is None):
            raise ValueError("a PruningSequence has either cuts or positions")
        n = len(self.cuts) + 1 if self.cuts is not None else len(self.positions)
        if len(self.values) != n:
            raise ValueError(f"values: {len(self.values)} values for {n} trees")


@dataclass(frozen=True)
class PruningMethod:
    """One pruning method as the curve, the stepper and the tests see it.

    Attributes
    ----------
    name : str
        What ``method=`` says (``"reduced_error"``, ``"cost_complexity"``, ...).
    label : str
        How buttons, captions and messages name it.
    needs_validation : bool
        Whether it judges the tree on validation data (``X_val``, ``y_val``); a method
        that does not uses the tree's own training counts.
    run : callable
        ``run(model, X_val, y_val, X_train, y_train)`` returns the replayable result; any of
        the data may be ``None`` (the stepper has no training data).
    sequence : callable or None
        ``sequence(result)`` gives the :class:`PruningSequence` of trees a pruning curve
        scores; ``None`` when the states are not trees (rule post-pruning makes rules).
    """

    name: str
    label: str
    needs_validation: bool
    run: Callable[..., Any]
    sequence: Callable[[Any], PruningSequence] | None = None


_REGISTRY: dict[str, PruningMethod] = {}
_LOADED = False


def register(method: PruningMethod) -> PruningMethod:
    """Add ``method`` to the registry (its name must be new) and return it.

    Examples
    --------
    >>> register(pruning_method("rules"))
    Traceback (most recent call last):
    ...
    ValueError: pruning method 'rules' is already registered
    """
    if not isinstance(method, PruningMethod):
        raise TypeError(f"method must be a PruningMethod, not {type(method).__name__}")
    if method.name in _REGISTRY:
        raise ValueError(f"pruning method {method.name!r} is already registered")
    _REGISTRY[method.name] = method
    return method


def _load_package() -> None:
    # a method module registers itself when imported; importing the whole package once
    # is what lets a new method be one module with no import line anywhere else
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    package = importlib.import_module(__package__)
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{__package__}.{info.name}")


def pruning_methods() -> tuple[PruningMethod, ...]:
    """Every registered pruning method, in registration order.

    Examples
    --------
    >>> methods = pruning_methods()
    >>> {"reduced_error", "cost_complexity"} <= {m.name for m in methods}
    True
    >>> all(m.label for m in methods)
    True
    """
    _load_package()
    return tuple(_REGISTRY.values())


def pruning_method(name: Any) -> PruningMethod:
    """The registered pruning method called ``name``.

    Examples
    --------
    >>> pruning_method("cost_complexity").needs_validation
    False
    >>> pruning_method("magic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: method must be one of [...], got 'magic'
    """
    _load_package()
    if name not in _REGISTRY:
        raise ValueError(f"method must be one of {list(_REGISTRY)}, got {name!r}")
    return _REGISTRY[name]


# ------------------------------------------------------------------ the built-in methods
# Registered here rather than at the end of their modules: those modules predate the
# registry and do not import it.
def _reduced_error_sequence(result: ReducedErrorPruning) -> PruningSequence:
    cuts = result.pruned_nodes
    return PruningSequence("pruning step", tuple(range(len(cuts) + 1)), result.original, cuts=cuts)


def _cost_complexity_sequence(path: CostComplexityPath) -> PruningSequence:
    return PruningSequence("ccp_alpha", tuple(path.ccp_alphas), path.tree, cuts=tuple(path.cuts))


def _pessimistic(
    model: Any, X_val: Any = None, y_val: Any = None, X_train: Any = None, y_train: Any = None
) -> PessimisticPruneResult:
    """C4.5's pruning: a fitted C45Classifier from its grown tree, with subtree raising.

    Any other tree is pruned on its own counts; subtree raising re-distributes training
    rows, so it is on only when ``X_train`` and ``y_train`` are given.
    """
    if getattr(model, "grown_tree_", None) is not None:
        return pessimistic_prune(model)
    tree, _ = tree_and_model(model, arg="model")
    if X_train is not None and y_train is not None:
        return pessimistic_prune(tree, X=X_train, y=y_train)
    return pessimistic_prune(tree, subtree_raising=False)


def _pessimistic_sequence(result: PessimisticPruneResult) -> PruningSequence:
    # one tree per decision that changed it; entry 0 before any decision
    positions = (0, *(k + 1 for k, s in enumerate(result.steps) if s.decision != "kept"))
    return PruningSequence("pruning step", positions, result.state_after(0), positions=positions)


register(
    PruningMethod(
        "reduced_error",
        "reduced-error pruning",
        True,
        lambda model, X_val, y_val, X_train=None, y_train=None: reduced_error_prune(
            model, X_val, y_val
        ),
        _reduced_error_sequence,
    )
)
register(
    PruningMethod(
        "rules",
        "rule post-pruning",
        True,
        lambda model, X_val, y_val, X_train=None, y_train=None: rule_post_prune(
            model, X_val, y_val
        ),
    )
)
register(
    PruningMethod(
        "cost_complexity",
        "cost-complexity path",
        False,
        lambda model, X_val=None, y_val=None, X_train=None, y_train=None: cost_complexity_path(
            model
        ),
        _cost_complexity_sequence,
    )
)
register(
    PruningMethod(
        "pessimistic", "C4.5 pessimistic pruning", False, _pessimistic, _pessimistic_sequence
    )
)
