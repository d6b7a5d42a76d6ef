"""The data-set registry word for word: each entry's provenance, and every refusal whole.

The provenance of each shipped file is written in ``data/SOURCES.md`` (Weka 3.8.6's
``wekadocs/data`` from the ``Waikato/weka-3.8`` mirror under the GPL, UCI copies from
GitHub, aima-data under CC BY 4.0): the entries must say the same. A :class:`DatasetEntry`
refuses a bad declaration with a message naming the entry and the rule; each rule is tried
at its boundary (63, 64 and 65 hex digits; class counts one short and one over).
"""

import re
from importlib import resources

import pytest

import dtlearn.datasets as datasets
from dtlearn.datasets import entries as entries_module
from dtlearn.datasets.entries import ENTRIES, DatasetEntry, catalogue, entry

WEKA = "Weka 3.8.6 wekadocs/data (Waikato/weka-3.8)"
UCI = "UCI ML Repository, copy from GitHub (see data/SOURCES.md)"
UCI_LICENCE = "none stated by the copy; UCI lists CC BY 4.0 (not confirmed)"
GPL = "GPL-3.0 (distributed with Weka)"

PROVENANCE = {
    "play_tennis": (f"Quinlan (1986); {WEKA}", GPL),
    "play_tennis_numeric": (f"Quinlan (1986); {WEKA}", GPL),
    "restaurant": (
        "Russell & Norvig, AIMA Fig. 18.3; aimacode/aima-data (x4 Raining as the lecture)",
        "CC BY 4.0",
    ),
    "contact_lenses": (f"Cendrowska (1987), UCI Lenses; {WEKA}", GPL),
    "labor": (f"UCI Labor Relations; {WEKA}", GPL),
    "vote": (f"UCI Congressional Voting Records; {WEKA}", GPL),
    "breast_cancer_ljubljana": (f"UCI Breast Cancer (Zwitter & Soklic, Ljubljana); {WEKA}", GPL),
    "car": (f"Bohanec & Rajkovic, UCI Car Evaluation; {UCI}", UCI_LICENCE),
    "mushroom": (f"Schlimmer, UCI Mushroom; {UCI}", UCI_LICENCE),
    "tic_tac_toe": (f"Aha, UCI Tic-Tac-Toe Endgame; {UCI}", UCI_LICENCE),
}

# name -> (file, target, loader call, files read, missing marker)
LAYOUT = {
    "play_tennis": (
        "weather.nominal.arff",
        "play",
        "load_play_tennis()",
        ("weather.nominal.csv", "weather.nominal.json"),
        None,
    ),
    "play_tennis_numeric": (
        "weather.numeric.arff",
        "play",
        "load_play_tennis(numeric=True)",
        ("weather.numeric.csv", "weather.numeric.json"),
        None,
    ),
    "restaurant": ("restaurant.csv", "Wait", "load_restaurant()", ("restaurant.csv",), None),
    "contact_lenses": (
        "contact-lenses.arff",
        "contact-lenses",
        "load_contact_lenses()",
        ("contact-lenses.csv", "contact-lenses.json"),
        None,
    ),
    "labor": ("labor.arff", "class", "load_labor()", ("labor.csv", "labor.json"), None),
    "vote": ("vote.arff", "Class", "load_vote()", ("vote.csv", "vote.json"), None),
    "breast_cancer_ljubljana": (
        "breast-cancer.arff",
        "Class",
        "load_breast_cancer_ljubljana()",
        ("breast-cancer.csv", "breast-cancer.json"),
        None,
    ),
    "car": ("car.data", "class", "load_car()", ("car.data",), None),
    "mushroom": (
        "agaricus-lepiota.data",
        "class",
        "load_mushroom()",
        ("agaricus-lepiota.data",),
        "?",
    ),
    "tic_tac_toe": ("tic-tac-toe.data", "class", "load_tic_tac_toe()", ("tic-tac-toe.data",), None),
}


def sources_md():
    return (
        resources.files("dtlearn.datasets")
        .joinpath("data", "SOURCES.md")
        .read_text(encoding="utf-8")
    )


def test_every_entry_states_the_provenance_sources_md_gives():
    assert {e.name: (e.source, e.licence) for e in ENTRIES} == PROVENANCE
    text = sources_md()
    # what the Weka and UCI records say, and where SOURCES.md says it
    assert "`Waikato/weka-3.8` (GitHub mirror of the Weka 3.8 branch, WEKA 3.8.6)" in text
    assert "paths `wekadocs/data/<name>.arff`" in text
    assert "GNU GPL v3" in text and "Creative Commons" in text
    for e in ENTRIES:
        assert not e.original  # every shipped file is a copy: SOURCES.md has its row
        assert f"| {e.file} |" in text, e.name
        if e.file.endswith(".arff"):
            assert e.source.endswith("; " + WEKA) and e.licence == GPL


