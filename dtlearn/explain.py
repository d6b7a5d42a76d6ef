"""Worked derivations and the measures that carry them.

Every number dtlearn computes for a student can show where it came from:

* :class:`Derivation` -- a worked derivation as in a textbook: aligned equation lines,
  optionally tables, nested sub-derivations and a closing note. It prints as plain text
  (``str``/``repr``, deterministic, what nbval and graders see), renders as aligned LaTeX
  in Jupyter (``_repr_markdown_``/``_repr_html_``) and converts to plain JSON (``to_dict``).
* :class:`Measure` -- a ``float`` that also knows its name and how to :meth:`~Measure.explain`
  itself.

The tables inside derivations are :class:`~dtlearn.result_table.ResultTable` values, and
numbers are written by the helpers of :mod:`dtlearn.display`; both are re-exported here,
so ``from dtlearn.explain import ResultTable, fmt`` keeps working.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from .display import (
    CLASS_COLOURS,
    class_colour,
    html_class,
    latex_class,
    latex_fraction,
    latex_text,
    md_escape,
)
from .formatting import fmt, fmt_count, fmt_fraction
from .result_table import ResultTable, ShowsTable

__all__ = [
    "CLASS_COLOURS",
    "Derivation",
    "DerivationLine",
    "Measure",
    "ResultTable",
    "ShowsTable",
    "class_colour",
    "fmt",
    "fmt_count",
    "fmt_fraction",
    "html_class",
    "latex_class",
    "latex_fraction",
    "latex_text",
]

_RELATIONS = ("<=", ">=", "=", "≈", "≤", "≥", "<", ">")


# ---------------------------------------------------------------------------- Derivation
@dataclass(frozen=True)
class DerivationLine:
    r"""One line of a derivation, in plain text and in LaTeX.

    A line whose text starts with a relation (``=``, ``<=``, ...) continues the previous
    equation and is aligned under its relation sign; a line ``lhs = rhs`` starts a new one.
    ``prose=True`` marks ordinary sentences, which are not aligned.

    Parameters
    ----------
    text : str
        Plain-text form, e.g. ``"= -(9/14 · log2(9/14) + 5/14 · log2(5/14))"``.
    latex : str, optional
        LaTeX form (without ``&``; alignment is added), e.g.
        ``r"= -\left(\tfrac{9}{14}\log_2\tfrac{9}{14} + ...\right)"``.
        Generated from ``text`` when empty.
    comment : str, optional
        A remark printed to the right, e.g. ``"with 14 instances: yes 9, no 5"``.
    comment_latex : str, optional
        LaTeX form of the comment (e.g. with coloured class names).
    prose : bool, optional
        A sentence rather than an equation.
    """

    text: str
    latex: str = ""
    comment: str = ""
    comment_latex: str = ""
    prose: bool = False

    def split(self) -> tuple[str | None, str]:
        """Split the text into (left-hand side, rest starting with the relation).

        The left-hand side is ``""`` for a continuation line and ``None`` for a line that
        is not an equation (prose, or no relation sign).

        Examples
        --------
        >>> DerivationLine("H(S) = 0.940 bits").split()
        ('H(S)', '= 0.940 bits')
        >>> DerivationLine("= 0.940").split()
        ('', '= 0.940')
        """
        text = self.text.strip()
        if self.prose:
            return None, text
        if text.startswith(_RELATIONS):
            return "", text
        index = text.find(" = ")
        if index < 0:
            return None, text
        return text[:index].rstrip(), text[index + 1 :]

    def latex_aligned(self) -> str:
        """Return the LaTeX form with an ``&`` before its relation sign (for ``aligned``)."""
        lhs, rest = self.split()
        if self.prose:
            return "&" + latex_text(self.text.strip())
        latex = self.latex.strip()
        if not latex:
            if lhs is None:
                return "&" + latex_text(rest)
            head = rest[1:].lstrip() if rest.startswith("=") else rest
            relation = "=" if rest.startswith("=") else ""
            left = latex_text(lhs) + " " if lhs else ""
            return f"{left}&{relation} {latex_text(head)}"
        if "&" in latex.replace(r"\&", ""):
            return latex
        if lhs is None:
            return "&" + latex
        if lhs == "":
            return "&" + latex
        index = latex.find("=")
        if index < 0:
            return "&" + latex
        return latex[:index].rstrip() + " &" + latex[index:]


Item = Union[DerivationLine, ResultTable, "Derivation"]


def _as_item(item: Any) -> Item:
    if isinstance(item, (DerivationLine, ResultTable, Derivation)):
        return item
    if isinstance(item, str):
        return DerivationLine(item)
    if isinstance(item, (tuple, list)):
        return DerivationLine(*item)
    if isinstance(item, dict):
        return DerivationLine(**item)
    raise TypeError(
        f"lines: cannot make a derivation line from {type(item).__name__}; "
        f"use a str, a (text, latex[, comment[, comment_latex]]) tuple, a "
        f"DerivationLine, a ResultTable or a Derivation"
    )


def _text_block(lines: Sequence[DerivationLine]) -> list[str]:
    """Render consecutive lines with their relation signs aligned."""
    parts = [line.split() for line in lines]
    width = max([len(lhs) for lhs, _ in parts if lhs is not None], default=0)
    rendered = []
    for lhs, rest in parts:
        if lhs is None:
            rendered.append(rest)
        else:
            rendered.append(f"{lhs.ljust(width)} {rest}")
    commented = [len(r) for r, line in zip(rendered, lines) if line.comment]
    column = max(commented, default=0) + 3
    return [
        (r.ljust(column) + line.comment) if line.comment else r for r, line in zip(rendered, lines)
    ]


def _groups(items: Sequence[Item]) -> list[tuple[str, Any]]:
    """Group the items into runs of lines, tables and sub-derivations."""
    groups: list[tuple[str, Any]] = []
    for item in items:
        if isinstance(item, DerivationLine):
            if groups and groups[-1][0] == "lines":
                groups[-1][1].append(item)
            else:
                groups.append(("lines", [item]))
        elif isinstance(item, ResultTable):
            groups.append(("table", item))
        else:
            groups.append(("derivation", item))
    return groups


def _latex_block(lines: Sequence[DerivationLine]) -> str:
    body = []
    for line in lines:
        text = line.latex_aligned()
        comment = line.comment_latex or (latex_text(line.comment) if line.comment else "")
        body.append(text + (r" && " + comment if comment else ""))
    return "$$\n\\begin{aligned}\n" + " \\\\\n".join(body) + "\n\\end{aligned}\n$$"


@dataclass(frozen=True)
class Derivation:
    r"""A worked derivation: equation lines, tables and sub-derivations, then a note.

    Build one with :meth:`build`; combine several with :meth:`concat` or :meth:`then`.

    Parameters
    ----------
    title : str, optional
        Heading (printed first when not empty).
    lines : tuple
        :class:`DerivationLine`, :class:`ResultTable` or nested :class:`Derivation` items,
        in order.
    note : str, optional
        A closing remark (printed last, after ``note:``).

    Examples
    --------
    >>> d = Derivation.build("", [
    ...     ("gain = 0.940 - 0.694", r"\mathrm{gain} = 0.940 - 0.694"),
    ...     ("= 0.247 bits", r"= 0.247\ \text{bits}"),
    ... ])
    >>> print(d)
    gain = 0.940 - 0.694
         = 0.247 bits
    """

    title: str = ""
    lines: tuple[Item, ...] = field(default_factory=tuple)
    note: str = ""

    def __post_init__(self) -> None:
        """Turn the items into derivation lines, tables or sub-derivations."""
        object.__setattr__(self, "lines", tuple(_as_item(x) for x in self.lines))

    # -- construction
    @classmethod
    def build(
        cls,
        title: str,
        lines: Iterable[Any] = (),
        *,
        table: ResultTable | None = None,
        note: str = "",
    ) -> Derivation:
        r"""Make a derivation from simple pieces.

        Parameters
        ----------
        title : str
            Heading; ``""`` for none.
        lines : iterable
            Each item is a ``str`` (plain-text equation line), a tuple
            ``(text, latex[, comment[, comment_latex[, prose]]])``, a :class:`DerivationLine`,
            a :class:`ResultTable` or a :class:`Derivation` (nested).
        table : ResultTable, optional
            Appended after the lines.
        note : str, optional
            Closing remark.

        Returns
        -------
        Derivation

        Examples
        --------
        >>> t = ResultTable.build(["value", "n"], [["sunny", 5], ["rainy", 5]])
        >>> print(Derivation.build("Counts", ["total = 5 + 5", "= 10"], table=t, note="toy"))
        Counts
        total = 5 + 5
              = 10
          value | n
          sunny | 5
          rainy | 5
        note: toy
        """
        items = [_as_item(x) for x in lines]
        if table is not None:
            items.append(table)
        return cls(title=title, lines=tuple(items), note=note)

    @classmethod
    def concat(cls, *parts: Derivation, title: str = "", note: str = "") -> Derivation:
        """Join derivations one after the other, each kept whole (with its title and note).

        Examples
        --------
        >>> a = Derivation.build("first", ["x = 1"])
        >>> b = Derivation.build("second", ["y = 2"])
        >>> print(Derivation.concat(a, b, title="both"))
        both
          first
          x = 1
          second
          y = 2
        """
        for part in parts:
            if not isinstance(part, Derivation):
                raise TypeError(f"parts: expected Derivation values, got {type(part).__name__}")
        return cls(title=title, lines=tuple(parts), note=note)

    def then(self, *items: Any, note: str | None = None) -> Derivation:
        """Return a copy with more items (lines, tables, sub-derivations) appended.

        Examples
        --------
        >>> print(Derivation.build("", ["a = 1"]).then("b = 2"))
        a = 1
        b = 2
        """
        return Derivation(
            self.title,
            self.lines + tuple(_as_item(x) for x in items),
            self.note if note is None else note,
        )

    @property
    def table(self) -> ResultTable | None:
        """The first table among the items, or ``None``."""
        return next((x for x in self.lines if isinstance(x, ResultTable)), None)

    @property
    def tables(self) -> tuple[ResultTable, ...]:
        """All tables among the items (not those inside sub-derivations)."""
        return tuple(x for x in self.lines if isinstance(x, ResultTable))

    # -- rendering
    def _text(self, indent: str = "") -> list[str]:
        out = [indent + self.title] if self.title else []
        for kind, value in _groups(self.lines):
            if kind == "lines":
                out.extend(indent + s for s in _text_block(value))
            elif kind == "table":
                out.extend(indent + s for s in value.text_lines())
            else:
                out.extend(value._text(indent + "  "))
        if self.note:
            out.extend(
                textwrap.wrap(
                    "note: " + self.note,
                    width=88,
                    initial_indent=indent,
                    subsequent_indent=indent + "      ",
                    break_on_hyphens=False,
                )
            )
        return out

    def __str__(self) -> str:
        """Plain text, aligned and deterministic."""
        return "\n".join(line.rstrip() for line in self._text())

    def __repr__(self) -> str:
        """Return the same as :meth:`__str__` (what notebooks show as ``text/plain``)."""
        return str(self)

    def _markdown(self, level: int = 0) -> str:
        out = [f"**{md_escape(self.title)}**"] if self.title else []
        for kind, value in _groups(self.lines):
            if kind == "lines":
                out.append(_latex_block(value))
            elif kind == "table":
                out.append(value._repr_markdown_())
            else:
                sub = value._markdown(level + 1)
                out.append("\n".join("> " + s if s else ">" for s in sub.split("\n")))
        if self.note:
            out.append(f"*Note: {md_escape(self.note)}*")
        return "\n\n".join(out)

    def _repr_markdown_(self) -> str:
        r"""Markdown with the equations as ``$$\begin{aligned}...\end{aligned}$$``."""
        return self._markdown()

    def to_latex(self) -> str:
        """Return the equation lines (sub-derivations included, no tables) as LaTeX blocks."""
        out = []
        for kind, value in _groups(self.lines):
            if kind == "lines":
                out.append(_latex_block(value))
            elif kind == "derivation":
                out.append(value.to_latex())
        return "\n".join(x for x in out if x)

    def _html(self) -> str:
        out = ['<div class="dtlearn-derivation">']
        if self.title:
            out.append(f"<p><strong>{html.escape(self.title)}</strong></p>")
        for kind, value in _groups(self.lines):
            if kind == "lines":
                out.append(f'<div class="dtlearn-math">{html.escape(_latex_block(value))}</div>')
            elif kind == "table":
                out.append(value._repr_html_())
            else:
                out.append('<div style="margin-left:1.5em">' + value._html() + "</div>")
        if self.note:
            out.append(f"<p><em>Note: {html.escape(self.note)}</em></p>")
        out.append("</div>")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        """HTML: LaTeX equations (typeset by Jupyter's MathJax) and HTML tables.

        The plain text follows in a collapsed ``<details>`` for readers without MathJax or
        with a screen reader.
        """
        return (
            self._html()
            + "\n<details><summary>plain text</summary><pre>"
            + html.escape(str(self))
            + "</pre></details>"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form; ``"text"`` holds the plain-text rendering.

        Examples
        --------
        >>> Derivation.build("t", ["x = 1"]).to_dict()["lines"][0]["text"]
        'x = 1'
        """
        items: list[dict[str, Any]] = []
        for item in self.lines:
            if isinstance(item, DerivationLine):
                items.append(
                    {
                        "type": "line",
                        "text": item.text,
                        "latex": item.latex,
                        "comment": item.comment,
                        "prose": item.prose,
                    }
                )
            elif isinstance(item, ResultTable):
                items.append({"type": "table", **item.to_dict()})
            else:
                items.append({"type": "derivation", **item.to_dict()})
        return {"title": self.title, "lines": items, "note": self.note, "text": str(self)}


class Measure(float):
    """A ``float`` that knows what it measures and can explain how it was computed.

    It *is* a float: arithmetic, comparisons, ``round``, numpy and f-strings treat it as
    its value, and arithmetic returns plain floats. ``float(m)`` and ``str(m)`` give the
    exact value; ``repr(m)`` (what a notebook cell shows) is labelled and rounded to 3
    decimals, e.g. ``H(play) = 0.940 bits``. :meth:`explain` gives the worked
    :class:`Derivation` (built on first use).

    Parameters
    ----------
    value : float
        The number.
    name : str
        What is measured, e.g. ``"entropy"``.
    symbol : str, optional
        How the text writes it, e.g. ``"H(play)"``.
    unit : str, optional
        ``"bits"``, ``"nats"`` or ``""``.
    derivation : Derivation or callable returning one, optional
        The explanation, or a function that builds it when first asked.

    Examples
    --------
    >>> m = Measure(0.9402859586706311, "entropy", symbol="H(play)", unit="bits")
    >>> m
    H(play) = 0.940 bits
    >>> round(m, 3), m + 1, f"{m:.2f}", str(m)
    (0.94, 1.9402859586706311, '0.94', '0.9402859586706311')
    """

    __slots__ = ("name", "symbol", "unit", "_derivation")

    def __new__(
        cls,
        value: float,
        name: str = "",
        *,
        symbol: str = "",
        unit: str = "",
        derivation: Derivation | Callable[[], Derivation] | None = None,
    ) -> Measure:
        """Create the measure (see the class docstring)."""
        obj = super().__new__(cls, value)
        obj.name = name
        obj.symbol = symbol
        obj.unit = unit
        obj._derivation = derivation
        return obj

    def explain(self) -> Derivation:
        """Return the worked derivation of this value."""
        derivation = self._derivation
        if callable(derivation) and not isinstance(derivation, Derivation):
            derivation = derivation()
            self._derivation = derivation
        if derivation is None:
            label = self.symbol or self.name or "value"
            derivation = Derivation.build("", [f"{label} = {self._value_text()}"])
        return derivation

    def _value_text(self) -> str:
        return f"{fmt(float(self))} {self.unit}".rstrip()

    def __repr__(self) -> str:
        """Labelled and rounded, e.g. ``H(play) = 0.940 bits``."""
        if self.symbol:
            return f"{self.symbol} = {self._value_text()}"
        return self._value_text()

    def __str__(self) -> str:
        """Return the exact value, as ``str(float(m))`` does."""
        return float.__repr__(self)

    def __reduce__(self):
        """Pickle and copy support (the derivation is built and stored)."""
        return (_rebuild_measure, (float(self), self.name, self.symbol, self.unit, self.explain()))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, with the derivation.

        Examples
        --------
        >>> Measure(0.5, "gini", symbol="Gini(S)").to_dict()["value"]
        0.5
        """
        return {
            "name": self.name,
            "symbol": self.symbol,
            "value": float(self),
            "unit": self.unit,
            "derivation": self.explain().to_dict(),
        }


def _rebuild_measure(
    value: float, name: str, symbol: str, unit: str, derivation: Derivation
) -> Measure:
    return Measure(value, name, symbol=symbol, unit=unit, derivation=derivation)
