"""The measures' derivations whole: first lines with their comments, Hellinger, cost Gini.

A derivation's first line carries a comment, ``with 14 instances: yes 9, no 5``, in text
and in LaTeX; the LaTeX colours class names in the course's palette (Okabe-Ito: orange
``#E69F00``, sky blue ``#56B4E9``, green ``#009E73``) and leaves attribute values plain.
The Hellinger distance compares the class shares per value, ``d = √Σ_v (√p_v - √q_v)²``,
of one class against the other (two classes) or each against the rest (more). Every
number below is worked out here by hand.
"""

import math

import pytest

import dtlearn as dt

OUTLOOK = [[2, 3], [4, 0], [3, 2]]  # sunny, overcast, rainy x (yes, no)
YES, NO = r"{\color{#E69F00}{\text{yes}}}", r"{\color{#56B4E9}{\text{no}}}"
TENNIS_COMMENT = (
    "with 14 instances: yes 9, no 5",
    rf"\text{{with 14 instances: }}{YES}\ 9,\ {NO}\ 5",
)


def _first(measure):
    line = measure.explain().lines[0]
    return line.text, line.latex, line.comment, line.comment_latex


@pytest.mark.parametrize(
    ("make", "text", "latex"),
    [
        (dt.entropy, "H(S) = -sum_k p_k log2 p_k", r"H(\text{S}) = -\sum_k p_k \log_2 p_k"),
        (dt.gini, "Gini(S) = 1 - sum_k p_k^2", r"\mathrm{Gini}(\text{S}) = 1 - \sum_k p_k^2"),
        (
            dt.misclassification,
            "Err(S) = 1 - max_k p_k",
            r"\mathrm{Err}(\text{S}) = 1 - \max_k p_k",
        ),
        (
            lambda **k: dt.cost_gini(cost_matrix=[[0, 1], [2, 0]], **k),
            "Gini_L(S) = sum_{k != k'} L[k,k'] p_k p_k'",
            r"\mathrm{Gini_L}(\text{S}) = \sum_{k \neq k'} L_{kk'} p_k p_{k'}",
        ),
    ],
    ids=["entropy", "gini", "misclassification", "cost_gini"],
)
def test_an_impurity_opens_with_its_formula_and_coloured_classes(make, text, latex):
    measure = make(counts=[9, 5], classes=["yes", "no"])
    assert _first(measure) == (text, latex, *TENNIS_COMMENT)


def test_three_classes_take_the_palette_in_order_and_an_empty_one_is_named():
    h = dt.entropy(counts=[1, 0, 2], classes=["a", "b", "c"])
    colours = [r"{\color{#E69F00}{\text{a}}}", r"{\color{#56B4E9}{\text{b}}}"]
    colours.append(r"{\color{#009E73}{\text{c}}}")
    assert _first(h)[2:] == (
        "with 3 instances: a 1, b 0, c 2",
        rf"\text{{with 3 instances: }}{colours[0]}\ 1,\ {colours[1]}\ 0,\ {colours[2]}\ 2",
    )
    assert float(h) == pytest.approx(-(1 / 3) * math.log2(1 / 3) - (2 / 3) * math.log2(2 / 3))
    assert h.explain().note == (
        "classes with no instances (b) contribute nothing (0 · log 0 is taken as 0)"
    )


def test_split_info_names_values_plainly_not_in_class_colours():
    s = dt.split_info(counts=[5, 4, 5], values=["sunny", "overcast", "rainy"])
    assert _first(s) == (
        "SplitInfo(A) = -sum_v p_v log2 p_v",
        r"\mathrm{SplitInfo}(\text{A}) = -\sum_v p_v \log_2 p_v",
        "with 14 instances: sunny 5, overcast 4, rainy 5",
        r"\text{with 14 instances: }\text{sunny}\ 5,\ \text{overcast}\ 4,\ \text{rainy}\ 5",
    )
    one = dt.split_info(counts=[1])
    assert _first(one)[2:] == ("with 1 instance: v1 1", r"\text{with 1 instance: }\text{v1}\ 1")
    assert float(one) == 0.0


def _share_terms(inside, rest):
    p = [a / sum(inside) for a in inside]
    q = [b / sum(rest) for b in rest]
    return p, q, [(math.sqrt(x) - math.sqrt(y)) ** 2 for x, y in zip(p, q)]


def test_hellinger_of_two_classes_is_one_distance_whole():
    # yes: 9 rows (2, 4, 3 per value), no: 5 rows (3, 0, 2)
    p, q, terms = _share_terms([2, 4, 3], [3, 0, 2])
    d = math.sqrt(sum(terms))
    assert [round(t, 3) for t in terms] == [0.092, 0.444, 0.003] and round(d, 3) == 0.734
    measure = dt.hellinger_distance(
        counts=OUTLOOK, classes=["yes", "no"], values=["sunny", "overcast", "rainy"]
    )
    assert float(measure) == pytest.approx(d, rel=1e-12)
    assert str(measure.explain()) == (
        "  A        | n(yes) | n(no) | p = share of yes | q = share of no | (√p - √q)²\n"
        "  sunny    | 2      | 3     |            0.222 |           0.600 |      0.092\n"
        "  overcast | 4      | 0     |            0.444 |           0.000 |      0.444\n"
        "  rainy    | 3      | 2     |            0.333 |           0.400 |      0.003\n"
        "d(yes, no) = √(0.092 + 0.444 + 0.003) = 0.734"
    )


