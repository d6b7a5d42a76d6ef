"""The fast engine: what exists in ``grow/`` only for speed, each module equal to a reference.

- :mod:`~dtlearn.grow.fast.levels` — level-wise growth (a depth's open nodes scanned
  together); equals :meth:`Grower.run(level_wise=False) <dtlearn.grow.Grower.run>`;
- :mod:`~dtlearn.grow.fast.level_arrays` — level-wise growth held as arrays when every
  column is numeric; equals the same node-by-node run;
- :mod:`~dtlearn.grow.fast.median_levels` — level-wise growth of MAE trees, every cut's
  running medians at once (:mod:`~dtlearn.grow.fast.median_cuts`); equals the same
  node-by-node run;
- :mod:`~dtlearn.grow.fast.level_scores` — a level's cuts scored at once for the tables;
  equals each candidate built alone;
- :mod:`~dtlearn.grow.fast.sums` — numpy's own sums of many segments at once;
- :mod:`~dtlearn.grow.fast.arrays` — the growth record as arrays (steps made when read);
- :mod:`~dtlearn.grow.fast.node_arrays` — a tree's nodes as columns (Node objects made
  when read; predict routes through the columns).

They reach the engine through the :class:`~dtlearn.grow.Grower`'s public methods only
(docs/ARCHITECTURE.md, "The fast engine"); the hypothesis tests named there are the gate.
The old paths (``dtlearn.grow.levels`` ...) import for one release (:mod:`dtlearn._moved`).
"""
