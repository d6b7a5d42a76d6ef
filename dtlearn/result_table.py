"""Small result tables that show themselves: text, HTML, Markdown, JSON and pandas.

A :class:`ResultTable` is how dtlearn lays out a split table, a list of pruning steps or a
child table inside a derivation; :class:`ShowsTable` lets a result class show itself as its
``table()`` by writing that one method.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .display import html_class, md_escape
from .formatting import fmt_cell

__all__ = ["ResultTable", "ShowsTable"]


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


@dataclass(frozen=True)
class ResultTable:
    """A small table of results (a split table, a list of prune steps, ...).

    Parameters
    ----------
    columns : tuple of str
        Column headers.
    rows : tuple of tuple
        Cell values: ``str``, ``int`` or ``float`` (a :class:`~dtlearn.explain.Measure` counts as a float).
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
                raise ValueError(
                    f"rows: row {i} has {len(row)} cells but there are {len(self.columns)} columns"
                )
        if self.highlight_row is not None and not 0 <= self.highlight_row < len(self.rows):
            raise ValueError(
                f"highlight_row: {self.highlight_row} is not a row index "
                f"(the table has {len(self.rows)} rows)"
            )

    @classmethod
    def build(
        cls,
        columns: Iterable[str],
        rows: Iterable[Iterable[Any]],
        *,
        caption: str = "",
        highlight_row: int | None = None,
        float_format: str = ".3f",
        class_columns: Iterable[str] = (),
    ) -> ResultTable:
        """Make a table from any iterables (lists are turned into tuples).

        Examples
        --------
        >>> ResultTable.build(["a", "b"], [[1, 2.0]]).rows
        ((1, 2.0),)
        """
        return cls(
            tuple(columns),
            tuple(tuple(r) for r in rows),
            caption=caption,
            highlight_row=highlight_row,
            float_format=float_format,
            class_columns=tuple(class_columns),
        )

    def format_cell(self, value: Any) -> str:
        """Text of one cell: floats with :attr:`float_format`, everything else with ``str``.

        Examples
        --------
        >>> ResultTable(("x",), ()).format_cell(0.5), ResultTable(("x",), ()).format_cell(3)
        ('0.500', '3')
        """
        return fmt_cell(value, self.float_format)

    @staticmethod
    def _is_number(value: Any) -> bool:
        return (
            not isinstance(value, (str, bool))
            and value is not None
            and (isinstance(value, (int, float)) or hasattr(value, "dtype"))
        )

    def text_lines(self) -> list[str]:
        """The table as aligned plain-text lines (what ``str`` joins; explanations indent them).

        Examples
        --------
        >>> ResultTable(["x", "y"], [[1, 2]]).text_lines()
        ['  x | y', '  1 | 2']
        """
        cells = [[self.format_cell(v) for v in row] for row in self.rows]
        widths = [max([len(c)] + [len(r[j]) for r in cells]) for j, c in enumerate(self.columns)]
        numeric = [
            bool(self.rows) and all(self._is_number(r[j]) for r in self.rows)
            for j in range(len(self.columns))
        ]

        def line(marker: str, values: Sequence[str], header: bool = False) -> str:
            parts = [
                v.rjust(w) if (num and not header) else v.ljust(w)
                for v, w, num in zip(values, widths, numeric)
            ]
            return (marker + " " + " | ".join(parts)).rstrip()

        out = [self.caption] if self.caption else []
        out.append(line(" ", self.columns, header=True))
        for i, row in enumerate(cells):
            out.append(line("*" if i == self.highlight_row else " ", row))
        return out

    def __str__(self) -> str:
        """Aligned plain text; the highlighted row starts with ``*``."""
        return "\n".join(self.text_lines())

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
        out.append(
            "<thead><tr>"
            + "".join(f"<th>{self._header_html(c)}</th>" for c in self.columns)
            + "</tr></thead>"
        )
        out.append("<tbody>")
        for i, row in enumerate(self.rows):
            style = (
                ' class="dtlearn-winner" style="font-weight:bold;background:#fff3cd"'
                if i == self.highlight_row
                else ""
            )
            tds = "".join(
                f'<td style="text-align:{"right" if self._is_number(v) else "left"}">'
                f"{html.escape(self.format_cell(v))}</td>"
                for v in row
            )
            out.append(f"<tr{style}>{tds}</tr>")
        out.append("</tbody></table>")
        return "\n".join(out)

    def _repr_markdown_(self) -> str:
        """GitHub-flavoured Markdown table; the highlighted row is bold."""
        out = [f"*{md_escape(self.caption)}*", ""] if self.caption else []
        out.append("| " + " | ".join(md_escape(c) for c in self.columns) + " |")
        out.append(
            "|"
            + "|".join(
                "---:" if self.rows and self._is_number(self.rows[0][j]) else "---"
                for j in range(len(self.columns))
            )
            + "|"
        )
        for i, row in enumerate(self.rows):
            cells = [md_escape(self.format_cell(v)) for v in row]
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

        return pd.DataFrame(
            [[_plain(v) for v in row] for row in self.rows], columns=list(self.columns)
        )


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

    def table(self) -> ResultTable:
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
