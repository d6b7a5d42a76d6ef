"""Check of the warm-up exercise in ``instructor/00_start_here.ipynb``.

Examples
--------
>>> from dtlearn.exercises.core import check
>>> check("00.1", n_yes=5).status
'failed'
"""

from __future__ import annotations

from ...datasets import load_play_tennis
from ..compare import compare_number
from ..registry import register


@register("00.1", title="Days with play = yes")
def check_n_yes(n_yes):
    """Check exercise 00.1: Days with play = yes."""
    _, y = load_play_tennis()
    want = int((y == "yes").sum())
    return compare_number(
        n_yes,
        want,
        what="the number of days with play = yes",
        tol=0,
        wrong={
            int((y == "no").sum()): "that is the number of *no* days",
            len(y): "that is every day: count only those with play = yes",
        },
    )
