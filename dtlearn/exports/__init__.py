"""Exports of a :class:`~dtlearn.tree.Tree`: each format is a pure function of the tree.

One module per format family, so a new format is one new module and one ``Tree.to_*``
delegate:

- :mod:`~dtlearn.exports.text` — ``tree_text`` (friendly box drawing, or Weka's layout).
- :mod:`~dtlearn.exports.weka` — ``weka_text``: the tree lines Weka 3.6 prints, in the
  ``Id3`` or ``J48`` layout.
- :mod:`~dtlearn.exports.rules` — ``rules_text``: one ``IF ... THEN ...`` line per leaf.
- :mod:`~dtlearn.exports.dot` — ``dot_source``: Graphviz DOT.
- :mod:`~dtlearn.exports.python_code` — ``python_source``: a plain-Python ``predict(row)``.
- :mod:`~dtlearn.exports.json_io` — ``tree_to_dict``/``tree_from_dict`` and their JSON text.
- :mod:`~dtlearn.exports.formatting` — ``plural``, ``format_value``, ``label_text``: how
  numbers and predictions print.
- :mod:`~dtlearn.exports.path` — ``decision_path``/``DecisionPath``: one
  prediction explained as the tests it passed.

Every export is also a method of the tree (``Tree.to_text``, ``Tree.to_rules``,
``Tree.to_dot``, ``Tree.to_python``, ``Tree.to_json``, ``Tree.from_json``) returning
exactly what the function returns. The functions are loaded on first use: the export
modules import :mod:`dtlearn.tree`, which imports ``formatting`` and ``path``.

Examples
--------
>>> from dtlearn import ID3Classifier, load_play_tennis
>>> from dtlearn.exports import rules_text
>>> tree = ID3Classifier().fit(*load_play_tennis()).tree_
>>> rules_text(tree) == tree.to_rules()
True
"""

from __future__ import annotations

import importlib
from typing import Any

_HOME = {"tree_text": "text", "weka_text": "weka", "rules_text": "rules",
         "dot_source": "dot", "python_source": "python_code",
         "tree_to_dict": "json_io", "tree_from_dict": "json_io",
         "tree_to_json": "json_io", "tree_from_json": "json_io",
         "plural": "formatting", "format_value": "formatting", "label_text": "formatting",
         "decision_path": "path", "DecisionPath": "path", "PathStep": "path"}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'dtlearn.exports' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))
