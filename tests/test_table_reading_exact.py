"""Headerless comma-separated tables read exactly: missing markers, padding, blank lines,
error line numbers, and the mushroom data's code words as UCI's ``agaricus-lepiota.names``
lists them (typed in here from that file's "Attribute Information")."""

import dataclasses

import pandas as pd
import pytest

from dtlearn.datasets import entries, load_mushroom, readers
from dtlearn.datasets.readers import read_table

COLUMNS = {"colour": ("red", "blue"), "size": ("s", "m", "l"), "class": ("yes", "no")}


def fake_file(monkeypatch, text):
    monkeypatch.setattr(readers, "data_text", lambda filename: text)


def test_empty_field_as_missing(monkeypatch):
    fake_file(monkeypatch, "red, s, yes\n\n blue ,,no\n,l,yes\n   \nred,m,no\n")
    X, y = read_table("t.data", COLUMNS, target="class", missing="")
    assert list(X.columns) == ["colour", "size"]
    assert X["colour"].tolist()[:2] == ["red", "blue"]
    assert pd.isna(X["colour"].iloc[2]) and X["colour"].iloc[3] == "red"
    assert X["size"].tolist()[0] == "s" and pd.isna(X["size"].iloc[1])
    assert X["size"].tolist()[2:] == ["l", "m"]
    assert list(X["colour"].cat.categories) == ["red", "blue"]
    assert list(X["size"].cat.categories) == ["s", "m", "l"]
    assert y.name == "class" and y.tolist() == ["yes", "no", "yes", "no"]
    assert list(y.cat.categories) == ["yes", "no"]
    assert X["size"].isna().tolist() == [False, True, False, False]


def test_question_mark_as_missing_and_empty_field_refused(monkeypatch):
    fake_file(monkeypatch, "red,?,yes\nblue,m,no\n")
    X, _ = read_table("t.data", COLUMNS, target="class", missing="?")
    assert X["size"].isna().tolist() == [True, False]
    # without a missing marker "?" is a value, and not a declared one
    with pytest.raises(ValueError, match="size"):
        read_table("t.data", COLUMNS, target="class")
    fake_file(monkeypatch, "red,,yes\n")
    with pytest.raises(ValueError, match="size"):
        read_table("t.data", COLUMNS, target="class", missing="?")


def test_wrong_width_names_the_line_counting_blank_ones(monkeypatch):
    fake_file(monkeypatch, "red,s,yes\n\nblue,m\n")
    with pytest.raises(ValueError) as err:
        read_table("t.data", COLUMNS, target="class")
    assert str(err.value) == "t.data, line 3: 2 values, expected 3"
    fake_file(monkeypatch, "red,s,yes,4\n")
    with pytest.raises(ValueError) as err:
        read_table("t.data", COLUMNS, target="class")
    assert str(err.value) == "t.data, line 1: 4 values, expected 3"


def test_target_in_the_middle(monkeypatch):
    fake_file(monkeypatch, "red,s,yes\nblue,l,no\n")
    X, y = read_table("t.data", COLUMNS, target="size")
    assert list(X.columns) == ["colour", "class"]
    assert y.tolist() == ["s", "l"] and list(y.cat.categories) == ["s", "m", "l"]


UCI_NAMES = """
class: edible=e,poisonous=p
cap-shape: bell=b,conical=c,convex=x,flat=f,knobbed=k,sunken=s
cap-surface: fibrous=f,grooves=g,scaly=y,smooth=s
cap-color: brown=n,buff=b,cinnamon=c,gray=g,green=r,pink=p,purple=u,red=e,white=w,yellow=y
bruises: bruises=t,no=f
odor: almond=a,anise=l,creosote=c,fishy=y,foul=f,musty=m,none=n,pungent=p,spicy=s
gill-attachment: attached=a,descending=d,free=f,notched=n
gill-spacing: close=c,crowded=w,distant=d
gill-size: broad=b,narrow=n
gill-color: black=k,brown=n,buff=b,chocolate=h,gray=g,green=r,orange=o,pink=p,purple=u,red=e,white=w,yellow=y
stalk-shape: enlarging=e,tapering=t
stalk-root: bulbous=b,club=c,cup=u,equal=e,rhizomorphs=z,rooted=r
stalk-surface-above-ring: fibrous=f,scaly=y,silky=k,smooth=s
stalk-surface-below-ring: fibrous=f,scaly=y,silky=k,smooth=s
stalk-color-above-ring: brown=n,buff=b,cinnamon=c,gray=g,orange=o,pink=p,red=e,white=w,yellow=y
stalk-color-below-ring: brown=n,buff=b,cinnamon=c,gray=g,orange=o,pink=p,red=e,white=w,yellow=y
veil-type: partial=p,universal=u
veil-color: brown=n,orange=o,white=w,yellow=y
ring-number: none=n,one=o,two=t
ring-type: cobwebby=c,evanescent=e,flaring=f,large=l,none=n,pendant=p,sheathing=s,zone=z
spore-print-color: black=k,brown=n,buff=b,chocolate=h,green=r,orange=o,purple=u,white=w,yellow=y
population: abundant=a,clustered=c,numerous=n,scattered=s,several=v,solitary=y
habitat: grasses=g,leaves=l,meadows=m,paths=p,urban=u,waste=w,woods=d
"""


