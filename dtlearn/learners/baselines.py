"""The baselines every tree must beat: 0-R (the majority class) and 1-R (one attribute)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..grow import Grower, GrowthConfig
from ..tree import Node, Tree
from .estimator import Classifier, sample_weights, target_name_of


class ZeroR(Classifier):
    """0-R: always predict the majority class of the training data (first class on ties).

    The baseline every tree must beat. Its ``tree_`` is a single leaf.

    Examples
    --------
    >>> from dtlearn import ZeroR, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> model = ZeroR().fit(X, y)
    >>> model.predict(X[:1])[0], round(1 - model.score(X, y), 4)  # errs 5/14
    ('yes', 0.3571)
    """

    _handles_missing = True
    _poor_score = True

    def __init__(self) -> None:
        pass

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> ZeroR:
        """Count the classes of ``y``; returns ``self``."""
        Xe, codes, schema, classes = self._fit_data(X, y)
        w = sample_weights(sample_weight, len(codes))
        counts = np.bincount(codes, weights=w, minlength=len(classes)).astype(float)
        root = Node(0, 0, float(counts.sum()), 0.0, counts / counts.sum(), counts)
        self._set_fitted(
            Tree(root, schema, classes, target_name_of(y), flavour="j48"), schema, classes
        )
        return self


class OneR(Classifier):
    """1-R (Holte 1993): the best one-attribute rule set.

    For every attribute, each value predicts its majority class (first class on ties); the
    attribute whose rules make the fewest training errors wins (first attribute on ties),
    as in Weka's ``OneR`` on nominal data. A numeric attribute is cut once, at the
    threshold that makes the fewest errors (Weka's bucketing of numeric values with
    ``-B 6`` is not reproduced). As in Weka, missing values form a bucket of their own:
    they count in the training errors and predict that bucket's majority class (the first
    class when training had none).

    Attributes
    ----------
    attribute_ : str
        The chosen attribute.
    errors_ : dict
        Training errors of the best rule set of every attribute.
    tree_ : Tree
        The rule set as a one-level tree.

    Examples
    --------
    >>> from dtlearn import OneR, load_play_tennis
    >>> model = OneR().fit(*load_play_tennis())
    >>> model.attribute_, model.errors_["outlook"]  # errs 4/14
    ('outlook', 4.0)
    """

    _handles_missing = True
    _poor_score = True

    def __init__(self, categorical: Any = None) -> None:
        self.categorical = categorical

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> OneR:
        """Find the best one-attribute rule; returns ``self``."""
        Xe, codes, schema, classes = self._fit_data(X, y)
        w = sample_weights(sample_weight, len(codes))
        k = len(classes)
        total = np.bincount(codes, weights=w, minlength=k).astype(float)
        grower = Grower(
            Xe,
            codes,
            schema,
            GrowthConfig(criterion="misclassification"),
            classes,
            w,
            target_name_of(y),
        )
        best_tree, best_errors, errors = None, np.inf, {}
        for cand in grower.candidates(0):
            if cand.split is None:
                errors[cand.feature_name] = float(total.sum() - total.max())
                continue
            wrong = float((cand.child_counts.sum(axis=1) - cand.child_counts.max(axis=1)).sum())
            missing = total - cand.child_counts.sum(axis=0)  # Weka's bucket for '?'
            wrong += float(missing.sum() - missing.max())
            errors[cand.feature_name] = wrong
            if wrong < best_errors - 1e-9:
                best_errors, best_tree = wrong, cand
        root = Node(
            0,
            0,
            float(total.sum()),
            float(total.sum() - total.max()) / total.sum(),
            total / total.sum(),
            total,
        )
        if best_tree is not None:
            root.split = best_tree.split
            for b, counts in enumerate(best_tree.child_counts):
                n = float(counts.sum())
                value = counts / n if n > 0 else _first_class(k)
                root.children.append(
                    Node(
                        b + 1,
                        1,
                        n,
                        float(n - counts.max()) / n if n else 0.0,
                        value,
                        counts.astype(float),
                    )
                )
            self.attribute_ = best_tree.feature_name
            missing = total - best_tree.child_counts.sum(axis=0)
            # Weka predicts '?' by the majority of its own bucket, and by the first class
            # when training had no '?' (OneR.classifyInstance returns 0)
            root.value = (
                np.eye(k)[int(np.argmax(missing))] if missing.sum() > 0 else _first_class(k)
            )
        else:
            self.attribute_ = None
        self.errors_ = errors
        self._set_fitted(
            Tree(root, schema, classes, target_name_of(y), flavour="j48"), schema, classes
        )
        return self

    def rule_text(self) -> str:
        r"""The rule set as Weka prints it (``outlook:`` then ``sunny -> no`` lines).

        Examples
        --------
        >>> from dtlearn import OneR, load_play_tennis
        >>> OneR().fit(*load_play_tennis()).rule_text().splitlines()[:2]
        ['outlook:', '\tsunny\t-> no']
        """
        self._check_fitted()
        root = self.tree_.root
        if root.is_leaf:
            return f": {self.classes_[root.predicted_index]}"
        lines = [f"{self.attribute_}:"]
        for cond, child in zip(root.split.conditions(self.tree_.schema), root.children):
            value = cond.split(" = ", 1)[1] if " = " in cond else cond
            lines.append(f"\t{value}\t-> {self.classes_[child.predicted_index]}")
        return "\n".join(lines)


def _first_class(k: int) -> np.ndarray:
    value = np.zeros(k)
    value[0] = 1.0
    return value


__all__ = ["OneR", "ZeroR"]
