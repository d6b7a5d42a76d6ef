"""Checks of the exercises in the course notebooks, one module per notebook.

``nNN_topic.py`` holds the checks of ``instructor/NN_topic.ipynb``; every module here is
imported by :func:`dtlearn.exercises.check` on first use (no list to edit). A check::

    from dtlearn.exercises.core import register, compare_number

    @register("06.2", title="Train-test gap of the deepest tree")
    def check_gap(gap, *, seed):
        expected = ...  # recomputed with dtlearn from the data, never a stored literal
        return compare_number(gap, expected, what="the gap between training and test accuracy",
                              wrong={...})  # plausible wrong values -> a hint naming the mistake

The notebook's check cell is ``dt.exercises.check("06.2", gap=gap)``. Per-student numbers:
``@register("01.3", title=..., data=make_counts)`` with ``make_counts(seed) -> dict``; the
notebook reads ``dt.exercises.data("01.3")`` and the check gets the same ``seed``.
"""
