"""``plot_ccp_path``'s words and marks: the title, axis labels, its line and the leaf counts."""

import matplotlib
import numpy as np

from dtlearn import CARTClassifier, load_play_tennis
from dtlearn.plot.curves import plot_ccp_path
from dtlearn.pruning.cost_complexity import cost_complexity_path

matplotlib.use("Agg")


def test_ccp_path_figure_words_and_marks():
    import matplotlib.pyplot as plt

    path = cost_complexity_path(CARTClassifier().fit(*load_play_tennis(numeric=True)))
    ax = plot_ccp_path(path)
    assert ax.get_title() == "cost-complexity pruning path (numbers: leaves)"
    assert ax.get_xlabel() == "effective alpha"
    assert ax.get_ylabel() == "total impurity of leaves R(T)"
    [line] = ax.lines
    assert line.get_label() == "R(T)"
    assert (line.get_marker(), line.get_drawstyle()) == ("o", "steps-post")
    assert np.array_equal(line.get_xdata(), path.ccp_alphas)
    assert np.array_equal(line.get_ydata(), path.impurities)
    # one leaf count a point, 4 points up and right of it, 8 pt
    assert [t.get_text() for t in ax.texts] == [str(int(n)) for n in path.n_leaves]
    assert {(t.xyann, t.get_fontsize()) for t in ax.texts} == {((4, 4), 8.0)}
    plt.close(ax.figure)
