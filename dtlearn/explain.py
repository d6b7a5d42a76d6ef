"""Display values shared by the whole library: worked derivations, result tables, measures.

Every number dtlearn computes for a student can show where it came from. Three small
values carry that:

* :class:`Derivation` -- a worked derivation as in a textbook: aligned equation lines,
  optionally tables, nested sub-derivations and a closing note. It prints as plain text
  (``str``/``repr``, deterministic, what nbval and graders see), renders as aligned LaTeX
  in Jupyter (``_repr_markdown_``/``_repr_html_``) and converts to plain JSON (``to_dict``).
* :class:`ResultTable` -- a small table (split table, prune steps, ...) with an optional
  highlighted winning row; text, HTML, Markdown, ``to_dict`` and ``to_frame``.
* :class:`Measure` -- a ``float`` that also knows its name and how to :meth:`~Measure.explain`
  itself.

The formatting helpers (:func:`fmt`, :func:`fmt_count`, :func:`fmt_fraction`, ...) and the
colour-blind-safe palette :data:`CLASS_COLOURS` are exported so that every view formats
numbers and colours classes the same way.
"""

from __future__ import annotations

import html
import math
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, Union

__all__ = [
    "CLASS_COLOURS",
    "Derivation",
    "DerivationLine",
    "Measure",
    "ResultTable",
    "class_colour",
    "fmt",
    "fmt_count",
    "fmt_fraction",
    "html_class",
    "latex_class",
    "latex_fraction",
    "latex_text",
]

CLASS_COLOURS: tuple[str, ...] = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#F0E442",  # yellow (last: weak on white)
    "#000000",  # black
)
"""Okabe-Ito colour-blind-safe palette; class ``k`` (in class order) gets colour ``k``."""

_RELATIONS = ("<=", ">=", "=", "≈", "≤", "≥", "<", ">")


