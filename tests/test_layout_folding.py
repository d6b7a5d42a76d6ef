"""fold_to_fit against its documented rule, written as a plain loop, on the car tree."""

from dtlearn import ID3Classifier, load_car
from dtlearn.drawing.layout import fold_to_fit, tree_view_data


def _inner_by_depth(tree):
    inner = {}
    for node in tree.nodes():
        if not node.is_leaf:
            inner.setdefault(node.depth, []).append(node.node_id)
    return inner


def _width(tree, folded):
    return tree_view_data(tree, collapsed=folded, explain=False)["geometry"]["width"]


def test_fold_to_fit_can_fold_the_deepest_inner_level():
    car = ID3Classifier().fit(*load_car()).tree_
    inner = _inner_by_depth(car)
    deepest = max(inner)
    assert deepest == 5
    # wide enough for the tree with its deepest inner nodes folded, not for the whole tree
    assert _width(car, inner[deepest]) <= 35000 < _width(car, [])
    assert sorted(fold_to_fit(car, 35000)) == sorted(inner[deepest])


def test_fold_to_fit_follows_the_rule_at_every_width():
    # the documented rule, as a plain loop: the deepest level d (from 1) such that folding
    # every level 2..d would fit; nothing when the whole tree fits
    car = ID3Classifier().fit(*load_car()).tree_
    inner = _inner_by_depth(car)
    widths = {d: _width(car, ids) for d, ids in inner.items()}
    full = _width(car, [])
    for width in (500, 960, 2000, 5000, 13284, 20000, 30618, 35000, 43671, full, 60000):
        if full <= width:
            expected = []
        else:
            depth = 1
            while depth + 1 in inner and widths[depth + 1] <= width:
                depth += 1
            expected = inner[depth]
        assert sorted(fold_to_fit(car, width)) == sorted(expected), width