def test_hellinger_of_three_classes_on_two_values_takes_each_against_the_rest():
    table = [[2, 3, 1], [4, 0, 2]]  # values x, y; classes a, b, c
    distances = []
    for j in range(3):
        inside = [row[j] for row in table]
        rest = [sum(row) - row[j] for row in table]
        distances.append(math.sqrt(sum(_share_terms(inside, rest)[2])))
    assert [round(d, 3) for d in distances] == [0.338, 0.919, 0.225]
    measure = dt.hellinger_distance(counts=table, classes=["a", "b", "c"], values=["x", "y"])
    assert float(measure) == pytest.approx(max(distances), rel=1e-12)
    explained = measure.explain()
    assert str(explained) == (
        "    A | n(a) | n(not a) | p = share of a | q = share of not a | (√p - √q)²\n"
        "    x | 2    | 4        |          0.333 |              0.667 |      0.057\n"
        "    y | 4    | 2        |          0.667 |              0.333 |      0.057\n"
        "  d(a, not a) = √(0.057 + 0.057) = 0.338\n"
        "    A | n(b) | n(not b) | p = share of b | q = share of not b | (√p - √q)²\n"
        "    x | 3    | 3        |          1.000 |              0.333 |      0.179\n"
        "    y | 0    | 6        |          0.000 |              0.667 |      0.667\n"
        "  d(b, not b) = √(0.179 + 0.667) = 0.919\n"
        "    A | n(c) | n(not c) | p = share of c | q = share of not c | (√p - √q)²\n"
        "    x | 1    | 5        |          0.333 |              0.556 |      0.028\n"
        "    y | 2    | 4        |          0.667 |              0.444 |      0.022\n"
        "  d(c, not c) = √(0.028 + 0.022) = 0.225\n"
        "HD(A) = max(0.338, 0.919, 0.225) = 0.919\n"
        "note: with more than two classes: the largest distance of one class against the rest"
    )


def test_hellinger_with_one_class_absent_says_one_side_is_empty():
    measure = dt.hellinger_distance(counts=[[2, 0], [3, 0]])
    assert float(measure) == 0.0
    assert str(measure.explain()) == "d(c1, c2) = 0: one side holds no instance"


def test_cost_gini_gain_of_three_values_and_two_classes():
    # L = [[0, 1], [2, 0]]: Gini_L = (1 + 2) p_yes p_no. Parent (9/14, 5/14): 135/196;
    # sunny and rainy (2/5, 3/5): 18/25 each, overcast pure: mean 2 · 5/14 · 18/25 = 18/35
    gain = dt.cost_gini_gain(counts=OUTLOOK, cost_matrix=[[0, 1], [2, 0]])
    assert float(gain) == pytest.approx(135 / 196 - 18 / 35, rel=1e-12)
    assert 135 / 196 - 18 / 35 == pytest.approx(171 / 980, rel=1e-15)
    assert str(gain.explain()) == (
        "Gini_L(S) = 0.689   (9 c1 / 5 c2)\n"
        "  A  | n | c1 | c2 | weight | Gini_L(child)\n"
        "  v1 | 5 |  2 |  3 | 5/14   |         0.720\n"
        "  v2 | 4 |  4 |  0 | 4/14   |         0.000\n"
        "  v3 | 5 |  3 |  2 | 5/14   |         0.720\n"
        "mean Gini_L    = 5/14·0.720 + 4/14·0.000 + 5/14·0.720 = 0.514\n"
        "cost Gini gain = 0.689 - 0.514 = 0.174\n"
        "note: values are shown rounded; unrounded 0.68878 - 0.51429 = 0.17449. Subtracting the\n"
        "      rounded values gives 0.175, which is why texts that round intermediate results can\n"
        "      differ in the last digit"
    )
    with pytest.raises(ValueError) as info:
        dt.cost_gini_gain(counts=OUTLOOK, cost_matrix=[[0, 1, 1], [1, 0, 1], [1, 1, 0]])
    assert str(info.value) == "cost_matrix is 3 x 3 but there are 2 classes"


def test_a_table_of_fractional_counts_prints_whole_ones_as_integers():
    # parent (1.5, 2.5) of 4: 1 - 0.375² - 0.625² = 0.46875; v1 (1.5, 0.5): 0.375; v2 pure
    gain = dt.gini_gain(counts=[[1.5, 0.5], [0, 2]])
    assert float(gain) == 0.46875 - 2 / 4 * 0.375
    assert str(gain.explain()) == (
        "Gini(S) = 0.469   (1.50 c1 / 2.50 c2)\n"
        "  A  | n | c1    | c2    | weight | Gini(child)\n"
        "  v1 | 2 | 1.500 | 0.500 | 2/4    |       0.375\n"
        "  v2 | 2 |     0 |     2 | 2/4    |       0.000\n"
        "mean Gini = 2/4·0.375 + 2/4·0.000 = 0.188\n"
        "Gini gain = 0.469 - 0.188 = 0.281"
    )