# ---------------------------------------------------------------------------- formatting
def fmt(value: Any, decimals: int = 3) -> str:
    """Format a number for display: floats with ``decimals`` decimals, integers as they are.

    ``-0.000`` is shown as ``0.000``; strings pass through unchanged.

    Examples
    --------
    >>> fmt(0.94028595), fmt(14), fmt(-0.0001), fmt("sunny")
    ('0.940', '14', '0.000', 'sunny')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int) or (hasattr(value, "dtype") and getattr(value.dtype, "kind", "") in "iu"):
        return str(int(value))
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    text = f"{number:.{decimals}f}"
    if text.startswith("-") and float(text) == 0.0:
        text = text[1:]
    return text


def fmt_count(value: float) -> str:
    """Format a (possibly fractional) instance count: ``9`` or ``2.35`` (two decimals).

    Examples
    --------
    >>> fmt_count(9.0), fmt_count(2.35), fmt_count(13.6)
    ('9', '2.35', '13.60')
    """
    number = float(value)
    if number == round(number) and abs(number) < 1e15:
        return str(int(round(number)))
    return fmt(number, 2)


def fmt_fraction(numerator: float, denominator: float) -> str:
    """Format a ratio of counts as text, e.g. ``9/14``.

    Examples
    --------
    >>> fmt_fraction(9, 14), fmt_fraction(2.5, 13.6)
    ('9/14', '2.50/13.60')
    """
    return f"{fmt_count(numerator)}/{fmt_count(denominator)}"


def latex_fraction(numerator: float, denominator: float) -> str:
    r"""Format a ratio of counts as LaTeX, e.g. ``\tfrac{9}{14}``.

    Examples
    --------
    >>> latex_fraction(9, 14)
    '\\tfrac{9}{14}'
    """
    return rf"\tfrac{{{fmt_count(numerator)}}}{{{fmt_count(denominator)}}}"


_LATEX_ESCAPES = {
    "\\": r"\backslash ", "{": r"\{", "}": r"\}", "_": r"\_", "^": r"\^{}", "%": r"\%",
    "&": r"\&", "#": r"\#", "$": r"\$", "~": r"\~{}",
}


def latex_text(text: str) -> str:
    r"""Wrap plain text for use inside math: ``\text{...}`` with special characters escaped.

    Examples
    --------
    >>> latex_text("n_v & co")
    '\\text{n\\_v \\& co}'
    """
    escaped = "".join(_LATEX_ESCAPES.get(ch, ch) for ch in str(text))
    return rf"\text{{{escaped}}}"


def class_colour(index: int) -> str:
    """Colour of the class at position ``index`` in class order (cycles through the palette).

    Examples
    --------
    >>> class_colour(0), class_colour(len(CLASS_COLOURS))
    ('#E69F00', '#E69F00')
    """
    return CLASS_COLOURS[int(index) % len(CLASS_COLOURS)]


def latex_class(name: Any, index: int) -> str:
    r"""Return a class name as coloured LaTeX (works in MathJax and KaTeX).

    Examples
    --------
    >>> latex_class("yes", 0)
    '{\\color{#E69F00}{\\text{yes}}}'
    """
    return rf"{{\color{{{class_colour(index)}}}{{{latex_text(name)}}}}}"


def html_class(name: Any, index: int) -> str:
    """Return a class name as a coloured HTML ``<span>``.

    Examples
    --------
    >>> html_class("yes", 1)
    '<span class="dtlearn-class" style="color:#56B4E9;font-weight:bold">yes</span>'
    """
    return (f'<span class="dtlearn-class" style="color:{class_colour(index)};'
            f'font-weight:bold">{html.escape(str(name))}</span>')


def _md_escape(text: str) -> str:
    return str(text).replace("|", r"\|").replace("*", r"\*").replace("_", r"\_")


def _plain(value: Any) -> Any:
    """JSON-friendly scalar (numpy scalars and Measures become Python numbers)."""
    if isinstance(value, (str, bool)) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if hasattr(value, "item"):
        return value.item()
    return str(value)


# ---------------------------------------------------------------------------- ResultTable
@dataclass(frozen=True)
class ResultTable:
    """A small table of results (a split table, a list of prune steps, ...).

    Parameters
    ----------
    columns : tuple of str
        Column headers.
    rows : tuple of tuple
        Cell values: ``str``, ``int`` or ``float`` (a :class:`Measure` counts as a float).
    caption : str, optional
        Shown above the table.
    highlight_row : int or None, optional
        Index of the row to mark (the winner); marked ``*`` in text, bold in HTML/Markdown.
    float_format : str, optional
        Format spec for float cells, ``".3f"`` by default.
    class_columns : tuple of str, optional
        Columns that are class names, in class order; their headers get the class colours.

    Examples
    --------
    >>> t = ResultTable.build(["attribute", "gain"], [["outlook", 0.2467], ["windy", 0.0481]],
    ...                       highlight_row=0)
    >>> print(t)
      attribute | gain
    * outlook   | 0.247
      windy     | 0.048
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    caption: str = ""
    highlight_row: int | None = None
    float_format: str = ".3f"
    class_columns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Normalise lists to tuples and check the shape."""
        object.__setattr__(self, "columns", tuple(str(c) for c in self.columns))
        object.__setattr__(self, "rows", tuple(tuple(r) for r in self.rows))
        object.__setattr__(self, "class_columns", tuple(str(c) for c in self.class_columns))
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"rows: row {i} has {len(row)} cells but there are "
                                 f"{len(self.columns)} columns")
        if self.highlight_row is not None and not 0 <= self.highlight_row < len(self.rows):
            raise ValueError(f"highlight_row: {self.highlight_row} is not a row index "
                             f"(the table has {len(self.rows)} rows)")

    @classmethod
    def build(cls, columns: Iterable[str], rows: Iterable[Iterable[Any]], *,
              caption: str = "", highlight_row: int | None = None, float_format: str = ".3f",
              class_columns: Iterable[str] = ()) -> ResultTable:
        """Make a table from any iterables (lists are turned into tuples).

        Examples
        --------
        >>> ResultTable.build(["a", "b"], [[1, 2.0]]).rows
        ((1, 2.0),)
        """
        return cls(tuple(columns), tuple(tuple(r) for r in rows), caption=caption,
                   highlight_row=highlight_row, float_format=float_format,
                   class_columns=tuple(class_columns))

    def format_cell(self, value: Any) -> str:
        """Text of one cell: floats with :attr:`float_format`, everything else with ``str``.

        Examples
        --------
        >>> ResultTable(("x",), ()).format_cell(0.5), ResultTable(("x",), ()).format_cell(3)
        ('0.500', '3')
        """
        if value is None:
            return ""
        if isinstance(value, (str, bool)):
            return str(value)
        if isinstance(value, int) or (hasattr(value, "dtype") and value.dtype.kind in "iu"):
            return str(int(value))
        if isinstance(value, float) or hasattr(value, "dtype"):
            text = format(float(value), self.float_format)
            if text.startswith("-") and text.strip("-0.") == "":
                text = text[1:]
            return text
        return str(value)

    @staticmethod
    def _is_number(value: Any) -> bool:
        return not isinstance(value, (str, bool)) and value is not None and (
            isinstance(value, (int, float)) or hasattr(value, "dtype"))

    def _text_lines(self) -> list[str]:
        cells = [[self.format_cell(v) for v in row] for row in self.rows]
        widths = [max([len(c)] + [len(r[j]) for r in cells]) for j, c in enumerate(self.columns)]
        numeric = [bool(self.rows) and all(self._is_number(r[j]) for r in self.rows)
                   for j in range(len(self.columns))]

        def line(marker: str, values: Sequence[str], header: bool = False) -> str:
            parts = [v.rjust(w) if (num and not header) else v.ljust(w)
                     for v, w, num in zip(values, widths, numeric)]
            return (marker + " " + " | ".join(parts)).rstrip()

        out = [self.caption] if self.caption else []
        out.append(line(" ", self.columns, header=True))
        for i, row in enumerate(cells):
            out.append(line("*" if i == self.highlight_row else " ", row))
        return out

    def __str__(self) -> str:
        """Aligned plain text; the highlighted row starts with ``*``."""
        return "\n".join(self._text_lines())

    def __repr__(self) -> str:
        """Return the same as :meth:`__str__` (what notebooks show as ``text/plain``)."""
        return str(self)

    def _header_html(self, name: str) -> str:
        if name in self.class_columns:
            return html_class(name, self.class_columns.index(name))
        return html.escape(name)

    def _repr_html_(self) -> str:
        """HTML ``<table>``; the highlighted row is bold on a pale background."""
        out = ['<table class="dtlearn-table">']
        if self.caption:
            out.append(f"<caption>{html.escape(self.caption)}</caption>")
        out.append("<thead><tr>" + "".join(f"<th>{self._header_html(c)}</th>"
                                           for c in self.columns) + "</tr></thead>")
        out.append("<tbody>")
        for i, row in enumerate(self.rows):
            style = (' class="dtlearn-winner" style="font-weight:bold;background:#fff3cd"'
                     if i == self.highlight_row else "")
            tds = "".join(
                f'<td style="text-align:{"right" if self._is_number(v) else "left"}">'
                f"{html.escape(self.format_cell(v))}</td>" for v in row)
            out.append(f"<tr{style}>{tds}</tr>")
        out.append("</tbody></table>")
        return "\n".join(out)

    def _repr_markdown_(self) -> str:
        """GitHub-flavoured Markdown table; the highlighted row is bold."""
        out = [f"*{_md_escape(self.caption)}*", ""] if self.caption else []
        out.append("| " + " | ".join(_md_escape(c) for c in self.columns) + " |")
        out.append("|" + "|".join("---:" if self.rows and self._is_number(self.rows[0][j])
                                  else "---" for j in range(len(self.columns))) + "|")
        for i, row in enumerate(self.rows):
            cells = [_md_escape(self.format_cell(v)) for v in row]
            if i == self.highlight_row:
                cells = [f"**{c}**" if c else c for c in cells]
            out.append("| " + " | ".join(cells) + " |")
        return "\n".join(out)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (cell values as Python numbers or strings).

        Examples
        --------
        >>> ResultTable(("a",), ((1,),)).to_dict()["rows"]
        [[1]]
        """
        return {
            "columns": list(self.columns),
            "rows": [[_plain(v) for v in row] for row in self.rows],
            "caption": self.caption,
            "highlight_row": self.highlight_row,
        }

    def to_frame(self):
        """Return the table as a :class:`pandas.DataFrame` (raw values, not formatted).

        Examples
        --------
        >>> ResultTable(("a", "b"), ((1, 0.5),)).to_frame()
           a    b
        0  1  0.5
        """
        import pandas as pd

        return pd.DataFrame([[_plain(v) for v in row] for row in self.rows],
                            columns=list(self.columns))


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
        return text[:index].rstrip(), text[index + 1:]

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
    raise TypeError(f"lines: cannot make a derivation line from {type(item).__name__}; "
                    f"use a str, a (text, latex[, comment[, comment_latex]]) tuple, a "
                    f"DerivationLine, a ResultTable or a Derivation")


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
    return [(r.ljust(column) + line.comment) if line.comment else r
            for r, line in zip(rendered, lines)]


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
    def build(cls, title: str, lines: Iterable[Any] = (), *, table: ResultTable | None = None,
              note: str = "") -> Derivation:
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
        return Derivation(self.title, self.lines + tuple(_as_item(x) for x in items),
                          self.note if note is None else note)

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
                out.extend(indent + s for s in value._text_lines())
            else:
                out.extend(value._text(indent + "  "))
        if self.note:
            out.extend(textwrap.wrap("note: " + self.note, width=88, initial_indent=indent,
                                     subsequent_indent=indent + "      ",
                                     break_on_hyphens=False))
        return out

    def __str__(self) -> str:
        """Plain text, aligned and deterministic."""
        return "\n".join(line.rstrip() for line in self._text())

    def __repr__(self) -> str:
        """Return the same as :meth:`__str__` (what notebooks show as ``text/plain``)."""
        return str(self)

    def _markdown(self, level: int = 0) -> str:
        out = [f"**{_md_escape(self.title)}**"] if self.title else []
        for kind, value in _groups(self.lines):
            if kind == "lines":
                out.append(_latex_block(value))
            elif kind == "table":
                out.append(value._repr_markdown_())
            else:
                sub = value._markdown(level + 1)
                out.append("\n".join("> " + s if s else ">" for s in sub.split("\n")))
        if self.note:
            out.append(f"*Note: {_md_escape(self.note)}*")
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
        return (self._html() + "\n<details><summary>plain text</summary><pre>"
                + html.escape(str(self)) + "</pre></details>")

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
                items.append({"type": "line", "text": item.text, "latex": item.latex,
                              "comment": item.comment, "prose": item.prose})
            elif isinstance(item, ResultTable):
                items.append({"type": "table", **item.to_dict()})
            else:
                items.append({"type": "derivation", **item.to_dict()})
        return {"title": self.title, "lines": items, "note": self.note, "text": str(self)}


