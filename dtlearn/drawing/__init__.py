"""Where a tree view draws each node and what it writes there: pure Python, no drawing library.

Both views read this package, the matplotlib figures (:mod:`dtlearn.plot`) and the
anywidget tree (:mod:`dtlearn.widgets`), so they place and label nodes alike:

* :mod:`~dtlearn.drawing.tidy_layout` -- Buchheim's tidy layout, in layout units.
* :mod:`~dtlearn.drawing.node_text` -- labels, counts, branch texts, a node's explanation.
* :mod:`~dtlearn.drawing.layout` -- pixel geometry, the JSON the tree view draws, folding
  wide trees, the static SVG.

Examples
--------
>>> from dtlearn.drawing.tidy_layout import tree_layout
>>> callable(tree_layout)
True
"""
