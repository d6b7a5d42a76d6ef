"""``jail_child.plain`` on values built to lie: the built-in types' own methods read them.

A student's value may be a subclass whose methods run code or tell something else
(a ``str`` with its own ``__len__``, a ``dict`` whose ``items`` is empty, a ``list`` whose
``copy`` adds items, a ``tuple`` whose iterator skips some); ``plain`` reads each through
the built-in type, so what travels is what the value holds. Numbers: every real number
(an ABC registration counts, a ``Fraction``), 0-d arrays of integers, unsigned integers
and floats are numbers, other 0-d arrays lists; a ``Tree`` travels as a tree only when it
is exactly that type, held directly or as a model's ``tree_``.
"""

import numbers
from fractions import Fraction

import numpy as np

import dtlearn as dt
from dtlearn.exercises.homework.jail_child import plain


class LyingStr(str):
    def __len__(self):
        return 0

    def __str__(self):
        return "lie"


class LyingDict(dict):
    def items(self):
        return []


class LyingList(list):
    def copy(self):
        return [0, 0, 0]

    def __iter__(self):
        return iter([0, 0, 0])


class LyingTuple(tuple):
    def __iter__(self):
        return iter(())


def number(v, kind):
    return {"t": "number", "v": v, "type": kind}


def test_subclasses_of_text_and_containers_show_what_they_hold():
    assert plain(LyingStr("truth")) == {"t": "str", "v": "truth"}
    assert plain(LyingStr("x" * ((1 << 20) + 1))) == {"t": "other", "type": "str (too long)"}
    assert plain(LyingDict(a=1)) == {
        "t": "dict",
        "type": "LyingDict",
        "v": [[{"t": "str", "v": "a"}, number(1.0, "int")]],
    }
    assert plain(LyingList([7])) == {"t": "list", "type": "LyingList", "v": [number(7.0, "int")]}
    assert plain(LyingTuple((7, 8))) == {
        "t": "list",
        "type": "LyingTuple",
        "v": [number(7.0, "int"), number(8.0, "int")],
    }


def test_every_real_number_is_a_number():
    class Registered:
        def __float__(self):
            return 0.25

    numbers.Real.register(Registered)
    assert plain(Registered()) == number(0.25, "Registered")
    assert plain(Fraction(3, 4)) == number(0.75, "Fraction")
    assert plain(np.float16(0.5)) == number(0.5, "float16")
    assert plain(np.uint8(200)) == number(200.0, "uint8")


def test_a_0_d_array_is_a_number_only_for_integers_and_floats():
    assert plain(np.array(3, dtype=np.int8)) == number(3.0, "ndarray")
    assert plain(np.array(3, dtype=np.uint16)) == number(3.0, "ndarray")
    assert plain(np.array(0.5)) == number(0.5, "ndarray")
    assert plain(np.array(True)) == {
        "t": "list",
        "type": "ndarray",
        "v": [{"t": "bool", "v": True, "type": "bool"}],
    }
    assert plain(np.array(1 + 2j)) == {
        "t": "list",
        "type": "ndarray",
        "v": [{"t": "other", "type": "complex"}],  # not a real number
    }


def test_only_a_tree_of_exactly_that_type_travels_as_a_tree():
    tree = dt.ID3Classifier().fit(*dt.load_play_tennis()).tree_

    class MyTree(dt.Tree):
        pass

    copy = tree.copy()
    copy.__class__ = MyTree
    assert plain(copy) == {"t": "other", "type": "MyTree"}

    class Model:
        def __init__(self, inner):
            self.tree_ = inner

    assert plain(Model(tree)) == {"t": "tree", "v": tree.to_json()}
    assert plain(Model(copy)) == {"t": "other", "type": "Model"}
    assert plain(Model("a tree")) == {"t": "other", "type": "Model"}
