"""CostComplexityExplorer: an α slider over the cost-complexity pruning path.

It looks up entries of :func:`dtlearn.pruning.cost_complexity.cost_complexity_path` and
cross-validated accuracies computed once, at construction; the slider only looks up.
(It shared ``dtlearn.widgets.pruning`` with ``PruningStepper`` until this split; that path
imports until 0.4.0.)
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from ..formatting import fmt, fmt_g, plural
from ..pruning.cost_complexity import cost_complexity_path
from ..pruning.curves import cross_validated_ccp
from .base import App, LiveFigure, img_html
from .pruning_stepper import ancestor_ids
from .tree_view import TreeView

__all__ = ["CCP_KEY", "CostComplexityExplorer", "ccp_key_html"]

#: the key of every symbol the cost-complexity app shows (dtlearn.pruning.cost_complexity's terms)
CCP_KEY = (
    ("α", "the complexity parameter: the price of one leaf"),
    ("R(T)", "the tree's total leaf risk: the sum of r(t) over its leaves"),
    ("|T|", "the number of leaves of the tree"),
    ("R_α(T)", "R(T) + α·|T|, the cost-complexity that pruning at α minimises"),
    ("r(t)", "the risk of node t were it a leaf: its rows' share × its impurity I(t)"),
    ("R(T_t)", "the summed risk of the leaves of the subtree under t"),
    ("|T_t|", "the leaves of the subtree under t"),
    (
        "alpha_eff",
        "(r(t) − R(T_t)) / (|T_t| − 1): the α at which collapsing t pays; the "
        "smallest is the weakest link, collapsed next",
    ),
)


def ccp_key_html() -> str:
    """The symbol key of :class:`CostComplexityExplorer` as a compact two-column table.

    Examples
    --------
    >>> "alpha_eff" in ccp_key_html() and 'scope="row"' in ccp_key_html()
    True
    """
    rows = "".join(
        f'<tr><th scope="row"><code>{html.escape(sym)}</code></th><td>{html.escape(text)}</td></tr>'
        for sym, text in CCP_KEY
    )
    return (
        f'<details class="dtlearn-key"><summary>key to the symbols</summary>'
        f'<table class="dtlearn-key-list"><tbody>{rows}</tbody></table></details>'
    )


class CostComplexityExplorer(App):
    """An α slider over the cost-complexity pruning path of one tree.

    For every distinct α of :func:`~dtlearn.pruning.cost_complexity.cost_complexity_path` the app shows the
    pruned tree (the last node collapsed marked), ``R(T)``, ``|T|`` and
    ``R_α(T) = R(T) + α·|T|``, the training (and test) accuracy of that tree, and the accuracy
    of :func:`dtlearn.pruning.curves.cross_validated_ccp` — the learner refit with that α on each
    fold, whose trees need not be the tree shown — all computed once at construction; the
    slider only looks up.

    Parameters
    ----------
    X, y : training data
    learner : dtlearn estimator, optional
        Grows the full tree (default ``CARTClassifier()``).
    X_test, y_test : optional held-out data
    cv : int
        Folds of the cross-validation.
    random_state : int
        Seed of the folds.

    Examples
    --------
    >>> from dtlearn import load_vote
    >>> X, y = load_vote()
    >>> keep = X.notna().all(axis=1)
    >>> app = CostComplexityExplorer(X[keep], y[keep])
    >>> app.index = 1; app.summary[:60]
    'α = 0.00267: 13 leaves, R(T) = 0.008, R_α(T) = 0.008 + 0.002'
    >>> app.entry["n_leaves"], round(app.entry["cv_mean"], 3)
    (13, 0.944)
    """

    index = traitlets.Int(0)
    summary = traitlets.Unicode("")
    entry = traitlets.Dict()

    def __init__(
        self,
        X: Any,
        y: Any,
        learner: Any = None,
        X_test: Any = None,
        y_test: Any = None,
        cv: int = 5,
        random_state: int = 0,
    ) -> None:
        from ..learners.tree_learner import CARTClassifier
        from ..pruning.curves import pruning_curve

        learner = CARTClassifier() if learner is None else learner
        params = learner.get_params()
        if "ccp_alpha" in params:
            params["ccp_alpha"] = 0.0
        model = type(learner)(**params).fit(X, y)
        self.path = cost_complexity_path(model)
        alphas = np.asarray(self.path.ccp_alphas, dtype=float)
        # one slider position per distinct alpha: the last entry with that alpha
        keep = [i for i in range(len(alphas)) if i + 1 == len(alphas) or alphas[i + 1] != alphas[i]]
        self._entries = keep
        self.alphas = alphas[keep]
        curve = pruning_curve(model, X, y, X_test=X_test, y_test=y_test)
        self.train_accuracy = np.asarray(curve.train)[keep]
        self.test_accuracy = None if curve.test is None else np.asarray(curve.test)[keep]
        self.cv_mean, self.cv_std = cross_validated_ccp(
            learner, X, y, self.alphas, cv=cv, random_state=random_state
        )
        self.cv = cv
        self._trees: dict[int, Any] = {}

        self.slider = w.SelectionSlider(
            options=[(fmt_g(a, 3), i) for i, a in enumerate(self.alphas)],
            value=0,
            description="α",
            continuous_update=False,
            layout=w.Layout(width="520px", max_width="100%"),
        )
        self.figure = LiveFigure((7.0, 2.8))
        self.image = self.figure.image(
            "R(T) along the cost-complexity path and accuracy "
            "against alpha, the chosen alpha marked"
        )
        self.summary_html = w.HTML()
        self.key_html = w.HTML(ccp_key_html())
        self.detail_html = w.HTML()
        self.detail_html.add_class("dtlearn-detail")
        self.view = TreeView()
        # one screen: the slider, then the figure and the tree (side by side where the
        # cell is wide enough, the tree directly below the figure otherwise); the numbers,
        # the key (collapsed) and the next weakest link below
        self.view.add_class("dtlearn-app-side")
        self.image.add_class("dtlearn-app-main")
        body = w.HBox([self.image, self.view])
        body.add_class("dtlearn-app-body")
        super().__init__(
            children=[self.slider, body, self.summary_html, self.key_html, self.detail_html]
        )
        self.add_class("dtlearn-ccp-explorer")
        w.link((self.slider, "value"), (self, "index"))
        self._draw()

    @traitlets.validate("index")
    def _valid_index(self, proposal: dict) -> int:
        return int(min(max(proposal["value"], 0), len(self.alphas) - 1))

    @traitlets.observe("index")
    def _on_index(self, change: dict) -> None:
        if hasattr(self, "view"):
            with self.working():
                self._draw()

    @property
    def alpha(self) -> float:
        """The α shown."""
        return float(self.alphas[self.index])

    @property
    def tree(self) -> Any:
        """The pruned tree at the α shown (``cost_complexity_prune(tree, α)``)."""
        if self.index not in self._trees:
            self._trees[self.index] = self.path.tree_at(self.alpha)
        return self._trees[self.index]

    def _page(self, fig: Any) -> dict:
        from ..plot.curves import plot_ccp_path, thin_point_labels

        left = fig.add_axes((0.09, 0.2, 0.36, 0.66))
        plot_ccp_path(self.path, ax=left)
        left.set_title("R(T) along the path", fontsize=10)
        right = fig.add_axes((0.57, 0.2, 0.25, 0.66))
        right.plot(
            self.alphas,
            self.train_accuracy,
            drawstyle="steps-post",
            marker="o",
            markersize=3,
            color="#0072B2",
            label="training",
        )
        right.plot(
            self.alphas,
            self.cv_mean,
            drawstyle="steps-post",
            marker="s",
            markersize=3,
            color="#E69F00",
            label=f"{self.cv}-fold CV",
        )
        right.fill_between(
            self.alphas,
            self.cv_mean - self.cv_std,
            self.cv_mean + self.cv_std,
            step="post",
            color="#E69F00",
            alpha=0.2,
        )
        if self.test_accuracy is not None:
            # bluish green: apart from the orange CV curve in both themes (the dark theme
            # inverts the figure's lightness, not its hues)
            right.plot(
                self.alphas,
                self.test_accuracy,
                drawstyle="steps-post",
                marker="^",
                markersize=4,
                color="#009E73",
                linestyle=":",
                label="test",
            )
        positive = self.alphas[self.alphas > 0]
        if len(positive):  # small alphas crowd at 0 on a linear axis
            for ax in (left, right):
                ax.set_xscale("symlog", linthresh=float(positive.min()), linscale=1.0)
        thin_point_labels(left)  # leaf counts that would print over each other go
        left.set_xlabel("effective alpha (symlog scale)")
        right.set_xlabel("alpha (symlog scale)")
        right.set_ylabel("accuracy")
        right.set_title("accuracy against alpha", fontsize=10)
        right.grid(alpha=0.3)
        right.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
        marks = {}
        for name, ax in (("left", left), ("right", right)):
            marks[name + "_line"] = ax.axvline(
                0.0, color="#333", linestyle="--", linewidth=1, animated=True
            )
            marks[name + "_points"] = ax.plot(
                [],
                [],
                "o",
                markersize=9,
                markerfacecolor="none",
                markeredgecolor="black",
                markeredgewidth=1.5,
                animated=True,
            )[0]
        return marks

    def _draw(self) -> None:
        i, a, tree = self.index, self.alpha, self.tree
        entry = self._entries[i]
        risk = float(self.path.impurities[entry])
        leaves = int(self.path.n_leaves[entry])
        cost = risk + a * leaves
        cv = (float(self.cv_mean[i]), float(self.cv_std[i]))
        # the tree shown is scored on training (and test) rows; the cross-validated number
        # belongs to the learner refit with this α on each fold, whose trees differ from it
        self.summary = (
            f"α = {fmt_g(a, 3)}: {leaves} {'leaf' if leaves == 1 else 'leaves'}, "
            f"R(T) = {fmt_g(risk, 3)}, R_α(T) = {fmt_g(risk, 3)} + {fmt_g(a, 3)} × {leaves} = "
            f"{fmt_g(cost, 3)}; this tree: training accuracy "
            f"{fmt(self.train_accuracy[i])}"
        )
        if self.test_accuracy is not None:
            self.summary += f", test {fmt(self.test_accuracy[i])}"
        self.summary += (
            f"; cross-validated {fmt(cv[0])} ± {fmt(cv[1])} (the learner refit "
            f"with this α on each of {self.cv} folds, not this tree)"
        )
        self.entry = {
            "index": i,
            "alpha": a,
            "path_entry": entry,
            "n_leaves": leaves,
            "n_nodes": int(tree.n_nodes),
            "R": risk,
            "R_alpha": cost,
            "train": float(self.train_accuracy[i]),
            "cv_mean": cv[0],
            "cv_std": cv[1],
        }
        best = int(np.argmax(self.cv_mean))
        self.summary_html.value = (
            f'<span class="dtlearn-app-status">{html.escape(self.summary)}</span><br>'
            f"<i>best cross-validated accuracy {fmt(self.cv_mean[best])} at α = "
            f"{fmt_g(self.alphas[best], 3)} (the tree shown has "
            f"{plural(int(self.path.n_leaves[self._entries[best]]), 'leaf', 'leaves')} "
            "at that α)</i>"
        )
        last = self.path.steps[entry - 1] if entry > 0 else None
        upcoming = self.path.steps[entry] if entry < len(self.path.steps) else None
        parts = []
        if last is not None:
            parts.append(f"<p>Last collapse: {html.escape(str(last))}</p>")
        if upcoming is not None:
            parts.append(
                f"<p>Next weakest link: node {upcoming.node_id} at α = "
                f"{fmt_g(upcoming.alpha, 3)}</p>" + upcoming.table()._repr_html_()
            )
        self.detail_html.value = "".join(parts)
        art = self.figure.page("path", self._page)
        for name in ("left", "right"):
            art[name + "_line"].set_xdata([a, a])
        art["left_points"].set_data([a], [risk])
        ys = [float(self.train_accuracy[i]), cv[0]]
        if self.test_accuracy is not None:
            ys.append(float(self.test_accuracy[i]))
        art["right_points"].set_data([a] * len(ys), ys)
        self.image.value = self.figure.render("path", art.values())
        # the full tree is laid out once; each α sends the nodes its tree prunes
        lit = [] if last is None else ancestor_ids(tree, last.node_id)
        self.view.show_pruned(self.path.tree, tree, lit)

    def describe(self) -> str:
        """α, the pruned tree's size, R_α(T) and accuracies."""
        return self.summary

    def static_html(self) -> str:
        """Figure, pruned tree and the next weakest link."""
        return (
            img_html(self.image.value, self.summary, self.figure.width_px)
            + self.key_html.value
            + self.view.static_html()
            + self.detail_html.value
        )
