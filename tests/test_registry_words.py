"""The exercise registry's words in full: each refusal, each check error, each seed rule.

``tests/test_exercise_core.py`` checks the registry's verdicts by a word of each message;
here every message is compared whole, the student's seed is worked out from its rules
(``DTLEARN_SEED`` modulo 2**31, else the first four bytes of the SHA-256 of the hub user's
name modulo 2**31, else 0), and an optional answer left out is simply not passed.
"""

import hashlib
import re

import pytest

from dtlearn.exercises import registry as registry_module
from dtlearn.exercises.compare import compare_number
from dtlearn.exercises.registry import check, data, hash_seed, register, student_seed
from dtlearn.exercises.results import CheckResult
from dtlearn.exercises.student_call import STEP_LIMIT, TIME_LIMIT


@pytest.fixture()
def registry(monkeypatch):
    registry_module._discover()
    monkeypatch.setattr(registry_module, "_REGISTRY", dict(registry_module._REGISTRY))
    monkeypatch.setattr(registry_module, "_LOAD_ERRORS", dict(registry_module._LOAD_ERRORS))
    monkeypatch.delenv("DTLEARN_SEED", raising=False)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)


def raises(kind, text):
    return pytest.raises(kind, match="^" + re.escape(text) + "$")


def by_hand(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big") % 2**31


def test_hash_seed_is_the_first_four_bytes_of_sha256_modulo_2_31():
    names = ["ada", "bob", "carol", "dave", "erin", "group A"]
    raw = [int.from_bytes(hashlib.sha256(n.encode()).digest()[:4], "big") for n in names]
    assert any(r >= 2**31 for r in raw)  # the modulo matters for some of them
    assert [hash_seed(n) for n in names] == [by_hand(n) for n in names]


def test_the_students_seed(registry, monkeypatch):
    assert student_seed() == 0
    monkeypatch.setenv("JUPYTERHUB_USER", " carol ")
    assert student_seed() == by_hand("carol")
    monkeypatch.setenv("JUPYTERHUB_USER", "   ")
    assert student_seed() == 0
    monkeypatch.setenv("DTLEARN_SEED", " 12 ")
    assert student_seed() == 12
    monkeypatch.setenv("DTLEARN_SEED", str(2**31 + 5))
    assert student_seed() == 5
    monkeypatch.setenv("DTLEARN_SEED", "group A")
    assert student_seed() == by_hand("group A")
    monkeypatch.setenv("DTLEARN_SEED", "")
    monkeypatch.setenv("JUPYTERHUB_USER", "dave")
    assert student_seed() == by_hand("dave")


def test_register_refusals(registry):
    with raises(ValueError, "exercise_id must look like '06.2', got '6'"):
        register("6", title="x")
    with raises(TypeError, "title must be a non-empty str, got '  '"):
        register("98.1", title="  ")
    with raises(TypeError, "data must be a function seed -> dict, got 3"):
        register("98.1", title="x", data=3)
    with raises(TypeError, "register() decorates a function, got 'f'"):
        register("98.1", title="x")("f")

    @register("98.2", title="  Padded  ")
    def check_one(x):
        return compare_number(x, 1, what="x")

    def check_two(x):
        return compare_number(x, 2, what="x")

    with raises(
        ValueError,
        f"exercise 98.2 is registered twice: by {__name__}.test_register_refusals.<locals>."
        f"check_one and {__name__}.test_register_refusals.<locals>.check_two",
    ):
        register("98.2", title="again")(check_two)
    assert check("98.2", x=1).name == "Exercise 98.2 (Padded)"


def test_data_refusals(registry):
    @register("98.3", title="no data")
    def check_plain(x):
        return compare_number(x, 1, what="x")

    @register("98.4", title="a list", data=lambda seed: [seed])
    def check_list(x, *, seed):
        return compare_number(x, 1, what="x")

    with raises(ValueError, "exercise 98.3 has no per-student data"):
        data("98.3")
    with raises(TypeError, "the data of exercise 98.4 must be a dict, got list"):
        data("98.4", seed=1)
    with raises(ValueError, "there is no exercise '98.9' (this notebook has 98.3, 98.4)"):
        data("98.9")


def test_check_errors_in_full(registry, monkeypatch):
    @register("98.5", title="Two")
    def check_two(a, b, c=None, *, seed):
        assert seed == 7
        if c is not None:
            return compare_number(c, 3, what="c")
        return compare_number(a + b, 3, what="a + b")

    @register("98.6", title="One")
    def check_one(a):
        return {"passed": True}

    @register("98.7", title="Raises")
    def check_raises(a):
        raise KeyError("secret")

    monkeypatch.setenv("DTLEARN_SEED", "7")
    assert check("98.5", a=1, b=2).passed  # the optional c left out
    assert check("98.5", a=1, b=2, c=3).passed
    assert check("98.5", a=1, b=2, c=None).status == "not yet"
    assert check("98.5", a=None, b=None) == CheckResult(
        "Exercise 98.5 (Two)", "not yet", "put your answer in place of None: a, b"
    )
    assert check("98.5", a=1) == CheckResult(
        "Exercise 98.5 (Two)", "check error", "this check takes the answers a, b"
    )
    assert (
        check("98.5", a=1, b=2, d=4, e=5).summary == "this check takes the answers a, b, not d, e"
    )
    assert check("98.6", b=1).summary == "this check takes the answer a, not b"
    assert check("98.6", a=1) == CheckResult(
        "Exercise 98.6 (One)", "check error", "the check returned a dict, not a CheckResult"
    )
    assert check("98.7", a=1) == CheckResult(
        "Exercise 98.7 (Raises)",
        "check error",
        "the check itself failed (KeyError); please tell your instructor",
    )
    assert check(98.5, a=1) == CheckResult(
        "Exercise 98.5",
        "check error",
        "there is no exercise 98.5 (this notebook has 98.5, 98.6, 98.7)",
    )


def test_the_limits_of_a_students_call():
    assert (STEP_LIMIT, TIME_LIMIT) == (20_000_000, 120.0)