def uci_tables():
    out = {}
    for line in UCI_NAMES.strip().splitlines():
        name, spec = line.split(": ")
        out[name] = dict(reversed(pair.split("=")) for pair in spec.split(","))
    return out


def test_mushroom_words_are_uci_s():
    tables = uci_tables()
    assert {name: entries.code_table(spec) for name, spec in entries.MUSHROOM_WORDS.items()} == (
        tables
    )
    X, y = load_mushroom(decode=True)
    for name in X:
        assert list(X[name].cat.categories) == list(tables[name].values()), name
    assert list(y.cat.categories) == ["edible", "poisonous"]
    assert y.value_counts().to_dict() == {"edible": 4208, "poisonous": 3916}
    codes, _ = load_mushroom()
    # decoding renames the categories and keeps every cell (2480 stalk-root cells are "?")
    for name in X:
        words = codes[name].map(tables[name]).astype(object)
        assert X[name].astype(object).equals(words), name
    assert int(X["stalk-root"].isna().sum()) == 2480


def test_dataset_entries_are_frozen():
    entry = entries.entry("mushroom")
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.name = "other"
    assert entry.name == "mushroom"


def test_catalogue_by_hand():
    """Sizes as the UCI and Weka documentation gives them (vote: 392 missing votes, labor:
    326 missing cells, mushroom: 2480 missing stalk roots, breast cancer: 9)."""
    from dtlearn.datasets import list_datasets

    table = list_datasets()
    assert table.index.name == "name"
    assert list(table.columns) == [
        "loader",
        "rows",
        "features",
        "numeric",
        "classes",
        "missing",
        "description",
    ]
    rows = {name: row.tolist() for name, row in table.iterrows()}
    assert rows == {
        "play_tennis": [
            "load_play_tennis()",
            14,
            4,
            0,
            2,
            0,
            "Quinlan's 14 days: play tennis? All nominal (Weka weather.nominal)",
        ],
        "play_tennis_numeric": [
            "load_play_tennis(numeric=True)",
            14,
            4,
            2,
            2,
            0,
            "the same 14 days, temperature and humidity as numbers (Weka weather.numeric)",
        ],
        "restaurant": [
            "load_restaurant()",
            12,
            10,
            0,
            2,
            0,
            "AIMA: wait for a table? Examples X1-X12",
        ],
        "contact_lenses": [
            "load_contact_lenses()",
            24,
            4,
            0,
            3,
            0,
            "Cendrowska: which contact lenses to fit; noise-free, every combination once",
        ],
        "labor": [
            "load_labor()",
            57,
            16,
            8,
            2,
            326,
            "Canadian labour contracts, good or bad; numeric and nominal, many missing",
        ],
        "vote": [
            "load_vote()",
            435,
            16,
            0,
            2,
            392,
            "1984 US House votes (y/n): democrat or republican? Missing votes",
        ],
        "breast_cancer_ljubljana": [
            "load_breast_cancer_ljubljana()",
            286,
            9,
            0,
            2,
            9,
            "Ljubljana breast cancer (nominal, not sklearn's Wisconsin data): recurrence?",
        ],
        "car": [
            "load_car()",
            1728,
            6,
            0,
            4,
            0,
            "car acceptability from price and comfort; every combination once",
        ],
        "mushroom": [
            "load_mushroom()",
            8124,
            22,
            0,
            2,
            2480,
            "Audubon mushrooms: edible or poisonous? 22 nominal attributes",
        ],
        "tic_tac_toe": [
            "load_tic_tac_toe()",
            958,
            9,
            0,
            2,
            0,
            "tic-tac-toe endgame boards: has x won?",
        ],
    }
