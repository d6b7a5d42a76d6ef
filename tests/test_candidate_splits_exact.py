"""candidate_splits' lists written out whole: every two-group partition once, by hand.

Three unordered categories (in order of appearance: sunny, overcast, rainy) have
``2**(3-1) - 1 = 3`` partitions; the first category stays on the left, the groups listed
by the size of the part added to it (none, then one of the others, in order).
"""

from dtlearn.splits import candidate_splits


def test_three_categories_give_each_partition_once():
    tests = candidate_splits(["sunny", "overcast", "rainy", "sunny"], name="outlook")
    assert tests.kind == "nominal"
    assert repr(tests) == (
        "3 candidate splits of outlook (nominal)\n"
        "  outlook = sunny               |  outlook in {overcast, rainy}\n"
        "  outlook in {sunny, overcast}  |  outlook = rainy\n"
        "  outlook in {sunny, rainy}     |  outlook = overcast"
    )


def test_numbers_one_split_and_none():
    assert repr(candidate_splits([1.0, 2.0, 2.0], name="t")) == (
        "1 candidate split of t (numeric)\n  t <= 1.5  |  t > 1.5"
    )
    none = candidate_splits([1.0, 1.0], name="t")
    assert len(none) == 0 and repr(none) == "0 candidate splits of t (numeric)"
