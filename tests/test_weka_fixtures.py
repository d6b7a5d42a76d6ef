"""Check the saved Weka 3.6 outputs and the parser in tests/fixtures/weka_output.py."""

import hashlib
import math
import re
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(FIXTURES))
import make_weka_fixtures  # noqa: E402
import weka_output as wo  # noqa: E402

INDEX = wo.load_index()
DATASETS = INDEX["datasets"]
J48_LEAF = re.compile(r": .* \(\d+\.\d+(/\d+\.\d+)?\)$")


def runs_of(run):
    return [name for name, d in DATASETS.items() if run in d["runs"]]


def test_every_listed_file_exists_and_nothing_else():
    listed = {"index.json", "j48_build_times.json", *INDEX["synthetic"]["runs"].values()}
    for name, d in DATASETS.items():
        assert (wo.WEKA_DIR / d["file"]).is_file()
        assert wo.data_path(name).is_file()
        listed.update(d["runs"].values())
    saved = {p.name for p in wo.WEKA_DIR.iterdir() if p.is_file()}
    assert saved == listed


@pytest.mark.parametrize("name", runs_of("J48"))
@pytest.mark.parametrize("run", ["J48", "J48-U"])
def test_j48_outputs_parse(name, run):
    text = wo.read_output(name, run)
    lines = wo.tree_lines(text, run)
    leaves = [line for line in lines if J48_LEAF.search(line)]
    assert (
        len(leaves)
        == wo.leaf_count(text)
        == DATASETS[name]["j48"]["pruned" if run == "J48" else "unpruned"]["leaves"]
    )
    assert wo.tree_size(text) >= wo.leaf_count(text)
    assert ("J48 unpruned tree" in text) == (run == "J48-U")
    assert wo.build_time(text) >= 0
    assert 0 <= wo.training_errors(text) <= DATASETS[name]["n_instances"]


@pytest.mark.parametrize("name", runs_of("J48.pred"))
@pytest.mark.parametrize("run", ["J48.pred", "J48-U.pred"])
def test_predictions_parse(name, run):
    d = DATASETS[name]
    text = wo.read_output(name, run)
    preds = wo.predictions(text, d["class_values"])
    assert len(preds) == d["n_instances"]
    k = len(d["class_values"])
    for p in preds:
        assert len(p.distribution) == k
        assert math.isclose(sum(p.distribution), 1.0, abs_tol=0.0005 * k + 1e-9)
        assert p.predicted in d["class_values"]
        assert p.distribution[d["class_values"].index(p.predicted)] == max(p.distribution)
    errors = sum(p.actual != p.predicted for p in preds)
    assert errors == wo.prediction_errors(text)
    # The same model's evaluation on the training data reports the same errors.
    tree_run = run.removesuffix(".pred")
    assert errors == wo.training_errors(wo.read_output(name, tree_run))


def test_predictions_without_class_values_are_printed_prefixes():
    preds = wo.predictions(wo.read_output("vote", "J48.pred"))
    assert preds[0] == ("republic", "republic", [0.051, 0.949])
    full = wo.predictions(wo.read_output("glass", "J48.pred"), DATASETS["glass"]["class_values"])
    assert full[0].actual == "build wind float"


@pytest.mark.parametrize("name", list(DATASETS))
def test_id3_exactly_where_weka_accepts(name):
    d = DATASETS[name]
    nominal_complete = not d["has_missing"] and set(d["attributes"].values()) == {"nominal"}
    assert d["id3"]["available"] == nominal_complete == ("Id3" in d["runs"])
    if nominal_complete:
        lines = wo.tree_lines(wo.read_output(name, "Id3"), "Id3")
        assert lines and all(": " in line or not line.endswith(":") for line in lines)
        assert not any(line.startswith("Time taken") for line in lines)
    else:
        assert "Cannot handle" in d["id3"]["reason"]


@pytest.mark.parametrize("name", runs_of("OneR"))
def test_oner_outputs_parse(name):
    d = DATASETS[name]
    rule = wo.oner_rule(wo.read_output(name, "OneR"))
    assert rule.attribute in d["attributes"]
    assert rule.rules and all(cls in d["class_values"] for _, cls in rule.rules)
    assert rule.total == d["n_instances"]
    assert rule.training_errors == rule.total - rule.correct


