"""ID3Builder: build an ID3 tree by hand; the growth engine does every computation.

The app only replays the engine: a student's choice is ``Grower.expand(node, feature)``,
"finish greedily" is ``Grower.run()``, the hint is the engine's tie rule
(:attr:`dtlearn.grow.SplitTable.best`), the table is the engine's :class:`SplitTable`
(the one TreeView's side panel shows for a grown node) and the rows of a leaf are found
with :meth:`dtlearn.tree.Tree.apply`.

By hand means by hand: in the default *predict-first* mode the candidate table of an
open leaf shows the attributes and their tests only — no gain, no ratio, no marked row —
until the student has split the leaf; then the student's choice and greedy's are shown
side by side with their scores.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from ..data import encode
from ..formatting import fmt, percent, plural
from ..grow import SplitTable
from ..learners.tree_learner import ID3Classifier
from .base import App
from .tree_view import TreeView

__all__ = ["ID3Builder"]


class ID3Builder(App):
    """Build an ID3 tree by hand: pick the attribute at each open leaf.

    Parameters
    ----------
    X, y : training data (any form dtlearn learners accept)
    X_test, y_test : optional held-out data for the accuracy line
    criterion : str
        Ranking used for the hint and for "finish greedily" (ID3's ``"entropy"``).
    predict_first : bool
        Hide the scores of an open leaf's candidates (and greedy's choice) until the
        student has split it; then show the student's choice and greedy's side by side
        (default). ``False`` shows the engine's scored table, greedy's row marked, from
        the start.

    Attributes
    ----------
    history : list
        One entry per action: the ``[node_id, attribute]`` expansions it made
        (``attribute`` is ``None`` where greedy growth closed a leaf).

    Examples
    --------
    >>> from dtlearn import load_play_tennis
    >>> app = ID3Builder(*load_play_tennis())
    >>> app.hint()
    'outlook'
    >>> "gain" in app.table_html.value  # predict first: no scores before the choice
    False
    >>> _ = app.choose("temperature")
    >>> app.comparison["yours"], app.comparison["greedy"]
    ('temperature', 'outlook')
    >>> app.undo(); _ = app.choose("outlook")
    >>> app.tree.n_leaves, app.selected_leaf
    (3, 1)
    >>> app.undo(); app.tree.n_leaves
    1
    >>> app.finish(); app.status
    'your tree: 5 leaves, 100% training — greedy ID3: 5 leaves, 100%'
    """

    selected_leaf = traitlets.Int(None, allow_none=True)
    history = traitlets.List()
    status = traitlets.Unicode("")
    message = traitlets.Unicode("")
    #: hide an open leaf's scores until the student has split it (see ``predict_first``)
    predict_first = traitlets.Bool(True)
    #: the last split made by hand beside greedy's choice at that node: ``{"node",
    #: "yours", "greedy", "scores"}`` (empty before the first split)
    comparison = traitlets.Dict()

    def __init__(
        self,
        X: Any,
        y: Any,
        X_test: Any = None,
        y_test: Any = None,
        criterion: str = "entropy",
        predict_first: bool = True,
    ) -> None:
        if not isinstance(predict_first, bool):
            raise TypeError(f"predict_first must be True or False, got {predict_first!r}")
        self._X, self._y, self._X_test, self._y_test = X, y, X_test, y_test
        self._learner = ID3Classifier(criterion=criterion)
        greedy = ID3Classifier(criterion=criterion).fit(X, y)
        self._greedy = (
            greedy.tree_.n_leaves,
            greedy.score(X, y),
            None if X_test is None else greedy.score(X_test, y_test),
        )
        self.view = TreeView()
        self.attribute = w.Dropdown(
            description="attribute",
            value=None,
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", min_width="260px"),
        )
        self.buttons = {
            name: w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
            for name, label, tip in [
                ("split", "Split", "split the selected leaf on the chosen attribute"),
                ("hint", "Hint", "which attribute would greedy ID3 choose?"),
                ("undo", "Undo", "take back the last action"),
                ("finish", "Finish greedily", "let ID3 grow the rest"),
                ("reset", "Reset", "start again from the root"),
            ]
        }
        self.buttons["split"].on_click(lambda _: self._safely(self.choose, self.attribute.value))
        self.buttons["hint"].on_click(lambda _: self._safely(self._show_hint))
        self.buttons["undo"].on_click(lambda _: self._safely(self.undo))
        self.buttons["finish"].on_click(lambda _: self._safely(self.finish))
        self.buttons["reset"].on_click(lambda _: self._safely(self.reset))
        self.table_html = w.HTML()
        self.comparison_html = w.HTML()
        self.rows_html = w.HTML()
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        # the tree beside the tables where the cell is wide enough, else directly below
        # the controls (dtlearn-app-body wraps: tree_view.css)
        side = w.VBox([self.comparison_html, self.table_html, self.rows_html])
        side.add_class("dtlearn-app-side")
        self.view.add_class("dtlearn-app-main")
        body = w.HBox([self.view, side])
        body.add_class("dtlearn-app-body")
        controls = w.HBox([self.attribute] + list(self.buttons.values()))
        controls.add_class("dtlearn-app-controls")
        super().__init__(children=[controls, self.message_html, self.status_html, body])
        self.add_class("dtlearn-id3-builder")
        self.predict_first = predict_first
        self.view.observe(self._on_view_select, names="selected")
        self._replay([])

    # ------------------------------------------------------------------ actions
    @property
    def grower(self) -> Any:
        """The :class:`~dtlearn.grow.Grower` being driven."""
        return self._grower

    @property
    def tree(self) -> Any:
        """The tree built so far (a copy: predict, prune or export it freely)."""
        return self._grower.tree().copy()

    def open_leaves(self) -> list[int]:
        """Ids of the leaves still open."""
        return self._grower.frontier()

    def leaf_table(self, node_id: int | None = None) -> SplitTable:
        """The engine's candidate table of the open leaf ``node_id`` (default: the selected).

        The same rows, scores and marked attribute as ``step.table()`` of the step greedy
        growth would record there (what :class:`TreeView` shows once the node is grown).

        Examples
        --------
        >>> from dtlearn import load_play_tennis
        >>> ID3Builder(*load_play_tennis()).leaf_table().best.feature_name
        'outlook'
        """
        node_id = self.selected_leaf if node_id is None else node_id
        if node_id not in self._grower.frontier():
            raise ValueError(
                f"node_id {node_id!r} is not an open leaf; open leaves: {self._grower.frontier()}"
            )
        g = self._grower
        reason = g.stop_reason(node_id)
        caption = f"leaf {node_id}" + (f" (greedy would stop: {reason})" if reason else "")
        return SplitTable(g.candidates(node_id), None, caption, g.classes, g.target_name)

    def choose(self, feature: Any, node_id: int | None = None) -> Any:
        """Split ``node_id`` (default: the selected leaf) on ``feature``; return the step."""
        node_id = self.selected_leaf if node_id is None else node_id
        if node_id is None:
            raise ValueError(
                "choose: select an open leaf first (inner nodes are split already)"
                if self._grower.frontier()
                else "choose: no open leaf is left"
            )
        if feature is None:
            raise ValueError("choose: pick an attribute first")
        greedy = self.hint(node_id)
        step = self._grower.expand(node_id, feature)
        self.history = self.history + [[[node_id, step.chosen.feature_name]]]
        self.message = f"split node {node_id} on {step.chosen.feature_name}"
        self._compare(step, greedy)
        self._after_change()
        return step

    def _compare(self, step: Any, greedy: str | None) -> None:
        """The student's choice at ``step``'s node beside greedy's, with their scores."""
        table = SplitTable(step.candidates, None, "", step.classes, step.target_name)
        shown = table.to_table()
        names = [r[0] for r in shown.rows]
        yours = step.chosen.feature_name
        scores = {}
        for name in dict.fromkeys([yours, greedy]):
            if name is not None:
                row = shown.rows[names.index(name)]
                scores[name] = {col: row[k] for k, col in enumerate(shown.columns) if k >= 1}
        self.comparison = {
            "node": step.node_id,
            "yours": yours,
            "greedy": greedy,
            "scores": scores,
            "columns": list(shown.columns[1:]),
        }
        self.comparison_html.value = self._comparison_html(table)

    def hint(self, node_id: int | None = None) -> str | None:
        """The attribute greedy growth would choose at ``node_id`` (``None``: it would stop)."""
        node_id = self.selected_leaf if node_id is None else node_id
        if node_id is None or self._grower.stop_reason(node_id) is not None:
            return None
        best = self.leaf_table(node_id).best
        return None if best is None else best.feature_name

    def _show_hint(self) -> None:
        node = self.selected_leaf
        name = self.hint()
        if name is None:
            reason = "no open leaf" if node is None else self._grower.stop_reason(node)
            self.message = f"hint: greedy ID3 would stop here ({reason})"
        else:
            best = self.leaf_table(node).best
            self.message = (
                f"hint: greedy ID3 would split node {node} on {name} (score {fmt(best.score)})"
            )

    def undo(self) -> None:
        """Take back the last action (rebuilds from the start and replays the rest)."""
        if not self.history:
            self.message = "nothing to undo"
            return
        self._replay(self.history[:-1])
        self.message = "undone"

    def finish(self) -> None:
        """Let greedy ID3 decide every open leaf."""
        start = len(self._grower.steps)
        self._grower.run()
        group = [
            [s.node_id, None if s.chosen is None else s.chosen.feature_name]
            for s in self._grower.steps[start:]
        ]
        if group:
            self.history = self.history + [group]
        self.message = "finished greedily"
        self._after_change()

    def reset(self) -> None:
        """Start again from the root."""
        self._replay([])
        self.message = "reset"

    def _replay(self, history: list) -> None:
        self._grower = self._learner.make_grower(self._X, self._y)
        for group in history:
            for node_id, feature in group:
                self._grower.expand(node_id, feature)  # None: the greedy decision
        self.history = [list(g) for g in history]
        self.comparison = {}
        if hasattr(self, "comparison_html"):
            self.comparison_html.value = ""
        if self._X_test is not None:
            self._X_test_enc = encode(self._X_test, self._grower.schema, allow_missing=True)
            self._y_test_arr = np.asarray(self._y_test, dtype=object)
        self._after_change()

    def _safely(self, action: Callable, *args: Any) -> None:
        try:
            with self.working():
                action(*args)
        except ValueError as exc:
            self.message = f"cannot do that: {exc}"

    # ------------------------------------------------------------------ display
    def _accuracy(self, tree: Any) -> tuple[float, float | None]:
        g = self._grower
        train = float((tree.label_indices(tree.predict_values(g.X, encoded=True)) == g.y).mean())
        test = None
        if self._X_test is not None:
            pred = tree.label_indices(tree.predict_values(self._X_test_enc, encoded=True))
            labels = np.array([tree.classes[i] for i in pred], dtype=object)
            test = float((labels == self._y_test_arr).mean())
        return train, test

    def _after_change(self) -> None:
        tree = self._grower.tree()
        frontier = self._grower.frontier()
        splittable = [i for i in frontier if self._grower.stop_reason(i) is None]
        if self.selected_leaf in splittable:
            pass
        elif splittable:
            self.selected_leaf = splittable[0]
        else:
            self.selected_leaf = None
        train, test = self._accuracy(tree)
        mine = f"your tree: {plural(tree.n_leaves, 'leaf', 'leaves')}, {percent(train)} training"
        theirs = (
            f"greedy ID3: {plural(self._greedy[0], 'leaf', 'leaves')}, {percent(self._greedy[1])}"
        )
        if test is not None:
            mine += f", {percent(test)} test"
            theirs += f", {percent(self._greedy[2])}"
        self.status = f"{mine} — {theirs}"
        # only leaves that can still be split look open: a pure leaf (or one with nothing
        # left to split on) is closed, as greedy growth would close it
        self.view.update(tree, self._grower.steps, open_leaves=splittable)
        self._show_leaf()

    @traitlets.observe("selected_leaf", "predict_first")
    def _on_selected_leaf(self, change: dict) -> None:
        if hasattr(self, "_grower"):
            self._show_leaf()

    @traitlets.observe("status", "message")
    def _on_text(self, change: dict) -> None:
        if hasattr(self, "status_html"):
            self.status_html.value = (
                f'<span class="dtlearn-app-status">{html.escape(self.status)}</span>'
            )
            self.message_html.value = f"<i>{html.escape(self.message)}</i>"

    def _on_view_select(self, change: dict) -> None:
        node = change["new"]
        if node is None or node == self.selected_leaf:
            return
        frontier = self._grower.frontier()
        if node in frontier and self._grower.stop_reason(node) is None:
            self.selected_leaf = node
            self.message = f"leaf {node} selected"
        elif node in frontier:  # a closed leaf: nothing to split
            self.selected_leaf = None
            self.message = (
                f"leaf {node} is closed ({self._grower.stop_reason(node)}): "
                f"click an open (dashed) leaf to split it"
            )
            self.view.selected = node
        else:  # the clicked node stays visibly selected; Split has nothing to act on
            self.selected_leaf = None
            tree = self._grower.tree()
            split = tree.node(node).split
            name = tree.schema.names[split.features[0]] if split else ""
            self.message = (
                f"node {node} is an inner node (split on {name}): it cannot be "
                f"split again; click an open (dashed) leaf to split it"
            )
            self.view.selected = node

    def _show_leaf(self) -> None:
        node = self.selected_leaf
        self.buttons["split"].disabled = node is None
        if node is None:
            self.attribute.options = []
            self.attribute.value = None
            g = self._grower
            finished = not any(g.stop_reason(i) is None for i in g.frontier())
            self.table_html.value = (
                "<p>No open leaf: the tree is finished.</p>"
                if finished
                else "<p>Select an open (dashed) leaf to split it.</p>"
            )
            self.rows_html.value = ""
            return
        self.view.selected = node
        table = self.leaf_table(node)
        # only the attributes that can split this leaf; none is chosen for the student
        self.attribute.options = [c.feature_name for c in table.candidates if c.admissible]
        self.attribute.value = None
        heading = f"<b>Candidate splits at leaf {node}</b>"
        if self.predict_first:
            self.table_html.value = heading + self._unscored_html(table)
        else:
            self.table_html.value = heading + table._repr_html_()
        self.rows_html.value = self._rows_html(node)

    def _unscored_html(self, table: SplitTable) -> str:
        """The candidates of an open leaf with their tests only: no score, no marked row."""
        shown = table.to_table()
        rows = "".join(
            f"<tr><td>{html.escape(str(r[0]))}</td><td>{html.escape(str(r[1]))}</td></tr>"
            for r in shown.rows
        )
        return (
            '<p class="dtlearn-predict-note"><i>Predict first: which attribute would '
            "you split on? Choose it and press Split; the scores of your choice and "
            "greedy ID3's appear side by side.</i></p>"
            '<table class="dtlearn-table dtlearn-unscored"><thead><tr><th>attribute</th>'
            f"<th>test</th></tr></thead><tbody>{rows}</tbody></table>"
        )

    def _comparison_html(self, table: SplitTable) -> str:
        c = self.comparison
        names = [n for n in dict.fromkeys([c["yours"], c["greedy"]]) if n is not None]
        heads = "".join(
            f"<th>{'your choice' if n == c['yours'] else ''}"
            f"{' = ' if n == c['yours'] and n == c['greedy'] else ''}"
            f"{'greedy ID3' if n == c['greedy'] else ''}: {html.escape(n)}</th>"
            for n in names
        )
        body = "".join(
            f'<tr><th scope="row">{html.escape(col)}</th>'
            + "".join(
                f'<td class="dtlearn-num">{html.escape(_cell(c["scores"][n][col]))}</td>'
                for n in names
            )
            + "</tr>"
            for col in c["columns"]
        )
        verdict = (
            "you chose as greedy ID3 does"
            if c["yours"] == c["greedy"]
            else "greedy ID3 would have stopped here"
            if c["greedy"] is None
            else f"greedy ID3 would split on {c['greedy']}"
        )
        full = SplitTable(table.candidates, None, "", table.classes, table.target_name)
        return (
            f"<b>Leaf {c['node']}: your choice and greedy's</b> <i>({html.escape(verdict)})"
            f'</i><table class="dtlearn-table dtlearn-comparison"><thead><tr><th></th>'
            f"{heads}</tr></thead><tbody>{body}</tbody></table>"
            f'<details class="dtlearn-key"><summary>every candidate at leaf {c["node"]}'
            f"</summary>{full._repr_html_()}</details>"
        )

    def _rows_html(self, node: int) -> str:
        import pandas as pd

        tree = self._grower.tree()
        where = tree.apply(self._X) == node  # open leaves are leaves of this tree
        frame = pd.DataFrame(self._X).reset_index(drop=True)
        labels = pd.Series(np.asarray(self._y, dtype=object), name=tree.target_name)
        shown = pd.concat([frame, labels], axis=1)[where]
        more = f"<p>… {len(shown) - 12} more rows</p>" if len(shown) > 12 else ""
        return (
            f'<details class="dtlearn-key"><summary>its training rows ({len(shown)})'
            f"</summary>"
            + shown.head(12).to_html(classes="dtlearn-table", border=0)
            + more
            + "</details>"
        )

    def describe(self) -> str:
        """The status line."""
        return self.status

    def static_html(self) -> str:
        """The tree so far as an inline SVG."""
        return self.view.static_html()


def _cell(value: Any) -> str:
    return fmt(value) if isinstance(value, (float, np.floating)) else str(value)
