"""PruningStepper: any recorded pruning replayed step by step.

:class:`PruningStepper` replays the steps a pruner recorded (reduced-error pruning, rule
post-pruning, the cost-complexity path); it never decides anything itself. It reads every
method through the same two protocols: each step is a :class:`dtlearn.steps.Step` (its
``summary()``, ``explain()``, ``node_id``/``subject``) and each result offers ``steps``,
``state_after(k)`` (a Tree, or a value such as a RuleSet that lays itself out as a table),
``summary()`` and ``table()``. It offers every method of the core's registry,
:func:`dtlearn.pruning.methods.pruning_methods`: a new method needs no code here. The α
path has an app of its own, :mod:`dtlearn.widgets.cost_complexity_explorer`.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets as w
import numpy as np
import traitlets

from ..data import encode
from ..explain import Derivation, DerivationLine
from ..formatting import percent
from ..pruning.methods import pruning_method, pruning_methods
from ..tree import Tree
from .base import App
from .tree_view import TreeView

__all__ = ["PruningStepper", "ancestor_ids", "explanation_html"]

# one prose font (the notebook's); formulas alone in monospace, wrapped inside the panel at
# spaces ("anywhere" let a narrow flex panel shrink to one character and break mid-word;
# "break-word" breaks only a word longer than the whole line)
_FORMULA_STYLE = (
    "font-family:var(--jp-code-font-family, monospace);white-space:pre-wrap;"
    "word-break:normal;overflow-wrap:break-word;margin:0.3em 0"
)


def explanation_html(value: Any) -> str:
    """HTML of an explanation in one prose font, formulas in monospace, tables as tables.

    A :class:`~dtlearn.explain.Derivation` is laid out without MathJax (which would set
    its equations in a serif font beside the widget's sans-serif prose): titles, prose
    lines and notes are paragraphs, runs of equations a wrapped ``<pre>`` of their aligned
    plain text, tables HTML tables. Anything else shows its own ``_repr_html_``.

    Examples
    --------
    >>> from dtlearn.explain import Derivation
    >>> out = explanation_html(Derivation.build("gain", ["g = 0.940 - 0.694", "= 0.247"]))
    >>> "<p><strong>gain</strong></p>" in out, "= 0.247" in out, "$" in out
    (True, True, False)
    """
    if not isinstance(value, Derivation):
        return value._repr_html_()
    out = ['<div class="dtlearn-derivation">']
    if value.title:
        out.append(f"<p><strong>{html.escape(value.title)}</strong></p>")
    run: list = []

    def flush() -> None:
        if run:
            text = str(Derivation.build("", run))
            out.append(
                f'<pre class="dtlearn-formula" style="{_FORMULA_STYLE}">{html.escape(text)}</pre>'
            )
            run.clear()

    for item in value.lines:
        if isinstance(item, DerivationLine) and not item.prose:
            run.append(item)
            continue
        flush()
        if isinstance(item, DerivationLine):
            out.append(f"<p>{html.escape(item.text)}</p>")
        elif isinstance(item, Derivation):
            out.append('<div style="margin-left:1.5em">' + explanation_html(item) + "</div>")
        else:
            out.append(item._repr_html_())
    flush()
    if value.note:
        out.append(f"<p><em>Note: {html.escape(value.note)}</em></p>")
    out.append("</div>")
    return "\n".join(out)


def ancestor_ids(tree: Any, node_id: int) -> list[int]:
    """Node ids from the root down to ``node_id`` (the path a view highlights).

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
    >>> ancestor_ids(tree, 4)  # humidity = high, under outlook = sunny
    [0, 1, 4]
    """
    parents = {}
    for node in tree.nodes():
        for child in node.children:
            parents[child.node_id] = node.node_id
        if node.node_id == node_id:
            break  # pre-order: every ancestor came before
    path = [node_id]
    while path[-1] in parents:
        path.append(parents[path[-1]])
    return path[::-1]


# ---------------------------------------------------------------------------- PruningStepper
class PruningStepper(App):
    """Replay a pruning method one recorded decision at a time.

    ``position`` ``i`` (0 ≤ i < n) shows the state after the first ``i`` decisions with
    decision ``i`` under consideration: a tree (the node decided on marked, its path
    highlighted) or the rules (the rule being generalised marked), the decision in one
    line and its worked explanation. ``position == n`` shows the result. Every run is
    made once, by the core, the first time its method is shown.

    Parameters
    ----------
    model : fitted dtlearn classifier or Tree
    X_val, y_val : validation data, optional
        Needed by the methods that judge the tree on validation data (reduced-error and
        rule post-pruning); without them only the methods whose ``needs_validation`` is
        false are offered.
    method : str
        The name of a registered pruning method to replay first (a toggle switches).
    interval : int
        Milliseconds between steps when playing.

    Examples
    --------
    >>> from dtlearn import ID3Classifier, load_play_tennis
    >>> X, y = load_play_tennis()
    >>> app = PruningStepper(ID3Classifier().fit(X, y), X[::2], y[::2])
    >>> app.n_steps, app.position
    (5, 0)
    >>> app.status
    "step 1 of 5: node 1 [outlook = sunny]: kept — validation errors 0 → 2 with a leaf 'no'"
    >>> app.next(); app.view.highlight
    [0, 3]
    >>> app.method = "rules"; app.status[:40]
    'step 1 of 7: rule 1: final — no drop kee'
    >>> app = PruningStepper(ID3Classifier().fit(X, y), method="pessimistic")  # no X_val
    >>> [key in dict(app.method_buttons.options).values() for key in ("pessimistic", "rules")]
    [True, False]
    """

    method = traitlets.Unicode("reduced_error")
    position = traitlets.Int(0)
    n_steps = traitlets.Int(0)
    status = traitlets.Unicode("")
    rules_state = traitlets.List()
    """For a state that is not a tree (rules): its items, ``{"number", "text", "current"}``."""

    def __init__(
        self,
        model: Any,
        X_val: Any = None,
        y_val: Any = None,
        method: str = "reduced_error",
        interval: int = 800,
    ) -> None:
        pruning_method(method)  # an unknown name fails here, naming the known ones
        if (X_val is None) != (y_val is None):
            raise ValueError("X_val and y_val go together: pass both or neither")
        offered = [m for m in pruning_methods() if X_val is not None or not m.needs_validation]
        if method not in [m.name for m in offered]:
            raise ValueError(
                f"method {method!r} judges the tree on validation data: pass "
                f"X_val and y_val, or choose one of {[m.name for m in offered]}"
            )
        self._model, self._X_val, self._y_val = model, X_val, y_val
        self._results: dict[str, Any] = {}
        self._states: dict[int, Any] = {}
        self.method_buttons = w.ToggleButtons(
            options=[(m.label, m.name) for m in offered],
            value=method,
            style={"button_width": "auto"},
        )
        self.buttons = {
            name: w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
            for name, label, tip in [
                ("first", "◀◀ Start", "back to the first decision"),
                ("previous", "◀ Previous", "take back the last decision"),
                ("next", "Next ▶", "apply this decision, look at the next"),
                ("last", "End ▶▶", "jump to the result"),
            ]
        }
        self.buttons["first"].on_click(lambda _: self.goto(0))
        self.buttons["previous"].on_click(lambda _: self.previous())
        self.buttons["next"].on_click(lambda _: self.next())
        self.buttons["last"].on_click(lambda _: self.goto(self.n_steps))
        # play/pause in the kernel: pausing keeps the step (ipywidgets' Play resets on stop)
        self.interval = interval
        self.play = w.ToggleButton(
            value=False,
            description="▶ Play",
            icon="",
            tooltip="play the steps one after another; press again to pause",
            layout=w.Layout(width="auto"),
        )
        self.play.observe(self._on_play, names="value")
        # the slider reads the step the status names: "step k of n" is position k - 1
        self.slider = w.IntSlider(
            value=1,
            min=1,
            max=2,
            description="step",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.status_html = w.HTML()
        self.detail_html = w.HTML()  # formulas as monospace text: one prose font, no MathJax
        self.detail_html.add_class("dtlearn-detail")
        self.rules_html = w.HTML()
        self.view = TreeView()
        # one screen: the controls, the status, then the tree (or rules) beside the worked
        # explanation where the cell is wide enough, above it otherwise
        main = w.VBox([self.view, self.rules_html])
        main.add_class("dtlearn-app-main")
        self.detail_html.add_class("dtlearn-app-side")
        body = w.HBox([main, self.detail_html])
        body.add_class("dtlearn-app-body")
        controls = w.HBox([*self.buttons.values(), self.play, self.slider])
        controls.add_class("dtlearn-app-controls")
        super().__init__(children=[self.method_buttons, controls, self.status_html, body])
        self.add_class("dtlearn-pruning-stepper")
        self._ready = False
        self.method = method
        w.link((self.method_buttons, "value"), (self, "method"))
        traitlets.link(
            (self.slider, "value"), (self, "position"), transform=(lambda v: v - 1, lambda p: p + 1)
        )
        self._switch()  # shows the first step and makes the app ready (_ready True)

    # ------------------------------------------------------------------ results (core)
    @property
    def result(self) -> Any:
        """The core's result being replayed (e.g. ``ReducedErrorPruning``, ``RulePostPruning``)."""
        if self.method not in self._results:
            run = pruning_method(self.method).run  # the stepper has no training data
            self._results[self.method] = run(self._model, self._X_val, self._y_val, None, None)
        return self._results[self.method]

    @property
    def steps(self) -> tuple:
        """The recorded steps replayed."""
        return self.result.steps

    @property
    def current(self) -> Any:
        """The step under consideration (``None`` at the end)."""
        return self.steps[self.position] if self.position < self.n_steps else None

    # ------------------------------------------------------------------ actions
    def next(self) -> None:
        """Apply the decision under consideration and move to the next one."""
        self.goto(self.position + 1)

    def previous(self) -> None:
        """Take back the last decision."""
        self.goto(self.position - 1)

    def goto(self, position: int) -> None:
        """Show the state after ``position`` decisions (clipped to ``0 .. n_steps``)."""
        self.position = int(min(max(position, 0), self.n_steps))

    @traitlets.validate("position")
    def _valid_position(self, proposal: dict) -> int:
        return int(min(max(proposal["value"], 0), self.n_steps))

    @traitlets.observe("method")
    def _on_method(self, change: dict) -> None:
        if getattr(self, "_ready", False):
            with self.working():
                self._switch()

    @traitlets.observe("position")
    def _on_position(self, change: dict) -> None:
        if getattr(self, "_ready", False):
            with self.working():
                self._draw()

    def _switch(self) -> None:
        self._ready = False
        try:
            self._states = {}
            self.n_steps = len(self.steps)
            self.slider.max = self.n_steps + 1
            self.play.value = False
            self.position = 0
            self.slider.value = 1
        finally:
            self._ready = True
        self._draw()

    def _on_play(self, change: dict) -> None:
        self.play.description = "⏸ Pause" if change["new"] else "▶ Play"
        if not change["new"]:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (plain Python): nothing to play in
            self.play.value = False
            return
        if self.position >= self.n_steps:
            self.goto(0)
        self._player = loop.create_task(self._run())

    async def _run(self) -> None:
        while self.play.value and self.position < self.n_steps:
            await asyncio.sleep(self.interval / 1000)
            if self.play.value:
                self.next()
        self.play.value = False

    # ------------------------------------------------------------------ display
    def _draw(self) -> None:
        self._draw_state()
        for name in ("first", "previous"):
            self.buttons[name].disabled = self.position == 0
        for name in ("next", "last"):
            self.buttons[name].disabled = self.position >= self.n_steps
        self.status_html.value = (
            f'<span class="dtlearn-app-status">{html.escape(self.status)}</span>'
        )

    def _state_at(self, position: int) -> Any:
        if position not in self._states:
            self._states[position] = self.result.state_after(position)
        return self._states[position]

    def _draw_state(self) -> None:
        result, step, k = self.result, self.current, self.position
        state = self._state_at(k)
        if step is None:
            self.status = f"done: {result.summary()}"
            self.detail_html.value = explanation_html(result.table())
        else:
            self.status = f"step {k + 1} of {self.n_steps}: {step.summary()}"
            self.detail_html.value = explanation_html(step.explain())
        subject = "node" if step is None else getattr(step, "subject", "node")
        if isinstance(state, Tree):
            self.view.layout.display, self.rules_html.layout.display = None, "none"
            self.rules_state = []
            path = (
                ancestor_ids(state, step.node_id) if step is not None and subject == "node" else []
            )
            on_tree = bool(path) and path[-1] == step.node_id and path[0] == state.root.node_id
            # the run's first tree is laid out once; each state sends the nodes it prunes
            self.view.show_pruned(
                self._state_at(0), state, path if on_tree else [], step.node_id if on_tree else None
            )
            return
        self.view.layout.display, self.rules_html.layout.display = "none", None
        focus = step.node_id - 1 if step is not None and subject == "rule" else None
        self.rules_state = [
            {"number": i + 1, "text": str(item), "current": i == focus}
            for i, item in enumerate(state)
        ]
        # the status names the step ("step 4 of 25"); the heading says the same, no count
        heading = (
            f"the result: {len(state)} rules"
            if step is None
            else f"the rules as step {k + 1} finds them (rule {focus + 1} marked)"
            if focus is not None
            else f"the rules as step {k + 1} finds them"
        )
        self.rules_html.value = f"<p><b>{html.escape(heading)}</b></p>" + self._rules_table(
            state, focus
        )

    def _rules_table(self, rules: Any, focus: int | None) -> str:
        """Rules one precondition a line, validation counts filled at every step.

        The table takes the full width and scrolls inside a box at most about one screen
        high (tree_view.css).
        """
        if not hasattr(self, "_val"):
            Xe = encode(self._X_val, rules[0].schema, arg="X_val") if len(rules) else None
            self._val = (Xe, np.asarray(self._y_val, dtype=object), {})
        Xe, truth, cache = self._val
        rows = []
        for i, rule in enumerate(rules):
            key = rule.text
            if key not in cache:
                covered = rule.covers(Xe, encoded=True)
                cache[key] = (int(covered.sum()), int((truth[covered] == rule.label).sum()))
            n, right = cache[key]
            accuracy = percent(right, n)
            conds = "<br>".join(html.escape(c.text) for c in rule.conditions) or "(always)"
            mark = ' class="dtlearn-winner"' if i == focus else ""
            rows.append(
                f'<tr{mark}><td class="dtlearn-num">{i + 1}</td><td>{conds}</td>'
                f"<td>{html.escape(str(rule.target_name))} = "
                f"{html.escape(str(rule.label))}</td>"
                f'<td class="dtlearn-num">{n}</td><td class="dtlearn-num">{right}</td>'
                f'<td class="dtlearn-num">{accuracy}</td></tr>'
            )
        return (
            '<div class="dtlearn-rules-box" tabindex="0" role="region" '
            'aria-label="the rules, scrollable"><table class="dtlearn-rules">'
            "<thead><tr><th>#</th><th>IF (every line holds)</th><th>THEN</th>"
            "<th>validation rows covered</th><th>correct</th><th>accuracy</th></tr>"
            "</thead><tbody>" + "".join(rows) + "</tbody></table></div>"
        )

    def describe(self) -> str:
        """Method and the decision shown."""
        return f"{pruning_method(self.method).label}, {self.status}"

    def static_html(self) -> str:
        """The state shown (tree or rules) and the decision's details."""
        main = (
            self.view.static_html() if self.view.layout.display != "none" else self.rules_html.value
        )
        return main + self.detail_html.value


_LEFT = {"CostComplexityExplorer", "CCP_KEY", "ccp_key_html"}


def __getattr__(name: str) -> Any:
    """The α-path app, for code that imports it from the old ``dtlearn.widgets.pruning``."""
    if name not in _LEFT:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    import warnings

    warnings.warn(
        f"dtlearn.widgets.pruning.{name} moved to "
        f"dtlearn.widgets.cost_complexity_explorer.{name} in dtlearn 0.3.0; import "
        f"it from there (the old name goes in 0.4.0)",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module("dtlearn.widgets.cost_complexity_explorer"), name)