@pytest.mark.parametrize("name", runs_of("ZeroR"))
def test_zeror_outputs_parse(name):
    text = wo.read_output(name, "ZeroR")
    assert "ZeroR predicts class value:" in text
    assert 0 < wo.training_errors(text) < DATASETS[name]["n_instances"]


@pytest.mark.parametrize("name", runs_of("SimpleCart"))
def test_simplecart_and_reptree_outputs_parse(name):
    cart = wo.read_output(name, "SimpleCart")
    assert len(wo.tree_lines(cart, "SimpleCart")) >= 1
    assert wo.tree_size(cart) >= wo.leaf_count(cart)
    rep = wo.read_output(name, "REPTree")
    assert len(wo.tree_lines(rep, "REPTree")) >= 1


def test_weather_nominal():
    text = wo.read_output("weather.nominal", "J48")
    assert (wo.leaf_count(text), wo.tree_size(text)) == (5, 8)
    assert wo.tree_lines(text, "J48")[0] == "outlook = sunny"
    assert wo.tree_lines(wo.read_output("weather.nominal", "Id3"), "Id3") == [
        "outlook = sunny",
        "|  humidity = high: no",
        "|  humidity = normal: yes",
        "outlook = overcast: yes",
        "outlook = rainy",
        "|  windy = TRUE: no",
        "|  windy = FALSE: yes",
    ]
    rule = wo.oner_rule(wo.read_output("weather.nominal", "OneR"))
    assert rule.attribute == "outlook"
    assert rule.rules == [("sunny", "no"), ("overcast", "yes"), ("rainy", "yes")]
    assert (rule.correct, rule.training_errors) == (10, 4)


def test_weather_numeric_threshold_is_a_data_value():
    lines = wo.tree_lines(wo.read_output("weather.numeric", "J48"), "J48")
    assert lines[1] == "|   humidity <= 75: yes (2.0)"


def test_single_leaf_tree():
    text = wo.read_output("unbalanced", "J48")
    assert wo.tree_lines(text, "J48") == [": Inactive (856.0/12.0)"]
    assert (wo.leaf_count(text), wo.tree_size(text)) == (1, 1)


@pytest.mark.parametrize(
    ("name", "pruned", "unpruned"),
    [
        ("weather.numeric", (5, 8), None),
        ("contact-lenses", (4, 7), None),
        ("labor", (3, 5), None),
        ("vote", (6, 11), (19, 37)),
        ("breast-cancer", (4, 6), (152, 179)),
    ],
)
def test_j48_sizes_from_algorithms_md(name, pruned, unpruned):
    text = wo.read_output(name, "J48")
    assert (wo.leaf_count(text), wo.tree_size(text)) == pruned
    if unpruned is not None:
        text = wo.read_output(name, "J48-U")
        assert (wo.leaf_count(text), wo.tree_size(text)) == unpruned


def test_fractional_counts_from_missing_values():
    assert "wage-increase-first-year <= 2.5: bad (15.27/2.27)" in wo.tree_lines(
        wo.read_output("labor", "J48"), "J48"
    )
    assert wo.tree_lines(wo.read_output("vote", "J48"), "J48")[0] == (
        "physician-fee-freeze = n: democrat (253.41/3.75)"
    )


def test_build_times():
    times = wo.json.loads((wo.WEKA_DIR / "j48_build_times.json").read_text())
    assert set(times) == set(DATASETS) | {INDEX["synthetic"]["name"]}
    assert all(t >= 0 for t in times.values())


def test_synthetic_generator_reproduces_the_timed_file():
    meta = INDEX["synthetic"]
    text = make_weka_fixtures.synthetic_arff_text()
    assert hashlib.sha256(text.encode()).hexdigest() == meta["sha256"]
    _, X, y = make_weka_fixtures.make_synthetic()
    assert X.shape == (meta["n_instances"], 10) and len(y) == meta["n_instances"]
