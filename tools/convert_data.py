"""Convert the shipped Weka ARFF files to CSV + a JSON schema, once, for liac-arff-free loading.

The data loaders of :mod:`dtlearn.datasets` read ``<name>.csv`` (a header row of attribute
names, then one row per instance, an empty cell for a missing value) and ``<name>.json``
(the relation, each attribute's type and, for a nominal attribute, its declared
categories in order, and the sha256 of the ARFF file it was made from). Loading them needs
only the standard library's ``csv`` and ``json`` modules, so the package works where
liac-arff cannot be installed (Pyodide / JupyterLite: liac-arff has no wheel).

The ARFF files stay in the package, unchanged (their provenance is in ``SOURCES.md``);
``tests/test_datasets.py`` checks that every loader returns exactly what parsing the ARFF
file with liac-arff gives, and that running this script again reproduces the committed
files byte for byte.

Which files: every ARFF entry of :data:`dtlearn.datasets.entries.ENTRIES`.

Usage: ``python tools/convert_data.py [OUTPUT_DIR]`` (default: the package's data folder).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sys
from pathlib import Path

import arff  # liac-arff: the maintained parser, used here once, not at run time

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's dtlearn
from dtlearn.datasets.entries import ENTRIES

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "dtlearn" / "datasets" / "data"
# every ARFF file the registry ships (read from the checkout's package, next to this tool)
ARFF_FILES = list(dict.fromkeys(e.file for e in ENTRIES if e.file.endswith(".arff")))
NUMERIC = ("NUMERIC", "REAL", "INTEGER")


def _cell(value: object, kind: object) -> str:
    if value is None:
        return ""
    if kind in NUMERIC:
        return repr(float(value))  # round-trips exactly through float()
    return str(value)


def convert(arff_bytes: bytes, source: str) -> tuple[str, str]:
    r"""Return the CSV text and the JSON schema text for one ARFF file.

    Examples
    --------
    >>> text = b"@relation r\n@attribute n numeric\n@attribute c {b, a}\n@data\n1,a\n?,b\n"
    >>> table, schema = convert(text, "r.arff")
    >>> table.splitlines()
    ['n,c', '1.0,a', ',b']
    >>> json.loads(schema)["attributes"][1]
    {'name': 'c', 'type': 'nominal', 'categories': ['b', 'a']}
    """
    parsed = arff.loads(arff_bytes.decode("utf-8"))
    attributes = []
    for name, kind in parsed["attributes"]:
        if isinstance(kind, list):
            if "" in kind:
                raise ValueError(
                    f"{source}: attribute {name!r} declares an empty category, "
                    "which the CSV uses for a missing value"
                )
            attributes.append({"name": name, "type": "nominal", "categories": list(kind)})
        elif kind in NUMERIC:
            attributes.append({"name": name, "type": "numeric"})
        else:
            raise ValueError(
                f"{source}: attribute {name!r} has type {kind!r}; only nominal "
                "and numeric attributes are converted"
            )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([a["name"] for a in attributes])
    for row in parsed["data"]:
        writer.writerow([_cell(v, kind) for v, (_, kind) in zip(row, parsed["attributes"])])
    schema = {
        "source": source,
        "source_sha256": hashlib.sha256(arff_bytes).hexdigest(),
        "relation": parsed["relation"],
        "target": attributes[-1]["name"],
        "attributes": attributes,
    }
    return out.getvalue(), json.dumps(schema, indent=1, ensure_ascii=False) + "\n"


def main(output: Path = DATA) -> list[Path]:
    """Write ``<stem>.csv`` and ``<stem>.json`` for every shipped ARFF file into ``output``."""
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for name in ARFF_FILES:
        table, schema = convert((DATA / name).read_bytes(), name)
        stem = name.removesuffix(".arff")
        for suffix, text in ((".csv", table), (".json", schema)):
            path = output / (stem + suffix)
            path.write_text(text, encoding="utf-8", newline="")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else DATA):
        print(path)
