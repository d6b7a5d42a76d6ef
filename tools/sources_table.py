"""Write the checksum table of ``dtlearn/datasets/data/SOURCES.md`` from the registry.

The sha256 of every shipped data file is typed once, in its
:class:`~dtlearn.datasets.entries.DatasetEntry`. SOURCES.md (the licence record) shows the
copied files' checksums too; this tool writes that table between its two marker lines, so
that it is never a second hand-kept copy. ``tests/test_datasets.py`` checks that the table
in the file is what this tool makes. Files of ``original`` entries (made for dtlearn) are
not in it: SOURCES.md records what was copied from elsewhere.

Usage: ``python tools/sources_table.py`` (rewrites the table in place).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's dtlearn
from dtlearn.datasets.entries import ENTRIES

DATA = Path(__file__).resolve().parents[1] / "dtlearn" / "datasets" / "data"
BEGIN = "<!-- checksums: written from the registry by tools/sources_table.py; do not edit -->"
END = "<!-- end of checksums -->"


def table(folder: Path = DATA) -> str:
    """The Markdown table (file, bytes, sha256) of every copied entry's file, markers included.

    Examples
    --------
    >>> lines = table().splitlines()
    >>> lines[1:3]
    ['| file | bytes | sha256 |', '|---|---|---|']
    >>> lines[3].split(" | ")[:2]
    ['| weather.nominal.arff', '587']
    """
    rows = {e.file: e.sha256 for e in ENTRIES if not e.original}
    lines = [BEGIN, "| file | bytes | sha256 |", "|---|---|---|"]
    lines += [
        f"| {name} | {(folder / name).stat().st_size} | {digest} |" for name, digest in rows.items()
    ]
    return "\n".join([*lines, END])


def with_table(text: str, folder: Path = DATA) -> str:
    """``text`` (SOURCES.md) with the part between the markers replaced by :func:`table`."""
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    return text[:start] + table(folder) + text[stop:]


def main() -> None:
    """Rewrite the table in the package's SOURCES.md."""
    path = DATA / "SOURCES.md"
    path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main()
