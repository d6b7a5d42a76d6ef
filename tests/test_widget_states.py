"""Widget state at its edges: which buttons are enabled, where a slider index stops.

ID3Builder: Split is enabled exactly while an open leaf is selected. The cost-complexity
explorer's index stays within the distinct alphas of the path (first and last included).
"""

import pytest

pytest.importorskip("ipywidgets")

import dtlearn as dt
from dtlearn.widgets import CostComplexityExplorer, ID3Builder


@pytest.fixture(scope="module")
def tennis():
    return dt.load_play_tennis()


def test_split_button_follows_the_selected_leaf(tennis):
    X, y = tennis
    app = ID3Builder(X, y)
    app.selected_leaf = 0
    assert not app.buttons["split"].disabled
    app.selected_leaf = None
    assert app.buttons["split"].disabled
    app.choose("outlook", 0)
    app.selected_leaf = None
    assert app.buttons["split"].disabled
    # a closed (pure) leaf cannot be selected: overcast's 4 rows are all yes
    closed = [i for i in app._grower.frontier() if app.tree.node(i).impurity == 0]
    assert len(closed) == 1
    app.selected_leaf = [i for i in app.open_leaves() if i not in closed][0]
    assert not app.buttons["split"].disabled
    app._on_view_select({"new": closed[0]})
    assert app.selected_leaf is None and app.buttons["split"].disabled


def test_ccp_explorer_index_is_clamped_to_the_path(tennis):
    X, y = tennis
    app = CostComplexityExplorer(X, y, cv=2)
    last = len(app.alphas) - 1
    assert last >= 1
    app.index = last + 5
    assert app.index == last and app.alpha == float(app.alphas[-1])
    app.index = -3
    assert app.index == 0 and app.alpha == float(app.alphas[0])
    assert list(app.alphas) == sorted(set(app.alphas))  # distinct, increasing


@pytest.mark.parametrize("scale, ok", [(0.5, True), (4, True), (0.49, False), (4.01, False)])
def test_presenter_font_scale_bounds_are_inclusive(scale, ok):
    from dtlearn.widgets.tree_view import default_font_scale, presenter

    try:
        if ok:
            assert presenter(True, font_scale=scale) == scale == default_font_scale()
        else:
            with pytest.raises(ValueError, match=r"font_scale must be between 0\.5 and 4"):
                presenter(True, font_scale=scale)
    finally:
        presenter(False)
    assert default_font_scale() == 1.0
