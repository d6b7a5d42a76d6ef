"""The exam module's refusals word for word, and the variant codes from their rule.

``tests/test_exams.py`` matches a word of each message; here each is given whole, and a
variant code is worked out by hand: the first six hex digits (upper case) of the SHA-256 of
the exam seed, "student" and the id joined by the unit separator, or, with shared variants,
of the seed, "variant" and the student's index (SHA-256 of seed and id, modulo ``variants``).
"""

import hashlib
import re

import pytest

from dtlearn.exams.exam import QUESTION_TYPES, Student, draw, make_exam, read_roster
from dtlearn.exams.question import Question, Table

KINDS = sorted(QUESTION_TYPES)


def raises(kind, text):
    return pytest.raises(kind, match="^" + re.escape(text) + "$")


def sha(*parts):
    return hashlib.sha256("\x1f".join(parts).encode()).digest()


def test_roster_refusals(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text("name\nada\n", encoding="utf-8")
    with raises(ValueError, f"roster {str(path)!r} needs a header row with an 'id' column"):
        read_roster(path)
    path.write_text("", encoding="utf-8")
    with raises(ValueError, f"roster {str(path)!r} needs a header row with an 'id' column"):
        read_roster(path)
    for text in ("id\nada\nada\n", "id,name\n ,x\n"):
        path.write_text(text, encoding="utf-8")
        with raises(ValueError, "roster ids must be non-empty and unique"):
            read_roster(path)
    path.write_text("id,name\n ada ,  Ada L. \nbob\n", encoding="utf-8")
    assert read_roster(path) == [Student("ada", "Ada L."), Student("bob", "")]


def test_exam_refusals():
    with raises(ValueError, "roster is empty"):
        make_exam([])
    for bad in (0, -1, 1.5, "2"):
        with raises(ValueError, f"variants must be a positive integer, got {bad!r}"):
            make_exam(["a"], variants=bad)
    with raises(ValueError, f"question type must be one of {KINDS}, got 'entropie'"):
        make_exam(["a"], ["entropy", "entropie"])
    with raises(ValueError, f"question type must be one of {KINDS}, got 'x'"):
        draw("x", "s", "AB12CD")
    with raises(ValueError, "answer 'c' is not one of the choices ('a', 'b')"):
        Question("k", "t", "p", answer="c", choices=("a", "b"))
    with raises(TypeError, "a question without choices needs a numeric answer"):
        Question("k", "t", "p", answer="a")
    with raises(ValueError, "tolerance must be >= 0, got -0.5"):
        Question("k", "t", "p", answer=1.0, tolerance=-0.5)
    assert Question("k", "t", "p", answer=1.0, tolerance=0.0).accepts(1.0)
    with raises(ValueError, "rows must each have 2 cells, like the header"):
        Table(("a", "b"), (("1", "2"), ("3",)))


def test_variant_codes_by_hand():
    exam = make_exam(["ada", "bob"], ["entropy"], exam_seed="spring", title="T")
    assert [s.variant for s in exam.sheets] == [
        sha("spring", "student", n).hex()[:6].upper() for n in ("ada", "bob")
    ]
    assert (exam.title, exam.exam_seed) == ("T", "spring")
    shared = make_exam(["ada", "bob", "carol"], ["entropy"], exam_seed="s", variants=2)
    want = [
        sha("s", "variant", str(int.from_bytes(sha("s", n)[:8], "big") % 2)).hex()[:6].upper()
        for n in ("ada", "bob", "carol")
    ]
    assert [s.variant for s in shared.sheets] == want
    # a shared variant's questions are drawn once: the same objects on both sheets
    first = {}
    for sheet in shared.sheets:
        assert first.setdefault(sheet.variant, sheet.questions) is sheet.questions
    assert make_exam(["a"]).title == "Decision trees: exam"
    assert [q.kind for q in make_exam(["a"]).sheets[0].questions] == list(QUESTION_TYPES)


def test_a_draw_is_seeded_by_seed_variant_and_kind():
    import numpy as np

    seed = int.from_bytes(sha("s", "AB12CD", "pessimistic")[:8], "big")
    q = draw("pessimistic", "s", "AB12CD")
    again = QUESTION_TYPES["pessimistic"](np.random.default_rng(seed))
    assert q == again
