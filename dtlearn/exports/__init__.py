"""Exports of a :class:`~dtlearn.tree.Tree`: each format is a pure function of the tree.

One module per format family, so a new format is one new module, one ``Tree.to_*``
delegate and one line in the registration below:

- :mod:`~dtlearn.exports.text` — ``tree_text`` (friendly box drawing, or Weka's layout).
- :mod:`~dtlearn.exports.weka` — ``weka_text``: the tree lines Weka 3.6 prints, in the
  ``Id3`` or ``J48`` layout.
- :mod:`~dtlearn.exports.rule_text` — ``rules_text``: one ``IF ... THEN ...`` line per leaf.
- :mod:`~dtlearn.exports.dot` — ``dot_source``: Graphviz DOT.
- :mod:`~dtlearn.exports.python_code` — ``python_source``: a plain-Python ``predict(row)``.
- :mod:`~dtlearn.exports.json_io` — ``tree_to_dict``/``tree_from_dict`` and their JSON text.
- :mod:`~dtlearn.exports.labels` — ``plural``, ``format_value``, ``label_text``: how
  numbers and predictions print.
- :mod:`~dtlearn.exports.path` — ``decision_path``/``DecisionPath``: one
  prediction explained as the tests it passed.

Every export is also a method of the tree (``Tree.to_text``, ``Tree.to_rules``,
``Tree.to_dot``, ``Tree.to_python``, ``Tree.to_json``, ``Tree.from_json``) returning
exactly what the function returns: importing this package registers each function with
:func:`dtlearn.tree.register_export` (``import dtlearn`` does), so the exports import the
tree and never the other way round.

Examples
--------
>>> from dtlearn import ID3Classifier, load_play_tennis
>>> from dtlearn.exports import rules_text
>>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
>>> rules_text(tree) == tree.to_rules()
True
"""

from __future__ import annotations

from ..formatting import format_value, plural
from ..tree import register_export
from .dot import dot_source
from .json_io import tree_from_dict, tree_from_json, tree_to_dict, tree_to_json
from .labels import label_text
from .path import DecisionPath, PathStep, decision_path
from .python_code import python_source
from .rule_text import rules_text
from .text import tree_text
from .weka import weka_text

__all__ = [
    "DecisionPath",
    "PathStep",
    "decision_path",
    "dot_source",
    "format_value",
    "label_text",
    "plural",
    "python_source",
    "rules_text",
    "tree_from_dict",
    "tree_from_json",
    "tree_text",
    "tree_to_dict",
    "tree_to_json",
    "weka_text",
]

# The Tree methods and the functions they return the result of
for _method, _function in {
    "to_text": tree_text,
    "to_rules": rules_text,
    "to_dot": dot_source,
    "to_python": python_source,
    "to_dict": tree_to_dict,
    "to_json": tree_to_json,
    "from_json": tree_from_json,
    "from_dict": tree_from_dict,
    "decision_path": decision_path,
}.items():
    register_export(_method, _function)
del _method, _function