def test_every_entry_reads_its_files_as_its_loader_call():
    assert list(LAYOUT) == [e.name for e in ENTRIES]
    for e in ENTRIES:
        assert (e.file, e.target, e.call, e.files, e.missing) == LAYOUT[e.name], e.name
        read = e.read
        if e.file.endswith(".arff"):
            assert read.func.__name__ == "read_converted" and read.args == (e.file,)
        else:
            assert read.func.__name__ == "read_table"
            assert read.args == (e.file, e.columns, e.target, e.missing)
        assert e.task == "classification"
    assert catalogue() == ENTRIES
    assert catalogue("classification") == ENTRIES


FACTS = {"sha256": "0" * 64, "rows": 3, "features": 1, "classes": {"a": 2, "b": 1}}


def make(file="x.arff", task="classification", columns=None, **facts):
    return DatasetEntry(
        "x", file, "y", task, "", "", "", "load_x", columns=columns, **{**FACTS, **facts}
    )


def refused(text):
    return pytest.raises(ValueError, match="^" + re.escape(text) + "$")


def test_the_entry_refusals_word_for_word():
    with refused("task must be one of ('classification', 'regression'), got 'ranking'"):
        make(task="ranking", missing_cells=0)
    with refused("x: an ARFF file needs no columns, any other file does"):
        make(file="x.data", missing_cells=0)
    with refused("x: an ARFF file needs no columns, any other file does"):
        make(columns={"a": ("p",), "y": ("a", "b")}, missing_cells=0)
    with refused(
        "x: classes are the class counts of a classification data set, None for regression"
    ):
        make(task="regression", missing_cells=0)
    with refused(
        "x: classes are the class counts of a classification data set, None for regression"
    ):
        make(classes=None, missing_cells=0)
    # a regression entry without classes and a table file with columns are accepted
    assert make(task="regression", classes=None, missing_cells=0).classes is None
    table = make(file="x.data", columns={"a": ("p",), "y": ("a", "b")}, missing_cells=0)
    assert table.files == ("x.data",) and table.call == "load_x()"


@pytest.mark.parametrize(
    "digest",
    ["0" * 63, "0" * 65, "A" * 64, "g" + "0" * 63, " " + "0" * 63, ""],
)
def test_a_checksum_is_exactly_64_lower_case_hex_digits(digest):
    with refused(f"x: sha256 must be 64 lower-case hex digits, got {digest!r}"):
        make(sha256=digest, missing_cells=0)


def test_a_checksum_of_64_lower_case_hex_digits_is_accepted():
    assert make(sha256="0123456789abcdef" * 4, missing_cells=0).sha256 == "0123456789abcdef" * 4


@pytest.mark.parametrize("rows", [2, 4])
def test_class_counts_must_add_up_to_the_rows_exactly(rows):
    with refused(f"x: the class counts must add up to rows={rows}"):
        make(rows=rows, missing_cells=0)
    assert make(rows=3, missing_cells=0).rows == 3


def test_a_loader_with_options_must_be_written_by_hand(monkeypatch):
    """The package makes ``load_<name>`` only for entries without options; an entry with
    options whose loader is not written in ``dtlearn/datasets/__init__.py`` is refused."""
    extra = DatasetEntry(
        "x",
        "x.arff",
        "y",
        "classification",
        "",
        "",
        "",
        "load_x",
        (("flag", True),),
        **FACTS,
        missing_cells=0,
    )
    monkeypatch.setattr(entries_module, "ENTRIES", (*ENTRIES, extra))
    source = resources.files("dtlearn.datasets").joinpath("__init__.py").read_text("utf-8")
    namespace = {"__name__": "dtlearn.datasets", "__package__": "dtlearn.datasets"}
    with refused("x: a loader with options is written by hand"):
        exec(compile(source, "dtlearn/datasets/__init__.py", "exec"), namespace)
    # without the extra entry the same code makes every loader and lists them
    monkeypatch.setattr(entries_module, "ENTRIES", ENTRIES)
    namespace = {"__name__": "dtlearn.datasets", "__package__": "dtlearn.datasets"}
    exec(compile(source, "dtlearn/datasets/__init__.py", "exec"), namespace)
    assert namespace["__all__"] == datasets.__all__
    made = namespace["load_vote"]
    assert (made.__name__, made.__qualname__, made.__doc__) == (
        "load_vote",
        "load_vote",
        entry("vote").doc,
    )
