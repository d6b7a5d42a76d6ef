"""Homework checks that grade honestly and answer in words a student understands.

A check calls the student's function on cases (textbook cases, hand-made tables chosen so
that each plausible wrong algorithm gives a different answer, random cases from the
student's seed), compares each answer with dtlearn's own result, and returns a
:class:`~dtlearn.exercises.results.CheckResult`: which cases passed, which failed and *why*.

- **No shortcut through the library.** While the student's function runs, a
  :class:`~dtlearn.exercises.library_guard.LibraryGuard` stops any call into dtlearn's reference
  implementation of what is graded (``dt.entropy``, ``dt.information_gain``,
  ``dt.ID3Classifier().fit``, ``dt.reduced_error_prune``, ... whatever name they were
  imported under); the check then fails with a sentence saying what to write instead.
  Each check's docstring lists what it forbids and what stays allowed.
- **Hints that match the mistake.** A wrong number is shown with the case's input and a hint
  naming the mistake the answer matches (natural log, Gini instead of entropy, gain ratio
  instead of gain, unweighted children, rounding, a minority-class leaf, a gain threshold,
  top-down pruning, ``<`` instead of ``<=``, ...). The expected value is never shown.
- **Partial credit for nbgrader.** ``part=`` runs one group of cases, so an assignment
  spreads its points over several grade cells (``check_entropy(entropy,
  part="edge").assert_ok()``); ``part="hidden"`` runs cases on data the student never
  saw, for nbgrader's hidden tests. The "edge" and "hidden" parts of the measures accept a
  consistent log-base slip (the whole function in nats), which the "bits" part alone
  penalises — one slip does not cost every point.
- **Per-student data.** Random cases come from ``seed`` (default
  :func:`~dtlearn.exercises.registry.student_seed`, 0 unless ``JUPYTERHUB_USER`` or
  ``DTLEARN_SEED`` is set); the check recomputes the expected values for that seed. When
  graded, the seed comes from the nbgrader student id (= the hub user name).

A stub that still raises ``NotImplementedError`` gets "not yet"; an error gets the line of
the student's code where it happened; an endless loop is stopped by the step budget of
:func:`~dtlearn.exercises.student_call.run_student`.

In a notebook the checks are instant feedback. The grade is computed outside the
student's kernel: :mod:`~dtlearn.exercises.homework.autograde` runs the solution cells in a
locked child process (:mod:`~dtlearn.exercises.homework.jail_child`, driven by
:mod:`~dtlearn.exercises.homework.jail_client`), judges the plain values it returns with these
same checks, and :mod:`~dtlearn.exercises.homework.nbgrader_preprocessor` plugs that into
``nbgrader autograde`` (docs/GRADING.md). Hidden cases, and the sealed cases added to every
visible part when graded, come from a grading secret only the grading machine has.

The package holds one idea per module: :mod:`~dtlearn.exercises.homework.forbidden_calls` (what each
check forbids), :mod:`~dtlearn.exercises.homework.trial_grading` (how every check calls the
student's function and sums up), :mod:`~dtlearn.exercises.homework.check_formulas` (the checks'
own textbook formulas) and one module per homework: ``hw1_measures`` (entropy,
information gain), ``hw2_id3`` (ID3), ``hw3_prune`` (reduced-error pruning). The guard
forbids the whole package while a student's function runs.

Examples
--------
>>> import math
>>> from dtlearn import exercises
>>> def entropy(counts):
...     total = sum(counts)
...     return -sum(c / total * math.log2(c / total) for c in counts if c > 0)
>>> exercises.check_entropy(entropy).passed
True
>>> def entropy(counts):
...     raise NotImplementedError()
>>> print(exercises.check_entropy(entropy))
check_entropy: not yet — entropy raises NotImplementedError: replace `raise NotImplementedError()` with your code
"""

from .forbidden_calls import ENTROPY_RULE, GAIN_RULE, ID3_RULE, PRUNE_RULE
from .hw1_measures import check_entropy, check_information_gain
from .hw2_id3 import as_nested_dict, check_id3
from .hw3_prune import check_reduced_error_prune

__all__ = [
    "ENTROPY_RULE",
    "GAIN_RULE",
    "ID3_RULE",
    "PRUNE_RULE",
    "as_nested_dict",
    "check_entropy",
    "check_id3",
    "check_information_gain",
    "check_reduced_error_prune",
]
