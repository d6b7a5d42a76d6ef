"""Where an unseen value stops, by tree kind: only a majority tree's categorical or
threshold test has a stopping rule; a distributing (C4.5) tree and a linear test have none.
"""

import numpy as np

import dtlearn as dt
from dtlearn.exports.rule_text import unseen_condition


def test_only_a_majority_tree_stops_at_an_unseen_value():
    X, y = dt.load_play_tennis()
    c45 = dt.C45Classifier().fit(X, y).tree_
    assert c45.missing == "distribute"
    assert unseen_condition(c45, c45.root) is None  # sent down every branch
    c45.missing = "majority"
    assert unseen_condition(c45, c45.root) == "outlook not in {sunny, overcast, rainy}"
    rng = np.random.default_rng(0)
    Xn = rng.normal(size=(40, 2))
    oblique = dt.ObliqueTreeClassifier(max_depth=1).fit(Xn, Xn[:, 0] + Xn[:, 1] > 0).tree_
    assert oblique.missing == "majority" and oblique.root.split.kind == "oblique"
    assert unseen_condition(oblique, oblique.root) is None
    cart = dt.CARTClassifier(max_depth=1).fit(Xn, Xn[:, 0] > 0).tree_
    assert unseen_condition(cart, cart.root) is None  # refuses missing values: never met
    cart.refuses_missing = False
    assert unseen_condition(cart, cart.root) == "x0 unknown"
