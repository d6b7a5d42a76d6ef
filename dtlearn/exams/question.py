"""One exam question as plain values: prompt, tables, picture, answer, tolerance, solution.

A :class:`Question` is what every writer reads (the Typst sheet and key, Moodle XML, JSON);
the question bank (:mod:`dtlearn.exams.bank_measures`, :mod:`dtlearn.exams.bank_trees`)
makes them from a seed with the library's own numbers and ``explain()`` text.

Examples
--------
>>> q = Question("entropy", "Entropy", "Compute it.", answer=0.9403, tolerance=0.002,
...              solution="H = 0.940")
>>> q.numeric, q.accepts(0.941), q.accepts(0.95)
(True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..formatting import answer_number

__all__ = ["Question", "Table"]


@dataclass(frozen=True)
class Table:
    """A small table shown with a question: a header row and rows of text cells.

    Examples
    --------
    >>> Table(("class", "count"), (("yes", "9"), ("no", "5"))).to_dict()["rows"][0]
    ['yes', '9']
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""

    def __post_init__(self) -> None:
        width = len(self.header)
        if any(len(row) != width for row in self.rows):
            raise ValueError(f"rows must each have {width} cells, like the header")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {
            "caption": self.caption,
            "header": list(self.header),
            "rows": [list(row) for row in self.rows],
        }


@dataclass(frozen=True)
class Question:
    """One drawn question with its answer and worked solution.

    Attributes
    ----------
    kind : str
        The question type (a key of :data:`dtlearn.exams.QUESTION_TYPES`).
    title : str
    prompt : str
        What the student reads (plain text).
    tables : tuple of Table
        Data shown with the prompt.
    answer : float or str
        A number (numeric questions) or the right choice (multiple choice).
    tolerance : float
        Accepted absolute error of a numeric answer (0 for a choice).
    choices : tuple of str
        The options of a multiple-choice question (empty for a numeric one).
    solution : str
        The worked solution, from the library's ``explain()`` (plain text).
    picture : str or None
        An SVG picture (a tree), or None.
    data : dict
        The drawn inputs, plain (for JSON and for recomputing the answer elsewhere).
    """

    kind: str
    title: str
    prompt: str
    tables: tuple[Table, ...] = ()
    answer: float | str = 0.0
    tolerance: float = 0.0
    choices: tuple[str, ...] = ()
    solution: str = ""
    picture: str | None = None
    data: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.choices and self.answer not in self.choices:
            raise ValueError(f"answer {self.answer!r} is not one of the choices {self.choices}")
        if not self.choices and not isinstance(self.answer, (int, float)):
            raise TypeError("a question without choices needs a numeric answer")
        if self.tolerance < 0:
            raise ValueError(f"tolerance must be >= 0, got {self.tolerance}")

    @property
    def numeric(self) -> bool:
        """True for a numeric answer (with a tolerance), False for a multiple choice."""
        return not self.choices

    def accepts(self, given: Any) -> bool:
        """Whether an answer would be marked right.

        Examples
        --------
        >>> Question("x", "X", "?", answer="a", choices=("a", "b")).accepts("a")
        True
        """
        if self.numeric:
            try:
                return abs(float(given) - float(self.answer)) <= self.tolerance + 1e-12
            except (TypeError, ValueError):
                return False
        return given == self.answer

    @property
    def answer_text(self) -> str:
        """The answer as the key prints it (numbers to 4 decimals)."""
        if self.numeric:
            return answer_number(float(self.answer))
        return str(self.answer)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (the picture as SVG text)."""
        return {
            "kind": self.kind,
            "title": self.title,
            "prompt": self.prompt,
            "tables": [t.to_dict() for t in self.tables],
            "answer": float(self.answer) if self.numeric else self.answer,
            "tolerance": self.tolerance,
            "choices": list(self.choices),
            "solution": self.solution,
            "picture_svg": self.picture,
            "data": self.data,
        }