# ---------------------------------------------------------------------------- Measure
class ShowsTable:
    """Mixin for results that show themselves as their ``table()``.

    Text (``str``/``repr``: what nbval and graders see), HTML and Markdown all come from
    one :class:`ResultTable`, so a result class only writes ``table()``. Dataclasses using
    it need ``repr=False`` so that the generated ``__repr__`` does not replace this one.

    Examples
    --------
    >>> class Scores(ShowsTable):
    ...     def table(self):
    ...         return ResultTable(("name", "gain"), (("outlook", 0.2467),))
    >>> Scores()
      name    | gain
      outlook | 0.247
    """

    def table(self) -> "ResultTable":
        """The result as a table."""
        raise NotImplementedError

    def __str__(self) -> str:
        return str(self.table())

    def __repr__(self) -> str:
        return str(self.table())

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def _repr_markdown_(self) -> str:
        return self.table()._repr_markdown_()

    def to_frame(self) -> Any:
        """The table as a pandas DataFrame."""
        return self.table().to_frame()


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

    def __new__(cls, value: float, name: str = "", *, symbol: str = "", unit: str = "",
                derivation: Derivation | Callable[[], Derivation] | None = None) -> Measure:
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
        return (_rebuild_measure, (float(self), self.name, self.symbol, self.unit,
                                   self.explain()))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form, with the derivation.

        Examples
        --------
        >>> Measure(0.5, "gini", symbol="Gini(S)").to_dict()["value"]
        0.5
        """
        return {"name": self.name, "symbol": self.symbol, "value": float(self),
                "unit": self.unit, "derivation": self.explain().to_dict()}


def _rebuild_measure(value: float, name: str, symbol: str, unit: str,
                     derivation: Derivation) -> Measure:
    return Measure(value, name, symbol=symbol, unit=unit, derivation=derivation)
