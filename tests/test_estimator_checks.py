"""scikit-learn's own estimator checks on every learner.

``parametrize_with_checks`` runs the suite scikit-learn offers to third-party estimators
(about 60 checks per learner: fitting, cloning, pickling, sample weights, bad input,
idempotence, ...). Every check passes except those listed in ``EXPECTED_FAILURES`` with
the reason a user would accept.
"""

import warnings

import pytest

sklearn = pytest.importorskip("sklearn")

from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

import dtlearn as dt  # noqa: E402
from dtlearn.learners.c45 import C45Classifier  # noqa: E402

LEARNERS = [
    dt.ZeroR(),
    dt.OneR(),
    dt.ID3Classifier(),
    C45Classifier(),
    dt.CARTClassifier(),
    dt.CARTRegressor(),
    dt.ObliqueTreeClassifier(),
]

EXPECTED_FAILURES = {
    "ZeroR": {},
    "OneR": {},
    "ID3Classifier": {},
    "C45Classifier": {},
    "CARTClassifier": {},
    "CARTRegressor": {},
    "ObliqueTreeClassifier": {},
}


def _expected(estimator):
    return EXPECTED_FAILURES[type(estimator).__name__]


with warnings.catch_warnings():  # "does not inherit from BaseEstimator": by design
    warnings.simplefilter("ignore")
    _checks = parametrize_with_checks(LEARNERS, expected_failed_checks=_expected)
    # scikit-learn < 1.9 hands pytest a generator (warning while pytest collects): list it here
    _argnames, _argvalues = _checks.args
    _checks = pytest.mark.parametrize(_argnames, list(_argvalues), **_checks.kwargs)


@_checks
def test_sklearn_estimator_check(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)


def test_every_learner_is_checked():
    from dtlearn import learners

    public = set(learners.__all__) - {"NotFittedError"} | {"C45Classifier"}
    assert {type(e).__name__ for e in LEARNERS} == public == set(EXPECTED_FAILURES)
