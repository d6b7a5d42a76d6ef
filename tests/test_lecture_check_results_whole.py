"""Lecture checks that write their own result: the whole text a student reads, word for word.

Most checks answer through ``compare_number`` (whose words are pinned with it); 03.3 builds
its result itself, with its own summary for each kind of mistake, so its every line is
compared here. The attributes that pass C4.5's average-gain filter on the restaurant data
(Hungry, Patrons, Price, WaitEstimate) are recomputed in
``tests/test_lecture_checks_impurity_and_gain.py``.
"""

from dtlearn import load_play_tennis
from dtlearn.exercises.lectures import n03_gain_ratio as n03
from dtlearn.exercises.lectures import n05_cart_continuous as n05

WHAT = "the attributes that pass the average-gain filter"
PASSING = ["Hungry", "Patrons", "Price", "WaitEstimate"]


def test_03_3_a_single_name_or_a_number_is_not_a_list():
    for answer in ("Patrons", 5):
        result = n03.check_passed(answer)
        assert (result.status, result.summary) == ("failed", "not a list")
        assert str(result) == (
            f"{WHAT}: failed — not a list\n  ✗ your answer: {answer!r} — give a list of names"
        )


def test_03_3_unknown_names_are_listed_sorted():
    result = n03.check_passed(["Colour", "Patrons", "Bogus"])
    assert (result.status, result.summary) == ("failed", "not attribute names")
    assert str(result) == (
        f"{WHAT}: failed — not attribute names\n"
        "  ✗ your answer: ['Bogus', 'Colour'] are not attributes of the restaurant data"
    )


def test_03_3_the_right_set_in_any_order_and_spacing():
    result = n03.check_passed(("WaitEstimate ", "Price", " Hungry", "Patrons"))
    assert (result.status, result.summary) == ("passed", "right")
    assert str(result) == f"{WHAT}: passed — right\n  ✓ your answer: {PASSING}"


def test_03_3_a_wrong_set_is_counted():
    result = n03.check_passed(["Patrons", "Type"])
    assert (result.status, result.summary) == ("failed", "not yet right")
    assert str(result) == (
        f"{WHAT}: failed — not yet right\n  ✗ your answer: 1 right, 1 too many, 3 missing"
    )
    assert str(n03.check_passed([])).endswith("0 right, 0 too many, 4 missing")


def test_03_3_the_two_named_mistakes():
    # Type and WaitEstimate are left out of the average; WaitEstimate passes all the same
    left_in = n03.check_passed(["Hungry", "Patrons", "Price"])
    assert left_in.cases[0].message == (
        "3 right, 0 too many, 1 missing"
        " — an attribute left out of the average can still pass the filter"
    )
    averaged = [
        "Alternate",
        "Bar",
        "Fri/Sat",
        "Hungry",
        "Patrons",
        "Price",
        "Raining",
        "Reservation",
    ]
    assert n03.check_passed(averaged).cases[0].message == (
        "3 right, 5 too many, 1 missing"
        " — that is the attributes counted in the average, not those that pass"
    )


def test_05_1_has_no_hint_for_repeated_values_because_none_repeat_at_the_bottom():
    # the two smallest humidities, duplicates kept, are the two smallest distinct ones:
    # a student who forgets to drop duplicates still gets 67.5, the right answer
    X, _ = load_play_tennis(numeric=True)
    assert sorted(X["humidity"])[:2] == sorted(set(X["humidity"]))[:2] == [65, 70]
    assert n05.check_first_threshold(67.5).passed
    result = n05.check_first_threshold(68)
    assert str(result) == (
        "the first candidate threshold of humidity: failed — not yet right\n"
        "  ✗ your answer: 68 is not the first candidate threshold of humidity"
    )
